/*
 * said.c — a figure of prose about a known part, against the reference
 * data, where reference_prose() found no row or column for it (issue 37,
 * part 4): sentences that name several parts, each with its figure
 * (`未阉割的A100是600GB/s、H100是900GB/s，阉割过的A800、H800为400GB/s`),
 * or say which figure it is in the sentence before (NVLink named once for
 * a list of parts), or in Chinese, whose words stand further apart in
 * bytes than reference_prose()'s reach.
 *
 * The part: a model word the reference knows (`A100`, `H800`, `MI300X`)
 * in the figure's clause, else in its sentence before it; a figure that
 * agrees with any part the clause (or sentence) names is theirs, one that
 * agrees with none is held against the nearest.  A part the reference
 * knows but has no figure of the column for (the A800's NVLink) among
 * them: nothing is said.  The column: the figure's dimension and the
 * words of its sentence (a data type for FLOPS; NVLink or memory for a
 * bandwidth, else the sentence before it; memory for a size; TDP or power
 * for watts).  The reference's NVLink figure is both directions: one said
 * per direction, or not said, may be half of it; a compute figure not said
 * dense may be the sparse twice.
 */
#include "audit/said.h"
#include "audit/reference.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "audit/table.h"
#include "numbers/format.h"
#include "numbers/literal.h"

#include <math.h>
#include <stdlib.h>
#include <stdlib.h>
#include <string.h>

/* Reference figures of one part and column read at most. */
#define SAID_FIGURES 8
/* Parts a clause or sentence names, at most. */
#define SAID_PARTS 8

static int alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int digit(int c)
{
	return c >= '0' && c <= '9';
}

static int starts(const char *s, size_t len, size_t i, const char *w)
{
	size_t wl = strlen(w);
	return i + wl <= len && !audit_casecmp(s + i, w, wl);
}

int said_spec_near(const char *s, size_t len, size_t at, size_t flen)
{
	static const char *const before[] = { "advertised as", "advertised at", "advertised", "spec of", "specs",
		"spec", "theoretical", "peak", "datasheet", "rated at", "rated", "published", "nominal", "标称",
		"峰值", "理论", "官方", NULL };
	/* before: within 40 bytes, no digit between (a link's text and its
	 * bracket aside: "[advertised as 312TFLOPS](…)") */
	size_t from = at > 40 ? at - 40 : 0;
	for (size_t i = at; i > from; i--)
		if (digit((unsigned char)s[i - 1]) && !(i >= 2 && alpha((unsigned char)s[i - 2]))) {
			from = i;
			break;
		}
	for (size_t i = from; i < at; i++)
		for (size_t k = 0; before[k]; k++)
			if (starts(s, at, i, before[k]) && (i == 0 || !alpha((unsigned char)s[i - 1])))
				return 1;
	/* after: "the 450GBps unidirectional spec" */
	size_t e = at + flen;
	for (size_t i = e; i < len && i < e + 24; i++) {
		if (digit((unsigned char)s[i]) || strchr(",.;:()", s[i]))
			break;
		if (starts(s, len, i, "spec") && !alpha((unsigned char)s[i - 1]))
			return 1;
	}
	return 0;
}

/* The dimension of one unit, read once per call (cheap: the units table). */
static int dim_of(const struct audit *au, const char *unit, struct dim *d)
{
	struct literal lit;
	struct srcloc none = { "", 0, 0 };
	char buf[32];
	snprintf(buf, sizeof buf, "1 %s", unit);
	diag_mute(1);
	int rc = literal_parse(au->u, au->a, buf, strlen(buf), none, LITERAL_UNIT, &lit);
	diag_mute(-1);
	if (rc != 1 || !lit.has_unit)
		return 0;
	*d = lit.q.dim;
	return 1;
}

int said_is_bandwidth(const struct audit *au, const struct figure *f)
{
	struct dim d;
	return dim_of(au, "GB/s", &d) && dim_equal(&d, &f->q.dim);
}

static int words_any(const char *sw, const char *const *words)
{
	if (!sw)
		return 0;
	for (size_t k = 0; words[k]; k++) {
		if ((unsigned char)words[k][0] >= 0x80) {
			/* Han characters stand one a word in sw: " 显 存 " */
			char spaced[64];
			size_t n = 0;
			for (const char *p = words[k]; *p && n + 5 < sizeof spaced;) {
				spaced[n++] = ' ';
				size_t l = (unsigned char)*p >= 0xe0 ? 3 : 2;
				memcpy(spaced + n, p, l);
				n += l;
				p += l;
			}
			spaced[n++] = ' ';
			spaced[n] = '\0';
			if (strstr(sw, spaced))
				return 1;
		} else if (words_have(sw, words[k], strlen(words[k]))) {
			return 1;
		}
	}
	return 0;
}

int said_kind_of(const struct audit *au, const struct figure *f)
{
	struct dim d;
	if (dim_of(au, "GB/s", &d) && dim_equal(&d, &f->q.dim))
		return 'b';
	if ((dim_of(au, "TFLOPS", &d) && dim_equal(&d, &f->q.dim)) || (dim_of(au, "TOPS", &d) && dim_equal(&d, &f->q.dim)))
		return 'c';
	if (dim_of(au, "GB", &d) && dim_equal(&d, &f->q.dim))
		return 'm';
	if (dim_of(au, "W", &d) && dim_equal(&d, &f->q.dim))
		return 'p';
	return 0;
}

int said_kind_named(struct audit *au, const char *s, size_t len)
{
	static const struct {
		const char *w;
		int kind;
	} words[] = { { "算力", 'c' }, { "flops", 'c' }, { "tflops", 'c' }, { "compute", 'c' }, { "带宽", 'b' },
		      { "bandwidth", 'b' }, { "显存", 'm' }, { "容量", 'm' }, { "memory", 'm' }, { "capacity", 'm' } };
	const char *w = name_words(au->a, s, len);
	int kind = 0;
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (words_any(w, (const char *const[]){ words[k].w, NULL })) {
			if (kind && kind != words[k].kind)
				return 0;   /* "memory bandwidth": two */
			kind = words[k].kind;
		}
	return kind;
}

static const char *const link_words[] = { "nvlink", "nvlink2", "nvlink3", "nvlink4", "nvlink5", "nvswitch", "link", "links",
					  "互连", "互联", "链路", "通信", "intra", "节点内", NULL };
static const char *const memory_words[] = { "hbm", "hbm2", "hbm2e", "hbm3", "hbm3e", "memory", "显存", "内存",
					    "vram", NULL };
/* Words after which a bandwidth is another thing's: PCIe, networks. */
static const char *const other_link_words[] = { "pcie", "infiniband", "ethernet", "roce", "efa", "nic", "网卡",
						"网络", "ib", NULL };

static void clause_of(const char *s, size_t len, size_t at, size_t *from, size_t *to);

