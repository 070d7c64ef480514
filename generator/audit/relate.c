/*
 * relate.c — figures a sentence relates to each other (issue 37, part 5):
 * the book against itself within one sentence, so an error when they
 * disagree.
 *
 *   - one figure restated in another unit right after it, in parentheses:
 *     `900GBps (7.2Tbps)`, `80 GB (74.5 GiB)`; both directions beside one
 *     (`12.8TBps of unidirectional bandwidth (25.6TBps counting both
 *     directions)`) are twice it;
 *   - a product in parentheses: `30TB (8x 3.84TB)`;
 *   - a share of two figures the sentence states: `a measured 235GBps
 *     (40%)` beside `600GBps`, `396.40GBps against the 450GBps spec, or
 *     88%`, `1745 TFLOPS out of 2250 TFLOPS (~77.6% efficiency)`.
 *
 * Each is held only where the sentence's shape says what relates to what
 * (the parenthesis right after the figure and nothing but figures and a
 * few words in it; a share with `(`, `, or`, `which is`, `i.e.`, `即`
 * before it and exactly two figures of one dimension since the last
 * share): a sentence that could mean something else is passed over.
 * Authors round what they convert, so a restatement may be 1% off and a
 * share 3% (three times that when written "about").
 */
#include "audit/relate.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "numbers/format.h"

#include <math.h>
#include <string.h>

/* How far a restated figure may be from the first (conversions rounded
 * by hand: 192 GB is 178.8 GiB, written 180). */
#define RESTATE_SLACK 0.012
/* How far a share may be from the two figures' ratio, relative (235 of
 * 600 is 39.2%, written 40%). */
#define SHARE_SLACK 0.03
/* Bytes of words between a figure and the parenthesis that restates it
 * (`30TB NVMe SSD 数据缓存存储（ 8x 3.84TB ）`). */
#define RESTATE_GAP 48

static int is_unit(const struct figure *f, const char *u)
{
	return f->q.unit && !strcmp(f->q.unit, u);
}

/* A figure that is an amount of something: a unit that is no ratio, one
 * value.  A bound ("only 235GBps (40%)", "up to 900GBps (7.2Tbps)") is
 * related as written. */
static int amount(const struct figure *f)
{
	return f->has_unit && !dim_is_none(&f->q.dim) && !f->range && f->q.v.lo > 0;
}

/* Does s[i..) start with w (ASCII case aside)? */
static int starts(const char *s, size_t len, size_t i, const char *w)
{
	size_t wl = strlen(w);
	return i + wl <= len && !audit_casecmp(s + i, w, wl);
}

/* The offset after spaces and approximation marks from i on. */
static size_t skip_soft(const char *s, size_t len, size_t i)
{
	for (;;) {
		if (i < len && (s[i] == ' ' || s[i] == '~' || s[i] == '*' || s[i] == '`'))
			i++;
		else if (starts(s, len, i, "≈") || starts(s, len, i, "约"))
			i += 3;
		else if (starts(s, len, i, "about "))
			i += 6;
		else
			return i;
	}
}

/* Is the byte at s[i] an opening parenthesis ('(' or '（')? Returns its length. */
static size_t open_paren(const char *s, size_t len, size_t i)
{
	if (i < len && s[i] == '(')
		return 1;
	return starts(s, len, i, "（") ? 3 : 0;
}

/* The offset of the closing parenthesis after i, or len when none comes
 * before another opens. */
static size_t close_paren(const char *s, size_t len, size_t i)
{
	for (; i < len; i++) {
		if (s[i] == ')' || starts(s, len, i, "）"))
			return i;
		if (s[i] == '(' || starts(s, len, i, "（"))
			return len;
	}
	return len;
}

/* Words a parenthesis that restates a figure may hold beside it. */
static const char *const restate_words[] = {
	"or", "i.e.", "ie", "about", "roughly", "approximately", "approx.", "counting", "both",
	"directions", "direction", "bidirectional", "bi-directional", "unidirectional",
	"uni-directional", "duplex", "per", "each", "ea", "one", "total", "in", "of", "即", "约", "双向",
	"单向", "每个方向", "每方向", "每", "x", "×", NULL,
};

/* Does s[from..to) hold nothing but spaces, punctuation, the figures
 * figs[fi..fj) and the words above? */
