/*
 * literal.c — reading written numbers (see literal.h).
 *
 * A number is read as its digit string, a power of ten (from the decimal
 * point, an exponent, `× 10^n`, a magnitude word or suffix) and a unit.  The
 * digit string is an integer N, exact in a double up to 2^53, so the value
 * is N·10^p·M·S and the digits' half-unit is 0.5·10^p·M·S: the interval
 * [N − ½, N + ½]·10^p·M·S, computed with outward rounding.  Magnitudes and
 * what may follow a number come from units.yaml, so a new suffix needs no
 * change here.
 */
#include "numbers/literal.h"
#include "core/utf8.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* More digits than this in one number is not a measurement but a mistake
 * (and N would no longer be exact long before). */
#define LITERAL_MAX_DIGITS 40

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_latin(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int starts(const char *s, size_t len, size_t i, const char *lit)
{
	size_t n = strlen(lit);
	return len - i >= n && !memcmp(s + i, lit, n);
}

static size_t spaces(const char *s, size_t len, size_t i)
{
	for (;;) {
		if (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		else if (starts(s, len, i, "\xc2\xa0"))
			i += 2;
		else
			return i;
	}
}

/* A number's mantissa and the powers of ten that scale it. */
struct mantissa {
	char digits[LITERAL_MAX_DIGITS + 1];
	int ndigits;
	int nfrac;          /* digits after the decimal point */
	int point;          /* a decimal point was written */
	long exp10;         /* from e±n or × 10^n */
	double magnitude;   /* from 37B, million, 万亿 */
};

/* Reads digits with optional thousands separators at s[i]; returns the end. */
static size_t read_int_digits(const char *s, size_t len, size_t i, struct mantissa *m, int *ok)
{
	size_t start = i;
	while (i < len && is_digit(s[i])) {
		if (m->ndigits >= LITERAL_MAX_DIGITS) {
			*ok = 0;
			return i;
		}
		m->digits[m->ndigits++] = s[i++];
	}
	/* `13,824`: a comma followed by exactly three digits continues the
	 * number, as long as the first group had at most three */
	if (i - start > 3)
		return i;
	while (i + 3 < len && s[i] == ',' && is_digit(s[i + 1]) && is_digit(s[i + 2]) &&
	       is_digit(s[i + 3]) && (i + 4 >= len || !is_digit(s[i + 4]))) {
		if (m->ndigits + 3 > LITERAL_MAX_DIGITS) {
			*ok = 0;
			return i;
		}
		memcpy(m->digits + m->ndigits, s + i + 1, 3);
		m->ndigits += 3;
		i += 4;
	}
	return i;
}

/* Reads an optional sign and integer at s[i] for an exponent; returns end or i. */
static size_t read_exponent(const char *s, size_t len, size_t i, long *e)
{
	size_t j = i;
	int neg = 0;
	if (j < len && (s[j] == '-' || s[j] == '+')) {
		neg = s[j] == '-';
		j++;
	} else if (starts(s, len, j, "\xe2\x88\x92")) {
		neg = 1;
		j += 3;
	}
	if (j >= len || !is_digit(s[j]))
		return i;
	long v = 0;
	while (j < len && is_digit(s[j])) {
		if (v < 100000)
			v = v * 10 + (s[j] - '0');
		j++;
	}
	*e = neg ? -v : v;
	return j;
}

/*
 * Reads the mantissa, exponent and magnitude at s[i].  Returns the end, or i
 * when no number starts there; *ok = 0 for a number too long.
 */
static size_t read_mantissa(const struct units *u, const char *s, size_t len, size_t i,
			    struct mantissa *m, int *ok)
{
	memset(m, 0, sizeof *m);
	m->magnitude = 1;
	size_t start = i;
	if (i < len && is_digit(s[i]))
		i = read_int_digits(s, len, i, m, ok);
	if (!*ok)
		return start;
	if (i + 1 < len && s[i] == '.' && is_digit(s[i + 1])) {
		m->point = 1;
		i++;
		while (i < len && is_digit(s[i])) {
			if (m->ndigits >= LITERAL_MAX_DIGITS) {
				*ok = 0;
				return start;
			}
			m->digits[m->ndigits++] = s[i++];
			m->nfrac++;
		}
	}
	if (m->ndigits == 0)
		return start;
	/* 1.2e29 */
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		long e;
		size_t j = read_exponent(s, len, i + 1, &e);
		if (j > i + 1) {
			m->exp10 = e;
			i = j;
		}
	}
	/* 1.2 × 10^29 */
	{
		size_t j = spaces(s, len, i);
		size_t k = 0;
		if (starts(s, len, j, "\xc3\x97"))
			k = 2;
		else if (j < len && (s[j] == '*' || s[j] == 'x'))
			k = 1;
		if (k) {
			j = spaces(s, len, j + k);
			if (starts(s, len, j, "10^")) {
				long e;
				size_t end = read_exponent(s, len, j + 3, &e);
				if (end > j + 3 && (end >= len || !is_digit(s[end]))) {
					m->exp10 += e;
					i = end;
				}
			}
		}
	}
	/* 37B, 6800亿, 100万亿 glued; 1.6 million after a space */
	double f;
	size_t n = units_magnitude(u, s + i, len - i, 1, &f);
	if (n) {
		m->magnitude = f;
		i += n;
	} else {
		size_t j = spaces(s, len, i);
		if (j > i && (n = units_magnitude(u, s + j, len - j, 0, &f)) > 0) {
			m->magnitude = f;
			i = j + n;
		}
	}
	return i;
}

/* 10^0 … 10^22: every one exact in a double, as pow() gives them, without
 * its cost on each number read. */
static const double exact_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Returns 10^p as an interval (exact up to 10^22, one ulp either way beyond). */
static struct interval pow10_interval(long p)
{
	long e = p < 0 ? -p : p;
	double x = e <= 22 ? exact_pow10[e] : pow(10, (double)e);
	struct interval r = interval_point(x);
	if (p > 22 || p < -22) {
		r.lo = nextafter(x, 0);
		r.hi = nextafter(x, INFINITY);
	}
	return r;
}

/* Returns 1 if a bound of v is a nonzero number below the smallest normal
 * double.  Below it (subnormals, or what underflowed to 0) a double keeps
 * fewer digits than the precision rule needs: 5e-324 was shown as the
 * interval 0–2.78 × 10^-308.  Refused as "too small", as 1e400 is "too large". */
static int too_small(struct interval v)
{
	return (v.lo != 0 && fabs(v.lo) < DBL_MIN) || (v.hi != 0 && fabs(v.hi) < DBL_MIN);
}

static const char too_small_hint[] =
	"hint: specbook computes with numbers from about 2.2 × 10^-308 to 1.8 × 10^308";

/* What mantissa_value() returns for a nonzero number that came out too small. */
enum { MANTISSA_TOO_SMALL = -1 };

/* The largest power of ten a negative exponent divides by at once (10^308
 * is the largest finite one). */
#define LITERAL_POW10_STEP 300

/* Up to this many digits the integer they write is below 2^53, so summed
 * digit by digit it is exact, the double strtod() would give. */
#define LITERAL_EXACT_DIGITS 15

/* Returns the mantissa's digits as a double (the decimal point aside). */
static double mantissa_digits(const struct mantissa *m)
{
	if (m->ndigits <= LITERAL_EXACT_DIGITS) {
		long long n = 0;
		for (int i = 0; i < m->ndigits; i++)
			n = n * 10 + (m->digits[i] - '0');
		return (double)n;
	}
	char buf[LITERAL_MAX_DIGITS + 1];
	memcpy(buf, m->digits, (size_t)m->ndigits);
	buf[m->ndigits] = 0;
	return strtod(buf, NULL);
}

/* Computes value and nominal of a mantissa whose digits read n, in base
 * units; returns 0, an INTERVAL_E* code or MANTISSA_TOO_SMALL. */
static int mantissa_value(const struct mantissa *m, double n, double scale, int exact,
			  int negative, struct quantity *q)
{
	long p = m->exp10 - m->nfrac;
	struct interval nominal = interval_point(n);
	struct interval v = exact ? nominal : interval_make(n - 0.5, n + 0.5);
	if (!exact && n >= 9007199254740992.0)     /* 2^53: n − ½ is not representable */
		v = interval_make(nextafter(n - 0.5, 0), nextafter(n + 0.5, INFINITY));
	struct interval p10 = pow10_interval(p);
	struct interval k = { m->magnitude, m->magnitude };
	struct interval sc = { scale, scale };
	int rc = 0;
	if (p < 0) {
		/* in steps of at most 10^300: 10^309 is infinite, and 23e-309
		 * divided by it would come out as 0, not 2.3 × 10^-308 */
		for (long rest = -p; rest > 0 && nominal.lo != 0; rest -= LITERAL_POW10_STEP) {
			p10 = pow10_interval(rest < LITERAL_POW10_STEP ? rest : LITERAL_POW10_STEP);
			rc |= interval_div(v, p10, &v);
			rc |= interval_div(nominal, p10, &nominal);
		}
	} else if (p > 0) {
		rc |= interval_mul(v, p10, &v);
		rc |= interval_mul(nominal, p10, &nominal);
	}
	rc |= interval_mul(v, k, &v);
	rc |= interval_mul(nominal, k, &nominal);
	rc |= interval_mul(v, sc, &v);
	rc |= interval_mul(nominal, sc, &nominal);
	if (rc)
		return INTERVAL_EOVERFLOW;
	/* 1e-400 divides by 10^400, which is infinite: it comes out as 0 */
	if (n != 0 && (nominal.lo == 0 || too_small(nominal) || too_small(v)))
		return MANTISSA_TOO_SMALL;
	if (negative) {
		interval_neg(v, &v);
		interval_neg(nominal, &nominal);
	}
	q->v = v;
	q->nominal = nominal;
	return 0;
}

/* Returns the length of a range separator at s[i] (with its spaces), or 0. */
static size_t range_separator(const char *s, size_t len, size_t i)
{
	size_t j = spaces(s, len, i);
	/* most numbers are followed by none: a unit, an operator, the end */
	if (j >= len || !strchr("\xe2~\xef\xe3\xe8t", s[j]))
		return 0;
	static const char *const seps[] = { "\xe2\x80\x93", "\xe2\x80\x94", "~",
					     "\xef\xbd\x9e", "\xe3\x80\x9c", "\xe8\x87\xb3" };
	for (size_t k = 0; k < sizeof seps / sizeof *seps; k++) {
		if (starts(s, len, j, seps[k])) {
			/* `~=` is a relation, not a range */
			if (seps[k][0] == '~' && j + 1 < len && s[j + 1] == '=')
				return 0;
			return spaces(s, len, j + strlen(seps[k])) - i;
		}
	}
	if (j > i && starts(s, len, j, "to") && j + 2 < len &&
	    (s[j + 2] == ' ' || s[j + 2] == '\t'))
		return spaces(s, len, j + 2) - i;
	return 0;
}

/* Is s[i] where an operand would start (so a glued `×` before it multiplies)? */
static int operand_follows(const char *s, size_t len, size_t i)
{
	i = spaces(s, len, i);
	if (i >= len)
		return 0;
	unsigned char c = (unsigned char)s[i];
	if (is_digit((char)c) || c == '(' || c == '.' || c == '$' || c == '_' ||
	    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return 1;
	if (c >= 0x80) {
		/* Han and other letters begin names or units; operators do not */
		return !(starts(s, len, i, "\xe2\x89") || starts(s, len, i, "\xc2\xb1") ||
			 starts(s, len, i, "\xe2\x80") || starts(s, len, i, "\xef\xbd\x9c"));
	}
	return 0;
}

/* What parse_one() reads before the unit: the sign, a unit written before
 * the number ($), the mantissa and where it ends. */
struct head {
	size_t end;
	int negative;
	const char *before_unit;
	struct mantissa m;
	double digits;      /* mantissa_digits(&m), read once for both tails */
};

/* Reads the head of one number; returns 1, 0 (no number there) or -1
 * after reporting. */
static int read_head(const struct units *u, const char *text, size_t len, struct srcloc loc,
		     struct head *h)
{
	size_t i = 0;
	h->negative = 0;
	if (i < len && text[i] == '-') {
		h->negative = 1;
		i++;
	} else if (starts(text, len, i, "\xe2\x88\x92")) {
		h->negative = 1;
		i += 3;
	}
	h->before_unit = NULL;
	size_t nb = units_before(u, text + i, len - i, &h->before_unit);
	if (nb && i + nb < len && is_digit(text[i + nb]))
		i += nb;
	else
		h->before_unit = NULL;
	if (i >= len || !is_digit(text[i]))
		if (!(i + 1 < len && text[i] == '.' && is_digit(text[i + 1])))
			return 0;
	int ok = 1;
	size_t end = read_mantissa(u, text, len, i, &h->m, &ok);
	if (!ok) {
		diag_report(DIAG_ERROR, units_loc_at(loc, text, i), 0, NULL,
			    "number with more than %d digits", LITERAL_MAX_DIGITS);
		return -1;
	}
	if (end == i)
		return 0;
	h->end = end;
	h->digits = mantissa_digits(&h->m);
	return 1;
}

/* Reads the rest of one number after its head h: the unit, and (unless
 * value is 0: then out->q is left zero) the value. */
static int read_tail(const struct units *u, struct arena *a, const char *text, size_t len,
		     struct srcloc loc, unsigned flags, const struct head *h, struct literal *out,
		     int value)
{
	memset(out, 0, sizeof *out);
	size_t i = h->end;
	const struct mantissa *mp = &h->m;
	struct unit un = { NULL, 1, { { 0 } } };
	int has_unit = 0;
	if (h->before_unit) {
		if (units_parse(u, a, h->before_unit, strlen(h->before_unit), loc, &un) < 0)
			return -1;
		has_unit = 1;
	} else if (starts(text, len, i, "\xc3\x97") && !operand_follows(text, len, i + 2)) {
		/* 2.4×: a plain number written as a ratio */
		un.name = "\xc3\x97";
		un.scale = 1;
		has_unit = 1;
		i += 2;
	} else if (i < len && (text[i] == 'x' || text[i] == 'X') &&
		   !(i + 1 < len && (is_digit(text[i + 1]) || is_latin(text[i + 1]))) &&
		   !operand_follows(text, len, i + 1)) {
		/* 2x: the same ratio, as READMEs write it (glued: `2 x 3` stays an error) */
		un.name = "\xc3\x97";
		un.scale = 1;
		has_unit = 1;
		i += 1;
	} else if (flags & LITERAL_UNIT) {
		size_t j = spaces(text, len, i);
		struct unit tmp;
		int rc = units_match(u, a, text + j, len - j, units_loc_at(loc, text, j),
				     UNITS_INLINE, &tmp);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			un = tmp;
			has_unit = 1;
			i = j + (size_t)rc;
		}
	}
	out->integer = !mp->point;
	out->has_unit = has_unit;
	out->len = i;
	if (!value)
		return 1;
	int exact = (flags & LITERAL_EXACT) && !mp->point;
	int rc = mantissa_value(mp, h->digits, un.scale, exact, h->negative, &out->q);
	if (rc) {
		diag_report(DIAG_ERROR, loc, (int)utf8_length(text, i),
			    rc == MANTISSA_TOO_SMALL ? too_small_hint : NULL, "number too %s",
			    rc == MANTISSA_TOO_SMALL ? "small" : "large");
		return -1;
	}
	out->q.dim = un.dim;
	quantity_set_unit(&out->q, has_unit ? un.name : NULL, un.scale);
	long written = (long)mp->nfrac - mp->exp10;
	out->q.written = mp->magnitude == 1 && written >= 0 && written < 100 ?
			 (unsigned char)(written + 1) : 0;
	return 1;
}

/* Reads one number (no range) with sign, currency sign, magnitude and unit. */
static int parse_one(const struct units *u, struct arena *a, const char *text, size_t len,
		     struct srcloc loc, unsigned flags, struct literal *out)
{
	memset(out, 0, sizeof *out);
	struct head h;
	int rc = read_head(u, text, len, loc, &h);
	if (rc <= 0)
		return rc;
	return read_tail(u, a, text, len, loc, flags, &h, out, 1);
}

/* Can the value of m, in no unit, be neither too large nor too small?
 * Then mantissa_value() without a unit cannot fail: N < 10^40 (at most 40
 * digits) times 10^±200 and a magnitude within 10^±20 lies well inside
 * the doubles' normal range. */
static int value_safe(const struct mantissa *m)
{
	long p = m->exp10 - m->nfrac;
	return p >= -200 && p <= 200 && m->magnitude >= 1e-20 && m->magnitude <= 1e20;
}

static int parse_number(const struct units *u, struct arena *a, const char *text, size_t len,
			struct srcloc loc, unsigned flags, struct literal *out)
{
	/* first the number alone, to see whether a range follows before the unit */
	struct literal first;   /* read_tail() clears it first */
	struct head h;
	int rc = read_head(u, text, len, loc, &h);
	if (rc > 0)
		rc = read_tail(u, a, text, len, loc, flags & ~(unsigned)LITERAL_UNIT, &h, &first, 0);
	if (rc <= 0) {
		if (rc == 0)
			memset(out, 0, sizeof *out);
		return rc;
	}
	size_t sep = (flags & LITERAL_NO_RANGE) || first.has_unit ? 0 :
		range_separator(text, len, first.len);
	/* the number alone has a value when it is all there is or a range's
	 * first end; when its unit is read next, that reading gives the value
	 * (here only a value that would not fit is reported, as before) */
	if (sep || first.has_unit || !(flags & LITERAL_UNIT) || !value_safe(&h.m)) {
		rc = read_tail(u, a, text, len, loc, flags & ~(unsigned)LITERAL_UNIT, &h, &first, 1);
		if (rc <= 0)
			return rc;
	}
	if (sep) {
		struct literal second;
		size_t at = first.len + sep;
		rc = parse_one(u, a, text + at, len - at, units_loc_at(loc, text, at), flags,
			       &second);
		if (rc < 0)
			return -1;
		if (rc > 0) {
			/* the unit after the second end applies to both */
			struct interval k = interval_point(second.q.scale);
			if (interval_mul(first.q.v, k, &first.q.v) ||
			    interval_mul(first.q.nominal, k, &first.q.nominal)) {
				diag_report(DIAG_ERROR, loc, 0, NULL, "number too large");
				return -1;
			}
			if (too_small(first.q.v) || too_small(first.q.nominal)) {
				diag_report(DIAG_ERROR, loc, 0, too_small_hint, "number too small");
				return -1;
			}
			if (first.q.nominal.lo > second.q.nominal.hi) {
				int width = (int)utf8_length(text, at + second.len);
				diag_report(DIAG_ERROR, loc, width, NULL,
					    "range runs backwards (the larger end first)");
				return -1;
			}
			*out = second;
			out->q.v.lo = first.q.v.lo;
			out->q.nominal.lo = first.q.nominal.lo;
			out->len = at + second.len;
			out->range = 1;
			out->integer = first.integer && second.integer;
			return 1;
		}
	}
	/* not a range: the unit read after the same head (a unit it already
	 * has, before the number or a ratio's ×, is the one it would read) */
	if (first.has_unit || !(flags & LITERAL_UNIT)) {
		*out = first;
	} else {
		rc = read_tail(u, a, text, len, loc, flags, &h, out, 1);
		if (rc <= 0)
			return rc;
	}
	/* `120 kW – 132 kW`: a range with the unit written on both ends */
	sep = (flags & LITERAL_NO_RANGE) || !out->has_unit ? 0 :
		range_separator(text, len, out->len);
	if (sep) {
		struct literal second;
		size_t at = out->len + sep;
		rc = parse_one(u, a, text + at, len - at, units_loc_at(loc, text, at), flags,
			       &second);
		if (rc < 0)
			return -1;
		if (rc > 0 && second.has_unit && dim_equal(&second.q.dim, &out->q.dim) &&
		    second.q.scale == out->q.scale) {
			if (out->q.nominal.lo > second.q.nominal.hi) {
				int width = (int)utf8_length(text, at + second.len);
				diag_report(DIAG_ERROR, loc, width, NULL,
					    "range runs backwards (the larger end first)");
				return -1;
			}
			out->q.v.hi = second.q.v.hi;
			out->q.nominal.hi = second.q.nominal.hi;
			out->len = at + second.len;
			out->range = 1;
			out->integer = out->integer && second.integer;
		}
	}
	return 1;
}

static int is_marker(const char *s, size_t n, const char *word)
{
	size_t k = strlen(word);
	if (n != k)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != word[i])
			return 0;
	}
	return 1;
}