/* The reference column the figure is a value of, or NULL. */
static const char *column_of(const struct audit *au, const struct figure *f, const char *s, size_t len, size_t at,
			     const char *sw, const char *prev_sw)
{
	struct dim d;
	if (dim_of(au, "GB/s", &d) && dim_equal(&d, &f->q.dim)) {
		/* the clause's words first: "…NVLink链路，总带宽（双向）达到 900 GB/s，
		 * 是PCIe 5.0 x16带宽的7倍" */
		size_t cf, ct;
		clause_of(s, len, at, &cf, &ct);
		/* what the clause says after the figure is about the next thing
		 * ("NVSwitch … (600 GB/s) and … EFA … (400 Gb/s)") */
		size_t end = at + f->len + 3 < ct ? at + f->len + 3 : ct;
		const char *cw = name_words(au->a, s + cf, end - cf);
		if (words_any(cw, other_link_words))
			return NULL;
		int link = words_any(cw, link_words), mem = words_any(cw, memory_words);
		if (!link && !mem) {
			/* "每张 H800 卡连接一张 … 网络卡，通过 InfiniBand 交换机互连，
			 * 峰值双向带宽可达 50 GB/s": a network's, the sentence says */
			if (words_any(sw, other_link_words) && !words_any(sw, (const char *const[]){ "nvlink", NULL }))
				return NULL;
			link = words_any(sw, link_words);
			mem = words_any(sw, memory_words);
		}
		if (!link && !mem && prev_sw) {
			link = words_any(prev_sw, link_words);
			mem = words_any(prev_sw, memory_words);
		}
		return link == mem ? NULL : link ? "nvlink" : "mem_bw";
	}
	if (dim_of(au, "TFLOPS", &d) && dim_equal(&d, &f->q.dim)) {
		/* the data type named nearest the figure */
		static const struct {
			const char *w, *col;
		} types[] = { { "fp64", "fp64" }, { "fp32", "fp32" }, { "tf32", "tf32" }, { "bf16", "bf16" },
			      { "bfloat16", "bf16" }, { "fp16", "fp16" }, { "fp8", "fp8" }, { "fp6", "fp6" },
			      { "fp4", "fp4" }, { "half-precision", "bf16" }, { "half precision", "bf16" },
			      { "半精度", "fp16" }, { "单精度", "fp32" }, { "双精度", "fp64" } };
		const char *best = NULL;
		size_t best_d = (size_t)-1;
		for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
			size_t wl = strlen(types[k].w);
			for (size_t i = 0; i + wl <= len; i++)
				if (!audit_casecmp(s + i, types[k].w, wl) && (i == 0 || !alpha((unsigned char)s[i - 1])) &&
				    !(i + wl < len && (digit((unsigned char)s[i + wl]) || alpha((unsigned char)s[i + wl])))) {
					size_t dd = i > at ? i - at : at - i;
					if (dd < best_d) {
						best_d = dd;
						best = types[k].col;
					}
				}
		}
		return best;
	}
	if (dim_of(au, "TOPS", &d) && dim_equal(&d, &f->q.dim))
		return strstr(sw, " int8 ") ? "int8" : NULL;
	/* a size right beside a known part, nothing but a colon or a few
	 * words between ("- NVIDIA H200: 141 GB", "80GB 的 A100", "H100 的物理
	 * 80 GB", "the physical 80 GB of the H100"): its memory */
	if (dim_of(au, "GB", &d) && dim_equal(&d, &f->q.dim)) {
		static const char *const glue[] = { "physical ", "物理", "的", "：", ": ", ":", "= ", "=", "of the ", "of ",
						    "per ", "on the ", "on ", "nvidia ", "amd ", " ", NULL };
		/* before: PART <glue> figure */
		size_t b = at;
		for (int moved = 1; moved && b > 0;) {
			moved = 0;
			for (size_t k = 0; glue[k] && !moved; k++) {
				size_t gl = strlen(glue[k]);
				if (b >= gl && !audit_casecmp(s + b - gl, glue[k], gl)) {
					b -= gl;
					moved = 1;
				}
			}
		}
		size_t wb = b;
		while (wb > 0 && (alpha((unsigned char)s[wb - 1]) || digit((unsigned char)s[wb - 1])))
			wb--;
		/* after: figure <glue> PART */
		size_t a = at + f->len;
		for (int moved = 1; moved && a < len;) {
			moved = 0;
			for (size_t k = 0; glue[k] && !moved; k++)
				if (starts(s, len, a, glue[k])) {
					a += strlen(glue[k]);
					moved = 1;
				}
		}
		size_t we = a;
		while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
			we++;
		/* "384 GB of HBM3e": the memory of the part it is said of */
		size_t h = at + f->len;
		while (h < len && s[h] == ' ')
			h++;
		if (starts(s, len, h, "of "))
			h += 3;
		if (starts(s, len, h, "hbm"))
			return "memory";
		struct quantity any[SAID_FIGURES];
		char w[16];
		for (int side = 0; side < 2; side++) {
			size_t from = side ? a : wb, to = side ? we : b;
			if (to <= from || to - from >= sizeof w || (side ? a == at + f->len : b == at) ||
			    (!side && wb > 0 && (unsigned char)s[wb - 1] < 0x80 && s[wb - 1] != ' ' && s[wb - 1] != '-' &&
			     s[wb - 1] != '*' && s[wb - 1] != '['))
				continue;
			size_t wl = to - from;
			for (size_t i = 0; i < wl; i++)
				w[i] = (char)(alpha((unsigned char)s[from + i]) ? s[from + i] | 32 : s[from + i]);
			if (reference_part_figures(au->ref, w, wl, "memory", 0, any, SAID_FIGURES, NULL))
				return "memory";
		}
	}
	/* sizes (stacks, RAM, extras) come in too many kinds to tell by the
	 * sentence's words (reference_prose() and parts.c read those); a power
	 * only with TDP right beside it ("500W TDP", "TDP of 500W", "功耗 500W") */
	if (dim_of(au, "W", &d) && dim_equal(&d, &f->q.dim)) {
		size_t e = at + f->len;
		while (e < len && s[e] == ' ')
			e++;
		if (starts(s, len, e, "peak "))
			e += 5;   /* AMD's "560W peak TBP" is what the reference gives as TDP */
		if ((starts(s, len, e, "tdp") || starts(s, len, e, "tbp")) && !(e + 3 < len && alpha((unsigned char)s[e + 3])))
			return "tdp";
		/* "(1400 W H100 SXM vs …)": the power the part's name after it draws */
		if (e < len && alpha((unsigned char)s[e]) && e + 2 < len && digit((unsigned char)s[e + 1]) &&
		    digit((unsigned char)s[e + 2]) && (at + f->len == e || s[at + f->len] == ' ')) {
			size_t we = e;
			while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
				we++;
			char w[16];
			size_t wl = we - e < sizeof w ? we - e : 0;
			for (size_t i = 0; i < wl; i++)
				w[i] = (char)(alpha((unsigned char)s[e + i]) ? s[e + i] | 32 : s[e + i]);
			struct quantity any[SAID_FIGURES];
			if (wl && reference_part_figures(au->ref, w, wl, "tdp", 0, any, SAID_FIGURES, NULL))
				return "tdp";
		}
		size_t b = at;
		while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == ':'))
			b--;
		if ((b >= 3 && !audit_casecmp(s + b - 3, "tdp", 3)) || (b >= 6 && !audit_casecmp(s + b - 6, "tdp of", 6)) ||
		    (b >= 6 && (!memcmp(s + b - 6, "功耗", 6))) || (b >= 9 && !memcmp(s + b - 9, "功耗为", 9)))
			return "tdp";
		/* a power in the part's name as a SKU is written ("H100 80GB SXM5
		 * HBM3 700W SKU"): the words before it all name the part */
		for (int words = 0; words < 5 && b > 0; words++) {
			size_t we = b;
			while (b > 0 && (alpha((unsigned char)s[b - 1]) || digit((unsigned char)s[b - 1]) || s[b - 1] == '-'))
				b--;
			if (b == we || (b > 0 && s[b - 1] != ' ' && (unsigned char)s[b - 1] < 0x80))
				break;   /* no word, or one glued to a sign ("x=700W") */
			int a = 0, dg = 0;
			for (size_t i = b; i < we; i++) {
				a |= alpha((unsigned char)s[i]);
				dg |= digit((unsigned char)s[i]);
			}
			if (!dg)
				break;   /* a word: no name */
			char w[16];
			size_t wl = we - b < sizeof w ? we - b : 0;
			for (size_t i = 0; i < wl; i++)
				w[i] = (char)(alpha((unsigned char)s[b + i]) ? s[b + i] | 32 : s[b + i]);
			struct quantity any[SAID_FIGURES];
			if (a && wl && reference_part_figures(au->ref, w, wl, "tdp", 1, any, SAID_FIGURES, NULL))
				return "tdp";
			while (b > 0 && s[b - 1] == ' ')
				b--;
		}
	}
	return NULL;
}

