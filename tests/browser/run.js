#!/usr/bin/env node
/*
 * run.js — browser tests of a built specbook site, in Debian's chromium
 * driven by playwright-core (no browser download).
 *
 *   node run.js [[--site] DIR] [--artifacts DIR] [--only SUBSTRING] [--no-axe]
 *
 * Every check prints "ok - name" or "not ok - name: reason"; the last line
 * is "N passed, M failed" and the exit status is 1 when anything failed.
 * The site is tested twice, from file:// and from a local HTTP server on
 * 127.0.0.1 (node's http module) that serves it under a sub-path (/book/),
 * and no request may leave the site.
 * Screenshots go to the artifacts directory (tests/artifacts, git-ignored).
 *
 * Environment: SPECBOOK_SITE (site dir), CHROMIUM (browser path),
 * SPECBOOK_QUERY_ZH / SPECBOOK_QUERY_EN (search queries to try).
 */
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");
const { pathToFileURL } = require("url");
const { execFileSync, spawn } = require("child_process");

const HERE = __dirname;
const REPO = path.resolve(HERE, "..", "..");
const args = process.argv.slice(2);
function opt(name, fallback) {
	const k = args.indexOf(name);
	return k >= 0 && k + 1 < args.length ? args[k + 1] : fallback;
}
/* the site: --site DIR, or a bare argument, or $SPECBOOK_SITE, or site/ */
const positional = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && /^--(site|artifacts|only)$/.test(args[i - 1])));
const SITE = path.resolve(opt("--site", positional[0] || process.env.SPECBOOK_SITE || path.join(REPO, "site")));
const ARTIFACTS = path.resolve(opt("--artifacts", path.join(REPO, "tests", "artifacts")));
const ONLY = opt("--only", "");
const AXE = !args.includes("--no-axe");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const QUERY_ZH = process.env.SPECBOOK_QUERY_ZH || "显存带宽";
const QUERY_EN = process.env.SPECBOOK_QUERY_EN || "NVLink";
const TIMEOUT = 15000;

/* ---- what drives the browser ---- */

/* playwright-core's package.json and the Chromium it was made for (its
   browsers.json), or null when it is not installed. */
function driver() {
	let file;
	try {
		file = require.resolve("playwright-core/package.json");
	} catch (e) {
		return null;
	}
	const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
	let madeFor = "";
	try {
		const b = JSON.parse(fs.readFileSync(path.join(path.dirname(file), "browsers.json"), "utf8"));
		const c = b.browsers.find((x) => x.name === "chromium");
		madeFor = c && c.browserVersion ? c.browserVersion : "";
	} catch (e) { /* an older layout: no version to show */ }
	return { version: pkg.version, node: (pkg.engines && pkg.engines.node) || "", madeFor };
}

/* Does Node.js version have (e.g. "18.20.4") satisfy a range of the only
   form playwright-core uses, ">=N[.M[.P]]"?  Any other range is taken as
   met: playwright-core then says itself what it needs. */
function nodeMeets(have, range) {
	const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
	if (!m)
		return true;
	const h = have.split(".").map(Number), w = [m[1], m[2] || 0, m[3] || 0].map(Number);
	for (let k = 0; k < 3; k++)
		if (h[k] !== w[k])
			return h[k] > w[k];
	return true;
}

/* "Chromium 150.0.7871.100 at /usr/bin/chromium", or the path and why it
   has no version; Debian's wrapper script may print shell noise on stderr,
   which is dropped. */
function chromiumFound() {
	if (!fs.existsSync(CHROMIUM))
		return `${CHROMIUM} (no such file)`;
	try {
		const v = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20000 })
			.trim().split("\n").pop();
		return v ? `${v} at ${CHROMIUM}` : `${CHROMIUM} (no version)`;
	} catch (e) {
		return `${CHROMIUM} (--version failed)`;
	}
}

/* Why the browser tests cannot start at all, in one line, or "". */
function cannotStart(d) {
	if (!d)
		return `playwright-core is not installed (run: cd ${HERE} && npm ci --ignore-scripts)`;
	if (!nodeMeets(process.versions.node, d.node))
		return `Node.js ${process.versions.node} found (${process.execPath}); ` +
			`playwright-core ${d.version} needs Node.js ${d.node}`;
	return "";
}

let passed = 0, failed = 0;
function ok(name) {
	passed++;
	console.log(`ok - ${name}`);
}
function notOk(name, reason) {
	failed++;
	console.log(`not ok - ${name}: ${String(reason).replace(/\s+/g, " ").trim()}`);
}
function check(name, cond, reason) {
	if (cond)
		ok(name);
	else
		notOk(name, reason);
}
/* Runs one named test; an exception is a failure with its message. */
async function test(name, fn) {
	if (ONLY && !name.includes(ONLY))
		return;
	const t0 = Date.now();
	try {
		await fn();
	} catch (e) {
		notOk(name, e && e.message ? e.message.split("\n")[0] : e);
	}
	if (process.env.SPECBOOK_TIMING)
		console.error(`# ${Date.now() - t0} ms: ${name}`);
}

/* Returns fn(item) for every item, at most n at a time, in item order. */
async function mapPool(items, n, fn) {
	const out = new Array(items.length);
	let next = 0;
	async function worker() {
		while (next < items.length) {
			const k = next++;
			try {
				out[k] = await fn(items[k], k);
			} catch (e) {
				out[k] = { error: e && e.message ? e.message.split("\n")[0] : String(e) };
			}
		}
	}
	await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
	return out;
}
const PARALLEL = Number(process.env.SPECBOOK_BROWSER_JOBS) || 4;

/* ---- the site ---- */

function listPages(dir, base = "") {
	let out = [];
	for (const name of fs.readdirSync(dir).sort()) {
		const full = path.join(dir, name), rel = base ? base + "/" + name : name;
		if (fs.statSync(full).isDirectory())
			out = out.concat(listPages(full, rel));
		else if (name.endsWith(".html"))
			out.push(rel);
	}
	return out;
}

const MIME = {
	".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
	".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
	".png": "image/png", ".json": "application/json", ".txt": "text/plain; charset=utf-8",
	".ico": "image/x-icon", ".pdf": "application/pdf",
};

/* A static server for the site on 127.0.0.1 and a free port, under a
   sub-path (prefix), so that a link written from the server's root fails. */
function serve(root, prefix) {
	const server = http.createServer((req, res) => {
		let p;
		try {
			p = decodeURIComponent(new URL(req.url, "http://127.0.0.1").pathname);
		} catch (e) {
			res.writeHead(400).end();
			return;
		}
		if (!p.startsWith(prefix)) {
			res.writeHead(404, { "Content-Type": "text/plain" }).end("outside the site");
			return;
		}
		p = "/" + p.slice(prefix.length);
		if (p.endsWith("/"))
			p += "index.html";
		const file = path.join(root, path.normalize(p));
		if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
			res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
			return;
		}
		res.writeHead(200, { "Content-Type": MIME[path.extname(file)] || "application/octet-stream" });
		fs.createReadStream(file).pipe(res);
	});
	return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/* Opens a page and records what went wrong while it loaded. */