static int only_restatement(const char *s, size_t from, size_t to, const struct figure *figs, size_t fi,
			    size_t fj, size_t soff)
{
	size_t i = from;
	while (i < to) {
		int inside = 0;
		for (size_t k = fi; k < fj; k++)
			if (i >= figs[k].off - soff && i < figs[k].off - soff + figs[k].len) {
				i = figs[k].off - soff + figs[k].len;
				inside = 1;
			}
		if (inside)
			continue;
		unsigned char c = (unsigned char)s[i];
		if (c == ' ' || c == '\n' || c == ',' || c == ';' || c == ':' || c == '-' || c == '~' || c == '*' || c == '`' ||
		    c == '/' || c == '.') {
			i++;
			continue;
		}
		int found = 0;
		for (size_t k = 0; restate_words[k] && !found; k++) {
			size_t wl = strlen(restate_words[k]);
			if (i + wl <= to && !audit_casecmp(s + i, restate_words[k], wl) &&
			    (i + wl == to || !((s[i + wl] | 32) >= 'a' && (s[i + wl] | 32) <= 'z'))) {
				i += wl;
				found = 1;
			}
		}
		if (!found)
			return 0;
	}
	return 1;
}

/* Which direction words s[from..to) has: 1 one direction, 2 both, 0 none. */
static int directions(const char *s, size_t from, size_t to)
{
	static const char *const both[] = { "both direction", "bidirectional", "bi-directional", "duplex",
					    "双向", "in total", "total bandwidth", "总带宽", NULL };
	static const char *const one[] = { "unidirectional", "uni-directional", "one direction",
					   "each direction", "per direction", "单向", "每个方向", "每方向", NULL };
	int d = 0;
	for (size_t i = from; i < to; i++) {
		for (size_t k = 0; both[k]; k++)
			if (starts(s, to, i, both[k]))
				d |= 2;
		for (size_t k = 0; one[k]; k++)
			if (starts(s, to, i, one[k]))
				d |= 1;
	}
	return d == 3 ? -1 : d;
}

/* The decimals figure f was written with, plus one (quantity.h's
 * "written"): 7.2Tbps gives 2. */
static unsigned char written_decimals(const char *s, size_t soff, const struct figure *f)
{
	const char *p = s + (f->off - soff), *e = p + f->len;
	const char *dot = memchr(p, '.', f->len);
	unsigned char d = 1;
	if (dot)
		for (const char *q = dot + 1; q < e && *q >= '0' && *q <= '9'; q++)
			d++;
	return d;
}

/* Do intervals a and b, each widened by slack (relative), overlap? */
static int overlap(struct interval a, struct interval b, double slack)
{
	a.lo -= fabs(a.lo) * slack;
	a.hi += fabs(a.hi) * slack;
	return interval_overlaps(a, b);
}

static void report_restatement(struct audit *au, const char *s, size_t soff, const struct figure *first,
			       const struct figure *second, struct quantity expected, const char *how)
{
	const char *written = arena_strndup(au->a, s + (second->off - soff), second->len);
	const char *hint = slip_hint(au, &second->q, &expected, written);
	const char *detail = arena_printf(au->a, "%s:%d:%d: %s\n%s gives %s%s%s", first->loc.file, first->loc.line,
					  first->loc.col, figure_text(au, &first->q), how,
					  figure_text(au, &expected), hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, second->loc, second->width, detail,
		    "%s does not restate %s: the two figures of this sentence disagree", written,
		    figure_text(au, &first->q));
}

/* The parenthesis after figs[i] (the next figures in it): a restatement
 * or a product of it. */