/* The clause separators of the last sentence asked about (，、；; , and
 * parentheses): a sentence's figures each ask for their clause, so the
 * sentence is scanned once, not once a figure (a sentence of 2,000
 * figures took minutes).  Kept per thread, with a copy of the sentence:
 * the same address may hold another sentence later. */
static _Thread_local struct {
	char *text;
	size_t len, n, cap;
	size_t *at;            /* where each separator starts */
	unsigned char *width;  /* and its bytes */
} seps_seen;

static int seps_of(const char *s, size_t len)
{
	static const char *const seps[] = { "，", "、", "；", "。", "; ", ", ", NULL };
	if (seps_seen.text && seps_seen.len == len && !memcmp(seps_seen.text, s, len))
		return 1;
	char *text = realloc(seps_seen.text, len + 1);
	if (!text)
		return 0;
	seps_seen.text = text;
	memcpy(text, s, len);
	seps_seen.len = len;
	seps_seen.n = 0;
	int depth = 0;   /* "(NVLink 5, as on B200/B300)" is one clause's */
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '(' || starts(s, len, i, "（"))
			depth++;
		else if ((s[i] == ')' || starts(s, len, i, "）")) && depth > 0)
			depth--;
		if (depth)
			continue;
		for (size_t k = 0; seps[k]; k++)
			if (starts(s, len, i, seps[k])) {
				if (seps_seen.n == seps_seen.cap) {
					size_t cap = seps_seen.cap ? 2 * seps_seen.cap : 16;
					size_t *at = realloc(seps_seen.at, cap * sizeof *at);
					unsigned char *w = at ? realloc(seps_seen.width, cap) : NULL;
					if (at)
						seps_seen.at = at;
					if (!w) {
						free(seps_seen.text);
						seps_seen.text = NULL;
						return 0;
					}
					seps_seen.width = w;
					seps_seen.cap = cap;
				}
				seps_seen.at[seps_seen.n] = i;
				seps_seen.width[seps_seen.n++] = (unsigned char)strlen(seps[k]);
			}
	}
	return 1;
}

/* Where the clause of s[at] starts and ends: after the last separator
 * before at, at the first one from at on. */
static void clause_of(const char *s, size_t len, size_t at, size_t *from, size_t *to)
{
	*from = 0;
	*to = len;
	if (!seps_of(s, len))
		return;
	size_t lo = 0, hi = seps_seen.n;   /* the first separator at or after at */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (seps_seen.at[mid] < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0)
		*from = seps_seen.at[lo - 1] + seps_seen.width[lo - 1];
	if (lo < seps_seen.n)
		*to = seps_seen.at[lo];
}

size_t said_clause_end(const char *s, size_t len, size_t at)
{
	size_t cf, ct;
	clause_of(s, len, at, &cf, &ct);
	return ct;
}

struct part {
	size_t off;
	const char *word;
	size_t wl;
	struct quantity q[SAID_FIGURES];
	size_t n;               /* figures of the column (0: none known) */
	const char *source;
};

/* The parts s[from..to) names that the reference knows, into p[]. */
static size_t parts_in(const struct audit *au, const char *s, size_t from, size_t to, const char *column,
		       struct part *p, size_t max)
{
	size_t n = 0;
	for (size_t i = from; i < to && n < max;) {
		if (!alpha((unsigned char)s[i]) || (i > from && (alpha((unsigned char)s[i - 1]) || digit((unsigned char)s[i - 1])))) {
			i++;
			continue;
		}
		size_t e = i;
		int dg = 0;
		while (e < to && (alpha((unsigned char)s[e]) || digit((unsigned char)s[e]))) {
			dg |= digit((unsigned char)s[e]);
			e++;
		}
		if (!dg || e - i < 3 || e - i > 12) {
			i = e;
			continue;
		}
		char w[16];
		size_t wl = e - i;
		for (size_t k = 0; k < wl; k++)
			w[k] = (char)(s[i + k] | (alpha((unsigned char)s[i + k]) ? 32 : 0));
		w[wl] = '\0';
		struct quantity any[SAID_FIGURES];
		/* known as a part at all (any column) */
		if (reference_part_figures(au->ref, w, wl, "memory", 0, any, SAID_FIGURES, NULL) ||
		    reference_part_figures(au->ref, w, wl, "bf16", 0, any, SAID_FIGURES, NULL)) {
			p[n].off = i;
			p[n].word = arena_strndup(au->a, w, wl);
			p[n].wl = wl;
			p[n].source = NULL;
			p[n].n = reference_part_figures(au->ref, w, wl, column, 0, p[n].q, SAID_FIGURES, &p[n].source);
			n++;
		}
		i = e;
	}
	return n;
}

static int said_report(struct audit *au, const char *s, size_t at, const struct figure *f, const struct part *parts,
		       size_t n, const char *column, const char *sw);

const char *said_clause_words(struct audit *au, const char *s, size_t len, size_t at)
{
	size_t cf, ct;
	clause_of(s, len, at, &cf, &ct);
	if (cf == 0 && ct == len)
		return NULL;
	for (size_t i = cf; i + 3 < ct; i++)
		if (alpha((unsigned char)s[i]) && (i == cf || !alpha((unsigned char)s[i - 1])) && digit((unsigned char)s[i + 1]) &&
		    digit((unsigned char)s[i + 2]))
			return name_words(au->a, s + cf, ct - cf);
	return NULL;
}

int said_names(const char *s, size_t len, size_t at, const char *word)
{
	size_t cf, ct, wl = strlen(word);
	clause_of(s, len, at, &cf, &ct);
	int part = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t from = pass ? 0 : cf, to = pass ? len : ct;
		for (size_t i = from; i + wl <= to; i++) {
			if (i > from && (alpha((unsigned char)s[i - 1]) || digit((unsigned char)s[i - 1])))
				continue;
			if (!audit_casecmp(s + i, word, wl) && !(i + wl < to && (alpha((unsigned char)s[i + wl]) ||
										digit((unsigned char)s[i + wl]))))
				return 1;
			/* another part's model word in the clause: the clause is its */
			if (!pass && alpha((unsigned char)s[i]) && i + 3 < to && digit((unsigned char)s[i + 1]) &&
			    digit((unsigned char)s[i + 2]))
				part = 1;
		}
		if (part)
			return 0;
	}
	return 0;
}

