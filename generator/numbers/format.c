/*
 * format.c — quantities as text (see format.h).
 *
 * Printing decides how many digits a number deserves: all of them for an
 * exact integer, as many as the digits it came from carry for a measured
 * value, three significant ones (at least one decimal) for other exact
 * values.  A quantity without a display unit of its own is shown in the
 * unit the units table picks for its dimension and size, which is why
 * printing sits above both quantity.c and units.c.
 */
#include "numbers/format.h"
#include "core/buffer.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Numbers beyond these are printed as m × 10^n: digit strings that long
 * are unreadable, and doubles stop holding integers exactly at 2^53. */
#define FORMAT_SCI_HIGH 1e15
#define FORMAT_SCI_LOW 1e-4

/* Most decimals ever printed: beyond this a value is noise, not digits. */
#define FORMAT_MAX_DECIMALS 9

/* decimals argument meaning "choose as for an exact value" */
#define FORMAT_AUTO (-1000)

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
	if (d > FORMAT_MAX_DECIMALS + 3)
		d = FORMAT_MAX_DECIMALS + 3;
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
	return fabs(x) < FORMAT_SCI_HIGH && x == floor(x);
}

size_t format_integer(char *out, long long v)
{
	char tmp[24], *p = tmp + sizeof tmp;
	/* the magnitude as unsigned: -LLONG_MIN does not fit a long long */
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	size_t n = (size_t)(tmp + sizeof tmp - p);
	memcpy(out, p, n);
	out[n] = '\0';
	return n;
}

/* Writes ax (>= 0) with decimals decimals (0 to 12) as "%.*f" does, when
 * that is sure without printf: ax × 10^decimals below 10^12, where the
 * product is within 2^-14 of its exact value, and not within 10^-3 of a
 * half, where that error could turn the rounding.  Returns 0 otherwise
 * (then snprintf() decides). */
static int fixed_digits(char *out, double ax, int decimals)
{
	static const double p10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
				      1e11, 1e12 };
	if (decimals < 0 || decimals > 12 || !(ax >= 0))
		return 0;
	double y = ax * p10[decimals];
	if (!(y < 1e12))
		return 0;
	double whole = floor(y), frac = y - whole;
	if (fabs(frac - 0.5) < 1e-3)
		return 0;
	unsigned long long r = (unsigned long long)whole + (frac > 0.5);
	char digits[32], *p = digits + sizeof digits;
	int n = 0;
	do {
		*--p = (char)('0' + r % 10);
		r /= 10;
		n++;
	} while (r || n <= decimals);   /* at least one digit before the point */
	size_t intlen = (size_t)(n - decimals);
	memcpy(out, p, intlen);
	out += intlen;
	if (decimals) {
		*out++ = '.';
		memcpy(out, p + intlen, (size_t)decimals);
		out += decimals;
	}
	*out = '\0';
	return 1;
}

/* Appends x with decimals decimals: negative rounds to tens, hundreds…;
 * FORMAT_AUTO applies the exact-value rule. */