static void restatement(struct audit *au, const char *s, size_t len, size_t soff, struct figure *figs,
			size_t i, size_t to)
{
	struct figure *f = &figs[i];
	if (!amount(f) || i + 1 >= to)
		return;
	size_t at = f->off - soff + f->len;
	/* the parenthesis: right after, or after a few words with no figure */
	size_t p = at, ol = 0;
	while (p < len && p < at + RESTATE_GAP && !(ol = open_paren(s, len, p))) {
		/* a clause's end, the figure's own parenthesis closed, or another
		 * thing begun ("(600 GB/s) and EFA inter-node connections (400 Gb/s)") */
		if (s[p] == '.' || s[p] == ',' || s[p] == ')' || starts(s, len, p, "，") || starts(s, len, p, "、") ||
		    starts(s, len, p, "）") || starts(s, len, p, " and ") || starts(s, len, p, "和"))
			return;
		p++;
	}
	if (!ol || figs[i + 1].off - soff < p)
		return;
	size_t inner = p + ol, end = close_paren(s, len, inner);
	if (end >= len)
		return;
	size_t j = i + 1, k = j;
	while (k < to && figs[k].off - soff < end)
		k++;
	if (k == j || !only_restatement(s, inner, end, figs, j, k, soff))
		return;
	/* the figure first in the parenthesis (nothing but marks before it,
	 * or the direction it is: "（每个方向 64GB/s）", "(each direction 64GB/s)") */
	size_t first = skip_soft(s, len, inner);
	static const char *const lead_dir[] = { "每个方向", "每方向", "单向", "双向", "each direction", "per direction",
						"both directions", "unidirectional", "bidirectional", NULL };
	for (size_t d = 0; lead_dir[d]; d++)
		if (starts(s, len, first, lead_dir[d])) {
			first = skip_soft(s, len, first + strlen(lead_dir[d]));
			if (first < len && (s[first] == ':' || starts(s, len, first, "：")))
				first = skip_soft(s, len, first + (s[first] == ':' ? 1 : 3));
			break;
		}
	if (first != figs[j].off - soff)
		return;
	struct figure *g = &figs[j];
	if (k - j == 1 && amount(g) && dim_equal(&g->q.dim, &f->q.dim)) {
		/* the direction the figure is said to be: words from the figure
		 * before it (or the sentence's start) to the parenthesis */
		size_t clause = i > 0 && figs[i - 1].off >= soff ? figs[i - 1].off - soff + figs[i - 1].len : 0;
		int outside = directions(s, clause, p), in = directions(s, inner, end);
		if (outside < 0 || in < 0)
			return;
		double factor = 1;
		const char *how = "the same figure in another unit";
		if (outside && in && outside != in) {
			factor = in == 2 ? 2 : 0.5;
			how = in == 2 ? "both directions, twice it," : "one direction, half of it,";
		} else if (in && !outside) {
			return;   /* the parenthesis says a direction, the figure not: unknown */
		}
		if (!g->q.unit || !f->q.unit || (!strcmp(g->q.unit, f->q.unit) && factor == 1))
			return;   /* "80GB (80GB each)": nothing restated */
		struct quantity want = f->q;
		interval_scale(f->q.v, factor, &want.v);
		interval_scale(f->q.nominal, factor, &want.nominal);
		want.unit = g->q.unit;
		want.scale = g->q.scale;
		want.written = written_decimals(s, soff, g);
		double slack = RESTATE_SLACK + (f->approx || g->approx ? au->approx : 0);
		au->sum.comparisons++;
		if (overlap(g->q.v, want.v, slack))
			return;
		report_restatement(au, s, soff, f, g, want, how);
		return;
	}
	/* a product: "(8x 3.84TB)" */
	size_t gx = g->off - soff + g->len;
	while (gx < len && s[gx] == ' ')
		gx++;
	int times = is_unit(g, "×") || (!g->has_unit && (starts(s, len, gx, "x") || starts(s, len, gx, "×")));
	if (k - j == 2 && times && g->integer && amount(&figs[j + 1]) &&
	    dim_equal(&figs[j + 1].q.dim, &f->q.dim)) {
		struct figure *h = &figs[j + 1];
		struct quantity want = h->q;
		double n = interval_mid(g->q.nominal);
		interval_scale(h->q.v, n, &want.v);
		interval_scale(h->q.nominal, n, &want.nominal);
		want.unit = f->q.unit;
		want.scale = f->q.scale;
		want.written = written_decimals(s, soff, h);
		double slack = SHARE_SLACK + (f->approx || h->approx ? au->approx : 0);
		au->sum.comparisons++;
		if (overlap(f->q.v, want.v, slack))
			return;
		const char *detail = arena_printf(
			au->a, "%s:%d:%d: %s × %s\nthe product gives %s; write it, or correct the product", h->loc.file,
			h->loc.line, h->loc.col, format_number(au->a, n, 0), figure_text(au, &h->q),
			figure_text(au, &want));
		au->sum.findings_comparison++;
		diag_report(DIAG_ERROR, f->loc, f->width, detail, "%s is not the product in its parenthesis",
			    arena_strndup(au->a, s + (f->off - soff), f->len));
	}
}

/* Words before a share that say it is the ratio of what came before. */
static const char *const share_cue[] = { "(", "（", ", or", "，或", "which is", "that is", "i.e.",
					  "i.e.,", "or", "即", NULL };

/* Does a cue stand right before s[at] (spaces and approximation marks
 * between)? */
