/*
 * units.c — the unit table from specs/units.yaml, and unit expressions.
 *
 * Loading builds flat arrays in the arena: every spelling (unit key or
 * alias) is one entry with its scale and dimension, so lookups are plain
 * scans; the table has a few hundred entries at most.  A unit defined with
 * `is:` is parsed with the same expression parser, against the entries
 * above it, so the file reads top to bottom like a definition list.
 *
 * The expression parser is a small recursive descent (product of terms,
 * each an atom or a parenthesised product, with a power).  Its inline mode
 * is what makes `72 × 192 GB` and `126 MB / 50 MB` read as expressions: a
 * unit after a number ends at a space or a spaced operator, except inside
 * parentheses, and never reports an unknown word — the expression decides
 * what it is.
 */
#include "numbers/units.h"
#include "core/distance.h"
#include "core/buffer.h"
#include "core/files.h"
#include "core/utf8.h"
#include "core/yamltree.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Prefix families a units.yaml may declare (a bit mask per unit). */
#define UNITS_MAX_FAMILIES 16

struct prefix {
	const char *name;
	size_t len;
	double factor;
	int family;
	size_t next;   /* 1 + the index of the next prefix with the same first byte, or 0 */
};

/* One spelling of a unit: its key or one of its aliases. */
struct spelling {
	const char *name;
	size_t len;
	double scale;
	struct dim dim;
	unsigned families;      /* prefix families accepted (keys only) */
	int show, tight;
};

struct refusal {
	const char *name, *hint;
	size_t len;              /* strlen(name) */
};

enum magnitude_kind { MAG_GLUED, MAG_WORD, MAG_CJK };

struct magnitude {
	const char *name;
	size_t len;
	double factor;
	enum magnitude_kind kind;
};

struct before {
	const char *symbol;
	size_t len;
	const char *unit;
};

/* A kind (units.h "Kinds"). */
struct kind {
	const char *name;
	int family;
	int root;               /* the kind its `is:` chain ends at (itself if none) */
	double to_root;         /* a value of this kind = to_root × the root kind's */
	const char *slip;       /* what confusing it with its `is:` kind is, or NULL */
	int base;               /* the kind of `is:`, or 0 */
	const char *column;     /* `is: gpus per-gpu`: the factor is this column
				   of the row the value is for, not a number */
	const char **words;     /* other spellings */
	size_t nwords;
	/* `slips: {hbm: "..."}`: the slip of confusing it with an earlier kind
	 * of its family that no relation links it to */
	int *slip_kinds;
	const char **slip_texts;
	size_t nslips;
	/* `per: [GPU, 卡]`: what a figure of this kind is written per, after a
	 * slash (`80 GB/GPU`) */
	const char **per;
	size_t nper;
};

/* Kind numbers fit in a quantity's unsigned char. */
#define UNITS_MAX_KINDS 255

struct units {
	struct kind *kinds;          /* kinds[k - 1] for kind number k */
	int nkinds;
	/* the bytes a kind's name or word (kind_first) or what a figure is per
	 * (per_first) starts with: most texts a kind is looked for at start
	 * with none, and are passed over without trying every word */
	unsigned char kind_first[256], per_first[256];
	const char *kind_families[KIND_FAMILIES];
	int kind_drop[KIND_FAMILIES];   /* `products: drop` */
	int nkind_families;
	int ndims;
	const char *dim_names[DIM_MAX];
	const char *dim_symbols[DIM_MAX];
	const char *families[UNITS_MAX_FAMILIES];
	int nfamilies;
	struct prefix *prefixes;
	size_t nprefixes;
	struct spelling *spellings;
	size_t nspellings;
	/* spellings by a hash of their name, once loading is done: open
	 * addressing in a power of two of slots, at least twice as many as
	 * spellings, so that a probe ends at an empty one */
	const struct spelling **index;
	size_t index_mask;
	struct refusal *refusals;
	size_t nrefusals;
	/* by first byte: 1 + the index of the first prefix that starts with
	 * it (0: none; the others follow by next, in the order of the file),
	 * and the last one's, while loading; for each byte a refused spelling
	 * starts with, a bit for its length (bit 63: 63 bytes or more): most
	 * atoms are held against a few prefixes and no refusal, not all */
	size_t prefix_head[256], prefix_tail[256];
	uint64_t refusal_first[256];
	struct magnitude *magnitudes;
	size_t nmagnitudes;
	/* 1 for each byte some magnitude starts with (all when one is empty):
	 * most numbers are followed by none, and are told so at once */
	unsigned char magnitude_initial[256];
	struct before *befores;
	size_t nbefores;
};

/* ---- characters ---- */

static int is_space_at(const char *s, size_t len, size_t i, size_t *n)
{
	if (i >= len)
		return 0;
	if (s[i] == ' ' || s[i] == '\t') {
		*n = 1;
		return 1;
	}
	/* no-break space and ideographic space */
	if (len - i >= 2 && (unsigned char)s[i] == 0xc2 && (unsigned char)s[i + 1] == 0xa0) {
		*n = 2;
		return 1;
	}
	if (len - i >= 3 && !memcmp(s + i, "\xe3\x80\x80", 3)) {
		*n = 3;
		return 1;
	}
	return 0;
}

static size_t skip_spaces(const char *s, size_t len, size_t i)
{
	size_t n;
	while (is_space_at(s, len, i, &n))
		i += n;
	return i;
}

/* Code points that are operators or punctuation, never part of a unit name. */
static int is_operator_cp(uint32_t cp)
{
	switch (cp) {
	case 0x00d7: /* × */ case 0x00b7: /* · */ case 0x22c5: /* ⋅ */ case 0x00f7: /* ÷ */
	case 0x2212: /* − */ case 0x2013: /* – */ case 0x2014: /* — */ case 0x2248: /* ≈ */
	case 0x2264: /* ≤ */ case 0x2265: /* ≥ */ case 0x00b1: /* ± */ case 0x00b2: /* ² */
	case 0x00b3: /* ³ */ case 0x00b9: /* ¹ */ case 0x207b: /* ⁻ */ case 0xff5e: /* ～ */
	case 0x301c: /* 〜 */ case 0xff0c: /* ， */ case 0x3002: /* 。 */ case 0xff08: /* （ */
	case 0xff09: /* ） */ case 0xff1a: /* ： */ case 0xff1b: /* ； */ case 0x3001: /* 、 */
	case 0x201c: case 0x201d: case 0x2018: case 0x2019: /* quotes */
	case 0x00a0: case 0x3000: /* spaces */
	case 0x2192: /* → */
		return 1;
	}
	return 0;
}

/* Returns the length of the atom character at s[i], or 0 if there is none. */
static size_t atom_char(const char *s, size_t len, size_t i)
{
	if (i >= len)
		return 0;
	unsigned char c = (unsigned char)s[i];
	if (c < 0x80) {
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%' || c == '$')
			return 1;
		return 0;
	}
	uint32_t cp;
	int n = utf8_decode(s + i, len - i, &cp);
	if (n < 0 || is_operator_cp(cp))
		return 0;
	return (size_t)n;
}

static size_t atom_end(const char *s, size_t len, size_t i)
{
	size_t n;
	while ((n = atom_char(s, len, i)) > 0)
		i += n;
	return i;
}

/* Returns the byte length of the operator at s[i] among ×, *, ·, ⋅, /, or 0. */
static size_t unit_operator(const char *s, size_t len, size_t i, int *divide)
{
	*divide = 0;
	if (i >= len)
		return 0;
	if (s[i] == '*')
		return 1;
	if (s[i] == '/') {
		*divide = 1;
		return 1;
	}
	if (len - i >= 2 && (!memcmp(s + i, "\xc3\x97", 2) || !memcmp(s + i, "\xc2\xb7", 2)))
		return 2;
	if (len - i >= 3 && !memcmp(s + i, "\xe2\x8b\x85", 3))
		return 3;
	return 0;
}

/* ---- dimensions ---- */

/* Adds sign × a to r; returns 0, or -1 if an exponent would leave ±100. */
static int dim_add(struct dim *r, const struct dim *a, int sign)
{
	for (int i = 0; i < DIM_MAX; i++) {
		int e = r->e[i] + sign * a->e[i];
		if (e > 100 || e < -100)
			return -1;
		r->e[i] = (signed char)e;
	}
	return 0;
}

/* Returns 0, or -1 if an exponent would leave the small range allowed. */
static int dim_scale(struct dim *r, long k)
{
	for (int i = 0; i < DIM_MAX; i++) {
		long e = (long)r->e[i] * k;
		if (e > 100 || e < -100)
			return -1;
		r->e[i] = (signed char)e;
	}
	return 0;
}

