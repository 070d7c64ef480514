/*
 * versus.c — a comparison whose other side is a part named, not a figure
 * (issue 37, part 5; s44-eval P-i): "Its 576GB memory is also 2x that of
 * H200", "The B200 has 192 GB of HBM3e, 2.4x the H100's", "B200 的 FP8 算力
 * 4500 TFLOPS，是 H100 的 2.27 倍".  The clause states one figure, the
 * comparison, and a part right after it ("that of H200", "the H100's",
 * "than the A100") or right before it ("是 H100 的"); the other side is
 * that part's figure of the column the figure's unit and the clause's
 * words name (memory, memory bandwidth, NVLink, a data type's compute,
 * power): the book's own tables first (an error when the comparison does
 * not hold: the book against itself), else the reference data (a warning
 * naming its source).  A clause naming no column (a throughput, "2x
 * higher throughput than the A100": a measured speed-up) is passed over.
 *
 * A link may be the other side ("900 GB/s，是 PCIe 5.0 x16 的 7 倍", "是
 * PCIe 5.0 带宽的 7 倍"), and with no figure stated both may be links or a
 * part's NVLink ("NVLink 4 带宽是 PCIe 5.0 的 7 倍", "H100 的 NVLink 带宽是
 * PCIe 5.0 的 7 倍"): the reference data's links (interconnects), both
 * directions unless the figure or the clause says one.
 */
#include "audit/versus.h"
#include "audit/cells.h"
#include "audit/figure.h"
#include "audit/hints.h"
#include "audit/reference.h"
#include "numbers/units.h"
#include "numbers/format.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* Does the word list sw (" a b c ") hold w as a whole word? */
static int has(const char *sw, const char *w)
{
	return words_have(sw, w, strlen(w));
}

/* The reference column the figure f and the clause's words sw name, or
 * NULL when they name none or several. */
static const char *column_of(const struct figure *f, const char *sw, const char *raw, size_t rawlen)
{
	const char *u = f->q.unit ? f->q.unit : "";
	size_t ul = strlen(u);
	int cjk_mem = 0, cjk_bw = 0, cjk_power = 0, cjk_link = 0;
	for (size_t i = 0; i + 6 <= rawlen; i++) {
		cjk_mem |= !memcmp(raw + i, "显存", 6) || !memcmp(raw + i, "内存", 6);
		cjk_bw |= !memcmp(raw + i, "带宽", 6);
		cjk_power |= !memcmp(raw + i, "功耗", 6);
		cjk_link |= !memcmp(raw + i, "互联", 6) || !memcmp(raw + i, "互连", 6);
	}
	if (strstr(u, "FLOP") || strstr(u, "OPS")) {
		static const char *const types[] = { "fp4", "fp8", "bf16", "fp16", "tf32", "fp32", "fp64", "int8", NULL };
		const char *found = NULL;
		for (size_t k = 0; types[k]; k++)
			if (has(sw, types[k])) {
				if (found)
					return NULL;
				found = types[k];
			}
		return found && strcmp(found, "fp4") ? found : NULL;
	}
	int rate = ul >= 2 && (!strcmp(u + ul - 2, "/s") || !strcmp(u + ul - 2, "ps"));
	if (rate && strchr(u, 'B')) {
		if (has(sw, "pcie") || has(sw, "link") || has(sw, "links") || has(sw, "interconnect") || cjk_link ||
		    has(sw, "network") || has(sw, "infiniband") || has(sw, "c2c"))
			return NULL;
		if (has(sw, "nvlink"))
			return "nvlink";
		return has(sw, "bandwidth") || cjk_bw ? "mem_bw" : NULL;
	}
	if (!rate && ul >= 1 && u[ul - 1] == 'B')
		return (has(sw, "memory") || has(sw, "hbm") || has(sw, "hbm3") || has(sw, "hbm3e") || has(sw, "vram") ||
			has(sw, "capacity") || cjk_mem) && !has(sw, "bandwidth") && !cjk_bw
			       ? "memory"
			       : NULL;
	if (!strcmp(u, "W") || !strcmp(u, "kW"))
		return has(sw, "tdp") || has(sw, "power") || cjk_power ? "tdp" : NULL;
	return NULL;
}

