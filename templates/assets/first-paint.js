/*
 * first-paint.js — applies the saved reading language before the first
 * paint, so a reader of one language never sees the page flash with both.
 * Loaded from <head> without defer, so it runs before the body is laid
 * out; site.js (deferred) does the rest.  It is a file and not an inline
 * script because the pages' Content-Security-Policy allows no inline
 * script at all.
 */
(function () {
	var d = document.documentElement, l = null;
	try {
		l = new URLSearchParams(location.search).get("lang") || localStorage.getItem("specbook-lang");
	} catch (e) { /* storage may be disabled: show both */ }
	/* a book in one language (data-one-language) has nothing to choose */
	if ((l === "zh" || l === "en" || l === "both") && !d.hasAttribute("data-one-language"))
		d.setAttribute("data-lang", l);
	var t = null;
	try {
		t = localStorage.getItem("specbook-theme");
	} catch (e) { /* follow the system */ }
	if (t === "dark" || t === "light")
		d.setAttribute("data-theme", t);
	d.classList.add("js");
})();
