/*
 * quantity.c — arithmetic on quantities (see quantity.h).
 *
 * The arithmetic is interval arithmetic on both the value and the nominal
 * interval, plus bookkeeping of dimensions and display units.  How a
 * quantity is printed is format.c's.
 */
#include "numbers/quantity.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	if (q->unit != unit || q->scale != (unit ? scale : 1))
		q->written = 0;   /* its written decimals were in another unit */
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
	r.written = 0;
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