/* ---- lookups ---- */

/* The slot of u->index where a probe for the name s[0..n) starts. */
static size_t spelling_slot(const struct units *u, const char *s, size_t n)
{
	uint32_t h = 2166136261u;   /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h & u->index_mask;
}

/* Returns the spelling s[0..n), from the hash index once the table is
 * loaded (every number with a unit looks up several: a binary search was
 * 1.5% of a build), by a scan while it is being loaded. */
static const struct spelling *find_spelling(const struct units *u, const char *s, size_t n)
{
	if (u->index) {
		for (size_t k = spelling_slot(u, s, n); u->index[k]; k = (k + 1) & u->index_mask)
			if (u->index[k]->len == n && !memcmp(u->index[k]->name, s, n))
				return u->index[k];
		return NULL;
	}
	for (size_t i = 0; i < u->nspellings; i++) {
		const struct spelling *sp = &u->spellings[i];
		if (sp->len == n && !memcmp(sp->name, s, n))
			return sp;
	}
	return NULL;
}

/* Fills u->index (see struct units).  A name spelled twice (only "" may
 * be) is found as its first spelling, as the scan during loading finds it. */
static void index_spellings(struct units *u, struct arena *a)
{
	size_t slots = 16;
	while (slots < 2 * u->nspellings)
		slots *= 2;
	u->index_mask = slots - 1;
	u->index = arena_array(a, slots, sizeof *u->index);   /* zeroed: every slot empty */
	for (size_t i = 0; i < u->nspellings; i++) {
		const struct spelling *sp = &u->spellings[i];
		size_t k = spelling_slot(u, sp->name, sp->len);
		while (u->index[k] && !(u->index[k]->len == sp->len &&
					 !memcmp(u->index[k]->name, sp->name, sp->len)))
			k = (k + 1) & u->index_mask;
		if (!u->index[k])
			u->index[k] = sp;
	}
}

static uint64_t refusal_bit(size_t n)
{
	return (uint64_t)1 << (n < 63 ? n : 63);
}

static const struct refusal *find_refusal(const struct units *u, const char *s, size_t n)
{
	if (n && !(u->refusal_first[(unsigned char)s[0]] & refusal_bit(n)))
		return NULL;
	for (size_t i = 0; i < u->nrefusals; i++)
		if (u->refusals[i].len == n && !memcmp(u->refusals[i].name, s, n))
			return &u->refusals[i];
	return NULL;
}

/*
 * Looks an atom up: exact spelling first (so `min` is minutes, not milli-in),
 * then prefix + unit.  Returns 1 and fills scale/dim (and *pre when a prefix
 * was used), 0 if unknown, -1 if refused (*ref set).
 */
static int atom_lookup(const struct units *u, const char *s, size_t n, double *scale,
		       struct dim *dim, const struct prefix **pre, const struct refusal **ref)
{
	*pre = NULL;
	*ref = find_refusal(u, s, n);
	if (*ref)
		return -1;
	const struct spelling *sp = find_spelling(u, s, n);
	if (sp) {
		*scale = sp->scale;
		*dim = sp->dim;
		return 1;
	}
	const struct prefix *best = NULL;
	const struct spelling *best_sp = NULL;
	/* (an empty prefix would leave s itself, no spelling: it never matches) */
	for (size_t i = n ? u->prefix_head[(unsigned char)s[0]] : 0; i; i = u->prefixes[i - 1].next) {
		const struct prefix *p = &u->prefixes[i - 1];
		if (p->len >= n || memcmp(p->name, s, p->len))
			continue;
		const struct spelling *base = find_spelling(u, s + p->len, n - p->len);
		if (!base || !(base->families & (1u << p->family)))
			continue;
		if (!best || p->len > best->len) {
			best = p;
			best_sp = base;
		}
	}
	if (!best)
		return 0;
	*pre = best;
	*scale = best->factor * best_sp->scale;
	*dim = best_sp->dim;
	return 1;
}

/* ---- the expression parser ---- */

struct uparser {
	const struct units *u;
	const char *s;
	size_t len, pos;
	struct srcloc loc;
	int inline_mode;
	/* the first prefixed atom, for units_binary_twin() */
	const struct prefix *pre;
	size_t pre_off;
};

static void report_at(struct uparser *p, size_t off, size_t n, const char *detail,
		      const char *fmt, const char *arg)
{
	if (off > p->len)
		off = p->len;
	if (n > p->len - off)
		n = p->len - off;
	struct srcloc loc = units_loc_at(p->loc, p->s, off);
	int width = (int)utf8_length(p->s + off, n);
	diag_report(DIAG_ERROR, loc, width, detail, fmt, arg);
}

static int parse_product(struct uparser *p, int depth, double *scale, struct dim *dim);

/* Reads an integer power at p->pos (`^2`, `^-1`, `²`, `³`, `⁻¹`); 1 if none. */
static long parse_power(struct uparser *p, int *ok)
{
	const char *s = p->s;
	size_t i = p->pos;
	*ok = 1;
	if (i < p->len && s[i] == '^') {
		i++;
		int neg = 0;
		if (i < p->len && s[i] == '-') {
			neg = 1;
			i++;
		} else if (p->len - i >= 3 && !memcmp(s + i, "\xe2\x88\x92", 3)) {
			neg = 1;
			i += 3;
		}
		long v = 0;
		size_t start = i;
		while (i < p->len && s[i] >= '0' && s[i] <= '9' && v < 1000)
			v = v * 10 + (s[i++] - '0');
		if (i == start) {
			*ok = 0;
			return 1;
		}
		p->pos = i;
		return neg ? -v : v;
	}
	int neg = 0;
	if (p->len - i >= 3 && !memcmp(s + i, "\xe2\x81\xbb", 3)) {   /* ⁻ */
		neg = 1;
		i += 3;
	}
	long v = 0;
	size_t start = i;
	for (;;) {
		if (p->len - i >= 2 && !memcmp(s + i, "\xc2\xb9", 2)) {
			v = v * 10 + 1;
			i += 2;
		} else if (p->len - i >= 2 && !memcmp(s + i, "\xc2\xb2", 2)) {
			v = v * 10 + 2;
			i += 2;
		} else if (p->len - i >= 2 && !memcmp(s + i, "\xc2\xb3", 2)) {
			v = v * 10 + 3;
			i += 2;
		} else {
			break;
		}
	}
	if (i == start)
		return 1;
	p->pos = i;
	return neg ? -v : v;
}

/* Returns 1 with a term parsed, 0 when none starts here (pos unchanged), -1 reported. */
static int parse_term(struct uparser *p, int depth, double *scale, struct dim *dim)
{
	size_t start = p->pos;
	if (p->pos < p->len && p->s[p->pos] == '(') {
		if (depth >= UNITS_MAX_DEPTH) {
			char limit[32];
			snprintf(limit, sizeof limit, "%d", UNITS_MAX_DEPTH);
			report_at(p, p->pos, 1, NULL, "unit nested deeper than %s levels", limit);
			return -1;
		}
		p->pos++;
		int rc = parse_product(p, depth + 1, scale, dim);
		if (rc <= 0) {
			p->pos = start;
			return rc;
		}
		p->pos = skip_spaces(p->s, p->len, p->pos);
		if (p->pos >= p->len || p->s[p->pos] != ')') {
			if (p->inline_mode) {
				p->pos = start;
				return 0;
			}
			report_at(p, start, 1, NULL, "%s", "unbalanced '(' in unit");
			return -1;
		}
		p->pos++;
	} else {
		size_t end = atom_end(p->s, p->len, p->pos);
		/* `×` alone is the unit "times" (a column of ratios) */
		if (end == p->pos && !p->inline_mode && depth == 0 &&
		    p->len - p->pos >= 2 && !memcmp(p->s + p->pos, "\xc3\x97", 2))
			end = p->pos + 2;
		if (end == p->pos)
			return 0;
		const struct prefix *pre;
		const struct refusal *ref;
		int rc = atom_lookup(p->u, p->s + p->pos, end - p->pos, scale, dim, &pre, &ref);
		if (rc < 0) {
			char *name = strndup(p->s + p->pos, end - p->pos);
			char detail[512];
			snprintf(detail, sizeof detail, "hint: write %s", ref->hint);
			report_at(p, p->pos, end - p->pos, detail, "ambiguous unit '%s'", name);
			free(name);
			return -1;
		}
		if (rc == 0)
			return 0;
		if (pre && !p->pre) {
			p->pre = pre;
			p->pre_off = p->pos;
		}
		p->pos = end;
	}
	int ok;
	size_t at = p->pos;
	long k = parse_power(p, &ok);
	if (!ok) {
		if (p->inline_mode) {
			p->pos = at;
			return 1;
		}
		report_at(p, at, 1, NULL, "%s", "expected an integer power after '^'");
		return -1;
	}
	if (k != 1) {
		if (dim_scale(dim, k) < 0) {
			report_at(p, at, p->pos - at, NULL, "%s", "unit power out of range");
			return -1;
		}
		*scale = pow(*scale, (double)k);
	}
	return 1;
}

