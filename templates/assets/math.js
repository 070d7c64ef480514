/*
 * math.js — typesets the page's formulas with KaTeX.  The generator loads
 * it (after assets/katex/katex.min.js) only on pages with a formula and
 * only when the site has KaTeX (Debian's libjs-katex).  Each formula is a
 * <code class="math"> holding its TeX ("math-display" for $$…$$ and
 * ```math blocks); that stays as it is where KaTeX is missing or cannot
 * read it.
 *
 * The Content-Security-Policy allows no inline style, and KaTeX sizes
 * its boxes with inline styles (a strut's height, a fraction's vlist),
 * and sets some as style attributes (\boxed, \fcolorbox), which the
 * policy blocks.  So the formula's tree (katex.__renderToDomTree, KaTeX's
 * own step before toNode()) is built here with no style at all: each
 * distinct style becomes a class, "ks" and a number, whose rule goes into
 * one stylesheet made by the script (a constructed CSSStyleSheet, which
 * the policy does not restrict), marked !important as an inline style
 * would win.  The page then has no style attribute and the policy is not
 * violated.  A browser without constructed stylesheets gets
 * katex.render() as before (styles set through the CSSOM, which the
 * policy allows; \boxed's frame is then blocked).
 */
(function () {
	"use strict";
	if (typeof katex === "undefined")
		return;
	var sheet = null, classes = {}, nclasses = 0, rules = [];
	try {
		if (typeof katex.__renderToDomTree === "function" && document.adoptedStyleSheets)
			sheet = new CSSStyleSheet();
	} catch (e) {
		sheet = null;
	}

	/* The class for the declarations css ("height:1em;top:-2em"). */
	function styleClass(css) {
		if (!classes.hasOwnProperty(css)) {
			classes[css] = "ks" + nclasses++;
			rules.push("." + classes[css] + "{" + css.split(";").filter(function (d) {
				return /\S/.test(d);
			}).map(function (d) {
				return d + " !important";
			}).join(";") + "}");
		}
		return classes[css];
	}

	/* Takes the styles off KaTeX's tree node and its children, for classes. */
	function unstyle(node) {
		if (!node || typeof node !== "object")
			return;
		var css = "";
		if (node.style) {
			for (var k in node.style)
				if (node.style.hasOwnProperty(k) && node.style[k] !== undefined && node.style[k] !== "")
					css += k.replace(/([A-Z])/g, "-$1").toLowerCase() + ":" + node.style[k] + ";";
			node.style = {};
		}
		if (typeof node.italic === "number" && node.italic > 0 && typeof node.text === "string") {
			css += "margin-right:" + node.italic + "em;";   /* a symbol's italic correction */
			node.italic = 0;
		}
		if (node.attributes && node.attributes.hasOwnProperty("style")) {
			css += node.attributes.style + ";";
			delete node.attributes.style;
		}
		if (css) {
			if (!node.classes)
				node.classes = [];
			node.classes.push(styleClass(css));
		}
		if (node.children)
			for (var c = 0; c < node.children.length; c++)
				unstyle(node.children[c]);
	}

	function render(tex, out, options) {
		if (!sheet) {
			katex.render(tex, out, options);
			return;
		}
		var tree = katex.__renderToDomTree(tex, options);
		unstyle(tree);
		out.textContent = "";
		out.appendChild(tree.toNode());
	}

	var all = document.querySelectorAll("code.math"), wide = [];
	for (var i = 0; i < all.length; i++) {
		var code = all[i], tex = code.textContent;
		var display = code.classList.contains("math-display");
		var out = document.createElement("span");
		out.className = display ? "math-rendered math-display" : "math-rendered";
		try {
			render(tex, out, { displayMode: display, throwOnError: true, strict: "ignore",
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
	if (sheet && rules.length) {
		sheet.replaceSync(rules.join("\n"));
		document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
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
