/*
 * interval.c — interval arithmetic with outward rounding (see interval.h).
 *
 * Each bound is computed in round-to-nearest and then corrected: the exact
 * error of the operation is recovered (TwoSum for sums, fma() for products,
 * quotients and square roots) and, only if the bound is on the wrong side of
 * the true result, moved one ulp outward with nextafter().  Exact results
 * therefore stay exact, which keeps point intervals points.
 */
#include "numbers/interval.h"

#include <math.h>

/* Rounding directions for the helpers below. */
enum { DOWN = -1, UP = 1 };

/* Moves x one ulp in direction dir if err (true - x) points that way. */
static double nudge(double x, double err, int dir)
{
	if (dir == DOWN && err < 0)
		return nextafter(x, -INFINITY);
	if (dir == UP && err > 0)
		return nextafter(x, INFINITY);
	return x;
}

static double add_r(double a, double b, int dir)
{
	double s = a + b;
	if (!isfinite(s))
		return s;
	double bb = s - a;
	double err = (a - (s - bb)) + (b - bb);
	return nudge(s, err, dir);
}

static double mul_r(double a, double b, int dir)
{
	double p = a * b;
	if (!isfinite(p))
		return p;
	if (p == 0 && a != 0 && b != 0) {
		/* underflow: the true product is a tiny number of the operands' sign */
		int negative = (a < 0) != (b < 0);
		if (dir == DOWN)
			return negative ? -nextafter(0.0, 1.0) : 0.0;
		return negative ? 0.0 : nextafter(0.0, 1.0);
	}
	return nudge(p, fma(a, b, -p), dir);
}

static double div_r(double a, double b, int dir)
{
	double q = a / b;
	if (!isfinite(q))
		return q;
	double r = fma(-q, b, a);   /* a - q·b, exactly; true quotient is q + r/b */
	if (b < 0)
		r = -r;
	return nudge(q, r, dir);
}

static double sqrt_r(double a, int dir)
{
	double r = sqrt(a);
	return nudge(r, fma(-r, r, a), dir);
}

static int check(struct interval *out)
{
	if (!isfinite(out->lo) || !isfinite(out->hi))
		return INTERVAL_EOVERFLOW;
	return INTERVAL_OK;
}

struct interval interval_point(double x)
{
	struct interval r = { x, x };
	return r;
}

struct interval interval_make(double lo, double hi)
{
	struct interval r = { lo < hi ? lo : hi, lo < hi ? hi : lo };
	return r;
}

int interval_add(struct interval a, struct interval b, struct interval *out)
{
	out->lo = add_r(a.lo, b.lo, DOWN);
	out->hi = add_r(a.hi, b.hi, UP);
	return check(out);
}

int interval_sub(struct interval a, struct interval b, struct interval *out)
{
	double lo = add_r(a.lo, -b.hi, DOWN);
	double hi = add_r(a.hi, -b.lo, UP);
	out->lo = lo;
	out->hi = hi;
	return check(out);
}

/* The interval of op over a × b: the extremes of op(x, y) at its corners,
 * each rounded outward (op is monotone in each argument on each side of
 * zero, which a divisor does not cross).  A point's two corners are one:
 * most operands are points or are scaled by one. */
static int corners(struct interval a, struct interval b, double (*op)(double, double, int),
		   struct interval *out)
{
	double x[2] = { a.lo, a.hi }, y[2] = { b.lo, b.hi };
	int nx = a.lo == a.hi ? 1 : 2, ny = b.lo == b.hi ? 1 : 2;
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < nx; i++)
		for (int j = 0; j < ny; j++) {
			double l = op(x[i], y[j], DOWN);
			double h = op(x[i], y[j], UP);
			if (l < lo)
				lo = l;
			if (h > hi)
				hi = h;
		}
	out->lo = lo;
	out->hi = hi;
	return check(out);
}

int interval_mul(struct interval a, struct interval b, struct interval *out)
{
	if (b.lo == 1 && b.hi == 1) {   /* a unit or magnitude of one: exact */
		*out = a;
		return check(out);
	}
	return corners(a, b, mul_r, out);
}

int interval_div(struct interval a, struct interval b, struct interval *out)
{
	if (b.lo <= 0 && b.hi >= 0)
		return INTERVAL_EDIVZERO;
	return corners(a, b, div_r, out);
}

int interval_neg(struct interval a, struct interval *out)
{
	double lo = -a.hi, hi = -a.lo;
	out->lo = lo;
	out->hi = hi;
	return check(out);
}