/* Unknown word where a unit must be: report with a suggestion. */
static int report_unknown(struct uparser *p, size_t at)
{
	size_t end = atom_end(p->s, p->len, at);
	if (end == at) {
		size_t n = at < p->len ? 1 : 0;
		uint32_t cp;
		int k = utf8_decode(p->s + at, p->len - at, &cp);
		if (k > 0)
			n = (size_t)k;
		char *c = strndup(p->s + at, n);
		report_at(p, at, n, NULL, at < p->len ? "expected a unit at '%s'" :
			  "expected a unit at the end%s", c);
		free(c);
		return -1;
	}
	char *name = strndup(p->s + at, end - at);
	struct arena tmp = ARENA_INIT;
	const char *near = units_suggest(p->u, &tmp, name);
	char detail[256];
	if (near)
		snprintf(detail, sizeof detail, "hint: did you mean '%s'?", near);
	report_at(p, at, end - at, near ? detail : NULL, "unknown unit '%s'", name);
	arena_free(&tmp);
	free(name);
	return -1;
}

/* Returns 1 with a product parsed, 0 if none starts here, -1 reported. */
static int parse_product(struct uparser *p, int depth, double *scale, struct dim *dim)
{
	int full = !p->inline_mode || depth > 0;
	if (full)
		p->pos = skip_spaces(p->s, p->len, p->pos);
	size_t first = p->pos;
	int rc = parse_term(p, depth, scale, dim);
	if (rc <= 0) {
		if (rc == 0 && !p->inline_mode && p->pos < p->len)
			return report_unknown(p, first);
		return rc;
	}
	for (;;) {
		size_t before = p->pos;
		size_t at = full ? skip_spaces(p->s, p->len, p->pos) : p->pos;
		int divide;
		size_t n = unit_operator(p->s, p->len, at, &divide);
		if (!full && n && !divide && !(n == 2 && !memcmp(p->s + at, "\xc2\xb7", 2)))
			n = 0;     /* inline: only `/` and `·` go on; `×` is the expression's */
		if (n == 0) {
			/* juxtaposition `kg m` multiplies, in full mode only */
			int juxtaposed = full && at > before && (atom_char(p->s, p->len, at) ||
								 (at < p->len && p->s[at] == '('));
			if (!juxtaposed) {
				p->pos = before;
				return 1;
			}
		}
		size_t term_at = at + n;
		if (full)
			term_at = skip_spaces(p->s, p->len, term_at);
		else if (term_at < p->len && !atom_char(p->s, p->len, term_at) &&
			 p->s[term_at] != '(') {
			p->pos = before;        /* `126 MB /5`: the / is the expression's */
			return 1;
		}
		p->pos = term_at;
		double s2 = 1;
		struct dim d2 = { { 0 } };
		rc = parse_term(p, depth, &s2, &d2);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			if (p->inline_mode) {
				p->pos = before;
				return 1;
			}
			return report_unknown(p, term_at);
		}
		if (dim_add(dim, &d2, divide ? -1 : 1) < 0) {
			report_at(p, term_at, p->pos - term_at, NULL, "%s",
				  "unit power out of range");
			return -1;
		}
		*scale = divide ? *scale / s2 : *scale * s2;
	}
}

static int match(const struct units *u, struct arena *a, const char *text, size_t len,
		 struct srcloc loc, unsigned flags, struct unit *out, struct uparser *p)
{
	memset(p, 0, sizeof *p);
	p->u = u;
	p->s = text;
	p->len = len;
	p->loc = loc;
	p->inline_mode = (flags & UNITS_INLINE) != 0;
	double scale = 1;
	struct dim dim = { { 0 } };
	int rc = parse_product(p, 0, &scale, &dim);
	if (rc <= 0)
		return rc;
	size_t end = p->pos;
	while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
		end--;
	out->name = a ? arena_strndup(a, text, end) : NULL;
	out->scale = scale;
	out->dim = dim;
	return (int)p->pos;
}

int units_match(const struct units *u, struct arena *a, const char *text, size_t len,
		struct srcloc loc, unsigned flags, struct unit *out)
{
	struct uparser p;
	return match(u, a, text, len, loc, flags, out, &p);
}

int units_parse(const struct units *u, struct arena *a, const char *text, size_t len,
		struct srcloc loc, struct unit *out)
{
	size_t start = skip_spaces(text, len, 0);
	struct srcloc at = units_loc_at(loc, text, start);
	struct uparser p;
	int rc = match(u, a, text + start, len - start, at, 0, out, &p);
	if (rc < 0)
		return -1;
	size_t end = skip_spaces(text, len, start + (size_t)rc);
	if (rc == 0 || end < len) {
		p.pos = rc == 0 ? 0 : (size_t)rc;
		p.pos = skip_spaces(p.s, p.len, p.pos);
		if (p.pos >= p.len) {
			diag_report(DIAG_ERROR, loc, 0, NULL, "expected a unit");
			return -1;
		}
		return report_unknown(&p, p.pos);
	}
	return 0;
}

int units_is_unit(const struct units *u, const char *name)
{
	struct dim dim;
	return units_symbol_dim(u, name, &dim);
}

int units_symbol_dim(const struct units *u, const char *name, struct dim *dim)
{
	double scale;
	const struct prefix *pre;
	const struct refusal *ref;
	return atom_lookup(u, name, strlen(name), &scale, dim, &pre, &ref) == 1;
}

int units_tight(const struct units *u, const char *name)
{
	if (!name)
		return 0;
	if (!u)
		return !strcmp(name, "%") || !strcmp(name, "\xc3\x97");
	const struct spelling *sp = find_spelling(u, name, strlen(name));
	return sp && sp->tight;
}

/* ---- suggestions ---- */


/* Longer names get no suggestion (bounds the work). */
#define UNITS_SUGGEST_MAX_LEN 64

/* Scores a candidate: edit distance (ASCII case ignored), doubled, plus one when the first letter
 * differs (so `Gbits` suggests `Gbit` rather than `bits`). */
static size_t suggest_score(const char *name, const char *cand)
{
	size_t d = edit_distance(name, cand, UNITS_SUGGEST_MAX_LEN, DISTANCE_FOLD_CASE);
	if (d == (size_t)-1)
		return d;
	return 2 * d + (name[0] != cand[0]);
}

const char *units_near(const struct units *u, struct arena *a, const char *word)
{
	size_t n = strlen(word), caps = 0;
	for (size_t i = 0; i < n; i++) {
		if (!((word[i] >= 'A' && word[i] <= 'Z') || (word[i] >= 'a' && word[i] <= 'z')))
			return NULL;
		caps += word[i] >= 'A' && word[i] <= 'Z';
	}
	if (n < 4 || n > 16 || caps < 2 || units_is_unit(u, word))
		return NULL;
	const char *meant = units_suggest(u, a, word);
	if (!meant || strlen(meant) < 4 || strchr(meant, '/') ||
	    edit_distance(word, meant, UNITS_SUGGEST_MAX_LEN, DISTANCE_TRANSPOSE) != 1)
		return NULL;
	return meant;
}

/* Returns 1 if cand writes in the other case a letter whose case carries
 * meaning (B byte / b bit, M mega / m milli, …), where name wrote it in
 * one case only: `GBps` must not become `Gbps`, eight times less.  A
 * suggestion may fix a typo, never change what the unit means. */
static int changes_meaning(const char *name, const char *cand)
{
	static const char cased[] = "BbMmKkGgPpTt";
	for (size_t i = 0; cased[i]; i += 2) {
		int nu = !!strchr(name, cased[i]), nl = !!strchr(name, cased[i + 1]);
		int cu = !!strchr(cand, cased[i]), cl = !!strchr(cand, cased[i + 1]);
		if ((nu && !nl && cl && !cu) || (nl && !nu && cu && !cl))
			return 1;
	}
	return 0;
}

