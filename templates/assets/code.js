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
	for (var i = 0; i < blocks.length; i++) {
		var m = /(?:^|\s)language-(\S+)/.exec(blocks[i].className);
		if (m && hljs.getLanguage(m[1]))
			hljs.highlightBlock(blocks[i]);
	}
})();
