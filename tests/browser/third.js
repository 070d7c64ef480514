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

	/* ---- search in an overlay on every page, with keyboard flow ---- */

	const specPage = pages.find((p) => /^specs\/(?!index)/.test(p));
	/* how long results may take to come: the index is fetched and read
	 * from file://, which a machine busy with other work (2 cores, a
	 * test suite beside it) took more than 8 s to do; a guard, not a
	 * measure of speed */
	const SEARCH_WAIT = 20000;
	for (const start of [chapters[0], specPage].filter(Boolean)) {
		const name = `i40 search overlay (${start}): typing in the header box opens results in a dialog, ↓/↑ move through them at once, Escape closes it and focus goes back, Enter opens a result`;
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + start + "?lang=en");
			const url0 = page.url();
			const bad = [];
			await page.focus("#site-search-q");
			await page.keyboard.type("NVLink", { delay: 30 });
			/* the results of the whole word (not of its first letters, typed first) */
			const opened = await page.waitForFunction(() => /“NVLink”/.test((document.querySelector("dialog[open] #search-status") || {}).textContent) &&
				document.querySelector("dialog[open] #search-results .result-title"), null, { timeout: SEARCH_WAIT }).then(() => true, () => false);
			if (!opened) {
				bad.push("no dialog of results after typing in the header box");
			} else {
				const st = await page.evaluate(() => ({
					url: location.href, value: document.activeElement.value,
					inDialog: !!document.activeElement.closest("dialog[open]"),
					n: document.querySelectorAll("dialog[open] .result-title").length }));
				if (st.url !== url0)
					bad.push(`the page changed to ${st.url}`);
				if (!st.inDialog || st.value !== "NVLink")
					bad.push(`focus is not in the dialog's box holding the text (value "${st.value}")`);
				const at = () => page.evaluate(() => Array.from(document.querySelectorAll("dialog[open] .result-title")).indexOf(document.activeElement));
				await page.keyboard.press("ArrowDown");
				const k1 = await at();
				await page.keyboard.press("ArrowDown");
				const k2 = await at();
				await page.keyboard.press("ArrowUp");
				const k3 = await at();
				if (k1 !== 0 || (st.n > 1 && k2 !== 1) || k3 !== 0)
					bad.push(`↓ ↓ ↑ went to results ${k1}, ${k2}, ${k3} (of ${st.n})`);
				if (page.url() !== url0)
					bad.push(`the arrows left the page for ${page.url()}`);
				await page.keyboard.press("Escape");
				const closed = await page.evaluate(() => ({ open: !!document.querySelector("dialog[open]"), focus: document.activeElement.id }));
				if (closed.open || closed.focus !== "site-search-q")
					bad.push(`Escape: dialog open ${closed.open}, focus on #${closed.focus || document.activeElement}`);
				/* again, and Enter from the box opens the first result */
				await page.keyboard.type(" 4", { delay: 30 });
				await page.waitForFunction(() => /“NVLink 4”/.test((document.querySelector("dialog[open] #search-status") || {}).textContent) &&
					document.querySelector("dialog[open] #search-results .result-title"), null, { timeout: SEARCH_WAIT });
				const first = await page.evaluate(() => document.querySelector("dialog[open] .result-title").href);
				await Promise.all([page.waitForNavigation({ timeout: SEARCH_WAIT }), page.keyboard.press("Enter")]);
				if (page.url() !== first)
					bad.push(`Enter opened ${page.url()}, not the first result ${first}`);
				const found = await page.evaluate(() => document.title);
				if (!found || /not found|找不到/i.test(found))
					bad.push(`the result's page is missing: ${page.url()}`);
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- keyboard: the page's sections early, ←/→ without conflict ---- */

	const withToc = chapters.find((p) => /class="toc-list"[^>]*>\s*<(ol|ul)/.test(read(p))) || chapters[0];
	{
		const name = "i40 keyboard: this page's sections are within the first 3 Tab stops (a skip link), and it leads into them";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + withToc);
			const bad = [];
			let hit = -1;
			for (let k = 1; k <= 3 && hit < 0; k++) {
				await page.keyboard.press("Tab");
				const h = await page.evaluate(() => {
					const a = document.activeElement, href = a.getAttribute && a.getAttribute("href");
					const t = href && href.charAt(0) === "#" ? document.getElementById(href.slice(1)) : null;
					return !!(t && (t.classList.contains("toc") || t.closest(".toc")));
				});
				if (h)
					hit = k;
			}
			if (hit < 0)
				bad.push("no link to the page's sections in the first 3 Tab stops");
			else {
				await page.keyboard.press("Enter");
				await page.waitForTimeout(100);
				const inToc = await page.evaluate(() => !!document.activeElement.closest(".toc"));
				await page.keyboard.press(inToc ? "Enter" : "Tab");
				if (!inToc)
					bad.push("Enter on the skip link did not move focus to the sections");
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}
	{
		const target = chapters[1] || chapters[0];
		const name = "i40 keyboard: ← / → do not change chapter from a link or a summary in the text, nor with text selected; they do from the page";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + target);
			const here = page.url();
			const bad = [];
			const hasNext = await page.evaluate(() => !!document.querySelector(".pager a[rel=next]"));
			const tryKey = async (what, setup, key) => {
				await page.evaluate(setup);
				await page.keyboard.press(key);
				await page.waitForTimeout(400);
				if (page.url() !== here) {
					bad.push(`${key} ${what} went to ${page.url()}`);
					await page.goto(here);
				}
			};
			await tryKey("with a link of the text focused", () => {
				const a = Array.from(document.querySelectorAll("main .content a[href]")).find((x) => x.getClientRects().length && !x.__rove);
				(a || document.querySelector("main .content a[href]")).focus();
			}, "ArrowRight");
			await tryKey("with a summary focused", () => {
				const s = Array.from(document.querySelectorAll("main summary")).find((x) => x.getClientRects().length);
				if (s)
					s.focus();
			}, "ArrowLeft");
			await tryKey("with a paragraph's text selected", () => {
				if (document.activeElement)
					document.activeElement.blur();
				const p = Array.from(document.querySelectorAll("main .content p")).find((x) => x.textContent.trim().length > 20 && x.getClientRects().length);
				window.getSelection().selectAllChildren(p);
			}, "ArrowRight");
			if (hasNext) {
				await page.evaluate(() => { window.getSelection().removeAllRanges(); if (document.activeElement) document.activeElement.blur(); });
				await Promise.all([page.waitForNavigation({ timeout: 5000 }).catch(() => null), page.keyboard.press("ArrowRight")]);
				if (page.url() === here)
					bad.push("→ from the page itself did not turn the page");
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- glossary previews on hover and on focus ---- */

	const termPage = chapters.find((p) => /<a class="autolink term"/.test(read(p)));
	if (termPage) {
		const name = "i40 glossary: a term's definition shows on hover and on focus, is the link's description (aria-describedby), and moves nothing";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + termPage + "?lang=en");
			const bad = [];
			/* the glossary's definition of the first visible term link */
			const info = await page.evaluate(() => {
				const a = Array.from(document.querySelectorAll("main a.term")).find((x) => x.getClientRects().length);
				a.scrollIntoView({ block: "center" });
				a.setAttribute("data-under-test", "");
				return { id: a.getAttribute("href").replace(/^.*#/, ""), y: document.querySelector("main").getBoundingClientRect().height };
			});
			const gl = fs.readFileSync(path.join(SITE, "glossary.html"), "utf8");
			const m = new RegExp(`<dt id="${info.id}">[\\s\\S]*?<p lang="en">([^<]{10,60})`).exec(gl);
			const def = m ? m[1].trim() : "";
			const shown = () => page.evaluate(() => Array.from(document.querySelectorAll("body *"))
				.filter((e) => e.getClientRects().length && !e.closest("main") && getComputedStyle(e).visibility !== "hidden" &&
					e.children.length >= 0 && e.getBoundingClientRect().width > 40)
				.map((e) => e.textContent).join(" | "));
			await page.hover("a[data-under-test]");
			await page.waitForTimeout(200);
			const onHover = await shown();
			if (!def || !onHover.includes(def.slice(0, 20)))
				bad.push(`hover shows no definition of ${info.id} ("${def.slice(0, 20)}")`);
			await page.mouse.move(0, 0);
			await page.evaluate(() => document.querySelector("a[data-under-test]").focus());
			await page.waitForTimeout(200);
			const onFocus = await shown();
			if (!def || !onFocus.includes(def.slice(0, 20)))
				bad.push("focus shows no definition");
			const desc = await page.evaluate(() => {
				const a = document.querySelector("a[data-under-test]"), d = a.getAttribute("aria-describedby");
				const t = d && document.getElementById(d);
				return t ? t.textContent : "";
			});
			if (!def || !desc.includes(def.slice(0, 20)))
				bad.push(`aria-describedby names no definition ("${desc.slice(0, 40)}")`);
			const y = await page.evaluate(() => document.querySelector("main").getBoundingClientRect().height);
			if (y !== info.y)
				bad.push(`the text's height changed from ${info.y} to ${y}`);
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- print.html's weight: no screen furniture, no scripts ---- */

	if (pages.includes("print.html")) {
		const name = "i40 print.html: its chapters weigh under 80% of the chapter pages' text (no claim details, no in-site links, no screen-only attributes), the page under 1 MB, and no script but the site's own and what prints a formula";
		await test(name, async () => {
			const els = (x) => (x.match(/<[a-z][a-z0-9]*/g) || []).length;
			let art = 0, artEls = 0;
			const chapterPages = pages.filter((x) => x !== "print.html" && /<article class="chapter"/.test(read(x)));
			for (const c of chapterPages) {
				const s = read(c), a = s.indexOf("<article"), b = s.indexOf("</article>");
				art += b - a;
				artEls += els(s.slice(a, b));
			}
			const p = read("print.html");
			const from = p.indexOf('<div class="print-book"'), specs = p.indexOf('<section class="print-specs"');
			const to = specs > 0 ? specs : p.indexOf('<section class="print-glossary"') > 0 ? p.indexOf('<section class="print-glossary"') : p.length;
			const part = p.slice(from, to);
			const bad = [];
			if (part.length > 0.8 * art)
				bad.push(`its chapters are ${part.length} bytes, the chapter pages' articles ${art}`);
			if (els(part) > 0.8 * artEls)
				bad.push(`its chapters are ${els(part)} elements, the chapter pages' articles ${artEls}`);
			if (p.length > 1000000)
				bad.push(`print.html is ${p.length} bytes`);
			const scripts = Array.from(p.matchAll(/<script[^>]*src="([^"]*)"/g), (m) => m[1])
				.filter((src) => !/(^|\/)(first-paint|site|math|katex(\.min)?)\.js$/.test(src));
			if (scripts.length)
				bad.push(`it loads ${scripts.join(", ")}`);
			/* and it still prints: every chapter, the answers open */
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "print.html");
			await page.emulateMedia({ media: "print" });
			const r = await page.evaluate(() => ({ h1: document.querySelectorAll(".print-book section[id^=c], .print-book article[id^=c]").length,
				claims: document.querySelectorAll(".print-book .claim").length }));
			await ctx.close();
			if (r.h1 < chapterPages.length)
				bad.push(`${r.h1} chapters of ${chapterPages.length} print`);
			check(name, !bad.length, bad.join("; ") + ` (print.html: ${p.length} bytes, ${els(p)} elements)`);
		});
	}

	/* ---- the roofline: readable, with its numbers as a table ---- */

	const roofPage = chapters.find((p) => /<svg class="chart roofline"/.test(read(p)));
	if (roofPage) {
		const name = "i40 roofline: at most 8 accelerators drawn at once, each in its own colour and marker, a legend, and a data table of the same numbers";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + roofPage + "?lang=en");
			const r = await page.evaluate(() => {
				const fig = document.querySelector("svg.chart.roofline").closest("figure");
				const svg = fig.querySelector("svg.chart.roofline");
				const series = Array.from(svg.querySelectorAll(".series"));
				const drawn = series.filter((g) => getComputedStyle(g).display !== "none");
				const look = drawn.map((g) => {
					const line = g.querySelector("polyline"), mark = line.nextElementSibling;
					return line.getAttribute("stroke") + " " + (line.getAttribute("stroke-dasharray") || "") + " " + (mark ? mark.tagName : "");
				});
				const desc = svg.querySelector("desc").textContent;
				const ridges = Array.from(desc.matchAll(/ ([^;:]+?) (\d+) FLOP\/B;/g), (m) => [m[1].trim(), m[2]]);
				const det = Array.from(fig.querySelectorAll("details")).find((d) => d.querySelector("table"));
				const table = det && det.querySelector("table");
				const rows = table ? Array.from(table.querySelectorAll("tbody tr"), (tr) => Array.from(tr.cells, (c) => c.textContent.trim())) : [];
				const legend = fig.querySelectorAll(".chart-legend button").length;
				return { n: series.length, drawn: drawn.length, look, ridges, rows, legend, det: !!det };
			});
			await ctx.close();
			const bad = [];
			if (r.drawn > 8)
				bad.push(`${r.drawn} of ${r.n} accelerators drawn at once`);
			if (new Set(r.look).size !== r.look.length)
				bad.push(`colours and markers repeat among the drawn: ${r.look.join(", ")}`);
			if (r.legend < r.n)
				bad.push(`the legend names ${r.legend} of ${r.n}`);
			if (!r.det || r.rows.length !== r.ridges.length)
				bad.push(`the data table has ${r.rows.length} rows for ${r.ridges.length} accelerators`);
			else {
				const wrong = r.ridges.filter(([nm, ridge], k) => r.rows[k][0] !== nm || r.rows[k][3] !== ridge);
				if (wrong.length)
					bad.push(`the table disagrees with the chart on ${wrong.map((w) => w[0]).slice(0, 3).join(", ")}`);
			}
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- one precision per spec table column ---- */

	const specPages = pages.filter((p) => /^specs\/(?!index)/.test(p));
	if (specPages.length) {
		const name = "i40 spec tables: a column shows its numbers at one precision (the same decimals, or three significant digits), within 0.5% of the checked value, which a changed one names in its title";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const bad = [];
			for (const sp of specPages) {
				await page.goto(fileBase + sp + "?lang=en");
				const cols = await page.evaluate(() => {
					const t = document.querySelector("table.spec");
					const out = {};
					if (!t)
						return out;
					for (const tr of t.tBodies[0].rows)
						Array.from(tr.cells).forEach((td, k) => {
							/* a cell in a unit of its own sorts in the column's */
							if (!td.classList.contains("num") || !td.hasAttribute("data-sort") || td.querySelector(".unit"))
								return;
							const txt = Array.from(td.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
							(out[k] = out[k] || []).push({ txt, sort: Number(td.getAttribute("data-sort")), title: td.title || "", col: td.getAttribute("data-en") });
						});
					return out;
				});
				for (const cells of Object.values(cols)) {
					const plain = cells.filter((c) => /^\d[\d,]*(\.\d+)?$/.test(c.txt));
					if (!plain.length)
						continue;
					const dec = (c) => ((/\.(\d+)$/.exec(c.txt) || ["", ""])[1]).length;
					const sig = (c) => c.txt.replace(/[,.]/g, "").replace(/^0+/, "").length;
					const whole = (c) => c.txt.replace(/\..*$/, "").replace(/,/g, "").replace(/^0+/, "").length;
					const sameDec = new Set(plain.map(dec)).size === 1;
					const threeSig = plain.every((c) => sig(c) === Math.max(3, whole(c)));
					if (!sameDec && !threeSig)
						bad.push(`${sp} ${plain[0].col}: ${Array.from(new Set(plain.map((c) => c.txt))).slice(0, 6).join(" / ")}`);
					for (const c of plain) {
						const v = Number(c.txt.replace(/,/g, ""));
						if (c.sort && Math.abs(v - c.sort) / Math.abs(c.sort) > 0.005 && !/[a-zA-Z]/.test(c.title))
							bad.push(`${sp} ${c.col}: ${c.txt} shown for ${c.sort}`);
						if (c.title && !/\d/.test(c.title))
							bad.push(`${sp} ${c.col}: ${c.txt}'s title names no value`);
					}
				}
			}
			await ctx.close();
			check(name, !bad.length, bad.slice(0, 5).join("; ") + (bad.length > 5 ? ` (${bad.length} in all)` : ""));
		});
	}

	/* ---- a compare view of 2–3 rows of a spec table ---- */

	const compPage = specPages.find((p) => (read(p).match(/<tr id=/g) || []).length >= 4);
	if (compPage) {
		const name = "i40 spec tables: ticking 2–3 rows shows them side by side (from file://), a fourth cannot be ticked, and clearing hides the panel";
		await test(name, async () => {
			const ctx = await fresh({ viewport: { width: 1440, height: 900 } });
			const page = await ctx.newPage();
			await page.goto(fileBase + compPage + "?lang=en");
			const bad = [];
			const boxes = page.locator("table.spec tbody tr input[type=checkbox]");
			const n = await boxes.count();
			if (n < 4) {
				bad.push(`${n} rows can be picked`);
			} else {
				const panel = async () => page.evaluate(() => {
					const p = Array.from(document.querySelectorAll("section, div")).find((e) => /compare/.test(e.className) && e.querySelector("table"));
					if (!p || !p.getClientRects().length)
						return null;
					const t = p.querySelector("table");
					return { cols: Array.from(t.rows[0].cells).slice(1).map((c) => c.textContent.trim()),
						rows: Array.from(t.rows).slice(1).map((r) => Array.from(r.cells).map((c) => c.textContent.trim())) };
				});
				await boxes.nth(0).check();
				if (await panel())
					bad.push("one row shows a panel");
				await boxes.nth(2).check();
				let p = await panel();
				const want = await page.evaluate(() => [0, 2].map((k) => {
					const tr = document.querySelector("table.spec").tBodies[0].rows[k];
					return Array.from(tr.cells).map((c) => c.textContent.trim());
				}));
				if (!p || p.cols.length !== 2)
					bad.push(`two rows: ${p ? p.cols.length + " columns" : "no panel"}`);
				else {
					if (p.cols[0] !== want[0][0] || p.cols[1] !== want[1][0])
						bad.push(`the panel compares ${p.cols.join(", ")}, not ${want[0][0]}, ${want[1][0]}`);
					const v = p.rows.map((r) => r[1]);
					if (v.join("|") !== want[0].slice(1, 1 + v.length).join("|"))
						bad.push("the panel's values are not the row's");
				}
				await boxes.nth(3).check();
				p = await panel();
				if (!p || p.cols.length !== 3)
					bad.push(`three rows: ${p ? p.cols.length : 0} columns`);
				if (!(await boxes.nth(1).isDisabled()))
					bad.push("a fourth row can be ticked");
				await page.locator(".compare-clear").click().catch(() => bad.push("no way to clear"));
				if (await panel())
					bad.push("the panel stays after clearing");
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- derivations out of the running text; a subtle mark ---- */

	const claimPage = chapters.find((p) => (read(p).match(/class="claim claim-ok"/g) || []).length >= 5);
	if (claimPage) {
		const name = "i40 claims: the sentence shows a checked number, not its derivation (which focus shows, and the claims page lists), and the mark is faint";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + claimPage + "?lang=en");
			const r = await page.evaluate(() => {
				const claims = Array.from(document.querySelectorAll("main .content .claim-ok")).filter((c) => c.getClientRects().length);
				/* the text a reader sees in the sentence: the claim's, but its detail */
				const seen = (c) => {
					let t = "";
					const walk = (n) => {
						if (n.nodeType === 3) { t += n.textContent; return; }
						if (n.nodeType !== 1 || n.classList.contains("claim-detail") || getComputedStyle(n).display === "none") return;
						n.childNodes.forEach(walk);
					};
					walk(c);
					return t.trim();
				};
				const inline = claims.filter((c) => / (=|≈|<|>|≤|≥) /.test(seen(c))).map(seen);
				const c0 = claims.find((c) => c.querySelector(".claim-detail") && / = /.test(c.querySelector(".claim-detail").textContent));
				const st = c0 ? getComputedStyle(c0) : null;
				return { n: claims.length, inline, id: c0 && c0.id,
					thick: st ? parseFloat(st.textDecorationThickness) || 0 : 0, line: st ? st.textDecorationLine : "", colour: st ? st.textDecorationColor : "" };
			});
			const bad = [];
			if (r.inline.length)
				bad.push(`${r.inline.length} of ${r.n} claims show their derivation in the sentence ("${r.inline[0]}")`);
			if (r.id) {
				await page.focus("#" + r.id);
				const shown = await page.evaluate((id) => {
					const d = document.getElementById(id).querySelector(".claim-detail"), b = d.getBoundingClientRect();
					return b.width > 20 && b.height > 5 ? d.textContent : "";
				}, r.id);
				if (!/ = /.test(shown))
					bad.push("focus does not show the derivation");
			}
			const alpha = /rgba?\(([^)]*)\)/.exec(r.colour);
			const a = alpha ? Number((alpha[1].split(/[ ,\/]+/)[3]) || 1) : 1;
			if (r.line.includes("underline") && r.thick > 1 && a > 0.6)
				bad.push(`every checked number is underlined (${r.thick}px, ${r.colour})`);
			const claims = read("claims.html");
			if (!/<td>(=|≈|&lt;|&gt;) [^<]*[0-9]/.test(claims))
				bad.push("the claims page lists no derivation");
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}
};
