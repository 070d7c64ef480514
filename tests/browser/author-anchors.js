#!/usr/bin/env node
/*
 * author-anchors.js — a link from another page to an author's anchor
 * (<div id="ref4">, <a name="Fig1">, kept as user-content-ref4 and
 * user-content-Fig1) lands on it with JavaScript off, as on GitHub with
 * it on (issue 36).
 *
 *   node author-anchors.js SITE FROM
 *
 * SITE is built by tests/author-anchors.sh; FROM is the page whose links
 * go to the other page's anchors.  Each link is followed in Debian's
 * chromium (playwright-core, as run.js) with scripts disabled: the anchor
 * must be at the top of the window (less its 1rem scroll-margin).  Prints
 * TAP lines.
 */
"use strict";

const fs = require("fs");
const http = require("http");
const path = require("path");
const { chromium } = require("playwright-core");

const [site, from] = process.argv.slice(2);
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const MIME = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css" };

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
		const context = await browser.newContext({ javaScriptEnabled: false,
							   viewport: { width: 1000, height: 600 } });
		const page = await context.newPage();
		const base = `http://127.0.0.1:${server.address().port}/`;
		for (const [link, id] of [["ref4", "user-content-ref4"], ["Fig1", "user-content-Fig1"]]) {
			await page.goto(base + from, { waitUntil: "load", timeout: 15000 });
			const a = page.locator(`a[href$="#${link}"]`).first();
			await Promise.all([page.waitForNavigation({ waitUntil: "load" }), a.click()]);
			await page.waitForTimeout(100);
			const r = await page.evaluate((want) => {
				const el = document.getElementById(want);
				return { url: location.href, y: window.scrollY,
					 top: el ? Math.round(el.getBoundingClientRect().top) : null };
			}, id);
			check(r.top !== null && r.y > 0 && r.top >= 0 && r.top <= 40,   // its scroll-margin-top: 1rem
			      `a link from another page to #${link} lands on ${id} with JavaScript off`,
			      `at ${r.url}: scrollY ${r.y}, the anchor's top ${r.top}`);
		}
	} catch (e) {
		check(false, "the browser runs the author-anchor test", e.message.split("\n")[0]);
	} finally {
		if (browser)
			await browser.close();
		server.close();
	}
	process.exit(failed ? 1 : 0);
})();