async function openWatched(context, url, allowedPrefix) {
	const page = await context.newPage();
	const problems = [];
	page.on("console", (m) => {
		if (m.type() === "error")
			problems.push(`console error: ${m.text()}${m.location() && m.location().url ? " (" + m.location().url + ")" : ""}`);
	});
	page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
	/* a blocked script or style of the site's own is a broken page */
	await page.exposeFunction("__reportCspViolation", (v) => problems.push(`CSP violation: ${v}`));
	await page.addInitScript(() => document.addEventListener("securitypolicyviolation",
		(e) => window.__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`)));
	page.on("requestfailed", (r) => problems.push(`failed request: ${r.url()} (${r.failure() && r.failure().errorText})`));
	page.on("request", (r) => {
		const u = r.url();
		if (!u.startsWith(allowedPrefix) && !u.startsWith("data:"))
			problems.push(`request leaves the site: ${u}`);
	});
	page.on("response", (r) => {
		if (r.status() >= 400)
			problems.push(`HTTP ${r.status()}: ${r.url()}`);
	});
	await page.goto(url, { waitUntil: "load", timeout: TIMEOUT });
	return { page, problems };
}

async function visibility(page) {
	return page.evaluate(() => {
		const vis = (el) => !!el && el.getClientRects().length > 0;
		const q = (s) => Array.from(document.querySelectorAll(s));
		/* only text whose pair or bi container shows at all counts (a
		   header link hidden on wide screens does not) */
		const shown = (el) => vis(el.parentElement);
		const zh = q(".pair > [lang|=zh], .bi > [lang|=zh]").filter(shown);
		const en = q(".pair > [lang=en], .bi > [lang=en]").filter(shown);
		return {
			mode: document.documentElement.getAttribute("data-lang"),
			zh: zh.length, en: en.length,
			zhShown: zh.filter(vis).length, enShown: en.filter(vis).length,
			pressed: q("[data-set-lang][aria-pressed=true]").map((b) => b.getAttribute("data-set-lang")),
		};
	});
}

function expectMode(v, mode) {
	const errs = [];
	if (v.mode !== mode)
		errs.push(`data-lang is ${v.mode}`);
	if (v.pressed.length !== 1 || v.pressed[0] !== mode)
		errs.push(`pressed buttons: ${v.pressed.join(",") || "none"}`);
	if (mode === "zh" && (v.enShown || !v.zhShown))
		errs.push(`${v.enShown} English and ${v.zhShown} Chinese shown`);
	if (mode === "en" && (v.zhShown || !v.enShown))
		errs.push(`${v.zhShown} Chinese and ${v.enShown} English shown`);
	if (mode === "both" && (v.zhShown !== v.zh || v.enShown !== v.en))
		errs.push(`shown ${v.zhShown}/${v.zh} Chinese, ${v.enShown}/${v.en} English`);
	return errs.join("; ");
}

/* Returns a chapter page (the first that has a bilingual pair). */
function pickChapters(pages) {
	const withPairs = pages.filter((p) => {
		const s = fs.readFileSync(path.join(SITE, p), "utf8");
		return /class="pair"/.test(s) && /lang="en"/.test(s) && !/^(index|search|print|404)\.html$/.test(p);
	});
	return withPairs.length ? withPairs : pages.filter((p) => p !== "search.html");
}

async function main() {
	if (!fs.existsSync(path.join(SITE, "index.html"))) {
		notOk("site exists", `${SITE}/index.html not found (run make first)`);
		return;
	}
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	const pages = listPages(SITE);
	const chapters = pickChapters(pages);
	const chapter = chapters[0];
	const other = chapters[1] || "index.html";
	const server = await serve(SITE, "/book/");
	const httpBase = `http://127.0.0.1:${server.address().port}/book/`;
	const rootServer = await serve(SITE, "/");   /* for 404.html (<base href="/">) */
	const rootBase = `http://127.0.0.1:${rootServer.address().port}/`;
	const fileBase = pathToFileURL(SITE).href + "/";

	/* Playwright gives every launch a fresh, temporary user-data-dir. */
	let browser;
	try {
		browser = await chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
				"--disable-background-networking"],
		});
	} catch (e) {
		server.close();
		rootServer.close();
		const d = driver();
		notOk("browser starts", `${chromiumFound()} did not start with playwright-core ${d.version}` +
			`${d.madeFor ? " (made for Chromium " + d.madeFor + ")" : ""} on Node.js ${process.versions.node}: ` +
			(e && e.message ? e.message.split("\n")[0] : e));
		return;
	}
	const fresh = (o = {}) => browser.newContext({ viewport: { width: 1280, height: 900 }, ...o });

	try {
		/* 1. every page loads cleanly, over file:// and over http */
		for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
			/* 404.html is answered for missing paths at any depth, so its
			   links resolve from the server's root (<base href="/">, or
			   base_url): over http it is loaded from a server of the site at
			   its root; from file:// nobody reaches a missing page */
			const these = pages.filter((p) => !(scheme === "file" && p === "404.html") &&
				(!ONLY || `${scheme}: ${p} loads without errors`.includes(ONLY)));
			if (!these.length)
				continue;
			const ctx = await fresh();
			const found = await mapPool(these, PARALLEL, async (p) => {
				const b = scheme === "http" && p === "404.html" ? rootBase : base;
				const { page, problems } = await openWatched(ctx, b + p, b);
				await page.waitForTimeout(50);
				const broken = await page.evaluate(() =>
					Array.from(document.querySelectorAll("link[rel=stylesheet]"))
						.filter((l) => !l.sheet).map((l) => l.href));
				broken.forEach((h) => problems.push(`stylesheet not applied: ${h}`));
				await page.close();
				return problems;
			});
			these.forEach((p, k) => {
				const problems = found[k].error ? [found[k].error] : found[k];
				check(`${scheme}: ${p} loads without errors`, !problems.length, problems.slice(0, 3).join(" | "));
			});
			await ctx.close();
		}

		/* 2. the language switch */
		for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
			await test(`${scheme}: language switch changes what is visible and persists`, async () => {
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(base + chapter);
				let v = await visibility(page), err;
				if ((err = expectMode(v, "both")))
					throw new Error(`default: ${err}`);
				if (!v.zh || !v.en)
					throw new Error(`${chapter} has no bilingual text to switch`);
				await page.click("[data-set-lang=en]");
				if ((err = expectMode(await visibility(page), "en")))
					throw new Error(`after English: ${err}`);
				await page.goto(base + other);
				if ((err = expectMode(await visibility(page), "en")))
					throw new Error(`English on the next page (${other}): ${err}`);
				await page.click("[data-set-lang=zh]");
				if ((err = expectMode(await visibility(page), "zh")))
					throw new Error(`after 中文: ${err}`);
				await page.goto(base + chapter);
				if ((err = expectMode(await visibility(page), "zh")))
					throw new Error(`中文 on the next page: ${err}`);
				const stored = await page.evaluate(() => localStorage.getItem("specbook-lang"));
				if (stored !== "zh")
					throw new Error(`localStorage specbook-lang is ${stored}`);
				await page.click("[data-set-lang=both]");
				if ((err = expectMode(await visibility(page), "both")))
					throw new Error(`after 双语: ${err}`);
				await page.reload();
				if ((err = expectMode(await visibility(page), "both")))
					throw new Error(`after reload: ${err}`);
				await ctx.close();
				ok(`${scheme}: language switch changes what is visible and persists`);
			});

			await test(`${scheme}: ?lang=en shows English and persists`, async () => {
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(base + chapter + "?lang=en");
				let err;
				if ((err = expectMode(await visibility(page), "en")))
					throw new Error(err);
				await page.goto(base + other);
				if ((err = expectMode(await visibility(page), "en")))
					throw new Error(`next page: ${err}`);
				await page.goto(base + chapter + "?lang=zh");
				if ((err = expectMode(await visibility(page), "zh")))
					throw new Error(`?lang=zh: ${err}`);
				await page.goto(base + chapter + "?lang=bogus");
				if ((err = expectMode(await visibility(page), "zh")))
					throw new Error(`?lang=bogus should keep zh: ${err}`);
				await ctx.close();
				ok(`${scheme}: ?lang=en shows English and persists`);
			});
		}

		await test("no JavaScript: both languages show, the switch is hidden", async () => {
			const ctx = await fresh({ javaScriptEnabled: false });
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter);
			const v = await visibility(page);
			const sw = await page.evaluate(() => {
				const s = document.querySelector(".lang-switch");
				return !!s && s.getClientRects().length > 0;
			});
			await ctx.close();
			const err = v.zhShown !== v.zh || v.enShown !== v.en ? `shown ${v.zhShown}/${v.zh} zh, ${v.enShown}/${v.en} en` :
				sw ? "the language switch shows but cannot work" : "";
			check("no JavaScript: both languages show, the switch is hidden", !err, err);
		});

		/* 3. layout: pairs side by side when wide, stacked when narrow; no
		   sideways scrolling on a phone */
		await test("layout: pairs side by side at 1280px, stacked at 390px", async () => {
			const res = {};
			for (const width of [1280, 390]) {
				const ctx = await fresh({ viewport: { width, height: 900 } });
				const page = await ctx.newPage();
				await page.goto(fileBase + chapter);
				res[width] = await page.evaluate(() => {
					const p = document.querySelector("main .pair");
					if (!p || p.children.length < 2)
						return null;
					const a = p.children[0].getBoundingClientRect(), b = p.children[1].getBoundingClientRect();
					return { side: b.left > a.left + 50 && Math.abs(b.top - a.top) < 5, stacked: b.top >= a.bottom - 1 };
				});
				await ctx.close();
			}
			if (!res[1280])
				throw new Error(`no pair in ${chapter}`);
			check("layout: pairs side by side at 1280px, stacked at 390px",
				res[1280].side && res[390].stacked,
				`1280px side by side: ${res[1280].side}; 390px stacked: ${res[390].stacked}`);
		});

		await test("layout: no page scrolls sideways at 390px", async () => {
			const ctx = await fresh({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
			const widths = await mapPool(pages, PARALLEL, async (p) => {
				const page = await ctx.newPage();
				await page.goto(fileBase + p);
				const w = await page.evaluate(() => document.documentElement.scrollWidth);
				await page.close();
				return w;
			});
			const wide = pages.map((p, k) => [p, widths[k]])
				.filter(([, w]) => typeof w !== "number" || w > 391)
				.map(([p, w]) => `${p} (${typeof w === "number" ? w + "px" : w.error})`);
			await ctx.close();
			check("layout: no page scrolls sideways at 390px", !wide.length, wide.slice(0, 5).join(", "));
		});

		/* WCAG 1.4.4 / 1.4.10: text-only zoom to 200% (the browser's default
		   font size 16 px -> 32 px, which is what the em breakpoints read)
		   at 1280 px: the sidebars give way (the layout becomes the phone's
		   drawer layout) before the text narrows.  The article must keep at
		   least 30em of the enlarged text (960 px: about 60 characters of
		   English, 30 of Chinese a line), and the page must not scroll
		   sideways. */
		await test("layout: 200% text at 1280px keeps a 30em text column, no sideways scroll", async () => {
			const ctx = await fresh({ viewport: { width: 1280, height: 900 } });
			const page = await ctx.newPage();
			const cdp = await ctx.newCDPSession(page);
			await cdp.send("Page.enable");
			await cdp.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
			await page.goto(fileBase + chapter);
			const m = await page.evaluate(() => {
				const art = document.querySelector("main article") || document.querySelector("main .content");
				const em = parseFloat(getComputedStyle(art).fontSize);
				return { width: art.getBoundingClientRect().width, em,
					scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
					root: parseFloat(getComputedStyle(document.documentElement).fontSize) };
			});
			await ctx.close();
			const errs = [];
			if (m.root < 31)
				errs.push(`the root font size is ${m.root}px, not 32px: the zoom did not take`);
			if (m.width < 30 * m.em)
				errs.push(`the article is ${Math.round(m.width)}px = ${(m.width / m.em).toFixed(1)}em wide (< 30em at ${m.em}px)`);
			if (m.scroll > m.client + 1)
				errs.push(`the page scrolls sideways: ${m.scroll}px of content in ${m.client}px`);
			check("layout: 200% text at 1280px keeps a 30em text column, no sideways scroll", !errs.length, errs.join("; "));
		});

		/* A missing page under a folder, from `specbook serve` (which answers
		   it with 404.html): styled, and its links lead to pages. */
		await test("http: 404 at any depth (specbook serve, /specs/nope.html) is styled and its links work", async () => {
			const bin = process.env.SPECBOOK || path.join(REPO, "build", "specbook");
			if (!fs.existsSync(bin))
				throw new Error(`${bin} not found (run make, or set SPECBOOK)`);
			const port = await new Promise((resolve) => {
				const s = http.createServer().listen(0, "127.0.0.1", () => {
					const p = s.address().port;
					s.close(() => resolve(p));
				});
			});
			const out = fs.mkdtempSync(path.join(require("os").tmpdir(), "specbook-404-"));
			const child = spawn(bin, ["serve", "-C", REPO, "-o", out, "--port", String(port)],
				{ stdio: ["ignore", "ignore", "pipe"] });
			let stderr = "";
			child.stderr.on("data", (d) => { stderr += d; });
			const root = `http://127.0.0.1:${port}/`;
			try {
				const t0 = Date.now();
				for (;;) {
					const st = await new Promise((resolve) => http.get(root + "index.html", (r) => {
						r.resume();
						resolve(r.statusCode);
					}).on("error", () => resolve(0)));
					if (st === 200)
						break;
					if (Date.now() - t0 > 60000 || child.exitCode !== null)
						throw new Error(`specbook serve did not answer: ${stderr.split("\n").slice(-3).join(" ")}`);
					await new Promise((r) => setTimeout(r, 200));
				}
				const ctx = await fresh();
				const page = await ctx.newPage();
				const problems = [];
				page.on("console", (msg) => {
					if (msg.type() === "error" && !/status of 404/.test(msg.text()))
						problems.push(`console: ${msg.text()}`);
				});
				page.on("response", (r) => {
					if (r.status() >= 400 && r.url() !== root + "specs/nope.html")
						problems.push(`${r.status()} ${r.url()}`);
				});
				const resp = await page.goto(root + "specs/nope.html");
				if (resp.status() !== 404)
					problems.push(`status ${resp.status()}, not 404`);
				const v = await page.evaluate(() => ({
					sheets: Array.from(document.querySelectorAll("link[rel=stylesheet]")).map((l) => [l.href, !!l.sheet]),
					grid: getComputedStyle(document.querySelector(".layout")).display,
					skip: document.querySelector(".skip-link").href,
					links: Array.from(document.querySelectorAll("a[href]")).map((a) => a.href)
						.filter((h) => h.startsWith(location.origin)),
				}));
				if (!v.sheets.length || v.sheets.some(([, ok]) => !ok))
					problems.push(`stylesheet not applied: ${JSON.stringify(v.sheets)}`);
				if (v.skip !== root + "specs/nope.html#main")
					problems.push(`the skip link leads to ${v.skip}, not this page's #main`);
				if (v.grid !== "grid")
					problems.push(`.layout is display: ${v.grid}, not the site's grid`);
				const targets = [...new Set(v.links.map((h) => h.replace(/#.*/, "")))];
				if (!targets.some((h) => h === root + "index.html"))
					problems.push(`no link to ${root}index.html`);
				for (const h of targets) {
					if (h === root + "specs/nope.html")
						continue;   /* the skip links: this page itself */
					const r = await page.request.get(h);
					if (r.status() !== 200)
						problems.push(`link ${h}: ${r.status()}`);
				}
				await ctx.close();
				check("http: 404 at any depth (specbook serve, /specs/nope.html) is styled and its links work",
					!problems.length, `${problems.slice(0, 4).join(" | ")} (${targets.length} links)`);
			} finally {
				child.kill("SIGTERM");
				await new Promise((r) => child.exitCode !== null ? r() : child.on("exit", r));
				fs.rmSync(out, { recursive: true, force: true });
			}
		});

		await test("claims: detail shows on focus", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			let found = null;
			for (const p of chapters) {
				await page.goto(fileBase + p);
				if (await page.$(".claim .claim-detail")) {
					found = p;
					break;
				}
			}
			if (!found) {
				await ctx.close();
				ok("claims: detail shows on focus # SKIP no claim with a detail");
				return;
			}
			const before = await page.evaluate(() => document.querySelector(".claim .claim-detail").getBoundingClientRect().width);
			await page.focus(".claim");
			const after = await page.evaluate(() => {
				const d = document.querySelector(".claim .claim-detail").getBoundingClientRect();
				return { w: d.width, h: d.height, tab: document.querySelector(".claim").getAttribute("tabindex") };
			});
			await ctx.close();
			check("claims: detail shows on focus", before <= 1 && after.w > 20 && after.h > 5 && after.tab === "0",
				`${found}: width before ${before}, after ${after.w}x${after.h}, tabindex ${after.tab}`);
		});

		/* 4. search */
		for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
			for (const q of [QUERY_ZH, QUERY_EN]) {
				const name = `${scheme}: search for ${q} finds it and the link lands on its section`;
				await test(name, async () => {
					const ctx = await fresh();
					const { page, problems } = await openWatched(ctx, base + "search.html?q=" + encodeURIComponent(q), base);
					await page.waitForSelector("#search-results > li", { timeout: 5000 }).catch(() => {});
					const results = await page.$$eval("#search-results > li", (lis) => lis.map((li) => ({
						href: li.querySelector("a").getAttribute("href"),
						marks: Array.from(li.querySelectorAll("mark")).map((m) => m.textContent),
					})));
					if (!results.length)
						throw new Error(`no results (${await page.textContent("#search-status").catch(() => "")})`);
					if (!results[0].marks.length)
						throw new Error("the first result marks nothing");
					const href = results[0].href;
					await Promise.all([page.waitForURL((u) => !u.href.includes("search.html")), page.click("#search-results > li a")]);
					const landed = await page.evaluate(() => {
						const id = decodeURIComponent(location.hash.slice(1));
						const el = id ? document.getElementById(id) : null;
						return { hash: location.hash, found: !id || !!el,
							top: el ? Math.round(el.getBoundingClientRect().top) : 0,
							text: document.body.innerText };
					});
					const wantHash = href.includes("#") ? href.slice(href.indexOf("#")) : "";
					const mark = results[0].marks[0].toLowerCase();
					await ctx.close();
					const errs = [];
					if (landed.hash !== wantHash)
						errs.push(`landed on ${landed.hash}, wanted ${wantHash}`);
					if (!landed.found)
						errs.push(`no element with id ${landed.hash}`);
					else if (landed.hash && (landed.top < -5 || landed.top > 300))
						errs.push(`${landed.hash} is not scrolled to the top (at ${landed.top}px)`);
					if (!landed.text.toLowerCase().includes(mark))
						errs.push(`the page does not contain "${mark}"`);
					errs.push(...problems);
					check(name, !errs.length, `${href}: ${errs.join("; ")}`);
				});
			}
		}

		/* 3. the Content-Security-Policy: the site's own scripts run (the
		   checks above), and one injected into a page does not */
		for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
			const name = `${scheme}: an inline script injected into a page does not run`;
			await test(name, async () => {
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(base + chapter);
				const ran = await page.evaluate(() => {
					const s = document.createElement("script");
					s.textContent = "window.__injected = true;";
					document.head.appendChild(s);
					return window.__injected === true;
				});
				await ctx.close();
				check(name, !ran, "it ran: the page has no Content-Security-Policy forbidding inline script");
			});
		}

		/* 3b. formulas (KaTeX) and code (highlight.js), from file:// as a
		   reader who opens the site from disk sees them; their libraries
		   come from Debian's packages (generator/site/vendor.h) */
		const pageWith = (re) => pages.find((p) => re.test(fs.readFileSync(path.join(SITE, p), "utf8")) &&
			!/^print\.html$/.test(p));
		const mathPage = pageWith(/<code class="math/);
		/* pages with code blocks that name a language: the test uses the
		   first whose blocks have something to colour (a shell one-liner
		   may have no token at all) */
		const codePages = pages.filter((p) => /<pre><code class="language-/.test(fs.readFileSync(path.join(SITE, p), "utf8")) &&
			!/^print\.html$/.test(p));
		await test("math: KaTeX typesets every formula of a page, from file://", async () => {
			if (!mathPage)
				throw new Error("no page of the site has a formula ($…$, $$…$$ or ```math)");
			if (!fs.existsSync(path.join(SITE, "assets", "katex", "katex.min.js")))
				throw new Error("the site has no assets/katex/katex.min.js (is libjs-katex installed?)");
			const ctx = await fresh();
			const { page, problems } = await openWatched(ctx, fileBase + mathPage, fileBase);
			await page.waitForFunction(() => !document.querySelector("code.math"), null, { timeout: 5000 }).catch(() => {});
			const r = await page.evaluate(() => {
				const done = Array.from(document.querySelectorAll(".math-rendered"));
				const k = done[0] && done[0].querySelector(".katex-html");
				/* KaTeX's own fonts, from the site's assets */
				const fonts = Array.from(document.fonts).filter((f) => /^KaTeX/.test(f.family) && f.status === "loaded");
				return { left: document.querySelectorAll("code.math").length, done: done.length,
					 tex: done[0] ? done[0].getAttribute("data-tex") : "",
					 mathml: done[0] ? !!done[0].querySelector("math") : false,
					 height: k ? k.getBoundingClientRect().height : 0, fonts: fonts.length };
			});
			await ctx.close();
			const errs = [...problems];
			if (r.left)
				errs.push(`${r.left} formulas left as TeX source`);
			if (!r.done || !r.mathml || r.height < 5)
				errs.push(`typeset ${r.done}, MathML ${r.mathml}, height ${r.height}px`);
			if (!r.fonts)
				errs.push("no KaTeX font loaded");
			check(`math: KaTeX typesets every formula of a page, from file:// (${mathPage}: ${r.done}, "${(r.tex || "").slice(0, 30)}…")`,
				!errs.length, errs.join("; "));
		});
		await test("code: highlight.js colours a fenced block with a language, from file://, light and dark", async () => {
			if (!codePages.length)
				throw new Error("no page of the site has a code block with a language");
			if (!fs.existsSync(path.join(SITE, "assets", "highlight", "highlight.min.js")))
				throw new Error("the site has no assets/highlight/highlight.min.js (is libjs-highlight.js installed?)");
			const errs = [];
			let n = 0, codePage = codePages[0];
			for (const p of codePages.slice(0, 8)) {
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(fileBase + p);
				await page.waitForSelector("pre code.hljs", { timeout: 5000 }).catch(() => {});
				const r = await page.evaluate(() => ({
					known: Array.from(document.querySelectorAll("pre > code[class*='language-']"))
						.filter((c) => window.hljs && hljs.getLanguage(c.className.replace(/^.*language-(\S+).*$/, "$1"))).length,
					done: document.querySelectorAll("pre code.hljs").length,
					tokens: document.querySelectorAll("pre code.hljs [class^=hljs-]").length }));
				await ctx.close();
				if (r.done !== r.known)
					errs.push(`${p}: ${r.done} of ${r.known} blocks in a known language highlighted`);
				if (r.tokens) {
					codePage = p;
					break;
				}
			}
			for (const scheme of ["light", "dark"]) {
				const ctx = await fresh({ colorScheme: scheme });
				const { page, problems } = await openWatched(ctx, fileBase + codePage, fileBase);
				await page.waitForSelector("pre code.hljs", { timeout: 5000 }).catch(() => {});
				const r = await page.evaluate(() => {
					const code = document.querySelector("pre code.hljs");
					const tok = code ? code.querySelector("[class^=hljs-]") : null;
					const on = Array.from(document.querySelectorAll("link[data-code-theme]"))
						.filter((l) => l.media !== "not all").map((l) => l.getAttribute("data-code-theme"));
					return { tokens: code ? code.querySelectorAll("[class^=hljs-]").length : 0,
						 colour: tok ? getComputedStyle(tok).color : "", text: code ? getComputedStyle(code).color : "", on };
				});
				await ctx.close();
				n = r.tokens;
				errs.push(...problems);
				if (!r.tokens)
					errs.push(`${scheme}: no highlighted token`);
				else if (r.colour === r.text)
					errs.push(`${scheme}: tokens have the text's colour ${r.colour}`);
				if (r.on.length !== 1 || r.on[0] !== scheme)
					errs.push(`${scheme}: themes on: ${r.on.join(",") || "none"}`);
			}
			check(`code: highlight.js colours a fenced block with a language, from file://, light and dark (${codePage}: ${n} tokens)`,
				!errs.length, errs.join("; "));
		});

		const citePage = pageWith(/<sup class="cite"><a href="#/);
		await test("citations: a marker leads to its source at the page's end, and back", async () => {
			if (!citePage)
				throw new Error("no page of the site cites a source ([text](src:id))");
			const ctx = await fresh();
			const { page, problems } = await openWatched(ctx, fileBase + citePage, fileBase);
			const marker = page.locator("sup.cite a[id]").first();
			const num = (await marker.textContent()).trim();
			await marker.click();
			const at = await page.evaluate(() => {
				const el = document.getElementById(location.hash.slice(1));
				return { hash: location.hash, inList: !!(el && el.closest("section.sources ol.sources")),
					 link: el && el.querySelector("a[href^=http]") ? el.querySelector("a[href^=http]").href : "",
					 n: el ? Array.from(el.parentNode.children).indexOf(el) + 1 : 0 };
			});
			await page.click(`${at.hash} a.cite-back`);
			const back = await page.evaluate(() => location.hash);
			await ctx.close();
			const errs = [...problems];
			if (!at.inList || !at.link)
				errs.push(`${num} led to ${at.hash}, not an entry of the sources list with a link`);
			if (`[${at.n}]` !== num)
				errs.push(`marker ${num} led to entry ${at.n}`);
			if (!/^#cite-/.test(back))
				errs.push(`the entry's back link led to ${back}`);
			check(`citations: a marker leads to its source at the page's end, and back (${citePage} ${num})`, !errs.length, errs.join("; "));
		});

		/* the header's box shows the results in an overlay on the page
		   (issue 40; third.js tests its keys) */
		await test("search: the header box on a chapter shows the results over the page", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter);
			await page.fill("#site-search-q", QUERY_EN);
			await page.waitForSelector("dialog[open] #search-results > li", { timeout: 5000 });
			const n = await page.$$eval("#search-results > li", (l) => l.length);
			const value = await page.inputValue("#search-input");
			const url = page.url();
			await ctx.close();
			check("search: the header box on a chapter shows the results over the page", n > 0 && value === QUERY_EN && url === fileBase + chapter,
				`${n} results, box holds "${value}", at ${url}`);
		});

		await test("search: a first one-word query loads one shard a part and not the whole index", async () => {
			const name = "search: a first one-word query loads one shard a part and not the whole index";
			const dir = path.join(SITE, "assets", "search");
			const parts = fs.readdirSync(dir).filter((p) => fs.statSync(path.join(dir, p)).isDirectory());
			let total = 0;
			for (const p of parts)
				for (const f of fs.readdirSync(path.join(dir, p)))
					total += fs.statSync(path.join(dir, p, f)).size;
			const ctx = await fresh();
			const page = await ctx.newPage();
			const got = [];
			page.on("request", (r) => {
				const m = /\/assets\/search\/(.*)$/.exec(decodeURIComponent(new URL(r.url()).pathname));
				if (m)
					got.push(m[1]);
			});
			await page.goto(fileBase + "search.html?q=" + encodeURIComponent(QUERY_EN));
			await page.waitForSelector("#search-results > li", { timeout: 5000 });
			await ctx.close();
			const shards = got.filter((f) => /^[^/]+\/[0-9a-f]{2}\.js$/.test(f));
			const buckets = new Set(shards.map((f) => f.split("/")[1]));
			let bytes = 0;
			for (const f of new Set(got))
				bytes += fs.existsSync(path.join(dir, f)) ? fs.statSync(path.join(dir, f)).size : 0;
			check(name, parts.length > 0 && shards.length === parts.length && buckets.size === 1 && bytes * 2 < total,
				`${QUERY_EN}: ${got.length} files, ${bytes} of the index's ${total} bytes; ${shards.length} shards ` +
				`(${buckets.size} buckets) for ${parts.length} parts`);
		});

		await test("search: typing updates the results", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "search.html");
			await page.fill("#search-input", QUERY_ZH);
			await page.waitForSelector("#search-results > li", { timeout: 5000 });
			await page.fill("#search-input", "zzqqxxnotaword");
			await page.waitForFunction(() => !document.querySelector("#search-results > li"), null, { timeout: 5000 });
			const status = await page.textContent("#search-status");
			await ctx.close();
			check("search: typing updates the results", /No results|没有/.test(status), `status: ${status}`);
		});

		await test("search: the JavaScript tokenizer agrees with the index (C)", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "search.html");
			const res = await page.evaluate(async () => {
				const ix = await window.SpecbookSearch.loadAll(), tok = window.SpecbookSearch.tokenize;
				const want = new Map();   /* "doc term" → weight from C */
				ix.terms.forEach((t, i) => {
					const p = ix.postings[i];
					for (let k = 0; k < p.length; k += 2)
						want.set(p[k] + " " + t, p[k + 1]);
				});
				const got = new Map();
				ix.docs.forEach((d, n) => {
					tok(d[2]).forEach((t) => got.set(n + " " + t, (got.get(n + " " + t) || 0) + 5));
					tok(d[3]).forEach((t) => got.set(n + " " + t, (got.get(n + " " + t) || 0) + 1));
				});
				const diff = [];
				for (const [k, w] of want)
					if (got.get(k) !== w)
						diff.push(`${k}: C ${w}, JS ${got.get(k) || 0}`);
				for (const [k, w] of got)
					if (!want.has(k))
						diff.push(`${k}: C 0, JS ${w}`);
				return { n: want.size, docs: ix.docs.length, diff: diff.slice(0, 3), ndiff: diff.length };
			});
			await ctx.close();
			check("search: the JavaScript tokenizer agrees with the index (C)", res.docs > 0 && !res.ndiff,
				res.docs ? `${res.ndiff} of ${res.n} postings differ: ${res.diff.join("; ")}` : "the index is empty");
		});

		await test("search: every indexed section links to a page and anchor that exist", async () => {
			/* every section of the split index, loaded by search.js */
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + "search.html");
			const docs = await page.evaluate(async () =>
				(await window.SpecbookSearch.loadAll()).docs.map((d) => [d[0], d[1]]));
			await ctx.close();
			const parts = docs;
			const ids = new Map(), bad = [];
			for (const d of docs) {
				const page = d[0];
				if (!ids.has(page)) {
					const file = path.join(SITE, page);
					ids.set(page, fs.existsSync(file)
						? new Set(Array.from(fs.readFileSync(file, "utf8").matchAll(/\sid="([^"]*)"/g), (m) => m[1]))
						: null);
				}
				const set = ids.get(page);
				if (!set)
					bad.push(`${page} (no such page)`);
				else if (d[1] && !set.has(d[1]))
					bad.push(`${page}#${d[1]}`);
			}
			check("search: every indexed section links to a page and anchor that exist",
				parts.length > 1 && docs.length && !bad.length, docs.length ? `${bad.length} broken: ${bad.slice(0, 5).join(", ")}` : "no sections indexed");
		});

		await test("keyboard: the skip link is the first stop and moves focus to the text", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + chapter);
			await page.keyboard.press("Tab");
			const first = await page.evaluate(() => {
				const a = document.activeElement, r = a.getBoundingClientRect();
				return { cls: a.className, visible: r.top >= 0 && r.bottom <= innerHeight && r.width > 0 };
			});
			await page.keyboard.press("Enter");
			await page.keyboard.press("Tab");
			const after = await page.evaluate(() => !!document.activeElement.closest("main"));
			await ctx.close();
			check("keyboard: the skip link is the first stop and moves focus to the text",
				first.cls === "skip-link" && first.visible && after,
				`first stop .${first.cls} (visible: ${first.visible}); next stop inside main: ${after}`);
		});

		/* claims and term links: one Tab stop a block, arrows inside it;
		   ←/→ and p/n for the previous and next chapter */
		for (const [w, mode] of [[1280, "both"], [1280, "zh"], [390, "en"]]) {
			const name = `keyboard: one Tab stop a paragraph, arrows inside it, p/n and ←/→ change chapter (${w}px, ${mode})`;
			await test(name, async () => {
				const target = chapters[1] || chapter;
				const ctx = await fresh({ viewport: { width: w, height: 900 } });
				const page = await ctx.newPage();
				await page.goto(fileBase + target + "?lang=" + mode);
				const errs = [];
				const blocks = await page.evaluate(() => {
					const sel = "main .content .claim, main .content a.autolink, main .content a.value, main .content a.term, main .content a.spec-link";
					const stops = new Map();
					let items = 0;
					for (const e of document.querySelectorAll(sel)) {
						if (!e.getClientRects().length)
							continue;
						items++;
						if (e.tabIndex < 0)
							continue;
						const b = e.closest("table") || e.parentElement.closest("p, li, td, th, dd, dt, figcaption, blockquote, h1, h2, h3, h4, h5, h6, .callout");
						stops.set(b, (stops.get(b) || 0) + 1);
					}
					return { items, blocks: stops.size, worst: Math.max(0, ...stops.values()) };
				});
				if (blocks.worst > 1)
					errs.push(`a block has ${blocks.worst} Tab stops`);
				if (!(blocks.blocks < blocks.items))
					errs.push(`${blocks.items} claims and links take ${blocks.blocks} stops`);
				/* Tab to the first block with several items, then → */
				let moved = "";
				for (let n = 0; n < 400 && !moved; n++) {
					await page.keyboard.press("Tab");
					const here = await page.evaluate(() => {
						const a = document.activeElement;
						return a && a.__rove && a.__rove.length > 1 && a.__rove.indexOf(a) === 0 ? a.__rove.length : 0;
					});
					if (here) {
						await page.keyboard.press("ArrowRight");
						moved = await page.evaluate(() => {
							const a = document.activeElement;
							return a.__rove && a.__rove.indexOf(a) === 1 ? "ok" : "→ did not move to the next item";
						});
						await page.keyboard.press("Tab");
						const out = await page.evaluate(() => !document.activeElement.__rove ||
							document.activeElement.__rove.indexOf(document.activeElement) === 0);
						if (!out)
							moved = "Tab stayed inside the block";
					}
				}
				if (moved !== "ok")
					errs.push(moved || "no block with several claims or links reached by Tab");
				await page.evaluate(() => document.activeElement && document.activeElement.blur());
				const next = await page.evaluate(() => { const a = document.querySelector(".pager a[rel=next]"); return a && a.href; });
				const prev = await page.evaluate(() => { const a = document.querySelector(".pager a[rel=prev]"); return a && a.href; });
				if (next) {
					await Promise.all([page.waitForNavigation(), page.keyboard.press(mode === "zh" ? "ArrowRight" : "n")]);
					if (page.url().split("?")[0] !== next.split("?")[0])
						errs.push(`next key went to ${page.url()}`);
					await Promise.all([page.waitForNavigation(), page.keyboard.press(mode === "zh" ? "p" : "ArrowLeft")]);
					if (page.url().split("?")[0].split("/").pop() !== target)
						errs.push(`previous key went to ${page.url()}`);
				} else if (!prev) {
					errs.push("no pager links");
				}
				await ctx.close();
				check(name, !errs.length, errs.join("; "));
			});
		}

		/* navigation: drawer on a phone, current page marked everywhere,
		   "on this page" follows reading, a theme button that persists */
		for (const [w, mode, scheme] of [[390, "zh", "light"], [390, "both", "dark"], [1280, "en", "dark"], [1280, "both", "light"]]) {
			const name = `navigation: drawer, current page, reading position, theme (${w}px, ${mode}, ${scheme})`;
			await test(name, async () => {
				const ctx = await fresh({ viewport: { width: w, height: 844 }, colorScheme: scheme });
				const page = await ctx.newPage();
				const errs = [];
				await page.goto(fileBase + "specs/hbm.html?lang=" + mode);
				const marked = await page.evaluate(() => Array.from(document.querySelectorAll(".site-nav [aria-current]")).map((a) => a.getAttribute("href")));
				if (marked.length !== 1 || !/specs\/index\.html$/.test(marked[0]))
					errs.push(`a spec page marks ${marked.join(",") || "nothing"}`);
				await page.goto(fileBase + chapter + "?lang=" + mode);
				if (w < 900) {
					const y0 = await page.evaluate(() => scrollY);
					await page.click(".nav-jump");
					const d = await page.evaluate(() => {
						const n = document.getElementById("site-nav").getBoundingClientRect();
						return { y: scrollY, left: n.left, top: n.top, h: n.height, focus: !!document.activeElement.closest("#site-nav"),
							exp: document.querySelector(".nav-jump").getAttribute("aria-expanded") };
					});
					if (d.y !== y0 || d.top > 1 || d.left > 1 || d.h < 800 || !d.focus || d.exp !== "true")
						errs.push(`drawer: ${JSON.stringify(d)}`);
					await page.keyboard.press("Escape");
					const closed = await page.evaluate(() => !document.documentElement.classList.contains("nav-open") &&
						document.activeElement.classList.contains("nav-jump"));
					if (!closed)
						errs.push("Escape does not close the drawer");
				}
				const cur = await page.evaluate(() => Array.from(document.querySelectorAll(".site-nav [aria-current=page]")).length);
				if (cur !== 1)
					errs.push(`${cur} current chapters marked`);
				/* scroll to the last section: "on this page" marks it */
				const toc = await page.evaluate(async () => {
					const links = Array.from(document.querySelectorAll(".toc a[href^='#']"));
					const last = links[links.length - 1];
					if (!last)
						return "no sections";
					document.getElementById(decodeURIComponent(last.getAttribute("href").slice(1))).scrollIntoView({ behavior: "instant" });
					/* the mark follows the scroll on the next frames: wait
					 * for it up to 5 s (a busy machine took more than the
					 * 200 ms this waited once), not a measure of speed */
					let m = [];
					for (let t = 0; t < 50; t++) {
						await new Promise((r) => setTimeout(r, 100));
						m = document.querySelectorAll(".toc a[aria-current]");
						if (m.length === 1 && m[0] === last)
							break;
					}
					return m.length === 1 && m[0] === last ? "" : `marked ${m.length}: ${m[0] && m[0].getAttribute("href")}`;
				});
				if (toc)
					errs.push(`on this page: ${toc}`);
				/* the theme button flips the colours, and the choice persists */
				const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--bg").trim());
				const before = await bg();
				await page.click("[data-theme-toggle]");
				const after = await bg();
				await page.goto(fileBase + other + "?lang=" + mode);
				const kept = await bg();
				const pressed = await page.getAttribute("[data-theme-toggle]", "aria-pressed");
				if (before === after || kept !== after || pressed !== (scheme === "light" ? "true" : "false"))
					errs.push(`theme: ${before} → ${after}, next page ${kept}, pressed ${pressed}`);
				await ctx.close();
				check(name, !errs.length, errs.join("; "));
			});
		}

		await test("tables: a sortable table sorts by a column", async () => {
			const spec = pages.find((p) => /class="[^"]*\bsortable\b/.test(fs.readFileSync(path.join(SITE, p), "utf8")));
			if (!spec) {
				ok("tables: a sortable table sorts by a column # SKIP no sortable table");
				return;
			}
			const ctx = await fresh();
			const page = await ctx.newPage();
			await page.goto(fileBase + spec);
			const res = await page.evaluate(() => {
				const table = document.querySelector("table.sortable");
				const heads = Array.from(table.tHead.rows[table.tHead.rows.length - 1].cells);
				const rows = () => Array.from(table.tBodies[0].rows);
				for (let col = 1; col < heads.length; col++) {
					const keys = rows().map((r) => r.cells[col] && r.cells[col].getAttribute("data-sort")).filter((v) => v !== null && v !== "");
					if (keys.length < 2)
						continue;
					const button = heads[col].querySelector("button");
					if (!button)
						return { err: "the header has no sort button" };
					button.click();
					const got = rows().map((r) => r.cells[col].getAttribute("data-sort")).filter((v) => v !== null && v !== "").map(Number);
					const sorted = got.every((v, i) => i === 0 || got[i - 1] >= v);
					return { col, sorted, aria: heads[col].getAttribute("aria-sort") };
				}
				return { err: "no numeric column" };
			});
			await ctx.close();
			check("tables: a sortable table sorts by a column", !res.err && res.sorted && res.aria === "descending",
				res.err || `${spec} column ${res.col}: sorted ${res.sorted}, aria-sort ${res.aria}`);
		});

		/* a wide spec table keeps its labels: sticky header row and model
		   column in its own scroll box at 1280px, cards at 390px; a search
		   ("B200 TDP") lands with the row and the column in view */
		for (const [w, h] of [[1280, 900], [390, 844]]) {
			for (const mode of ["zh", "en", "both"]) {
				const name = `spec tables: labels stay beside values at ${w}px (${mode})`;
				await test(name, async () => {
					const spec = "specs/accelerators.html";
					if (!pages.includes(spec)) {
						ok(`${name} # SKIP no ${spec}`);
						return;
					}
					const ctx = await fresh({ viewport: { width: w, height: h }, colorScheme: mode === "en" ? "dark" : "light" });
					const page = await ctx.newPage();
					await page.goto(fileBase + spec + "?lang=" + mode + "&find=" + encodeURIComponent("B200 TDP"));
					await page.waitForTimeout(100);
					const res = await page.evaluate(() => {
						const errs = [];
						const wrap = document.querySelector(".spec-wrap"), table = wrap.querySelector("table");
						const cell = wrap.querySelector("td.found");
						if (!cell)
							return "no cell found for B200 TDP";
						if (cell.parentNode.id !== "b200")
							errs.push(`found in row ${cell.parentNode.id}`);
						const head = table.tHead.rows[0].cells[cell.cellIndex];
						if (!/TDP/.test(head.textContent))
							errs.push(`found in column ${head.textContent.trim()}`);
						const r = cell.getBoundingClientRect();
						if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
							errs.push(`cell out of the viewport (${Math.round(r.left)},${Math.round(r.top)})`);
						if (document.documentElement.scrollWidth > innerWidth + 1)
							errs.push("the page scrolls sideways");
						if (innerWidth < 600) {
							/* cards: every value has its column's name beside it */
							const label = getComputedStyle(cell, "::before").content;
							if (!/TDP/.test(label))
								errs.push(`card label ${label}`);
							const th = cell.parentNode.cells[0].getBoundingClientRect();
							if (th.width > innerWidth)
								errs.push("the model name is wider than the screen");
							return errs.join("; ");
						}
						const rowHead = cell.parentNode.cells[0].getBoundingClientRect();
						const headBox = table.tHead.getBoundingClientRect();
						if (r.left < rowHead.right - 1)
							errs.push("the cell is under the model column");
						if (r.top < headBox.bottom - 1)
							errs.push("the cell is under the header row");
						/* scrolled to the far right and bottom, the labels stay */
						wrap.scrollLeft = wrap.scrollWidth;
						wrap.scrollTop = wrap.scrollHeight;
						const box = wrap.getBoundingClientRect();
						const last = table.tBodies[0].rows[table.tBodies[0].rows.length - 1].cells[0].getBoundingClientRect();
						const corner = table.tHead.rows[0].cells[0].getBoundingClientRect();
						const lastHead = table.tHead.rows[0].cells[table.tHead.rows[0].cells.length - 1].getBoundingClientRect();
						if (wrap.scrollLeft < 50)
							errs.push("the table does not scroll sideways in its box");
						if (Math.abs(last.left - box.left) > 2)
							errs.push(`model column left at ${last.left - box.left}px after scrolling`);
						if (Math.abs(corner.top - box.top) > 2 || Math.abs(lastHead.top - box.top) > 2)
							errs.push(`header row top at ${lastHead.top - box.top}px after scrolling`);
						return errs.join("; ");
					});
					await ctx.close();
					check(name, !res, res);
				});
			}
		}

		await test("spec tables: one legend a page, no ✓ for a number, derived and markers said in words", async () => {
			const specs = pages.filter((p) => p.startsWith("specs/"));
			const ctx = await fresh();
			const page = await ctx.newPage();
			const errs = [];
			for (const p of specs) {
				await page.goto(fileBase + p + "?lang=en");
				const e = await page.evaluate(() => {
					const out = [];
					const legends = document.querySelectorAll(".spec-legend");
					if (legends.length !== 1)
						out.push(`${legends.length} legends`);
					else
						/* (folded with the rules, site.js: one click away) */
						for (const word of ["unknown", "not applicable", "unpublished", "left out", "derived"])
							if (legends[0].textContent.indexOf(word) < 0)
								out.push(`the legend does not say "${word}"`);
					for (const td of document.querySelectorAll("table.spec td")) {
						if (td.textContent.indexOf("✓") >= 0)
							out.push(`✓ in ${td.parentNode.id}`);
						const marked = /\b(marker|empty)\b/.test(td.className);
						if (marked && !/unknown|not applicable|unpublished|left out/.test(td.textContent))
							out.push(`a marker without words in ${td.parentNode.id}`);
						if (td.classList.contains("derived") && !/\(derived\)/.test(td.textContent))
							out.push(`a derived cell without words in ${td.parentNode.id}`);
						if (td.classList.contains("derived") && !td.querySelector(".derived-mark"))
							out.push(`a derived cell without its visible mark in ${td.parentNode.id}`);
					}
					return out.slice(0, 3);
				});
				e.forEach((x) => errs.push(`${p}: ${x}`));
			}
			await page.goto(fileBase + "specs/accelerators.html?lang=en");
			const tdp = await page.evaluate(() => {
				const col = Array.from(document.querySelectorAll("table.spec thead th")).findIndex((th) => th.getAttribute("data-col") === "tdp");
				const row = document.getElementById("tpu_v5p");
				return col < 0 || !row ? "no TDP column or TPU v5p row" : row.cells[col].innerText.trim();
			});
			if (tdp !== "unpublished")
				errs.push(`TPU v5p TDP shows "${tdp}"`);
			await ctx.close();
			check("spec tables: one legend a page, no ✓ for a number, derived and markers said in words", !errs.length, errs.slice(0, 4).join("; "));
		});

		await test("links: a spec auto-link and its backlink round-trip", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const res = { steps: [] };
			for (const ch of chapters) {
				await page.goto(fileBase + ch);
				const link = page.locator("a.autolink.spec-link, a.value").first();
				if (!(await link.count()))
					continue;
				const row = (await link.getAttribute("href")).split("#")[1];
				await link.click();
				await page.waitForLoadState();
				res.steps.push(`${ch} → ${page.url().split("/").slice(-2).join("/")}`);
				const landed = await page.evaluate((id) => location.hash === "#" + id &&
					!!document.getElementById(id), row);
				const back = page.locator(`#mentions-${row} + dd a[href*="${ch}"]`).first();
				if (!landed || !(await back.count())) {
					res.err = `row ${row}: landed ${landed}, backlink to ${ch} ${await back.count()}`;
					break;
				}
				const anchor = (await back.getAttribute("href")).split("#")[1];
				await back.click();
				await page.waitForLoadState();
				res.ok = page.url().includes(ch) && (!anchor || await page.evaluate((id) =>
					!!document.getElementById(decodeURIComponent(id)), anchor));
				res.steps.push(`back → ${page.url().split("/").pop()}`);
				break;
			}
			await ctx.close();
			check("links: a spec auto-link and its backlink round-trip", res.ok, res.err || res.steps.join(", "));
		});

		/* 5. screenshots */
		await test("screenshots at 1280px and 390px", async () => {
			const shots = [];
			const pagesToShoot = [["index", "index.html"], ["chapter", chapter],
				["search", "search.html?q=" + encodeURIComponent(QUERY_ZH)]];
			const spec = pages.find((p) => p.startsWith("specs/"));
			if (spec)
				pagesToShoot.push(["spec", spec]);
			for (const [w, h] of [[1280, 900], [390, 844]]) {
				for (const scheme of ["light", "dark"]) {
					const ctx = await fresh({ viewport: { width: w, height: h }, colorScheme: scheme,
						deviceScaleFactor: w < 500 ? 2 : 1, isMobile: w < 500 });
					const page = await ctx.newPage();
					for (const [label, p] of pagesToShoot) {
						if (scheme === "dark" && label !== "chapter")
							continue;
						await page.goto(fileBase + p);
						const file = path.join(ARTIFACTS, `${label}-${w}${scheme === "dark" ? "-dark" : ""}.png`);
						await page.screenshot({ path: file });
						shots.push(path.basename(file));
					}
					if (w === 1280 && scheme === "light") {
						for (const mode of ["zh", "en"]) {
							await page.goto(fileBase + chapter + "?lang=" + mode);
							const file = path.join(ARTIFACTS, `chapter-1280-${mode}.png`);
							await page.screenshot({ path: file });
							shots.push(path.basename(file));
						}
						await page.goto(fileBase + chapter + "?lang=both");
						await page.emulateMedia({ media: "print" });
						const file = path.join(ARTIFACTS, "chapter-print.png");
						await page.screenshot({ path: file, fullPage: true });
						shots.push(path.basename(file));
					}
					await ctx.close();
				}
			}
			ok(`screenshots at 1280px and 390px (${shots.length} in ${path.relative(REPO, ARTIFACTS) || ARTIFACTS})`);
		});

		/* print follows the reading mode (issue 24: print.html in the
		   chosen language); without JavaScript the mode is "both" */
		await test("print: the reading mode's language, no navigation", async () => {
			const ctx = await fresh();
			const page = await ctx.newPage();
			const errs = [];
			for (const mode of ["en", "zh", "both"]) {
				await page.goto(fileBase + chapter + "?lang=" + mode);
				await page.emulateMedia({ media: "print" });
				const e = expectMode(await visibility(page), mode);
				if (e)
					errs.push(`${mode}: ${e}`);
				await page.emulateMedia({ media: "screen" });
			}
			await page.emulateMedia({ media: "print" });
			const nav = await page.evaluate(() => ["header.site-header", ".site-nav", ".toc", ".pager"]
				.filter((s) => { const e = document.querySelector(s); return e && e.getClientRects().length > 0; }));
			await ctx.close();
			if (nav.length)
				errs.push(`visible: ${nav.join(", ")}`);
			check("print: the reading mode's language, no navigation", !errs.length, errs.join("; "));
		});

		/* what a reader finds on the book-level pages (issue 24): reader.js */
		await require("./reader.js")({ test, check, ok, notOk, fresh, fileBase, httpBase, pages, chapters, SITE, ARTIFACTS,
			visibility, expectMode });
		/* the reader's site, second pass (issue 40): second.js */
		await require("./second.js")({ test, check, ok, notOk, fresh, fileBase, httpBase, pages, chapters, SITE, ARTIFACTS });
		/* the rest of issue 40: third.js */
		await require("./third.js")({ test, check, ok, notOk, fresh, fileBase, httpBase, pages, chapters, SITE, ARTIFACTS });
		/* 5b. study mode: self-test questions and figures to remember
		   (study.js grades with the intervals the build wrote) */
		const quizPage = pages.find((p) => /class="quiz"[^>]*data-kind="number"/.test(fs.readFileSync(path.join(SITE, p), "utf8")) &&
			!/^print\.html$/.test(p));
		if (!quizPage) {
			ok("study: self-test questions # SKIP no page with a number question");
		} else {
			/* a number question whose answer is information (it has prefix
			   slips); its key's number is the right answer to type */
			const pickQuiz = () => {
				const all = Array.from(document.querySelectorAll('.quiz[data-kind="number"]'));
				const q = all.find((x) => /"zh":"差了 1\.024/.test(x.dataset.slips)) || all[0];
				const lo = Number(q.dataset.lo), hi = Number(q.dataset.hi);
				const prefix = JSON.parse(q.dataset.slips).find((x) => x.f.includes(1 / 1.024));
				return { id: q.id, key: q.dataset.key, mid: (lo + hi) / 2, prefix: !!prefix };
			};
			const typeAnswer = async (page, id, text) => {
				await page.fill(`#${id} input`, text);
				await page.press(`#${id} input`, "Enter");   /* keyboard-first: Enter checks */
				return page.evaluate((i) => {
					const f = document.querySelector(`#${i} .quiz-feedback`);
					const en = f.querySelector('[lang="en"]') ? Array.from(f.querySelectorAll('[lang="en"]')).map((e) => e.textContent).join(" ") : "";
					return { cls: f.className, en };
				}, id);
			};
			/* four significant digits, as a reader would type them */
			const typed = (x) => String(Number(x.toPrecision(4)));
			for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
				await test(`study (${scheme}): a number question is graded right, wrong, and a prefix slip is named`, async () => {
					const ctx = await fresh();
					const { page, problems } = await openWatched(ctx, base + quizPage, base);
					const q = await page.evaluate(pickQuiz);
					const right = await typeAnswer(page, q.id, typed(q.mid));
					const wrong = await typeAnswer(page, q.id, typed(q.mid * 1.37));
					const slip = q.prefix ? await typeAnswer(page, q.id, typed(q.mid / 1.024)) : null;
					const notNumber = await typeAnswer(page, q.id, "about twelve");
					await ctx.close();
					const bad = [];
					if (!/quiz-right/.test(right.cls)) bad.push(`${typed(q.mid)} (key ${q.key}) graded ${right.cls}`);
					if (!/quiz-wrong/.test(wrong.cls) || /prefix/.test(wrong.en)) bad.push(`${typed(q.mid * 1.37)} graded ${wrong.cls} "${wrong.en}"`);
					if (slip && (!/quiz-wrong/.test(slip.cls) || !/prefix slip/.test(slip.en))) bad.push(`${typed(q.mid / 1.024)} gave "${slip.en}"`);
					if (!/quiz-invalid/.test(notNumber.cls)) bad.push(`"about twelve" graded ${notNumber.cls}`);
					bad.push(...problems);
					check(`study (${scheme}): a number question is graded right, wrong, and a prefix slip is named`, !bad.length,
						`${quizPage}#${q.id}: ${bad.join("; ")}`);
				});
			}

			await test("study: a multiple choice is graded, and answers are kept across a reload", async () => {
				const choicePage = pages.find((p) => /data-kind="choice"/.test(fs.readFileSync(path.join(SITE, p), "utf8")) && p !== "print.html");
				const ctx = await fresh();
				const page = await ctx.newPage();
				await page.goto(fileBase + quizPage);
				const q = await page.evaluate(pickQuiz);
				await typeAnswer(page, q.id, typed(q.mid));
				let choice = null;
				if (choicePage) {
					await page.goto(fileBase + choicePage);
					choice = await page.evaluate(() => {
						const c = document.querySelector('.quiz[data-kind="choice"]');
						const items = Array.from(c.querySelectorAll(".quiz-choices > li"));
						return { id: c.id, right: items.findIndex((li) => li.hasAttribute("data-correct")), n: items.length };
					});
					const wrongIndex = choice.right === 0 ? 1 : 0;
					await page.click(`#${choice.id} .quiz-choices > li:nth-child(${wrongIndex + 1}) button`);
					choice.wrong = await page.getAttribute(`#${choice.id} .quiz-feedback`, "class");
					await page.focus(`#${choice.id} .quiz-choices > li:nth-child(${choice.right + 1}) button`);
					await page.keyboard.press("Enter");
					choice.rightCls = await page.getAttribute(`#${choice.id} .quiz-feedback`, "class");
					await page.reload();
					choice.kept = await page.evaluate((id) => {
						const b = document.querySelector(`#${id} button[aria-pressed="true"]`);
						return b ? Array.from(document.querySelectorAll(`#${id} .quiz-choices button`)).indexOf(b) : -1;
					}, choice.id);
				}
				await page.goto(fileBase + quizPage);
				const kept = await page.evaluate((id) => ({
					value: document.querySelector(`#${id} input`).value,
					cls: document.querySelector(`#${id} .quiz-feedback`).className,
				}), q.id);
				await ctx.close();
				const bad = [];
				if (kept.value !== typed(q.mid) || !/quiz-right/.test(kept.cls)) bad.push(`after a reload ${q.id} holds "${kept.value}" (${kept.cls})`);
				if (choice && !/quiz-wrong/.test(choice.wrong)) bad.push(`wrong choice graded ${choice.wrong}`);
				if (choice && !/quiz-right/.test(choice.rightCls)) bad.push(`right choice graded ${choice.rightCls}`);
				if (choice && choice.kept !== choice.right) bad.push(`after a reload choice ${choice.kept} is marked, not ${choice.right}`);
				check("study: a multiple choice is graded, and answers are kept across a reload", !bad.length, bad.join("; "));
			});

			await test("study: without JavaScript the answer is in a <details> that opens", async () => {
				const ctx = await fresh({ javaScriptEnabled: false });
				const page = await ctx.newPage();
				await page.goto(fileBase + quizPage);
				const before = await page.evaluate(() => {
					const d = document.querySelector(".quiz .quiz-answer");
					const k = d.querySelector(".quiz-key");
					return { open: d.open, key: k.checkVisibility() ? 1 : 0, form: document.querySelectorAll(".quiz-form").length };
				});
				await page.click(".quiz .quiz-answer summary");
				const after = await page.evaluate(() => document.querySelector(".quiz .quiz-answer .quiz-key").checkVisibility() ? 1 : 0);
				await ctx.close();
				check("study: without JavaScript the answer is in a <details> that opens",
					!before.open && before.key === 0 && before.form === 0 && after > 0,
					`open ${before.open}, key shown ${before.key} then ${after}, forms ${before.form}`);
			});

			await test("study: questions, cards and figures.html fit 390px without sideways scrolling, in each reading mode", async () => {
				const ctx = await fresh({ viewport: { width: 390, height: 844 } });
				const page = await ctx.newPage();
				const bad = [];
				const these = [quizPage].concat(["figures.html", "practice.html"].filter((x) => pages.includes(x)));
				for (const p of these) {
					for (const lang of ["zh", "en", "both"]) {
						await page.goto(fileBase + p + "?lang=" + lang);
						const r = await page.evaluate(() => ({
							sw: document.documentElement.scrollWidth,
							wide: Array.from(document.querySelectorAll(".quiz, .figures-card, ul.figures li, .quiz-form"))
								.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).length,
						}));
						if (r.sw > 391 || r.wide) bad.push(`${p}?lang=${lang}: scrollWidth ${r.sw}, ${r.wide} boxes past the edge`);
					}
				}
				await ctx.close();
				check("study: questions, cards and figures.html fit 390px without sideways scrolling, in each reading mode", !bad.length, bad.join("; "));
			});

			if (pages.includes("figures.html")) {
				await test("study: figures.html lists every chapter's card, its links land, and it prints on two A4 pages", async () => {
					const ctx = await fresh();
					const page = await ctx.newPage();
					await page.goto(fileBase + "figures.html");
					const f = await page.evaluate(() => Array.from(document.querySelectorAll(".figures-page a.figure")).map((a) => a.getAttribute("href")));
					let cards = 0;
					const missing = [];
					for (const p of pages.filter((x) => !/^(print|figures)\.html$/.test(x))) {
						const s = fs.readFileSync(path.join(SITE, p), "utf8");
						const m = s.match(/<section class="study-card figures-card"[\s\S]*?<\/section>/);
						if (!m) continue;
						const ids = (m[0].match(/class="figure" href="#([^"]+)"/g) || []).map((x) => x.replace(/.*#|"$/g, ""));
						cards += ids.length;
						ids.forEach((id) => { if (!f.includes(`${p}#${id}`)) missing.push(`${p}#${id}`); if (!s.includes(`id="${id}"`)) missing.push(`no #${id} in ${p}`); });
					}
					const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
					const sheets = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
					await ctx.close();
					check("study: figures.html lists every chapter's card, its links land, and it prints on two A4 pages",
						f.length === cards && !missing.length && sheets >= 1 && sheets <= 2,
						`${f.length} figures on figures.html, ${cards} on the cards; ${missing.slice(0, 3).join(", ")}; ${sheets} A4 pages`);
				});
			}
		}

		if (pages.includes("practice.html")) {
			for (const [scheme, base] of [["file", fileBase], ["http", httpBase]]) {
				await test(`study (${scheme}): practice.html asks one drill at a time, grades it from the keyboard, and keeps progress across a reload`, async () => {
					const name = `study (${scheme}): practice.html asks one drill at a time, grades it from the keyboard, and keeps progress across a reload`;
					const ctx = await fresh();
					const { page, problems } = await openWatched(ctx, base + "practice.html", base);
					const shown = () => page.evaluate(() => Array.from(document.querySelectorAll(".practice-page .quiz"))
						.filter((q) => q.getClientRects().length > 0).map((q) => q.id));
					const first = await shown();
					/* a number drill: type its key's number, wrong then right */
					const q = await page.evaluate(() => {
						const c = document.querySelector(".practice-current");
						return { id: c.id, kind: c.dataset.kind, mid: (Number(c.dataset.lo) + Number(c.dataset.hi)) / 2 };
					});
					const bad = [];
					if (first.length !== 1 || first[0] !== q.id) bad.push(`shown at first: ${first.join(" ")}`);
					if (q.kind === "number") {
						await page.focus(`#${q.id} input`);
						await page.keyboard.type(String(Number((q.mid * 3.7).toPrecision(3))));
						await page.keyboard.press("Enter");
						const wrong = await page.getAttribute(`#${q.id} .quiz-feedback`, "class");
						if (!/quiz-wrong/.test(wrong)) bad.push(`a wrong answer graded ${wrong}`);
					}
					const status1 = await page.textContent(".practice-status");
					/* n moves on (focus is on the Next button after an answer) */
					await page.keyboard.press("n");
					const second = await shown();
					if (second.length !== 1 || second[0] === q.id) bad.push(`after n: ${second.join(" ")}`);
					await page.reload();
					const status2 = await page.textContent(".practice-status");
					const again = await page.evaluate(() => document.querySelector(".practice-current").id);
					/* the missed drill comes first after a reload */
					if (!/review 1\b/.test(status1) || status2 !== status1) bad.push(`status "${status1}", after a reload "${status2}"`);
					if (again !== q.id) bad.push(`after a reload ${again} is asked, not the missed ${q.id}`);
					/* every question, without JavaScript's session, is one click away */
					await page.click(".practice-all");
					const all = (await shown()).length;
					const total = await page.evaluate(() => document.querySelectorAll(".practice-page .quiz").length);
					if (all !== total) bad.push(`show all: ${all} of ${total}`);
					bad.push(...problems);
					await ctx.close();
					check(name, !bad.length, bad.join("; "));
				});
			}
		}

		/* 6. accessibility: axe-core, no serious or critical violations */
		if (AXE) {
			const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
			/* every rule in light mode; in dark mode only what colours change */
			for (const scheme of ["light", "dark"]) {
				const name = (p) => `axe (${scheme}): ${p} has no serious or critical violations`;
				const these = pages.filter((p) => !ONLY || name(p).includes(ONLY));
				if (!these.length)
					continue;
				/* axe goes in as an inline script, which the pages' policy forbids */
				const ctx = await fresh({ colorScheme: scheme, bypassCSP: true });
				const found = await mapPool(these, PARALLEL, async (p) => {
					const page = await ctx.newPage();
					const url = (p === "404.html" ? rootBase : httpBase) + p + (p === "search.html" ? "?q=" + encodeURIComponent(QUERY_ZH) : "");
					await page.goto(url);
					await page.addScriptTag({ content: axeSource });
					const v = await page.evaluate(async (dark) => {
						const opts = { resultTypes: ["violations"] };
						if (dark)
							opts.runOnly = ["color-contrast", "link-in-text-block"];
						const r = await window.axe.run(document, opts);
						return r.violations.filter((x) => x.impact === "serious" || x.impact === "critical")
							.map((x) => `${x.id} (${x.impact}, ${x.nodes.length}×: ${x.nodes[0].target.join(" ")})`);
					}, scheme === "dark");
					await page.close();
					return v;
				});
				these.forEach((p, k) => {
					const v = found[k].error ? [found[k].error] : found[k];
					check(name(p), !v.length, v.slice(0, 4).join("; "));
				});
				await ctx.close();
			}
		}
	} finally {
		await browser.close();
		server.close();
		rootServer.close();
	}
}

/* Say in one line why nothing can run, rather than "0 passed, 0 failed"
   (playwright-core checks the Node.js version itself when it is loaded,
   and exits with a message of three lines). */
const why = cannotStart(driver());
let chromium;
if (why)
	notOk("browser tests can start", why);
else
	({ chromium } = require("playwright-core"));

(why ? Promise.resolve() : main()).catch((e) => {
	notOk("browser tests ran", e && e.stack ? e.stack.split("\n").slice(0, 3).join(" ") : e);
}).finally(() => {
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
});