/* Does the figure agree with one of the part's figures (said the way
 * the figure may mean it: one direction of a link, a sparse compute
 * figure)? */
static int agrees(const struct audit *au, const struct figure *f, const struct part *p, const char *column,
		  int dir, int sparse)
{
	double widen = f->approx ? au->approx : 0;
	for (size_t k = 0; k < p->n; k++) {
		struct figure rf = { 0 };
		rf.q = p->q[k];
		/* as said: one direction (half), both, or either when not said;
		 * dense, sparse (twice), or either */
		double factors[2] = { 1, 0 };
		if (!strcmp(column, "nvlink")) {
			if (dir == 1)
				factors[0] = 0.5;
			else if (!dir)
				factors[1] = 0.5;
		} else if (strstr(column, "fp") || strstr(column, "bf") || strstr(column, "tf") || !strcmp(column, "int8")) {
			if (sparse == 2)
				factors[0] = 2;
			else if (!sparse)
				factors[1] = 2;
		}
		for (int x = 0; x < 2 && factors[x] > 0; x++) {
			struct figure g = rf;
			interval_scale(rf.q.v, factors[x], &g.q.v);
			interval_scale(rf.q.nominal, factors[x], &g.q.nominal);
			memset(g.q.kind, 0, sizeof g.q.kind);
			struct figure h = *f;
			memset(h.q.kind, 0, sizeof h.q.kind);
			if (figures_agree(au, &h, &g, widen))
				return 1;
			double r = interval_mid(f->q.v) / interval_mid(g.q.v);
			if (r > 0.99 && r < 1.01)
				return 1;
		}
	}
	return 0;
}

/* The bytes around s[at] that per-figure reading looks at: the whole
 * sentence, but no more than WINDOW bytes either side (at characters'
 * starts). */
#define WINDOW 300
static void window(const char *s, size_t len, size_t at, size_t *from, size_t *to)
{
	*from = at > WINDOW ? at - WINDOW : 0;
	*to = at + WINDOW < len ? at + WINDOW : len;
	while (*from > 0 && ((unsigned char)s[*from] & 0xc0) == 0x80)
		(*from)--;
	while (*to < len && ((unsigned char)s[*to] & 0xc0) == 0x80)
		(*to)++;
}

/* Words that say the sentence tells of a run (not a datasheet). */
static const char *const run_words[] = { "measured", "achieved", "achieve", "achieves", "achieving", "reached",
					 "reaches", "reach", "got", "getting", "get", "clocked", "observed", "benchmark",
					 "utilization", "mfu", "实测", "测得", "实现", "达到", "跑出", "跑到", "利用率", NULL };

/* The compute figure f of no type named (`A100 算力 132 TFLOPS`, `The
 * A100 delivers 358.8 TFLOPS`) against every type's figure of the part
 * nearest before it (dense, and sparse twice it), and of the others the
 * sentence names: one that agrees (or is within 10%: vendors print
 * several) ties it; else a warning when a slip explains it from one, or
 * it is within 0.7–1.4 of the nearest (a typed-by-hand slip, not some
 * other figure of the part).  Returns 1 when it was compared. */
static int untyped_report(struct audit *au, const char *s, size_t at, const struct figure *f, const struct part *parts,
			  size_t n)
{
	static const char *const types[] = { "fp64", "fp64_tc", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4",
					     "int8", NULL };
	const struct part *nearest = NULL;
	for (size_t k = 0; k < n; k++)
		if (parts[k].off < at && (!nearest || parts[k].off > nearest->off))
			nearest = &parts[k];
	if (!nearest)
		nearest = &parts[0];
	const char *written = arena_strndup(au->a, s + at, f->len);
	struct quantity stated = f->q;
	memset(stated.kind, 0, sizeof stated.kind);
	struct quantity want = { 0 };
	const char *want_col = NULL, *hint = NULL, *source = NULL;
	double best = INFINITY;
	/* dense first: of two equal figures the dense one is named (312: the
	 * A100's BF16, not its sparse TF32) */
	for (int sparse = 0; sparse < 2; sparse++)
		for (size_t k = 0; k < n; k++)
		for (size_t t = 0; types[t]; t++) {
			struct quantity q[SAID_FIGURES];
			const char *src = NULL;
			size_t nq = reference_part_figures(au->ref, parts[k].word, parts[k].wl, types[t], 0, q, SAID_FIGURES,
							   &src);
			for (size_t i = 0; i < nq; i++) {
					if (!dim_equal(&q[i].dim, &f->q.dim) || (sparse && !strncmp(types[t], "fp64", 4)) ||
					    (sparse && !strcmp(types[t], "fp32")))
						continue;
					struct quantity g = q[i];
					interval_scale(q[i].v, sparse ? 2 : 1, &g.v);
					interval_scale(q[i].nominal, sparse ? 2 : 1, &g.nominal);
					memset(g.kind, 0, sizeof g.kind);
					double r = interval_mid(f->q.v) / interval_mid(g.v);
					if (r > 0.9 && r < 1.1)
						return 1;   /* one of its figures, or near one */
					if (&parts[k] != nearest)
						continue;
					const char *h = slip_hint(au, &stated, &g, written);
					if (h && (strstr(h, "twice") || strstr(h, "half")))
						h = NULL;   /* dense and sparse are candidates already */
					double off = fabs(log(r));
					if ((h && !hint) || ((!h == !hint) && off < best)) {
						want = g;
						want_col = types[t];
						hint = h;
						best = off;
						source = src;
					}
				}
		}
	if (!want_col || (!hint && (best > log(1.4) || f->approx)))
		return 0;
	au->sum.cells_referenced++;
	au->sum.findings_reference++;
	const char *detail = arena_printf(au->a,
					  "no figure of the %s's compute in the reference data is %s (dense or sparse, of "
					  "any type); the nearest is %s (%s)\nsource: %s\nsay which type it is, or write "
					  "the figure the source gives%s%s",
					  nearest->word, written, figure_text(au, &want), want_col, source ? source : "(none)",
					  hint ? "\n" : "", hint ? hint : "");
	diag_report(DIAG_WARNING, f->loc, f->width, detail, "%s for the %s's compute; reference data has no such figure (nearest %s %s)",
		    written, arena_strndup(au->a, s + nearest->off, nearest->wl), want_col, figure_text(au, &want));
	return 1;
}

/* Does another power of the sentence (a number and W) agree with the
 * part's reference TDP? */
static int other_power_agrees(const char *s, size_t len, size_t at, const struct part *p)
{
	for (size_t i = 0; i < len; i++) {
		if (!digit((unsigned char)s[i]) || (i > 0 && (digit((unsigned char)s[i - 1]) || alpha((unsigned char)s[i - 1]) ||
							     s[i - 1] == '.')))
			continue;
		char *end;
		double v = strtod(s + i, &end);
		size_t e = (size_t)(end - s);
		while (e < len && s[e] == ' ')
			e++;
		if (i == at || e >= len || s[e] != 'W' || (e + 1 < len && alpha((unsigned char)s[e + 1])))
			continue;
		for (size_t k = 0; k < p->n; k++)
			if (p->q[k].scale > 0 && fabs(v - interval_mid(p->q[k].v)) <= 0.01 * interval_mid(p->q[k].v))
				return 1;
	}
	return 0;
}

