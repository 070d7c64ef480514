/*
 * interval.h — closed intervals of doubles, and arithmetic on them.
 *
 * Every number specbook checks is an interval: a written "13.5" stands for
 * [13.45, 13.55], an exact count for a point interval.  The operations here
 * return an interval that contains every result of applying the operation
 * to any pair of members, rounded outward: when a floating-point bound is
 * inexact it is moved one ulp away (nextafter), and only then, so that
 * exact arithmetic (72 × 192 × 10^9) stays a point and prints as one.
 *
 * Functions return 0, or one of the INTERVAL_E* codes; the caller turns the
 * code into a diagnostic with its location.  No function here reports.
 */
#ifndef SPECBOOK_INTERVAL_H
#define SPECBOOK_INTERVAL_H

struct interval {
	double lo, hi;     /* lo <= hi, both finite */
};

enum interval_error {
	INTERVAL_OK = 0,
	INTERVAL_EDIVZERO,   /* divisor interval contains 0 */
	INTERVAL_EOVERFLOW,  /* a bound is not finite */
	INTERVAL_EDOMAIN,    /* sqrt of a negative, fractional power of a negative */
};

/* Returns the point interval [x, x]. */
struct interval interval_point(double x);
/* Returns [lo, hi] (swapped if given the wrong way round). */
struct interval interval_make(double lo, double hi);

int interval_add(struct interval a, struct interval b, struct interval *out);
int interval_sub(struct interval a, struct interval b, struct interval *out);
int interval_mul(struct interval a, struct interval b, struct interval *out);
/* INTERVAL_EDIVZERO when b contains 0 (even as an end point). */
int interval_div(struct interval a, struct interval b, struct interval *out);
int interval_neg(struct interval a, struct interval *out);
int interval_abs(struct interval a, struct interval *out);
int interval_sqrt(struct interval a, struct interval *out);
/* a to the integer power n (n may be negative; a must then exclude 0). */
int interval_powi(struct interval a, long n, struct interval *out);
/* a to the power e for a >= 0 and a point or interval e (exp(e·log a)). */
int interval_pow(struct interval a, struct interval e, struct interval *out);
/* Scales by an exact-or-not factor k, rounding outward. */
int interval_scale(struct interval a, double k, struct interval *out);
int interval_min(struct interval a, struct interval b, struct interval *out);
int interval_max(struct interval a, struct interval b, struct interval *out);

/* Returns 1 if the two intervals share at least one point. */
int interval_overlaps(struct interval a, struct interval b);
/* Returns 1 if the interval contains x. */
int interval_contains(struct interval a, double x);
/* Returns hi - lo. */
double interval_width(struct interval a);
/* Returns (lo + hi) / 2, computed without overflow. */
double interval_mid(struct interval a);
/* Returns 1 if a is a point, or so narrow (relative width below 1e-12)
 * that it is one up to the rounding of unit factors like 10^-3. */
int interval_is_point(struct interval a);

/* Returns a message for an INTERVAL_E* code ("division by zero"…). */
const char *interval_strerror(int code);

#endif
