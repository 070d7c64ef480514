/*
 * second.js — browser tests of the reader's site, second pass (issue 40):
 * practice that moves on, grading held to the stored figure's precision,
 * the phone drawer that keeps the reading position, text at 200%, print.
 *
 * Called by run.js with its helpers (t.test, t.check, t.fresh, the site's
 * bases and pages).  Each test names the point of issue 40 it checks.
 */
"use strict";

const fs = require("fs");
const path = require("path");

/* The number questions of a page, read from its file: id, interval,
   key, slips. */
function numberQuizzes(site, page) {
	const s = fs.readFileSync(path.join(site, page), "utf8");
	const out = [];
	for (const m of s.matchAll(/<div class="quiz[^"]*" id="([^"]+)"[^>]*>/g)) {
		const tag = m[0];
		const attr = (n) => {
			const a = new RegExp(`\\s${n}="([^"]*)"`).exec(tag);
			return a ? a[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&") : null;
		};
		if (attr("data-kind") !== "number")
			continue;
		let slips = [];
		try { slips = JSON.parse(attr("data-slips") || "[]"); } catch (e) { /* none */ }
		out.push({ page, id: m[1], lo: Number(attr("data-lo")), hi: Number(attr("data-hi")), key: attr("data-key") || "",
			tol: Number(attr("data-tol")) || 0, slips });
	}
	return out;
}

/* Half a unit of the last digit of a key ("1.8 TB/s" 0.05). */
function keyHalf(key) {
	const m = /\d[\d,]*(?:\.(\d+))?/.exec(key);
	return m ? 0.5 * Math.pow(10, -(m[1] ? m[1].length : 0)) : 0.5;
}

module.exports = async function second(t) {
	const { test, check, fresh, fileBase, pages, chapters, SITE } = t;

	/* ---- 1. practice: Next moves on, no near-duplicate in a session ---- */

	if (pages.includes("practice.html")) {
		const name = "i40 practice: Next without answering moves on, and a session never asks a near-duplicate (same column, same answer)";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "practice.html");
			const asked = [];
			const current = () => page.evaluate(() => {
				const c = document.querySelector(".practice-current");
				const right = c.querySelector(".quiz-choices > li[data-correct]");
				const m = /^[dc]-.*-([^-]+)$/.exec(c.id);
				return { id: c.id, col: m ? m[1] : c.id, answer: c.dataset.key || (right ? right.textContent.trim() : ""),
					shown: Array.from(document.querySelectorAll(".practice-page .quiz")).filter((q) => q.getClientRects().length).length };
			});
			asked.push(await current());
			for (let k = 0; k < 15; k++) {
				await page.click(".practice-next");
				asked.push(await current());
			}
			await ctx.close();
			const bad = [];
			const ids = new Set(asked.map((a) => a.id));
			if (ids.size !== asked.length)
				bad.push(`${ids.size} distinct questions in ${asked.length} (${asked.map((a) => a.id).join(" ")})`);
			const fam = new Map();
			for (const a of asked) {
				const f = a.col + "=" + a.answer;
				if (fam.has(f) && fam.get(f) !== a.id)
					bad.push(`${a.id} repeats ${fam.get(f)} (${f})`);
				fam.set(f, a.id);
			}
			for (let k = 1; k < asked.length; k++)
				if (asked[k].col === asked[k - 1].col)
					bad.push(`the same column twice in a row: ${asked[k - 1].id}, ${asked[k].id}`);
			if (asked.some((a) => a.shown !== 1))
				bad.push("more than one question shown");
			check(name, !bad.length, bad.slice(0, 4).join("; "));
		});
	}

	/* ---- 2. grading at the stored figure's precision ---- */

	const quizzes = pages.filter((p) => p !== "print.html" && p !== "practice.html" && /data-kind="number"/.test(fs.readFileSync(path.join(SITE, p), "utf8")))
		.flatMap((p) => numberQuizzes(SITE, p));
	/* a key with decimals whose rounding to a whole number is off by more
	   than the key's precision (1.8 → "2") */
	const coarse = quizzes.find((q) => {
		const mid = (q.lo + q.hi) / 2, h = keyHalf(q.key);
		return h < 0.5 && !q.tol && Math.abs(Math.round(mid) - mid) > 2 * h && Math.round(mid) !== 0;
	});
	/* a question with a ×2 or ÷2 slip */
	const halving = quizzes.find((q) => q.slips.some((s) => s.f.includes(0.5)) && !q.tol && q.lo > 0);
	if (coarse || halving) {
		const name = "i40 grading: a typed answer is held to the stored figure's precision, \"1,8\" is a decimal comma, a slip is named only within 10%";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const answer = async (q, text) => {
				await page.goto(fileBase + q.page + "?lang=en");
				await page.fill(`#${q.id} input`, text);
				await page.press(`#${q.id} input`, "Enter");
				return page.evaluate((id) => {
					const f = document.querySelector(`#${id} .quiz-feedback`);
					return { cls: f.className, hint: Array.from(f.querySelectorAll(".quiz-hint [lang=en]")).map((e) => e.textContent).join(" ") };
				}, q.id);
			};
			const bad = [];
			if (coarse) {
				const mid = (coarse.lo + coarse.hi) / 2;
				const whole = String(Math.round(mid));
				let r = await answer(coarse, whole);
				if (!/quiz-wrong/.test(r.cls))
					bad.push(`"${whole}" for ${coarse.key} (${coarse.page}#${coarse.id}) graded ${r.cls}`);
				const decimals = (/\.(\d+)/.exec(coarse.key) || ["", ""])[1].length;
				const comma = mid.toFixed(decimals).replace(".", ",");
				r = await answer(coarse, comma);
				if (!/quiz-right/.test(r.cls))
					bad.push(`"${comma}" for ${coarse.key} graded ${r.cls}`);
				const finer = mid.toFixed(decimals + 1);
				r = await answer(coarse, finer);
				if (!/quiz-right/.test(r.cls))
					bad.push(`"${finer}" for ${coarse.key} graded ${r.cls}`);
			}
			if (halving) {
				const mid = (halving.lo + halving.hi) / 2;
				const near = String(Number((mid * 0.5 * 1.05).toPrecision(4)));
				const far = String(Number((mid * 0.5 * 0.82).toPrecision(4)));
				let r = await answer(halving, near);
				if (!/quiz-wrong/.test(r.cls) || !r.hint || /again/.test(r.hint))
					bad.push(`"${near}" (5% from half of ${halving.key}, ${halving.page}#${halving.id}) named no slip: ${r.cls} "${r.hint}"`);
				r = await answer(halving, far);
				if (!/quiz-wrong/.test(r.cls) || (r.hint && !/again/.test(r.hint)))
					bad.push(`"${far}" (18% from half of ${halving.key}) was given a slip: "${r.hint}"`);
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 3. the phone drawer keeps the reading position ---- */

	const chapter = chapters[0];
	{
		const name = "i40 phone: opening 目录 keeps the reading position, closing it (Escape, the close button, a tap outside) restores it";
		await test(name, async () => {
			const ctx = await fresh({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter + "?lang=zh");
			const bad = [];
			for (const how of ["Escape", "close", "outside"]) {
				const y0 = await page.evaluate(() => {
					window.scrollTo(0, Math.round(document.documentElement.scrollHeight * 0.4));
					return window.scrollY;
				});
				await page.waitForTimeout(100);
				await page.click(".nav-jump");
				await page.waitForTimeout(200);
				const open = await page.evaluate(() => {
					const n = document.getElementById("site-nav"), r = n.getBoundingClientRect();
					return { y: window.scrollY, top: r.top, shown: r.width > 0 && r.top >= -1 && r.top < 50 };
				});
				if (Math.abs(open.y - y0) > 2)
					bad.push(`${how}: opening moved the page from ${y0} to ${open.y}`);
				if (!open.shown)
					bad.push(`${how}: the drawer is not on screen (top ${Math.round(open.top)})`);
				if (how === "Escape")
					await page.keyboard.press("Escape");
				else if (how === "close")
					await page.click(".nav-close");
				else
					await page.mouse.click(385, 420);
				await page.waitForTimeout(200);
				const after = await page.evaluate(() => ({ y: window.scrollY, open: document.documentElement.classList.contains("nav-open") }));
				if (after.open)
					bad.push(`${how}: the drawer is still open`);
				if (Math.abs(after.y - y0) > 2)
					bad.push(`${how}: closing left the page at ${after.y}, not ${y0}`);
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 4. text at 200%: the layout follows the text's size ---- */

	/* Text enlarged by a style sheet on the root (a user style sheet, or a
	   browser whose text zoom sets the root's font size), where media
	   queries in em still read the default 16 px: at 1280 and 1440 px the
	   article keeps 30em of the enlarged text, the chapter list and the
	   contents give way, nothing scrolls sideways. */
	for (const w of [1280, 1440]) {
		const name = `i40 layout: text at 200% (html { font-size: 200% }) at ${w}px reflows: a 30em text column, no side columns, no sideways scroll`;
		await test(name, async () => {
			const ctx = await fresh({ viewport: { width: w, height: 900 } });
			const page = await ctx.newPage();
			const bad = [];
			for (const p of [chapter, "index.html"]) {
				await page.goto(fileBase + p + "?lang=en");
				/* through the CSSOM: the pages' policy forbids a <style> */
				await page.evaluate(() => document.documentElement.style.setProperty("font-size", "200%", "important"));
				await page.waitForTimeout(50);
				const m = await page.evaluate(() => {
					const art = document.querySelector("main article") || document.querySelector("main .content");
					const em = parseFloat(getComputedStyle(art).fontSize);
					const main = document.querySelector("main").getBoundingClientRect();
					const beside = Array.from(document.querySelectorAll(".site-nav, .toc")).filter((e) => {
						const r = e.getBoundingClientRect();
						return r.width > 0 && r.height > 0 && r.bottom > main.top + 1 && r.top < main.bottom - 1 &&
							(r.right <= main.left + 1 || r.left >= main.right - 1);
					}).map((e) => e.className);
					return { width: art.getBoundingClientRect().width, em, beside,
						scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
				});
				if (m.width < 30 * m.em)
					bad.push(`${p}: the article is ${Math.round(m.width)}px = ${(m.width / m.em).toFixed(1)}em wide`);
				if (m.beside.length)
					bad.push(`${p}: ${m.beside.join(", ")} beside the text`);
				if (m.scroll > m.client + 1)
					bad.push(`${p}: scrolls sideways (${m.scroll}px in ${m.client}px)`);
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 5. print: answers print, the disputed badge in one language ---- */

	const quizPage = chapters.find((p) => /class="quiz[^"]*"[^>]*data-kind=/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	if (quizPage) {
		const name = "i40 print: every self-test answer prints (its <details> open on paper)";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + quizPage + "?lang=en");
			await page.emulateMedia({ media: "print" });
			const r = await page.evaluate(() => {
				const keys = Array.from(document.querySelectorAll(".quiz .quiz-answer .quiz-key"));
				return { n: keys.length, shown: keys.filter((k) => k.checkVisibility()).length };
			});
			await ctx.close();
			check(name, r.n > 0 && r.shown === r.n, `${r.shown} of ${r.n} answers print on ${quizPage}`);
		});
	}
	const disputedPage = chapters.find((p) => /claim-disputed/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	if (disputedPage) {
		const name = "i40 print: the disputed badge prints in the reading language only";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const bad = [];
			for (const [mode, want, not] of [["zh", /存疑/, /disputed/], ["en", /disputed/, /存疑/]]) {
				await page.goto(fileBase + disputedPage + "?lang=" + mode);
				await page.emulateMedia({ media: "print" });
				const texts = await page.evaluate(() => Array.from(document.querySelectorAll(".claim-disputed"))
					.filter((e) => e.getClientRects().length)
					.map((e) => {
						const b = e.querySelector(".claim-badge");
						return b ? b.innerText : getComputedStyle(e, "::after").content;
					}));
				const wrong = texts.filter((x) => !want.test(x) || not.test(x));
				if (!texts.length)
					bad.push(`${mode}: no disputed claim shown`);
				if (wrong.length)
					bad.push(`${mode}: ${wrong.length} of ${texts.length} badges read ${wrong[0]}`);
				await page.emulateMedia({ media: "screen" });
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 6. weight: no chapter page loads over 400 KB of script ---- */

	/* Every script a chapter page runs, those it loads itself included
	   (highlight.js's languages), measured on disk once it has loaded. */
	{
		const LIMIT = 400 * 1024;
		const name = "i40 weight: no chapter page loads over 400 KB of script (highlight.js loads only the languages a page uses)";
		await test(name, async () => {
			const ctx = await fresh();
			const { fileURLToPath } = require("url");
			const found = [];
			let heaviest = { p: "", kb: 0 };
			for (const p of chapters) {
				const page = await ctx.newPage();
				await page.goto(fileBase + p, { waitUntil: "load" });
				await page.waitForTimeout(300);
				const urls = await page.evaluate(() => Array.from(new Set(
					performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script").map((r) => r.name)
						.concat(Array.from(document.scripts).map((s) => s.src).filter(Boolean)))));
				await page.close();
				let bytes = 0;
				for (const u of urls) {
					if (!u.startsWith("file:"))
						continue;
					const f = fileURLToPath(u);
					if (fs.existsSync(f))
						bytes += fs.statSync(f).size;
				}
				if (bytes > heaviest.kb * 1024)
					heaviest = { p, kb: Math.round(bytes / 1024) };
				if (bytes > LIMIT)
					found.push(`${p}: ${Math.round(bytes / 1024)} KB of script (${urls.length} files)`);
			}
			await ctx.close();
			check(name, !found.length, found.join("; "));
			if (!found.length)
				console.log(`# heaviest chapter page: ${heaviest.p}, ${heaviest.kb} KB of script`);
		});
	}

	/* ---- 7. keys: "?" lists them ---- */

	{
		const name = "i40 keyboard: \"?\" opens a dialog of the keys in the reading language, Escape closes it and focus goes back";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter + "?lang=zh");
			await page.keyboard.press("Shift+Slash");
			await page.waitForTimeout(100);
			const r = await page.evaluate(() => {
				const d = document.querySelector("dialog[open]");
				if (!d)
					return null;
				const shown = (sel) => Array.from(d.querySelectorAll(sel)).filter((e) => e.checkVisibility()).map((e) => e.textContent);
				return { rows: d.querySelectorAll("tr").length, zh: shown("[lang|=zh]").join(" "), en: shown("[lang=en]").join(" "),
					kbd: Array.from(d.querySelectorAll("kbd")).map((k) => k.textContent).join(" "),
					name: d.getAttribute("aria-labelledby") ? document.getElementById(d.getAttribute("aria-labelledby")).textContent : "",
					inside: d.contains(document.activeElement) };
			});
			const bad = [];
			if (!r)
				bad.push("no dialog open after \"?\"");
			else {
				if (r.rows < 4 || !/\//.test(r.kbd) || !/←/.test(r.kbd))
					bad.push(`${r.rows} keys listed (${r.kbd})`);
				if (!r.zh || r.en)
					bad.push(`in 中文 mode: zh "${r.zh.slice(0, 40)}", en "${r.en.slice(0, 40)}"`);
				if (!r.name)
					bad.push("the dialog has no name");
				if (!r.inside)
					bad.push("focus is not in the dialog");
				await page.keyboard.press("Escape");
				const open = await page.evaluate(() => !!document.querySelector("dialog[open]"));
				if (open)
					bad.push("Escape leaves it open");
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 8. search.html: its two search landmarks named apart ---- */

	if (pages.includes("search.html")) {
		const name = "i40 search.html: its search landmarks have distinct names";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "search.html");
			const names = await page.evaluate(() => Array.from(document.querySelectorAll("[role=search], search")).map((e) => {
				const by = e.getAttribute("aria-labelledby");
				return (e.getAttribute("aria-label") || (by ? by.split(/\s+/).map((i) => (document.getElementById(i) || {}).textContent || "").join(" ") : "")).trim();
			}));
			await ctx.close();
			check(name, names.length && new Set(names).size === names.length, `${names.length} search landmarks named ${JSON.stringify(names)}`);
		});
	}

	/* ---- 9. search: prose and rows with values first; ↓ at once ---- */

	if (pages.includes("search.html")) {
		const name = "i40 search: 显存带宽 from the header box ranks prose first and rows with values above empty cells, and ↓ reaches the first result";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter + "?lang=zh");
			/* the header's box opens the results in an overlay (third.js) */
			await page.fill("#site-search-q", "显存带宽");
			await page.waitForSelector("#search-results .result-title", { timeout: 8000 });
			await page.waitForTimeout(300);
			const res = await page.evaluate(() => window.SpecbookSearch.query("显存带宽").then((r) => r.map((x) => ({
				href: x.href, row: /^specs\//.test(x.page) && !!x.anchor,
				empty: /显存带宽[^;:]*:\s*\u2014/.test(x.text) && !/显存带宽[^;:]*:\s*[0-9]/.test(x.text) }))));
			const bad = [];
			if (!res.length)
				bad.push("no results");
			else if (res[0].row)
				bad.push(`the first result is a spec row: ${res[0].href}`);
			const firstEmpty = res.findIndex((r) => r.row && r.empty);
			const lastFull = res.map((r) => r.row && !r.empty).lastIndexOf(true);
			if (firstEmpty >= 0 && lastFull > firstEmpty)
				bad.push(`${res[firstEmpty].href} (an empty cell) ranks above ${res[lastFull].href} (a value)`);
			await page.keyboard.press("ArrowDown");
			const focus = await page.evaluate(() => ({ cls: document.activeElement.className, first: document.activeElement === document.querySelector("#search-results .result-title") }));
			if (!focus.first)
				bad.push(`↓ after the search leaves focus on ${focus.cls || "the page"}, not the first result`);
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}

	/* ---- 10. 中文 mode: a disputed figure's explanation in Chinese ---- */

	if (disputedPage) {
		const name = "i40 中文 mode: a disputed figure's explanation is in Chinese (存疑 … 不成立；计算值 …), not \"disputed: … does not hold\"";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const bad = [];
			let n = 0;
			for (const p of chapters.filter((x) => /claim-disputed/.test(fs.readFileSync(path.join(SITE, x), "utf8")))) {
				await page.goto(fileBase + p + "?lang=zh");
				const r = await page.evaluate(() => Array.from(document.querySelectorAll("[lang|=zh] .claim-disputed .claim-detail"))
					.filter((d) => d.closest(".claim-disputed").getClientRects().length).map((d) => d.textContent));
				n += r.length;
				const en = r.filter((t) => /disputed|does not hold|computed/.test(t) || !/存疑/.test(t));
				if (en.length)
					bad.push(`${p}: ${en.length} of ${r.length} in English ("${en[0].trim().slice(0, 60)}")`);
			}
			await ctx.close();
			if (!n)
				bad.push("no disputed figure in a Chinese paragraph");
			check(name, !bad.length, bad.slice(0, 3).join("; "));
		});
	}

	/* ---- 11. spec tables: compact bilingual headers, notes folded ---- */

	const specPages = pages.filter((p) => /^specs\/(?!index\.)/.test(p));
	if (specPages.length) {
		const name = "i40 spec tables: at 1440×900 in both languages the header row is under a fifth of the window, the author's notes fold away and the table starts in the first screen";
		await test(name, async () => {
			const ctx = await fresh({ viewport: { width: 1440, height: 900 } });
			const page = await ctx.newPage();
			const bad = [];
			for (const p of specPages) {
				await page.goto(fileBase + p + "?lang=both");
				const m = await page.evaluate(() => {
					const head = document.querySelector(".spec-wrap table.spec thead");
					const wrap = document.querySelector(".spec-wrap");
					const legend = document.querySelector(".spec-legend");
					return head && wrap ? { head: head.getBoundingClientRect().height, top: wrap.getBoundingClientRect().top,
						legend: legend ? legend.checkVisibility() : false, folded: !!(legend && legend.closest("details:not([open])")) } : null;
				});
				if (!m)
					continue;
				if (m.head > 900 / 5)
					bad.push(`${p}: header row ${Math.round(m.head)}px`);
				if (m.top > 900 * 0.6)
					bad.push(`${p}: the table starts at ${Math.round(m.top)}px`);
				if (m.legend || !m.folded)
					bad.push(`${p}: the legend and rules are not folded`);
			}
			await ctx.close();
			check(name, !bad.length, bad.slice(0, 4).join("; "));
		});
	}

	/* ---- 12. edit_url: each chapter links to its file to edit ---- */

	{
		const name = "i40 edit link: book.yaml's edit_url gives each chapter an \"edit this page\" link to its file, in the reading language";
		await test(name, async () => {
			const REPO = path.resolve(__dirname, "..", "..");
			const bin = process.env.SPECBOOK || path.join(REPO, "build", "specbook");
			if (!fs.existsSync(bin))
				throw new Error(`${bin} not found (run make, or set SPECBOOK)`);
			const os = require("os");
			const { execFileSync } = require("child_process");
			const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specbook-edit-"));
			try {
				for (const d of ["content", "specs", "templates"])
					if (fs.existsSync(path.join(REPO, d)))
						fs.cpSync(path.join(REPO, d), path.join(tmp, "book", d), { recursive: true });
				fs.appendFileSync(path.join(tmp, "book", "content", "book.yaml"), "\nedit_url: https://example.org/book/edit/main/{path}\n");
				try {
					execFileSync(bin, ["build", "--quiet", "-C", path.join(tmp, "book"), "-o", path.join(tmp, "site")], { stdio: ["ignore", "ignore", "pipe"] });
				} catch (e) {
					throw new Error(`the build with edit_url failed: ${String(e.stderr || e.message).split("\n")[0]}`);
				}
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(require("url").pathToFileURL(path.join(tmp, "site", chapter)).href + "?lang=zh");
				const r = await page.evaluate(() => {
					const a = document.querySelector(".site-footer a.edit-link");
					return a ? { href: a.getAttribute("href"), text: a.innerText.trim() } : null;
				});
				await ctx.close();
				const src = fs.readdirSync(path.join(REPO, "content")).find((f) => f.replace(/\.md$/, ".html") === chapter);
				const want = `https://example.org/book/edit/main/content/${src}`;
				check(name, r && r.href === want && r.text === "编辑本页", r ? `href ${r.href} (want ${want}), text "${r.text}"` : "no edit link in the footer");
			} finally {
				fs.rmSync(tmp, { recursive: true, force: true });
			}
		});
	}

	/* ---- 13. a spec row's source note [1] has a way back ---- */

	const srcPage = specPages.find((p) => /href="#src-\d+"/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	if (srcPage) {
		const name = "i40 spec tables: a row's source note [1] leads to the source, and from there back to the row";
		await test(name, async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + srcPage + "?lang=en");
			const row = await page.evaluate(() => {
				const rows = Array.from(document.querySelectorAll("tr[id]")).filter((r) => r.querySelector("a[href^='#src-']"));
				return rows.length ? rows[Math.floor(rows.length / 2)].id : null;
			});
			const bad = [];
			if (!row)
				bad.push("no row with a source note");
			else {
				const link = page.locator(`tr[id="${row}"] a[href^='#src-']`).first();
				const target = (await link.getAttribute("href")).slice(1);
				await link.click();
				await page.waitForTimeout(300);
				const back = page.locator(`[id="${target}"] a.source-back`);
				if (!(await back.count()) || !(await back.isVisible()))
					bad.push(`the source ${target} has no way back`);
				else {
					await back.click();
					await page.waitForTimeout(400);
					const r = await page.evaluate((id) => {
						const b = document.getElementById(id).getBoundingClientRect();
						return { hash: location.hash, inView: b.bottom > 0 && b.top < innerHeight };
					}, row);
					if (r.hash !== "#" + row || !r.inView)
						bad.push(`back lands on ${r.hash}, the row in view: ${r.inView}`);
				}
			}
			await ctx.close();
			check(name, !bad.length, bad.join("; "));
		});
	}
};
