/*
 * search.js — the search page of a specbook site, offline and from file://.
 *
 * The index is split (generator/site/search.h documents the files): for
 * each term of a query, its shard of every part, assets/search/PART/BB.js,
 * is loaded by inserting a <script> element (which works from file://,
 * where fetch() does not), and the sections of the hits shown from their
 * pages' files, assets/search/PART/pN.js.  The
 * tokenizer below must split text exactly as search_tokenize() in C does:
 * ASCII words and numbers lowercased ("hbm3e", "3.35", "13,824" → "13824"),
 * CJK text as single characters and adjacent pairs.
 *
 * A query is a list of units: each ASCII word (matching the word itself
 * and, at lower weight, words it begins), and each run of CJK text (all of
 * its character pairs must occur, so "显存带宽" finds the substring).
 * Sections that match every unit come first, ranked BM25-style with the
 * title counting more; if none matches every unit, sections matching some
 * are shown.  Markup expected on search.html:
 *
 *   <div id="search-page"><form …><input id="search-input" name="q" …></form>
 *   <ol id="search-results"></ol></div>
 *
 * A status line (#search-status, role=status) is added when missing.
 */
(function () {
	"use strict";

	var WORD_MAX = 40;          /* SEARCH_WORD_MAX in search.h */
	var PREFIX_MAX = 64;        /* words a query word may expand to */
	var SNIPPET_BEFORE = 50, SNIPPET_LENGTH = 220;
	var K1 = 1.2, B = 0.5;      /* BM25; a low B so that short glossary
	                               entries do not outrank whole sections */

	/* ---- tokenizer (keep in step with generator/search.c) ---- */

	function isAlnum(c) {
		return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
	}
	function isDigit(c) {
		return c >= 48 && c <= 57;
	}
	function isHan(c) {
		return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
			(c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F) || c === 0x3007;
	}
	function isCjkLetter(c) {
		return isHan(c) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF) ||
			c === 0x3005;
	}

	/* Returns the segments of text: {word: "h100"} for ASCII words (long
	 * ones included, flagged), {cjk: ["显", "存"]} for CJK runs. */
	function scan(text) {
		var cps = Array.from(String(text || ""));
		var codes = cps.map(function (ch) { return ch.codePointAt(0); });
		var out = [], word = "", run = null, last = 0, allDigits = true;

		function flushWord() {
			if (word)
				out.push({ word: word, tooLong: word.length > WORD_MAX });
			word = "";
			last = 0;
			allDigits = true;
		}
		function flushRun() {
			if (run)
				out.push({ cjk: run });
			run = null;
		}
		for (var i = 0; i <= codes.length; i++) {
			var c = i < codes.length ? codes[i] : 0;
			if (c && isAlnum(c)) {
				flushRun();
				word += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : cps[i];
				last = c;
				allDigits = allDigits && isDigit(c);
				continue;
			}
			if (c === 46 && word && isDigit(last) && isDigit(codes[i + 1] || 0)) {
				word += ".";
				last = 46;
				allDigits = false;
				continue;
			}
			if (c === 44 && word && allDigits && isDigit(codes[i + 1] || 0) &&
			    isDigit(codes[i + 2] || 0) && isDigit(codes[i + 3] || 0) &&
			    !isDigit(codes[i + 4] || 0))
				continue;
			flushWord();
			if (c && isCjkLetter(c)) {
				(run = run || []).push(cps[i]);
			} else {
				flushRun();
			}
		}
		flushRun();
		return out;
	}

	/* Returns the terms of text in the order search_tokenize() emits them. */
	function tokenize(text) {
		var terms = [];
		scan(text).forEach(function (seg) {
			if (seg.word !== undefined) {
				if (!seg.tooLong)
					terms.push(seg.word);
				return;
			}
			for (var k = 0; k < seg.cjk.length; k++) {
				terms.push(seg.cjk[k]);
				if (k)
					terms.push(seg.cjk[k - 1] + seg.cjk[k]);
			}
		});
		return terms;
	}

	/* ---- the index: shards loaded on demand ---- */

	function asciiLower(s) {
		return s.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); });
	}

	var BASE = (function () {
		var cur = document.currentScript;
		var src = cur ? (cur.src || (cur.getAttribute && cur.getAttribute("src")) || "") : "";
		return src.replace(/search\.js(\?.*)?$/, "") + "search/";
	})();
	var shardData = {}, docsData = {}, loading = {};

	window.SPECBOOK_SEARCH_SHARD = function (name, b, obj) {
		shardData[name + "/" + b] = obj;
	};
	window.SPECBOOK_SEARCH_DOCS = function (name, k, page, docs) {
		var byDoc = new Map();
		docs.forEach(function (d) { byDoc.set(d[0], d); });
		docsData[name + "/" + k] = { page: page, docs: byDoc };
	};

	/* Loads a script by inserting a <script> element (fetch() does not
	 * work from file://); resolves when it ran or failed. */
	function loadScript(src) {
		if (!loading[src]) {
			loading[src] = new Promise(function (resolve) {
				var el = document.createElement("script");
				el.onload = el.onerror = function () { resolve(); };
				el.setAttribute("src", src);
				(document.head || document.body || document.documentElement).appendChild(el);
			});
		}
		return loading[src];
	}

	function config() {
		var page = document.getElementById("search-page");
		var n = page ? parseInt(page.getAttribute("data-parts"), 10) : NaN;
		var b = page ? parseInt(page.getAttribute("data-buckets"), 10) : NaN;
		if (!(n >= 0) || !(b > 0))
			return null;
		var names = [];
		for (var k = 0; k < n; k++)
			names.push(("000" + k).slice(-Math.max(4, String(k).length)));
		names.push("book");
		return { names: names, buckets: b };
	}

	/* search_bucket() in search.c: FNV-1a of the term's first two bytes
	 * (ASCII) or its first character's UTF-8 bytes. */
	function bucketOf(term, buckets) {
		var bytes = [], cp = term.codePointAt(0);
		if (cp < 0x80) {
			bytes.push(cp);
			if (term.length > 1)
				bytes.push(term.charCodeAt(1));
		} else {
			unescape(encodeURIComponent(String.fromCodePoint(cp))).split("").forEach(function (ch) {
				bytes.push(ch.charCodeAt(0));
			});
		}
		var h = 2166136261 | 0;
		bytes.forEach(function (x) { h = Math.imul(h ^ x, 16777619); });
		return (h >>> 0) % buckets;
	}

	var DIGITS = (function () {
		var t = {}, fin = "0123456789ABCDEFGHIJKLMNOPQRSTUV", more = "abcdefghijklmnopqrstuvwxyz!#$%&*";
		for (var k = 0; k < 32; k++) {
			t[fin.charCodeAt(k)] = k;
			t[more.charCodeAt(k)] = k + 32;
		}
		return t;
	})();

	/* Decodes a term's postings string: [doc, weight, length, ...] with
	 * every doc whole. */
	function decode(str) {
		var out = [], n = 0, doc = 0, k = 0;
		for (var i = 0; i < str.length; i++) {
			var v = DIGITS[str.charCodeAt(i)];
			if (v >= 32) {
				n = n * 32 + v - 32;
				continue;
			}
			n = n * 32 + v;
			if (k % 3 === 0)
				n = doc = k ? doc + n : n;
			out.push(n);
			k++;
			n = 0;
		}
		return out;
	}

	/* The index of one query: the shards of its terms' buckets, from every
	 * part.  Returns a promise of null when the index is not there. */
	function open(terms) {
		var cfg = config();
		if (!cfg)
			return Promise.resolve(null);
		var buckets = new Set();
		terms.forEach(function (t) { buckets.add(bucketOf(t, cfg.buckets)); });
		var wait = [];
		buckets.forEach(function (b) {
			var hex = ("0" + b.toString(16)).slice(-2);
			cfg.names.forEach(function (name) { wait.push(loadScript(BASE + name + "/" + hex + ".js")); });
		});
		return Promise.all(wait).then(function () {
			var parts = [], n = 0, total = 0, ok = true;
			cfg.names.forEach(function (name) {
				var sh = null;
				buckets.forEach(function (b) { sh = sh || shardData[name + "/" + b]; });
				if (!sh) {
					ok = false;
					return;
				}
				parts.push({ name: name, base: n, n: sh.n, p: sh.p });
				n += sh.n;
				total += sh.l;
			});
			if (!ok)
				return null;
			return { cfg: cfg, parts: parts, n: n, avgLength: n ? total / n : 1, cache: new Map() };
		});
	}

	/* Map term → postings string of one shard. */
	function shardTerms(name, b) {
		var sh = shardData[name + "/" + b];
		if (!sh)
			return new Map();
		if (!sh.map) {
			sh.map = new Map();
			for (var k = 0; k < sh.t.length; k += 2)
				sh.map.set(sh.t[k], sh.t[k + 1]);
		}
		return sh.map;
	}

	/* Returns the postings of term over the book, [doc, weight, length, ...]
	 * with docs numbered across the parts, or null. */
	function postings(ix, term) {
		if (ix.cache.has(term))
			return ix.cache.get(term);
		var b = bucketOf(term, ix.cfg.buckets), out = [];
		ix.parts.forEach(function (part) {
			var str = shardTerms(part.name, b).get(term);
			if (str === undefined)
				return;
			var p = decode(str);
			for (var k = 0; k < p.length; k += 3)
				out.push(p[k] + part.base, p[k + 1], p[k + 2]);
		});
		var r = out.length ? out : null;
		ix.cache.set(term, r);
		return r;
	}

	/* Returns the ASCII terms that start with prefix (not prefix itself):
	 * they are all in prefix's shard. */
	function prefixed(ix, prefix) {
		var b = bucketOf(prefix, ix.cfg.buckets), seen = new Set();
		ix.parts.forEach(function (part) {
			shardTerms(part.name, b).forEach(function (v, t) {
				if (t !== prefix && t.lastIndexOf(prefix, 0) === 0 && /^[\x00-\x7f]*$/.test(t))
					seen.add(t);
			});
		});
		return Array.from(seen).sort().slice(0, PREFIX_MAX);
	}

	/* Where doc's section is: its part, the page's docs file and its number
	 * in the part. */
	function locate(ix, doc) {
		var part = ix.parts[0];
		for (var k = 1; k < ix.parts.length && ix.parts[k].base <= doc; k++)
			part = ix.parts[k];
		var local = doc - part.base, page = 0;
		for (var r = 0; r < part.p.length && part.p[r + 1] <= local; r += 2)
			page = part.p[r];
		return { key: part.name + "/" + page, src: BASE + part.name + "/p" + page + ".js", local: local };
	}

	/* Returns a promise of the section of doc: {page:[path,title], d:[doc,anchor,title,text]}. */
	function section(ix, doc) {
		var at = locate(ix, doc);
		return loadScript(at.src).then(function () {
			var pd = docsData[at.key];
			var d = pd && pd.docs.get(at.local);
			if (!d)
				return null;
			var title = pd.page[1];
			if (!title)   /* a page without a name takes the title of its top section */
				pd.docs.forEach(function (x) { if (!title && !x[1]) title = x[2]; });
			return { page: [pd.page[0], title || ""], d: d };
		});
	}

	/* Returns the units of a query: {terms:[[term, factor]…], all: bool,
	 * marks: [strings to highlight]}. */
	function parseQuery(q) {
		var units = [];
		scan(q).forEach(function (seg) {
			if (seg.word !== undefined) {
				if (seg.tooLong)
					return;
				units.push({ word: seg.word, marks: [seg.word] });
			} else if (seg.cjk.length === 1) {
				units.push({ cjk: seg.cjk, marks: [seg.cjk[0]] });
			} else {
				units.push({ cjk: seg.cjk, marks: [seg.cjk.join("")] });
			}
		});
		return units;
	}

	/* The terms a unit looks up (prefixes share their word's shard). */
	function unitTerms(unit) {
		if (unit.word !== undefined)
			return [unit.word];
		if (unit.cjk.length === 1)
			return [unit.cjk[0]];
		var need = [];
		for (var k = 1; k < unit.cjk.length; k++)
			need.push(unit.cjk[k - 1] + unit.cjk[k]);
		return need;
	}

	function idf(ix, p) {
		var n = ix.n, df = p.length / 3;
		return Math.log(1 + (n - df + 0.5) / (df + 0.5));
	}

	function bm25(ix, len, weight) {
		var norm = 1 - B + B * len / ix.avgLength;
		return weight * (K1 + 1) / (weight + K1 * norm);
	}

	/* Returns Map doc → score for one unit; every term in need must occur.
	 * A CJK run of more than two characters whose text is not in the
	 * section counts 0.3 of this: applied later, with the section loaded. */
	function scoreUnit(ix, unit) {
		var scores = new Map();
		var add = function (term, factor) {
			var p = postings(ix, term);
			if (!p)
				return null;
			var w = idf(ix, p) * factor, m = new Map();
			for (var k = 0; k < p.length; k += 3)
				m.set(p[k], bm25(ix, p[k + 2], p[k + 1]) * w);
			return m;
		};
		if (unit.word !== undefined) {
			var exact = add(unit.word, 1);
			if (exact)
				exact.forEach(function (s, d) { scores.set(d, s); });
			if (unit.word.length >= 2) {
				prefixed(ix, unit.word).forEach(function (term) {
					var m = add(term, 0.5);
					m.forEach(function (s, d) {
						scores.set(d, Math.max(scores.get(d) || 0, s));
					});
				});
			}
			return scores;
		}
		var need = unitTerms(unit), first = true;
		for (var n = 0; n < need.length; n++) {
			var m = add(need[n], 1);
			if (!m)
				return new Map();
			if (first) {
				scores = m;
				first = false;
				continue;
			}
			var next = new Map();
			scores.forEach(function (s, d) {
				if (m.has(d))
					next.set(d, s + m.get(d));
			});
			scores = next;
		}
		return scores;
	}

	var SHOWN = 20;      /* results shown, their sections loaded */
	var BATCH = 8;       /* sections loaded at a time while ranking */

	/* Returns a promise of {results: [{doc, score, complete, page, pageTitle,
	 * anchor, title, text, href}] (the first SHOWN), count}, or null when
	 * the index did not load. */
	function query(q) {
		var units = parseQuery(q);
		if (!units.length)
			return Promise.resolve({ results: [], count: 0 });
		var terms = [];
		units.forEach(function (u) { terms = terms.concat(unitTerms(u)); });
		return open(terms).then(function (ix) {
			if (!ix)
				return null;
			var per = new Map();   /* doc → [score of each unit] */
			units.forEach(function (unit, u) {
				scoreUnit(ix, unit).forEach(function (s, d) {
					var a = per.get(d);
					if (!a)
						per.set(d, a = []);
					a[u] = s;
				});
			});
			var phrase = asciiLower(String(q).trim());
			var cands = [];
			per.forEach(function (a, d) {
				var sum = 0, hits = 0;
				for (var u = 0; u < units.length; u++)
					if (a[u] !== undefined) {
						sum += a[u];
						hits++;
					}
				cands.push({ doc: d, per: a, hits: hits, ub: sum * 1.5 });
			});
			var all = cands.filter(function (r) { return r.hits === units.length; });
			if (all.length)
				cands = all;
			cands.sort(function (a, b) { return b.hits - a.hits || b.ub - a.ub || a.doc - b.doc; });
			var done = [], i = 0;
			var order = function (a, b) { return b.hits - a.hits || b.score - a.score || a.doc - b.doc; };
			var finish = function (c, sec) {
				var lower = asciiLower(sec.d[3]), lowerTitle = asciiLower(sec.d[2]), s = 0;
				for (var u = 0; u < units.length; u++) {
					var x = c.per[u];
					if (x === undefined)
						continue;
					var unit = units[u];
					if (unit.cjk && unit.cjk.length > 2) {
						var whole = unit.cjk.join("");
						if (lower.indexOf(whole) < 0 && lowerTitle.indexOf(whole) < 0)
							x *= 0.3;
					}
					s += x;
				}
				if (phrase.length > 1 && lowerTitle.indexOf(phrase) >= 0)
					s *= 1.5;
				else if (units.length > 1 && lower.indexOf(phrase) >= 0)
					s *= 1.25;   /* the words as written, together */
				var page = sec.page, d = sec.d;
				done.push({
					doc: c.doc, score: s, hits: c.hits, complete: c.hits === units.length,
					page: page[0], pageTitle: page[1], anchor: d[1], title: d[2], text: d[3],
					href: page[0] + (d[1] ? "#" + d[1] : "")
				});
			};
			var step = function () {
				if (done.length >= SHOWN) {
					done.sort(order);
					var e = done[SHOWN - 1], c = cands[i];
					if (!c || c.hits < e.hits || (c.hits === e.hits && c.ub < e.score))
						i = cands.length;
				}
				if (i >= cands.length) {
					done.sort(order);
					return { results: done.slice(0, SHOWN), count: cands.length };
				}
				var batch = cands.slice(i, i + BATCH);
				i += batch.length;
				return Promise.all(batch.map(function (c) { return section(ix, c.doc); })).then(function (secs) {
					batch.forEach(function (c, k) { if (secs[k]) finish(c, secs[k]); });
					return step();
				});
			};
			return step();
		});
	}

	/* Returns a promise of the ranked results (the first SHOWN) for q. */
	function search(q) {
		return query(q).then(function (r) { return r ? r.results : []; });
	}

	/* The whole index, merged as one (for the tests): {docs:[[page,
	 * anchor, title, text]…], terms, postings:[[doc, weight…]…]}. */
	function loadAll() {
		var cfg = config();
		if (!cfg)
			return Promise.resolve(null);
		var wait = [];
		for (var b = 0; b < cfg.buckets; b++)
			cfg.names.forEach(function (name) {
				wait.push(loadScript(BASE + name + "/" + ("0" + b.toString(16)).slice(-2) + ".js"));
			});
		return Promise.all(wait).then(function () {
			var all = [];
			for (var b = 0; b < cfg.buckets; b++)
				all.push(b);
			return open([]).then(function () {
				var ix = { cfg: cfg, parts: [], n: 0, cache: new Map() };
				cfg.names.forEach(function (name) {
					var sh = shardData[name + "/0"];
					ix.parts.push({ name: name, base: ix.n, n: sh.n, p: sh.p });
					ix.n += sh.n;
				});
				var docs = [];
				for (var d = 0; d < ix.n; d++)
					docs.push(section(ix, d));
				return Promise.all(docs).then(function (secs) {
					var terms = new Set();
					cfg.names.forEach(function (name) {
						all.forEach(function (bk) { shardTerms(name, bk).forEach(function (v, t) { terms.add(t); }); });
					});
					var list = Array.from(terms).sort();
					return {
						docs: secs.map(function (x) { return [x.page[0], x.d[1], x.d[2], x.d[3]]; }),
						terms: list,
						postings: list.map(function (t) {
							var p = postings(ix, t), out = [];
							for (var k = 0; k < p.length; k += 3)
								out.push(p[k], p[k + 1]);
							return out;
						})
					};
				});
			});
		});
	}

	/* ---- rendering ---- */

	/* Returns the strings to mark in a result whose title and text are
	 * given (lowercased): each query word, and each CJK run, or its
	 * character pairs when the run itself is not there. */
	function markStrings(q, title, text) {
		var marks = [];
		parseQuery(q).forEach(function (u) {
			var whole = u.marks[0];
			if (!u.cjk || u.cjk.length < 2 || text.indexOf(whole) >= 0 || title.indexOf(whole) >= 0) {
				marks.push(whole);
				return;
			}
			for (var k = 1; k < u.cjk.length; k++)
				marks.push(u.cjk[k - 1] + u.cjk[k]);
		});
		return marks.filter(function (m) { return m; });
	}

	/* Returns [start, end) ranges in lower where marks occur; ASCII words
	 * only at the start of a word. */
	function findRanges(lower, marks) {
		var ranges = [];
		marks.forEach(function (m) {
			var ascii = /^[\x00-\x7f]+$/.test(m);
			for (var at = lower.indexOf(m); at >= 0; at = lower.indexOf(m, at + m.length)) {
				if (ascii && at > 0 && /[a-z0-9]/.test(lower.charAt(at - 1)))
					continue;
				ranges.push([at, at + m.length]);
			}
		});
		ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
		var merged = [];
		ranges.forEach(function (r) {
			var top = merged[merged.length - 1];
			if (top && r[0] <= top[1])
				top[1] = Math.max(top[1], r[1]);
			else
				merged.push([r[0], r[1]]);
		});
		return merged;
	}

	/* Appends text[start, end) to parent with the ranges inside <mark>. */
	function appendMarked(parent, text, start, end, ranges) {
		var at = start;
		ranges.forEach(function (r) {
			var a = Math.max(r[0], start), b = Math.min(r[1], end);
			if (a >= b || a < at)
				return;
			if (a > at)
				parent.appendChild(document.createTextNode(text.slice(at, a)));
			var mark = document.createElement("mark");
			mark.textContent = text.slice(a, b);
			parent.appendChild(mark);
			at = b;
		});
		if (at < end)
			parent.appendChild(document.createTextNode(text.slice(at, end)));
	}

	function snippet(parent, text, marks) {
		var lower = asciiLower(text);
		var ranges = findRanges(lower, marks);
		var start = 0;
		if (ranges.length)
			start = Math.max(0, ranges[0][0] - SNIPPET_BEFORE);
		/* do not start or end inside a surrogate pair, prefer a space */
		var space = text.lastIndexOf(" ", start);
		if (start > 0 && space > 0 && start - space < 15)
			start = space + 1;
		var end = Math.min(text.length, start + SNIPPET_LENGTH);
		var cut = text.lastIndexOf(" ", end);
		if (end < text.length && cut > start && end - cut < 15)
			end = cut;   /* end between words, not inside one */
		if (start > 0 && /[\udc00-\udfff]/.test(text.charAt(start)))
			start--;
		if (end < text.length && /[\udc00-\udfff]/.test(text.charAt(end)))
			end++;
		if (start > 0)
			parent.appendChild(document.createTextNode("…"));
		appendMarked(parent, text, start, end, ranges);
		if (end < text.length)
			parent.appendChild(document.createTextNode("…"));
	}

	/* Returns <span class="bi"> with a Chinese and an English text. */
	function bi(zh, en) {
		var s = document.createElement("span");
		s.className = "bi";
		var a = document.createElement("span");
		a.lang = "zh-Hans";
		a.textContent = zh;
		var b = document.createElement("span");
		b.lang = "en";
		b.textContent = en;
		s.appendChild(a);
		s.appendChild(document.createTextNode(" "));
		s.appendChild(b);
		return s;
	}

	var generation = 0;

	function render(q, list, status) {
		var gen = ++generation;
		q = String(q || "").trim();
		if (!q) {
			while (list.firstChild)
				list.removeChild(list.firstChild);
			status.textContent = "";
			return Promise.resolve();
		}
		return query(q).then(function (r) {
			if (gen !== generation)
				return;   /* a newer query was typed meanwhile */
			show(q, r, list, status);
		});
	}

	function show(q, r, list, status) {
		while (list.firstChild)
			list.removeChild(list.firstChild);
		status.textContent = "";
		if (!r) {
			status.appendChild(bi("搜索索引未能加载。", "The search index did not load."));
			return;
		}
		var shown = r.results;
		if (!shown.length) {
			status.appendChild(bi("没有找到“" + q + "”。", "No results for “" + q + "”."));
			return;
		}
		var partial = !shown[0].complete;
		var n = r.count;
		status.appendChild(bi(
			(partial ? "没有完全匹配；" : "") + "“" + q + "”：" + n + " 个结果" +
				(n > shown.length ? "（显示前 " + shown.length + " 个）" : "") + "。",
			(partial ? "No section matches every word; " : "") + n + (n === 1 ? " result" : " results") +
				" for “" + q + "”" + (n > shown.length ? " (showing the first " + shown.length + ")" : "") + "."));
		shown.forEach(function (r) {
			var li = document.createElement("li");
			var a = document.createElement("a");
			a.className = "result-title";
			/* a spec table finds the row and column the words name */
			a.href = /^specs\/(?!index\.)/.test(r.page) ?
				r.page + "?find=" + encodeURIComponent(q) + (r.anchor ? "#" + r.anchor : "") : r.href;
			var title = r.title || r.pageTitle || r.page;
			var marks = markStrings(q, asciiLower(title), asciiLower(r.text));
			appendMarked(a, title, 0, title.length, findRanges(asciiLower(title), marks));
			li.appendChild(a);
			var page = document.createElement("span");
			page.className = "result-page";
			page.textContent = r.pageTitle && r.pageTitle !== title ? r.pageTitle + " · " + r.page : r.page;
			li.appendChild(page);
			if (r.text) {
				var p = document.createElement("p");
				p.className = "result-snippet";
				snippet(p, r.text, marks);
				li.appendChild(p);
			}
			list.appendChild(li);
		});
	}

	function queryFromUrl() {
		try {
			return new URLSearchParams(window.location.search).get("q") || "";
		} catch (e) {
			return "";
		}
	}

	/* Keeps ?q= in the address so a result page's Back returns here;
	   history may refuse on file://, and then it does not matter. */
	function setUrlQuery(q) {
		try {
			var params = new URLSearchParams(window.location.search);
			if (q)
				params.set("q", q);
			else
				params.delete("q");
			var s = params.toString();
			history.replaceState(history.state, "", window.location.pathname + (s ? "?" + s : ""));
		} catch (e) { /* ignore */ }
	}

	function start() {
		var page = document.getElementById("search-page");
		var input = document.getElementById("search-input");
		var list = document.getElementById("search-results");
		if (!page || !input || !list)
			return;
		var status = document.getElementById("search-status");
		if (!status) {
			status = document.createElement("p");
			status.id = "search-status";
			status.setAttribute("role", "status");
			list.parentNode.insertBefore(status, list);
		}
		var form = input.form;
		var timer = 0;
		var run = function () {
			clearTimeout(timer);
			render(input.value, list, status);
			setUrlQuery(input.value.trim());
		};
		if (form) {
			form.addEventListener("submit", function (ev) {
				ev.preventDefault();
				run();
			});
		}
		input.addEventListener("input", function () {
			clearTimeout(timer);
			timer = setTimeout(run, 120);
		});
		var q = queryFromUrl();
		if (q) {
			input.value = q;
			render(q, list, status);
		}
		var header = document.getElementById("site-search-q");
		if (header && q)
			header.value = q;
		if (!q)
			input.focus();
	}

	/* For the browser tests, and for anyone curious in the console. */
	window.SpecbookSearch = { tokenize: tokenize, search: search, query: function (q) { return search(q); }, loadAll: loadAll };

	if (document.readyState === "loading")
		document.addEventListener("DOMContentLoaded", start);
	else
		start();
})();