int said_check(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw,
	       const char *prev_sw)
{
	/* an estimate ("about 156TFLOPS") is no statement of a spec, unless a
	 * slip explains it (said_report(): "H200 HBM3e ~9.6 TB/s") */
	if (!au->ref || f->range || (f->bound && !f->upper))
		return 0;
	/* a superchip or a system ("GB200 Grace Blackwell Superchip（2×Blackwell
	 * GPU + Grace CPU，16TB/s…）", NVL72, DGX): not one GPU's row */
	static const char *const systems[] = { "superchip", "nvl72", "nvl36", "dgx", "hgx", "超级芯片", "gb200",
					       "gb300", "gh200", NULL };
	if (words_any(sw, systems))
		return 0;
	const char *column = column_of(au, f, s, len, at, sw, prev_sw);
	/* "A100 算力 312 TFLOPS": compute of no type named, held against
	 * every type's (untyped_report()); not what a run reached */
	size_t wf, wt;
	window(s, len, at, &wf, &wt);
	/* not a unit's of no type ("GEMM 989 vs SFU 3.9 TFLOPs/s": the special
	 * function units'), nor one of a comparison */
	static const char *const other_units[] = { "sfu", "sfus", "exp", "softmax", "vs", "versus", "scalar", "vector",
						   "simd", "simt", "对比", NULL };
	const char *ww = wt - wf < len ? name_words(au->a, s + wf, wt - wf) : sw;
	int untyped = !column && said_kind_of(au, f) == 'c' && !memchr(s + wf, '%', wt - wf) &&
		      !words_any(ww, run_words) && !words_any(ww, other_units);
	if (untyped)
		column = "bf16";
	if (!column)
		return 0;
	/* "在配备96GB内存+440GB A100的服务器上": a server's GPUs together */
	static const char *const servers[] = { "server", "servers", "服务器", NULL };
	if (!strcmp(column, "memory") && words_any(sw, servers))
		return 0;
	struct part parts[SAID_PARTS];
	size_t cf, ct;
	clause_of(s, len, at, &cf, &ct);
	/* "80 GBps (P100)": the part in the parenthesis right after it */
	size_t e = at + f->len;
	while (e < len && s[e] == ' ')
		e++;
	if (e < len && (s[e] == '(' || starts(s, len, e, "（"))) {
		size_t pe = e + 1;
		while (pe < len && pe < e + 24 && s[pe] != ')')
			pe++;
		size_t w = e + (s[e] == '(' ? 1 : 3);
		while (w < pe && s[w] == ' ')
			w++;
		if (w < pe && alpha((unsigned char)s[w])) {
			size_t we = w;
			while (we < pe && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
				we++;
			size_t n = parts_in(au, s, w, we, column, parts, SAID_PARTS);
			if (n || we - w >= 3)
				return n ? said_report(au, s, at, f, parts, n, column, sw) : 0;
		}
	}
	/* "(3.35 TB/s on H100, 8 TB/s on B200)": the part each figure is said
	 * on or per, right after it, before one named earlier */
	size_t n = 0;
	static const char *const own[] = { "on ", "per ", "for ", NULL };
	for (size_t k = 0; own[k] && !n; k++)
		if (starts(s, len, e, own[k])) {
			size_t w = e + strlen(own[k]);
			if (starts(s, len, w, "the "))
				w += 4;
			size_t we = w;
			while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
				we++;
			n = parts_in(au, s, w, we, column, parts, SAID_PARTS);
		}
	/* "(1400 W H100 SXM vs …)": a power with the part's name right after it */
	if (!n && !strcmp(column, "tdp") && e < len && alpha((unsigned char)s[e])) {
		size_t we = e;
		while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
			we++;
		n = parts_in(au, s, e, we, column, parts, SAID_PARTS);
	}
	if (!n)
		n = parts_in(au, s, cf, at, column, parts, SAID_PARTS);
	/* "我们长期在 H200 开发，CI 机器使用的是 96GB 的 H20": the part right
	 * after it before one in an earlier clause */
	for (int pass = 0; pass < 2 && !n; pass++) {
		if (pass == 1) {
			n = parts_in(au, s, 0, at, column, parts, SAID_PARTS);
			if (n)
				break;
		}
		/* "312TFLOPS on A100", "900 GB/s for the H100" */
		size_t w = e;
		static const char *const joins[] = { "on ", "for ", "of ", "in ", "with ", "per ", "的 ", "的", NULL };
		for (size_t k = 0; joins[k]; k++)
			if (starts(s, len, w, joins[k])) {
				w += strlen(joins[k]);
				break;
			}
		if (starts(s, len, w, "the "))
			w += 4;
		if (w > e) {
			size_t we = w;
			while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
				we++;
			n = parts_in(au, s, w, we, column, parts, SAID_PARTS);
		}
	}
	/* "(384 GB of HBM3e at 8 TB/s per B200)": the part the figures before
	 * it are per, in the same parenthesis or clause */
	for (size_t i = e; !n && i + 4 < ct && s[i] != ')' && !starts(s, len, i, "）"); i++)
		if (starts(s, len, i, "per ") && (i == 0 || !alpha((unsigned char)s[i - 1]))) {
			size_t w = i + 4, we = w;
			while (we < len && (alpha((unsigned char)s[we]) || digit((unsigned char)s[we])))
				we++;
			n = parts_in(au, s, w, we, column, parts, SAID_PARTS);
			break;
		}
	if (!n)
		return 0;
	/* a variant the reference has no row for ("H100 dual NVL", "H100 PCIe") */
	static const char *const variants[] = { " nvl", " dual", " pcie", " nvl2", NULL };
	for (size_t k = 0; k < n; k++)
		for (const char *p = strstr(sw, arena_printf(au->a, " %s ", parts[k].word)); p;
		     p = strstr(p + 1, arena_printf(au->a, " %s ", parts[k].word))) {
			const char *after = p + parts[k].wl + 1;
			for (size_t v = 0; variants[v]; v++)
				if (!strncmp(after, variants[v], strlen(variants[v])) &&
				    after[strlen(variants[v])] == ' ')
					return 0;
		}
	/* "500W TDP and 560W peak TBP": a vendor's two power figures, the
	 * reference's the other one */
	for (size_t k = 0; k < n && !strcmp(column, "tdp"); k++)
		if (other_power_agrees(s, len, at, &parts[k]))
			return 1;
	if (!strcmp(column, "tdp") && starts(s, len, e, "tdp"))
		for (size_t i = 0; i + 3 <= len; i++)
			if (starts(s, len, i, "tbp"))
				return 0;   /* the TBP is the reference's */
	if (untyped)
		return untyped_report(au, s, at, f, parts, n);
	return said_report(au, s, at, f, parts, n, column, sw);
}

/* A memory size in binary units as books write it: 80 GiB is "80GB" (the
 * figures agree either way, agrees()); a slip is a step from the number
 * written (80000GB is ×1000 of 80, not of 85.9), and 82GB is no rounding
 * of it. */
static struct quantity as_written(const struct audit *au, struct quantity q)
{
	size_t ul = q.unit ? strlen(q.unit) : 0;
	if (ul < 3 || ul > 8 || strcmp(q.unit + ul - 2, "iB") || q.scale <= 0)
		return q;
	double k = round(log(q.scale) / log(1024));
	if (k < 1 || fabs(pow(1024, k) - q.scale) > 0.5)
		return q;
	double factor = pow(1000, k) / q.scale;
	interval_scale(q.v, factor, &q.v);
	interval_scale(q.nominal, factor, &q.nominal);
	q.scale = pow(1000, k);
	q.unit = arena_printf(au->a, "%.*sB", (int)(ul - 2), q.unit);
	return q;
}

/* Holds f against parts[0..n) (see said_check()). */
static int said_report(struct audit *au, const char *s, size_t at, const struct figure *f, const struct part *parts,
		       size_t n, const char *column, const char *sw)
{
	/* which direction, sparsity the sentence says */
	static const char *const one[] = { "unidirectional", "uni-directional", "单向", "one-way", NULL };
	static const char *const both[] = { "bidirectional", "bi-directional", "双向", "duplex", NULL };
	int dir = words_any(sw, one) ? 1 : words_any(sw, both) ? 2 : 0;
	if (dir == 0 && (strstr(s, "both directions") || strstr(s, "each direction") || strstr(s, "per direction")))
		dir = strstr(s, "both directions") ? 2 : 1;
	static const char *const dense[] = { "dense", "稠密", NULL };
	static const char *const sparse_w[] = { "sparse", "sparsity", "稀疏", NULL };
	int sparse = words_any(sw, dense) ? 1 : words_any(sw, sparse_w) ? 2 : 0;
	/* any part named may be the figure's; one the reference has no figure of
	 * this column for (the A800's NVLink) may be the one meant */
	const struct part *nearest = NULL;
	for (size_t k = 0; k < n; k++) {
		if (!parts[k].n)
			return 0;
		if (agrees(au, f, &parts[k], column, dir, sparse))
			return 1;
		if (parts[k].off < at && (!nearest || parts[k].off > nearest->off))
			nearest = &parts[k];
	}
	if (!nearest)
		nearest = &parts[0];
	/* the figure it is held against: the part's nearest, said as the
	 * sentence says it */
	int compute = strstr(column, "fp") || strstr(column, "bf") || strstr(column, "tf") || !strcmp(column, "int8");
	const char *written = arena_strndup(au->a, s + at, f->len);
	struct quantity stated = f->q;
	memset(stated.kind, 0, sizeof stated.kind);
	/* the part's figures as the sentence may say them (one direction of
	 * a link, a sparse compute figure): one a slip explains first, else
	 * the nearest */
	struct quantity want = nearest->q[0];
	const char *hint = NULL;
	double best = INFINITY;
	for (size_t k = 0; k < nearest->n; k++)
		for (int x = 0; x < 2; x++) {
			double factor = x == 0 ? 1 : !strcmp(column, "nvlink") ? 0.5 : compute ? 2 : 0;
			if (!strcmp(column, "nvlink") && dir)
				factor = dir == 1 ? 0.5 : 1;
			if (compute && sparse)
				factor = sparse == 2 ? 2 : 1;
			if (factor <= 0 || (x == 1 && (dir || sparse)))
				continue;
			struct quantity q = nearest->q[k];
			interval_scale(q.v, factor, &q.v);
			interval_scale(q.nominal, factor, &q.nominal);
			memset(q.kind, 0, sizeof q.kind);
			if (!strcmp(column, "memory"))
				q = as_written(au, q);
			const char *h = slip_hint(au, &stated, &q, written);
			double off = fabs(log(interval_mid(f->q.v) / interval_mid(q.v)));
			if ((h && !hint) || ((!h == !hint) && off < best)) {
				want = q;
				hint = h;
				best = off;
			}
		}
	double ratio = interval_mid(f->q.v) / interval_mid(want.v);
	/* far off and no slip to explain it: some other figure of the part
	 * (a link's per-lane rate, a measurement); a size right beside the
	 * part's name (column_of()) is its memory however far off */
	int beside = !strcmp(column, "memory");
	if ((beside ? ratio > 20 || ratio < 0.05 : ratio > 1.4 || ratio < 0.7) && !hint)
		return 0;
	/* a figure of two digits (1.5 TB/s for 1.555) is rounded, not slipped */
	int digits = 0;
	for (const char *p = written; *p && (digit((unsigned char)*p) || *p == '.' || *p == ','); p++)
		digits += digit((unsigned char)*p);
	int rounded = hint && digits < 3 && strstr(hint, "1.024") && strcmp(column, "memory");
	if (rounded)
		hint = NULL;
	int near = !hint && ratio > 0.9 && ratio < 1.1;
	if (f->approx && !hint)
		return 1;   /* "~156 TFLOPS": an estimate, near enough */
	au->sum.cells_referenced++;
	au->sum.findings_reference++;
	const char *detail = arena_printf(au->a, "the reference data gives %s for the %s's %s%s\nsource: %s\n%s%s%s",
					  figure_text(au, &want), nearest->word, column,
					  !strcmp(column, "nvlink") ? (dir == 1 ? " (one direction)" : " (both directions)") : "",
					  nearest->source ? nearest->source : "(none)",
					  near ? "vendors publish several figures (SKUs, clocks, rounding): check which one is meant"
					       : arena_printf(au->a, "write %s, or cite the source of this figure", figure_text(au, &want)),
					  hint ? "\n" : "", hint ? hint : "");
	/* within 10% and no rounding of the reference: a warning that says
	 * vendors publish several figures (as reference_prose() does) */
	diag_report(rounded ? DIAG_NOTE : DIAG_WARNING, f->loc, f->width, detail, "%s for the %s's %s; reference data says %s",
		    written, arena_strndup(au->a, s + nearest->off, nearest->wl), column, figure_text(au, &want));
	return 1;
}

/* ---- a compute figure and the share of its part's peak it is ---- */

/* Words that say a percent is a share of the peak: MFU, utilisation. */
static const char *const use_words[] = { "mfu", "hfu", "util", "utilization", "utilisation", "efficiency",
					 "利用率", "峰值", "peak", "theoretical", NULL };

/* Is there a word of use_words within reach bytes after s[at] (or right
 * before it: "MFU of 72%", "利用率为 72%")? */
static int use_word_near(struct audit *au, const char *s, size_t len, size_t at, size_t flen)
{
	size_t e = at + flen, reach = e + 40 < len ? e + 40 : len;
	/* up to the clause's end: "(72% 的模型 FLOPs 利用率)" */
	for (size_t i = e; i < reach; i++)
		if (s[i] == ')' || s[i] == ',' || s[i] == ';' || starts(s, len, i, "）") || starts(s, len, i, "，") ||
		    starts(s, len, i, "。")) {
			reach = i;
			break;
		}
	size_t b = at > 24 ? at - 24 : 0;
	while (b > 0 && ((unsigned char)s[b] & 0xc0) == 0x80)
		b--;
	return words_any(name_words(au->a, s + e, reach - e), use_words) ||
	       words_any(name_words(au->a, s + b, at - b), use_words);
}

/* "达到了 A100 上的 225TFLops( 72%）": a percent alone in the parentheses
 * right after the figure a sentence says was reached is its share of the
 * peak (not a change: no sign, no word of growth). */
static int bare_share(struct audit *au, const char *text, const struct figure *f, const struct figure *g,
		      const char *s, size_t len)
{
	static const char *const reached[] = { "达到", "reaches", "reached", "achieves", "achieved", "achieving",
					       "hits", NULL };
	const char *a = text + f->off + f->len, *b = text + g->off, *e = b + g->len;
	while (a < b && *a == ' ')
		a++;
	if (*a == '(')
		a++;
	else if (!strncmp(a, "（", 3))
		a += 3;
	else
		return 0;
	while (a < b && *a == ' ')
		a++;
	while (*e == ' ')
		e++;
	if (a != b || !(*e == ')' || !strncmp(e, "）", 3)))
		return 0;
	return words_any(name_words(au->a, s, len), reached);
}

/* The compute or bandwidth figure of the sentence (figures figs[from..to),
 * text[soff..send)) and the percent beside it that says it is a share of
 * the peak: the percent, *fout the figure; NULL when there is none. */
static const struct figure *share_pair(struct audit *au, const char *text, size_t soff, size_t send,
				       const struct figure *figs, size_t from, size_t to, const struct figure **fout)
{
	const char *s = text + soff;
	size_t len = send - soff;
	struct dim flops, bw;
	if (!dim_of(au, "TFLOPS", &flops) || !dim_of(au, "GB/s", &bw))
		return NULL;
	/* the sentence's one compute (or bandwidth) figure */
	long fi = -1;
	for (size_t k = from; k < to; k++)
		if (figs[k].has_unit && (dim_equal(&figs[k].q.dim, &flops) || dim_equal(&figs[k].q.dim, &bw))) {
			if (fi >= 0)
				return NULL;   /* two: a share of them (relate.c), or a list */
			fi = (long)k;
		}
	if (fi < 0)
		return NULL;
	const struct figure *f = &figs[fi];
	if (f->range || f->q.v.lo <= 0 || (f->bound && !f->upper))
		return NULL;
	/* "BF16@A100 is [advertised as 312TFLOPS](…) so this gives us 25%
	 * MFU": the peak the share is of, not what was reached */
	if (said_spec_near(s, len, f->off - soff, f->len))
		return NULL;
	/* the percent right beside it ("225 TFLOPs/s（72% 的模型 FLOPs 利用率）",
	 * "740 TFLOPS on H100 (75% util)", "50% MFU (156 TFLOPS)"); one before
	 * it with no parenthesis between is a share of it ("57.7% of B200's
	 * 2250 TFLOPS peak": the figure is the peak) */
	for (long k = fi - 1; k <= fi + 1; k += 2) {
		if (k < (long)from || k >= (long)to)
			continue;
		const struct figure *g = &figs[k];
		if (!g->q.unit || strcmp(g->q.unit, "%") || g->bound || g->range || g->q.v.lo <= 0)
			continue;
		size_t a = k < fi ? g->off + g->len : f->off + f->len, b = k < fi ? f->off : g->off;
		if (b - a > 24)
			continue;
		if (k < fi && !memchr(text + a, '(', b - a) && !strstr(arena_strndup(au->a, text + a, b - a), "（"))
			continue;
		if (use_word_near(au, s, len, g->off - soff, g->len) || (k > fi && bare_share(au, text, f, g, s, len))) {
			*fout = f;
			return g;
		}
	}
	return NULL;
}

int said_in_share(struct audit *au, const char *text, size_t soff, size_t send, const struct figure *figs,
		  size_t from, size_t to, const struct figure *f)
{
	const struct figure *g = NULL;
	return share_pair(au, text, soff, send, figs, from, to, &g) && g == f;
}

void said_utilization(struct audit *au, const char *text, size_t soff, size_t send, const struct figure *figs,
		      size_t from, size_t to)
{
	if (!au->ref)
		return;
	const char *s = text + soff;
	size_t len = send - soff;
	const struct figure *f = NULL;
	const struct figure *pc = share_pair(au, text, soff, send, figs, from, to, &f);
	if (!pc)
		return;
	/* the part: one known part the sentence names */
	struct part parts[SAID_PARTS];
	const char *column = column_of(au, f, s, len, f->off - soff, NULL, NULL);
	size_t n = parts_in(au, s, 0, len, column ? column : "bf16", parts, SAID_PARTS);
	if (!n)
		return;
	for (size_t k = 1; k < n; k++)
		if (strcmp(parts[k].word, parts[0].word))
			return;   /* two parts: whose peak is not said */
	static const char *const systems[] = { "superchip", "nvl72", "nvl36", "dgx", "hgx", "node", "节点", "cluster",
					       "集群", NULL };
	if (words_any(name_words(au->a, s, len), systems))
		return;
	/* the peaks it may be a share of: the column the sentence names, else
	 * the half-precision one MFU is counted against (BF16, FP16), any that
	 * is at least the figure */
	static const char *const half[] = { "bf16", "fp16", NULL }, *const hbm[] = { "mem_bw", NULL };
	const char *const named[] = { column, NULL };
	const char *const *cols = column ? named : said_is_bandwidth(au, f) ? hbm : half;
	double stated = interval_mid(pc->q.v);
	double slack = 0.02 * (pc->approx || f->approx ? 3 : 1);
	struct quantity want = { 0 };
	const char *want_col = NULL, *source = NULL;
	for (size_t c = 0; cols[c]; c++) {
		struct quantity q[SAID_FIGURES];
		const char *src = NULL;
		size_t nq = reference_part_figures(au->ref, parts[0].word, parts[0].wl, cols[c], 0, q, SAID_FIGURES, &src);
		for (size_t k = 0; k < nq; k++) {
			double peak = interval_mid(q[k].v);
			if (peak <= 0)
				continue;
			double share = interval_mid(f->q.v) / peak;
			/* within the percent's digits, or the share's rounding */
			if ((share >= pc->q.v.lo - 0.005 && share <= pc->q.v.hi + 0.005) ||
			    fabs(share / stated - 1) <= slack)
				return;
			if (!want_col) {
				want = q[k];
				want_col = cols[c];
				source = src;
			}
		}
	}
	if (!want_col)
		return;
	au->sum.cells_referenced++;
	au->sum.findings_reference++;
	double share = interval_mid(f->q.v) / interval_mid(want.v);
	const char *pct = format_number(au->a, share * 100, share * 100 < 10 ? 1 : 0);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: %s\nthe reference data gives %s for the %s's %s (dense)\nsource: %s\n"
		"%s / %s = %s%%; write %s%%, or correct the figure",
		f->loc.file, f->loc.line, f->loc.col, figure_text(au, &f->q), figure_text(au, &want), parts[0].word,
		want_col, source ? source : "(none)", figure_text(au, &f->q), figure_text(au, &want), pct, pct);
	diag_report(DIAG_WARNING, pc->loc, pc->width, detail,
		    "%s of the %s's peak does not hold: %s is %s%% of its %s %s (reference data)",
		    arena_strndup(au->a, text + pc->off, pc->len), arena_strndup(au->a, s + parts[0].off, parts[0].wl),
		    figure_text(au, &f->q), pct, want_col, figure_text(au, &want));
}

