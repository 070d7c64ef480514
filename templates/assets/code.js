/*
 * code.js — colours the page's code blocks with highlight.js.  The
 * generator loads it (after assets/highlight/highlight.min.js) only on
 * pages with a code block that names its language (```python), and only
 * when the site has highlight.js (Debian's libjs-highlight.js).  A block
 * whose language highlight.js does not know stays plain, as every block
 * is without JavaScript.  Of the two themes the page links (data-code-theme
 * light and dark), the one that is not the page's theme is turned off
 * (the dark one starts off, media "not all"),
 * and again whenever the reader or the system switches.
 *
 * The site's highlight.min.js is highlight.js's core and a table of its
 * languages (vendor.c): the languages a page's blocks name are loaded
 * here, each from highlight/lang/NAME.js beside it, by <script> (file://
 * has no fetch), and their blocks coloured when it has run.
 */
(function () {
	"use strict";
	if (typeof hljs === "undefined")
		return;
	var root = document.documentElement;
	var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
	function theme() {
		var t = root.getAttribute("data-theme");
		if (t === "dark" || t === "light")
			return t;
		return dark && dark.matches ? "dark" : "light";
	}
	function applyTheme() {
		var now = theme();
		var links = document.querySelectorAll("link[data-code-theme]");
		/* by media, not disabled: a disabled sheet is no sheet at all */
		for (var i = 0; i < links.length; i++)
			links[i].media = links[i].getAttribute("data-code-theme") === now ? "all" : "not all";
	}
	applyTheme();
	if (window.MutationObserver)
		new MutationObserver(applyTheme).observe(root, { attributes: true, attributeFilter: ["data-theme"] });
	if (dark && dark.addEventListener)
		dark.addEventListener("change", applyTheme);

	var blocks = document.querySelectorAll("pre > code[class*='language-']");
	var table = hljs.specbookLanguages, needs = hljs.specbookNeeds || {};
	function colour(name) {
		for (var i = 0; i < blocks.length; i++) {
			var m = /(?:^|\s)language-(\S+)/.exec(blocks[i].className);
			if (m && (!name || table[m[1]] === name) && hljs.getLanguage(m[1]) && !/(?:^|\s)hljs(?:\s|$)/.test(blocks[i].className))
				hljs.highlightBlock(blocks[i]);
		}
	}
	if (!table) {   /* the whole library, every language in it */
		colour(null);
		return;
	}
	/* where this script was loaded from: the languages are beside the core */
	var core = document.querySelector("script[src$='highlight/highlight.min.js']");
	var dir = core ? core.getAttribute("src").replace(/highlight\.min\.js$/, "lang/") : null;
	var asked = {};
	function load(name, then) {
		if (hljs.getLanguage(name)) {
			then();
			return;
		}
		if (asked[name]) {
			asked[name].push(then);
			return;
		}
		asked[name] = [then];
		var deps = needs[name] || [], left = deps.length + 1;
		var add = function () {
			if (--left)
				return;
			var el = document.createElement("script");
			el.src = dir + name + ".js";
			el.onload = function () {
				var t = asked[name];
				for (var k = 0; k < t.length; k++)
					t[k]();
			};
			document.head.appendChild(el);
		};
		for (var d = 0; d < deps.length; d++)
			load(deps[d], add);
		add();
	}
	for (var i = 0; i < blocks.length && dir; i++) {
		var m = /(?:^|\s)language-(\S+)/.exec(blocks[i].className);
		var name = m && Object.prototype.hasOwnProperty.call(table, m[1]) ? table[m[1]] : null;
		if (name)
			load(name, colour.bind(null, name));
	}
})();