const char *units_suggest(const struct units *u, struct arena *a, const char *name)
{
	const struct spelling *best = NULL;
	const struct prefix *best_pre = NULL;
	size_t best_score = (size_t)-1;
	char cand[128];
	for (size_t i = 0; i < u->nspellings; i++) {
		const struct spelling *sp = &u->spellings[i];
		size_t score = changes_meaning(name, sp->name) ? (size_t)-1 : suggest_score(name, sp->name);
		if (score < best_score) {
			best_score = score;
			best = sp;
			best_pre = NULL;
		}
		for (size_t k = 0; k < u->nprefixes; k++) {
			const struct prefix *p = &u->prefixes[k];
			if (!(sp->families & (1u << p->family)))
				continue;
			snprintf(cand, sizeof cand, "%s%s", p->name, sp->name);
			score = changes_meaning(name, cand) ? (size_t)-1 : suggest_score(name, cand);
			if (score < best_score) {
				best_score = score;
				best = sp;
				best_pre = p;
			}
		}
	}
	/* `GBps`, `Mbps`: a known unit per second, written as a word */
	size_t len = strlen(name);
	if (len > 2 && !strcmp(name + len - 2, "ps")) {
		for (size_t i = 0; i < u->nspellings; i++) {
			const struct spelling *sp = &u->spellings[i];
			size_t sl = strlen(sp->name);
			if (sl > len - 2 || strncmp(name + len - 2 - sl, sp->name, sl))
				continue;
			int known = sl == len - 2;
			for (size_t k = 0; k < u->nprefixes && !known; k++) {
				const struct prefix *p = &u->prefixes[k];
				known = (sp->families & (1u << p->family)) && strlen(p->name) + sl == len - 2 &&
					!strncmp(name, p->name, strlen(p->name));
			}
			if (known)
				return arena_printf(a, "%.*s/s", (int)(len - 2), name);
		}
	}
	/* one slip in four letters is a typo; more is another word */
	if (!best || best_score / 2 > (strlen(name) + 2) / 4)
		return NULL;
	return best_pre ? arena_printf(a, "%s%s", best_pre->name, best->name) : best->name;
}

/* ---- conversion, magnitudes, display ---- */

int units_convert(struct quantity *q, const struct unit *un)
{
	if (!dim_equal(&q->dim, &un->dim))
		return QUANTITY_EDIM;
	quantity_set_unit(q, un->name, un->scale);
	return 0;
}

