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
 * CJK text as its pairs of adjacent characters, and the last character of
 * each run on its own ("显存带宽": 显存, 存带, 带宽, 宽); a query for one
 * character finds it in every term that starts with it.
 *
 * A query is a list of units: each ASCII word (matching the word itself
 * and, at lower weight, words it begins), and each run of CJK text (all of
 * its character pairs must occur, so "显存带宽" finds the substring).
 * Sections that match every unit come first, ranked BM25-style with the
 * title counting more; if none matches every unit, sections matching some
 * are shown.  A word of FUZZY_MIN letters or more that the index does not
 * hold, not even as the start of a word, stands for the indexed words one
 * typo away (a letter dropped, added, changed or two swapped), looked up
 * in its own shard and in those its first two letters would have without
 * the typo when it is an added or swapped letter; a typo that changes or
 * drops one of the first two letters is not found.  Markup expected on
 * search.html:
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
	var SNIPPET_BEFORE = 90, SNIPPET_LENGTH = 240;
	var VALUE_REACH = 80;       /* a snippet runs on this far to the end of
	                               the clause after its last match ("TDP:
	                               1,000 W;") */
	var FUZZY_MIN = 4;          /* letters a word needs before one typo is
	                               forgiven ("nvlnk" finds "nvlink") */
	var FUZZY_MAX = 8;          /* words a mistyped word may stand for */
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
			for (var k = 1; k < seg.cjk.length; k++)
				terms.push(seg.cjk[k - 1] + seg.cjk[k]);
			terms.push(seg.cjk[seg.cjk.length - 1]);
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
	/* the site's root, for the results' links: search.html is there, but
	   the overlay (site.js) opens on pages in folders too */
	var ROOT = BASE.replace(/assets\/search\/$/, "");
	var metaData = {}, shardData = {}, docsData = {}, loading = {}, inflating = {};

	/* Returns a Response of the bytes that z holds: deflated (zlib's
	 * format), in base64 (search.h). */
	function inflated(z) {
		var bin = atob(z), bytes = new Uint8Array(bin.length);
		for (var k = 0; k < bin.length; k++)
			bytes[k] = bin.charCodeAt(k);
		var ds = new DecompressionStream("deflate"), w = ds.writable.getWriter();
		w.write(bytes);
		w.close();
		return new Response(ds.readable);
	}

	/* Returns a promise of the JSON value that z holds (a head, a page's
	 * sections). */
	function inflate(z) {
		return inflated(z).text().then(JSON.parse);
	}

	/* Each file of the index calls one of these with its JSON deflated. */
	window.SPECBOOK_SEARCH_META = function (name, z) {
		inflating[name] = inflate(z).then(function (v) { metaData[name] = v; });
	};
	window.SPECBOOK_SEARCH_SHARD = function (name, b, z) {
		inflating[name + "/" + b] = inflated(z).arrayBuffer().then(function (a) {
			shardData[name + "/" + b] = { bytes: new Uint8Array(a) };
		});
	};
	window.SPECBOOK_SEARCH_DOCS = function (name, k, z) {
		inflating[name + "/p" + k] = inflate(z).then(function (v) {
			var byDoc = new Map();
			v[1].forEach(function (d) { byDoc.set(d[0], d); });
			docsData[name + "/" + k] = { page: v[0], docs: byDoc };
		});
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

	/* Loads the index's file name/file.js, which sets key once inflated. */
	function loadFile(name, file, key) {
		return loadScript(BASE + name + "/" + file + ".js").then(function () {
			return inflating[key];
		}).then(null, function () {});
	}

	function loadShard(name, b) {
		return loadFile(name, ("0" + b.toString(16)).slice(-2), name + "/" + b);
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
	 * (ASCII: a word and the words it begins share one) or of the UTF-8
	 * bytes of its first character (CJK: a character and the pairs it
	 * begins share one). */
	function bucketOf(term, buckets) {
		var utf8 = unescape(encodeURIComponent(term)), c = utf8.charCodeAt(0);
		var key = Math.min(utf8.length, c < 0x80 ? 2 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2);
		var h = 2166136261 | 0;
		for (var k = 0; k < key; k++)
			h = Math.imul(h ^ utf8.charCodeAt(k), 16777619);
		return (h >>> 0) % buckets;
	}

	/* The shards a term is in, in a part whose head is m (search.c's
	 * shard_key() and search_shard()): a title ending's is that of the
	 * ending, a phrase gram's that of what follows its space.  A CJK
	 * character the head lists in x has its terms spread over x[ch]
	 * shards, by the bucket of what follows it: a pair (or gram) is in
	 * one, the character alone in the first; with all, a lone character
	 * gives all of them (a query of it adds up every term it starts). */
	function shardsOf(term, m, buckets, all) {
		var key = term.slice(term.indexOf(" ") + 1), b = bucketOf(key, buckets);
		var ch = key ? String.fromCodePoint(key.codePointAt(0)) : "";
		var k = m && m.x && Object.prototype.hasOwnProperty.call(m.x, ch) ? m.x[ch] : 1;
		if (k <= 1)
			return [b];
		var rest = key.slice(ch.length), out = [];
		if (rest)
			return [(b + bucketOf(rest, buckets) % k * (buckets / k)) % buckets];
		for (var j = 0; j < (all ? k : 1); j++)
			out.push((b + j * (buckets / k)) % buckets);
		return out;
	}

	var DIGITS = (function () {
		var t = {}, fin = "0123456789ABCDEFGHIJKLMNOPQRSTUV", more = "abcdefghijklmnopqrstuvwxyz!#$%&*";
		for (var k = 0; k < 32; k++) {
			t[fin.charCodeAt(k)] = k;
			t[more.charCodeAt(k)] = k + 32;
		}
		return t;
	})();

	/* Decodes a string of base-32 numbers (search.h). */
	function decodeAll(str) {
		var out = [], n = 0;
		for (var i = 0; i < str.length; i++) {
			var v = DIGITS[str.charCodeAt(i)];
			if (v >= 32) {
				n = n * 32 + v - 32;
				continue;
			}
			out.push(n * 32 + v);
			n = 0;
		}
		return out;
	}

	/* Reads the varint at v[at.i] (search.h) and moves at.i past it. */
	function varint(v, at) {
		var n = 0, m = 1, c;
		do {
			c = v[at.i++];
			n += (c & 127) * m;
			m *= 128;
		} while (c & 128 && at.i < v.length);
		return n;
	}

	/* Decodes a term's postings (bytes, search.h): [doc, weight × 2 + (1
	 * if the term is in the section's title), ...] with every doc whole.
	 * A phrase gram's (term holds a space after its start) have weight 0. */
	function decode(v, term) {
		var out = [], doc = 0, at = { i: 0 };
		if (term.indexOf(" ") > 0) {
			while (at.i < v.length) {
				var x = varint(v, at);
				doc += Math.floor(x / 2);
				out.push(doc, x % 2);
			}
			return out;
		}
		while (at.i < v.length) {
			var b = v[at.i++], step = b >> 4, w = b & 15;
			if (step === 15)
				step = varint(v, at);
			if (w === 15)
				w = varint(v, at);
			doc += step;
			out.push(doc, w);
		}
		return out;
	}

	/* The index of one query: the head of every part, then the shards of
	 * its terms in each part (which the part's head says).  Returns a
	 * promise of null when the index is not there. */
	function open(terms) {
		var cfg = config();
		if (!cfg)
			return Promise.resolve(null);
		var heads = cfg.names.map(function (name) { return loadFile(name, "m", name); });
		return Promise.all(heads).then(function () {
			var wait = [];
			cfg.names.forEach(function (name) {
				var shards = new Set();
				terms.forEach(function (t) {
					shardsOf(t, metaData[name], cfg.buckets, true).forEach(function (b) { shards.add(b); });
				});
				shards.forEach(function (b) { wait.push(loadShard(name, b)); });
			});
			return Promise.all(wait);
		}).then(function () {
			var parts = [], n = 0, total = 0, ok = true;
			cfg.names.forEach(function (name) {
				var m = metaData[name];
				if (!m) {
					ok = false;
					return;
				}
				if (!m.lengths)
					m.lengths = decodeAll(m.s);
				parts.push({ name: name, base: n, n: m.n, p: m.p, lengths: m.lengths, m: m });
				n += m.n;
				total += m.l;
			});
			if (!ok)
				return null;
			return { cfg: cfg, parts: parts, n: n, avgLength: n ? total / n : 1, cache: new Map() };
		});
	}

	var UTF8 = new TextDecoder();

	/* Map term → postings (bytes: decode()) of one shard. */
	function shardTerms(name, b) {
		var sh = shardData[name + "/" + b];
		if (!sh)
			return new Map();
		if (!sh.map) {
			/* search.h: the number of terms, their bytes (each ended by
			 * a NUL), their postings' lengths, their postings */
			var u = sh.bytes, at = { i: 0 }, n = u.length ? varint(u, at) : 0, terms = [], k;
			for (k = 0; k < n; k++) {
				var end = u.indexOf(0, at.i), bytes = u.subarray(at.i, end), ascii = true;
				for (var j = 0; j < bytes.length && ascii; j++)
					ascii = bytes[j] < 0x80;
				terms.push(ascii ? String.fromCharCode.apply(null, bytes) : UTF8.decode(bytes));
				at.i = end + 1;
			}
			var lens = terms.map(function () { return varint(u, at); });
			sh.map = new Map();
			for (k = 0; k < n; k++) {
				sh.map.set(terms[k], u.subarray(at.i, at.i + lens[k]));
				at.i += lens[k];
			}
		}
		return sh.map;
	}

	/* Returns 1 if term is one CJK letter. */
	function isCjkChar(term) {
		var cp = term.codePointAt(0);
		return term.length === (cp > 0xFFFF ? 2 : 1) && isCjkLetter(cp);
	}

	/* Returns the postings of the terms of one part that the query term
	 * stands for, [doc, weight × 2 + in title, ...] with the part's docs
	 * whole: term's own, or for one CJK letter, which the index holds
	 * only where no pair starts with it, those of every pair it starts
	 * and its own (in each of its shards: shardsOf()), added up section by
	 * section (a weight the sum, in the title if one of them is): its
	 * occurrences, as a term of its own would have them.  With exact,
	 * term's own in every case. */
	function partPostings(ix, part, term, exact) {
		var cjk = !exact && isCjkChar(term);
		var shards = shardsOf(term, part.m, ix.cfg.buckets, cjk);
		if (!cjk) {
			var str = shardTerms(part.name, shards[0]).get(term);
			return str === undefined ? [] : decode(str, term);
		}
		var sum = new Map();
		shards.forEach(function (b) {
			shardTerms(part.name, b).forEach(function (v, t) {
				if (t.lastIndexOf(term, 0) !== 0 || t.indexOf(" ") >= 0)
					return;   /* a phrase gram starts with a letter too */
				var p = decode(v, t);
				for (var k = 0; k < p.length; k += 2) {
					var w = sum.get(p[k]) || 0;
					sum.set(p[k], ((w >> 1) + (p[k + 1] >> 1)) * 2 + ((w | p[k + 1]) & 1));
				}
			});
		});
		var out = [];
		Array.from(sum.keys()).sort(function (x, y) { return x - y; }).forEach(function (d) {
			out.push(d, sum.get(d));
		});
		return out;
	}

	/* Returns the postings of term over the book, [doc, weight × 2 +
	 * in title, length, ...] with docs numbered across the parts, or null
	 * (a CJK letter, unless exact: see partPostings()). */
	function postings(ix, term, exact) {
		var key = (exact ? "=" : "") + term;   /* no term holds a "=" */
		if (ix.cache.has(key))
			return ix.cache.get(key);
		var out = [];
		ix.parts.forEach(function (part) {
			var p = partPostings(ix, part, term, exact);
			for (var k = 0; k < p.length; k += 2)
				out.push(p[k] + part.base, p[k + 1], part.lengths[p[k]]);
		});
		var r = out.length ? out : null;
		ix.cache.set(key, r);
		return r;
	}

	/* Returns the ASCII terms that start with prefix (not prefix itself):
	 * they are all in prefix's shard.  Sets ix.cut when there were more
	 * than PREFIX_MAX. */
	function prefixed(ix, prefix) {
		var b = bucketOf(prefix, ix.cfg.buckets), seen = new Set();
		ix.parts.forEach(function (part) {
			shardTerms(part.name, b).forEach(function (v, t) {
				if (t !== prefix && t.lastIndexOf(prefix, 0) === 0 && /^[\x00-\x7f]*$/.test(t) &&
				    t.indexOf(" ") < 0)   /* not a phrase gram */
					seen.add(t);
			});
		});
		ix.cut = seen.size > PREFIX_MAX;
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
		return { key: part.name + "/" + page, name: part.name, page: page, local: local };
	}

	/* Returns a promise of the section of doc: {page:[path,title], d:[doc,anchor,title,text]}. */
	function section(ix, doc) {
		var at = locate(ix, doc);
		return loadFile(at.name, "p" + at.page, at.name + "/p" + at.page).then(function () {
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

	/* Returns the phrase gram of a query (lowercased, trimmed): the two
	 * characters either side of its first space that has two word
	 * characters (ASCII letters and digits, CJK letters) on each side ("ry
	 * ba" of "memory bandwidth"), or null.  search.c's add_grams()
	 * indexes every gram of each section's title and text, so a section
	 * without the query's gram cannot have the query there as written. */
	function phraseGram(phrase) {
		var c = Array.from(phrase);
		var word = function (ch) {
			var cp = ch.codePointAt(0);
			return isAlnum(cp) || isCjkLetter(cp);
		};
		for (var k = 2; k + 2 < c.length; k++)
			if (c[k] === " " && word(c[k - 2]) && word(c[k - 1]) && word(c[k + 1]) && word(c[k + 2]))
				return c.slice(k - 2, k + 3).join("");
		return null;
	}

	/* Returns the most the phrase boosts can multiply a section's score
	 * by: ×1.5 for the query in its title, which needs every unit there
	 * (inTitle, from scoreUnit's titled), else ×1.25 for the words
	 * together in its text (queries of two words or more); and neither
	 * where the query's phrase gram is not (gram: its map doc → weight ×
	 * 2 + in title, or null without a gram), nor ×1.5 where the gram is
	 * not in the title. */
	function phraseBound(inTitle, nunits, gram, d) {
		var boost = inTitle ? 1.5 : nunits > 1 ? 1.25 : 1;
		if (!gram)
			return boost;
		var g = gram.get(d);
		return g === undefined ? 1 : g & 1 ? boost : Math.min(boost, nunits > 1 ? 1.25 : 1);
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
	 * section counts 0.3 of this: applied later, with the section loaded.
	 * The map's titled is the set of sections whose title has the unit (a
	 * word, a word it begins or one it is inside of, from the title
	 * endings " ndwidth" that search.c writes; every term of a CJK run),
	 * or null when that is not known: a word of one letter, whose longer
	 * words are not looked up, or one that begins more than PREFIX_MAX
	 * words. */
	function scoreUnit(ix, unit) {
		var scores = new Map(), titled = new Set();
		var add = function (term, factor, inTitle) {
			var p = postings(ix, term);
			if (!p)
				return null;
			var w = idf(ix, p) * factor, m = new Map();
			for (var k = 0; k < p.length; k += 3) {
				m.set(p[k], bm25(ix, p[k + 2], p[k + 1] >> 1) * w);
				if (p[k + 1] & 1)
					inTitle.add(p[k]);
			}
			return m;
		};
		if (unit.word !== undefined) {
			var exact = add(unit.word, 1, titled);
			if (exact)
				exact.forEach(function (s, d) { scores.set(d, s); });
			(unit.fuzzy || []).forEach(function (term) {
				var m = add(term, 0.7, titled);
				if (m)
					m.forEach(function (s, d) { scores.set(d, Math.max(scores.get(d) || 0, s)); });
			});
			ix.cut = unit.word.length < 2;
			if (unit.word.length >= 2) {
				prefixed(ix, unit.word).forEach(function (term) {
					var m = add(term, 0.5, titled);
					m.forEach(function (s, d) {
						scores.set(d, Math.max(scores.get(d) || 0, s));
					});
				});
			}
			if (!ix.cut) {
				var b = bucketOf(unit.word, ix.cfg.buckets), end = " " + unit.word;
				ix.parts.forEach(function (part) {
					shardTerms(part.name, b).forEach(function (v, t) {
						if (t.lastIndexOf(end, 0) !== 0)
							return;
						var p = decode(v, t);
						for (var k = 0; k < p.length; k += 2)
							titled.add(p[k] + part.base);
					});
				});
			}
			scores.titled = ix.cut ? null : titled;
			return scores;
		}
		var need = unitTerms(unit), first = true;
		for (var n = 0; n < need.length; n++) {
			var has = new Set(), m = add(need[n], 1, has);
			if (!m) {
				scores = new Map();
				scores.titled = new Set();
				return scores;
			}
			if (first) {
				scores = m;
				titled = has;
				first = false;
				continue;
			}
			var next = new Map(), both = new Set();
			scores.forEach(function (s, d) {
				if (m.has(d))
					next.set(d, s + m.get(d));
			});
			titled.forEach(function (d) { if (has.has(d)) both.add(d); });
			scores = next;
			titled = both;
		}
		scores.titled = titled;
		return scores;
	}

	/* Is b one typo away from a (one letter dropped, added or changed, or
	 * two neighbours swapped)? */
	function oneTypo(a, b) {
		if (a === b || Math.abs(a.length - b.length) > 1)
			return false;
		var i = 0;
		while (i < a.length && i < b.length && a.charAt(i) === b.charAt(i))
			i++;
		if (a.length === b.length)
			return a.slice(i + 1) === b.slice(i + 1) ||
				(a.charAt(i) === b.charAt(i + 1) && a.charAt(i + 1) === b.charAt(i) && a.slice(i + 2) === b.slice(i + 2));
		return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
	}

	/* The buckets where the words one typo from word are: its own, and
	 * those of its first two letters with the first or second letter
	 * dropped or the two swapped. */
	function typoBuckets(word, buckets) {
		var set = new Set([bucketOf(word, buckets)]);
		[word.slice(1), word.charAt(0) + word.slice(2), word.charAt(1) + word.charAt(0) + word.slice(2)]
			.forEach(function (w) { if (w) set.add(bucketOf(w, buckets)); });
		return set;
	}

	/* Gives each word unit the index does not know (neither as a word nor
	 * as the start of one) the words one typo away: unit.fuzzy. */
	function forgiveTypos(ix, units) {
		var want = units.filter(function (u) {
			return u.word !== undefined && /^[a-z]+$/.test(u.word) && u.word.length >= FUZZY_MIN &&
				!postings(ix, u.word) && !prefixed(ix, u.word).length;
		});
		if (!want.length)
			return Promise.resolve();
		var wait = [];
		want.forEach(function (u) {
			typoBuckets(u.word, ix.cfg.buckets).forEach(function (b) {
				ix.cfg.names.forEach(function (name) { wait.push(loadShard(name, b)); });
			});
		});
		return Promise.all(wait).then(function () {
			want.forEach(function (u) {
				var found = new Set();
				typoBuckets(u.word, ix.cfg.buckets).forEach(function (b) {
					ix.parts.forEach(function (part) {
						shardTerms(part.name, b).forEach(function (v, t) {
							if (/^[a-z]+$/.test(t) && oneTypo(u.word, t))
								found.add(t);
						});
					});
				});
				u.fuzzy = Array.from(found).sort().slice(0, FUZZY_MAX);
				if (u.fuzzy.length)
					u.marks = u.fuzzy.slice();
			});
		});
	}

	/* A spec row's section is its cells, "column: value; …".  A query that
	 * names a column matches every row of the table: the chapter's prose
	 * on it is the better answer, then the rows that have a value in that
	 * column, and last those whose cell is empty ("—").  Returns the
	 * factor of a section's score: 1 for prose, ROW_WEIGHT for a row, and
	 * EMPTY_WEIGHT more for a row whose matches (outside its name) all
	 * fall in empty cells. */
	var ROW_WEIGHT = 0.6, EMPTY_WEIGHT = 0.15;
	function rowWeight(page, anchor, lower, lowerTitle, units) {
		if (!/^specs\//.test(page) || !anchor)
			return 1;
		var full = 0, empty = 0;
		units.forEach(function (u) {
			var w = u.cjk ? u.cjk.join("") : u.word;
			if (!w || lowerTitle.indexOf(w) >= 0)
				return;
			for (var at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + w.length)) {
				var end = lower.indexOf(";", at), colon = lower.indexOf(":", at);
				if (end < 0)
					end = lower.length;
				if (colon < 0 || colon > end)
					continue;   /* in a value, not a column's name */
				if (/^\s*(\u2014|-|$)/.test(lower.slice(colon + 1, end)))
					empty++;
				else
					full++;
			}
		});
		return ROW_WEIGHT * (empty && !full ? EMPTY_WEIGHT : 1);
	}

	var SHOWN = 20;      /* results shown at first, and more at a time */
	var BATCH = 8;       /* sections loaded at a time while ranking */

	/* Returns a promise of {results: [{doc, score, complete, page, pageTitle,
	 * anchor, title, text, href}] (the first limit, SHOWN when not given),
	 * count, units (the query's, with the words mistyped ones stand for)},
	 * or null when the index did not load. */
	function query(q, limit) {
		var units = parseQuery(q);
		var want = limit > 0 ? limit : SHOWN;
		if (!units.length)
			return Promise.resolve({ results: [], count: 0, units: units });
		var terms = [], grams = phraseGram(asciiLower(String(q).trim()));
		units.forEach(function (u) { terms = terms.concat(unitTerms(u)); });
		if (grams)
			terms.push(grams);
		var ix = null;
		return open(terms).then(function (opened) {
			ix = opened;
			return ix ? forgiveTypos(ix, units) : null;
		}).then(function () {
			if (!ix)
				return null;
			var per = new Map();   /* doc → [score of each unit] */
			var titled = [];       /* unit → sections whose title has it, or null */
			units.forEach(function (unit, u) {
				var m = scoreUnit(ix, unit);
				titled[u] = m.titled;
				m.forEach(function (s, d) {
					var a = per.get(d);
					if (!a)
						per.set(d, a = []);
					a[u] = s;
				});
			});
			var phrase = asciiLower(String(q).trim()), gram = null;
			if (grams) {
				var gp = postings(ix, grams);
				gram = new Map();
				for (var k = 0; gp && k < gp.length; k += 3)
					gram.set(gp[k], gp[k + 1]);
			}
			var cands = [];
			/* ub: the most a section can score once loaded (phraseBound);
			   a query of one character ("显") has no ×1.5 for the title
			   (finish()), so titled sections are not lifted by it */
			per.forEach(function (a, d) {
				var sum = 0, hits = 0, inTitle = phrase.length > 1;
				for (var u = 0; u < units.length; u++) {
					if (a[u] !== undefined) {
						sum += a[u];
						hits++;
					}
					if (titled[u] && !titled[u].has(d))
						inTitle = false;
				}
				var boost = phraseBound(inTitle, units.length, gram, d);
				cands.push({ doc: d, per: a, hits: hits, ub: sum * boost });
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
				s *= rowWeight(page[0], d[1], lower, lowerTitle, units);
				done.push({
					doc: c.doc, score: s, hits: c.hits, complete: c.hits === units.length,
					page: page[0], pageTitle: page[1], anchor: d[1], title: d[2], text: d[3],
					href: page[0] + (d[1] ? "#" + d[1] : "")
				});
			};
			var step = function () {
				if (done.length >= want) {
					done.sort(order);
					var e = done[want - 1], c = cands[i];
					if (!c || c.hits < e.hits || (c.hits === e.hits && c.ub < e.score))
						i = cands.length;
				}
				if (i >= cands.length) {
					done.sort(order);
					return { results: done.slice(0, want), count: cands.length, units: units };
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
			cfg.names.forEach(function (name) { wait.push(loadShard(name, b)); });
		return Promise.all(wait).then(function () {
			var all = [];
			for (var b = 0; b < cfg.buckets; b++)
				all.push(b);
			return open([]).then(function (ix) {
				var docs = [];
				for (var d = 0; d < ix.n; d++)
					docs.push(section(ix, d));
				return Promise.all(docs).then(function (secs) {
					var terms = new Set();
					cfg.names.forEach(function (name) {
						all.forEach(function (bk) {
							shardTerms(name, bk).forEach(function (v, t) {
								if (t.indexOf(" ") < 0)   /* not a title ending or phrase gram */
									terms.add(t);
							});
						});
					});
					var list = Array.from(terms).sort();
					return {
						docs: secs.map(function (x) { return [x.page[0], x.d[1], x.d[2], x.d[3]]; }),
						terms: list,
						postings: list.map(function (t) {
							var p = postings(ix, t, true), out = [];
							for (var k = 0; k < p.length; k += 3)
								out.push(p[k], p[k + 1] >> 1);
							return out;
						})
					};
				});
			});
		});
	}

	/* ---- rendering ---- */

	/* Returns the strings to mark in a result whose title and text are
	 * given (lowercased): each query word (or the words a mistyped one
	 * stands for), and each CJK run, or its character pairs when the run
	 * itself is not there. */
	function markStrings(units, title, text) {
		var marks = [];
		units.forEach(function (u) {
			var whole = u.marks[0];
			if (!u.cjk || u.cjk.length < 2 || text.indexOf(whole) >= 0 || title.indexOf(whole) >= 0) {
				marks = marks.concat(u.marks);
				return;
			}
			for (var k = 1; k < u.cjk.length; k++)
				marks.push(u.cjk[k - 1] + u.cjk[k]);
		});
		return marks.filter(function (m) { return m; });
	}

	/* Returns [start, end, mark] of every place in lower where a mark
	 * occurs, in text order; ASCII words only at the start of a word. */
	function findHits(lower, marks) {
		var hits = [];
		marks.forEach(function (m, k) {
			var ascii = /^[\x00-\x7f]+$/.test(m);
			for (var at = lower.indexOf(m); at >= 0; at = lower.indexOf(m, at + m.length)) {
				if (ascii && at > 0 && /[a-z0-9]/.test(lower.charAt(at - 1)))
					continue;
				hits.push([at, at + m.length, k]);
			}
		});
		return hits.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
	}

	/* Returns [start, end) ranges in lower where marks occur, merged. */
	function findRanges(lower, marks) {
		var merged = [];
		findHits(lower, marks).forEach(function (r) {
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

	/* Returns [start, end) of the snippet of text: the window of
	 * SNIPPET_LENGTH that holds the most different marks (a mark the
	 * title already shows counts a quarter), its first match SNIPPET_BEFORE
	 * in, run on to the end of the clause after its last match so that the
	 * value a label names is in it ("TDP: 1,000 W"). */
	function snippetWindow(text, marks, titleLower) {
		var lower = asciiLower(text);
		var hits = findHits(lower, marks).slice(0, 200);
		var best = null;
		hits.forEach(function (h) {
			var from = Math.max(0, h[0] - SNIPPET_BEFORE), to = from + SNIPPET_LENGTH;
			var seen = {}, score = 0, last = h[1];
			hits.forEach(function (o) {
				if (o[0] < from || o[1] > to)
					return;
				last = Math.max(last, o[1]);
				if (seen[o[2]])
					return;
				seen[o[2]] = 1;
				score += titleLower.indexOf(marks[o[2]]) >= 0 ? 0.25 : 1;
			});
			if (!best || score > best.score)
				best = { score: score, from: from, last: last };
		});
		var start = best ? best.from : 0, end = Math.min(text.length, start + SNIPPET_LENGTH);
		if (best) {
			var clause = text.slice(best.last).search(/[;；。]|[.!?](\s|$)/);
			if (clause >= 0 && best.last + clause + 1 > end && clause < VALUE_REACH)
				end = Math.min(text.length, best.last + clause + 1);
		}
		/* start and end between words, never inside a surrogate pair */
		var space = text.lastIndexOf(" ", start);
		if (start > 0 && space > 0 && start - space < 15)
			start = space + 1;
		var cut = text.lastIndexOf(" ", end);
		if (end < text.length && cut > start && end - cut < 15 && (!best || cut > best.last))
			end = cut;
		if (start > 0 && /[\udc00-\udfff]/.test(text.charAt(start)))
			start--;
		if (end < text.length && /[\udc00-\udfff]/.test(text.charAt(end)))
			end++;
		return [start, end];
	}

	function snippet(parent, text, marks, titleLower) {
		var w = snippetWindow(text, marks, titleLower || "");
		if (w[0] > 0)
			parent.appendChild(document.createTextNode("…"));
		appendMarked(parent, text, w[0], w[1], findRanges(asciiLower(text), marks));
		if (w[1] < text.length)
			parent.appendChild(document.createTextNode("…"));
	}

	function hanCount(s) {
		var n = 0;
		for (var i = 0; i < s.length; i++)
			n += isHan(s.charCodeAt(i)) ? 1 : 0;
		return n;
	}

	/* A section's text in one language: {zh, en}, each the sentences of
	 * that language (Chinese ones hold Han characters, English ones none),
	 * or null when the text is not written as Chinese followed by its
	 * English (a spec row, whose every clause has both labels). */
	function byLanguage(text) {
		/* sentences: up to a Chinese stop, or a Latin one before a space */
		var parts = text.match(/(?:[^。！？；：.!?;:]|[.!?;:](?=\S))*(?:[。！？；：]+|[.!?;:]+(?=\s|$))\s*|.+$/g) || [];
		var zh = "", en = "";
		parts.forEach(function (p) {
			if (hanCount(p))
				zh += p;
			else if (/[A-Za-z]/.test(p))
				en += p;
		});
		return zh.trim() && en.trim() ? { zh: zh.trim(), en: en.trim() } : null;
	}

	/* A title in both languages, as the index holds it: "3.10 供电 (Power)"
	 * or "加速器 Accelerators" give {zh: "3.10 供电", en: "3.10 Power"};
	 * null when it is in one language. */
	function titleByLanguage(title) {
		var num = /^[\d.]+\s/.exec(title);
		var paren = /^(.*\S)\s*[（(]([^（()）]*)[)）]\s*$/.exec(title);
		if (paren && hanCount(paren[1]) && !hanCount(paren[2]) && /[A-Za-z]/.test(paren[2]))
			return { zh: paren[1], en: num && paren[2].indexOf(num[0]) !== 0 ? num[0] + paren[2] : paren[2] };
		var last = -1;
		for (var i = 0; i < title.length; i++)
			if (isHan(title.charCodeAt(i)))
				last = i;
		if (last < 0)
			return null;
		var tail = title.slice(last + 1).replace(/^[\s)）]*/, "").trim();
		if (!/[A-Za-z]/.test(tail))
			return null;
		var zh = title.slice(0, last + 1).replace(/\s*[（(]\s*$/, "").trim();
		var en = tail.replace(/^\(\s*/, "").replace(/\s*\)$/, "");
		return { zh: zh, en: num && en.indexOf(num[0]) !== 0 ? num[0] + en : en };
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

	/* The same with the marks of each text inside <mark>. */
	function biMarked(zh, en, marks) {
		var s = bi("", "");
		[[s.firstChild, zh], [s.lastChild, en]].forEach(function (x) {
			appendMarked(x[0], x[1], 0, x[1].length, findRanges(asciiLower(x[1]), marks));
		});
		return s;
	}

	var generation = 0;

	/* Shows the first limit results for q (SHOWN when not given). */
	function render(q, list, status, limit) {
		var gen = ++generation;
		q = String(q || "").trim();
		if (!q) {
			while (list.firstChild)
				list.removeChild(list.firstChild);
			status.textContent = "";
			more(list, null);
			return Promise.resolve();
		}
		return query(q, limit).then(function (r) {
			if (gen !== generation)
				return;   /* a newer query was typed meanwhile */
			show(q, r, list, status);
			more(list, r && r.count > r.results.length ? function () {
				var from = r.results.length;
				render(q, list, status, from + SHOWN).then(function () {
					var links = list.querySelectorAll(".result-title");
					if (links[from])
						links[from].focus();
				});
			} : null, r ? r.count - r.results.length : 0);
		});
	}

	/* The "more results" button after the list: shown with onClick, or
	 * removed when onClick is null. */
	function more(list, onClick, left) {
		var b = document.getElementById("search-more");
		if (!onClick) {
			if (b)
				b.parentNode.removeChild(b);
			return;
		}
		if (!b) {
			b = document.createElement("button");
			b.type = "button";
			b.id = "search-more";
			b.className = "search-more";
			list.parentNode.insertBefore(b, list.nextSibling);
		}
		b.textContent = "";
		var n = Math.min(SHOWN, left);
		b.appendChild(bi("再显示 " + n + " 个（还有 " + left + " 个）", "Show " + n + " more (" + left + " left)"));
		b.onclick = onClick;
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
		var units = r.units;
		var fixed = units.filter(function (u) { return u.fuzzy && u.fuzzy.length; }).map(function (u) {
			return u.word + " → " + u.fuzzy.join(", ");
		}).join("; ");
		status.appendChild(bi(
			(partial ? "没有完全匹配；" : "") + "“" + q + "”：" + n + " 个结果" +
				(n > shown.length ? "（显示前 " + shown.length + " 个）" : "") +
				(fixed ? "，按拼写相近的词查找：" + fixed : "") + "。",
			(partial ? "No section matches every word; " : "") + n + (n === 1 ? " result" : " results") +
				" for “" + q + "”" + (n > shown.length ? " (showing the first " + shown.length + ")" : "") +
				(fixed ? ", read as the nearest words in the book: " + fixed : "") + "."));
		shown.forEach(function (r) {
			var li = document.createElement("li");
			var a = document.createElement("a");
			a.className = "result-title";
			/* a spec table finds the row and column the words name; a
			   page marks the words (site.js) */
			a.href = ROOT + (/^specs\/(?!index\.)/.test(r.page) ?
				r.page + "?find=" + encodeURIComponent(q) + (r.anchor ? "#" + r.anchor : "") :
				r.page + "?highlight=" + encodeURIComponent(highlightWords(units)) + (r.anchor ? "#" + r.anchor : ""));
			var title = r.title || r.pageTitle || r.page;
			var marks = markStrings(units, asciiLower(title), asciiLower(r.text));
			var tl = titleByLanguage(title);
			if (tl)
				a.appendChild(biMarked(tl.zh, tl.en, marks));
			else
				appendMarked(a, title, 0, title.length, findRanges(asciiLower(title), marks));
			li.appendChild(a);
			var page = document.createElement("span");
			page.className = "result-page";
			var pt = r.pageTitle && r.pageTitle !== title ? titleByLanguage(r.pageTitle) : null;
			if (pt) {
				page.appendChild(bi(pt.zh, pt.en));
				page.appendChild(document.createTextNode(" · " + r.page));
			} else {
				page.textContent = r.pageTitle && r.pageTitle !== title ? r.pageTitle + " · " + r.page : r.page;
			}
			li.appendChild(page);
			if (r.text) {
				var titleLower = asciiLower(title);
				/* a spec row's clauses each carry both labels */
				var langs = /^specs\//.test(r.page) ? null : byLanguage(r.text), p;
				if (langs) {
					/* one snippet a language; the reading mode shows its own
					   (from its start when the words are in the title or
					   in the other language only) */
					var box = document.createElement("div");
					box.className = "pair result-snippets";
					["zh", "en"].forEach(function (l) {
						var text = langs[l];
						p = document.createElement("p");
						p.className = "result-snippet";
						p.lang = l === "zh" ? "zh-Hans" : "en";
						snippet(p, text, marks, titleLower);
						box.appendChild(p);
					});
					li.appendChild(box);
				} else {
					p = document.createElement("p");
					p.className = "result-snippet";
					snippet(p, r.text, marks, titleLower);
					li.appendChild(p);
				}
			}
			list.appendChild(li);
		});
	}

	/* The words the page of a result is to mark: the query's, a mistyped
	 * word replaced by the words it stands for. */
	function highlightWords(units) {
		return units.map(function (u) { return u.marks.join(" "); }).join(" ");
	}

	/* ↓ from the search box to the first result, ↑ ↓ between results, ↑
	 * from the first back to the box. */
	function arrowKeys(input, list) {
		var links = function () { return Array.prototype.slice.call(list.querySelectorAll(".result-title")); };
		input.addEventListener("keydown", function (ev) {
			if (ev.key !== "ArrowDown" || ev.altKey || ev.ctrlKey || ev.metaKey)
				return;
			var l = links();
			if (l.length) {
				ev.preventDefault();
				l[0].focus();
			}
		});
		list.addEventListener("keydown", function (ev) {
			if ((ev.key !== "ArrowDown" && ev.key !== "ArrowUp") || ev.altKey || ev.ctrlKey || ev.metaKey)
				return;
			var l = links(), k = l.indexOf(document.activeElement);
			if (k < 0)
				return;
			ev.preventDefault();
			if (ev.key === "ArrowDown" && k + 1 < l.length)
				l[k + 1].focus();
			else if (ev.key === "ArrowUp")
				(k ? l[k - 1] : input).focus();
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
		/* the overlay of another page (site.js): no address to keep, and
		   Enter opens the first result */
		var overlay = page.hasAttribute("data-overlay");
		arrowKeys(input, list);
		var run = function () {
			clearTimeout(timer);
			var done = render(input.value, list, status);
			if (!overlay)
				setUrlQuery(input.value.trim());
			return done;
		};
		if (form) {
			form.addEventListener("submit", function (ev) {
				ev.preventDefault();
				if (!overlay) {
					run();
					return;
				}
				run().then(function () {
					var first = list.querySelector(".result-title");
					if (first)
						window.location.href = first.href;
				});
			});
		}
		input.addEventListener("input", function () {
			clearTimeout(timer);
			timer = setTimeout(run, 120);
		});
		if (overlay) {
			run();
			return;
		}
		var q = queryFromUrl();
		if (q) {
			input.value = q;
			render(q, list, status);
		}
		var header = document.getElementById("site-search-q");
		if (header && q)
			header.value = q;
		/* the box holds the focus, with or without a query (from the
		   header's box): ↓ goes to the first result at once */
		input.focus();
		if (q)
			input.setSelectionRange(input.value.length, input.value.length);
		/* ↓ anywhere on the page but a field goes to the results too */
		document.addEventListener("keydown", function (ev) {
			var a = document.activeElement;
			if (ev.key !== "ArrowDown" || ev.altKey || ev.ctrlKey || ev.metaKey ||
			    (a && a !== document.body && a.id !== "main"))
				return;
			var first = list.querySelector(".result-title");
			if (first) {
				ev.preventDefault();
				first.focus();
			}
		});
	}

	/* For the browser tests, and for anyone curious in the console. */
	window.SpecbookSearch = { tokenize: tokenize, search: search, query: function (q) { return search(q); }, loadAll: loadAll };

	if (document.readyState === "loading")
		document.addEventListener("DOMContentLoaded", start);
	else
		start();
})();