static void add_number(struct buf *b, double x, int decimals)
{
	char tmp[512];
	if (!isfinite(x)) {
		buf_adds(b, "?");
		return;
	}
	double ax = fabs(x);
	if (ax != 0 && (ax >= FORMAT_SCI_HIGH || ax < FORMAT_SCI_LOW)) {
		int exp10 = (int)floor(log10(ax));
		double m = ax / pow(10, exp10);
		int sig = decimals == FORMAT_AUTO ? 3 : decimals + exp10 + 1;
		if (sig < 1)
			sig = 1;
		if (sig > 15)
			sig = 15;
		snprintf(tmp, sizeof tmp, "%.*f", sig - 1, m);
		if (atof(tmp) >= 10) {      /* 9.99… rounded up to 10.0 */
			exp10++;
			snprintf(tmp, sizeof tmp, "%.*f", sig - 1, m / 10);
		}
		if (decimals == FORMAT_AUTO)
			trim_zeros(tmp);
		if (x < 0)
			buf_adds(b, "\xe2\x88\x92");
		buf_adds(b, tmp);
		buf_addf(b, " \xc3\x97 10^%d", exp10);
		return;
	}
	int trim = 0;
	if (decimals < -15 && decimals != FORMAT_AUTO)
		decimals = -15;     /* beyond 10^15 the sci form above took over */
	if (decimals < 0 && decimals != FORMAT_AUTO) {
		/* digits above the decimal point are uncertain: round them away */
		double f = pow(10, -decimals);
		x = round(x / f) * f;
		ax = fabs(x);
		decimals = 0;
	}
	if (decimals == FORMAT_AUTO) {
		if (is_integral(x)) {
			decimals = 0;
		} else {
			decimals = auto_decimals(x);
			trim = 1;
		}
	}
	if (decimals > FORMAT_MAX_DECIMALS + 3)
		decimals = FORMAT_MAX_DECIMALS + 3;
	if (ax == floor(ax) && ax < FORMAT_SCI_HIGH) {
		/* a whole number, the usual case, as "%.*f" writes it: its digits
		 * exactly (below 10^15 a double holds them), then zero decimals;
		 * snprintf() was half of printing a quantity */
		char *p = tmp + 32, *q = p;
		unsigned long long v = (unsigned long long)ax;
		do
			*--p = (char)('0' + v % 10);
		while (v /= 10);
		if (decimals > 0) {
			*q++ = '.';
			for (int k = 0; k < decimals; k++)
				*q++ = '0';
		}
		*q = '\0';
		memmove(tmp, p, (size_t)(q - p) + 1);
	} else if (!fixed_digits(tmp, ax, decimals)) {
		snprintf(tmp, sizeof tmp, "%.*f", decimals, ax);
	}
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

char *format_number(struct arena *a, double x, int decimals)
{
	struct buf b = BUF_INIT;
	add_number(&b, x, decimals < 0 ? FORMAT_AUTO : decimals);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Decimals that the width of an uncertain value justifies (0.01 → 2). */
static int width_decimals(double width)
{
	if (width <= 0)
		return FORMAT_MAX_DECIMALS;
	/* the slack absorbs rounding: a written 3.35 is [3.345, 3.355] but its
	 * width in doubles may come out as 0.00999… */
	if (!isfinite(width))
		return -308;
	double l = floor(log10(width) + 0.02);
	int d = l > 400 ? -400 : l < -400 ? 400 : -(int)l;
	if (d > FORMAT_MAX_DECIMALS)
		d = FORMAT_MAX_DECIMALS;
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

/* format_quantity() with extra more decimals for a point value (0: none). */
static char *format_q(struct arena *a, const struct units *units, const struct quantity *q,
		      unsigned flags, int extra)
{
	double scale;
	const char *unit = display_unit(a, units, q, &scale);
	if (!(scale > 0))
		scale = 1;
	struct interval v = { q->v.lo / scale, q->v.hi / scale };
	struct interval nom = { q->nominal.lo / scale, q->nominal.hi / scale };
	struct buf b = BUF_INIT;

	if (flags & FORMAT_INTERVAL) {
		if (interval_is_point(v)) {
			int d = (flags & FORMAT_PRECISE) || extra ?
				auto_decimals(interval_mid(v)) + !!(flags & FORMAT_PRECISE) + extra :
				FORMAT_AUTO;
			add_number(&b, interval_mid(v), d > FORMAT_MAX_DECIMALS + 3 ?
				   FORMAT_MAX_DECIMALS + 3 : d);
		} else {
			/* the digits' uncertainty sets the decimals, not a range's span */
			double unc = (nom.lo - v.lo) + (v.hi - nom.hi);
			if (unc <= 0 || interval_is_point(interval_make(v.hi - unc, v.hi))) {
				buf_adds(&b, "[");
				add_number(&b, v.lo, FORMAT_AUTO);
				buf_adds(&b, ", ");
				add_number(&b, v.hi, FORMAT_AUTO);
				buf_adds(&b, "]");
			} else {
				int d = width_decimals(unc) + 1;
				if (d > FORMAT_MAX_DECIMALS)
					d = FORMAT_MAX_DECIMALS;
				add_bounds(&b, v.lo, v.hi, d);
			}
		}
	} else if (!interval_is_point(nom)) {
		add_number(&b, nom.lo, FORMAT_AUTO);
		buf_adds(&b, "\xe2\x80\x93");
		add_number(&b, nom.hi, FORMAT_AUTO);
	} else if (interval_is_point(v)) {
		double x = interval_mid(nom);
		int d = FORMAT_AUTO;
		if (q->written)   /* exact as written: with the digits written ("8.00") */
			d = q->written - 1 > FORMAT_MAX_DECIMALS ? FORMAT_MAX_DECIMALS :
								   q->written - 1;
		if ((flags & FORMAT_PRECISE) && !is_integral(x) && d < auto_decimals(x) + 1)
			d = auto_decimals(x) + 1;
		if (extra && !is_integral(x))
			d = (d == FORMAT_AUTO ? auto_decimals(x) : d) + extra;
		add_number(&b, x, d);
	} else {
		int d = width_decimals(interval_width(v));
		if (flags & FORMAT_PRECISE && d < auto_decimals(interval_mid(nom)))
			d = auto_decimals(interval_mid(nom));
		add_number(&b, interval_mid(nom), d);
	}
	if (unit && !(flags & FORMAT_BARE)) {
		if (!units_tight(units, unit))
			buf_addch(&b, ' ');
		buf_adds(&b, unit);
	}
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

char *format_quantity(struct arena *a, const struct units *units, const struct quantity *q,
		      unsigned flags)
{
	return format_q(a, units, q, flags, 0);
}

void format_apart(struct arena *a, const struct units *units, const struct quantity *x,
		  const struct quantity *y, unsigned flags, char **sx, char **sy)
{
	*sx = format_q(a, units, x, flags, 0);
	*sy = format_q(a, units, y, flags, 0);
	if (!interval_is_point(x->v) || !interval_is_point(y->v) ||
	    interval_mid(x->v) == interval_mid(y->v))
		return;
	for (int extra = 1; extra <= FORMAT_MAX_DECIMALS && !strcmp(*sx, *sy); extra++) {
		*sx = format_q(a, units, x, flags, extra);
		*sy = format_q(a, units, y, flags, extra);
	}
}

const char *format_unit_name(struct arena *a, const struct units *units,
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

/* ---- typography: powers and big counts ---- */

size_t format_power_at(const char *t, size_t len, size_t i, size_t *exp_from, size_t *exp_len)
{
	if (i == 0 || i >= len || t[i] != '^' || !isdigit((unsigned char)t[i - 1]))
		return 0;
	size_t j = i + 1;
	if (j < len && t[j] == '-')
		j++;
	else if (j + 2 < len && !memcmp(t + j, "\xe2\x88\x92", 3))
		j += 3;
	size_t d = j;
	while (d < len && isdigit((unsigned char)t[d]) && d - j < FORMAT_POWER_DIGITS)
		d++;
	if (d == j || (d < len && isdigit((unsigned char)t[d])))
		return 0;
	*exp_from = i + 1;
	*exp_len = d - (i + 1);
	return d - i;
}

/* UTF-8 of the superscript digits ⁰…⁹ and minus ⁻ */
static const char *const superscript[10] = {
	"\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
	"\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9",
};

const char *format_superscripts(struct arena *a, const char *text)
{
	if (!text || !strchr(text, '^'))
		return text;
	static const char times[] = " \xc3\x97 10";   /* " × 10" */
	size_t len = strlen(text), from = 0;
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < len; i++) {
		size_t ef, el, n = format_power_at(text, len, i, &ef, &el);
		if (!n)
			continue;
		size_t upto = i;
		/* "m × 10^n": the sign closes up with its factors */
		if (upto >= from + sizeof times - 1 &&
		    !memcmp(text + upto - (sizeof times - 1), times, sizeof times - 1)) {
			buf_add(&b, text + from, upto - (sizeof times - 1) - from);
			buf_adds(&b, "\xc3\x97" "10");
		} else {
			buf_add(&b, text + from, upto - from);
		}
		for (size_t k = ef; k < ef + el; k++) {
			if (isdigit((unsigned char)text[k]))
				buf_adds(&b, superscript[text[k] - '0']);
			else if (text[k] == '-' || (unsigned char)text[k] == 0xe2) {
				buf_adds(&b, "\xe2\x81\xbb");
				if ((unsigned char)text[k] == 0xe2)
					k += 2;
			}
		}
		from = i + n;
		i = from - 1;
	}
	if (!from) {
		buf_release(&b);
		return text;
	}
	buf_adds(&b, text + from);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

/* Most digits a compact count takes: its value must fit in 64 bits. */
#define COUNT_MAX_DIGITS 18
/* Fewest digits that make a count big enough to compact (a million). */
#define COUNT_MIN_DIGITS 7
/* Most significant digits of a compacted count: more, and the full digits
 * are the figure the reader wants. */
#define COUNT_MAX_SIGNIFICANT 4

/* Appends v / 10^k exactly: its integer part, then its other digits
 * without trailing zeros. */
static void add_scaled(struct buf *b, unsigned long long v, int k)
{
	unsigned long long f = 1;
	for (int i = 0; i < k; i++)
		f *= 10;
	buf_addf(b, "%llu", v / f);
	unsigned long long rest = v % f;
	if (!rest)
		return;
	char digits[32];
	snprintf(digits, sizeof digits, "%0*llu", k, rest);
	size_t n = strlen(digits);
	while (n && digits[n - 1] == '0')
		digits[--n] = 0;
	buf_addch(b, '.');
	buf_adds(b, digits);
}

size_t format_count_compact(struct arena *a, const char *t, size_t len, size_t at,
			    char **zh, char **en)
{
	if (at > 0 && (isdigit((unsigned char)t[at - 1]) || t[at - 1] == ',' || t[at - 1] == '.'))
		return 0;
	size_t i = at, lead = 0;
	while (i < len && isdigit((unsigned char)t[i]) && lead < 4)
		i++, lead++;
	if (lead == 0 || lead > 3 || (lead > 1 && t[at] == '0'))
		return 0;
	size_t groups = 0;
	while (i + 3 < len + 0 && t[i] == ',' && isdigit((unsigned char)t[i + 1]) &&
	       isdigit((unsigned char)t[i + 2]) && isdigit((unsigned char)t[i + 3]) &&
	       !(i + 4 < len && isdigit((unsigned char)t[i + 4])))
		i += 4, groups++;
	/* the count ends here: not inside a longer number or before a power */
	if (i < len && (isdigit((unsigned char)t[i]) || t[i] == '^' ||
			((t[i] == '.' || t[i] == ',') && i + 1 < len && isdigit((unsigned char)t[i + 1]))))
		return 0;
	size_t ndigits = lead + 3 * groups;
	if (ndigits < COUNT_MIN_DIGITS || ndigits > COUNT_MAX_DIGITS)
		return 0;
	unsigned long long v = 0;
	size_t sig = 0, zeros = 0;
	for (size_t k = at; k < i; k++) {
		if (t[k] == ',')
			continue;
		v = v * 10 + (unsigned long long)(t[k] - '0');
		if (t[k] == '0') {
			zeros++;
		} else {
			sig += zeros + 1;
			zeros = 0;
		}
	}
	if (sig > COUNT_MAX_SIGNIFICANT)
		return 0;
	struct buf b = BUF_INIT;
	int ke = ndigits > 12 ? 12 : ndigits > 9 ? 9 : 6;
	add_scaled(&b, v, ke);
	buf_adds(&b, ke == 12 ? " trillion" : ke == 9 ? " billion" : " million");
	*en = arena_strdup(a, b.data);
	buf_reset(&b);
	int kz = ndigits > 12 ? 12 : ndigits > 8 ? 8 : 4;
	add_scaled(&b, v, kz);
	buf_adds(&b, kz == 12 ? " \xe4\xb8\x87\xe4\xba\xbf" : kz == 8 ? " \xe4\xba\xbf" : " \xe4\xb8\x87");
	*zh = arena_strdup(a, b.data);
	buf_release(&b);
	return i - at;
}