static int is_alnum_at(const char *s, size_t len, size_t i)
{
	if (i >= len)
		return 0;
	unsigned char c = (unsigned char)s[i];
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

size_t units_magnitude(const struct units *u, const char *text, size_t len, int glued,
		       double *factor)
{
	const struct magnitude *best = NULL;
	if (!u->magnitude_initial[len ? (unsigned char)text[0] : 0])
		return 0;
	for (size_t i = 0; i < u->nmagnitudes; i++) {
		const struct magnitude *m = &u->magnitudes[i];
		if (m->len > len || (m->len && m->name[0] != text[0]) || memcmp(m->name, text, m->len))
			continue;
		if (m->kind == MAG_GLUED && !glued)
			continue;
		if (m->kind == MAG_WORD && glued)
			continue;
		if (m->kind != MAG_CJK) {
			if (is_alnum_at(text, len, m->len))
				continue;
			if (m->kind == MAG_GLUED && m->len < len &&
			    (text[m->len] == '/' || text[m->len] == '^' || text[m->len] == '_'))
				continue;
			if (m->kind == MAG_GLUED && atom_char(text, len, m->len))
				continue;
		}
		if (!best || m->len > best->len)
			best = m;
	}
	if (!best)
		return 0;
	*factor = best->factor;
	return best->len;
}

size_t units_before(const struct units *u, const char *text, size_t len, const char **unit)
{
	size_t best = 0;
	for (size_t i = 0; i < u->nbefores; i++) {
		const struct before *b = &u->befores[i];
		if (b->len <= len && b->len > best && !memcmp(b->symbol, text, b->len)) {
			best = b->len;
			*unit = b->unit;
		}
	}
	return best;
}

static const struct spelling *base_spelling(const struct units *u, int dim_index)
{
	for (size_t i = 0; i < u->nspellings; i++) {
		const struct spelling *sp = &u->spellings[i];
		if (!strcmp(sp->name, u->dim_symbols[dim_index]))
			return sp;
	}
	return NULL;
}

/*
 * Returns the decimal prefix among families that puts x (in the unit's own
 * size) in [1, 1000): the largest prefix not above x, NULL for none.
 */
static const struct prefix *pick_prefix(const struct units *u, unsigned families, double x)
{
	x = fabs(x);
	if (x == 0 || !isfinite(x) || (x >= 1 && x < 1000))
		return NULL;
	const struct prefix *best = NULL, *smallest = NULL;
	for (size_t i = 0; i < u->nprefixes; i++) {
		const struct prefix *p = &u->prefixes[i];
		if (!(families & (1u << p->family)) || !strcmp(u->families[p->family], "iec"))
			continue;       /* binary prefixes only when the author writes them */
		if (!strcmp(p->name, "u") || !strcmp(p->name, "\xce\xbc"))
			continue;       /* µ (U+00B5) is the spelling shown */
		if (p->factor <= x && (!best || p->factor > best->factor))
			best = p;
		if (!smallest || p->factor < smallest->factor)
			smallest = p;
	}
	if (x >= 1)
		return best && best->factor > 1 ? best : NULL;
	if (best)
		return best;
	return smallest && smallest->factor < 1 ? smallest : NULL;
}

static void compose(const struct units *u, struct buf *b, const struct dim *d, int names)
{
	int nnum = 0, nden = 0;
	for (int i = 0; i < u->ndims; i++) {
		if (d->e[i] > 0)
			nnum++;
		if (d->e[i] < 0)
			nden++;
	}
	int k = 0;
	for (int i = 0; i < u->ndims; i++) {
		if (d->e[i] <= 0)
			continue;
		if (k++)
			buf_adds(b, names ? "×" : "·");
		buf_adds(b, names ? u->dim_names[i] : u->dim_symbols[i]);
		if (d->e[i] != 1)
			buf_addf(b, "^%d", d->e[i]);
	}
	if (!nnum)
		buf_adds(b, "1");
	if (!nden)
		return;
	buf_adds(b, "/");
	if (nden > 1)
		buf_adds(b, "(");
	k = 0;
	for (int i = 0; i < u->ndims; i++) {
		if (d->e[i] >= 0)
			continue;
		if (k++)
			buf_adds(b, names ? "×" : "·");
		buf_adds(b, names ? u->dim_names[i] : u->dim_symbols[i]);
		if (d->e[i] != -1)
			buf_addf(b, "^%d", -d->e[i]);
	}
	if (nden > 1)
		buf_adds(b, ")");
}

const char *units_display(const struct units *u, struct arena *a, const struct dim *d,
			  double x, double *scale)
{
	*scale = 1;
	if (dim_is_none(d) || !u)
		return NULL;
	for (size_t i = 0; i < u->nspellings; i++) {
		const struct spelling *sp = &u->spellings[i];
		if (!sp->show || !dim_equal(&sp->dim, d))
			continue;
		const struct prefix *p = pick_prefix(u, sp->families, x / sp->scale);
		*scale = sp->scale * (p ? p->factor : 1);
		return p ? arena_printf(a, "%s%s", p->name, sp->name) : sp->name;
	}
	struct buf b = BUF_INIT;
	int first = -1;
	for (int i = 0; i < u->ndims; i++)
		if (d->e[i] > 0) {
			first = i;
			break;
		}
	const struct prefix *p = NULL;
	if (first >= 0 && d->e[first] == 1) {
		const struct spelling *sp = base_spelling(u, first);
		if (sp && sp->scale == 1)
			p = pick_prefix(u, sp->families, x);
	}
	if (p) {
		buf_adds(&b, p->name);
		*scale = p->factor;
	}
	compose(u, &b, d, 0);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

const char *units_binary_twin(const struct units *u, struct arena *a, const char *name,
			      double *scale)
{
	static const char *const si[] = { "k", "M", "G", "T", "P", "E" };
	static const char *const iec[] = { "Ki", "Mi", "Gi", "Ti", "Pi", "Ei" };
	struct uparser p;
	struct unit un;
	struct srcloc nowhere = { NULL, 0, 0 };
	size_t len = strlen(name);
	if (match(u, NULL, name, len, nowhere, 0, &un, &p) != (int)len || !p.pre)
		return NULL;
	for (int i = 0; i < 6; i++) {
		const char *from = NULL, *to = NULL;
		if (!strcmp(p.pre->name, si[i])) {
			from = si[i];
			to = iec[i];
		} else if (!strcmp(p.pre->name, iec[i])) {
			from = iec[i];
			to = si[i];
		}
		if (!from)
			continue;
		char *twin = arena_printf(a, "%.*s%s%s", (int)p.pre_off, name, to,
					  name + p.pre_off + strlen(from));
		struct unit tw;
		struct uparser q;
		if (match(u, NULL, twin, strlen(twin), nowhere, 0, &tw, &q) != (int)strlen(twin) ||
		    !dim_equal(&tw.dim, &un.dim))
			return NULL;
		*scale = tw.scale;
		return twin;
	}
	return NULL;
}

const char *units_dim_name(const struct units *u, struct arena *a, const struct dim *d)
{
	if (dim_is_none(d))
		return "a plain number";
	struct buf b = BUF_INIT;
	compose(u, &b, d, 1);
	char *r = arena_strdup(a, b.data);
	buf_release(&b);
	return r;
}

struct srcloc units_loc_at(struct srcloc loc, const char *text, size_t off)
{
	if (loc.col > 0)
		loc.col += (int)utf8_length(text, off);
	return loc;
}

/* ---- kinds ---- */

static int is_kind_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_' || (unsigned char)c >= 0x80;
}

/* Is word at the start of text[0..len), whole?  Returns its length, or 0.
 * A Latin word ends at a non-word character; a Chinese one anywhere. */
static size_t word_at(const char *text, size_t len, const char *word)
{
	if (!len || word[0] != text[0])
		return 0;   /* most words, before measuring them */
	size_t n = strlen(word);
	if (!n || n > len || memcmp(text, word, n))
		return 0;
	if (n < len && is_kind_char(text[n]) && (unsigned char)word[n - 1] < 0x80)
		return 0;
	return n;
}

/* The longest word of a kind at the start of text: its name and other
 * spellings (per = 0), or what a figure may be per (per = 1, "GPU"). */
static size_t longest_kind_word(const struct units *u, const char *text, size_t len, int per,
				int *kind)
{
	size_t best = 0;
	if (!len || !(per ? u->per_first : u->kind_first)[(unsigned char)text[0]])
		return 0;
	for (int k = 0; k < u->nkinds; k++) {
		const struct kind *kd = &u->kinds[k];
		size_t nw = per ? kd->nper : kd->nwords + 1;
		for (size_t w = 0; w < nw; w++) {
			const char *word = per ? kd->per[w] : w == 0 ? kd->name : kd->words[w - 1];
			size_t n = word_at(text, len, word);
			if (n > best) {
				best = n;
				*kind = k + 1;
			}
		}
	}
	return best;
}

size_t units_kind_match(const struct units *u, const char *text, size_t len, int *kind)
{
	return longest_kind_word(u, text, len, 0, kind);
}

size_t units_kind_per_match(const struct units *u, const char *text, size_t len, int *kind)
{
	return longest_kind_word(u, text, len, 1, kind);
}

int units_kind_count(const struct units *u)
{
	return u->nkinds;
}

const char *units_kind_name(const struct units *u, int kind)
{
	return kind > 0 && kind <= u->nkinds ? u->kinds[kind - 1].name : "?";
}

const char *units_kind_family_name(const struct units *u, int family)
{
	return family >= 0 && family < u->nkind_families ? u->kind_families[family] : "?";
}

int units_kind_family(const struct units *u, int kind)
{
	return kind > 0 && kind <= u->nkinds ? u->kinds[kind - 1].family : 0;
}

int units_kind_set(const struct units *u, struct quantity *q, int kind)
{
	int f = units_kind_family(u, kind);
	int before = q->kind[f];
	q->kind[f] = (unsigned char)kind;
	return before;
}

double units_kind_factor(const struct units *u, int from, int to)
{
	if (from < 1 || to < 1 || from > u->nkinds || to > u->nkinds)
		return 0;
	const struct kind *a = &u->kinds[from - 1], *b = &u->kinds[to - 1];
	if (a->root != b->root)
		return 0;
	return b->to_root / a->to_root;
}

const char *units_kind_column(const struct units *u, int from, int to, int *inverse)
{
	if (from < 1 || to < 1 || from > u->nkinds || to > u->nkinds)
		return NULL;
	const struct kind *a = &u->kinds[from - 1], *b = &u->kinds[to - 1];
	*inverse = 0;
	if (b->column && b->base == from)
		return b->column;
	*inverse = 1;
	if (a->column && a->base == to)
		return a->column;
	return NULL;
}

const char *units_kind_row_column(const struct units *u, int kind)
{
	if (kind < 1 || kind > u->nkinds)
		return NULL;
	if (u->kinds[kind - 1].column)
		return u->kinds[kind - 1].column;
	const char *col = NULL;
	for (int k = 0; k < u->nkinds; k++)
		if (u->kinds[k].column && u->kinds[k].base == kind) {
			if (col && strcmp(col, u->kinds[k].column))
				return NULL;
			col = u->kinds[k].column;
		}
	return col;
}

const char *units_kind_slip(const struct units *u, int a, int b)
{
	if (a < 1 || b < 1 || a > u->nkinds || b > u->nkinds)
		return NULL;
	const struct kind *ka = &u->kinds[a - 1], *kb = &u->kinds[b - 1];
	for (size_t i = 0; i < ka->nslips; i++)
		if (ka->slip_kinds[i] == b)
			return ka->slip_texts[i];
	for (size_t i = 0; i < kb->nslips; i++)
		if (kb->slip_kinds[i] == a)
			return kb->slip_texts[i];
	if (ka->base == b && ka->slip)
		return ka->slip;
	if (kb->base == a && kb->slip)
		return kb->slip;
	return ka->root == kb->root ? (ka->slip ? ka->slip : kb->slip) : NULL;
}

const char *units_kinds_text(const struct units *u, struct arena *a, const struct quantity *q)
{
	const char *r = NULL;
	for (int f = 0; f < KIND_FAMILIES; f++) {
		if (!q->kind[f])
			continue;
		const char *name = units_kind_name(u, q->kind[f]);
		r = r ? arena_printf(a, "%s, %s", r, name) : name;
	}
	return r;
}

int units_kind_combine(const struct units *u, enum kind_op op, const struct quantity *a,
		       const struct quantity *b, struct quantity *out)
{
	unsigned char ka[KIND_FAMILIES], kb[KIND_FAMILIES];
	memcpy(ka, a->kind, sizeof ka);
	memcpy(kb, b->kind, sizeof kb);
	int plain_a = dim_is_none(&a->dim), plain_b = dim_is_none(&b->dim);
	for (int f = 0; f < KIND_FAMILIES; f++) {
		unsigned char k = ka[f] ? ka[f] : kb[f];
		if (op == KIND_SUM) {
			if (ka[f] && kb[f] && ka[f] != kb[f])
				return f + 1;
		} else if (ka[f] && kb[f]) {
			k = ka[f] == kb[f] && op == KIND_PRODUCT ? ka[f] : 0;
		} else if (f < u->nkind_families && u->kind_drop[f] &&
			   (ka[f] ? plain_b : plain_a)) {
			k = 0;
		}
		out->kind[f] = k;
	}
	return 0;
}

/* ---- loading units.yaml ---- */

struct loader {
	struct units *u;
	struct arena *a;
	int errors;
	struct srcloc root;       /* for what is missing altogether */
};

static void load_error(struct loader *l, const struct ynode *n, const char *fmt, const char *arg)
	__attribute__((format(printf, 3, 0)));

static void load_error(struct loader *l, const struct ynode *n, const char *fmt, const char *arg)
{
	diag_report(DIAG_ERROR, n ? n->loc : l->root, 0, NULL, fmt, arg);
	l->errors++;
}

/* Reads a factor: a number, `2^10`, or `1/8`.  Returns bytes used, 0 if none. */
static size_t read_factor(const char *s, size_t len, double *out)
{
	char tmp[64];
	size_t n = 0;
	while (n < len && n < sizeof tmp - 1 &&
	       ((s[n] >= '0' && s[n] <= '9') || s[n] == '.' || s[n] == 'e' || s[n] == 'E' ||
		((s[n] == '-' || s[n] == '+') && n > 0 && (s[n - 1] == 'e' || s[n - 1] == 'E'))))
		n++;
	if (n == 0 || !(s[0] >= '0' && s[0] <= '9'))
		return 0;
	memcpy(tmp, s, n);
	tmp[n] = 0;
	char *end;
	double v = strtod(tmp, &end);
	if (*end)
		return 0;
	if (n < len && s[n] == '^') {
		double e;
		size_t m = read_factor(s + n + 1, len - n - 1, &e);
		if (!m)
			return 0;
		v = pow(v, e);
		n += 1 + m;
	} else if (n + 1 < len && s[n] == '/' && s[n + 1] >= '0' && s[n + 1] <= '9') {
		double d;
		size_t m = read_factor(s + n + 1, len - n - 1, &d);
		if (!m || d == 0)
			return 0;
		v /= d;
		n += 1 + m;
	}
	*out = v;
	return n;
}

static int node_factor(struct loader *l, const struct ynode *n, double *out)
{
	if (!n || n->kind != YNODE_SCALAR || read_factor(n->text, n->len, out) != n->len ||
	    !isfinite(*out) || *out <= 0) {
		load_error(l, n, "expected a positive number%s", "");
		return -1;
	}
	return 0;
}

/* Defines a unit from `is:` text against the spellings loaded so far. */
static int define_is(struct loader *l, const struct ynode *n, double *scale, struct dim *dim)
{
	const char *s = n->text;
	size_t len = n->len, i = skip_spaces(s, len, 0);
	*scale = 1;
	memset(dim, 0, sizeof *dim);
	size_t m = read_factor(s + i, len - i, scale);
	i = skip_spaces(s, len, i + m);
	if (i >= len)
		return 0;
	int divide = 0;
	if (s[i] == '/') {
		divide = 1;
		i = skip_spaces(s, len, i + 1);
	}
	struct uparser p;
	struct unit un;
	memset(&p, 0, sizeof p);
	int rc = match(l->u, l->a, s + i, len - i, units_loc_at(n->loc, s, i), 0, &un, &p);
	if (rc < 0)
		return -1;
	if (rc == 0 || skip_spaces(s, len, i + (size_t)rc) != len) {
		load_error(l, n, "cannot read the unit definition '%s'", n->text);
		return -1;
	}
	*scale = divide ? *scale / un.scale : *scale * un.scale;
	if (dim_add(dim, &un.dim, divide ? -1 : 1) < 0) {
		load_error(l, n, "unit power out of range in '%s'", n->text);
		return -1;
	}
	return 0;
}

static int family_index(const struct units *u, const char *name)
{
	for (int i = 0; i < u->nfamilies; i++)
		if (!strcmp(u->families[i], name))
			return i;
	return -1;
}

static void load_dimensions(struct loader *l, const struct ynode *map)
{
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'dimensions' must be a map%s", "");
		return;
	}
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *pr = &map->pairs[i];
		if (l->u->ndims >= DIM_MAX) {
			load_error(l, pr->key, "more than 16 base dimensions ('%s')",
				   pr->key->text);
			return;
		}
		if (pr->value->kind != YNODE_SCALAR || !pr->value->len) {
			load_error(l, pr->value, "dimension '%s' needs the symbol of its unit",
				   pr->key->text);
			continue;
		}
		l->u->dim_names[l->u->ndims] = pr->key->text;
		l->u->dim_symbols[l->u->ndims] = pr->value->text;
		l->u->ndims++;
	}
}

