/*
 * hints.c — the slips that explain a wrong figure (DESIGN §6 "When one
 * does not"): a sparse figure read as dense or both directions as one
 * (×2), a decimal/binary prefix (×1.024ⁿ, ×1024) or bits for bytes (×8)
 * for sizes and rates of data only, a prefix
 * off by a step (×1000), and, for a figure typed by hand, two digits
 * swapped.  Each is named, so that the author knows what to look for.
 */
#include "audit/hints.h"
#include "audit/figure.h"
#include "numbers/format.h"

#include <math.h>
#include <string.h>

/* Does the ratio interval [lo, hi] hold f (within 0.3%: vendors round)? */
static int near(double lo, double hi, double f)
{
	return lo <= f * 1.003 && hi >= f / 1.003;
}

/* The digits of s (at most 24), in order. */
static size_t digits_of(const char *s, char *out)
{
	size_t n = 0;
	for (; *s && n < 24; s++)
		if (*s >= '0' && *s <= '9')
			out[n++] = *s;
	out[n] = '\0';
	return n;
}

const char *slip_hint(const struct audit *au, const struct quantity *stated,
		      const struct quantity *expected, const char *stated_text)
{
	if (!dim_equal(&stated->dim, &expected->dim))
		return NULL;
	double slo = stated->v.lo, shi = stated->v.hi, elo = expected->v.lo, ehi = expected->v.hi;
	if (elo <= 0 || slo <= 0)
		return NULL;
	double lo = slo / ehi, hi = shi / elo;
	int sparse = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	int direction = au->kind_bidir ? units_kind_family(au->u, au->kind_bidir) : -1;
	int flops = 0, rate = 0;
	for (int d = 0; d < DIM_MAX; d++)
		if (stated->dim.e[d] < 0)
			rate = 1;
	(void)sparse;
	(void)direction;
	const char *unit = stated->unit ? stated->unit : "";
	if (strstr(unit, "FLOP") || strstr(unit, "OPS"))
		flops = 1;
	if (near(lo, hi, 2))
		return flops ? "hint: twice the expected figure: a sparse figure (2:4 sparsity) where a dense one is meant?"
		       : rate ? "hint: twice the expected figure: both directions where one direction is meant?"
			      : "hint: twice the expected figure";
	if (near(lo, hi, 0.5))
		return flops ? "hint: half the expected figure: a dense figure where a sparse one is meant?"
		       : rate ? "hint: half the expected figure: one direction where both directions are meant?"
			      : "hint: half the expected figure";
	/* binary prefixes and bits are bytes' (sizes, rates of data), not
	 * FLOPS' or watts' */
	struct dim byte_dim;
	int bytes = 0;
	if (units_symbol_dim(au->u, "B", &byte_dim))
		for (int d = 0; d < DIM_MAX; d++)
			bytes |= byte_dim.e[d] && stated->dim.e[d] > 0;
	for (int n = 1; n <= 4 && bytes; n++) {
		double f = pow(1.024, n);
		/* two steps or more only where the digits tell them apart (1,800
		 * against 2.0 is a tenth off, not TB read as TiB) */
		if (n >= 2 && (hi - lo) / ((hi + lo) / 2) >= (f - 1) / 2)
			break;
		if (near(lo, hi, f) || near(lo, hi, 1 / f))
			return n == 1 ? "hint: a decimal/binary prefix slip (×1.024: kB and KiB)?"
			       : n == 2 ? "hint: a decimal/binary prefix slip (×1.024²: MB and MiB)?"
			       : n == 3 ? "hint: a decimal/binary prefix slip (×1.024³: GB and GiB)?"
					: "hint: a decimal/binary prefix slip (×1.024⁴: TB and TiB)?";
	}
	if (bytes && (near(lo, hi, 8) || near(lo, hi, 0.125)))
		return "hint: a factor of 8: bits read as bytes (Gb/s and GB/s)?";
	if (near(lo, hi, 1000) || near(lo, hi, 0.001) || near(lo, hi, 1e6) || near(lo, hi, 1e-6))
		return "hint: a factor of 1000: a unit prefix off by a step?";
	if (bytes && (near(lo, hi, 1024) || near(lo, hi, 1.0 / 1024)))
		return "hint: a factor of 1024: a binary prefix off by a step?";
	if (stated_text && expected) {
		char a[25], b[25];
		const char *et = figure_text(au, expected);
		size_t na = digits_of(stated_text, a), nb = digits_of(et, b);
		if (na == nb && na >= 2 && strcmp(a, b)) {
			size_t diff = 0, first = 0;
			for (size_t i = 0; i < na; i++)
				if (a[i] != b[i]) {
					if (!diff)
						first = i;
					diff++;
				}
			if (diff == 2 && first + 1 < na && a[first] == b[first + 1] && a[first + 1] == b[first])
				return "hint: two digits swapped?";
		}
	}
	return NULL;
}

const char *ratio_hint(const struct audit *au, double stated, double got, double slack, const char *stated_text)
{
	if (!(stated > 0) || !(got > 0))
		return NULL;
	static const struct {
		double f;
		const char *what;
	} slips[] = {
		{ 1.024, "a decimal/binary prefix slip (×1.024: one figure read as binary)" },
		{ 1.024 * 1.024, "a decimal/binary prefix slip (×1.024²)" },
		{ 1.024 * 1.024 * 1.024, "a decimal/binary prefix slip (×1.024³: GB and GiB)" },
		{ 2, "a factor of 2 (a sparse figure against a dense one, or both directions against one)" },
		{ 8, "a factor of 8 (bits and bytes)" },
		{ 1000, "a factor of 1000 (a prefix off by a step)" },
	};
	for (size_t k = 0; k < sizeof slips / sizeof slips[0]; k++)
		for (int sign = -1; sign <= 1; sign += 2) {
			double g = sign > 0 ? slips[k].f : 1 / slips[k].f;
			if (fabs(got * g / stated - 1) < 0.006 + slack / 2)
				return arena_printf(au->a, "hint: the stated ratio is theirs %s %s: %s?", sign > 0 ? "×" : "÷",
						    format_number(au->a, slips[k].f, slips[k].f < 2 ? 3 : 0), slips[k].what);
		}
	if (stated_text) {
		/* "2.52×" for 2.25: two digits swapped */
		char a[25], b[25];
		size_t na = digits_of(stated_text, a);
		int decimals = 0;
		const char *dot = strchr(stated_text, '.');
		for (const char *p = dot ? dot + 1 : ""; *p >= '0' && *p <= '9'; p++)
			decimals++;
		size_t nb = digits_of(format_number(au->a, got, decimals), b);
		if (na == nb && na >= 2) {
			size_t diff = 0, first = 0;
			for (size_t i = 0; i < na; i++)
				if (a[i] != b[i] && !diff++)
					first = i;
			if (diff == 2 && first + 1 < na && a[first] == b[first + 1] && a[first + 1] == b[first])
				return "hint: two digits swapped?";
		}
	}
	return NULL;
}
