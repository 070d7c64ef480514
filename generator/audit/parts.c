/*
 * parts.c — the size in a part's name (issue 37, part 5): `A100 80GB`,
 * `80GB A100`, `NVIDIA A100-40GB`, `A100 GPU (80GB)`.  The memory a
 * sentence writes beside a known chip's model word is one of the sizes
 * the reference data knows that chip in (the A100: 40 and 80 GB), or it
 * is a slip: a warning naming the sizes known, a note within 10% of one
 * (`B200 180GB`: the usable part of 192 GB, as vendors also print).
 *
 * Only a size that touches the model word is read (spaces, a hyphen, a
 * parenthesis, `GPU` between): "an A100 with 80GB" is reference.c's, as
 * any figure of a sentence about a chip.  A variant the reference has no
 * row for (`H100 NVL 94GB`) is passed over.
 */
#include "audit/parts.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "audit/reference.h"
#include "audit/table.h"

#include <math.h>
#include <string.h>

/* Sizes one chip is known in (the A100: SXM 80 and 40 GB, PCIe 80 GB). */
#define PART_SIZES 8

static int alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Variants the reference has no row for: a size beside them is theirs. */
static const char *const unknown_variants[] = { "nvl", "nvl2", "nvl4", "cnx", "ti", "max", "lite", "mini",
						 "hgx", "dgx", "nvl72", NULL };

/* The word (letters and digits) that ends at s[e] (exclusive), skipping
 * back over spaces, '-', '(', '（' and one `GPU`; *wb its start.  0 when
 * there is none. */
static size_t word_before(const char *s, size_t e, size_t *wb)
{
	int skipped = 0;
	for (;;) {
		while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '-' || s[e - 1] == '('))
			e--;
		if (e >= 3 && !memcmp(s + e - 3, "（", 3)) {
			e -= 3;
			continue;
		}
		size_t b = e;
		while (b > 0 && alnum((unsigned char)s[b - 1]))
			b--;
		if (b == e)
			return 0;
		/* one word between: "A100 GPU (80GB)", "B200's 192GB", "B200 at 180GB" */
		static const char *const between[] = { "gpu", "gpus", "s", "at", "with", "has", "of", NULL };
		int pass = 0;
		for (size_t k = 0; between[k] && !skipped && !pass; k++)
			pass = e - b == strlen(between[k]) && !audit_casecmp(s + b, between[k], e - b);
		if (pass) {
			skipped = 1;
			e = b;
			if (e > 0 && (s[e - 1] == '\'' || s[e - 1] == '`'))
				e--;   /* the possessive's apostrophe */
			continue;
		}
		*wb = b;
		return e - b;
	}
}

/* The word that starts at s[i] after spaces and a '-'; *wb its start. */
static size_t word_after(const char *s, size_t len, size_t i, size_t *wb)
{
	while (i < len && (s[i] == ' ' || s[i] == '-'))
		i++;
	size_t e = i;
	while (e < len && alnum((unsigned char)s[e]))
		e++;
	*wb = i;
	return e - i;
}

/* Is w[0..n) a model word: letters and digits both, three or more? */
static int model_word(const char *w, size_t n)
{
	int digit = 0, alpha = 0;
	for (size_t i = 0; i < n; i++) {
		digit |= w[i] >= '0' && w[i] <= '9';
		alpha |= (w[i] | 32) >= 'a' && (w[i] | 32) <= 'z';
	}
	return n >= 3 && digit && alpha;
}