int said_ridge(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw)
{
	if (!au->ref || f->has_unit || !dim_is_none(&f->q.dim) || f->range || f->bound || f->q.v.lo <= 1)
		return 0;
	/* "ops:byte ratio 是 208", "算术强度为 153", "a ridge point of 295" */
	static const char *const words[] = { "ops:byte", "ops/byte", "flops/byte", "flop/byte", "ops per byte",
					     "ridge point", "屋脊点", "算术强度", "计算强度", NULL };
	size_t from = at > 40 ? at - 40 : 0;
	int named = 0;
	for (size_t k = 0; words[k] && !named; k++)
		for (size_t i = from; i + strlen(words[k]) <= at && !named; i++)
			named = !audit_casecmp(s + i, words[k], strlen(words[k]));
	if (!named)
		return 0;
	struct literal lit;
	struct srcloc none = { "", 0, 0 };
	diag_mute(1);
	int rc = literal_parse(au->u, au->a, "1 FLOP/B", 8, none, LITERAL_UNIT, &lit);
	diag_mute(-1);
	if (rc != 1 || !lit.has_unit)
		return 0;
	struct figure g = *f;
	g.q.dim = lit.q.dim;
	g.q.unit = lit.q.unit;
	g.q.scale = lit.q.scale;
	interval_scale(f->q.v, lit.q.scale, &g.q.v);
	interval_scale(f->q.nominal, lit.q.scale, &g.q.nominal);
	g.has_unit = 1;
	return reference_prose(au, s, len, at, sw, &g);
}