static int cued(const char *s, size_t at)
{
	size_t i = at;
	for (;;) {
		while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '~'))
			i--;
		if (i >= 3 && (!memcmp(s + i - 3, "≈", 3) || !memcmp(s + i - 3, "约", 3)))
			i -= 3;
		else if (i >= 6 && !audit_casecmp(s + i - 6, "about ", 6))
			i -= 6;
		else
			break;
	}
	for (size_t k = 0; share_cue[k]; k++) {
		size_t wl = strlen(share_cue[k]);
		if (i >= wl && !audit_casecmp(s + i - wl, share_cue[k], wl) &&
		    (wl < 2 || i == wl || !(((s[i - wl - 1] | 32) >= 'a') && ((s[i - wl - 1] | 32) <= 'z'))))
			return 1;
	}
	return 0;
}

/* Words after a share that make it a comparison (compare() judges
 * those) or the share of a third thing. */
static int share_of_other(const char *s, size_t len, size_t at)
{
	static const char *const after[] = { "more", "less", "faster", "slower", "higher", "lower",
		"larger", "smaller", "increase", "decrease", "improvement", "reduction", "of", "mfu", "hfu",
		"utilization", "utilisation", "of the time", "to ", "and", "的", "以上", "以下",
		"左右", "提升", "增加", "减少", "降低", "faster", NULL };
	size_t i = at;
	while (i < len && (s[i] == ' ' || s[i] == '*'))
		i++;
	for (size_t k = 0; after[k]; k++)
		if (starts(s, len, i, after[k]))
			return 1;
	return 0;
}

/* The share figs[m] (a percent): the ratio of the two figures of one
 * dimension stated since the last share. */
static void share(struct audit *au, const char *s, size_t len, size_t soff, struct figure *figs, size_t from,
		  size_t m)
{
	struct figure *pc = &figs[m];
	if (!is_unit(pc, "%") || pc->bound || pc->range || pc->q.v.lo <= 0)
		return;
	size_t at = pc->off - soff;
	size_t after = at + pc->len;
	while (after < len && s[after] == ' ')
		after++;
	int efficiency = starts(s, len, after, "efficiency") || starts(s, len, after, "efficient");
	if ((!cued(s, at) && !efficiency) || share_of_other(s, len, at + pc->len))
		return;
	/* "(99.9%/99.99%/99.999%)": alternatives, no share */
	if (starts(s, len, at + pc->len, "/") || (at > 0 && s[at - 1] == '/'))
		return;
	/* the figures since the previous percent */
	size_t start = from;
	for (size_t k = m; k > from; k--)
		if (is_unit(&figs[k - 1], "%")) {
			start = k;
			break;
		}
	struct figure *pair[2] = { NULL, NULL };
	size_t n = 0;
	for (size_t k = start; k < m; k++) {
		if (!figs[k].has_unit)
			continue;
		if (!amount(&figs[k]) || (n && !dim_equal(&figs[k].q.dim, &pair[0]->q.dim)))
			return;   /* a bound, a range or another dimension: not sure what is divided */
		/* "< 100ms", "> 1s": limits, not amounts of one thing */
		size_t b = figs[k].off - soff;
		while (b > 0 && s[b - 1] == ' ')
			b--;
		if (b > 0 && (s[b - 1] == '<' || s[b - 1] == '>'))
			return;
		if (n == 2)
			return;
		pair[n++] = &figs[k];
	}
	if (n != 2)
		return;
	struct figure *big = pair[0], *small = pair[1];
	if (interval_mid(big->q.nominal) < interval_mid(small->q.nominal)) {
		big = pair[1];
		small = pair[0];
	}
	struct interval r = { small->q.v.lo / big->q.v.hi, small->q.v.hi / big->q.v.lo };
	struct interval stated = pc->q.v;
	if (stated.lo >= 1) {   /* "150%": the big one of the small one */
		r = (struct interval){ big->q.v.lo / small->q.v.hi, big->q.v.hi / small->q.v.lo };
	}
	double slack = SHARE_SLACK * (pc->approx ? 3 : 1);
	au->sum.comparisons++;
	if (overlap(r, stated, slack))
		return;
	const struct figure *num = stated.lo >= 1 ? big : small, *den = stated.lo >= 1 ? small : big;
	double ratio = interval_mid(num->q.nominal) / interval_mid(den->q.nominal);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: %s\n%s:%d:%d: %s\nthey give %s / %s = %s%%; write that, or correct the figures",
		num->loc.file, num->loc.line, num->loc.col, figure_text(au, &num->q), den->loc.file, den->loc.line,
		den->loc.col, figure_text(au, &den->q), figure_text(au, &num->q), figure_text(au, &den->q),
		format_number(au->a, ratio * 100, ratio * 100 < 10 ? 1 : 0));
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, pc->loc, pc->width, detail, "the share '%s' does not hold",
		    arena_strndup(au->a, s + at, pc->len));
}

