/*
 * math.js — typesets the page's formulas with KaTeX.  The generator loads
 * it (after assets/katex/katex.min.js) only on pages with a formula and
 * only when the site has KaTeX (Debian's libjs-katex).  Each formula is a
 * <code class="math"> holding its TeX ("math-display" for $$…$$ and
 * ```math blocks); that stays as it is where KaTeX is missing or cannot
 * read it.  katex.render() builds the formula's DOM itself, so the
 * Content-Security-Policy (no inline script, no inline style) holds.
 */
(function () {
	"use strict";
	if (typeof katex === "undefined")
		return;
	var all = document.querySelectorAll("code.math"), wide = [];
	for (var i = 0; i < all.length; i++) {
		var code = all[i], tex = code.textContent;
		var display = code.classList.contains("math-display");
		var out = document.createElement("span");
		out.className = display ? "math-rendered math-display" : "math-rendered";
		try {
			katex.render(tex, out, { displayMode: display, throwOnError: true, strict: "ignore",
						 output: "htmlAndMathml" });
		} catch (e) {
			code.title = String(e.message || e);   /* the source stays, with why */
			continue;
		}
		out.setAttribute("data-tex", tex);
		code.parentNode.replaceChild(out, code);
		if (display)
			wide.push(out);
	}
	/* a display formula wider than its column scrolls sideways; then it
	   takes the keyboard's focus too, so that it scrolls without a mouse */
	function focusable() {
		for (var k = 0; k < wide.length; k++) {
			var el = wide[k];
			if (el.scrollWidth > el.clientWidth + 1) {
				el.setAttribute("tabindex", "0");
				el.setAttribute("role", "group");
				el.setAttribute("aria-label", el.getAttribute("data-tex"));
			} else {
				el.removeAttribute("tabindex");
				el.removeAttribute("role");
				el.removeAttribute("aria-label");
			}
		}
	}
	focusable();
	window.addEventListener("resize", focusable);
})();
