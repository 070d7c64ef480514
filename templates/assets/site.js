/*
 * site.js — the reading language switch and a few small helpers, on every
 * page of a specbook site.
 *
 * Reading language: <html data-lang="zh|en|both">; site.css hides the other
 * language.  The choice comes from ?lang=zh|en|both (which is then saved),
 * else from localStorage "specbook-lang", else "both"; the buttons marked
 * data-set-lang change and save it.  Without JavaScript both languages
 * show.  No request leaves the page.
 */
(function () {
	"use strict";

	var KEY = "specbook-lang";
	var MODES = { zh: true, en: true, both: true };
	var root = document.documentElement;

	function valid(mode) {
		return typeof mode === "string" && MODES.hasOwnProperty(mode);
	}

	function saved() {
		try {
			return localStorage.getItem(KEY);
		} catch (e) {
			return null;   /* storage disabled (privacy settings) */
		}
	}

	function save(mode) {
		try {
			localStorage.setItem(KEY, mode);
		} catch (e) { /* the choice then lasts for this page only */ }
	}

	function fromUrl() {
		try {
			return new URLSearchParams(window.location.search).get("lang");
		} catch (e) {
			return null;
		}
	}

	var PLACEHOLDER = { zh: "搜索…", en: "Search…", both: "搜索 / Search…" };

	function apply(mode) {
		if (root.hasAttribute("data-one-language"))
			return;   /* a book in one language: its labels are in it alone */
		root.setAttribute("data-lang", mode);
		var box = document.getElementById("site-search-q");
		if (box)
			box.setAttribute("placeholder", PLACEHOLDER[mode]);
		var buttons = document.querySelectorAll("[data-set-lang]");
		for (var i = 0; i < buttons.length; i++) {
			var b = buttons[i];
			b.setAttribute("aria-pressed", b.getAttribute("data-set-lang") === mode ? "true" : "false");
		}
	}

	/* After a click the URL's ?lang= would undo the choice on reload:
	   drop it (history may refuse on file://; then it stays). */
	function dropUrlLang() {
		if (!fromUrl())
			return;
		try {
			var params = new URLSearchParams(window.location.search);
			params.delete("lang");
			var q = params.toString();
			history.replaceState(history.state, "",
				window.location.pathname + (q ? "?" + q : "") + window.location.hash);
		} catch (e) { /* ignore */ }
	}

	function choose(mode) {
		if (!valid(mode))
			return;
		apply(mode);
		save(mode);
		dropUrlLang();
	}

	var initial = fromUrl();
	if (valid(initial))
		save(initial);
	else
		initial = saved();
	apply(valid(initial) ? initial : "both");
	root.classList.add("js");

	document.addEventListener("click", function (ev) {
		var t = ev.target;
		var b = t && t.closest ? t.closest("[data-set-lang]") : null;
		if (b)
			choose(b.getAttribute("data-set-lang"));
	});

	/* Another tab changed the language: follow it. */
	window.addEventListener("storage", function (ev) {
		if (ev.key === KEY && valid(ev.newValue))
			apply(ev.newValue);
	});

	/* "/" focuses the search box, as on most documentation sites. */
	document.addEventListener("keydown", function (ev) {
		if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey)
			return;
		var a = document.activeElement;
		if (a && (a.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName)))
			return;
		var box = document.getElementById("search-input") || document.getElementById("site-search-q");
		if (box) {
			ev.preventDefault();
			box.focus();
			box.select();
		}
	});

	/* A spec page: its author's notes (the source file, the legend, the
	   rules checked on every row) fold into one line above the table,
	   which then starts in the first screen; and a column whose label is
	   much longer than the others' widens, so the header row stays low. */
	function specPage() {
		var art = document.querySelector("article.spec-page");
		var legend = art && art.querySelector(":scope > .spec-legend");
		if (legend) {
			var notes = document.createElement("details");
			notes.className = "spec-notes";
			notes.innerHTML = "<summary><span class=\"bi\"><span lang=\"zh-Hans\">图例、检查规则与来源</span> " +
				"<span lang=\"en\">Legend, rules checked and source</span></span></summary>";
			var file = art.querySelector(":scope > .spec-file");
			legend.parentNode.insertBefore(notes, file || legend);
			if (file)
				notes.appendChild(file);
			notes.appendChild(legend);
			/* a link to an excepted row, or a search's find, opens them */
			if (location.hash && notes.querySelector(location.hash.replace(/[^\w#-]/g, "")))
				notes.open = true;
		}
		var heads = document.querySelectorAll(".spec-wrap > table.spec > thead th");
		var hs = [];
		for (var i = 0; i < heads.length; i++)   /* a row's cells are all as tall: measure what they hold */
			hs.push(heads[i].firstElementChild ? heads[i].firstElementChild.offsetHeight : heads[i].offsetHeight);
		var sorted = hs.slice().sort(function (a, b) { return a - b; });
		var typical = sorted[Math.floor(sorted.length * 0.75)] || 0;
		for (var k = 0; k < heads.length; k++)
			if (typical && hs[k] > typical * 1.4)
				heads[k].style.minWidth = "16em";
	}

	/* A spec page's compare view: a box in each row's name cell picks it;
	   two or three picked rows show side by side in a panel above the
	   table, a column each, the table's columns as its rows (what the
	   table holds already, so it works from file:// and offline).  A
	   fourth box is disabled until one is cleared. */
	var COMPARE_MAX = 3;
	function compareView() {
		var table = document.querySelector("article.spec-page .spec-wrap > table.spec");
		if (!table || !table.tBodies[0] || table.tBodies[0].rows.length < 2)
			return;
		var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
		var panel = document.createElement("section");
		panel.className = "compare-panel";
		panel.hidden = true;
		panel.setAttribute("aria-labelledby", "compare-title");
		panel.innerHTML = "<h2 id=\"compare-title\"><span class=\"bi\"><span lang=\"zh-Hans\">并排比较</span> " +
			"<span lang=\"en\">Side by side</span></span></h2><div class=\"table-wrap\"><table class=\"compare\"></table></div>" +
			"<button type=\"button\" class=\"compare-clear\"><span class=\"bi\"><span lang=\"zh-Hans\">清除选择</span> " +
			"<span lang=\"en\">Clear</span></span></button>";
		var wrap = table.closest(".spec-wrap");
		wrap.parentNode.insertBefore(panel, wrap);
		var hint = document.createElement("p");
		hint.className = "compare-hint";
		hint.innerHTML = "<span class=\"bi\"><span lang=\"zh-Hans\">勾选 2–3 行即可并排比较。</span> " +
			"<span lang=\"en\">Tick 2–3 rows to compare them side by side.</span></span>";
		wrap.parentNode.insertBefore(hint, panel);
		var boxes = [];
		var update = function () {
			var on = boxes.filter(function (b) { return b.checked; });
			boxes.forEach(function (b) { b.disabled = !b.checked && on.length >= COMPARE_MAX; });
			panel.hidden = on.length < 2;
			var out = panel.querySelector("table.compare");
			out.textContent = "";
			if (on.length < 2)
				return;
			var rows = on.map(function (b) { return b.closest("tr"); });
			var thead = out.createTHead().insertRow();
			thead.appendChild(document.createElement("td"));
			rows.forEach(function (r) {
				var th = document.createElement("th");
				th.scope = "col";
				th.textContent = r.cells[0].textContent.trim();
				thead.appendChild(th);
			});
			var body = out.createTBody();
			for (var c = 1; c < heads.length; c++) {
				var tr = body.insertRow();
				var th = document.createElement("th");
				th.scope = "row";
				th.innerHTML = heads[c].innerHTML;
				Array.prototype.forEach.call(th.querySelectorAll("button"), function (b) {   /* a sort button's label */
					while (b.firstChild)
						b.parentNode.insertBefore(b.firstChild, b);
					b.parentNode.removeChild(b);
				});
				tr.appendChild(th);
				rows.forEach(function (r) {
					var td = tr.insertCell();
					var cell = r.cells[c];
					if (cell) {
						td.innerHTML = cell.innerHTML;
						td.className = cell.className;
					}
				});
			}
		};
		Array.prototype.forEach.call(table.tBodies[0].rows, function (tr) {
			var th = tr.cells[0];
			var name = th.textContent.trim();
			var label = document.createElement("label");
			label.className = "compare-pick";
			var box = document.createElement("input");
			box.type = "checkbox";
			box.setAttribute("aria-label", "比较 / Compare: " + name);
			label.appendChild(box);
			th.insertBefore(label, th.firstChild);
			box.addEventListener("change", update);
			boxes.push(box);
		});
		panel.querySelector(".compare-clear").addEventListener("click", function () {
			boxes.forEach(function (b) { b.checked = false; });
			update();
			if (boxes[0])
				boxes[0].focus();
		});
	}

	/* A spec table's source note ([1] in a row's Sources cell) leads to
	   the list of sources at the page's end: that entry then offers the
	   way back to the row it was followed from ("↩ back to B200"). */
	function sourceBack() {
		document.addEventListener("click", function (ev) {
			var a = ev.target.closest && ev.target.closest("a[href^='#src-']");
			if (!a)
				return;
			var li = document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1)));
			var row = a.closest("tr[id], [id]");
			if (!li || !row || row === li)
				return;
			var back = li.querySelector(":scope > a.source-back");
			if (!back) {
				back = document.createElement("a");
				back.className = "source-back";
				li.appendChild(document.createTextNode(" "));
				li.appendChild(back);
			}
			back.setAttribute("href", "#" + row.id);
			var th = row.querySelector("th[scope=row]");
			var name = th ? th.textContent.trim() : row.id;
			back.innerHTML = "";
			var bi = document.createElement("span");
			bi.className = "bi";
			var zh = document.createElement("span");
			zh.lang = "zh-Hans";
			zh.textContent = "↩ 回到 " + name;
			var en = document.createElement("span");
			en.lang = "en";
			en.textContent = "↩ back to " + name;
			bi.appendChild(zh);
			bi.appendChild(document.createTextNode(" "));
			bi.appendChild(en);
			back.appendChild(bi);
		});
	}

	/* Search in an overlay on every page, as mdBook and VitePress do:
	   typing in the header's box opens a dialog whose box takes over the
	   text, with the results under it (search.js, loaded on the first
	   search by a <script> element, which works from file://); ↓ and ↑
	   move through the results, Enter opens the one with focus (the
	   first from the box), Escape closes the dialog and focus goes back
	   to the header's box.  search.html keeps its own page; without
	   JavaScript the header's form goes there. */
	var overlay = null;
	function searchOverlay(text) {
		var box = document.getElementById("site-search-q");
		var own = !overlay && document.getElementById("search-input");
		if (own) {   /* search.html: its own box */
			own.value = text;
			own.focus();
			own.dispatchEvent(new Event("input"));
			return;
		}
		var link = document.querySelector("a[data-search-parts]");
		var me = document.querySelector("script[src$='site.js']");
		if (!box || !link || !me)
			return;
		var input;
		if (!overlay) {
			overlay = document.createElement("dialog");
			overlay.className = "search-overlay";
			overlay.setAttribute("aria-labelledby", "search-overlay-title");
			overlay.innerHTML = "<div id=\"search-page\" data-overlay><h2 id=\"search-overlay-title\" class=\"visually-hidden\">" +
				"<span lang=\"zh-Hans\">搜索全书</span> / Search the book</h2>" +
				"<form class=\"search-form\" role=\"search\" aria-label=\"搜索结果 / Search results\">" +
				"<label class=\"visually-hidden\" for=\"search-input\"><span lang=\"zh-Hans\">搜索全书</span> / Search the book</label>" +
				"<input id=\"search-input\" type=\"search\" name=\"q\" autocomplete=\"off\">" +
				"<button type=\"button\" class=\"search-overlay-close\"><span class=\"bi\"><span lang=\"zh-Hans\">关闭</span> " +
				"<span lang=\"en\">Close</span></span> <kbd>Esc</kbd></button></form>" +
				"<p id=\"search-status\" role=\"status\"></p><ol id=\"search-results\"></ol></div>";
			var page = overlay.firstChild;
			page.setAttribute("data-parts", link.getAttribute("data-search-parts"));
			page.setAttribute("data-buckets", link.getAttribute("data-search-buckets"));
			document.body.appendChild(overlay);
			input = overlay.querySelector("#search-input");
			input.value = text;
			input.setAttribute("placeholder", box.getAttribute("placeholder") || "");
			overlay.querySelector(".search-overlay-close").addEventListener("click", function () { overlay.close(); });
			/* a click on the backdrop (the dialog itself, outside its box) closes it */
			overlay.addEventListener("click", function (ev) {
				if (ev.target === overlay)
					overlay.close();
			});
			/* Escape closes it at once (in a search box it would first
			   only clear the text) */
			overlay.addEventListener("keydown", function (ev) {
				if (ev.key === "Escape") {
					ev.preventDefault();
					overlay.close();
				}
			});
			overlay.addEventListener("close", function () {
				box.value = input.value;
				box.focus();
			});
			var sc = document.createElement("script");
			sc.setAttribute("src", me.getAttribute("src").replace(/site\.js$/, "search.js"));
			document.head.appendChild(sc);
		} else {
			input = overlay.querySelector("#search-input");
			input.value = text;
			input.dispatchEvent(new Event("input"));
		}
		if (!overlay.open)
			overlay.showModal();
		input.focus();
		input.setSelectionRange(input.value.length, input.value.length);
	}
	(function () {
		var box = document.getElementById("site-search-q");
		if (!box)
			return;
		box.addEventListener("input", function (ev) {
			if (!ev.isComposing && box.value.trim())
				searchOverlay(box.value);
		});
		/* a Chinese input method: once the characters are chosen */
		box.addEventListener("compositionend", function () {
			if (box.value.trim())
				searchOverlay(box.value);
		});
		if (box.form && document.querySelector("a[data-search-parts]"))
			box.form.addEventListener("submit", function (ev) {
				ev.preventDefault();
				searchOverlay(box.value);
			});
	})();

	/* "?" shows the keys the site answers to, in a dialog (as mdBook's
	   help): Escape or its button closes it, and focus goes back. */
	var KEYS = [
		["/", "搜索全书", "Search the book"],
		["← →  p n", "上一章，下一章", "Previous and next chapter"],
		["↓ ↑", "在搜索结果中移动", "Move through search results"],
		["n", "练习页：下一题", "Practice: next question"],
		["Enter", "核对答案", "Check an answer"],
		["Esc", "关闭目录、弹出说明、本窗口", "Close the contents, a detail, this window"],
		["?", "显示本说明", "Show these keys"],
	];
	var keyHelp = null;
	function showKeys() {
		if (!keyHelp) {
			keyHelp = document.createElement("dialog");
			keyHelp.className = "key-help";
			keyHelp.setAttribute("aria-labelledby", "key-help-title");
			var html = "<h2 id=\"key-help-title\"><span class=\"bi\"><span lang=\"zh-Hans\">键盘快捷键</span> " +
				"<span lang=\"en\">Keyboard shortcuts</span></span></h2><table><tbody>";
			for (var i = 0; i < KEYS.length; i++)
				html += "<tr><th scope=\"row\"><kbd>" + KEYS[i][0] + "</kbd></th><td><span class=\"bi\"><span lang=\"zh-Hans\">" +
					KEYS[i][1] + "</span> <span lang=\"en\">" + KEYS[i][2] + "</span></span></td></tr>";
			html += "</tbody></table><form method=\"dialog\"><button type=\"submit\" class=\"key-help-close\">" +
				"<span class=\"bi\"><span lang=\"zh-Hans\">关闭</span> <span lang=\"en\">Close</span></span></button></form>";
			keyHelp.innerHTML = html;
			document.body.appendChild(keyHelp);
		}
		if (!keyHelp.open && keyHelp.showModal)
			keyHelp.showModal();
	}
	document.addEventListener("keydown", function (ev) {
		if (ev.key !== "?" || ev.ctrlKey || ev.metaKey || ev.altKey)
			return;
		var a = document.activeElement;
		if (a && (a.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(a.tagName)))
			return;
		ev.preventDefault();
		showKeys();
	});

	/* A glossary term's definition shows over the text when its link is
	   hovered or focused (a tooltip: absolutely placed, so nothing below
	   moves), and is the link's description for a screen reader; the
	   definitions are on the page, hidden (.term-tips, the generator's). */
	function termTips() {
		var box = document.querySelector(".term-tips");
		if (!box)
			return;
		var pop = null, owner = null;
		var hide = function () {
			if (pop)
				pop.hidden = true;
			owner = null;
		};
		var show = function (a) {
			var tip = document.getElementById(a.getAttribute("aria-describedby"));
			if (!tip)
				return;
			if (!pop) {
				pop = document.createElement("div");
				pop.className = "term-pop";
				pop.setAttribute("aria-hidden", "true");   /* read as the link's description */
				document.body.appendChild(pop);
			}
			owner = a;
			pop.innerHTML = tip.innerHTML;
			pop.hidden = false;
			var r = a.getBoundingClientRect(), w = pop.offsetWidth, h = pop.offsetHeight;
			var left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - w - 8));
			var top = r.bottom + 6 + h > innerHeight && r.top - 6 - h > 0 ? r.top - 6 - h : r.bottom + 6;
			pop.style.left = (left + scrollX) + "px";
			pop.style.top = (top + scrollY) + "px";
		};
		var tips = {};   /* a term's id → its definition's element (one lookup a link) */
		Array.prototype.forEach.call(box.querySelectorAll("[data-term]"), function (t) {
			tips[t.getAttribute("data-term")] = t;
		});
		var links = document.querySelectorAll("main a[href*='glossary.html#']");
		for (var i = 0; i < links.length; i++) {
			var a = links[i], id = a.getAttribute("href").replace(/^.*#/, "");
			var tip = Object.prototype.hasOwnProperty.call(tips, id) ? tips[id] : null;
			if (!tip || !tip.id)
				continue;
			a.setAttribute("aria-describedby", tip.id);
			a.addEventListener("mouseenter", function () { show(this); });
			a.addEventListener("focus", function () { show(this); });
			a.addEventListener("mouseleave", function () { if (owner === this && document.activeElement !== this) hide(); });
			a.addEventListener("blur", hide);
		}
		document.addEventListener("keydown", function (ev) {
			if (ev.key === "Escape" && owner)
				hide();
		});
		window.addEventListener("scroll", function () {
			if (owner && document.activeElement !== owner)
				hide();
		}, { passive: true });
	}

	/* Escape hides a claim's detail by leaving the claim. */
	document.addEventListener("keydown", function (ev) {
		if (ev.key === "Escape" && document.activeElement &&
		    document.activeElement.classList.contains("claim"))
			document.activeElement.blur();
	});

	/* Tables marked "sortable" sort by a column when its header is
	   clicked: numbers by their data-sort value (largest first on the
	   first click), text alphabetically; cells without a value go last. */
	function sortKey(cell) {
		if (!cell)
			return null;
		if (/\b(marker|empty)\b/.test(cell.className))
			return null;   /* unknown, n/a, unpublished, left out: last */
		var v = cell.getAttribute("data-sort");
		if (v !== null && v !== "" && !isNaN(Number(v)))
			return Number(v);
		var t = cell.textContent.trim();
		return t === "" || t === "—" || t === "?" ? null : t;
	}

	function sortTable(table, th, col) {
		var body = table.tBodies[0];
		if (!body)
			return;
		var rows = Array.prototype.slice.call(body.rows);
		var numeric = rows.some(function (r) { return typeof sortKey(r.cells[col]) === "number"; });
		var current = th.getAttribute("aria-sort");
		var dir = current === "descending" ? 1 : current === "ascending" ? -1 : numeric ? -1 : 1;
		var keyed = rows.map(function (r, i) { return { row: r, key: sortKey(r.cells[col]), i: i }; });
		keyed.sort(function (a, b) {
			if (a.key === null || b.key === null)
				return (a.key === null) - (b.key === null) || a.i - b.i;
			var c = typeof a.key === "number" && typeof b.key === "number" ? a.key - b.key
				: String(a.key).localeCompare(String(b.key));
			return c * dir || a.i - b.i;
		});
		keyed.forEach(function (k) { body.appendChild(k.row); });
		var heads = th.parentNode.cells;
		for (var h = 0; h < heads.length; h++)
			heads[h].removeAttribute("aria-sort");
		th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
	}

	function makeSortable(table) {
		var head = table.tHead && table.tHead.rows[table.tHead.rows.length - 1];
		if (!head || !table.tBodies[0] || table.tBodies[0].rows.length < 2)
			return;
		Array.prototype.forEach.call(head.cells, function (th, col) {
			if (th.querySelector("button"))
				return;
			var b = document.createElement("button");
			b.type = "button";
			b.className = "sort";
			while (th.firstChild)
				b.appendChild(th.firstChild);
			th.appendChild(b);
			b.addEventListener("click", function () { sortTable(table, th, col); });
		});
	}

	/* A claim carries its derivation in title= (and, from newer
	   generators, in a .claim-detail span).  A title is shown only to a
	   mouse, so it becomes a detail that keyboard focus shows too. */
	function claimDetails() {
		var claims = document.querySelectorAll(".claim");
		for (var i = 0; i < claims.length; i++) {
			var c = claims[i], title = c.getAttribute("title");
			if (title && !c.querySelector(".claim-detail")) {
				var d = document.createElement("span");
				d.className = "claim-detail";
				d.textContent = " (" + title.replace(/^\s+|\s+$/g, "") + ")";
				c.appendChild(d);
				c.removeAttribute("title");
			}
			if (!c.hasAttribute("tabindex"))
				c.setAttribute("tabindex", "0");
		}
	}

	/* A spec page opened at a row (#row) or from a search (?find=words):
	   the row, and the cell of the column the words name, are scrolled
	   into view inside the table's own box, beside its sticky header and
	   model column; the cell is outlined. */
	function findCell() {
		var wrap = document.querySelector(".spec-wrap");
		var table = wrap && wrap.querySelector("table");
		if (!table || !table.tHead || !table.tBodies[0])
			return;
		var words = "";
		try {
			words = new URLSearchParams(window.location.search).get("find") || "";
		} catch (e) { /* no words */ }
		var terms = words.toLowerCase().split(/[\s,;]+/).filter(function (w) { return w.length > 1; });
		var row = null, id = window.location.hash.slice(1);
		try {
			row = id ? document.getElementById(decodeURIComponent(id)) : null;
		} catch (e) { row = null; }
		if (row && (row.tagName !== "TR" || !wrap.contains(row)))
			row = null;
		var rows = table.tBodies[0].rows, best = 0, hashed = !!row;
		for (var r = 0; !hashed && r < rows.length; r++) {
			var words = rows[r].cells[0].textContent.toLowerCase().split(/[\s()]+/), hits = 0;
			for (var t = 0; t < terms.length; t++)   /* a whole word counts more than a part */
				hits += rows[r].id === terms[t] || words.indexOf(terms[t]) >= 0 ? 2 :
					words.join(" ").indexOf(terms[t]) >= 0 ? 1 : 0;
			if (hits > best) {
				best = hits;
				row = rows[r];
			}
		}
		for (r = 0; r < rows.length; r++) {
			var old = rows[r].querySelector(".found");
			if (old)
				old.classList.remove("found");
		}
		if (!row)
			return;
		var heads = table.tHead.rows[0].cells, col = -1;
		for (var h = 1; h < heads.length && col < 0; h++) {
			var text = heads[h].textContent.toLowerCase();
			for (var k = 0; k < terms.length; k++)
				if (terms[k] !== row.id && (text.indexOf(terms[k]) >= 0 || heads[h].getAttribute("data-col") === terms[k]) &&
				    row.cells[0].textContent.toLowerCase().replace(/\s+/g, "").indexOf(terms[k]) < 0)
					col = h;
		}
		var cell = col > 0 ? row.cells[col] : null;
		if (cell)
			cell.classList.add("found");
		if (getComputedStyle(table).display === "block") {   /* phone: cards */
			(cell || row).scrollIntoView({ block: "center" });
			return;
		}
		var box = wrap.getBoundingClientRect();
		if (box.top < 0 || box.top > window.innerHeight / 2)
			window.scrollBy(0, box.top - 16);
		wrap.scrollTop += row.getBoundingClientRect().top - wrap.getBoundingClientRect().top -
			table.tHead.getBoundingClientRect().height - 4;
		if (cell)
			wrap.scrollLeft += cell.getBoundingClientRect().left - wrap.getBoundingClientRect().left -
				row.cells[0].getBoundingClientRect().width - 16;
	}

	/* Claims, values and term links in the text take one Tab stop per
	   block (a paragraph, a list item, a table) instead of one each: a
	   roving focus, ← and → (Home, End) move inside the block.  Without
	   JavaScript each stays a stop of its own. */
	var ROVE = ["claim", "autolink", "value", "term", "spec-link", "big-count[tabindex]"].map(function (c) {
		return "main .content ." + c;
	}).join(", ");   /* a big count inside a claim or a link is reached with it */
	var BLOCK = "p, li, td, th, dd, dt, figcaption, blockquote, h1, h2, h3, h4, h5, h6, .callout";

	function roving() {
		var items = document.querySelectorAll(ROVE), groups = [];
		for (var i = 0; i < items.length; i++) {
			var el = items[i];
			if (el.closest(".claim-deriv"))
				continue;   /* out of the sentence (site.css) */
			var block = el.closest("table") || el.parentElement.closest(BLOCK) || el.parentElement;
			if (!block.__rove) {
				block.__rove = [];
				groups.push(block.__rove);
			}
			block.__rove.push(el);
			el.__rove = block.__rove;
			el.setAttribute("tabindex", block.__rove.length === 1 ? "0" : "-1");
		}
		document.addEventListener("focusin", function (ev) {
			var g = ev.target.__rove;
			if (!g)
				return;
			for (var k = 0; k < g.length; k++)
				g[k].setAttribute("tabindex", g[k] === ev.target ? "0" : "-1");
		});
	}

	function roveKey(ev) {
		var a = document.activeElement, g = a && a.__rove;
		if (!g)
			return false;
		var k = g.indexOf(a), to = ev.key === "ArrowRight" ? k + 1 : ev.key === "ArrowLeft" ? k - 1 :
			ev.key === "Home" ? 0 : ev.key === "End" ? g.length - 1 : -2;
		if (to === -2)
			return false;
		ev.preventDefault();   /* at either end focus stays */
		if (to >= 0 && to < g.length)
			g[to].focus();
		return true;
	}

	/* ← / → and p / n: the previous and next chapter (the pager's links),
	   unless focus is where those keys mean something else. */
	document.addEventListener("keydown", function (ev) {
		if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey)
			return;
		if (roveKey(ev))
			return;
		var key = ev.key, dir = key === "ArrowLeft" || key === "p" ? "prev" :
			key === "ArrowRight" || key === "n" ? "next" : null;
		if (!dir)
			return;
		var a = document.activeElement;
		if (a && (a.isContentEditable || /^(INPUT|TEXTAREA|SELECT|AUDIO|VIDEO)$/.test(a.tagName)))
			return;
		if (/^Arrow/.test(key)) {
			/* ← and → turn the page only from the page itself: not from a
			   link, a button or a box (where they move, scroll or mean
			   something else), nor with text selected (they move the caret
			   or the selection's end) */
			var sel = window.getSelection && window.getSelection();
			if (sel && !sel.isCollapsed && String(sel).trim())
				return;
			if (a && a !== document.body && a !== document.documentElement && a.id !== "main" &&
			    !(a.closest && a.closest(".pager")))
				return;
			if (document.querySelector("dialog[open]"))
				return;
		}
		var link = document.querySelector(".pager a[rel=" + dir + "]");
		if (link) {
			ev.preventDefault();
			window.location.href = link.href;
		}
	});

	/* The navigation marks the current page: the link to this very page
	   (aria-current="page"), else the index of its folder (a spec table
	   marks "Spec tables", aria-current="true"). */
	function markCurrent() {
		var strip = function (u) { return u.replace(/[?#].*$/, "").replace(/\/$/, "/index.html"); };
		var here = strip(window.location.href), dir = here.replace(/[^/]*$/, "");
		var title = document.querySelector(".book-title");
		var top = title ? strip(title.href).replace(/[^/]*$/, "") : dir;
		var links = document.querySelectorAll(".site-nav a[href]"), folder = null, found = false;
		for (var i = 0; i < links.length; i++) {
			var href = strip(links[i].href);
			if (href === here) {
				links[i].setAttribute("aria-current", "page");
				found = true;
			} else if (dir !== top && href === dir + "index.html") {
				folder = links[i];
			}
		}
		if (!found && folder)
			folder.setAttribute("aria-current", "true");
	}

	/* The theme: the system's unless the reader chose; saved like the
	   language (localStorage "specbook-theme"), applied before the first
	   paint by first-paint.js. */
	function themeToggle() {
		var b = document.querySelector("[data-theme-toggle]");
		if (!b)
			return;
		var dark = function () {
			var t = root.getAttribute("data-theme");
			return t ? t === "dark" : !!(window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches);
		};
		var show = function () { b.setAttribute("aria-pressed", dark() ? "true" : "false"); };
		show();
		b.addEventListener("click", function () {
			var t = dark() ? "light" : "dark";
			root.setAttribute("data-theme", t);
			try {
				localStorage.setItem("specbook-theme", t);
			} catch (e) { /* this page only */ }
			show();
		});
		window.addEventListener("storage", function (ev) {
			if (ev.key === "specbook-theme" && (ev.newValue === "dark" || ev.newValue === "light")) {
				root.setAttribute("data-theme", ev.newValue);
				show();
			}
		});
	}

	/* On a phone "Contents" opens the chapter list as a drawer over the
	   page: Escape, the close button, a tap beside it or a link closes it,
	   and focus goes back to "Contents".  The page stays where it was read:
	   focus moves without scrolling, and closing puts the scroll position
	   back (the header with "Contents" is at the page's top). */
	function drawer() {
		var jump = document.querySelector(".nav-jump"), nav = document.getElementById("site-nav");
		if (!jump || !nav)
			return;
		var close = document.createElement("button");
		close.type = "button";
		close.className = "nav-close";
		close.innerHTML = "<span class=\"bi\"><span lang=\"zh-Hans\">关闭</span> <span lang=\"en\">Close</span></span>";
		nav.insertBefore(close, nav.firstChild);
		jump.setAttribute("role", "button");
		jump.setAttribute("aria-expanded", "false");
		var keptY = null;
		var set = function (open, follow) {
			if (open === root.classList.contains("nav-open"))
				return;
			if (open)
				keptY = window.scrollY;
			root.classList.toggle("nav-open", open);
			jump.setAttribute("aria-expanded", open ? "true" : "false");
			if (open) {
				nav.scrollTop = 0;
				(nav.querySelector("[aria-current]") || nav.querySelector("a[href]") || close).focus({ preventScroll: true });
				window.scrollTo(window.scrollX, keptY);
			} else if (!follow) {
				jump.focus({ preventScroll: true });
				if (keptY !== null)
					window.scrollTo(window.scrollX, keptY);
			}
		};
		jump.addEventListener("click", function (ev) {
			ev.preventDefault();
			set(!root.classList.contains("nav-open"));
		});
		jump.addEventListener("keydown", function (ev) {
			if (ev.key === " ") {
				ev.preventDefault();
				set(!root.classList.contains("nav-open"));
			}
		});
		close.addEventListener("click", function () { set(false); });
		document.addEventListener("keydown", function (ev) {
			if (ev.key === "Escape" && root.classList.contains("nav-open"))
				set(false);
		});
		/* a tap on the page beside the drawer closes it, and does nothing else */
		document.addEventListener("click", function (ev) {
			if (!root.classList.contains("nav-open") || nav.contains(ev.target) || jump.contains(ev.target))
				return;
			ev.preventDefault();
			ev.stopPropagation();
			set(false);
		}, true);
		nav.addEventListener("click", function (ev) {
			if (ev.target.closest && ev.target.closest("a[href]"))
				set(false, true);
		});
	}

	/* "On this page" marks the section being read: the last heading above
	   a line a third of the way down the window. */
	function followToc() {
		var links = document.querySelectorAll(".toc a[href^='#']");
		if (!links.length)
			return;
		var pairs = [];
		for (var i = 0; i < links.length; i++) {
			var id = decodeURIComponent(links[i].getAttribute("href").slice(1));
			var h = document.getElementById(id);
			if (h)
				pairs.push({ a: links[i], h: h });
		}
		var current = null, queued = false;
		var update = function () {
			queued = false;
			var line = window.innerHeight / 3, pick = null;
			/* at the end of the page the last sections cannot reach the line */
			if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2)
				line = window.innerHeight;
			for (var k = 0; k < pairs.length; k++) {
				if (!pairs[k].h.getClientRects().length)
					continue;
				if (pairs[k].h.getBoundingClientRect().top <= line)
					pick = pairs[k];
				else if (pick)
					break;
			}
			if (pick === current)
				return;
			if (current)
				current.a.removeAttribute("aria-current");
			current = pick;
			if (current)
				current.a.setAttribute("aria-current", "location");
		};
		window.addEventListener("scroll", function () {
			if (!queued) {
				queued = true;
				window.requestAnimationFrame(update);
			}
		}, { passive: true });
		update();
	}

	/* A page opened from a search result (?highlight=words, as mdBook
	   does) marks the words in its text: ASCII words at the start of a
	   word, ignoring case; Chinese as written.  Escape takes the marks
	   away. */
	var HIGHLIGHT_MAX = 500;   /* marks on one page: a common word stops here */
	function highlight() {
		var words = "";
		try {
			words = new URLSearchParams(window.location.search).get("highlight") || "";
		} catch (e) { /* no words */ }
		var list = words.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 1 || /[^\x00-\x7f]/.test(w); });
		var root = document.querySelector("main .content");
		if (!list.length || !root)
			return;
		list.sort(function (a, b) { return b.length - a.length; });
		var esc = list.map(function (w) {
			var e = w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
			return /^[\x00-\x7f]+$/.test(w) ? "(?:^|(?<=[^a-z0-9]))" + e : e;
		});
		var re = new RegExp(esc.join("|"), "gi");
		var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
			acceptNode: function (n) {
				return n.parentNode.closest("script, style, svg, mark, .claim-detail, .anchor") ?
					NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
			}
		});
		var nodes = [];
		while (walker.nextNode())
			nodes.push(walker.currentNode);
		var made = 0;
		for (var i = 0; i < nodes.length && made < HIGHLIGHT_MAX; i++) {
			var text = nodes[i].nodeValue, m, at = 0, frag = null;
			re.lastIndex = 0;
			while ((m = re.exec(text)) && made < HIGHLIGHT_MAX) {
				if (!m[0].length) {
					re.lastIndex++;
					continue;
				}
				frag = frag || document.createDocumentFragment();
				frag.appendChild(document.createTextNode(text.slice(at, m.index)));
				var mark = document.createElement("mark");
				mark.className = "search-hit";
				mark.textContent = m[0];
				frag.appendChild(mark);
				at = m.index + m[0].length;
				made++;
			}
			if (frag) {
				frag.appendChild(document.createTextNode(text.slice(at)));
				nodes[i].parentNode.replaceChild(frag, nodes[i]);
			}
		}
		document.addEventListener("keydown", function (ev) {
			if (ev.key !== "Escape")
				return;
			var marks = document.querySelectorAll("mark.search-hit");
			for (var k = 0; k < marks.length; k++)
				marks[k].replaceWith(document.createTextNode(marks[k].textContent));
			root.normalize();
		});
	}

	/* A chart's legend (the roofline's): hovering or focusing an entry
	   picks its line out (the others fade, its name shows beside it); a
	   click keeps it picked.  One Tab stop for the legend, arrows inside. */
	function chartLegends() {
		var legends = document.querySelectorAll(".chart-legend");
		Array.prototype.forEach.call(legends, function (legend) {
			var fig = legend.closest("figure");
			var svg = fig && fig.querySelector("svg.chart");
			var buttons = Array.prototype.slice.call(legend.querySelectorAll("button[data-series]"));
			if (!svg || !buttons.length)
				return;
			var pinned = null;
			var pick = function (k) {
				svg.classList.toggle("picking", k !== null);
				var groups = svg.querySelectorAll(".series");
				for (var g = 0; g < groups.length; g++) {
					var on = groups[g].getAttribute("data-series") === k;
					groups[g].classList.toggle("picked", on);
					if (on)
						groups[g].parentNode.appendChild(groups[g]);   /* drawn on top */
				}
			};
			buttons.forEach(function (b, i) {
				var k = b.getAttribute("data-series");
				b.setAttribute("tabindex", i ? "-1" : "0");
				b.addEventListener("mouseenter", function () { pick(k); });
				b.addEventListener("mouseleave", function () { pick(pinned); });
				b.addEventListener("focus", function () {
					buttons.forEach(function (o) { o.setAttribute("tabindex", o === b ? "0" : "-1"); });
					pick(k);
				});
				b.addEventListener("blur", function () { pick(pinned); });
				b.addEventListener("click", function () {
					pinned = pinned === k ? null : k;
					buttons.forEach(function (o) {
						o.setAttribute("aria-pressed", o.getAttribute("data-series") === pinned ? "true" : "false");
					});
					pick(pinned === null ? k : pinned);
				});
			});
			legend.addEventListener("keydown", function (ev) {
				var k = buttons.indexOf(document.activeElement);
				var to = ev.key === "ArrowDown" || ev.key === "ArrowRight" ? k + 1 :
					ev.key === "ArrowUp" || ev.key === "ArrowLeft" ? k - 1 :
					ev.key === "Home" ? 0 : ev.key === "End" ? buttons.length - 1 : -2;
				if (k < 0 || to === -2)
					return;
				ev.preventDefault();
				if (to >= 0 && to < buttons.length)
					buttons[to].focus();
			});
		});
	}

	/* A claim's detail docks at the bottom of the screen (site.css), or
	   at the top while the claim itself is in the lower third. */
	function claimPlacement() {
		var place = function (ev) {
			var c = ev.target && ev.target.closest ? ev.target.closest(".claim, a") : null;
			if (c && c.tagName === "A")
				c = c.querySelector(".claim");
			if (!c)
				return;
			var r = c.getBoundingClientRect();
			document.documentElement.classList.toggle("claim-up", r.bottom > window.innerHeight * 2 / 3);
		};
		document.addEventListener("mouseover", place);
		document.addEventListener("focusin", place);
	}

	/* Code blocks get a button that copies their text. */
	function copyButtons() {
		var blocks = document.querySelectorAll("main .content pre");
		Array.prototype.forEach.call(blocks, function (pre) {
			if (pre.parentNode.classList.contains("code-block"))
				return;
			var box = document.createElement("div");
			box.className = "code-block";
			pre.parentNode.insertBefore(box, pre);
			box.appendChild(pre);
			var b = document.createElement("button");
			b.type = "button";
			b.className = "copy-code";
			var label = function (zh, en) {
				b.innerHTML = "";
				var s = document.createElement("span");
				s.className = "bi";
				var z = document.createElement("span");
				z.lang = "zh-Hans";
				z.textContent = zh;
				var e = document.createElement("span");
				e.lang = "en";
				e.textContent = en;
				s.appendChild(z);
				s.appendChild(document.createTextNode(" "));
				s.appendChild(e);
				b.appendChild(s);
			};
			label("复制", "Copy");
			b.setAttribute("aria-live", "polite");
			b.addEventListener("click", function () {
				var text = pre.textContent;
				var done = function () {
					label("已复制", "Copied");
					setTimeout(function () { label("复制", "Copy"); }, 2000);
				};
				var fallback = function () {
					var range = document.createRange();
					range.selectNodeContents(pre);
					var sel = window.getSelection();
					sel.removeAllRanges();
					sel.addRange(range);
					try {
						if (document.execCommand("copy"))
							done();
					} catch (e) { /* the text stays selected: Ctrl+C copies it */ }
				};
				if (navigator.clipboard && navigator.clipboard.writeText)
					navigator.clipboard.writeText(text).then(done, fallback);
				else
					fallback();
			});
			box.appendChild(b);
		});
	}

	/* The glossary in 中文 mode is filed by the pinyin of the Chinese
	   names (the page comes filed by the English ones), with the
	   browser's pinyin collation (Intl.Collator "zh", CLDR's data): a
	   name goes under the last initial whose bucket boundary, U+FDD0 and
	   the letter (the marks CLDR's pinyin order holds for alphabetic
	   indexes), it does not sort before.  A name that starts with a Latin
	   letter goes under that letter, one that starts with a digit under
	   its short or English name's.  The terms are moved between the two
	   filings when the mode changes; without JavaScript, or in a browser
	   without that collation, the English filing stays. */
	var PINYIN_LETTERS = "ABCDEFGHJKLMNOPQRSTWXYZ";   /* no pinyin starts with I, U or V */
	function pinyinLetter(name, coll, other) {
		var c = name.charAt(0);
		if (/[A-Za-z]/.test(c))
			return c.toUpperCase();
		if (!/[\u3400-\u9fff]/.test(c))   /* "4 位浮点": by its short or English name */
			return other && /[A-Za-z]/.test(other.charAt(0)) ? other.charAt(0).toUpperCase() : "#";
		var letter = "#";
		for (var i = 0; i < PINYIN_LETTERS.length; i++)
			if (coll.compare(name, "\ufdd0" + PINYIN_LETTERS.charAt(i)) >= 0)
				letter = PINYIN_LETTERS.charAt(i);
		return letter;
	}
	function glossaryPinyin() {
		var art = document.querySelector("article.glossary");
		var enBar = art && art.querySelector("nav.az-index");
		if (!enBar || typeof Intl === "undefined" || !Intl.Collator)
			return;
		var coll = new Intl.Collator("zh-Hans-CN");
		if (!/^zh/.test(coll.resolvedOptions().locale) || pinyinLetter("阿", coll) !== "A" ||
		    pinyinLetter("八", coll) !== "B" || pinyinLetter("在", coll) !== "Z")
			return;   /* no pinyin order (or no bucket marks) in this browser */
		var terms = [];   /* {nodes: [dt, dd…], home: its English dl, name, letter} */
		Array.prototype.forEach.call(art.querySelectorAll("section.az-group dl.terms > dt"), function (dt) {
			var zh = dt.querySelector("[lang|=zh]");
			var name = (zh ? zh.textContent : dt.textContent).trim();
			var nodes = [dt];
			for (var n = dt.nextElementSibling; n && n.tagName === "DD"; n = n.nextElementSibling)
				nodes.push(n);
			var abbr = dt.querySelector(".abbr"), en = dt.querySelector("[lang=en]");
			var other = (abbr ? abbr.textContent : en ? en.textContent : "").trim();
			terms.push({ nodes: nodes, home: dt.parentNode, name: name, letter: pinyinLetter(name, coll, other) });
		});
		if (!terms.length)
			return;
		var order = terms.slice().sort(function (a, b) {
			return a.letter === b.letter ? coll.compare(a.name, b.name) :
				a.letter === "#" ? -1 : b.letter === "#" ? 1 : a.letter < b.letter ? -1 : 1;
		});
		var zhBar = document.createElement("nav");
		zhBar.className = "az-index az-pinyin";
		zhBar.setAttribute("aria-label", "拼音索引");
		zhBar.lang = "zh-Hans";
		var ul = document.createElement("ul");
		zhBar.appendChild(ul);
		var box = document.createElement("div");
		box.className = "az-pinyin-groups";
		var lists = {}, have = {};
		order.forEach(function (t) { have[t.letter] = true; });
		("#" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ").split("").forEach(function (l) {
			if (l === "#" && !have["#"])
				return;
			var li = document.createElement("li");
			if (have[l]) {
				var a = document.createElement("a");
				a.href = "#py-" + (l === "#" ? "other" : l);
				a.textContent = l;
				li.appendChild(a);
				var sec = document.createElement("section");
				sec.className = "az-group";
				var h = document.createElement("h2");
				h.id = "py-" + (l === "#" ? "other" : l);
				h.textContent = l;
				sec.appendChild(h);
				lists[l] = document.createElement("dl");
				lists[l].className = "terms";
				sec.appendChild(lists[l]);
				box.appendChild(sec);
			} else {
				li.setAttribute("aria-hidden", "true");
				li.textContent = l;
			}
			ul.appendChild(li);
		});
		enBar.parentNode.insertBefore(zhBar, enBar.nextSibling);
		art.appendChild(box);
		var enGroups = art.querySelectorAll("section.az-group:not(.az-pinyin-groups *)");
		var filed = "";
		var file = function () {
			var zh = document.documentElement.getAttribute("data-lang") === "zh";
			if ((zh ? "zh" : "en") === filed)
				return;
			filed = zh ? "zh" : "en";
			(zh ? order : terms).forEach(function (t) {
				var to = zh ? lists[t.letter] : t.home;
				t.nodes.forEach(function (n) { to.appendChild(n); });
			});
			zhBar.hidden = !zh;
			box.hidden = !zh;
			enBar.hidden = zh;
			for (var g = 0; g < enGroups.length; g++)
				enGroups[g].hidden = zh;
		};
		file();
		new MutationObserver(file).observe(document.documentElement, { attributes: true, attributeFilter: ["data-lang"] });
	}

	/* The claims page's filters: by status and by chapter; rows left out
	   are hidden, and so is a section's body (its name and its rows) or
	   a chapter's section with none left.  A row's status is its class
	   (tr.disputed, else it holds), its chapter its section's
	   data-chapter: the rows carry no data-* of their own. */
	function claimsFilter() {
		var form = document.querySelector("form[data-claims-filter]");
		if (!form)
			return;
		var sections = document.querySelectorAll(".chapter-claims-section");
		var count = form.querySelector(".filter-count");
		var update = function () {
			var status = form.querySelector("input[name=status]:checked");
			var chapter = form.querySelector("input[name=chapter]:checked");
			status = status ? status.value : "";
			chapter = chapter ? chapter.value : "";
			var shown = 0, total = 0;
			for (var i = 0; i < sections.length; i++) {
				var sec = sections[i], bodies = sec.querySelectorAll("tbody"), left = 0;
				var mine = !chapter || sec.getAttribute("data-chapter") === chapter;
				for (var b = 0; b < bodies.length; b++) {
					var rows = bodies[b].rows, here = 0;
					for (var r = 0; r < rows.length; r++) {
						if (rows[r].classList.contains("claims-group"))
							continue;
						var st = rows[r].classList.contains("disputed") ? "disputed" : "holds";
						var show = mine && (!status || st === status);
						rows[r].hidden = !show;
						here += show;
						total++;
					}
					bodies[b].hidden = !here;
					left += here;
				}
				sec.hidden = !left;
				shown += left;
			}
			if (count)
				count.innerHTML = '<span class="bi"><span lang="zh-Hans">显示 ' + shown + " / " + total +
					' 条</span> <span lang="en">' + shown + " of " + total + " shown</span></span>";
		};
		form.addEventListener("change", update);
		form.addEventListener("submit", function (ev) { ev.preventDefault(); });
		form.hidden = false;
		update();
	}

	function ready() {
		claimsFilter();
		glossaryPinyin();
		highlight();
		chartLegends();
		claimPlacement();
		copyButtons();
		Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), makeSortable);
		claimDetails();
		roving();
		termTips();
		findCell();
		var keys = { prev: ["ArrowLeft p", "← p"], next: ["ArrowRight n", "n →"] };
		for (var dir in keys) {
			var pl = document.querySelector(".pager a[rel=" + dir + "]");
			if (pl) {
				pl.setAttribute("aria-keyshortcuts", keys[dir][0]);
				var kb = document.createElement("kbd");
				kb.className = "pager-keys";
				kb.setAttribute("aria-hidden", "true");
				kb.textContent = keys[dir][1];
				pl.appendChild(kb);
			}
		}
		window.addEventListener("load", findCell);
		window.addEventListener("hashchange", findCell);

		/* 404.html has <base href="/"> (it is served at any depth): its
		   "#main" links would lead to the root; keep them on this page. */
		if (document.querySelector("base[href]")) {
			var here = location.pathname + location.search;
			var frags = document.querySelectorAll("a[href^='#']");
			for (var f = 0; f < frags.length; f++)
				frags[f].setAttribute("href", here + frags[f].getAttribute("href"));
		}

		markCurrent();
		specPage();
		compareView();
		sourceBack();
		themeToggle();
		drawer();
		followToc();

		/* A page without sections has an empty table of contents; on a
		   phone the contents start folded, so the text comes first. */
		var toc = document.querySelector(".toc");
		var list = toc && toc.querySelector(".toc-list");
		var skipToc = document.querySelector(".skip-toc");
		if (list && !list.querySelector("a")) {
			toc.classList.add("empty");
			if (skipToc)
				skipToc.hidden = true;   /* nothing to skip to */
		}
		/* the skip link to the sections: on a phone they are folded away;
		   open them, and focus their first link */
		if (skipToc && toc) {
			skipToc.addEventListener("click", function (ev) {
				var d = toc.querySelector("details"), first = toc.querySelector(".toc-list a");
				if (d)
					d.open = true;
				if (first) {
					ev.preventDefault();
					first.focus();
				}
			});
		}
		var details = toc && toc.querySelector("details");
		/* narrow: the phone layout, where "Contents" shows (site.css
		   decides it by a container query, in em of the text) */
		var jump = document.querySelector(".nav-jump");
		var narrow = function () { return !!jump && getComputedStyle(jump).display !== "none"; };
		if (details && narrow())
			details.open = false;
		if (details) {
			details.querySelector("summary").addEventListener("click", function (ev) {
				if (!narrow())
					ev.preventDefault();   /* beside the text it stays open */
			});
		}

		/* Regions that scroll sideways must be reachable by keyboard. */
		var wide = document.querySelectorAll("pre, .table-wrap, main table.spec");
		for (var j = 0; j < wide.length; j++) {
			var el = wide[j];
			if (el.scrollWidth > el.clientWidth + 1 && !el.hasAttribute("tabindex") &&
			    !el.querySelector("a[href], button, input, [tabindex]"))
				el.setAttribute("tabindex", "0");
		}
	}

	/* A #fragment that names no id lands where GitHub's page script
	   takes it: on the author's anchor "user-content-" + it (<div
	   id="ref4">, kept prefixed), else on the same with A-Z lower-cased.
	   The link check accepts these links (site/link.c, find_anchor()). */
	function landFragment() {
		var h;
		try {
			h = decodeURIComponent(location.hash.slice(1));
		} catch (e) {
			return;
		}
		if (!h || document.getElementById(h))
			return;
		var low = h.replace(/[A-Z]+/g, function (m) { return m.toLowerCase(); });
		var tries = ["user-content-" + h, low, "user-content-" + low];
		for (var t = 0; t < tries.length; t++) {
			if (document.getElementById(tries[t])) {
				location.replace("#" + encodeURIComponent(tries[t]));
				return;
			}
		}
	}

	if (document.readyState === "loading")
		document.addEventListener("DOMContentLoaded", ready);
	else
		ready();
	landFragment();
	window.addEventListener("hashchange", landFragment);
})();