/* The offset of the figure after "of" from i ("of the 63GBps", "of that
 * adapter's 200Gbps": a few words and no digit between), or 0. */
static size_t after_of(const char *s, size_t len, size_t i)
{
	while (i < len && s[i] == ' ')
		i++;
	if (!starts(s, len, i, "of "))
		return 0;
	i += 3;
	for (size_t k = i; k < len && k < i + 32; k++) {
		if (s[k] >= '0' && s[k] <= '9')
			return k;
		if (strchr(",;:()", s[k]))
			return 0;
	}
	return 0;
}

/* Shares of a third figure: "55.43GBps and 55.06GBps, which is 88% and 87%
 * of the 63GBps": the percents from figs[m] on, joined by "and" or a
 * comma, then "of [the] C"; the figures before them, as many, in order. */
static void shares_of(struct audit *au, const char *s, size_t len, size_t soff, struct figure *figs, size_t from,
		      size_t m, size_t to)
{
	enum { CHAIN = 4 };
	if (!is_unit(&figs[m], "%") || !cued(s, figs[m].off - soff))
		return;
	if (m > from && is_unit(&figs[m - 1], "%"))
		return;   /* not the chain's first */
	size_t k = m, n = 0;
	struct figure *pc[CHAIN];
	for (;;) {
		if (k >= to || !is_unit(&figs[k], "%") || figs[k].bound || figs[k].range || n == CHAIN)
			return;
		pc[n++] = &figs[k];
		size_t i = figs[k].off - soff + figs[k].len;
		size_t of = after_of(s, len, i);
		if (of) {
			if (k + 1 >= to || figs[k + 1].off - soff != of)
				return;
			k++;
			break;
		}
		while (i < len && (s[i] == ' ' || s[i] == ','))
			i++;
		if (starts(s, len, i, "and "))
			i += 4;
		while (i < len && s[i] == ' ')
			i++;
		if (k + 1 >= to || figs[k + 1].off - soff != i)
			return;
		k++;
	}
	struct figure *c = &figs[k];
	if (!amount(c))
		return;
	/* the figures before the chain, back to the previous percent */
	size_t start = from;
	for (size_t j = m; j > from; j--)
		if (is_unit(&figs[j - 1], "%")) {
			start = j;
			break;
		}
	/* the last n amounts before the chain ("8x H200 … reports 55.43GBps
	 * and 55.06GBps, which is 88% and 87% of the 63GBps"): counts and
	 * factors between are no amounts of it */
	struct figure *num[CHAIN];
	size_t nn = 0;
	for (size_t j = m; j > start && nn < n; j--) {
		struct figure *g = &figs[j - 1];
		if (!g->has_unit || (dim_is_none(&g->q.dim) && !is_unit(g, "%")))
			continue;
		if (!amount(g) || !dim_equal(&g->q.dim, &c->q.dim))
			return;
		num[n - 1 - nn++] = g;
	}
	if (nn != n)
		return;
	for (size_t j = 0; j < n; j++) {
		struct interval r = { num[j]->q.v.lo / c->q.v.hi, num[j]->q.v.hi / c->q.v.lo };
		au->sum.comparisons++;
		if (overlap(r, pc[j]->q.v, SHARE_SLACK * (pc[j]->approx ? 3 : 1)))
			continue;
		double ratio = interval_mid(num[j]->q.nominal) / interval_mid(c->q.nominal);
		const char *detail = arena_printf(
			au->a, "%s:%d:%d: %s\n%s:%d:%d: %s\nthey give %s / %s = %s%%; write that, or correct the figures",
			num[j]->loc.file, num[j]->loc.line, num[j]->loc.col, figure_text(au, &num[j]->q), c->loc.file,
			c->loc.line, c->loc.col, figure_text(au, &c->q), figure_text(au, &num[j]->q),
			figure_text(au, &c->q), format_number(au->a, ratio * 100, ratio * 100 < 10 ? 1 : 0));
		au->sum.findings_comparison++;
		diag_report(DIAG_ERROR, pc[j]->loc, pc[j]->width, detail, "the share '%s' does not hold",
			    arena_strndup(au->a, s + (pc[j]->off - soff), pc[j]->len));
	}
}

void relate_check(struct audit *au, const char *text, size_t soff, size_t send, struct figure *figs,
		  size_t from, size_t to)
{
	const char *s = text + soff;
	size_t len = send - soff;
	for (size_t i = from; i < to; i++) {
		restatement(au, s, len, soff, figs, i, to);
		share(au, s, len, soff, figs, from, i);
		shares_of(au, s, len, soff, figs, from, i, to);
	}
}
