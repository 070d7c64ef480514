/*
 * quantity.c — arithmetic on quantities and how they are printed (see quantity.h).
 *
 * The arithmetic is interval arithmetic on both the value and the nominal
 * interval, plus bookkeeping of dimensions and display units.  Printing
 * decides how many digits a number deserves: all of them for an exact
 * integer, as many as the digits it came from carry for a measured value,
 * three significant ones (at least one decimal) for other exact values.
 */
#include "quantity.h"
#include "buffer.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Numbers beyond these are printed as m × 10^n: digit strings that long
 * are unreadable, and doubles stop holding integers exactly at 2^53. */
#define QUANTITY_SCI_HIGH 1e15
#define QUANTITY_SCI_LOW 1e-4

/* Most decimals ever printed: beyond this a value is noise, not digits. */
#define QUANTITY_MAX_DECIMALS 9

/* decimals argument meaning "choose as for an exact value" */
#define QUANTITY_AUTO (-1000)

int dim_equal(const struct dim *a, const struct dim *b)
{
	return !memcmp(a->e, b->e, sizeof a->e);
}

int dim_is_none(const struct dim *a)
{
	for (int i = 0; i < DIM_MAX; i++)
		if (a->e[i])
			return 0;
	return 1;
}

static int dim_combine(struct dim *r, const struct dim *a, const struct dim *b, int sign)
{
	for (int i = 0; i < DIM_MAX; i++) {
		int e = a->e[i] + sign * b->e[i];
		if (e > 100 || e < -100)
			return INTERVAL_EOVERFLOW;
		r->e[i] = (signed char)e;
	}
	return 0;
}

struct quantity quantity_number(double x)
{
	struct quantity q;
	memset(&q, 0, sizeof q);
	q.v = interval_point(x);
	q.nominal = q.v;
	q.scale = 1;
	return q;
}

void quantity_set_unit(struct quantity *q, const char *unit, double scale)
{
	q->unit = unit;
	q->scale = unit ? scale : 1;
}

/* Applies op to both intervals; returns the first error. */
typedef int (*binop)(struct interval, struct interval, struct interval *);

static int both(binop op, const struct quantity *a, const struct quantity *b, struct quantity *r)
{
	int rc = op(a->v, b->v, &r->v);
	if (rc)
		return rc;
	rc = op(a->nominal, b->nominal, &r->nominal);
	return rc;
}

int quantity_add(struct quantity a, struct quantity b, struct quantity *out)
{
	if (!dim_equal(&a.dim, &b.dim))
		return QUANTITY_EDIM;
	struct quantity r = a;
	int rc = both(interval_add, &a, &b, &r);
	if (rc)
		return rc;
	if (!a.unit)
		quantity_set_unit(&r, b.unit, b.scale);
	*out = r;
	return 0;
}

int quantity_sub(struct quantity a, struct quantity b, struct quantity *out)
{
	if (!dim_equal(&a.dim, &b.dim))
		return QUANTITY_EDIM;
	struct quantity r = a;
	/* nominal − nominal would widen a range into nonsense; subtract ends */
	int rc = both(interval_sub, &a, &b, &r);
	if (rc)
		return rc;
	if (!a.unit)
		quantity_set_unit(&r, b.unit, b.scale);
	*out = r;
	return 0;
}

int quantity_mul(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out)
{
	(void)ar;
	struct quantity r = a;
	int rc = both(interval_mul, &a, &b, &r);
	if (!rc)
		rc = dim_combine(&r.dim, &a.dim, &b.dim, 1);
	if (rc)
		return rc;
	if (dim_is_none(&a.dim) && (b.unit || !dim_is_none(&b.dim)))
		quantity_set_unit(&r, b.unit, b.scale);
	else if (dim_is_none(&b.dim))
		quantity_set_unit(&r, a.unit, a.scale);
	else
		quantity_set_unit(&r, NULL, 1);
	*out = r;
	return 0;
}