int literal_parse(const struct units *u, struct arena *a, const char *text, size_t len,
		  struct srcloc loc, unsigned flags, struct literal *out)
{
	int rc = parse_number(u, a, text, len, loc, flags, out);
	if (rc <= 0 || !(flags & LITERAL_KIND))
		return rc;
	/* `1979 TFLOPS sparse`, `900 GB/s 双向`: kind words after the number,
	 * one of each family (`2500 TFLOPS dense per-gpu`) */
	for (;;) {
		size_t j = spaces(text, len, out->len);
		int kind;
		size_t n = j > out->len || (j < len && (unsigned char)text[j] >= 0x80) ?
			units_kind_match(u, text + j, len - j, &kind) : 0;
		if (!n || out->q.kind[units_kind_family(u, kind)])
			break;
		units_kind_set(u, &out->q, kind);
		out->len = j + n;
	}
	return 1;
}

int literal_parse_value(const struct units *u, struct arena *a, const char *text, size_t len,
			struct srcloc loc, const struct unit *column,
			enum literal_value_kind *kind, struct quantity *q)
{
	size_t start = spaces(text, len, 0), end = len;
	while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t'))
		end--;
	const char *s = text + start;
	size_t n = end - start;
	struct srcloc at = units_loc_at(loc, text, start);
	if (is_marker(s, n, "n/a")) {
		*kind = LITERAL_NA;
		return 0;
	}
	if (is_marker(s, n, "unknown")) {
		*kind = LITERAL_UNKNOWN;
		return 0;
	}
	if (is_marker(s, n, "unpublished")) {
		*kind = LITERAL_UNPUBLISHED;
		return 0;
	}
	/* `~2 TB`, `≈2`: approximate, every value its digits could round from;
	 * without the mark a value is exact as written */
	int approx = 0;
	size_t mark = 0;
	if (n && s[0] == '~')
		mark = 1;
	else if (n >= 3 && !memcmp(s, "\xe2\x89\x88", 3))
		mark = 3;
	if (mark) {
		approx = 1;
		mark = spaces(s, n, mark);
	}
	struct literal lit;
	int rc = literal_parse(u, a, s + mark, n - mark, units_loc_at(at, s, mark),
			       LITERAL_UNIT | LITERAL_KIND, &lit);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		lit.len += mark;
		if (!approx)
			lit.q.v = lit.q.nominal;
	}
	size_t rest = rc > 0 ? spaces(s, n, lit.len) : 0;
	if (!column) {
		if (rc == 0 || rest < n || !dim_is_none(&lit.q.dim)) {
			*kind = LITERAL_TEXT;
			return 0;
		}
		*kind = LITERAL_VALUE;
		*q = lit.q;
		return 0;
	}
	if (rc == 0) {
		diag_report(DIAG_ERROR, at, (int)utf8_length(s, n), NULL,
			    "expected a number in %s, or n/a, unknown, unpublished", column->name);
		return -1;
	}
	if (rest < n) {
		int width = (int)utf8_length(s + rest, n - rest);
		/* `120-132 kW`: a hyphen is a minus sign, not a range */
		int hyphen = s[rest] == '-' && rest + 1 < n && is_digit(s[rest + 1]);
		const char *hint = "hint: write a range with \xe2\x80\x93 (en dash), ~ or 'to': "
				   "120\xe2\x80\x93" "132 kW";
		diag_report(DIAG_ERROR, units_loc_at(at, s, rest), width, hyphen ? hint : NULL,
			    "unexpected '%.*s' after the number", (int)(n - rest), s + rest);
		return -1;
	}
	if (lit.has_unit) {
		if (!dim_equal(&lit.q.dim, &column->dim)) {
			diag_report(DIAG_ERROR, at, (int)utf8_length(s, n), NULL,
				    "a value in %s in a column of %s", lit.q.unit, column->name);
			return -1;
		}
	} else {
		struct interval k = interval_point(column->scale);
		if (interval_mul(lit.q.v, k, &lit.q.v) || interval_mul(lit.q.nominal, k,
								       &lit.q.nominal)) {
			diag_report(DIAG_ERROR, at, 0, NULL, "number too large");
			return -1;
		}
		if (too_small(lit.q.v) || too_small(lit.q.nominal)) {
			diag_report(DIAG_ERROR, at, 0, too_small_hint, "number too small");
			return -1;
		}
		lit.q.dim = column->dim;
		unsigned char written = lit.q.written;   /* digits written in the column's unit */
		quantity_set_unit(&lit.q, column->name, column->scale);
		lit.q.written = written;
	}
	*kind = LITERAL_VALUE;
	*q = lit.q;
	return 0;
}