static int size_check(struct audit *au, const char *s, size_t len, size_t soff, const char *sw, struct figure *f)
{
	if (!f->has_unit || f->range || f->bound || f->q.v.lo <= 0)
		return 0;
	/* information: bytes (GB, GiB, TB) */
	static const char *const sizes[] = { "GB", "GiB", "TB", "TiB", "G", NULL };
	int size = 0;
	for (size_t k = 0; sizes[k] && !size; k++)
		size = f->q.unit && !strcmp(f->q.unit, sizes[k]);
	if (!size)
		return 0;
	/* "在配备96GB内存+440GB A100的服务器上": a server's GPUs together */
	static const char *const servers[] = { " server ", " servers ", " 服 务 器 ", NULL };
	for (size_t k = 0; servers[k]; k++)
		if (strstr(sw, servers[k]))
			return 0;
	size_t at = f->off - soff, wb = 0, wl;
	/* "(192 GB vs 80 GB)", "(80GB/40GB)": the sizes of a comparison, in
	 * the order of the parts named before, not the nearer one's */
	for (size_t i = at; i > 0 && at - i < 48; i--) {
		if (s[i - 1] == ')' || (i >= 3 && !memcmp(s + i - 3, "）", 3)))
			break;
		if (s[i - 1] == '(' || (i >= 3 && !memcmp(s + i - 3, "（", 3))) {
			for (size_t k = i; k < len && s[k] != ')' && k < i + 64; k++)
				if ((k + 3 <= len && !audit_casecmp(s + k, " vs", 3)) ||
				    (s[k] == '/' && k + 1 < len && s[k + 1] >= '0' && s[k + 1] <= '9') ||
				    (k + 6 <= len && !memcmp(s + k, "对比", 6)))
					return 0;
			break;
		}
	}
	wl = word_before(s, at, &wb);
	/* "B200's 192GB and 180GB": a size listed after another of the same part */
	size_t ab0, al0 = word_after(s, len, at + f->len, &ab0);
	if (!model_word(s + wb, wl) && !model_word(s + ab0, al0 > 1 && s[ab0 + al0 - 1] == 's' ? al0 - 1 : al0) &&
	    ((wl == 3 && !audit_casecmp(s + wb, "and", 3)) || (wl == 2 && !audit_casecmp(s + wb, "or", 2)))) {
		size_t k = wb;
		while (k > 0 && s[k - 1] == ' ')
			k--;
		size_t u = k;
		while (u > 0 && ((s[u - 1] | 32) >= 'a' && (s[u - 1] | 32) <= 'z'))
			u--;
		size_t d = u;
		while (d > 0 && ((s[d - 1] >= '0' && s[d - 1] <= '9') || s[d - 1] == '.'))
			d--;
		if (d < u && u < k && (d == 0 || !alnum((unsigned char)s[d - 1]) || s[d - 1] == ' ')) {
			size_t wb2;
			size_t wl2 = word_before(s, d, &wb2);
			if (model_word(s + wb2, wl2)) {
				wb = wb2;
				wl = wl2;
			}
		}
	}
	if (!model_word(s + wb, wl)) {
		wl = word_after(s, len, at + f->len, &wb);
		if (!model_word(s + wb, wl))
			return 0;
	}
	/* a variant word beside the model word ("DGX A100 640GB", "H100 NVL"):
	 * the size is that system's or variant's ("每个DGX A100有8个 NVIDIA A100
	 * 80GB": the GPU's) */
	(void)sw;
	size_t vb, vl = word_before(s, wb, &vb), ab, al = word_after(s, len, wb + wl, &ab);
	for (size_t k = 0; unknown_variants[k]; k++) {
		size_t n = strlen(unknown_variants[k]);
		if ((vl == n && !audit_casecmp(s + vb, unknown_variants[k], n)) ||
		    (al == n && !audit_casecmp(s + ab, unknown_variants[k], n)))
			return 0;
	}
	char word[32];
	if (wl >= sizeof word)
		return 0;
	if (wl > 3 && (s[wb + wl - 1] == 's') && s[wb + wl - 2] >= '0' && s[wb + wl - 2] <= '9')
		wl--;   /* "80GB A100s" */
	for (size_t i = 0; i < wl; i++)
		word[i] = (char)((s[wb + i] >= 'A' && s[wb + i] <= 'Z') ? s[wb + i] | 32 : s[wb + i]);
	word[wl] = '\0';
	struct quantity known[PART_SIZES];
	size_t n = reference_part_figures(au->ref, word, wl, "memory", 0, known, PART_SIZES, NULL);
	if (!n)
		return 0;
	au->sum.cells_referenced++;
	double widen = f->approx ? au->approx : 0, best = 0;
	size_t nearest = 0;
	for (size_t i = 0; i < n; i++) {
		struct figure rf = { 0 };
		rf.q = known[i];
		if (figures_agree(au, f, &rf, widen))
			return 1;
		/* the size as vendors write it, in the figure's unit: 80 GiB is "80GB" */
		struct quantity w = known[i];
		double number = interval_mid(known[i].nominal) / known[i].scale;
		w.v = w.nominal = interval_point(number * f->q.scale);
		w.unit = f->q.unit;
		w.scale = f->q.scale;
		known[i] = w;
		double r = interval_mid(f->q.v) / interval_mid(known[i].v);
		double dist = fabs(log(r));
		if (i == 0 || dist < best) {
			best = dist;
			nearest = i;
		}
	}
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &known[nearest], written);
	double ratio = interval_mid(f->q.v) / interval_mid(known[nearest].v);
	/* far off and no slip: not the memory (a disk, a model's size) */
	if ((ratio > 20 || ratio < 0.05) && !hint)
		return 1;
	int near = !hint && ratio > 0.9 && ratio < 1.1;
	const char *list = "";
	for (size_t i = 0; i < n; i++) {
		int dup = 0;
		for (size_t j = 0; j < i; j++)
			dup |= interval_mid(known[j].v) == interval_mid(known[i].v);
		if (!dup)
			list = arena_printf(au->a, "%s%s%s", list, list[0] ? ", " : "", figure_text(au, &known[i]));
	}
	const char *detail = arena_printf(au->a, "specbook's built-in reference data knows the %.*s with %s\n%s%s%s",
					  (int)wl, s + wb, list,
					  near ? "vendors print usable and raw sizes: check which one is meant"
					       : "write one of those, or name the variant this size is of",
					  hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_reference++;
	diag_report(near ? DIAG_NOTE : DIAG_WARNING, f->loc, f->width, detail,
		    "no %.*s is known with %s of memory", (int)wl, s + wb, written);
	return 1;
}

void parts_check(struct audit *au, const char *text, size_t soff, size_t send, const char *sw, struct figure *figs,
		 size_t from, size_t to, unsigned char *judged)
{
	if (!au->ref)
		return;
	for (size_t i = from; i < to; i++)
		judged[i - from] = (unsigned char)size_check(au, text + soff, send - soff, soff, sw, &figs[i]);
}