static void load_prefixes(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map || map->kind != YNODE_MAP)
		return;
	size_t total = 0;
	for (size_t i = 0; i < map->count; i++)
		if (map->pairs[i].value->kind == YNODE_MAP)
			total += map->pairs[i].value->count;
	u->prefixes = arena_array(l->a, total ? total : 1, sizeof *u->prefixes);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *fam = &map->pairs[i];
		if (u->nfamilies >= UNITS_MAX_FAMILIES) {
			load_error(l, fam->key, "too many prefix families ('%s')", fam->key->text);
			return;
		}
		if (fam->value->kind != YNODE_MAP) {
			load_error(l, fam->value, "prefix family '%s' must map prefixes to factors",
				   fam->key->text);
			continue;
		}
		int f = u->nfamilies++;
		u->families[f] = fam->key->text;
		for (size_t k = 0; k < fam->value->count; k++) {
			const struct ypair *pp = &fam->value->pairs[k];
			struct prefix *p = &u->prefixes[u->nprefixes];
			if (node_factor(l, pp->value, &p->factor) < 0)
				continue;
			p->name = pp->key->text;
			p->len = pp->key->len;
			p->family = f;
			p->next = 0;
			u->nprefixes++;
			if (p->len) {
				unsigned char b = (unsigned char)p->name[0];
				if (u->prefix_tail[b])
					u->prefixes[u->prefix_tail[b] - 1].next = u->nprefixes;
				else
					u->prefix_head[b] = u->nprefixes;
				u->prefix_tail[b] = u->nprefixes;
			}
		}
	}
}

static struct spelling *add_spelling(struct loader *l, const struct ynode *key, const char *name,
				     size_t cap)
{
	struct units *u = l->u;
	if (find_spelling(u, name, strlen(name)) && strcmp(name, "")) {
		load_error(l, key, "unit '%s' is defined twice", name);
		return NULL;
	}
	if (u->nspellings >= cap)
		return NULL;
	struct spelling *sp = &u->spellings[u->nspellings++];
	sp->name = name;
	sp->len = strlen(name);
	return sp;
}

static int flag(const struct ynode *n)
{
	if (!n || n->kind != YNODE_SCALAR)
		return 0;
	return !strcmp(n->text, "true") || !strcmp(n->text, "yes");
}

static void load_units(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map) {
		load_error(l, NULL, "no 'units' defined%s", "");
		return;
	}
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'units' must be a map%s", "");
		return;
	}
	size_t cap = 0;
	for (size_t i = 0; i < map->count; i++) {
		cap++;
		const struct ynode *al = ytree_get(map->pairs[i].value, "aliases");
		if (al && al->kind == YNODE_SEQ)
			cap += al->count;
	}
	u->spellings = arena_array(l->a, cap ? cap : 1, sizeof *u->spellings);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *pr = &map->pairs[i];
		const struct ynode *def = pr->value;
		const char *name = pr->key->text;
		if (def->kind != YNODE_MAP) {
			load_error(l, def, "unit '%s' must be a map (base:, is:, prefixes:, "
				   "aliases:)", name);
			continue;
		}
		if (!pr->key->len || atom_end(name, pr->key->len, 0) != pr->key->len) {
			if (strcmp(name, "\xc3\x97")) {
				load_error(l, pr->key, "'%s' cannot be a unit name (letters, %%, $ "
					   "and symbols only)", name);
				continue;
			}
		}
		double scale = 1;
		struct dim dim = { { 0 } };
		const struct ynode *base = ytree_get(def, "base");
		const struct ynode *is = ytree_get(def, "is");
		if (base && is) {
			load_error(l, def, "unit '%s' has both base: and is:", name);
			continue;
		}
		if (base) {
			int d = -1;
			for (int k = 0; k < u->ndims; k++)
				if (base->kind == YNODE_SCALAR &&
				    !strcmp(u->dim_names[k], base->text))
					d = k;
			if (d < 0) {
				load_error(l, base, "unknown dimension '%s'",
					   base->kind == YNODE_SCALAR ? base->text : "");
				continue;
			}
			dim.e[d] = 1;
		} else if (is) {
			if (is->kind != YNODE_SCALAR || define_is(l, is, &scale, &dim) < 0) {
				l->errors++;
				continue;
			}
		} else {
			/* a prefixed spelling that gets aliases of its own */
			const struct prefix *pre;
			const struct refusal *ref;
			if (atom_lookup(u, name, pr->key->len, &scale, &dim, &pre, &ref) != 1) {
				load_error(l, pr->key, "unit '%s' needs base: or is:", name);
				continue;
			}
		}
		struct spelling *sp = add_spelling(l, pr->key, name, cap);
		if (!sp)
			continue;
		sp->scale = scale;
		sp->dim = dim;
		sp->show = flag(ytree_get(def, "show"));
		sp->tight = flag(ytree_get(def, "tight"));
		const struct ynode *fams = ytree_get(def, "prefixes");
		if (fams && fams->kind == YNODE_SEQ) {
			for (size_t k = 0; k < fams->count; k++) {
				int f = fams->items[k]->kind == YNODE_SCALAR ?
					family_index(u, fams->items[k]->text) : -1;
				if (f < 0)
					load_error(l, fams->items[k], "unknown prefix family '%s'",
						   fams->items[k]->kind == YNODE_SCALAR ?
						   fams->items[k]->text : "");
				else
					sp->families |= 1u << f;
			}
		} else if (fams) {
			load_error(l, fams, "prefixes of '%s' must be a list", name);
		}
		struct spelling copy = *sp;
		const struct ynode *al = ytree_get(def, "aliases");
		if (al && al->kind == YNODE_SEQ) {
			for (size_t k = 0; k < al->count; k++) {
				const struct ynode *an = al->items[k];
				if (an->kind != YNODE_SCALAR || !an->len) {
					load_error(l, an, "an alias must be text%s", "");
					continue;
				}
				struct spelling *as = add_spelling(l, an, an->text, cap);
				if (!as)
					continue;
				as->scale = copy.scale;
				as->dim = copy.dim;
				as->tight = copy.tight;
			}
		} else if (al) {
			load_error(l, al, "aliases of '%s' must be a list", name);
		}
	}
}

