#!/usr/bin/env node
/*
 * golden.js — runs search queries against a built site's index with the
 * site's own search.js, in Node (no browser), and compares the top results
 * with a golden file.
 *
 *   node tests/search/golden.js SITE_DIR [GOLDEN] [--write] [--bytes QUERY]
 *
 * GOLDEN (default tests/search/golden.txt) holds one query a line, then a
 * tab and its top results (href, best first, space-separated; "-" when
 * none), as recorded from the index before it was split (issue 18).  With
 * --write the file is written from SITE_DIR instead.  --bytes QUERY prints
 * the bytes the first search for QUERY reads (the script files loaded:
 * search.html's and those the loader inserts) and nothing else.
 *
 * search.js is run in a vm with a small stand-in for the DOM: the scripts
 * search.html names are run first, in order; a <script> element appended
 * to the document later is run from the file its src names (what a browser
 * does, from file:// as well).  Prints "ok - …" / "not ok - …" lines and
 * ends with "N passed, M failed".
 *
 * Each query (and those of BOUND_QUERIES) is also run with search.js's
 * bound on what a section can score once loaded set to the loosest one
 * (×1.5 for every hit, which loads nearly every hit's page): the results
 * shown must be the same, or the bound (title flags and endings, phrase
 * grams) skipped a section that belonged in them.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const TOP = 10;
const BOUND_QUERIES = ["band hdr", "h100 sxm", "memory bandwidth", "显存 带宽", "100", "link", "nvlink 5",
	"tensor core", "显存 容量", "hbm 带宽", "nvlink 带宽", "decode throughput", "the memory"];
const BOUND_LINE = /var boost = phraseBound\(inTitle, units\.length, gram, d\);/;

function usage() {
	process.stderr.write("usage: golden.js SITE_DIR [GOLDEN] [--write] [--bytes QUERY]\n");
	process.exit(2);
}

const args = process.argv.slice(2);
let write = false, bytesQuery = null;
const pos = [];
for (let i = 0; i < args.length; i++) {
	if (args[i] === "--write")
		write = true;
	else if (args[i] === "--bytes")
		bytesQuery = args[++i];
	else
		pos.push(args[i]);
}
if (!pos.length)
	usage();
const SITE = pos[0];
const GOLDEN = pos[1] || path.join(__dirname, "golden.txt");

/* A site in a vm: returns { search(q) → Promise<results>, bytes }. */
function openSite(site, loose) {
	const state = { bytes: 0, files: 0 };
	const listeners = [];
	function element(tag) {
		const el = {
			tagName: String(tag).toUpperCase(), children: [], attrs: {}, style: {},
			setAttribute(k, v) { this.attrs[k] = String(v); if (k === "src") this.src = String(v); },
			getAttribute(k) { return this.attrs[k]; },
			appendChild(c) { this.children.push(c); if (c && c.tagName === "SCRIPT") runScript(c); return c; },
			insertBefore(c) { this.children.push(c); return c; },
			removeChild(c) { this.children = this.children.filter((x) => x !== c); return c; },
			addEventListener() {},
			get firstChild() { return this.children[0] || null; },
			parentNode: null,
			textContent: ""
		};
		return el;
	}
	const head = element("head"), body = element("body");
	const html = fs.readFileSync(path.join(site, "search.html"), "utf8");
	const pageEl = element("div");
	const m = html.match(/<div id="search-page"([^>]*)>/);
	for (const a of (m ? m[1] : "").matchAll(/([\w-]+)="([^"]*)"/g))
		pageEl.setAttribute(a[1], a[2]);
	const sandbox = {
		console,
		setTimeout, clearTimeout,
		URLSearchParams,
		Map, Set, Array, Object, Math, String, Number, JSON, Promise,
		/* what search.js inflates the index's files with (search.h) */
		atob, Uint8Array, DecompressionStream, Response, TextDecoder,
		document: {
			readyState: "complete",
			head, body, documentElement: element("html"),
			currentScript: null,
			getElementById(id) { return id === "search-page" && m ? pageEl : null; },
			querySelector() { return null; },
			querySelectorAll() { return []; },
			createElement: element,
			createTextNode(t) { return { textContent: t }; },
			addEventListener(t, f) { listeners.push([t, f]); }
		},
		location: { search: "", pathname: "/search.html", href: "file:///search.html" },
		history: { replaceState() {} }
	};
	sandbox.window = sandbox;
	vm.createContext(sandbox);
	function file(src) {
		const rel = src.replace(/^\//, "").replace(/^\.\//, "");
		return path.join(site, rel);
	}
	function run(src, el) {
		const f = file(src);
		let text = fs.readFileSync(f, "utf8");
		if (loose && /search\.js$/.test(f)) {
			if (!BOUND_LINE.test(text))
				throw new Error("golden.js: the bound's line in search.js changed; update BOUND_LINE");
			text = text.replace(BOUND_LINE, "var boost = 1.5;");
		}
		state.bytes += fs.statSync(f).size;
		state.files++;
		sandbox.document.currentScript = el || null;
		vm.runInContext(text, sandbox, { filename: f });
		sandbox.document.currentScript = null;
	}
	/* like a browser: the script runs later, then its load (or error) event */
	function runScript(el) {
		const src = el.src || el.attrs.src;
		setTimeout(() => {
			try {
				run(src, el);
			} catch (e) {
				if (e.code === "ENOENT") {
					if (el.onerror) el.onerror(e);
					return;
				}
				throw e;
			}
			if (el.onload) el.onload();
		}, 0);
	}
	for (const sm of html.matchAll(/<script src="([^"]*)"/g))
		if (/search/.test(sm[1]))
			run(sm[1], { src: sm[1], getAttribute() { return sm[1]; } });
	const api = sandbox.SpecbookSearch;
	if (!api)
		throw new Error("search.js did not set window.SpecbookSearch");
	return {
		state,
		search: (q) => Promise.resolve(api.query ? api.query(q) : api.search(q))
	};
}

function top(results) {
	const r = results.slice(0, TOP).map((x) => x.href);
	return r.length ? r.join(" ") : "-";
}

async function main() {
	if (bytesQuery !== null) {
		const s = openSite(SITE);
		const r = await s.search(bytesQuery);
		process.stderr.write(`# ${r.length} results, top ${top(r)}\n`);
		process.stdout.write(`${s.state.bytes} ${s.state.files}\n`);
		return;
	}
	const lines = fs.readFileSync(GOLDEN, "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
	const queries = lines.map((l) => l.split("\t")[0]);
	if (write) {
		const s = openSite(SITE);
		const out = ["# golden.js: query, tab, top " + TOP + " results (href), recorded from " + path.basename(SITE)];
		for (const q of queries)
			out.push(q + "\t" + top(await s.search(q)));
		fs.writeFileSync(GOLDEN, out.join("\n") + "\n");
		process.stdout.write(`wrote ${queries.length} queries to ${GOLDEN}\n`);
		return;
	}
	let passed = 0, failed = 0;
	for (const l of lines) {
		const [q, want] = l.split("\t");
		/* a fresh page for each query: what a first query downloads */
		const s = openSite(SITE);
		const got = top(await s.search(q));
		if (got === want) {
			passed++;
			console.log(`ok - search golden: ${q}`);
		} else {
			failed++;
			console.log(`not ok - search golden: ${q}\n#   want ${want}\n#   got  ${got}`);
		}
	}
	for (const q of queries.concat(BOUND_QUERIES)) {
		const shown = (r) => r.map((x) => x.href).join(" ") || "-";
		const got = shown(await openSite(SITE).search(q));
		const want = shown(await openSite(SITE, true).search(q));
		if (got === want) {
			passed++;
			console.log(`ok - search bound: ${q}`);
		} else {
			failed++;
			console.log(`not ok - search bound: ${q}\n#   loose ${want}\n#   got   ${got}`);
		}
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

main().catch((e) => {
	console.log(`not ok - search golden: ${e.stack || e}`);
	console.log("0 passed, 1 failed");
	process.exitCode = 1;
});
