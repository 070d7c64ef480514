#!/usr/bin/env node
/*
 * math-csp.js — formulas render under the page's Content-Security-Policy
 * (issue 36): no CSP violation, and no style attribute left on the page.
 *
 *   node math-csp.js SITE PAGE
 *
 * SITE is a built site whose PAGE has formulas (tests/fixtures/_maths,
 * built by tests/math-csp.sh).  The page is served from 127.0.0.1 and
 * opened in Debian's chromium (playwright-core, as run.js): every formula
 * must be typeset (no code.math left), with no "securitypolicyviolation"
 * event and no element with a style attribute.  Prints TAP lines.
 */
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");
const { chromium } = require("playwright-core");

const [site, pageName] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const MIME = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
	       ".woff2": "font/woff2", ".svg": "image/svg+xml" };

function serve(root) {
	const server = http.createServer((req, res) => {
		const file = path.join(root, decodeURIComponent(req.url.split("?")[0]));
		if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
			res.writeHead(404);
			res.end();
			return;
		}
		res.writeHead(200, { "Content-Type": MIME[path.extname(file)] || "application/octet-stream" });
		fs.createReadStream(file).pipe(res);
	});
	return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

(async () => {
	const server = await serve(path.resolve(site));
	let browser, failed = 0;
	const check = (ok, name, why) => {
		console.log(ok ? `ok - ${name}` : `not ok - ${name}${why ? ": " + why : ""}`);
		failed += !ok;
	};
	try {
		browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
			args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			       "--disable-background-networking"] });
		const page = await browser.newPage();
		const violations = [];
		await page.exposeFunction("__cspViolation", (v) => violations.push(v));
		await page.addInitScript(() => document.addEventListener("securitypolicyviolation",
			(e) => window.__cspViolation(`${e.violatedDirective} (${e.blockedURI || "inline"})`)));
		await page.goto(`http://127.0.0.1:${server.address().port}/${pageName}`,
				{ waitUntil: "load", timeout: 15000 });
		await page.waitForTimeout(200);
		const r = await page.evaluate(() => ({
			rendered: document.querySelectorAll(".math-rendered .katex").length,
			left: document.querySelectorAll("code.math").length,
			styled: Array.from(document.querySelectorAll("[style]"))
				.map((e) => `<${e.tagName.toLowerCase()} style="${e.getAttribute("style")}">`),
			/* KaTeX's sizes still apply: a strut has no height but the
			   one KaTeX gives it, and \fcolorbox's frame is drawn */
			strut: (() => {
				const s = document.querySelector(".math-rendered .strut");
				return s ? getComputedStyle(s).height : "none";
			})(),
			frame: (() => {
				const f = document.querySelector(".math-rendered .fcolorbox");
				return f ? getComputedStyle(f).borderTopStyle + " " + getComputedStyle(f).borderTopColor : "none";
			})(),
		}));
		check(r.rendered > 0 && r.left === 0, `every formula typeset (${r.rendered}, ${r.left} left as TeX)`);
		check(violations.length === 0, "no CSP violation while typesetting", violations.slice(0, 3).join("; "));
		check(r.styled.length === 0, "no style attribute on the page", `${r.styled.length}: ${r.styled.slice(0, 3).join(" ")}`);
		check(r.strut !== "none" && parseFloat(r.strut) > 0, `KaTeX's sizes still apply (a strut ${r.strut} high)`);
		check(/^solid rgb\(255, 0, 0\)$/.test(r.frame), `\\fcolorbox{red} is framed in red (${r.frame})`);
	} catch (e) {
		check(false, "the maths page opens in chromium", String(e.message || e).split("\n")[0]);
	} finally {
		if (browser)
			await browser.close();
		server.close();
	}
	process.exit(failed ? 1 : 0);
})();