/* The byte of the sentence figure f starts at. */
static size_t fb_of(const struct figure *f, size_t soff)
{
	return f->off - soff;
}

/* Words between a comparison and the part it compares with. */
static const char *const filler[] = { "that", "those", "of", "the", "than", "over", "vs", "versus", "compared",
				      "to", "with", "faster", "more", "higher", "larger", "greater", "bigger", "slower",
				      "less", "lower", "smaller", "nvidia", "amd", "an", "a", "times", "s", NULL };

/* The part word right after the comparison in the words tw (" that of
 * h200 with "): only fillers before it; its length into *n. */
static const char *part_after(const char *tw, size_t *n)
{
	int fillers = 0;
	for (const char *w = tw + 1; *w;) {
		const char *e = strchr(w, ' ');
		if (!e)
			return NULL;
		size_t wl = (size_t)(e - w);
		if (cells_part_word(w, wl)) {
			*n = wl;
			return fillers ? w : NULL;
		}
		int fill = 0;
		for (size_t k = 0; filler[k] && !fill; k++)
			fill = strlen(filler[k]) == wl && !memcmp(w, filler[k], wl);
		if (!fill || ++fillers > 4)
			return NULL;
		w = e + 1;
	}
	return NULL;
}

/* A capacity as vendors print it: 141 GiB is "141GB" beside 288 GB. */
static void decimal_prefix(struct quantity *q)
{
	if (!q->unit || !strstr(q->unit, "iB") || !(q->scale > 0))
		return;
	double steps = round(log(q->scale) / log(1024)), dec = pow(1000, steps), f = dec / q->scale;
	interval_scale(q->v, f, &q->v);
	interval_scale(q->nominal, f, &q->nominal);
	q->unit = steps == 4 ? "TB" : steps == 3 ? "GB" : steps == 2 ? "MB" : "kB";
	q->scale = dec;
}

/* Is f, or its clause's words sw, of one direction ("单向", "per
 * direction", a per-direction kind)? */
static int one_direction(const struct audit *au, const struct figure *f, const char *sw, const char *raw, size_t rawlen)
{
	if (f && au->kind_perdir) {
		int fam = units_kind_family(au->u, au->kind_perdir);
		if (fam >= 0 && f->q.kind[fam] == au->kind_perdir)
			return 1;
	}
	for (size_t i = 0; i + 6 <= rawlen; i++)
		if (!memcmp(raw + i, "单向", 6) || !memcmp(raw + i, "每个方向", 12 <= rawlen - i ? 12 : 6))
			return 1;
	return has(sw, "unidirectional") || (has(sw, "per") && has(sw, "direction")) ||
	       (has(sw, "each") && has(sw, "direction"));
}

/* The link named as the other side of the comparison s[at..after): in
 * the few words after it ("14 times PCIe 5.0", "7x that of PCIe Gen5") or
 * between 是 and it ("是 PCIe 5.0 x16 的 7 倍"); its figure (both
 * directions or one) into *q, its name and source; *start gets where the
 * words naming it begin.  Returns 1 when found. */