int quantity_div(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out)
{
	(void)ar;
	struct quantity r = a;
	int rc = both(interval_div, &a, &b, &r);
	if (!rc)
		rc = dim_combine(&r.dim, &a.dim, &b.dim, -1);
	if (rc)
		return rc;
	if (dim_is_none(&b.dim) && !dim_is_none(&a.dim))
		quantity_set_unit(&r, a.unit, a.scale);
	else if (dim_is_none(&b.dim) && !b.unit)
		quantity_set_unit(&r, a.unit, a.scale);
	else
		quantity_set_unit(&r, NULL, 1);
	*out = r;
	return 0;
}

int quantity_neg(struct quantity a, struct quantity *out)
{
	struct quantity r = a;
	int rc = interval_neg(a.v, &r.v);
	if (!rc)
		rc = interval_neg(a.nominal, &r.nominal);
	if (rc)
		return rc;
	*out = r;
	return 0;
}

int quantity_abs(struct quantity a, struct quantity *out)
{
	struct quantity r = a;
	int rc = interval_abs(a.v, &r.v);
	if (!rc)
		rc = interval_abs(a.nominal, &r.nominal);
	if (rc)
		return rc;
	*out = r;
	return 0;
}

int quantity_pow(struct arena *ar, struct quantity a, struct quantity e, struct quantity *out)
{
	(void)ar;
	if (!dim_is_none(&e.dim))
		return QUANTITY_EDIM;
	struct quantity r = a;
	if (!dim_is_none(&a.dim)) {
		double k = e.v.lo;
		if (e.v.lo != e.v.hi || k != floor(k) || fabs(k) > 100)
			return QUANTITY_EPOWER;
		for (int i = 0; i < DIM_MAX; i++) {
			long x = (long)a.dim.e[i] * (long)k;
			if (x > 100 || x < -100)
				return INTERVAL_EOVERFLOW;
			r.dim.e[i] = (signed char)x;
		}
		quantity_set_unit(&r, k == 1 ? a.unit : NULL, a.scale);
	} else {
		quantity_set_unit(&r, NULL, 1);
	}
	int rc = interval_pow(a.v, e.v, &r.v);
	if (!rc)
		rc = interval_pow(a.nominal, e.nominal, &r.nominal);
	if (rc)
		return rc;
	*out = r;
	return 0;
}

int quantity_sqrt(struct arena *ar, struct quantity a, struct quantity *out)
{
	(void)ar;
	struct quantity r = a;
	for (int i = 0; i < DIM_MAX; i++) {
		if (a.dim.e[i] % 2)
			return QUANTITY_EPOWER;
		r.dim.e[i] = (signed char)(a.dim.e[i] / 2);
	}
	int rc = interval_sqrt(a.v, &r.v);
	if (!rc)
		rc = interval_sqrt(a.nominal, &r.nominal);
	if (rc)
		return rc;
	quantity_set_unit(&r, dim_is_none(&a.dim) ? a.unit : NULL, a.scale);
	*out = r;
	return 0;
}

static int minmax(int (*op)(struct interval, struct interval, struct interval *),
		  struct quantity a, struct quantity b, struct quantity *out)
{
	if (!dim_equal(&a.dim, &b.dim))
		return QUANTITY_EDIM;
	struct quantity r = a;
	int rc = both(op, &a, &b, &r);
	if (rc)
		return rc;
	if (!a.unit)
		quantity_set_unit(&r, b.unit, b.scale);
	*out = r;
	return 0;
}

int quantity_min(struct quantity a, struct quantity b, struct quantity *out)
{
	return minmax(interval_min, a, b, out);
}

int quantity_max(struct quantity a, struct quantity b, struct quantity *out)
{
	return minmax(interval_max, a, b, out);
}

/* ---- printing ---- */

/* Appends the digits of s (an unsigned decimal number as printf wrote it)
 * with a comma every three digits of its integer part, from 1,000 up. */