/* ---- a figure a run reached, above its part's peak ---- */

/* Does s[0..len) count parts or name a group of them ("8x H100", "8 张",
 * "4 个 GPU", a node's, a cluster's total)? */
static int counts_parts(struct audit *au, const char *s, size_t len, const char *sw)
{
	static const char *const groups[] = { "superchip", "nvl72", "nvl36", "dgx", "hgx", "node", "nodes", "cluster",
					      "system", "server", "rack", "pod", "total", "aggregate", "gpus", "allreduce",
					      "all-reduce", "busbw", "algbw", "nccl", "节点", "集群", "服务器", "整机", "总",
					      "超级芯片", "gb200", "gb300", "gh200", "sram", "l1", "l2", NULL };
	if (words_any(sw, groups))
		return 1;
	/* a cache's (a KV cache is in HBM) */
	static const char *const caches[] = { " cache ", " 缓 存 ", NULL };
	for (size_t k = 0; caches[k]; k++)
		for (const char *p = strstr(sw, caches[k]); p; p = strstr(p + 1, caches[k]))
			if (!(p - sw >= 3 && !strncmp(p - 3, " kv", 3)))
				return 1;
	(void)au;
	for (size_t i = 0; i < len; i++) {
		if (!digit((unsigned char)s[i]) || (i + 1 < len && digit((unsigned char)s[i + 1])))
			continue;
		size_t b = i;   /* a number of its own, not a name's digits (MI300X) */
		while (b > 0 && (digit((unsigned char)s[b - 1]) || s[b - 1] == '.'))
			b--;
		if (b > 0 && (alpha((unsigned char)s[b - 1]) || s[b - 1] == '-'))
			continue;
		size_t e = i + 1;
		while (e < len && s[e] == ' ')
			e++;
		if ((e < len && (s[e] == 'x' || s[e] == 'X' || s[e] == '*') && !(e + 1 < len && alpha((unsigned char)s[e + 1]))) ||
		    starts(s, len, e, "×") || starts(s, len, e, "个") || starts(s, len, e, "张") || starts(s, len, e, "块") ||
		    starts(s, len, e, "台") || starts(s, len, e, "卡"))
			return 1;
	}
	return 0;
}