static int other_link(struct audit *au, const char *s, size_t cs, size_t at, size_t after, size_t ce, int both,
		      struct quantity *q, const char **name, const char **source, size_t *start)
{
	size_t te = after + 32 < ce ? after + 32 : ce;
	/* the words right after: fillers, then the link */
	size_t k = after;
	while (k < te && !(((s[k] | 32) >= 'a' && (s[k] | 32) <= 'z' && !strncasecmp(s + k, "pcie", 4)) ||
			   !strncasecmp(s + k, "nvlink", 6)))
		k++;
	if (k < te) {
		const char *gap = name_words(au->a, s + after, k - after);
		size_t n;
		int fillers_only = 1;
		for (const char *w = gap + 1; *w && fillers_only;) {
			const char *e = strchr(w, ' ');
			n = e ? (size_t)(e - w) : strlen(w);
			int fill = 0;
			for (size_t f = 0; filler[f] && !fill; f++)
				fill = strlen(filler[f]) == n && !memcmp(w, filler[f], n);
			fillers_only = fill;
			w = e ? e + 1 : w + n;
		}
		size_t e = k;
		while (e < te && s[e] != ',' && s[e] != '.' && (unsigned char)s[e] < 0x80)
			e++;
		if (fillers_only && e + 1 < te && s[e] == '.' && s[e + 1] >= '0' && s[e + 1] <= '9')
			for (e++; e < te && s[e] != ',' && !(s[e] == '.' && (e + 1 >= te || s[e + 1] == ' ')) &&
				  (unsigned char)s[e] < 0x80; e++)
				;
		if (fillers_only && reference_link_figure(au, s, e, both, q, name, source)) {
			*start = k;
			return 1;
		}
	}
	/* "是 PCIe 5.0 x16 的 7 倍" */
	size_t b = at;
	while (b > cs && s[b - 1] == ' ')
		b--;
	if (b < cs + 3 || memcmp(s + b - 3, "的", 3))
		return 0;
	b -= 3;
	/* "是 PCIe 5.0 带宽的 7 倍" */
	if (b >= cs + 6 && !memcmp(s + b - 6, "带宽", 6))
		b -= 6;
	while (b > cs && s[b - 1] == ' ')
		b--;
	size_t e = b;
	while (b > cs && (unsigned char)s[b - 1] < 0x80)
		b--;
	size_t v = b;
	while (v > cs && s[v - 1] == ' ')
		v--;
	if (e <= b || v < cs + 3 || (memcmp(s + v - 3, "是", 3) && memcmp(s + v - 3, "为", 3)))
		return 0;
	const char *words = name_words(au->a, s + b, e - b);
	if (!words || (!strstr(words, " pcie") && !strstr(words, " nvlink")))
		return 0;
	if (!reference_link_figure(au, s, e, both, q, name, source))
		return 0;
	*start = b;
	return 1;
}

/* Reports the comparison at mark of mine (what: its place and text)
 * against other (of the named thing), which does not hold. */