static void add_grouped(struct buf *b, const char *s)
{
	const char *dot = strchr(s, '.');
	size_t intlen = dot ? (size_t)(dot - s) : strlen(s);
	for (size_t i = 0; i < intlen; i++) {
		if (i && (intlen - i) % 3 == 0 && intlen >= 4)
			buf_addch(b, ',');
		buf_addch(b, s[i]);
	}
	if (dot)
		buf_adds(b, dot);
}

/* Decimals an exact non-integer gets: three significant digits, at least one. */
static int auto_decimals(double x)
{
	x = fabs(x);
	if (x == 0)
		return 0;
	int mag = (int)floor(log10(x));
	int d = 2 - mag;
	if (d < 1)
		d = 1;
	if (d > QUANTITY_MAX_DECIMALS + 3)
		d = QUANTITY_MAX_DECIMALS + 3;
	return d;
}

static void trim_zeros(char *s)
{
	char *dot = strchr(s, '.');
	if (!dot)
		return;
	char *end = s + strlen(s);
	while (end > dot + 1 && end[-1] == '0')
		*--end = 0;
	if (end == dot + 1)
		*dot = 0;
}

static int is_integral(double x)
{
	return fabs(x) < QUANTITY_SCI_HIGH && x == floor(x);
}

/* Appends x with decimals decimals: negative rounds to tens, hundreds…;
 * QUANTITY_AUTO applies the exact-value rule. */
static void add_number(struct buf *b, double x, int decimals)
{
	char tmp[512];
	if (!isfinite(x)) {
		buf_adds(b, "?");
		return;
	}
	double ax = fabs(x);
	if (ax != 0 && (ax >= QUANTITY_SCI_HIGH || ax < QUANTITY_SCI_LOW)) {
		int exp10 = (int)floor(log10(ax));
		double m = ax / pow(10, exp10);
		int sig = decimals == QUANTITY_AUTO ? 3 : decimals + exp10 + 1;
		if (sig < 1)
			sig = 1;
		if (sig > 15)
			sig = 15;
		snprintf(tmp, sizeof tmp, "%.*f", sig - 1, m);
		if (atof(tmp) >= 10) {      /* 9.99… rounded up to 10.0 */
			exp10++;
			snprintf(tmp, sizeof tmp, "%.*f", sig - 1, m / 10);
		}
		if (decimals == QUANTITY_AUTO)
			trim_zeros(tmp);
		if (x < 0)
			buf_adds(b, "\xe2\x88\x92");
		buf_adds(b, tmp);
		buf_addf(b, " \xc3\x97 10^%d", exp10);
		return;
	}
	int trim = 0;
	if (decimals < -15 && decimals != QUANTITY_AUTO)
		decimals = -15;     /* beyond 10^15 the sci form above took over */
	if (decimals < 0 && decimals != QUANTITY_AUTO) {
		/* digits above the decimal point are uncertain: round them away */
		double f = pow(10, -decimals);
		x = round(x / f) * f;
		ax = fabs(x);
		decimals = 0;
	}
	if (decimals == QUANTITY_AUTO) {
		if (is_integral(x)) {
			decimals = 0;
		} else {
			decimals = auto_decimals(x);
			trim = 1;
		}
	}
	if (decimals > QUANTITY_MAX_DECIMALS + 3)
		decimals = QUANTITY_MAX_DECIMALS + 3;
	snprintf(tmp, sizeof tmp, "%.*f", decimals, ax);
	if (trim)
		trim_zeros(tmp);
	int zero = 1;
	for (const char *p = tmp; *p; p++)
		if (*p >= '1' && *p <= '9')
			zero = 0;
	if (x < 0 && !zero)
		buf_adds(b, "\xe2\x88\x92");
	add_grouped(b, tmp);
}

