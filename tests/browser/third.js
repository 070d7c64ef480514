/*
 * third.js — browser tests of the reader's site, the rest of issue 40:
 * flashcards a deck per language, the search overlay, the keyboard,
 * glossary previews, the roofline, the compare view, derivations out of
 * the running text, print.html's weight, one precision per column.
 *
 * Called by run.js with its helpers, as second.js is.  Each test's name
 * starts "i40" and says what a reader sees.
 */
"use strict";

const fs = require("fs");
const path = require("path");

module.exports = async function third(t) {
	const { test, check, fresh, fileBase, pages, chapters, SITE } = t;
	const read = (p) => fs.readFileSync(path.join(SITE, p), "utf8");

	/* ---- flashcards: a deck per language, GUIDs, rounded, no repeats ---- */

	if (pages.includes("figures.html")) {
		const name = "i40 flashcards: a deck per language (#deck:, a GUID column), answers rounded as the book shows them, no spec value twice in a column";
		await test(name, async () => {
			const bad = [];
			const links = await (async () => {
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(fileBase + "figures.html");
				const l = await page.$$eval("a[download]", (as) => as.map((a) => a.getAttribute("href")));
				await ctx.close();
				return l;
			})();
			const decks = links.filter((h) => /\.txt$/.test(h));
			if (decks.length !== 2)
				bad.push(`figures.html offers ${decks.length} deck(s): ${decks.join(" ")}`);
			for (const d of decks) {
				const lines = read(d).split("\n").filter(Boolean);
				const head = lines.filter((l) => l.startsWith("#"));
				const notes = lines.filter((l) => !l.startsWith("#"));
				if (!head.some((l) => /^#deck:\S/.test(l)))
					bad.push(`${d}: no #deck: line`);
				const guidCol = head.map((l) => /^#guid column:(\d+)$/.exec(l)).find(Boolean);
				if (!guidCol) {
					bad.push(`${d}: no GUID column`);
				} else {
					const k = Number(guidCol[1]) - 1;
					const ids = notes.map((n) => n.split("\t")[k]);
					if (new Set(ids).size !== ids.length)
						bad.push(`${d}: ${ids.length - new Set(ids).size} GUIDs repeat`);
				}
				const langs = new Set(notes.flatMap((n) => Array.from(n.matchAll(/lang="([^"]+)"/g), (m) => m[1])));
				if (langs.size !== 1)
					bad.push(`${d}: notes in ${langs.size} languages (${Array.from(langs).join(", ")})`);
				const raw = notes.find((n) => /= [\d,]*\d\.\d{5,}/.test(n));
				if (raw)
					bad.push(`${d}: an unrounded answer: ${/= [\d,]*\d\.\d{5,}\S*/.exec(raw)[0]}`);
				const seen = new Map();
				let repeats = 0;
				for (const n of notes.filter((x) => / drill$/.test(x))) {
					const f = n.split("\t");
					const front = f[f.length - 3].replace(/<[^>]+>/g, "");
					const col = front.slice(Math.max(front.lastIndexOf(": "), front.lastIndexOf("：")) + 1).trim();
					const key = f[f.length - 1] + "|" + col + "|" + f[f.length - 2];
					if (seen.has(key))
						repeats++;
					seen.set(key, 1);
				}
				if (repeats)
					bad.push(`${d}: ${repeats} spec-cell cards repeat a column's answer`);
			}
			check(name, !bad.length, bad.join("; "));
		});
	}
};