int interval_abs(struct interval a, struct interval *out)
{
	if (a.lo >= 0) {
		*out = a;
	} else if (a.hi <= 0) {
		double lo = -a.hi, hi = -a.lo;
		out->lo = lo;
		out->hi = hi;
	} else {
		out->hi = -a.lo > a.hi ? -a.lo : a.hi;
		out->lo = 0;
	}
	return check(out);
}

int interval_sqrt(struct interval a, struct interval *out)
{
	if (a.lo < 0)
		return INTERVAL_EDOMAIN;
	out->lo = sqrt_r(a.lo, DOWN);
	out->hi = sqrt_r(a.hi, UP);
	return check(out);
}

int interval_powi(struct interval a, long n, struct interval *out)
{
	if (n < 0) {
		struct interval p;
		int rc = interval_powi(a, -n, &p);
		if (rc)
			return rc;
		return interval_div(interval_point(1), p, out);
	}
	/* square and multiply; each step keeps outward rounding.  For an even
	 * power of an interval around 0 the result starts at 0. */
	struct interval r = interval_point(1), base = a;
	int even = n % 2 == 0;
	if (even && a.lo < 0) {
		int rc = interval_abs(a, &base);
		if (rc)
			return rc;
	}
	for (long k = n; k > 0; k >>= 1) {
		int rc;
		if (k & 1) {
			rc = interval_mul(r, base, &r);
			if (rc)
				return rc;
		}
		if (k > 1) {
			rc = interval_mul(base, base, &base);
			if (rc)
				return rc;
		}
	}
	*out = r;
	return check(out);
}

int interval_pow(struct interval a, struct interval e, struct interval *out)
{
	if (e.lo == e.hi && e.lo == floor(e.lo) && fabs(e.lo) <= 1e6)
		return interval_powi(a, (long)e.lo, out);
	if (a.lo < 0)
		return INTERVAL_EDOMAIN;
	if (a.lo == 0 && e.lo <= 0)
		return INTERVAL_EDIVZERO;
	/* x^y is monotone in each argument on each side of x = 1 and y = 0; the
	 * extremes are among the four corners.  pow() is not correctly rounded,
	 * so widen each corner by a couple of ulps. */
	double c[4] = { pow(a.lo, e.lo), pow(a.lo, e.hi), pow(a.hi, e.lo), pow(a.hi, e.hi) };
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < 4; i++) {
		if (c[i] < lo)
			lo = c[i];
		if (c[i] > hi)
			hi = c[i];
	}
	out->lo = lo > 0 ? nextafter(nextafter(lo, 0), 0) : lo;
	out->hi = nextafter(nextafter(hi, INFINITY), INFINITY);
	return check(out);
}

int interval_scale(struct interval a, double k, struct interval *out)
{
	return interval_mul(a, interval_point(k), out);
}

int interval_min(struct interval a, struct interval b, struct interval *out)
{
	out->lo = a.lo < b.lo ? a.lo : b.lo;
	out->hi = a.hi < b.hi ? a.hi : b.hi;
	return check(out);
}

int interval_max(struct interval a, struct interval b, struct interval *out)
{
	out->lo = a.lo > b.lo ? a.lo : b.lo;
	out->hi = a.hi > b.hi ? a.hi : b.hi;
	return check(out);
}

int interval_overlaps(struct interval a, struct interval b)
{
	return a.lo <= b.hi && b.lo <= a.hi;
}

int interval_contains(struct interval a, double x)
{
	return a.lo <= x && x <= a.hi;
}

double interval_width(struct interval a)
{
	return a.hi - a.lo;
}

double interval_mid(struct interval a)
{
	if (a.lo == a.hi)
		return a.lo;
	return a.lo / 2 + a.hi / 2;
}

int interval_is_point(struct interval a)
{
	if (a.lo == a.hi)
		return 1;
	double m = fabs(a.lo) > fabs(a.hi) ? fabs(a.lo) : fabs(a.hi);
	return a.hi - a.lo <= m * 1e-12;
}

const char *interval_strerror(int code)
{
	switch (code) {
	case INTERVAL_OK:
		return "no error";
	case INTERVAL_EDIVZERO:
		return "division by zero";
	case INTERVAL_EOVERFLOW:
		return "number too large";
	case INTERVAL_EDOMAIN:
		return "no real result";
	}
	return "arithmetic error";
}