static void load_refusals(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map)
		return;
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'refuse' must map spellings to advice%s", "");
		return;
	}
	u->refusals = arena_array(l->a, map->count ? map->count : 1, sizeof *u->refusals);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *pr = &map->pairs[i];
		if (pr->value->kind != YNODE_SCALAR) {
			load_error(l, pr->value, "advice for '%s' must be text", pr->key->text);
			continue;
		}
		u->refusals[u->nrefusals].name = pr->key->text;
		u->refusals[u->nrefusals].hint = pr->value->text;
		u->refusals[u->nrefusals].len = strlen(pr->key->text);
		u->refusal_first[(unsigned char)pr->key->text[0]] |=
			refusal_bit(u->refusals[u->nrefusals].len);
		u->nrefusals++;
	}
}

static void load_magnitudes(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map)
		return;
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'magnitudes' must be a map%s", "");
		return;
	}
	static const struct { const char *name; enum magnitude_kind kind; } kinds[] = {
		{ "glued", MAG_GLUED }, { "words", MAG_WORD }, { "chinese", MAG_CJK },
	};
	size_t total = 0;
	for (size_t i = 0; i < map->count; i++)
		if (map->pairs[i].value->kind == YNODE_MAP)
			total += map->pairs[i].value->count;
	u->magnitudes = arena_array(l->a, total ? total : 1, sizeof *u->magnitudes);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *pr = &map->pairs[i];
		int kind = -1;
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
			if (!strcmp(kinds[k].name, pr->key->text))
				kind = (int)kinds[k].kind;
		if (kind < 0 || pr->value->kind != YNODE_MAP) {
			load_error(l, pr->key, "magnitudes are 'glued', 'words' or 'chinese' maps, "
				   "not '%s'", pr->key->text);
			continue;
		}
		for (size_t k = 0; k < pr->value->count; k++) {
			const struct ypair *mp = &pr->value->pairs[k];
			struct magnitude *m = &u->magnitudes[u->nmagnitudes];
			if (node_factor(l, mp->value, &m->factor) < 0)
				continue;
			m->name = mp->key->text;
			m->len = mp->key->len;
			m->kind = (enum magnitude_kind)kind;
			if (m->len)
				u->magnitude_initial[(unsigned char)m->name[0]] = 1;
			else
				memset(u->magnitude_initial, 1, sizeof u->magnitude_initial);
			u->nmagnitudes++;
		}
	}
}

static void load_befores(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map)
		return;
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'before' must map symbols to units%s", "");
		return;
	}
	u->befores = arena_array(l->a, map->count ? map->count : 1, sizeof *u->befores);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *pr = &map->pairs[i];
		if (pr->value->kind != YNODE_SCALAR ||
		    !find_spelling(u, pr->value->text, pr->value->len)) {
			load_error(l, pr->value, "unknown unit '%s'",
				   pr->value->kind == YNODE_SCALAR ? pr->value->text : "");
			continue;
		}
		struct before *b = &u->befores[u->nbefores++];
		b->symbol = pr->key->text;
		b->len = pr->key->len;
		b->unit = pr->value->text;
	}
}

static int kind_find(const struct units *u, const char *name)
{
	for (int k = 0; k < u->nkinds; k++) {
		if (!strcmp(u->kinds[k].name, name))
			return k + 1;
		for (size_t w = 0; w < u->kinds[k].nwords; w++)
			if (!strcmp(u->kinds[k].words[w], name))
				return k + 1;
	}
	return 0;
}

static int kind_name_valid(const char *s)
{
	if (!(s[0] >= 'a' && s[0] <= 'z'))
		return 0;
	for (size_t i = 1; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return 0;
	return s[strlen(s) - 1] != '-';
}

/* A word for a kind: not a unit, a magnitude or another kind's. */
static int kind_word_ok(struct loader *l, const struct ynode *n)
{
	struct units *u = l->u;
	if (n->kind != YNODE_SCALAR || !n->len) {
		load_error(l, n, "a kind's words must be text%s", "");
		return 0;
	}
	int other = kind_find(u, n->text);
	if (other) {
		diag_report(DIAG_ERROR, n->loc, 0, NULL, "kind word '%s' is already kind '%s'",
			    n->text, u->kinds[other - 1].name);
		l->errors++;
		return 0;
	}
	if (units_is_unit(u, n->text) || find_refusal(u, n->text, n->len)) {
		load_error(l, n, "kind word '%s' is a unit", n->text);
		return 0;
	}
	for (size_t i = 0; i < u->nmagnitudes; i++)
		if (!strcmp(u->magnitudes[i].name, n->text)) {
			load_error(l, n, "kind word '%s' is a magnitude", n->text);
			return 0;
		}
	return 1;
}

/* The length of a column name at s (a lower-case letter, then lower-case
 * letters, digits and '_'), or 0. */
static size_t column_name(const char *s, size_t len)
{
	if (!len || !(s[0] >= 'a' && s[0] <= 'z'))
		return 0;
	size_t i = 1;
	while (i < len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
			   s[i] == '_'))
		i++;
	return i;
}

/* `is: 2 dense`: a factor and an earlier kind of the same family; or
 * `is: gpus per-gpu`: a column of the row the value is for (how many
 * GPUs a superchip, a node or a rack has) and that kind. */
static void kind_is(struct loader *l, const struct ynode *n, struct kind *kd, int family)
{
	struct units *u = l->u;
	double f = 0;
	size_t m = n->kind == YNODE_SCALAR ? read_factor(n->text, n->len, &f) : 0;
	const char *column = NULL;
	if (!m && n->kind == YNODE_SCALAR && (m = column_name(n->text, n->len)) > 0) {
		column = arena_strndup(l->a, n->text, m);
		f = 1;
	}
	size_t i = m ? skip_spaces(n->text, n->len, m) : 0;
	if (!m || i == m || i >= n->len || !isfinite(f) || f <= 0) {
		load_error(l, n, "'is' of a kind is a positive number or a column and an earlier "
			   "kind of its family ('2 dense', 'gpus per-gpu'), not '%s'",
			   n->kind == YNODE_SCALAR ? n->text : "");
		return;
	}
	const char *name = n->text + i;
	int base = kind_find(u, name);
	if (!base || base > u->nkinds) {
		diag_report(DIAG_ERROR, n->loc, 0, NULL, "unknown kind '%s' in 'is' of '%s' "
			    "(a relation names an earlier kind of its family)", name, kd->name);
		l->errors++;
		return;
	}
	const struct kind *b = &u->kinds[base - 1];
	if (b->family != family) {
		diag_report(DIAG_ERROR, n->loc, 0, NULL, "kind '%s' is of family '%s', not '%s': "
			    "a relation links kinds of one family", b->name,
			    u->kind_families[b->family], u->kind_families[family]);
		l->errors++;
		return;
	}
	kd->base = base;
	if (column) {   /* no fixed factor: the kind stays a root of its own */
		kd->column = column;
		return;
	}
	kd->root = b->root;
	kd->to_root = f * b->to_root;
}

/* `per: [GPU, 卡]`: nouns written after a slash; not another kind's. */
static void kind_per(struct loader *l, const struct ynode *n, struct kind *kd)
{
	struct units *u = l->u;
	if (n->kind != YNODE_SEQ) {
		load_error(l, n, "per of kind '%s' must be a list of what it is per ([GPU])",
			   kd->name);
		return;
	}
	kd->per = arena_array(l->a, n->count + 1, sizeof *kd->per);
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *w = n->items[i];
		if (w->kind != YNODE_SCALAR || !w->len || strchr(w->text, '/') ||
		    strchr(w->text, ' ')) {
			diag_report(DIAG_ERROR, w->loc, 0, NULL, "per of kind '%s' holds single "
				    "words ('GPU'), not '%s'", kd->name,
				    w->kind == YNODE_SCALAR ? w->text : "");
			l->errors++;
			continue;
		}
		int other = 0;
		if (units_kind_per_match(u, w->text, w->len, &other) == w->len) {
			diag_report(DIAG_ERROR, w->loc, 0, NULL, "'/%s' is already per kind '%s'",
				    w->text, u->kinds[other - 1].name);
			l->errors++;
			continue;
		}
		kd->per[kd->nper++] = w->text;
	}
}