static void report(struct audit *au, const struct figure *mark, const char *text, const char *what,
		   const struct quantity *mine, const struct quantity *other, const char *where, const char *name,
		   const char *column, int src, double lo, double hi)
{
	double ratio = interval_mid(mine->nominal) / interval_mid(other->nominal);
	double widen = au->approx * (mark->approx ? 3 : 1);
	const char *written = arena_strndup(au->a, text + mark->off, mark->len);
	const char *hint = ratio_hint(au, (lo + hi) / 2, ratio, widen, written);
	const char *detail = arena_printf(
		au->a, "%s\n%s: %s for the %s\nthey give %s×; %s%s%s", what, where, figure_text(au, other), name,
		format_number(au->a, ratio, ratio < 10 ? 2 : 0),
		src == 2 ? "check the comparison against the source, or cite the figure it uses" : "write that, or correct them",
		hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(src == 2 ? DIAG_WARNING : DIAG_ERROR, mark->loc, mark->width, detail,
		    "the comparison '%s' with the %s's %s does not hold", written, name, column);
}

/* Does the ratio mine / other hold within [lo, hi] and the comparison's
 * digits?  (Counted as judged.) */
static int holds(struct audit *au, const struct figure *mark, const struct quantity *mine,
		 const struct quantity *other, double lo, double hi)
{
	struct interval r = { mine->v.lo / other->v.hi, mine->v.hi / other->v.lo };
	au->sum.comparisons++;
	double widen = au->approx * (mark->approx ? 3 : 1);
	return r.hi >= lo * (1 - widen) && r.lo <= hi * (1 + widen);
}

int versus_links(struct audit *au, const char *text, size_t soff, size_t cs, size_t ce, const struct figure *mark,
		 double lo, double hi)
{
	const char *s = text + soff;
	size_t at = mark->off - soff, after = at + mark->len;
	if (!(lo > 0) || mark->bound)
		return 0;
	const char *sw = name_words(au->a, s + cs, ce - cs);
	if (!has(sw, "bandwidth") && !strstr(s + cs, "带宽"))
		return 0;
	int both = !one_direction(au, NULL, sw, s + cs, ce - cs);
	struct quantity other, mine;
	const char *oname, *osrc, *where, *mname, *msrc;
	size_t ostart;
	if (!other_link(au, s, cs, at, after, ce, both, &other, &oname, &osrc, &ostart))
		return 0;
	/* the subject: a link named before the other ("NVLink 4 带宽是 …"),
	 * else a part's NVLink ("H100 的 NVLink 带宽是 …") */
	size_t se = ostart < at ? ostart : at;
	int src = 2;
	if (reference_link_figure(au, s + cs, se - cs, both, &mine, &mname, &msrc)) {
		if (!strcmp(mname, oname))
			return 0;
		where = arena_printf(au->a, "specbook's built-in reference data (%s): %s for the %s", msrc,
				     figure_text(au, &mine), mname);
	} else {
		const char *bw = name_words(au->a, s + cs, se - cs);
		if (!bw || !has(bw, "nvlink") || !both)
			return 0;
		const char *part = NULL;
		size_t pl = 0;
		for (const char *w = bw + 1; *w;) {
			const char *e = strchr(w, ' ');
			if (!e)
				break;
			if (cells_part_word(w, (size_t)(e - w))) {
				if (part)
					return 0;
				part = w;
				pl = (size_t)(e - w);
			}
			w = e + 1;
		}
		if (!part || !(src = cells_part_figure(au, mark->loc.file, part, pl, "nvlink", &mine, &where)))
			return 0;
		char *up = arena_strndup(au->a, part, pl);
		for (char *p = up; *p; p++)
			if (*p >= 'a' && *p <= 'z')
				*p = (char)(*p - 32);
		mname = up;
		where = arena_printf(au->a, "%s: %s for the %s's NVLink", where, figure_text(au, &mine), up);
		src = 2;
	}
	if (!dim_equal(&mine.dim, &other.dim) || mine.v.lo <= 0 || other.v.lo <= 0)
		return 0;
	if (holds(au, mark, &mine, &other, lo, hi))
		return 1;
	report(au, mark, text, where, &mine, &other,
	       arena_printf(au->a, "specbook's built-in reference data (%s)", osrc), oname,
	       both ? "bandwidth (both directions)" : "bandwidth per direction", src, lo, hi);
	return 1;
}

/* The comparison at mark of figure f against a link named as its other
 * side ("900 GB/s，是 PCIe 5.0 x16 的 7 倍"). */
static int link_side(struct audit *au, const char *text, size_t soff, size_t cs, size_t ce, const struct figure *f,
		     const struct figure *mark, double lo, double hi)
{
	const char *s = text + soff;
	size_t at = mark->off - soff, after = at + mark->len;
	/* a link as the other side ("900 GB/s，是 PCIe 5.0 x16 的 7 倍") */
	const char *u = f->q.unit ? f->q.unit : "";
	size_t ul = strlen(u), ostart;
	if (ul < 3 || !strchr(u, 'B') || (strcmp(u + ul - 2, "/s") && strcmp(u + ul - 2, "ps")))
		return 0;
	const char *sw = name_words(au->a, s + cs, ce - cs);
	int both = !one_direction(au, f, sw, s + cs, ce - cs);
	struct quantity other, mine = f->q;
	const char *oname, *osrc;
	if (!other_link(au, s, cs, at, after, ce, both, &other, &oname, &osrc, &ostart) ||
	    !dim_equal(&other.dim, &mine.dim) || other.v.lo <= 0 || mine.v.lo <= 0)
		return 0;
	/* the figure is not the named link's own ("PCIe 5.0 x16 的 128 GB/s 是 PCIe 5.0 的 1 倍") */
	struct quantity own;
	const char *n2, *s2;
	if (reference_link_figure(au, s + cs, fb_of(f, soff) - cs, both, &own, &n2, &s2) && !strcmp(n2, oname))
		return 0;
	if (holds(au, mark, &mine, &other, lo, hi))
		return 1;
	report(au, mark, text,
	       arena_printf(au->a, "%s:%d:%d: %s", f->loc.file, f->loc.line, f->loc.col, figure_text(au, &mine)),
	       &mine, &other, arena_printf(au->a, "specbook's built-in reference data (%s)", osrc), oname,
	       both ? "bandwidth (both directions)" : "bandwidth per direction", 2, lo, hi);
	return 1;
}

/* The comparison at mark of figure f against a part named as its other
 * side. */
static int part_side(struct audit *au, const char *text, size_t soff, size_t cs, size_t ce, const struct figure *f,
		     const struct figure *mark, double lo, double hi)
{
	const char *s = text + soff;
	size_t at = mark->off - soff, after = at + mark->len;
	/* the part: right after the comparison ("2x that of H200"), or right
	 * before it ("是 H100 的 2 倍") */
	const char *part = NULL;
	size_t pl = 0;
	size_t te = after + 48 < ce ? after + 48 : ce;
	const char *tail = name_words(au->a, s + after, te - after);
	if (tail)
		part = part_after(tail, &pl);
	if (!part) {
		size_t b = at;
		while (b > cs && s[b - 1] == ' ')
			b--;
		if (b >= cs + 3 && !memcmp(s + b - 3, "的", 3))
			b -= 3;
		while (b > cs && s[b - 1] == ' ')
			b--;
		size_t e = b;
		while (b > cs && (((s[b - 1] | 32) >= 'a' && (s[b - 1] | 32) <= 'z') || (s[b - 1] >= '0' && s[b - 1] <= '9')))
			b--;
		size_t k = b;
		while (k > cs && s[k - 1] == ' ')
			k--;
		/* "是 H100 的": the part after 是 or 为 */
		if (e > b && e < at && k >= cs + 3 && (!memcmp(s + k - 3, "是", 3) || !memcmp(s + k - 3, "为", 3))) {
			const char *w = name_words(au->a, s + b, e - b);
			size_t wl = w ? strlen(w) : 0;
			if (wl > 2 && cells_part_word(w + 1, wl - 2)) {
				part = w + 1;
				pl = wl - 2;
			}
		}
	}
	if (!part)
		return 0;
	/* the figure's own part is not the one compared with */
	size_t fb = f->off - soff;
	const char *before = name_words(au->a, s + cs, fb > cs ? fb - cs : 0);
	if (before && words_have(before, part, pl))
		return 0;
	/* the column: the words up to the comparison ("… memory is 2x that
	 * of H200, with memory bandwidth …": not the later clause's) */
	const char *sw = name_words(au->a, s + cs, after - cs);
	const char *column = column_of(f, sw, s + cs, after - cs);
	if (!column)
		return 0;
	struct quantity other, mine = f->q;
	const char *where = NULL;
	int src = cells_part_figure(au, f->loc.file, part, pl, column, &other, &where);
	if (!src || !dim_equal(&other.dim, &mine.dim) || other.v.lo <= 0 || mine.v.lo <= 0)
		return 0;
	decimal_prefix(&other);
	decimal_prefix(&mine);
	if (holds(au, mark, &mine, &other, lo, hi))
		return 1;
	char *name = arena_strndup(au->a, part, pl);
	for (char *p = name; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 32);
	report(au, mark, text, arena_printf(au->a, "%s:%d:%d: %s", f->loc.file, f->loc.line, f->loc.col, figure_text(au, &mine)),
	       &mine, &other, where, name, column, src, lo, hi);
	return 1;
}

int versus_part(struct audit *au, const char *text, size_t soff, size_t ps, size_t cs, size_t ce,
		const struct figure *f, const struct figure *mark, double lo, double hi)
{
	const char *s = text + soff;
	size_t at = mark->off - soff;
	if (f->off > mark->off || f->bound || f->range || !(lo > 0))
		return 0;
	if (f->off < soff + cs) {
		/* "B200 的 FP8 算力 4500 TFLOPS，是 H100 的 2.27 倍": a clause that
		 * opens with 是 or 为 says what the one before holds */
		size_t k = cs;
		while (k < at && s[k] == ' ')
			k++;
		if (f->off < soff + ps || !(k + 3 <= at && (!memcmp(s + k, "是", 3) || !memcmp(s + k, "为", 3) ||
							   !memcmp(s + k, "约", 3) || !memcmp(s + k, "相当于", 9))))
			return 0;
		cs = ps;
	}
	return part_side(au, text, soff, cs, ce, f, mark, lo, hi) || link_side(au, text, soff, cs, ce, f, mark, lo, hi);
}

/* Words that open a sentence drawing a conclusion from the one before. */
static const char *const therefore[] = { "也说明", "这说明", "说明", "也就是说", "即", "可见", "So ", "So, ",
					 "This means ", "That is, ", "I.e., ", NULL };

int versus_before(struct audit *au, const char *text, size_t soff, const struct figure *a, const struct figure *b,
		  const struct figure *mark, double lo, double hi)
{
	const char *s = text + soff;
	size_t at = mark->off - soff;
	size_t k = 0;
	while (k < at && (s[k] == ' ' || s[k] == '*'))
		k++;
	int opens = 0;
	for (size_t w = 0; therefore[w] && !opens; w++) {
		size_t wl = strlen(therefore[w]);
		opens = k + wl <= at && !memcmp(s + k, therefore[w], wl);
	}
	if (!opens || !(lo > 0) || a->bound || b->bound || a->range || b->range || !dim_equal(&a->q.dim, &b->q.dim) ||
	    a->q.v.lo <= 0 || b->q.v.lo <= 0)
		return 0;
	const struct figure *big = interval_mid(a->q.nominal) >= interval_mid(b->q.nominal) ? a : b;
	const struct figure *small = big == a ? b : a;
	struct interval r = { big->q.nominal.lo / small->q.nominal.hi, big->q.nominal.hi / small->q.nominal.lo };
	if (r.lo < 1.03)
		return 0;
	if (hi < 1) {
		double l = 1 / hi;
		hi = 1 / lo;
		lo = l;
	}
	au->sum.comparisons++;
	double widen = au->approx * (mark->approx ? 3 : 1);
	if (r.hi >= lo * (1 - widen) && r.lo <= hi * (1 + widen))
		return 1;
	double ratio = interval_mid(r);
	const char *written = arena_strndup(au->a, text + mark->off, mark->len);
	const char *hint = ratio_hint(au, (lo + hi) / 2, ratio, widen, written);
	const char *detail = arena_printf(au->a, "%s:%d:%d: %s\n%s:%d:%d: %s\nthe sentence before gives %s / %s = %s×; write that, or correct them%s%s",
					  big->loc.file, big->loc.line, big->loc.col, figure_text(au, &big->q),
					  small->loc.file, small->loc.line, small->loc.col, figure_text(au, &small->q),
					  figure_text(au, &big->q), figure_text(au, &small->q),
					  format_number(au->a, ratio, ratio < 10 ? 1 : 0), hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, mark->loc, mark->width, detail, "the comparison '%s' does not hold", written);
	return 1;
}
