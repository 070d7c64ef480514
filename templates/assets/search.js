/*
 * search.js — the search page of a specbook site, offline and from file://.
 *
 * The index comes in parts, assets/search/*.js, each pushing one object onto
 * window.SPECBOOK_SEARCH_PARTS (generator/search.h documents the shape);
 * search.html loads them before this file, and load() merges them into one
 * index, also left in window.SPECBOOK_SEARCH.  The
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
	var MAX_RESULTS = 50;
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

	/* ---- the index ---- */

	var index = null;

	/* Returns postings [doc, weight, ...] with every doc whole: version 2
	 * gives each doc after the first as its step from the one before. */
	function wholeDocs(ix, p) {
		if (!(ix.version >= 2))
			return p;
		var out = new Array(p.length), doc = 0;
		for (var k = 0; k < p.length; k += 2) {
			doc = k ? doc + p[k] : p[k];
			out[k] = doc;
			out[k + 1] = p[k + 1];
		}
		return out;
	}

	/* Merges the parts in order: their page and doc numbers are their own,
	 * so each is shifted past the parts before it. */
	function merge(parts) {
		var raw = { version: 1, pages: [], docs: [], terms: [], postings: [] };   /* docs whole */
		var byTerm = new Map();
		parts.forEach(function (part) {
			var pageBase = raw.pages.length, docBase = raw.docs.length;
			part.pages.forEach(function (p) { raw.pages.push(p); });
			part.docs.forEach(function (d) { raw.docs.push([d[0] + pageBase, d[1], d[2], d[3]]); });
			part.terms.forEach(function (t, i) {
				var list = byTerm.get(t), p = wholeDocs(part, part.postings[i]);
				if (!list)
					byTerm.set(t, list = []);
				for (var k = 0; k < p.length; k += 2)
					list.push(p[k] + docBase, p[k + 1]);
			});
		});
		/* sorted as the C side sorts (UTF-8 bytes): the same for ASCII terms,
		 * which come first, and only their order matters (prefixed()) */
		raw.terms = Array.from(byTerm.keys()).sort();
		raw.postings = raw.terms.map(function (t) { return byTerm.get(t); });
		return raw;
	}

	function load() {
		if (index)
			return index;
		if (!window.SPECBOOK_SEARCH && window.SPECBOOK_SEARCH_PARTS)
			window.SPECBOOK_SEARCH = merge(window.SPECBOOK_SEARCH_PARTS);
		var raw = window.SPECBOOK_SEARCH;
		if (!raw || !raw.docs || !raw.terms || !raw.postings)
			return null;
		var terms = new Map();
		for (var t = 0; t < raw.terms.length; t++)
			terms.set(raw.terms[t], wholeDocs(raw, raw.postings[t]));
		/* The terms are sorted by UTF-8 bytes; the ASCII ones come first and
		 * are in the same order as JavaScript sorts them. */
		var ascii = 0;
		while (ascii < raw.terms.length && /^[\x00-\x7f]*$/.test(raw.terms[ascii]))
			ascii++;
		var total = 0;
		var lengths = raw.docs.map(function (d) {
			var n = d[3].length + d[2].length;
			total += n;
			return n;
		});
		/* a page without a name takes the title of its top section */
		var pageTitles = (raw.pages || []).map(function (p) { return p[1] || ""; });
		raw.docs.forEach(function (d) {
			if (!d[1] && !pageTitles[d[0]])
				pageTitles[d[0]] = d[2];
		});
		index = {
			raw: raw,
			pageTitles: pageTitles,
			terms: terms,
			asciiTerms: raw.terms.slice(0, ascii),
			lengths: lengths,
			avgLength: raw.docs.length ? total / raw.docs.length : 1,
			lower: raw.docs.map(function (d) { return asciiLower(d[3]); }),
			lowerTitle: raw.docs.map(function (d) { return asciiLower(d[2]); })
		};
		return index;
	}

	function asciiLower(s) {
		return s.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); });
	}

	/* Returns the ASCII terms that start with prefix (not prefix itself). */
	function prefixed(ix, prefix) {
		var a = ix.asciiTerms, lo = 0, hi = a.length;
		while (lo < hi) {
			var mid = (lo + hi) >> 1;
			if (a[mid] < prefix)
				lo = mid + 1;
			else
				hi = mid;
		}
		var out = [];
		for (var k = lo; k < a.length && out.length < PREFIX_MAX && a[k].lastIndexOf(prefix, 0) === 0; k++)
			if (a[k] !== prefix)
				out.push(a[k]);
		return out;
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

	function idf(ix, postings) {
		var n = ix.raw.docs.length, df = postings.length / 2;
		return Math.log(1 + (n - df + 0.5) / (df + 0.5));
	}

	function bm25(ix, doc, weight) {
		var norm = 1 - B + B * ix.lengths[doc] / ix.avgLength;
		return weight * (K1 + 1) / (weight + K1 * norm);
	}

	/* Returns Map doc → score for one unit; every term in need must occur. */
	function scoreUnit(ix, unit) {
		var scores = new Map();
		var add = function (term, factor) {
			var p = ix.terms.get(term);
			if (!p)
				return null;
			var w = idf(ix, p) * factor, m = new Map();
			for (var k = 0; k < p.length; k += 2)
				m.set(p[k], bm25(ix, p[k], p[k + 1]) * w);
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
		/* CJK: one character, or every adjacent pair */
		var need = [];
		if (unit.cjk.length === 1)
			need.push(unit.cjk[0]);
		for (var k = 1; k < unit.cjk.length; k++)
			need.push(unit.cjk[k - 1] + unit.cjk[k]);
		var first = true;
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
		/* the pairs occur, but is the text itself there? */
		if (unit.cjk.length > 2) {
			var whole = unit.cjk.join("");
			scores.forEach(function (s, d) {
				if (ix.lower[d].indexOf(whole) < 0 && ix.lowerTitle[d].indexOf(whole) < 0)
					scores.set(d, s * 0.3);
			});
		}
		return scores;
	}

	/* Returns the ranked results for query q: [{doc, score, units}]. */
	function search(q) {
		var ix = load();
		if (!ix)
			return [];
		var units = parseQuery(q);
		if (!units.length)
			return [];
		var total = new Map(), hits = new Map();
		units.forEach(function (unit) {
			scoreUnit(ix, unit).forEach(function (s, d) {
				total.set(d, (total.get(d) || 0) + s);
				hits.set(d, (hits.get(d) || 0) + 1);
			});
		});
		var phrase = asciiLower(String(q).trim());
		var results = [];
		total.forEach(function (s, d) {
			if (phrase.length > 1 && ix.lowerTitle[d].indexOf(phrase) >= 0)
				s *= 1.5;
			else if (units.length > 1 && ix.lower[d].indexOf(phrase) >= 0)
				s *= 1.25;   /* the words as written, together */
			results.push({ doc: d, score: s, hits: hits.get(d) });
		});
		var all = results.filter(function (r) { return r.hits === units.length; });
		if (all.length)
			results = all;
		results.sort(function (a, b) {
			return b.hits - a.hits || b.score - a.score || a.doc - b.doc;
		});
		return results.map(function (r) {
			var d = ix.raw.docs[r.doc], page = ix.raw.pages[d[0]] || ["", ""];
			page = [page[0], ix.pageTitles[d[0]] || ""];
			return {
				doc: r.doc,
				score: r.score,
				complete: r.hits === units.length,
				page: page[0],
				pageTitle: page[1],
				anchor: d[1],
				title: d[2],
				text: d[3],
				href: page[0] + (d[1] ? "#" + d[1] : "")
			};
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

	function render(q, list, status) {
		while (list.firstChild)
			list.removeChild(list.firstChild);
		status.textContent = "";
		q = String(q || "").trim();
		if (!q)
			return;
		if (!load()) {
			status.appendChild(bi("搜索索引未能加载。", "The search index did not load."));
			return;
		}
		var results = search(q);
		var shown = results.slice(0, MAX_RESULTS);
		if (!results.length) {
			status.appendChild(bi("没有找到“" + q + "”。", "No results for “" + q + "”."));
			return;
		}
		var partial = !results[0].complete;
		var n = results.length;
		status.appendChild(bi(
			(partial ? "没有完全匹配；" : "") + "“" + q + "”：" + n + " 个结果" +
				(n > shown.length ? "（显示前 " + shown.length + " 个）" : "") + "。",
			(partial ? "No section matches every word; " : "") + n + (n === 1 ? " result" : " results") +
				" for “" + q + "”" + (n > shown.length ? " (showing the first " + shown.length + ")" : "") + "."));
		shown.forEach(function (r) {
			var li = document.createElement("li");
			var a = document.createElement("a");
			a.className = "result-title";
			a.href = r.href;
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
	window.SpecbookSearch = { tokenize: tokenize, search: search, index: function () { var ix = load(); return ix && ix.raw; } };

	if (document.readyState === "loading")
		document.addEventListener("DOMContentLoaded", start);
	else
		start();
})();