char *quantity_format_number(struct arena *a, double x, int decimals)
{
	struct buf b = BUF_INIT;
	add_number(&b, x, decimals < 0 ? QUANTITY_AUTO : decimals);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Decimals that the width of an uncertain value justifies (0.01 → 2). */
static int width_decimals(double width)
{
	if (width <= 0)
		return QUANTITY_MAX_DECIMALS;
	/* the slack absorbs rounding: a written 3.35 is [3.345, 3.355] but its
	 * width in doubles may come out as 0.00999… */
	if (!isfinite(width))
		return -308;
	double l = floor(log10(width) + 0.02);
	int d = l > 400 ? -400 : l < -400 ? 400 : -(int)l;
	if (d > QUANTITY_MAX_DECIMALS)
		d = QUANTITY_MAX_DECIMALS;
	return d;
}

/* Appends an interval's ends rounded outward at decimals d. */
static void add_bounds(struct buf *b, double lo, double hi, int d)
{
	double f = pow(10, d);
	double l = floor(lo * f + 1e-9) / f, h = ceil(hi * f - 1e-9) / f;
	buf_adds(b, "[");
	add_number(b, l, d);
	buf_adds(b, ", ");
	add_number(b, h, d);
	buf_adds(b, "]");
}

static const char *display_unit(struct arena *a, const struct units *units,
				const struct quantity *q, double *scale)
{
	*scale = 1;
	if (q->unit) {
		*scale = q->scale;
		return q->unit;
	}
	if (dim_is_none(&q->dim) || !units)
		return NULL;
	return units_display(units, a, &q->dim, interval_mid(q->nominal), scale);
}

char *quantity_format(struct arena *a, const struct units *units, const struct quantity *q,
		      unsigned flags)
{
	double scale;
	const char *unit = display_unit(a, units, q, &scale);
	if (!(scale > 0))
		scale = 1;
	struct interval v = { q->v.lo / scale, q->v.hi / scale };
	struct interval nom = { q->nominal.lo / scale, q->nominal.hi / scale };
	struct buf b = BUF_INIT;

	if (flags & QUANTITY_INTERVAL) {
		if (interval_is_point(v)) {
			add_number(&b, interval_mid(v), (flags & QUANTITY_PRECISE) ?
				   auto_decimals(interval_mid(v)) + 1 : QUANTITY_AUTO);
		} else {
			/* the digits' uncertainty sets the decimals, not a range's span */
			double unc = (nom.lo - v.lo) + (v.hi - nom.hi);
			if (unc <= 0 || interval_is_point(interval_make(v.hi - unc, v.hi))) {
				buf_adds(&b, "[");
				add_number(&b, v.lo, QUANTITY_AUTO);
				buf_adds(&b, ", ");
				add_number(&b, v.hi, QUANTITY_AUTO);
				buf_adds(&b, "]");
			} else {
				int d = width_decimals(unc) + 1;
				if (d > QUANTITY_MAX_DECIMALS)
					d = QUANTITY_MAX_DECIMALS;
				add_bounds(&b, v.lo, v.hi, d);
			}
		}
	} else if (!interval_is_point(nom)) {
		add_number(&b, nom.lo, QUANTITY_AUTO);
		buf_adds(&b, "\xe2\x80\x93");
		add_number(&b, nom.hi, QUANTITY_AUTO);
	} else if (interval_is_point(v)) {
		double x = interval_mid(nom);
		int d = QUANTITY_AUTO;
		if ((flags & QUANTITY_PRECISE) && !is_integral(x))
			d = auto_decimals(x) + 1;
		add_number(&b, x, d);
	} else {
		int d = width_decimals(interval_width(v));
		if (flags & QUANTITY_PRECISE && d < auto_decimals(interval_mid(nom)))
			d = auto_decimals(interval_mid(nom));
		add_number(&b, interval_mid(nom), d);
	}
	if (unit && !(flags & QUANTITY_BARE)) {
		if (!units_tight(units, unit))
			buf_addch(&b, ' ');
		buf_adds(&b, unit);
	}
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

const char *quantity_unit_name(struct arena *a, const struct units *units,
			       const struct quantity *q)
{
	if (q->unit)
		return q->unit;
	if (dim_is_none(&q->dim))
		return "a plain number";
	if (!units)
		return "a quantity with a unit";
	double scale;
	return units_display(units, a, &q->dim, interval_mid(q->nominal), &scale);
}