int said_above_peak(struct audit *au, const char *s, size_t len, size_t at, const struct figure *f, const char *sw)
{
	if (!au->ref || f->range || f->q.v.lo <= 0)
		return 0;
	/* the words around it (a sentence of thousands of figures is read in
	 * time linear in it) */
	size_t from, to;
	window(s, len, at, &from, &to);
	if (to - from < len) {
		s += from;
		len = to - from;
		at -= from;
		sw = name_words(au->a, s, len);
	}
	if (!words_any(sw, run_words))
		return 0;
	int kind = said_kind_of(au, f);
	if ((kind != 'c' && kind != 'b') || counts_parts(au, s, len, sw))
		return 0;
	/* the column its words name (a bandwidth's); a compute figure is held
	 * against the most the part does of any type, sparse (which type the
	 * figure is of is not sure: "FP16、BF16 matmul … 312 TFLOPs/s，而非
	 * matmul 的 FP32 只有 19.5") */
	const char *column = kind == 'b' ? column_of(au, f, s, len, at, sw, NULL) : NULL;
	if ((kind == 'b' && !column) || said_spec_near(s, len, at, f->len))
		return 0;
	static const char *const compute[] = { "fp64", "fp64_tc", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4",
					       "int8", NULL };
	const char *const one[] = { column, NULL };
	const char *const *cols = column ? one : compute;
	/* one part, named in the sentence */
	struct part parts[SAID_PARTS];
	size_t n = parts_in(au, s, 0, len, cols[0], parts, SAID_PARTS);
	if (!n)
		return 0;
	for (size_t k = 1; k < n; k++)
		if (strcmp(parts[k].word, parts[0].word))
			return 0;
	double peak = 0;
	const char *peak_col = NULL, *source = NULL;
	struct quantity peak_q = { 0 };
	for (size_t c = 0; cols[c]; c++) {
		struct quantity q[SAID_FIGURES];
		const char *src = NULL;
		size_t nq = reference_part_figures(au->ref, parts[0].word, parts[0].wl, cols[c], 0, q, SAID_FIGURES, &src);
		int sparse = strcmp(cols[c], "nvlink") && strcmp(cols[c], "mem_bw") && strncmp(cols[c], "fp64", 4);
		for (size_t k = 0; k < nq; k++) {
			if (!dim_equal(&q[k].dim, &f->q.dim))
				continue;
			double v = interval_mid(q[k].v) * (sparse ? 2 : 1);
			if (v > peak) {
				peak = v;
				peak_q = q[k];
				interval_scale(q[k].v, sparse ? 2 : 1, &peak_q.v);
				interval_scale(q[k].nominal, sparse ? 2 : 1, &peak_q.nominal);
				peak_col = cols[c];
				source = src;
			}
		}
	}
	/* a part the reference has no figure of the kind for, or a figure at
	 * most the peak (a run's share of it; vendors round) */
	if (!peak_col || interval_mid(f->q.v) <= peak * 1.02)
		return 0;
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &peak_q, written);
	au->sum.cells_referenced++;
	au->sum.findings_reference++;
	const char *detail = arena_printf(au->a,
					  "the reference data gives %s for the %s's %s%s, the most any of its forms does\n"
					  "source: %s\na run cannot reach more than its part's peak: check the figure, or "
					  "which part it was measured on%s%s",
					  figure_text(au, &peak_q), parts[0].word, peak_col,
					  column || !strcmp(peak_col, "fp64") ? "" : " (sparse)", source ? source : "(none)",
					  hint ? "\n" : "", hint ? hint : "");
	diag_report(DIAG_WARNING, f->loc, f->width, detail,
		    "%s is more than the %s's peak (%s %s in the reference data)", written,
		    arena_strndup(au->a, s + parts[0].off, parts[0].wl), peak_col, figure_text(au, &peak_q));
	return 1;
}
