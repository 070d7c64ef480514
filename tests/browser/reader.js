/*
 * reader.js — browser tests of what a reader finds on the book-level pages
 * (issue 24): the claims page's filters and section names, the glossary's
 * A–Z index, search that lands on the answer, charts on a phone, the print
 * version, the claim pop-up and copy buttons.
 *
 * Called by run.js with its helpers (t.test, t.check, t.fresh, the site's
 * bases and pages); each test runs at 390 and 1280 px, in each reading
 * mode, light and dark.  axe runs over every page in run.js.
 */
"use strict";

const fs = require("fs");
const http = require("http");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

/* the widths, reading modes and colour schemes each test goes through:
   every mode at both widths, dark and light both at each width */
const VIEWS = [
	[1280, "both", "light"], [1280, "zh", "dark"], [1280, "en", "light"],
	[390, "zh", "light"], [390, "en", "dark"], [390, "both", "dark"],
];

/* The ids of a page of the site, read from its file. */
function idsOf(site, page) {
	const file = path.join(site, page);
	return fs.existsSync(file)
		? new Set(Array.from(fs.readFileSync(file, "utf8").matchAll(/\sid="([^"]*)"/g), (m) => m[1]))
		: null;
}

module.exports = async function reader(t) {
	const { test, check, fresh, fileBase, pages, SITE, visibility, expectMode } = t;
	const view = (w, scheme, o = {}) => fresh({ viewport: { width: w, height: w < 500 ? 844 : 900 }, colorScheme: scheme, ...o });

	/* ---- item 9: the claims page ---- */

	if (pages.includes("claims.html")) {
		for (const [w, mode, scheme] of VIEWS) {
			const name = `claims page: sections named, filters by status and chapter (${w}px, ${mode}, ${scheme})`;
			await test(name, async () => {
				const ctx = await view(w, scheme);
				const page = await ctx.newPage();
				await page.goto(fileBase + "claims.html?lang=" + mode);
				const errs = [];
				/* each claim's section is named: once, over its rows, in
				   a chapter's section (tr.claims-group); by each errata
				   row's own link */
				const where = await page.evaluate(() => Array.from(document.querySelectorAll("table.claims tbody tr:not(.claims-group)"))
					.map((tr) => {
						const a = tr.cells[0].querySelector("a");
						const head = tr.parentElement.querySelector("tr.claims-group > th a");
						const name = head || a;
						const shown = name ? Array.from(name.querySelectorAll("[lang]")).filter((e) => e.getClientRects().length)
							.map((e) => e.textContent).join(" ") || name.innerText : "";
						return { href: a ? a.getAttribute("href") : "", head: head ? head.getAttribute("href") : "",
							text: shown.trim(), label: a ? a.innerText.trim() : "",
							headShown: !head || head.getClientRects().length > 0 };
					}));
				if (!where.length)
					errs.push("no claims listed");
				const named = where.filter((x) => x.text && !/\.md:\d/.test(x.text) && x.headShown && x.label);
				if (named.length !== where.length)
					errs.push(`${where.length - named.length} of ${where.length} claims have no section's name over them or in their "where" cell` +
						` (${JSON.stringify(where.find((x) => !named.includes(x)))})`);
				if (!where.some((x) => x.head))
					errs.push("no claims listed under their section's name");
				/* every link, to a claim or a section, leads to an element of its chapter */
				const bad = [];
				const ids = new Map();
				for (const x of where.map((x) => x.href).concat(where.map((x) => x.head).filter(Boolean))) {
					const [file, frag] = x.split("#");
					const rel = decodeURIComponent(file);
					if (!ids.has(rel))
						ids.set(rel, idsOf(SITE, rel));
					if (!ids.get(rel) || (frag && !ids.get(rel).has(decodeURIComponent(frag))))
						bad.push(x);
				}
				if (bad.length)
					errs.push(`${bad.length} links lead nowhere: ${bad.slice(0, 3).join(", ")}`);
				/* the filters */
				const res = await page.evaluate(() => {
					const form = document.querySelector("form[data-claims-filter]");
					if (!form || form.hidden || !form.getClientRects().length)
						return { err: "the filters do not show" };
					const ROWS = ".chapter-claims-section tbody tr:not(.claims-group)";
					const visibleRows = () => Array.from(document.querySelectorAll(ROWS))
						.filter((r) => r.getClientRects().length);
					const all = document.querySelectorAll(ROWS).length;
					const chapterOf = (r) => r.closest(".chapter-claims-section").getAttribute("data-chapter");
					const disputed = (r) => r.classList.contains("disputed");
					/* a section's name shows when some of its rows do, only then */
					const namesRight = () => Array.from(document.querySelectorAll(".chapter-claims-section tr.claims-group"))
						.every((g) => !g.getClientRects().length ===
							!Array.from(g.parentElement.rows).some((r) => r !== g && r.getClientRects().length));
					const click = (sel) => {
						const el = form.querySelector(sel);
						el.click();
						return el;
					};
					const out = { all, shownAll: visibleRows().length };
					click("input[name=status][value=disputed]");
					const d = visibleRows();
					out.disputed = d.length;
					out.disputedWant = document.querySelectorAll(".chapter-claims-section tbody tr.disputed").length;
					out.disputedOk = d.every(disputed) && namesRight();
					out.count = form.querySelector(".filter-count").innerText;
					click("input[name=status][value='']");
					const chapters = Array.from(form.querySelectorAll("input[name=chapter]")).map((i) => i.value).filter(Boolean);
					const ch = chapters[chapters.length > 1 ? 1 : 0];
					click(`input[name=chapter][value='${ch}']`);
					const c = visibleRows();
					out.chapter = ch;
					out.chapterRows = c.length;
					out.chapterOk = c.length > 0 && c.every((r) => chapterOf(r) === ch) && namesRight();
					out.sectionsShown = Array.from(document.querySelectorAll(".chapter-claims-section"))
						.filter((s) => s.getClientRects().length).map((s) => s.getAttribute("data-chapter"));
					click("input[name=status][value=holds]");
					out.both = visibleRows().every((r) => chapterOf(r) === ch && !disputed(r)) && namesRight();
					return out;
				});
				if (res.err)
					errs.push(res.err);
				else {
					if (res.shownAll !== res.all)
						errs.push(`${res.shownAll} of ${res.all} rows show before filtering`);
					if (!res.disputedOk || res.disputed !== res.disputedWant || !res.disputedWant)
						errs.push(`status "disputed" shows ${res.disputed} rows (want ${res.disputedWant}, all disputed: ${res.disputedOk})`);
					if (res.count.indexOf(String(res.disputed)) < 0)
						errs.push(`the count says "${res.count}"`);
					if (!res.chapterOk || res.sectionsShown.length !== 1 || res.sectionsShown[0] !== res.chapter)
						errs.push(`chapter ${res.chapter}: ${res.chapterRows} rows, sections shown ${res.sectionsShown.join(",")}`);
					if (!res.both)
						errs.push("chapter and status together show other rows");
				}
				await ctx.close();
				check(name, !errs.length, errs.join("; "));
			});
		}

		await test("claims page without JavaScript: every row shows, the filters are hidden, chapters are linked", async () => {
			const name = "claims page without JavaScript: every row shows, the filters are hidden, chapters are linked";
			const ctx = await fresh({ javaScriptEnabled: false });
			const page = await ctx.newPage();
			await page.goto(fileBase + "claims.html");
			const r = await page.evaluate(() => {
				const rows = Array.from(document.querySelectorAll(".chapter-claims-section tbody tr"));   /* names too */
				const form = document.querySelector("form[data-claims-filter]");
				const links = Array.from(document.querySelectorAll("ol.chapter-claims a[href^='#']"))
					.map((a) => a.getAttribute("href").slice(1));
				return { rows: rows.length, shown: rows.filter((x) => x.getClientRects().length).length,
					form: !!form && form.getClientRects().length > 0,
					links: links.length, linked: links.filter((id) => document.getElementById(id)).length,
					sections: document.querySelectorAll(".chapter-claims-section").length };
			});
			await ctx.close();
			check(name, r.rows > 0 && r.shown === r.rows && !r.form && r.links === r.sections && r.linked === r.links,
				JSON.stringify(r));
		});
	}

	/* ---- item 9: the glossary's A–Z index ---- */

	if (pages.includes("glossary.html")) {
		for (const [w, mode, scheme] of VIEWS) {
			const name = `glossary: an A–Z index whose letters lead to their terms (${w}px, ${mode}, ${scheme})`;
			await test(name, async () => {
				const ctx = await view(w, scheme);
				const page = await ctx.newPage();
				await page.goto(fileBase + "glossary.html?lang=" + mode);
				/* 中文 mode files the Chinese names by pinyin: these
				   readings are known, not computed */
				const PINYIN = { "高带宽内存": "G", "共享内存": "G", "寄存器文件": "J", "访存合并": "F", "统一内存": "T",
					"流式多处理器": "L", "线程束": "X", "单指令多线程": "D", "占用率": "Z", "张量核心": "Z", "超级芯片": "C",
					"线程块": "X", "多芯片模块": "D" };
				const r = await page.evaluate(([mode, PINYIN]) => {
					const errs = [];
					const bars = Array.from(document.querySelectorAll("nav.az-index")).filter((b) => b.getClientRects().length);
					if (bars.length !== 1)
						return [`${bars.length} A–Z indexes show`];
					const bar = bars[0];
					const letters = Array.from(bar.querySelectorAll("a[href^='#']"));
					if (letters.length < 5)
						errs.push(`${letters.length} letters linked`);
					const r0 = bar.getBoundingClientRect();
					if (r0.right > innerWidth + 1)
						errs.push("the index is wider than the screen");
					let last = "", terms = 0, known = 0;
					for (const a of letters) {
						const letter = a.textContent.trim();
						const h = document.getElementById(a.getAttribute("href").slice(1));
						if (!h || h.textContent.trim() !== letter || !h.getClientRects().length) {
							errs.push(`${letter} leads to ${h ? h.textContent : "nothing"}`);
							continue;
						}
						if (letter !== "#" && last && letter <= last)
							errs.push(`${letter} after ${last}`);
						last = letter;
						for (const dt of h.parentElement.querySelectorAll("dl.terms > dt")) {
							terms++;
							const abbr = dt.querySelector(".abbr");
							const en = dt.querySelector("[lang=en]"), zh = dt.querySelector("[lang|=zh]");
							if (mode === "zh") {
								const name = zh ? zh.textContent.trim() : "";
								if (PINYIN[name]) {
									known++;
									if (PINYIN[name] !== letter)
										errs.push(`"${name}" under ${letter}, not ${PINYIN[name]}`);
								} else if (/^[A-Za-z]/.test(name) && name[0].toUpperCase() !== letter)
									errs.push(`"${name}" under ${letter}`);
								continue;
							}
							const key = (abbr ? abbr.textContent : en ? en.textContent : dt.textContent).trim();
							if (letter !== "#" && key[0].toUpperCase() !== letter)
								errs.push(`"${key}" under ${letter}`);
						}
					}
					const all = document.querySelectorAll("dl.terms > dt").length;
					if (terms !== all)
						errs.push(`${terms} of ${all} terms under a linked letter`);
					if (mode === "zh" && known < 5)
						errs.push(`only ${known} terms of known pinyin found`);
					return errs.slice(0, 4);
				}, [mode, PINYIN]);
				/* a letter, clicked, brings its terms to the top */
				const jump = await page.evaluate(() => {
					const links = Array.from(document.querySelectorAll("nav.az-index a")).filter((a) => a.getClientRects().length);
					return links.length ? links[Math.floor(links.length / 2)].getAttribute("href") : "";
				});
				if (jump) {
					await page.click(`nav.az-index a[href='${jump}'] >> visible=true`);
					const top = await page.evaluate((id) => document.getElementById(id.slice(1)).getBoundingClientRect().top, jump);
					if (top < -2 || top > 60)
						r.push(`after a click on ${jump} its heading is at ${Math.round(top)}px`);
				}
				await ctx.close();
				check(name, !r.length, r.join("; "));
			});
		}
	}

	if (pages.includes("glossary.html") && /id="hbm"/.test(fs.readFileSync(path.join(SITE, "glossary.html"), "utf8"))) {
		await test("glossary: switching the reading mode refiles the terms (pinyin in 中文, English otherwise)", async () => {
			const name = "glossary: switching the reading mode refiles the terms (pinyin in 中文, English otherwise)";
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "glossary.html?lang=zh");
			const under = () => page.evaluate(() => {
				const dt = document.getElementById("hbm");
				return { letter: dt.closest("section").querySelector("h2").textContent, shown: dt.getClientRects().length > 0,
					bars: Array.from(document.querySelectorAll("nav.az-index")).filter((b) => b.getClientRects().length).length };
			});
			const seen = [await under()];
			await page.click("[data-set-lang=en]");
			seen.push(await under());
			await page.click("[data-set-lang=zh]");
			seen.push(await under());
			await page.click("[data-set-lang=both]");
			seen.push(await under());
			await ctx.close();
			const want = ["G", "H", "G", "H"];
			check(name, seen.every((x, k) => x.letter === want[k] && x.shown && x.bars === 1),
				seen.map((x) => `${x.letter}${x.shown ? "" : " (hidden)"}, ${x.bars} bars`).join(" → "));
		});
	}

	/* ---- item 8: search that lands on the answer ---- */

	const HAN = /[\u3400-\u9fff]/;
	for (const [w, mode, scheme] of VIEWS) {
		const name = `search: the snippet holds the value, follows the reading mode, the page marks the words (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			const errs = [];
			/* a spec row: the snippet reaches the value the words name */
			await page.goto(fileBase + "search.html?lang=" + mode + "&q=" + encodeURIComponent("B200 TDP"));
			await page.waitForSelector("#search-results > li", { timeout: 5000 });
			/* the B200's row among the first two (the chapter's section on
			 * power, which names the B200's TDP, may rank beside it) */
			const spec = await page.evaluate(() => {
				const top = Array.from(document.querySelectorAll("#search-results > li")).slice(0, 2);
				const li = top.find((l) => /accelerators\.html.*#b200$/.test(l.querySelector("a").getAttribute("href"))) || top[0];
				const snip = Array.from(li.querySelectorAll(".result-snippet")).filter((p) => p.getClientRects().length);
				return { href: li.querySelector("a").getAttribute("href"), text: snip.map((p) => p.innerText).join(" | "),
					marks: snip.reduce((n, p) => n + p.querySelectorAll("mark").length, 0),
					top: top.map((l) => l.querySelector("a").getAttribute("href")).join(", ") };
			});
			if (!/accelerators\.html.*#b200$/.test(spec.href))
				errs.push(`"B200 TDP" finds the B200's row in neither of its first two results: ${spec.top}`);
			if (!/TDP\)?: 1,000 W/.test(spec.text) || !spec.marks)
				errs.push(`its snippet lacks "TDP: 1,000 W" or marks: ${spec.text}`);
			/* a chapter: snippets and titles in the reading mode */
			await page.goto(fileBase + "search.html?lang=" + mode + "&q=" + encodeURIComponent("NVLink"));
			await page.waitForSelector("#search-results > li", { timeout: 5000 });
			const ch = await page.evaluate(() => Array.from(document.querySelectorAll("#search-results > li"))
				.filter((li) => !/^specs\//.test(li.querySelector("a").getAttribute("href")))
				.map((li) => ({
					href: li.querySelector("a").getAttribute("href"),
					title: li.querySelector("a").innerText,
					snippet: Array.from(li.querySelectorAll(".result-snippet")).filter((p) => p.getClientRects().length)
						.map((p) => p.innerText).join(" | "),
					pair: !!li.querySelector(".result-snippets"),
				})));
			const paired = ch.filter((x) => x.pair);
			if (!paired.length)
				errs.push("no chapter result has a snippet a language");
			for (const x of paired) {
				if (mode === "en" && (HAN.test(x.snippet) || HAN.test(x.title)))
					errs.push(`English mode shows Chinese: ${x.title} / ${x.snippet.slice(0, 60)}`);
				if (mode === "zh" && !HAN.test(x.snippet))
					errs.push(`Chinese mode shows no Chinese: ${x.snippet.slice(0, 60)}`);
				if (mode === "both" && !(HAN.test(x.snippet) && /[a-z]{3} [a-z]{3}/i.test(x.snippet.replace(HAN, ""))))
					errs.push(`both mode lacks a language: ${x.snippet.slice(0, 60)}`);
			}
			/* the page a result leads to marks the words */
			const target = paired[0] || ch[0];
			if (target) {
				await Promise.all([page.waitForURL((u) => !u.href.includes("search.html")),
					page.click(`#search-results a[href="${target.href}"]`)]);
				const landed = await page.evaluate(() => {
					const marks = Array.from(document.querySelectorAll("main mark.search-hit"));
					const id = decodeURIComponent(location.hash.slice(1));
					const sec = id && document.getElementById(id);
					const top = sec ? sec.getBoundingClientRect().top : 0;
					return { n: marks.length, words: [...new Set(marks.map((m) => m.textContent.toLowerCase()))],
						shown: marks.filter((m) => m.getClientRects().length).length, top: Math.round(top), hash: location.hash };
				});
				if (!landed.n || landed.words.some((x) => x !== "nvlink") || !landed.shown)
					errs.push(`landing on ${target.href}: ${JSON.stringify(landed)}`);
				if (landed.hash && (landed.top < -5 || landed.top > 300))
					errs.push(`landing: ${landed.hash} at ${landed.top}px`);
				await page.keyboard.press("Escape");
				const left = await page.evaluate(() => document.querySelectorAll("mark.search-hit").length);
				if (left)
					errs.push(`Escape left ${left} marks`);
			}
			await ctx.close();
			check(name, !errs.length, errs.slice(0, 4).join("; "));
		});
	}

	for (const [w, mode, scheme] of [[1280, "en", "dark"], [390, "zh", "light"]]) {
		const name = `search: one typo forgiven, results beyond the first page, arrow keys (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			const errs = [];
			await page.goto(fileBase + "search.html?lang=" + mode + "&q=nvlnk");
			await page.waitForSelector("#search-results > li", { timeout: 20000 }).catch(() => {});
			const typo = await page.evaluate(() => ({
				n: document.querySelectorAll("#search-results > li").length,
				first: (document.querySelector("#search-results > li") || { innerText: "" }).innerText,
				status: document.getElementById("search-status").innerText,
			}));
			if (!typo.n || !/nvlink/i.test(typo.first) || !/nvlink/.test(typo.status))
				errs.push(`"nvlnk": ${typo.n} results, first ${typo.first.slice(0, 60)}, status ${typo.status}`);
			/* a common word: more than one page of results, all reachable */
			await page.goto(fileBase + "search.html?lang=" + mode + "&q=GPU");
			await page.waitForSelector("#search-results > li", { timeout: 20000 });
			const total = await page.evaluate(() => window.SpecbookSearch.query("GPU").then(() => null))
				.then(() => page.evaluate(() => {
					const m = /(\d+) (results|个结果)/.exec(document.getElementById("search-status").innerText) ||
						/(\d+) 个结果/.exec(document.getElementById("search-status").textContent);
					return m ? Number(m[1]) : 0;
				}));
			if (total <= 50)
				errs.push(`"GPU" has ${total} results: not enough to page beyond 50`);
			let shown = await page.$$eval("#search-results > li", (l) => l.length);
			const first = shown;
			for (let k = 0; k < 40 && shown < total; k++) {
				await page.click("#search-more");
				await page.waitForFunction((n) => document.querySelectorAll("#search-results > li").length > n, shown, { timeout: 20000 });
				const now = await page.$$eval("#search-results > li", (l) => l.length);
				const focused = await page.evaluate((n) => document.activeElement === document.querySelectorAll("#search-results .result-title")[n], shown);
				if (!focused && k === 0)
					errs.push("after \"more\" focus is not on the first new result");
				shown = now;
			}
			const hrefs = await page.$$eval("#search-results > li > a", (l) => l.map((a) => a.getAttribute("href")));
			if (shown !== total || new Set(hrefs).size !== hrefs.length || first >= total)
				errs.push(`${first} first, ${shown} of ${total} after paging, ${new Set(hrefs).size} different`);
			if (await page.$("#search-more"))
				errs.push("the more button stays after the last result");
			/* arrow keys: box → results → back */
			await page.focus("#search-input");
			await page.keyboard.press("ArrowDown");
			await page.keyboard.press("ArrowDown");
			const second = await page.evaluate(() => Array.from(document.querySelectorAll("#search-results .result-title")).indexOf(document.activeElement));
			await page.keyboard.press("ArrowUp");
			await page.keyboard.press("ArrowUp");
			const back = await page.evaluate(() => document.activeElement.id);
			if (second !== 1 || back !== "search-input")
				errs.push(`arrows: ↓↓ reached result ${second}, ↑↑ reached #${back}`);
			await ctx.close();
			check(name, !errs.length, errs.join("; "));
		});
	}

	/* ---- item 3: charts on a phone ---- */

	const chartPages = pages.filter((p) => !/^print\.html$/.test(p) &&
		/<svg class="chart/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	for (const [w, mode, scheme] of VIEWS) {
		const name = `charts: text at least 10 px, nothing wider than the screen, the roofline's legend picks a line (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			if (!chartPages.length)
				throw new Error("no page has a chart");
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			const errs = [];
			let charts = 0, roofs = 0;
			for (const p of chartPages) {
				await page.goto(fileBase + p + "?lang=" + mode);
				const r = await page.evaluate(() => {
					const out = { charts: 0, small: [], wide: [] };
					for (const svg of document.querySelectorAll("svg.chart")) {
						if (!svg.getClientRects().length)
							continue;
						out.charts++;
						const box = svg.getBoundingClientRect();
						const scale = box.width / svg.viewBox.baseVal.width;
						if (box.right > innerWidth + 1)
							out.wide.push(Math.round(box.right));
						for (const t of svg.querySelectorAll("text")) {
							if (!t.getClientRects().length || getComputedStyle(t).display === "none")
								continue;
							const px = parseFloat(getComputedStyle(t).fontSize) * scale;
							if (px < 10)
								out.small.push(`${t.textContent.slice(0, 20)} ${px.toFixed(1)}px`);
						}
					}
					return out;
				});
				charts += r.charts;
				if (r.small.length)
					errs.push(`${p}: ${r.small.length} texts under 10 px (${r.small[0]})`);
				if (r.wide.length)
					errs.push(`${p}: a chart reaches ${r.wide[0]}px`);
				if (!(await page.$(".chart-legend button")))
					continue;
				roofs++;
				/* the legend: one Tab stop; hover picks a line and names it,
				   arrows move along, a click keeps the pick */
				const stops = await page.$$eval(".chart-legend button", (b) => b.filter((x) => x.tabIndex >= 0).length);
				if (stops !== 1)
					errs.push(`${p}: the legend takes ${stops} Tab stops`);
				const picked = async () => page.evaluate(() => {
					const svg = document.querySelector("svg.chart.roofline");
					const on = svg.querySelectorAll(".series.picked");
					const label = on.length ? on[0].querySelector(".series-label") : null;
					return { picking: svg.classList.contains("picking"), n: on.length,
						k: on.length ? on[0].getAttribute("data-series") : null,
						label: label && label.getClientRects().length ? label.textContent : "",
						faded: Array.from(svg.querySelectorAll(".series:not(.picked)")).every((g) => Number(getComputedStyle(g).opacity) < 0.5) };
				});
				await page.locator(".chart-legend button").nth(2).scrollIntoViewIfNeeded();
				await page.hover(".chart-legend li:nth-child(3) button");
				let r2 = await picked();
				const want = await page.$eval(".chart-legend li:nth-child(3) button", (b) => ({ k: b.getAttribute("data-series"), name: b.textContent }));
				if (!r2.picking || r2.n !== 1 || r2.k !== want.k || !r2.label || want.name.indexOf(r2.label) < 0 || !r2.faded)
					errs.push(`${p}: hover on ${want.name}: ${JSON.stringify(r2)}`);
				await page.mouse.move(0, 0);
				await page.focus(".chart-legend li:nth-child(1) button");
				await page.keyboard.press("ArrowDown");
				r2 = await picked();
				const focusedK = await page.evaluate(() => document.activeElement.getAttribute("data-series"));
				if (r2.k !== focusedK || focusedK === null || !page.url().includes(p))
					errs.push(`${p}: ↓ in the legend: focus ${focusedK}, picked ${r2.k}, at ${page.url()}`);
				await page.keyboard.press("Enter");
				await page.evaluate(() => document.activeElement.blur());
				r2 = await picked();
				if (r2.k !== focusedK)
					errs.push(`${p}: a click does not keep ${focusedK} picked (${r2.k})`);
			}
			await ctx.close();
			if (!charts)
				errs.push("no chart shows");
			if (!roofs)
				errs.push("no roofline legend");
			check(name, !errs.length, errs.slice(0, 4).join("; "));
		});
	}

	/* ---- item 6: print.html, the whole book in the reading mode ---- */

	if (pages.includes("print.html")) {
		/* A4 at the margins of site.css's @page rules, in CSS px */
		const A4 = { portrait: Math.floor((210 - 2 * 14) / 25.4 * 96), landscape: Math.floor((297 - 2 * 10) / 25.4 * 96) };
		for (const [w, mode, scheme] of VIEWS) {
			const name = `print.html: contents, chapters, spec tables whole on A4, glossary, in the reading mode (${w}px, ${mode}, ${scheme})`;
			await test(name, async () => {
				const ctx = await view(w, scheme);
				const page = await ctx.newPage();
				const errs = [];
				await page.goto(fileBase + "print.html?lang=" + mode);
				const parts = await page.evaluate(() => {
					const ids = (sel) => Array.from(document.querySelectorAll(sel)).map((a) => a.getAttribute("href").slice(1));
					const toc = ids(".print-contents a[href^='#']");
					return {
						toc: toc.length, broken: toc.filter((id) => !document.getElementById(id)),
						chapters: document.querySelectorAll(".print-book > article").length,
						chapterLinks: ids(".print-contents > ol > li > a").filter((id) => /^c\d+$/.test(id)).length,
						specs: document.querySelectorAll(".print-specs table.spec").length,
						specTitles: document.querySelectorAll(".print-spec > h2").length,
						terms: document.querySelectorAll(".print-glossary dl.terms > dt").length,
					};
				});
				const specFiles = pages.filter((p) => /^specs\/(?!index\.)/.test(p)).length;
				const terms = (fs.readFileSync(path.join(SITE, "glossary.html"), "utf8").match(/<dt /g) || []).length;
				if (!parts.toc || parts.broken.length)
					errs.push(`contents: ${parts.toc} links, broken ${parts.broken.slice(0, 3).join(",")}`);
				if (!parts.chapters || parts.chapterLinks !== parts.chapters)
					errs.push(`${parts.chapters} chapters, ${parts.chapterLinks} in the contents`);
				if (parts.specTitles !== specFiles || parts.specs < specFiles)
					errs.push(`${parts.specTitles} spec tables (${parts.specs} pieces) for ${specFiles} spec pages`);
				if (parts.terms !== terms)
					errs.push(`${parts.terms} glossary terms of ${terms}`);
				/* printed: the reading mode, every table inside an A4 page */
				await page.setViewportSize({ width: A4.portrait, height: 1100 });
				await page.emulateMedia({ media: "print" });
				const v = await visibility(page);
				const e = expectMode(v, mode);
				if (e)
					errs.push(`printed: ${e}`);
				const wide = await page.evaluate(() => Array.from(document.querySelectorAll("table"))
					.filter((t) => t.getBoundingClientRect().right > innerWidth + 1)
					.map((t) => (t.closest("[id]") || {}).id + " " + Math.round(t.getBoundingClientRect().right)));
				if (wide.length)
					errs.push(`${wide.length} tables wider than A4 portrait (${A4.portrait}px): ${wide.slice(0, 2).join(", ")}`);
				await ctx.close();
				check(name, !errs.length, errs.join("; "));
			});
		}

		await test("print: a spec page prints its whole table on A4 landscape, and print.html makes a PDF", async () => {
			const name = "print: a spec page prints its whole table on A4 landscape, and print.html makes a PDF";
			const ctx = await fresh({ viewport: { width: A4.landscape, height: 800 } });
			const page = await ctx.newPage();
			const errs = [];
			for (const p of pages.filter((x) => /^specs\/(?!index\.)/.test(x))) {
				await page.goto(fileBase + p + "?lang=both");
				await page.emulateMedia({ media: "print" });
				const r = await page.evaluate(() => {
					const all = Array.from(document.querySelectorAll("table.spec"));
					const shown = all.filter((t) => t.getClientRects().length);
					const cols = (ts) => new Set(ts.flatMap((t) => Array.from(t.querySelectorAll("thead th[data-col]"), (th) => th.getAttribute("data-col"))));
					const want = cols(all), got = cols(shown);
					return { shown: shown.length, right: Math.max(0, ...shown.map((t) => Math.round(t.getBoundingClientRect().right))),
						missing: Array.from(want).filter((c) => !got.has(c)),
						clipped: shown.filter((t) => getComputedStyle(t.parentNode).overflow !== "visible").length };
				});
				if (!r.shown || r.right > A4.landscape + 1 || r.missing.length || r.clipped)
					errs.push(`${p}: ${r.shown} tables printed, to ${r.right}px (page ${A4.landscape}px), columns missing: ${r.missing.join(",")}, in a clipping box: ${r.clipped}`);
			}
			await page.goto(fileBase + "print.html?lang=zh");
			const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
			const n = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
			fs.writeFileSync(path.join(t.ARTIFACTS, "print-zh.pdf"), pdf);
			if (n < 10)
				errs.push(`print.html makes a PDF of ${n} pages`);
			await ctx.close();
			check(name, !errs.length, errs.slice(0, 3).join("; ") || `${n} pages`);
		});
	}

	/* ---- item 10: the claim pop-up beside the text, copy buttons ---- */

	const claimPage = t.chapters.find((p) => /class="claim claim-ok"/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	for (const [w, mode, scheme] of VIEWS) {
		const name = `claims: the detail covers neither its line nor the next, no title tooltip (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			if (!claimPage)
				throw new Error("no chapter has a claim");
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			await page.goto(fileBase + claimPage + "?lang=" + mode);
			const errs = [];
			const titled = await page.evaluate(() => document.querySelectorAll(".claim[title], [title] .claim").length);
			if (titled)
				errs.push(`${titled} claims have a title tooltip as well as their detail`);
			/* a claim high, then low on the screen; by keyboard and by mouse */
			for (const at of [0.3, 0.85]) {
				for (const how of ["focus", "hover"]) {
					const r = await page.evaluate(async ([at, how]) => {
						const claims = Array.from(document.querySelectorAll("main .claim.claim-ok")).filter((c) => c.getClientRects().length);
						const c = claims[Math.floor(claims.length / 2)];
						const line = parseFloat(getComputedStyle(c).lineHeight) || 24;
						window.scrollBy(0, c.getBoundingClientRect().top - innerHeight * at);
						await new Promise((res) => requestAnimationFrame(res));
						c.id = c.id || "claim-under-test";
						return { id: c.id, line };
					}, [at, how]);
					if (how === "focus")
						await page.focus("#" + r.id);
					else {
						await page.evaluate(() => document.activeElement && document.activeElement.blur());
						await page.hover("#" + r.id);
					}
					const box = await page.evaluate(([id, line]) => {
						const c = document.getElementById(id), d = c.querySelector(".claim-detail");
						const a = c.getBoundingClientRect(), b = d.getBoundingClientRect();
						/* the claim's lines and one line under and over them */
						const top = a.top - line, bottom = a.bottom + line;
						const overlap = b.width > 0 && b.left < a.right && b.right > a.left && b.top < bottom && b.bottom > top ||
							b.width > 0 && b.top < bottom && b.bottom > top;
						return { w: Math.round(b.width), h: Math.round(b.height), overlap, inside: b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth,
							claim: [Math.round(a.top), Math.round(a.bottom)], detail: [Math.round(b.top), Math.round(b.bottom)] };
					}, [r.id, r.line]);
					if (box.w < 20 || box.h < 5)
						errs.push(`${how} at ${at}: the detail does not show (${box.w}×${box.h})`);
					else if (box.overlap || !box.inside)
						errs.push(`${how} at ${at}: detail ${box.detail} over the claim's lines ${box.claim} or off screen`);
					await page.mouse.move(0, 0);
				}
			}
			await ctx.close();
			check(name, !errs.length, errs.slice(0, 3).join("; "));
		});
	}

	const codePage = t.chapters.find((p) => /<pre/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	for (const [w, mode, scheme] of [[1280, "zh", "light"], [390, "en", "dark"]]) {
		const name = `code blocks: a copy button copies the code (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			if (!codePage) {
				t.ok(`${name} # SKIP no code block`);
				return;
			}
			const ctx = await view(w, scheme);
			await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(t.httpBase).origin });
			const page = await ctx.newPage();
			await page.goto(t.httpBase + codePage + "?lang=" + mode);
			const errs = [];
			const n = await page.evaluate(() => ({ pre: document.querySelectorAll("main pre").length,
				buttons: document.querySelectorAll("main .code-block > .copy-code").length }));
			if (!n.pre || n.buttons !== n.pre)
				errs.push(`${n.buttons} copy buttons for ${n.pre} code blocks`);
			const want = await page.$eval("main pre", (p) => p.textContent);
			await page.locator("main .copy-code").first().scrollIntoViewIfNeeded();
			await page.focus("main .copy-code");
			await page.keyboard.press("Enter");
			await page.waitForFunction(() => /Copied|已复制/.test(document.querySelector("main .copy-code").textContent), null, { timeout: 3000 })
				.catch(() => errs.push("the button does not say it copied"));
			const got = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => `(unreadable: ${e.message})`);
			if (got !== want)
				errs.push(`the clipboard holds ${JSON.stringify(got.slice(0, 40))}, not the code ${JSON.stringify(want.slice(0, 40))}`);
			const shown = await page.evaluate(() => {
				const b = document.querySelector("main .copy-code").getBoundingClientRect();
				return b.width > 10 && b.right <= innerWidth;
			});
			if (!shown)
				errs.push("the button is not on screen beside its block");
			await ctx.close();
			check(name, !errs.length, errs.join("; "));
		});
	}

	/* ---- issue 17, part 6: reader defects ---- */

	for (const [w, mode, scheme] of VIEWS) {
		const name = `reader defects: index marks no page, chart labels unclipped, pager and axes in the reading language, claims' verdict in view (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			const errs = [];
			/* the home page is no entry of the navigation: nothing marked */
			await page.goto(fileBase + "index.html?lang=" + mode);
			const marked = await page.evaluate(() => Array.from(document.querySelectorAll(".site-nav [aria-current]"), (a) => a.textContent));
			if (marked.length)
				errs.push(`index.html marks ${JSON.stringify(marked)} as current`);
			/* one language shows only its own words (both: both) */
			const wrong = (langs) => langs.filter((l) => mode !== "both" && (mode === "en" ? l !== "en" : l === "en"));
			const counts = await page.evaluate(() => Array.from(document.querySelectorAll(".count [lang], .chapter-meta [lang], .book-stats [lang]"))
				.filter((e) => e.getClientRects().length).map((e) => e.getAttribute("lang")));
			if (!counts.length || wrong(counts).length)
				errs.push(`index counts shown in ${JSON.stringify(counts)}`);
			for (const p of chartPages.concat(pages.filter((x) => /^0\d-/.test(x)).slice(1, 2))) {
				await page.goto(fileBase + p + "?lang=" + mode);
				const r = await page.evaluate(() => {
					const out = { clipped: [], langs: [] };
					for (const svg of document.querySelectorAll("svg.chart")) {
						if (!svg.getClientRects().length)
							continue;
						const box = svg.getBoundingClientRect();
						for (const t of svg.querySelectorAll("text")) {
							if (!t.getClientRects().length || getComputedStyle(t).display === "none")
								continue;
							const b = t.getBoundingClientRect();
							if (b.left < box.left - 1 || b.right > box.right + 1)
								out.clipped.push(t.textContent.slice(0, 40));
						}
						for (const e of svg.querySelectorAll("text.bi > [lang]"))
							if (getComputedStyle(e).display !== "none")
								out.langs.push(e.getAttribute("lang"));
					}
					for (const e of document.querySelectorAll(".pager-title [lang]"))
						if (e.getClientRects().length)
							out.langs.push(e.getAttribute("lang"));
					out.pager = document.querySelectorAll(".pager-title").length;
					return out;
				});
				if (r.clipped.length)
					errs.push(`${p}: chart text cut at the chart's edge: ${JSON.stringify(r.clipped[0])}`);
				if (wrong(r.langs).length || (mode === "both" && r.langs.length && !r.langs.includes("en")))
					errs.push(`${p}: axis labels and pager titles in ${JSON.stringify(r.langs)}`);
				if (r.pager && !r.langs.length)
					errs.push(`${p}: a pager title in one language only`);
			}
			/* the claims table: each row's verdict on screen, no sideways
			   scroll; on a phone each value beside its column's name, in
			   the reading mode's language (site.css names them), and the
			   status's words in it */
			await page.goto(fileBase + "claims.html?lang=" + mode);
			const c = await page.evaluate(() => {
				const rows = Array.from(document.querySelectorAll("table.claims tbody tr:not(.claims-group)")).slice(0, 20);
				const off = rows.map((tr) => tr.cells[tr.cells.length - 1].getBoundingClientRect())
					.filter((b) => b.left < 0 || b.right > innerWidth + 1).length;
				const wrap = document.querySelector("table.claims").parentElement;
				const names = rows.length ? Array.from(rows[0].cells).slice(1)
					.map((td) => getComputedStyle(td, "::before").content) : [];
				const words = rows.map((tr) => Array.from(tr.cells[4].querySelectorAll(":scope > [lang]"))
					.filter((e) => e.getClientRects().length).map((e) => e.getAttribute("lang")).join(" "));
				return { rows: rows.length, off, scroll: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - innerWidth,
					names, words };
			});
			if (!c.rows || c.off || c.scroll > 1 || c.page > 1)
				errs.push(`claims table: ${c.off} of ${c.rows} verdicts off screen, the table scrolls ${c.scroll}px, the page ${c.page}px`);
			const wantNames = { zh: ["原文", "推导", "计算值", "结论"], en: ["Stated", "Derivation", "Computed", "Status"],
				both: ["原文 · Stated", "推导 · Derivation", "计算值 · Computed", "结论 · Status"] }[mode]
				.map((x) => w < 500 ? JSON.stringify(x) : "none");
			if (JSON.stringify(c.names) !== JSON.stringify(wantNames))
				errs.push(`claims table: columns named ${JSON.stringify(c.names)}, want ${JSON.stringify(wantNames)}`);
			const wantWords = { zh: "zh-Hans", en: "en", both: "zh-Hans en" }[mode];
			if (c.words.some((x) => x !== wantWords))
				errs.push(`claims table: status words in ${JSON.stringify(c.words.find((x) => x !== wantWords))}, want ${wantWords}`);
			await ctx.close();
			check(name, !errs.length, errs.join("; "));
		});
	}

	/* big counts compact in the reading language, their digits on hover
	   and focus and for screen readers; powers raised */
	const countPages = pages.filter((p) => /class="big-count"/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
	const countPage = countPages[0];
	for (const [w, mode, scheme] of VIEWS) {
		const name = `big counts compact with their digits on hover and focus, powers raised (${w}px, ${mode}, ${scheme})`;
		await test(name, async () => {
			if (!countPage)
				throw new Error("no page has a big count");
			const ctx = await view(w, scheme);
			const page = await ctx.newPage();
			const errs = [];
			await page.goto(fileBase + countPage + "?lang=" + mode);
			const r = await page.evaluate(() => {
				const out = { raw: [], shown: [], hidden: 0, sup: document.querySelectorAll("main sup:not(.cite)").length };
				/* no power left as "^" in the text a reader sees */
				const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
				while (walker.nextNode()) {
					const t = walker.currentNode;
					if (!t.parentElement.closest("code, pre, svg") && /\d\^-?\d/.test(t.textContent))
						out.raw.push(t.textContent.trim().slice(0, 40));
				}
				for (const c of Array.from(document.querySelectorAll("main .big-count")).filter((e) => e.getClientRects().length).slice(0, 30)) {
					const full = c.querySelector(".big-count-full"), b = full.getBoundingClientRect();
					if (b.width > 2 || b.height > 2)
						out.hidden++;   /* shown without being asked */
					out.shown.push(Array.from(c.querySelectorAll(".big-count-short [lang], .big-count-short")).filter((e) => e.getClientRects().length && !e.querySelector("[lang]")).map((e) => e.textContent).join(" "));
				}
				return out;
			});
			if (r.raw.length)
				errs.push(`powers left as ^: ${JSON.stringify(r.raw[0])}`);
			if (!r.shown.length)
				errs.push("no big count shown");
			if (r.hidden)
				errs.push(`${r.hidden} counts show their digits unasked`);
			const zh = r.shown.filter((t) => /[万亿]/.test(t)).length, en = r.shown.filter((t) => /(million|billion|trillion)/.test(t)).length;
			if ((mode === "zh" && en) || (mode === "en" && zh) || (mode !== "en" && !zh) || (mode !== "zh" && !en))
				errs.push(`compact forms ${JSON.stringify(r.shown.slice(0, 4))} in mode ${mode}`);
			/* focus by keyboard (the roving focus reaches it) and hover show the digits */
			/* a count of its own (not inside a claim or a link), on the
			   first page that has one */
			const own = () => Array.from(document.querySelectorAll("main .big-count[tabindex]"))
				.find((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
					!e.parentElement.closest("a, button, span[tabindex]")) || null;
			let target = await page.evaluateHandle(own);
			for (const p of countPages) {
				if (await target.evaluate((e) => !!e))
					break;
				await page.goto(fileBase + p + "?lang=" + mode);
				target = await page.evaluateHandle(own);
			}
			if (await target.evaluate((e) => !!e)) {
				await target.evaluate((e) => { e.scrollIntoView({ block: "center" }); e.focus(); });
				const f = await page.evaluate(() => {
					const c = document.activeElement, full = c.querySelector(".big-count-full"), b = full.getBoundingClientRect();
					return { cls: c.className, w: b.width, text: full.textContent, top: b.top };
				});
				if (f.cls !== "big-count" || f.w < 20 || !/^\d{1,3}(,\d{3})+$/.test(f.text) || f.top < 0)
					errs.push(`focus: ${JSON.stringify(f)}`);
				const hw = await page.evaluate(async () => {
					const c = document.activeElement;
					c.blur();
					c.scrollIntoView({ block: "center" });
					return c.getBoundingClientRect().toJSON();
				}).then(async (b) => {
					await page.mouse.move(b.left + b.width / 2, b.top + b.height / 2);
					return page.evaluate(() => {
						const c = document.querySelector("main .big-count:hover");
						return c ? c.querySelector(".big-count-full").getBoundingClientRect().width : 0;
					});
				});
				if (hw < 20)
					errs.push("hover does not show the digits");
			} else {
				errs.push("no big count takes focus");
			}
			await ctx.close();
			check(name, !errs.length, errs.join("; "));
		});
	}

	/* `specbook serve`'s error overlay: the source line is not wrapped, so
	   the caret under it stays under the column it points at */
	const REPO = path.resolve(__dirname, "..", "..");
	const BIN = process.env.SPECBOOK_BIN || path.join(REPO, process.env.BUILD || "build", "specbook");
	await test("serve: the error overlay keeps the caret under the column it names (390px)", async () => {
		if (!fs.existsSync(BIN))
			throw new Error(`no ${BIN} (run make first)`);
		const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specbook-overlay-"));
		const book = path.join(tmp, "book");
		fs.cpSync(path.join(REPO, "tests", "fixtures", "basic"), book, { recursive: true });
		fs.rmSync(path.join(book, "expected"), { recursive: true, force: true });
		fs.cpSync(path.join(REPO, "specs", "units.yaml"), path.join(book, "specs", "units.yaml"));
		fs.cpSync(path.join(REPO, "tests", "fixtures", "_templates"), path.join(book, "templates"), { recursive: true });
		const status = (port) => new Promise((resolve) => {
			const req = http.get({ host: "127.0.0.1", port, path: "/__specbook/status", timeout: 2000 }, (res) => {
				let body = "";
				res.on("data", (d) => { body += d; });
				res.on("end", () => { try { resolve(JSON.parse(body)); } catch (e) { resolve(null); } });
			});
			req.on("error", () => resolve(null));
			req.on("timeout", () => { req.destroy(); resolve(null); });
		});
		const until = async (what, ok, secs) => {
			for (let i = 0; i < secs * 4; i++) {
				const st = await ok();
				if (st)
					return st;
				await new Promise((r) => setTimeout(r, 250));
			}
			throw new Error(`timed out waiting for ${what}`);
		};
		let server = null, port = 0;
		const errs = [];
		try {
			for (let attempt = 0; attempt < 5 && !server; attempt++) {
				port = 20000 + Math.floor(Math.random() * 30000);
				const child = spawn(BIN, ["serve", "-C", book, "-o", path.join(book, "site"), "--port", String(port)], { stdio: "ignore" });
				const up = await until("the server", async () => (await status(port)) || child.exitCode !== null, 20).catch(() => false);
				if (up && child.exitCode === null)
					server = child;
				else
					child.kill();
			}
			if (!server)
				throw new Error("serve did not start");
			const ctx = await view(390, "light");
			const page = await ctx.newPage();
			await page.goto(`http://127.0.0.1:${port}/01-basics.html`);
			/* a long line with an error near its end */
			const md = path.join(book, "content", "01-basics.md");
			fs.appendFileSync(md, "\nThis line is long on purpose, so that a narrow overlay would wrap it: " +
				"alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu {gpu_a.no_such_column}.\n");
			await until("the failed build", async () => { const st = await status(port); return st && st.ok === false; }, 30);
			await page.waitForSelector("#specbook-serve-errors", { timeout: 10000 });
			const r = await page.evaluate(() => {
				const pre = document.getElementById("specbook-serve-errors"), text = pre.firstChild;
				const lines = text.textContent.split("\n");
				const k = lines.findIndex((l, i) => i > 0 && /^\s*\|\s*\^/.test(l) && /^\s*\d+ \| /.test(lines[i - 1]) &&
					!/[^\x00-\x7f]/.test(lines[i - 1]));
				if (k < 0)
					return { err: "no caret line under an ASCII source line", text: text.textContent.slice(0, 300) };
				const col = lines[k].indexOf("^");
				let at = 0;
				for (let i = 0; i < k - 1; i++)
					at += lines[i].length + 1;
				const box = (off) => { const r = document.createRange(); r.setStart(text, off); r.setEnd(text, off + 1); return r.getBoundingClientRect(); };
				const src = box(at + col), caret = box(at + lines[k - 1].length + 1 + col);
				return { src: lines[k - 1].slice(col, col + 12), dx: Math.abs(src.left - caret.left), dy: caret.top - src.top,
					wide: pre.scrollWidth > pre.clientWidth };
			});
			if (r.err)
				errs.push(`${r.err}: ${JSON.stringify(r.text)}`);
			else if (r.dx > 1 || r.dy <= 0 || r.dy > 30)
				errs.push(`the caret is ${Math.round(r.dx)}px aside and ${Math.round(r.dy)}px below "${r.src}"`);
			await ctx.close();
		} finally {
			if (server)
				server.kill();
			fs.rmSync(tmp, { recursive: true, force: true });
		}
		check("serve: the error overlay keeps the caret under the column it names (390px)", !errs.length, errs.join("; "));
	});
};