/* `slips: {hbm: "a chip-to-chip link rate read as HBM bandwidth"}`: for
 * each earlier kind of the family, what confusing the two is. */
static void kind_slips(struct loader *l, const struct ynode *n, struct kind *kd, int family)
{
	struct units *u = l->u;
	if (n->kind != YNODE_MAP) {
		load_error(l, n, "slips of kind '%s' must map earlier kinds of its family to the "
			   "slip (hbm: \"...\")", kd->name);
		return;
	}
	kd->slip_kinds = arena_array(l->a, n->count + 1, sizeof *kd->slip_kinds);
	kd->slip_texts = arena_array(l->a, n->count + 1, sizeof *kd->slip_texts);
	for (size_t i = 0; i < n->count; i++) {
		const struct ynode *k = n->pairs[i].key, *v = n->pairs[i].value;
		int other = kind_find(u, k->text);
		if (!other) {
			diag_report(DIAG_ERROR, k->loc, 0, "hint: a slip names an earlier kind of the "
				    "same family", "unknown kind '%s' in the slips of '%s'", k->text,
				    kd->name);
			l->errors++;
			continue;
		}
		if (u->kinds[other - 1].family != family) {
			diag_report(DIAG_ERROR, k->loc, 0, NULL, "kind '%s' is of family '%s', not "
				    "'%s': a slip confuses kinds of one family", k->text,
				    u->kind_families[u->kinds[other - 1].family],
				    u->kind_families[family]);
			l->errors++;
			continue;
		}
		if (v->kind != YNODE_SCALAR || !v->len) {
			load_error(l, v, "a slip of kind '%s' must be text", kd->name);
			continue;
		}
		kd->slip_kinds[kd->nslips] = other;
		kd->slip_texts[kd->nslips++] = v->text;
	}
}

static void load_kinds(struct loader *l, const struct ynode *map)
{
	struct units *u = l->u;
	if (!map)
		return;
	if (map->kind != YNODE_MAP) {
		load_error(l, map, "'kinds' must map families to their kinds%s", "");
		return;
	}
	u->kinds = arena_array(l->a, UNITS_MAX_KINDS, sizeof *u->kinds);
	for (size_t i = 0; i < map->count; i++) {
		const struct ypair *fp = &map->pairs[i];
		if (fp->value->kind != YNODE_MAP) {
			load_error(l, fp->value, "kind family '%s' must be a map of kinds",
				   fp->key->text);
			continue;
		}
		if (u->nkind_families == KIND_FAMILIES) {
			load_error(l, fp->key, "more than 8 kind families ('%s')", fp->key->text);
			return;
		}
		int family = u->nkind_families++;
		u->kind_families[family] = fp->key->text;
		for (size_t j = 0; j < fp->value->count; j++) {
			const struct ynode *k = fp->value->pairs[j].key, *v = fp->value->pairs[j].value;
			if (!strcmp(k->text, "products")) {
				if (v->kind == YNODE_SCALAR && !strcmp(v->text, "drop"))
					u->kind_drop[family] = 1;
				else if (!(v->kind == YNODE_SCALAR && !strcmp(v->text, "keep")))
					load_error(l, v, "'products' of a kind family is keep or drop, "
						   "not '%s'", v->kind == YNODE_SCALAR ? v->text : "");
				continue;
			}
			if (!kind_name_valid(k->text)) {
				load_error(l, k, "kind name '%s' must be lower-case letters, digits "
					   "and '-'", k->text);
				continue;
			}
			if (!kind_word_ok(l, k))
				continue;
			if (v->kind != YNODE_MAP && !ytree_is_null(v)) {
				load_error(l, v, "kind '%s' must be a map (words, is, slip)", k->text);
				continue;
			}
			if (u->nkinds == UNITS_MAX_KINDS) {
				load_error(l, k, "more than 255 kinds ('%s')", k->text);
				return;
			}
			struct kind *kd = &u->kinds[u->nkinds];
			memset(kd, 0, sizeof *kd);
			kd->name = k->text;
			kd->family = family;
			kd->root = u->nkinds + 1;
			kd->to_root = 1;
			for (size_t p = 0; v->kind == YNODE_MAP && p < v->count; p++) {
				const struct ynode *pk = v->pairs[p].key, *pv = v->pairs[p].value;
				if (!strcmp(pk->text, "words")) {
					if (pv->kind != YNODE_SEQ) {
						load_error(l, pv, "words of kind '%s' must be a list",
							   k->text);
						continue;
					}
					kd->words = arena_array(l->a, pv->count + 1, sizeof *kd->words);
					for (size_t w = 0; w < pv->count; w++)
						if (kind_word_ok(l, pv->items[w]))
							kd->words[kd->nwords++] = pv->items[w]->text;
				} else if (!strcmp(pk->text, "is")) {
					kind_is(l, pv, kd, family);
				} else if (!strcmp(pk->text, "per")) {
					kind_per(l, pv, kd);
				} else if (!strcmp(pk->text, "slips")) {
					kind_slips(l, pv, kd, family);
				} else if (!strcmp(pk->text, "slip")) {
					if (pv->kind != YNODE_SCALAR)
						load_error(l, pv, "slip of kind '%s' must be text", k->text);
					else
						kd->slip = pv->text;
				} else {
					load_error(l, pk, "unknown key '%s' in a kind (expected words, is, "
						   "slip, slips, per)", pk->text);
				}
			}
			u->kind_first[(unsigned char)kd->name[0]] = 1;
			for (size_t w = 0; w < kd->nwords; w++)
				u->kind_first[(unsigned char)kd->words[w][0]] = 1;
			for (size_t w = 0; w < kd->nper; w++)
				u->per_first[(unsigned char)kd->per[w][0]] = 1;
			u->nkinds++;
		}
	}
}

struct units *units_load(struct arena *a, const char *path, const char *shown)
{
	char *text;
	size_t len;
	if (files_read_text(a, path, shown, &text, &len) < 0)
		return NULL;
	return units_load_text(a, text, len, shown);
}

struct units *units_load_text(struct arena *a, const char *text, size_t len, const char *shown)
{
	struct ynode *root = ytree_parse(a, shown, text, len, 1);
	if (!root)
		return NULL;
	struct loader l = { arena_alloc(a, sizeof(struct units)), a, 0, root->loc };
	if (root->kind != YNODE_MAP) {
		diag_report(DIAG_ERROR, root->loc, 0, NULL, "%s must be a map", shown);
		return NULL;
	}
	static const char *const known[] = { "dimensions", "prefixes", "units", "refuse",
					     "magnitudes", "before", "kinds" };
	for (size_t i = 0; i < root->count; i++) {
		int ok = 0;
		for (size_t k = 0; k < sizeof known / sizeof *known; k++)
			ok |= !strcmp(root->pairs[i].key->text, known[k]);
		if (!ok)
			load_error(&l, root->pairs[i].key, "unknown key '%s' (expected dimensions, "
				   "prefixes, units, refuse, magnitudes, before, kinds)",
				   root->pairs[i].key->text);
	}
	const struct ynode *dims = ytree_get(root, "dimensions");
	if (!dims) {
		diag_report(DIAG_ERROR, root->loc, 0, NULL, "%s declares no dimensions", shown);
		return NULL;
	}
	load_dimensions(&l, dims);
	load_prefixes(&l, ytree_get(root, "prefixes"));
	load_refusals(&l, ytree_get(root, "refuse"));
	load_units(&l, ytree_get(root, "units"));
	load_magnitudes(&l, ytree_get(root, "magnitudes"));
	load_befores(&l, ytree_get(root, "before"));
	load_kinds(&l, ytree_get(root, "kinds"));
	for (int d = 0; d < l.u->ndims && !l.errors; d++) {
		const struct spelling *sp = find_spelling(l.u, l.u->dim_symbols[d],
							  strlen(l.u->dim_symbols[d]));
		if (!sp || sp->scale != 1 || sp->dim.e[d] != 1) {
			diag_report(DIAG_ERROR, dims->loc, 0, NULL,
				    "the symbol '%s' of dimension '%s' must be its base unit",
				    l.u->dim_symbols[d], l.u->dim_names[d]);
			l.errors++;
		}
	}
	if (l.errors)
		return NULL;
	index_spellings(l.u, a);
	return l.u;
}
