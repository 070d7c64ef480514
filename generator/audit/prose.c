/*
 * prose.c — the figures of prose (issue 37, parts 3 and 5).
 *
 * A figure with a unit is tied to a table's cell when its sentence names
 * the row (its model word, `H100`, and every other word of its key the
 * sentence has: `H100 PCIe` is not the SXM row) and a column (the words of
 * its name, `BF16`, `memory bandwidth`, the one nearest the figure) of
 * its dimension: the two must agree within their digits, or the book
 * contradicts itself (an error).
 *
 * A comparison (`2.46×`, `3 倍`, `3 times`, `50% faster`, `提升 50%`,
 * `30% less`) is judged on the two figures of one dimension its sentence
 * states: their ratio must fall within the stated digits (widened by the
 * book's tolerance, three times that when written "about"), or it is an
 * error that says the ratio they give and the slip that explains it
 * (1.06 = 2048/1935: 2 TB read as 2048 GB).
 */
#include "audit/prose.h"
#include "audit/caption.h"
#include "audit/reference.h"
#include "audit/relate.h"
#include "audit/arith.h"
#include "audit/said.h"
#include "audit/versus.h"
#include "audit/cells.h"
#include "audit/named.h"
#include "audit/parts.h"
#include "audit/table.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "numbers/format.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Figures read from one block of prose: a longer block is a list of
 * figures, and the rest of it is not compared. */
#define PROSE_FIGURES 256

/* The rows whose model word the words names (" a b c ") has, up to max,
 * into out; returns how many. */
static size_t rows_named(const struct audit *au, const char *names, size_t *out, size_t max)
{
	size_t n = 0;
	if (!au->nby_model)
		return 0;
	for (const char *w = names + 1; *w && n < max;) {
		const char *e = strchr(w, ' ');
		if (!e)
			break;
		int digit = 0, alpha = 0;
		for (const char *p = w; p < e; p++) {
			digit |= *p >= '0' && *p <= '9';
			alpha |= *p >= 'a' && *p <= 'z';
		}
		if (digit && alpha && e - w >= 3 && e - w < 60) {
			char model[64];
			snprintf(model, sizeof model, " %.*s ", (int)(e - w), w);
			int seen = 0;
			for (size_t k = 0; k < n && !seen; k++)
				seen = !strcmp(au->named[out[k]].model, model);
			if (!seen)
				n += named_rows_of_model(au, model, out + n, max - n);
		}
		w = e + 1;
	}
	return n;
}

/* Is w[0..n) a period or a data type, not a part: a fiscal year or a
 * quarter ("fy2026", "fy26", "q3", "h1"; not "h100"), "fp16", "int8"? */
static int period_word(const char *w, size_t n)
{
	static const struct {
		const char *prefix;
		size_t digits_min, digits_max;
	} periods[] = { { "fy", 2, 4 }, { "cy", 2, 4 }, { "fq", 1, 1 }, { "q", 1, 1 }, { "h", 1, 1 },
			/* data types name no thing either: a row keyed `FP16`
			 * or `INT8` is its own chapter's model's ("| FP16 | 18 GB |"),
			 * never a sentence's elsewhere ("~2 GB (FP16)") */
			{ "fp", 1, 2 }, { "bf", 2, 2 }, { "int", 1, 2 }, { "tf", 2, 2 }, { "uint", 1, 2 },
			{ "mxfp", 1, 1 }, { "nvfp", 1, 1 }, { "e4m", 1, 1 }, { "e5m", 1, 1 } };
	for (size_t k = 0; k < sizeof periods / sizeof periods[0]; k++) {
		size_t pl = strlen(periods[k].prefix);
		if (n <= pl || strncmp(w, periods[k].prefix, pl))
			continue;
		size_t i = pl;
		while (i < n && w[i] >= '0' && w[i] <= '9')
			i++;
		if (i == n && n - pl >= periods[k].digits_min && n - pl <= periods[k].digits_max)
			return 1;
	}
	return 0;
}

/* Is w[0..len) a word of at least min lowercase letters (no digit, no Han)? */
static int letters_word(const char *w, size_t len, size_t min)
{
	if (len < min)
		return 0;
	for (size_t k = 0; k < len; k++)
		if (w[k] < 'a' || w[k] > 'z')
			return 0;
	return 1;
}

/* Do the words a (a row's key, a column's name) name a data type and the
 * sentence's words sw another, none of a's ("H800 BF16 算力 ~990 TFLOPS"
 * is not the row 'H800 FP8 峰值'; "- FP8: 3,958 TFLOPS" not the column
 * 'Compute (TFLOPS FP16)')? */
static int dtype_clash(const char *a, const char *sw)
{
	static const char *const types[] = { "fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "fp6", "fp4", "int8", "int4",
					     NULL };
	int in_a = 0, in_s = 0, both = 0;
	for (size_t k = 0; types[k]; k++) {
		int x = words_have(a, types[k], strlen(types[k])), y = words_have(sw, types[k], strlen(types[k]));
		in_a |= x;
		in_s |= y;
		both |= x && y;
	}
	return in_a && in_s && !both;
}

/* Does the sentence (words sw) contradict row r of table tb by a text
 * cell: a word another row has in that column, which this row's cell
 * lacks ("For Cosmos3-Nano DP4 …" is not the row "Super (124 GB) | DP4"),
 * or a data type its key names (dtype_clash())? */
static int contradicted(struct audit *au, const char *sw, const struct atable *tb, size_t r)
{
	if (tb->key >= 0) {
		const char *k = table_cell(tb, r, (size_t)tb->key)->plain;
		if (k && dtype_clash(name_words(au->a, k, strlen(k)), sw))
			return 1;
	}
	if (tb->nrows > 64)
		return 0;
	for (size_t c = 0; c < tb->ncols; c++) {
		if ((long)c == tb->key)
			continue;
		const char *own = table_cell(tb, r, c)->plain;
		if (!own || !*own)
			continue;
		const char *ow = name_words(au->a, own, strlen(own));
		/* a memory type the sentence names that the row's is not ("A100-SXM
		 * 配备了1.6TBps的HBM2": the 40 GB part, not a row of HBM2e) */
		int types = 0, same = 0;
		for (const char *p = strstr(sw, " hbm"); p && strstr(ow, " hbm"); p = strstr(p + 1, " hbm")) {
			const char *e = strchr(p + 1, ' ');
			size_t wl = e ? (size_t)(e - p - 1) : 0;
			if (wl > 3) {
				types++;
				same |= words_have(ow, p + 1, wl);
			}
		}
		if (types && !same)
			return 1;   /* "96GiB HBM3 or 144GiB HBM3e": one of them may be the row's */
		for (size_t r2 = 0; r2 < tb->nrows; r2++) {
			const char *other = table_cell(tb, r2, c)->plain;
			if (r2 == r || !other || !*other)
				continue;
			const char *xw = name_words(au->a, other, strlen(other));
			for (const char *w = xw + 1; *w;) {
				const char *e = strchr(w, ' ');
				if (!e)
					break;
				size_t wl = (size_t)(e - w);
				/* a word, not a Han character alone */
				if (letters_word(w, wl, 3) && words_have(sw, w, wl) && !words_have(ow, w, wl))
					return 1;
				w = e + 1;
			}
		}
	}
	return 0;
}

/* Builds au->named: every keyed row of every table with its words. */
static void index_rows(struct audit *au)
{
	au->indexed = 1;
	size_t n = 0;
	for (size_t t = 0; t < au->ntables; t++)
		if (au->tables[t].key >= 0)
			n += au->tables[t].nrows;
	if (!n)
		return;
	au->named = arena_array(au->a, n, sizeof(struct named_row));
	for (size_t t = 0; t < au->ntables; t++) {
		struct atable *tb = &au->tables[t];
		if (tb->key < 0)
			continue;
		for (size_t r = 0; r < tb->nrows; r++) {
			const char *k = table_cell(tb, r, (size_t)tb->key)->plain;
			struct named_row *nr = &au->named[au->nnamed++];
			const char *norm = name_normalise(au->a, k, strlen(k));   /* sxm5 as sxm */
			nr->words = name_words(au->a, norm, strlen(norm));
			nr->model = NULL;
			nr->table = t;
			nr->row = r;
			/* the model word: letters and digits both ("h100", "mi300x") */
			for (const char *w = nr->words + 1; *w;) {
				const char *e = strchr(w, ' ');
				if (!e)
					break;
				int digit = 0, alpha = 0;
				for (const char *p = w; p < e; p++) {
					if (*p >= '0' && *p <= '9')
						digit = 1;
					else if (*p >= 'a' && *p <= 'z')
						alpha = 1;
				}
				if (digit && alpha && e - w >= 3 && !period_word(w, (size_t)(e - w))) {
					nr->model = arena_printf(au->a, " %.*s ", (int)(e - w), w);
					break;
				}
				w = e + 1;
			}
		}
	}
	named_index(au);
}

/* Words after a model word that make it another part than a row whose key
 * lacks them. */
static const char *const variant_words[] = {
	"sxm", "sxm4", "sxm5", "pcie", "nvl", "nvl72", "nvl2", "oam", "ultra", "max", "pro", "ti",
	"super", "plus", "lite", "mini", "cnx", "nvl4", NULL,
};

/* Does the sentence (words sw) name row nr?  2: every word of its key;
 * 1: its model word, with no variant word after it the key lacks; 0: no. */
static int names_row(const char *sw, const struct named_row *nr)
{
	if (!nr->model || !strstr(sw, nr->model))
		return 0;
	int all = 1;
	for (const char *w = nr->words + 1; *w;) {
		const char *e = strchr(w, ' ');
		if (!e)
			break;
		if (!words_have(sw, w, (size_t)(e - w)))
			all = 0;
		w = e + 1;
	}
	if (all)
		return 2;
	const char *after = strstr(sw, nr->model) + strlen(nr->model);
	for (size_t k = 0; variant_words[k]; k++) {
		size_t vl = strlen(variant_words[k]);
		if (!strncmp(after, variant_words[k], vl) && after[vl] == ' ') {
			if (!words_have(nr->words, variant_words[k], vl))
				return 0;
		}
	}
	/* "80gb" after the model word: a memory variant */
	const char *p = after;
	while (*p >= '0' && *p <= '9')
		p++;
	if (p > after && p[0] == 'g' && p[1] == 'b' && p[2] == ' ') {
		if (!words_have(nr->words, after, (size_t)(p + 2 - after)))
			return 0;
	}
	return 1;
}

/* How far (bytes) the nearest word of name stands from off in the
 * sentence s[0..len) (ASCII case aside); (size_t)-1 when it is not in it. */
static size_t distance(const char *s, size_t len, size_t off, const char *name)
{
	size_t best = (size_t)-1;
	for (const char *w = name; *w;) {
		const char *e = strchr(w, ' ');
		size_t wl = e ? (size_t)(e - w) : strlen(w);
		for (size_t i = 0; i + wl <= len; i++)
			if (!audit_casecmp(s + i, w, wl)) {
				/* a name before the figure says what it is ("A100 的
				 * BF16 算力为 312 TFLOPS"); one after it, less */
				size_t d = i > off ? i - off + 100000 : off - i;
				if (d < best)
					best = d;
			}
		if (!e)
			break;
		w = e + 1;
	}
	return best;
}

static int is_unit(const struct figure *f, const char *u)
{
	return f->q.unit && !strcmp(f->q.unit, u);
}

/* A figure a ratio is taken of: a quantity with a unit that is no ratio itself. */
static int is_amount(const struct figure *f)
{
	return f->has_unit && !dim_is_none(&f->q.dim) && !f->range && f->q.v.lo > 0;
}

/* Words of links and networks: a figure in a sentence that has one is a
 * link's rate, tied only to a column that says so too. */
static int says_link(const char *words, const char *key)
{
	/* NVLink3, NVLink4: the generation glued on */
	for (const char *p = strstr(words, " nvlink"); p; p = strstr(p + 1, " nvlink"))
		if (p[7] >= '2' && p[7] <= '9' && p[8] == ' ' && !(key && strstr(key, " nvlink")))
			return 1;
	static const char *const link[] = { " link ", " links ", " interconnect ", " nvlink ", " ici ",
		" pcie ", " network ", " ethernet ", " infiniband ", " ib ", " efa ", " ub ", " roce ",
		" chip ", " scale ", " inter ", " intra ", " duplex ", " 互 ", " 网 ", NULL };
	for (size_t k = 0; link[k]; k++) {
		if (key && strstr(key, link[k]))
			continue;
		for (const char *p = strstr(words, link[k]); p; p = strstr(p + 1, link[k])) {
			/* after a model word it names a part ("H100 PCIe"), not a link */
			/* p is the space before the link word; the word before ends there */
			if (p > words) {
				const char *e = p, *b = e;
				while (b > words && b[-1] != ' ')
					b--;
				int digit = 0, alpha = 0;
				for (const char *q = b; q < e; q++) {
					digit |= *q >= '0' && *q <= '9';
					alpha |= *q >= 'a' && *q <= 'z';
				}
				if (digit && alpha)
					continue;
			}
			return 1;
		}
	}
	return 0;
}

/* Is a word naming some part (letters then digits: h200, mi350x, gen5)
 * nearer to the figure at s[at..at+len) than d bytes?  Data types
 * (fp16, bf16, int8, tf32) name columns, not parts. */
static int other_part_nearer(const char *s, size_t slen, size_t at, size_t len, size_t d)
{
	for (size_t i = 0; i < slen;) {
		unsigned char c = (unsigned char)s[i];
		int alpha = (c | 32) >= 'a' && (c | 32) <= 'z';
		if (!alpha || (i > 0 && (((unsigned char)s[i - 1] | 32) >= 'a' && ((unsigned char)s[i - 1] | 32) <= 'z'))) {
			i++;
			continue;
		}
		size_t w = i;
		int digit = 0;
		while (i < slen && ((((unsigned char)s[i] | 32) >= 'a' && ((unsigned char)s[i] | 32) <= 'z') ||
				    (s[i] >= '0' && s[i] <= '9'))) {
			if (s[i] >= '0' && s[i] <= '9')
				digit = 1;
			i++;
		}
		if (!digit || (w >= at && w < at + len))
			continue;
		static const char *const dtypes[] = { "fp", "bf", "int", "tf", "e4m", "e5m", "mxfp", "nvfp", "uint",
						      "hbm", "gddr", "lpddr", "ddr", "nvlink", "pcie", "gen", NULL };
		int dtype = 0;
		for (size_t k = 0; dtypes[k]; k++)
			if (!audit_casecmp(s + w, dtypes[k], strlen(dtypes[k])) && s[w + strlen(dtypes[k])] >= '0' &&
			    s[w + strlen(dtypes[k])] <= '9')
				dtype = 1;
		if (dtype)
			continue;
		size_t dist = w > at ? w - at : at - w;
		if (dist < d)
			return 1;
	}
	return 0;
}

/* A cell a figure of prose may be about. */
struct candidate {
	const struct atable *t;
	size_t row, col;
	size_t model_d, name_d;    /* how far the row's model word and the column's name stand */
	size_t key_d;              /* how far all its key's words stand (key_distance()) */
};

static int tie_table(struct audit *au, const char *s, size_t slen, size_t soff, const char *sw,
		     const char *hw, struct figure *f, const struct figure *sib, size_t nsib);

/* Do the words w (name_words() form) say a node's or system's figure
 * (not_chip), or one achieved (achieved, unless spec)?  "intra-node" and
 * "inter-node" are links, no node. */
static int blocked_words(struct audit *au, const char *w, const char *const *not_chip, const char *const *achieved,
			 int spec)
{
	if (strstr(w, " intra node ") || strstr(w, " inter node ")) {
		char *c = arena_strndup(au->a, w, strlen(w));
		for (char *p = strstr(c, " intra node "); p; p = strstr(p, " intra node "))
			memcpy(p, " intra-node ", 12);
		for (char *p = strstr(c, " inter node "); p; p = strstr(p, " inter node "))
			memcpy(p, " inter-node ", 12);
		w = c;
	}
	/* "节点内速度" is intra-node, a link's, no node's */
	if (strstr(w, " 节 点 内 ") || strstr(w, " 节 点 间 ")) {
		char *c = arena_array(au->a, strlen(w) + 1, 1), *o = c;
		for (const char *p = w; *p;) {
			if (!strncmp(p, " 节 点 内 ", 13) || !strncmp(p, " 节 点 间 ", 13)) {
				/* " intra-node " is no longer than the 13 bytes it stands for */
				int intra = !strncmp(p + 9, "内", 3);
				memcpy(o, intra ? " intra-node" : " inter-node", 11);
				o += 11;
				p += 12;   /* the space after 内 or 间 stays */
				continue;
			}
			*o++ = *p++;
		}
		*o = '\0';
		w = c;
	}
	for (size_t k = 0; not_chip[k]; k++)
		if (strstr(w, not_chip[k]))
			return 1;
	for (size_t k = 0; achieved[k] && !spec; k++)
		if (strstr(w, achieved[k]))
			return 1;
	return 0;
}

/* The words a figure at s[at] is read with: its sentence's, but for a
 * later clause that holds an amount of its own (what "其 Total Aggregate
 * Bandwidth 最多为 4.8 TB/s" says is about its 4.8 TB/s, not about "A100
 * 的互连速度最多为 600 GB/s" before it); sw when that is all of them. */
static const char *words_for(struct audit *au, const char *s, size_t slen, size_t at, const struct figure *sib,
			     size_t nsib, size_t soff, const char *sw)
{
	size_t upto = said_clause_end(s, slen, at);
	if (upto >= slen)
		return sw;
	char *keep = arena_array(au->a, slen + 1, 1);
	memcpy(keep, s, upto);
	size_t n = upto, dropped = 0;
	for (size_t pos = upto; pos < slen;) {
		size_t next = said_clause_end(s, slen, pos + 1);
		if (next <= pos)
			next = slen;
		int own = 0;
		for (size_t k = 0; k < nsib && !own; k++)
			own = sib[k].off - soff >= pos && sib[k].off - soff < next && is_amount(&sib[k]);
		if (own) {
			dropped = 1;
		} else {
			memcpy(keep + n, s + pos, next - pos);
			n += next - pos;
		}
		pos = next;
	}
	return dropped ? name_words(au->a, keep, n) : sw;
}

/* Does the word list sw name some part: a word of letters and digits
 * that is no data type, memory or link ("h100", "mi300x"; not "bf16",
 * "hbm3", "nvlink4")? */
static int names_a_part(const char *sw)
{
	static const char *const not_parts[] = { "fp", "bf", "int", "tf", "hbm", "gddr", "ddr", "nvlink", "pcie",
						  "gen", "e4m", "e5m", "mxfp", "nvfp", NULL };
	for (const char *w = sw + 1; *w;) {
		const char *e = strchr(w, ' ');
		if (!e)
			break;
		int digit = 0, alpha = 0;
		for (const char *p = w; p < e; p++) {
			digit |= *p >= '0' && *p <= '9';
			alpha |= *p >= 'a' && *p <= 'z';
		}
		int other = 0;
		for (size_t k = 0; not_parts[k] && !other; k++)
			other = !strncmp(w, not_parts[k], strlen(not_parts[k]));
		if (digit && alpha && e - w >= 3 && !other)
			return 1;
		w = e + 1;
	}
	return 0;
}

static size_t clause_start(const char *s, size_t at);
static size_t clause_end(const char *s, size_t len, size_t at);

/* Is s[i..) a model word (a letter, then two digits: V100, H800)? */
static int model_at(const char *s, size_t len, size_t i)
{
	return i + 2 < len && isalpha((unsigned char)s[i]) && isdigit((unsigned char)s[i + 1]) &&
	       isdigit((unsigned char)s[i + 2]) && (i == 0 || !isalnum((unsigned char)s[i - 1]));
}

/* Is the figure at s[at] no statement of one part's: a difference
 * ("64GB more HBM and 0.7TB/s higher bandwidth than MI300x"), a figure
 * of a superchip's clause (a GB200 is two GPUs: "GB200 更是达到了惊人的
 * 384GB HBM 和 16TB/s 带宽"), or of a sentence that counts parts ("16 个
 * 全连接的 Tesla V100 GPU 核心，构成 … 512 GB HBM2 显存", "8x H100")? */
static int not_one_part(struct audit *au, const char *s, size_t slen, size_t at, const struct figure *f)
{
	size_t e = at + f->len, ce = clause_end(s, slen, at);
	while (e < slen && (s[e] == ' ' || s[e] == '*'))
		e++;
	static const char *const more[] = { "more ", "higher ", "lower ", "less ", "faster ", "slower ", "larger ",
					    "smaller ", "greater ", "bigger ", "extra ", NULL };
	for (size_t k = 0; more[k]; k++)
		if (e + strlen(more[k]) <= slen && !audit_casecmp(s + e, more[k], strlen(more[k])))
			for (size_t i = e; i + 5 <= ce; i++)
				if (!audit_casecmp(s + i, " than", 5))
					return 1;
	/* "500W TDP and 560W peak TBP": AMD's TBP is what the reference
	 * gives as TDP; the TDP beside it is another figure */
	if (e + 3 <= slen && !audit_casecmp(s + e, "tdp", 3))
		for (size_t i = 0; i + 3 <= slen; i++)
			if (!audit_casecmp(s + i, "tbp", 3))
				return 1;
	static const char *const diff_before[] = { "高出", "多出", NULL };
	for (size_t k = 0; diff_before[k]; k++) {
		size_t b = at;
		while (b > 0 && s[b - 1] == ' ')
			b--;
		if (b >= 6 && !memcmp(s + b - 6, diff_before[k], 6))
			return 1;
	}
	/* "A single H100 server requires ~12 kW", "Power per H100 GPU slot:
	 * ~1.25 kW (including share of CPU, networking, cooling overhead)" */
	static const char *const not_chip_power[] = { " server ", " servers ", " slot ", " rack ", " node ", " including ",
						      " overhead ", " cooling ", " 服 务 器 ", " 整 机 ", NULL };
	if (said_kind_of(au, f) == 'p') {
		const char *w = name_words(au->a, s, slen);
		for (size_t k = 0; not_chip_power[k]; k++)
			if (strstr(w, not_chip_power[k]))
				return 1;
	}
	const char *cw = name_words(au->a, s + clause_start(s, at), ce - clause_start(s, at));
	if (strstr(cw, " gb200 ") || strstr(cw, " gb300 ") || strstr(cw, " nvl72 "))
		return 1;
	/* "20.8 petaFLOPS FP8 (16-chip instance)", "(8-GPU node)": a group's */
	size_t gf = at > 300 ? at - 300 : 0, gt = at + 300 < slen ? at + 300 : slen;
	static const char *const group[] = { "-chip", " chips", "-gpu", " gpus", "-way", NULL };
	for (size_t i = gf; i < gt; i++) {
		if (!isdigit((unsigned char)s[i]) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')))
			continue;
		size_t d = i;
		while (d < gt && isdigit((unsigned char)s[d]))
			d++;
		for (size_t k = 0; group[k] && atoi(s + i) >= 2; k++)
			if (d + strlen(group[k]) <= slen && !audit_casecmp(s + d, group[k], strlen(group[k])) &&
			    !(d + strlen(group[k]) < slen && isalnum((unsigned char)s[d + strlen(group[k])])))
				return 1;
		i = d;
	}
	/* a count of parts before it: a number of its own, a counter, a
	 * model word or GPU within a few words ("…，但如果是配备 NVSwitch 的
	 * 8 卡 A100，其…" after it is another statement's) */
	for (size_t i = at > 300 ? at - 300 : 0; i < at; i++) {
		if (!isdigit((unsigned char)s[i]) || (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.')))
			continue;
		size_t d = i;
		while (d < slen && isdigit((unsigned char)s[d]))
			d++;
		if (atoi(s + i) < 2 || (d < slen && s[d] == '.'))
			continue;
		size_t c = d;
		while (c < slen && s[c] == ' ')
			c++;
		static const char *const counters[] = { "x ", "X ", "×", "个", "张", "块", "台", "颗", "卡", NULL };
		size_t cl = 0;
		for (size_t k = 0; counters[k] && !cl; k++)
			if (c + strlen(counters[k]) <= slen && !memcmp(s + c, counters[k], strlen(counters[k])))
				cl = strlen(counters[k]);
		if (!cl)
			continue;
		/* the parts counted, the last named before the figure ("16张
		 * A100-40GB(A100-40GB 内存带宽为 3.10TB/s)": one of them, named
		 * again, has the figure) */
		for (size_t j = c + cl; j < at && j < c + cl + 32; j++)
			if (model_at(s, slen, j) || (j + 3 <= slen && !audit_casecmp(s + j, "gpu", 3))) {
				size_t k = j + 3;
				while (k < at && !model_at(s, slen, k))
					k++;
				if (k >= at)
					return 1;
				break;
			}
	}
	return 0;
}

/* "每个 GPU 有 108个 SMs，一个 40MB 的 L2 cache，高达 2039GB/s 的带宽，从
 * 80G 的 HBM2 DRAM 里取数据": every cache the sentence names is in a
 * clause of its own figure, and the figure's clause or one after it
 * names the HBM (DRAM, 显存) whose bandwidth it is. */
static int cache_elsewhere(struct audit *au, const char *s, size_t slen, size_t soff, const struct figure *f,
			   const struct figure *sib, size_t nsib)
{
	size_t at = f->off - soff, fs = clause_start(s, at), fe = clause_end(s, slen, at);
	const char *after = name_words(au->a, s + fs, slen - fs);
	if (!strstr(after, " hbm") && !strstr(after, " dram ") && !strstr(after, " 显 存 "))
		return 0;
	static const char *const marks[] = { "cache", "l1", "l2", "sram", "缓存", "片上", NULL };
	for (size_t k = 0; marks[k]; k++) {
		size_t ml = strlen(marks[k]);
		for (size_t i = 0; i + ml <= slen; i++) {
			if (audit_casecmp(s + i, marks[k], ml) ||
			    ((unsigned char)marks[k][0] < 0x80 && ((i > 0 && isalnum((unsigned char)s[i - 1])) ||
								   (i + ml < slen && isalnum((unsigned char)s[i + ml])))))
				continue;
			if (i >= fs && i < fe)
				return 0;
			size_t cs = clause_start(s, i), ce = clause_end(s, slen, i);
			int own = 0;
			for (size_t j = 0; j < nsib && !own; j++)
				own = sib[j].off != f->off && sib[j].off - soff >= cs && sib[j].off - soff < ce && is_amount(&sib[j]);
			if (!own)
				return 0;
		}
	}
	return 1;
}

static void tie(struct audit *au, const char *s, size_t slen, size_t soff, const char *sw,
		const char *hw, const char *prev, size_t prev_len, const char *prev_sw, struct figure *f,
		const struct figure *sib, size_t nsib)
{
	/* "up to 900 GB/s", "draws at most 700 W": vendors write their
	 * figures so; another bound is none */
	if (!is_amount(f) || (f->bound && !f->upper))
		return;
	au->sum.prose_figures++;
	/* what a run reached, above its part's peak */
	if (said_above_peak(au, s, slen, f->off - soff, f, sw))
		return;
	/* "advertised as 312TFLOPS", "the 450GBps unidirectional spec": a
	 * vendor's figure, whatever else the sentence measures */
	int spec = said_spec_near(s, slen, f->off - soff, f->len);
	/* a measurement is no statement of a part's figure, nor is a figure
	 * the sentence says is wrong or old */
	static const char *const measured[] = { " measured ", " measure ", " achieved ", " achieve ",
		 " reach ", " reaches ", " reached ", " got ", " getting ", " reported ", " reports ", " observed ", " benchmark ", " benchmarks ", " 实 测 ",
		" 测 得 ", " 跑 出 ", " 跑 到 ", " 实 际 ", " superseding ", " supersedes ", " previously ",
		" wrong ", " incorrect ", " erroneous ", " mistakenly ", " 误 ", " 错 误 ", NULL };
	for (size_t k = 0; measured[k] && !spec; k++)
		if (strstr(sw, measured[k]))
			return;
	/* on-chip memories ("L2 Cache，在A100-80GB上为80MB，带宽可达20TB/s"):
	 * no figure of the part's memory, in a table or the reference */
	static const char *const on_chip[] = { " cache ", " l1 ", " l2 ", " sram ", " 缓 存 ", " 片 上 ", NULL };
	const char *upto = words_for(au, s, slen, f->off - soff, sib, nsib, soff, sw);
	for (size_t k = 0; on_chip[k]; k++)
		for (const char *p = strstr(upto, on_chip[k]); p; p = strstr(p + 1, on_chip[k]))
			if (!(k == 0 && p - upto >= 3 && !strncmp(p - 3, " kv", 3)) &&   /* a KV cache is in HBM */
			    !cache_elsewhere(au, s, slen, soff, f, sib, nsib))
				return;
	/* "内存为141GB，而不是80GB": what follows "rather than" is the figure
	 * not meant; the one before it is stated */
	static const char *const instead[] = { "instead", "rather", "而不是", NULL };
	for (size_t k = 0; instead[k]; k++) {
		size_t wl = strlen(instead[k]);
		for (size_t i = 0; i + wl <= f->off - soff; i++)
			if (!audit_casecmp(s + i, instead[k], wl))
				return;
	}
	/* "(192 GB vs 80 GB)", "(80GB/40GB)": the figures of a comparison, in
	 * the order of parts named before; which is whose is not said here
	 * (it is when the part's name follows the figure: "(1400 W H100 SXM
	 * vs 300–350 W PCIe)") */
	size_t fe = f->off - soff + f->len;
	while (fe < slen && s[fe] == ' ')
		fe++;
	for (size_t i = f->off - soff; !model_at(s, slen, fe) && i > 0 && f->off - soff - i < 48; i--) {
		if (s[i - 1] == ')' || (i >= 3 && !memcmp(s + i - 3, "）", 3)))
			break;
		if (s[i - 1] == '(' || (i >= 3 && !memcmp(s + i - 3, "（", 3))) {
			for (size_t k = i; k < slen && s[k] != ')' && k < i + 64; k++)
				if ((k + 3 <= slen && !audit_casecmp(s + k, " vs", 3)) ||
				    (s[k] == '/' && k + 1 < slen && s[k + 1] >= '0' && s[k + 1] <= '9') || (k + 6 <= slen && !memcmp(s + k, "对比", 6)))
					return;
			break;
		}
	}
	/* what a formula gives ("18 at 53.125GBps = 956.25GBps") is no
	 * part's figure */
	size_t b = f->off - soff;
	while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`' || s[b - 1] == '~'))
		b--;
	/* (not "H100 = 80 GB": a part's name before it) */
	size_t nb = b > 0 ? b - 1 : 0;
	while (nb > 0 && s[nb - 1] == ' ')
		nb--;
	size_t ns = nb;
	while (ns > 0 && isalnum((unsigned char)s[ns - 1]))
		ns--;
	if (b > 0 && s[b - 1] == '=' && !(nb > ns && model_at(s, slen, ns)))
		return;
	/* a sentence with no word of what its rate is, after one about links
	 * ("…实现 NVLink 的连接。A100是600GB/s、H100是900GB/s"): a link's rate */
	const char *tw = sw;
	if (prev_sw && !says_link(sw, NULL) && says_link(prev_sw, NULL) && !strstr(sw, " memory ") &&
	    !strstr(sw, " hbm ") && !strstr(sw, " 显 存 ")) {
		int rate = 0;
		for (int d = 0; d < DIM_MAX; d++)
			rate |= f->q.dim.e[d] < 0;
		if (rate)
			tw = arena_printf(au->a, "%slink ", sw);
	}
	/* "FP16 达 740 TFLOPs/s（75% 峰值），FP8 接近 1.2 PFLOPs/s": a sentence
	 * of shares of the peak tells of a run (said_utilization() judges a
	 * share), not of a part's figure */
	int share = 0;
	for (size_t k = 0; k < nsib && !share; k++)
		share = is_unit(&sib[k], "%");
	share = share && !spec && (strstr(sw, " 峰 值 ") || strstr(sw, " peak ") || strstr(sw, " mfu ") ||
			  strstr(sw, " utilization ") || strstr(sw, " 利 用 率 "));
	if (share || tie_table(au, s, slen, soff, tw, hw, f, sib, nsib))
		return;
	if (not_one_part(au, s, slen, f->off - soff, f))
		return;
	/* a chip's reference figure is not a node's, nor what a run achieves
	 * (unless the figure is said to be the spec: "advertised as") */
	static const char *const not_chip[] = { " hgx ", " dgx ", " node ", " nodes ", " platform ",
		" system ", " systems ", " cluster ", " rack ", " pod ", " total ", " aggregate ", " 8x ",
		" superpod ", " switch ", " switches ", " 节 点 ", " 集 群 ", " 整 机 ", NULL };
	static const char *const achieved[] = { " achievable ", " actual ", " effective ", " practical ",
		" practice ", " real ", " mfu ", " utilization ", " sustained ", " typically ", " expect ",
		" 实 际 ", NULL };
	/* "intra-node connections (600 GB/s)": a link's, not a node's total;
	 * a clause that names a part speaks for itself ("both platforms have
	 * 400GBps per node, but H200's NVLink 4 is 450GBps") */
	const char *cw = said_clause_words(au, s, slen, f->off - soff);
	/* what a later clause says is about its own figure ("A100 的互连速度
	 * 最多为 600 GB/s，但 … 8 卡 A100，其 Total Aggregate Bandwidth …") */
	int blocked = blocked_words(au, words_for(au, s, slen, f->off - soff, sib, nsib, soff, sw), not_chip, achieved,
				    spec);
	int clause_ok = cw && !blocked_words(au, cw, not_chip, achieved, spec);
	if (blocked && !clause_ok)
		return;
	/* "a theoretical bandwidth per GCD of 1638.4 GB/s", "each GCD is
	 * equipped with 64 GB": half of an MI250(X), whose row is both dies' */
	struct figure whole;
	int gcd = strstr(sw, " gcd ") || strstr(sw, " gcds ");
	if (gcd && (strstr(sw, " mi250 ") || strstr(sw, " mi250x "))) {
		whole = *f;
		interval_scale(f->q.v, 2, &whole.q.v);
		interval_scale(f->q.nominal, 2, &whole.q.nominal);
		f = &whole;
	}
	/* "One server with 4 x MI250 has a total of 8 graphics compute dies
	 * (GCDs). Each GCD has 64 GB of HBM.": a sentence of one GCD that
	 * names no part, after one naming the MI250(X), is half its row */
	if (gcd && f != &whole && prev && prev_sw && !names_a_part(sw) &&
	    (strstr(prev_sw, " mi250 ") || strstr(prev_sw, " mi250x "))) {
		whole = *f;
		interval_scale(f->q.v, 2, &whole.q.v);
		interval_scale(f->q.nominal, 2, &whole.q.nominal);
		char *joined = arena_array(au->a, prev_len + slen + 2, 1);
		memcpy(joined, prev, prev_len);
		joined[prev_len] = ' ';
		memcpy(joined + prev_len + 1, s, slen);
		size_t jl = prev_len + 1 + slen, jat = prev_len + 1 + (f->off - soff);
		const char *jw = name_words(au->a, joined, jl);
		if (!reference_prose(au, joined, jl, jat, jw, &whole))
			said_check(au, joined, jl, jat, &whole, jw, NULL);
		return;
	}
	/* the sentence's reference check is for a sentence that is all the
	 * part's; one clause of it is read by said_check() only */
	if (!blocked && reference_prose(au, s, slen, f->off - soff, sw, f))
		return;
	if (said_check(au, s, slen, f->off - soff, f, sw, prev_sw) || blocked || !prev || !prev_sw)
		return;
	/* "So let's use H100 as an example. Its BF16 theoretical TFLOPS is
	 * 989 TFLOPS.": a sentence that opens with its part's pronoun and
	 * names none is read with the one before it */
	size_t p0 = 0;
	while (p0 < slen && (s[p0] == ' ' || s[p0] == '-' || s[p0] == '*' || s[p0] == '\n'))
		p0++;
	static const char *const pronouns[] = { "its ", "it ", "其", "它", NULL };
	int pronoun = 0;
	for (size_t k = 0; pronouns[k] && !pronoun; k++)
		pronoun = p0 + strlen(pronouns[k]) <= slen && !audit_casecmp(s + p0, pronouns[k], strlen(pronouns[k]));
	if (!pronoun || names_a_part(sw) || blocked_words(au, prev_sw, not_chip, achieved, spec))
		return;
	for (size_t k = 0; measured[k]; k++)
		if (strstr(prev_sw, measured[k]))
			return;
	char *joined = arena_array(au->a, prev_len + slen + 2, 1);
	memcpy(joined, prev, prev_len);
	joined[prev_len] = ' ';
	memcpy(joined + prev_len + 1, s, slen);
	size_t jl = prev_len + 1 + slen;
	reference_prose(au, joined, jl, prev_len + 1 + (f->off - soff), name_words(au->a, joined, jl), f);
}

/* Words that say a figure is a node's, a total or what is achieved: a
 * figure tied by its dimension alone (no column named) is passed over. */
static const char *const not_part[] = { " hgx ", " dgx ", " node ", " nodes ", " platform ", " system ",
	" systems ", " cluster ", " rack ", " pod ", " total ", " aggregate ", " 8x ", " achievable ",
	" actual ", " effective ", " practical ", " practice ", " real ", " mfu ", " utilization ",
	" sustained ", " sustainable ", " throughput ", " getting ", " typically ", " expect ",
	" usable ", " 节 点 ", " 集 群 ",
	" 整 机 ", " 每 ", NULL };

/* Does column col hold what runs measured ("实测 TFLOPS", "Measured
 * bandwidth", "Achieved")?  A figure of prose (a peak) is not held
 * against it. */
static int measured_column(const struct acolumn *col)
{
	static const char *const words[] = { "实测", "测得", "measured", "achieved", "actual", "observed", NULL };
	const char *h = col->header ? col->header : "";
	size_t hl = strlen(h);
	for (size_t k = 0; words[k]; k++)
		for (size_t i = 0; i + strlen(words[k]) <= hl; i++)
			if (!audit_casecmp(h + i, words[k], strlen(words[k])))
				return 1;
	return 0;
}

/* The only numeric column of table tb whose figures have dimension d, or
 * -1 (none, or several: which one is meant needs its name). */
static long only_column(const struct atable *tb, const struct dim *d)
{
	long found = -1;
	for (size_t c = 0; c < tb->ncols; c++) {
		const struct acolumn *col = &tb->cols[c];
		if (!col->numeric || (long)c == tb->key || measured_column(col))
			continue;
		int same = 0;
		for (size_t r = 0; r < tb->nrows && !same; r++) {
			const struct acell *cell = table_cell(tb, r, c);
			same = cell->has && dim_equal(&cell->fig.q.dim, d);
		}
		if (!same)
			continue;
		if (found >= 0)
			return -1;
		found = (long)c;
	}
	return found;
}

/* How far the words of row nr's key stand from the figure at s[at]:
 * the sum over those the sentence has ("The H100 PCIe has 48 TFLOPS, and
 * … in SXM form": the PCIe row is nearer than the SXM one). */
static size_t key_distance(const char *s, size_t slen, size_t at, const struct named_row *nr)
{
	size_t sum = 0;
	for (const char *w = nr->words + 1; *w;) {
		const char *e = strchr(w, ' ');
		if (!e)
			break;
		char word[AUDIT_NAME_MAX];
		size_t wl = (size_t)(e - w);
		if (wl < sizeof word) {
			memcpy(word, w, wl);
			word[wl] = '\0';
			size_t d = distance(s, slen, at, word);
			if (d != (size_t)-1)
				sum += d;
		}
		w = e + 1;
	}
	return sum;
}

/* Rows to look at: named[from..to), or, with idx, named[idx[from..to)]. */
struct rows {
	const size_t *idx;
	size_t from, to;
};

static size_t row_at(const struct rows *r, size_t i)
{
	return r->idx ? r->idx[i] : i;
}

/* Gathers into cand[] the cells of rows named[from..to) that sw names at
 * level (names_row()) and columns the sentence names (or, by_dimension,
 * the one column of f's dimension).  md_far: the model distance when the
 * names come from the heading, not the sentence (0: measure it). */
static size_t gather(struct audit *au, const char *s, size_t slen, size_t at, const char *sw, const char *names,
		     struct figure *f, const struct rows *rows, int level, int by_dimension, size_t md_far,
		     struct candidate *cand, size_t max)
{
	size_t nc = 0;
	for (size_t i = rows->from; i < rows->to && nc < max; i++) {
		struct named_row *nr = &au->named[row_at(rows, i)];
		if (names_row(names, nr) != level)
			continue;
		struct atable *tb = &au->tables[nr->table];
		if (contradicted(au, sw, tb, nr->row))
			continue;
		size_t md = md_far ? md_far : distance(s, slen, at, nr->model + 1);
		size_t kd = md_far ? md_far : key_distance(s, slen, at, nr);
		long only = by_dimension ? only_column(tb, &f->q.dim) : -1;
		for (size_t c = 0; c < tb->ncols && nc < max; c++) {
			struct acolumn *col = &tb->cols[c];
			struct acell *cell = table_cell(tb, nr->row, c);
			/* a bound ("<500ms", a target) is no value to agree with */
			if (!col->numeric || !cell->has || cell->several || cell->fig.bound ||
			    !dim_equal(&cell->fig.q.dim, &f->q.dim) || measured_column(col) ||
			    (by_dimension && dtype_clash(arena_printf(au->a, " %s ", col->name), sw)))
				continue;
			if (by_dimension ? (long)c != only : !words_have_all(sw, col->name))
				continue;
			/* a link's rate is not the memory's bandwidth */
			if (says_link(sw, nr->words) && !says_link(arena_printf(au->a, " %s ", col->name), NULL))
				continue;
			cand[nc++] = (struct candidate){ tb, nr->row, c, md,
							 by_dimension ? 0 : distance(s, slen, at, col->name), kd };
		}
	}
	return nc;
}

/* The best level at which sw names a row of named[from..to). */
static int naming_level(const struct audit *au, const char *names, const struct rows *rows)
{
	int best = 0;
	for (size_t i = rows->from; i < rows->to && best < 2; i++) {
		int lv = names_row(names, &au->named[row_at(rows, i)]);
		if (lv > best)
			best = lv;
	}
	return best;
}

/* Do two figures of one unit and as many digits agree only at the edge
 * of their digits (2.45 against 2.46: each the other's half unit)? */
static int only_touching(const struct figure *a, const struct figure *b)
{
	if (a->approx || !a->q.unit || !b->q.unit || strcmp(a->q.unit, b->q.unit) ||
	    memcmp(a->q.kind, b->q.kind, sizeof a->q.kind))
		return 0;
	double wa = interval_width(a->q.v), wb = interval_width(b->q.v);
	if (wa <= 0 || wb <= 0 || fabs(wa - wb) > 1e-9 * (wa + wb))
		return 0;
	return fabs(interval_mid(a->q.v) - interval_mid(b->q.v)) >= (wa + wb) / 2 * 0.999;
}

/* Does the word w[0..wl) (letters only, four or more) start model word
 * m (" gaudi2 ") with a digit after it? */
static int family_of(const char *m, const char *w, size_t wl)
{
	return m && !strncmp(m + 1, w, wl) && m[1 + wl] >= '0' && m[1 + wl] <= '9';
}

/* A row of this chapter named by its family ("### Intel Gaudi": Gaudi2 or
 * Gaudi3) and told apart by another figure of the sentence that one of
 * them gives ("96GiB HBM2E memory on board w/2.45TBps": the Gaudi2's 96):
 * its cell of f's dimension (the column the sentence names, else its one
 * column of that dimension) into cand[]; returns how many (0 or 1). */
static size_t family_row(struct audit *au, const char *sw, const char *hw, const struct figure *f,
			 const struct figure *sib, size_t nsib, struct candidate *cand, size_t max)
{
	if (!max)
		return 0;
	/* the heading's family only: a sentence that names the family itself
	 * ("Gaudi 3: … the clock has to be 1750MHz") says which, or muses */
	(void)sw;
	for (int li = 0; li < 1; li++) {
		const char *words = hw;
		if (!words)
			continue;
		int named = 0;
		for (const char *w = words + 1; *w && !named;) {
			const char *e = strchr(w, ' ');
			if (!e)
				break;
			named = e - w >= 4 && words_have(sw, w, (size_t)(e - w)) && strchr("abcdefghijklmnopqrstuvwxyz", *w);
			w = e + 1;
		}
		if (named)
			continue;
		for (const char *w = words + 1; *w;) {
			const char *e = strchr(w, ' ');
			if (!e)
				break;
			size_t wl = (size_t)(e - w);
			if (letters_word(w, wl, 4)) {
				/* the one row a sibling figure agrees with */
				long found = -1;
				int several = 0;
				for (size_t i = au->file_from; i < au->file_to && !several; i++) {
					const struct named_row *nr = &au->named[i];
					if (!family_of(nr->model, w, wl))
						continue;
					const struct atable *tb = &au->tables[nr->table];
					int agrees = 0;
					for (size_t k = 0; k < nsib && !agrees; k++) {
						if (&sib[k] == f || !is_amount(&sib[k]))
							continue;
						for (size_t c = 0; c < tb->ncols && !agrees; c++) {
							const struct acell *cell = table_cell(tb, nr->row, c);
							agrees = tb->cols[c].numeric && (long)c != tb->key && cell->has &&
								 !cell->several && figures_agree(au, &sib[k], &cell->fig, 0);
						}
					}
					if (!agrees)
						continue;
					if (found >= 0 && strcmp(au->named[found].model, nr->model))
						several = 1;
					else if (found < 0)
						found = (long)i;
				}
				if (found >= 0 && !several) {
					const struct named_row *nr = &au->named[found];
					/* the same part in the chapter's other tables too */
					for (size_t i = au->file_from; i < au->file_to; i++) {
						const struct named_row *r2 = &au->named[i];
						if (!r2->model || strcmp(r2->model, nr->model) || strcmp(r2->words, nr->words))
							continue;
						const struct atable *tb = &au->tables[r2->table];
						long only = only_column(tb, &f->q.dim);
						for (size_t c = 0; c < tb->ncols; c++) {
							const struct acell *cell = table_cell(tb, r2->row, c);
							if (!tb->cols[c].numeric || !cell->has || cell->several ||
							    !dim_equal(&cell->fig.q.dim, &f->q.dim) || measured_column(&tb->cols[c]))
								continue;
							if (!words_have_all(sw, tb->cols[c].name) && (long)c != only)
								continue;
							cand[0] = (struct candidate){ tb, r2->row, c, 0, 0, 0 };
							return 1;
						}
					}
				}
			}
			w = e + 1;
		}
	}
	return 0;
}

/* Ties f to a table's cell: a row the sentence names (or, when it names
 * none, its heading), in its own chapter's tables first, then in the
 * others; a column the sentence names, or the row's one column of f's
 * dimension.  Returns 1 when it was tied (reported or not). */
/* The rows of the table of this chapter that the sentence cites by its
 * caption's number ("如表 1.5.1 所示", "Table 3 gives"), into *rows;
 * returns 0 when it cites none (or one the chapter has not). */
static int cited_rows(struct audit *au, const char *s, size_t slen, struct rows *rows)
{
	if (au->file_from == au->file_to)
		return 0;
	const char *no = caption_cited(au->a, s, slen);
	if (!no)
		return 0;
	for (size_t i = au->file_from; i < au->file_to;) {
		size_t t = au->named[i].table;
		size_t j = i;
		while (j < au->file_to && au->named[j].table == t)
			j++;
		if (au->tables[t].caption && !strcmp(au->tables[t].caption, no)) {
			*rows = (struct rows){ NULL, i, j };
			return 1;
		}
		i = j;
	}
	return 0;
}

static int tie_table(struct audit *au, const char *s, size_t slen, size_t soff, const char *sw,
		     const char *hw, struct figure *f, const struct figure *sib, size_t nsib)
{
	enum { MAX_CANDIDATES = 128 };   /* cells a figure may be about: every row a chapter names */
	struct candidate cand[MAX_CANDIDATES];
	size_t nc = 0, at = f->off - soff;
	int by_dimension = 0, elsewhere = 0;
	/* the chapter's own rows; then the rows of every chapter that the
	 * sentence's (or heading's) model words name, found by the index */
	enum { ELSEWHERE_ROWS = 64 };
	size_t found[ELSEWHERE_ROWS];
	/* the table the sentence cites by its caption first ("表 1.5.1 中"),
	 * then the chapter's */
	struct rows cited;
	int cites = cited_rows(au, s, slen, &cited);
	for (int sc = cites ? -1 : 0; sc < 2 && !nc; sc++) {
		/* another chapter's table holds parts' figures; a time, a rate of
		 * requests or a count measured in a run is its own post's
		 * ("E2EL dropped from 21.28 s to 7.37 s" against another post's
		 * "Mean E2EL | 10.47 s") */
		if (sc == 1 && !said_kind_of(au, f))
			break;
		struct rows rows = { NULL, au->file_from, au->file_to };
		if (sc == -1)
			rows = cited;
		if (sc == 1)
			rows = (struct rows){ found, 0, rows_named(au, sw, found, ELSEWHERE_ROWS) };
		const char *names = sw;
		size_t md_far = 0;
		int level = naming_level(au, sw, &rows);
		if (!level && hw) {
			/* the heading names the part ("### Intel Gaudi2") */
			names = hw;
			md_far = 50000;
			if (sc == 1)
				rows = (struct rows){ found, 0, rows_named(au, hw, found, ELSEWHERE_ROWS) };
			level = naming_level(au, hw, &rows);
		}
		if (!level)
			continue;
		elsewhere = sc == 1;
		/* the rows named by every word of their key, then by their model
		 * word ("HBM3e" names the HBM table's row, "GH200" the GPU's) */
		for (int lv = level; lv >= 1 && !nc; lv--)
			for (int pass = 0; pass < 2 && !nc; pass++) {
				if (pass == 1 || elsewhere) {
					int other = 0;
					for (size_t k = 0; not_part[k] && !other; k++)
						other = strstr(sw, not_part[k]) != NULL;
					if (other)
						break;
				}
				nc = gather(au, s, slen, at, sw, names, f, &rows, lv, pass, md_far, cand,
					    MAX_CANDIDATES);
				by_dimension = pass;
			}
	}
	if (!nc) {
		nc = family_row(au, sw, hw, f, sib, nsib, cand, MAX_CANDIDATES);
		by_dimension = 1;
	}
	if (!nc)
		return 0;
	/* the nearest model's rows (by all their key's words), and among them
	 * the nearest column name */
	size_t best_m = (size_t)-1, best_n = (size_t)-1, nearest_model = (size_t)-1;
	for (size_t i = 0; i < nc; i++) {
		if (cand[i].key_d < best_m)
			best_m = cand[i].key_d;
		if (cand[i].model_d < nearest_model)
			nearest_model = cand[i].model_d;
	}
	if (other_part_nearer(s, slen, at, f->len, nearest_model))
		return 0;
	for (size_t i = 0; i < nc; i++)
		if (cand[i].key_d == best_m && cand[i].name_d < best_n)
			best_n = cand[i].name_d;
	const struct candidate *wrong = NULL;
	double widen = f->approx ? au->approx : 0;
	/* any part the sentence names may be the one meant ("the B200 doubles
	 * the memory of the H100: 192 GB"): a figure that agrees with any of
	 * them is tied; one that agrees with none is held against the nearest */
	for (size_t i = 0; i < nc; i++) {
		const struct acell *cell = table_cell(cand[i].t, cand[i].row, cand[i].col);
		if ((figures_agree(au, f, &cell->fig, widen) && !only_touching(f, &cell->fig)) ||
		    (cell->has_alt && figures_agree(au, f, cell->alt, widen))) {
			au->sum.prose_tied++;
			return 1;
		}
		if (!wrong && cand[i].key_d == best_m && cand[i].name_d == best_n)
			wrong = &cand[i];
	}
	/* the nearest row's cell no slip explains, another named row's a slip
	 * does ("the H200 is the H100's compute but carries 141000GB"): that one */
	const struct acell *cell = table_cell(wrong->t, wrong->row, wrong->col);
	if (!slip_hint(au, &f->q, &cell->fig.q, NULL))
		for (size_t i = 0; i < nc; i++) {
			const struct acell *c2 = table_cell(cand[i].t, cand[i].row, cand[i].col);
			if (c2 != cell && slip_hint(au, &f->q, &c2->fig.q, NULL)) {
				wrong = &cand[i];
				cell = c2;
				break;
			}
		}
	/* neither a slip nor a near figure at the nearest row: another named
	 * row's cell within 10% is the one meant ("(1) H100 w/ 96GiB HBM3 or
	 * 144GiB HBM3e", the GH200's 141) */
	double off_nearest = interval_mid(f->q.v) / interval_mid(cell->fig.q.v);
	if (!slip_hint(au, &f->q, &cell->fig.q, NULL) && (off_nearest > 1.1 || off_nearest < 0.9)) {
		double best = 0.1;
		for (size_t i = 0; i < nc; i++) {
			const struct acell *c2 = table_cell(cand[i].t, cand[i].row, cand[i].col);
			double o = fabs(interval_mid(f->q.v) / interval_mid(c2->fig.q.v) - 1);
			if (o < best) {
				best = o;
				wrong = &cand[i];
				cell = c2;
			}
		}
	}
	/* another figure of the sentence is that cell's ("500W TDP and 560W
	 * peak TBP", "B200's larger HBM (180 vs 141GiB)"): this one is another
	 * quantity, or another part's */
	for (size_t k = 0; k < nsib; k++) {
		if (&sib[k] == f)
			continue;
		struct figure g = sib[k];
		if (!g.has_unit && dim_is_none(&g.q.dim) && !g.range && g.q.v.lo > 0) {
			/* "180 vs 141GiB": the unit written once, for both */
			g.q.dim = f->q.dim;
			interval_scale(sib[k].q.v, f->q.scale, &g.q.v);
			interval_scale(sib[k].q.nominal, f->q.scale, &g.q.nominal);
			g.q.unit = f->q.unit;
			g.q.scale = f->q.scale;
			g.has_unit = 1;
		}
		if (is_amount(&g) && figures_agree(au, &g, &cell->fig, widen))
			return 1;
	}
	/* a kind the cell has not ("2563TFLOPS w/ 4:1 sparsity" beside a
	 * dense column): another figure of the part */
	int dir_family = au->kind_bidir ? units_kind_family(au->u, au->kind_bidir) : -1;
	for (int fam = 0; fam < KIND_FAMILIES; fam++)
		if (f->q.kind[fam] && f->q.kind[fam] != cell->fig.q.kind[fam])
			return fam != dir_family;   /* a direction: a link's rate, not this cell's */
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &cell->fig.q, written);
	/* far off and no slip explains it: another quantity of the same
	 * dimension (a bus width in bits beside a memory in GB), not this one;
	 * with no column named, anything but near or a slip is another one */
	double off = interval_mid(f->q.v) / interval_mid(cell->fig.q.v);
	if ((off > 20 || off < 0.05) && !hint)
		return 0;
	if ((by_dimension || elsewhere) && !hint && (off > 1.4 || off < 0.7))
		return 0;
	if (by_dimension && hint && strstr(hint, "factor of 8"))
		return 0;   /* eight of them: a node's */
	au->sum.prose_tied++;
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: the table gives %s for '%s' of '%s'\nwrite %s, or correct the table%s%s",
		cell->src.loc.file, cell->src.loc.line, cell->src.loc.col, figure_text(au, &cell->fig.q),
		wrong->t->cols[wrong->col].header, table_cell(wrong->t, wrong->row, (size_t)wrong->t->key)->plain,
		figure_text(au, &cell->fig.q), hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_prose++;
	/* twice or half, with neither side saying its kind: perhaps two
	 * different figures (both directions, sparse) under one name */
	int twice = hint && (strstr(hint, "twice") || strstr(hint, "half"));
	int same_file = !strcmp(wrong->t->loc.file, f->loc.file);
	const char *which = wrong->t->caption ? arena_printf(au->a, "table %s", wrong->t->caption) : "the table";
	diag_report(twice ? DIAG_WARNING : DIAG_ERROR, f->loc, f->width, detail, "%s disagrees with %s %s",
		    written, which, same_file ? "of this chapter" : arena_printf(au->a, "in %s", wrong->t->loc.file));
	return 1;
}

/* Words that make "N×" or "N%" a comparison, not a count ("8× H100"). */
static const char *const more_words[] = {
	"faster", "more", "higher", "larger", "bigger", "greater", "better", "increase", "increased",
	"improvement", "speedup", "speed-up", "boost", "gain", "up", "提升", "提高", "增加", "增长",
	"高出", "快", "高", "大", "多", "加速", NULL,
};
static const char *const less_words[] = {
	"less", "lower", "slower", "smaller", "fewer", "reduction", "decrease", "down", "cheaper",
	"降低", "减少", "下降", "少", "低", "慢", "小", "节省", NULL,
};

/* Does one of words[] stand within a few bytes after (dir 1) or before
 * (dir -1) s[at]? */
static int word_near(const char *s, size_t len, size_t at, int dir, const char *const *words)
{
	for (size_t k = 0; words[k]; k++) {
		size_t wl = strlen(words[k]);
		if (dir > 0) {
			size_t i = at;
			while (i < len && (s[i] == ' ' || s[i] == ')' || s[i] == '*'))
				i++;
			/* "2× the", "50% more" */
			if (len - i >= 4 && !audit_casecmp(s + i, "the ", 4))
				i += 4;
			if (i + wl <= len && !audit_casecmp(s + i, words[k], wl) &&
			    (i + wl == len || !((s[i + wl] | 32) >= 'a' && (s[i + wl] | 32) <= 'z')))
				return 1;
		} else {
			size_t i = at;
			while (i > 0 && s[i - 1] == ' ')
				i--;
			/* 提升了 50%, 提升约 50% */
			for (int skip = 0; skip < 3; skip++) {
				if (i >= wl && !memcmp(s + i - wl, words[k], wl))
					return 1;
				if (i >= 3 && (!memcmp(s + i - 3, "了", 3) || !memcmp(s + i - 3, "约", 3) ||
					       !memcmp(s + i - 3, "近", 3)))
					i -= 3;
				else
					break;
			}
		}
	}
	return 0;
}

/* Does s[i] start a CJK punctuation mark (，。；：（）)? */
static int starts_cjk_punct(const char *s, size_t len, size_t i)
{
	static const char *const marks[] = { "，", "。", "；", "：", "（", "）", "、", NULL };
	for (size_t k = 0; marks[k]; k++)
		if (i + 3 <= len && !memcmp(s + i, marks[k], 3))
			return 1;
	return 0;
}

/* Separators of clauses: ", and", ";", "，", "；". */
static size_t clause_sep(const char *s, size_t len, size_t i)
{
	static const char *const seps[] = { ", and ", ", but ", ", while ", ", whereas ", "; ", "，", "；", NULL };
	for (size_t k = 0; seps[k]; k++) {
		size_t n = strlen(seps[k]);
		if (i + n <= len && !memcmp(s + i, seps[k], n))
			return n;
	}
	return 0;
}

/* Where the clause holding s[at] starts. */
static size_t clause_start(const char *s, size_t at)
{
	size_t start = 0;
	for (size_t i = 0; i < at; i++) {
		size_t n = clause_sep(s, at, i);
		if (n)
			start = i + n;
	}
	return start;
}

/* Where the clause holding s[at] ends. */
static size_t clause_end(const char *s, size_t len, size_t at)
{
	for (size_t i = at; i < len; i++)
		if (clause_sep(s, len, i))
			return i;
	return len;
}

/* Is figure f one end of a range written as two figures ("(10kb-100kb)",
 * "100kb–300kb")? */
static int range_end(const char *text, size_t tlen, const struct figure *f)
{
	size_t e = f->off + f->len;
	if ((e + 1 < tlen && text[e] == '-' && text[e + 1] >= '0' && text[e + 1] <= '9') ||
	    (e + 4 <= tlen && !memcmp(text + e, "–", 3) && text[e + 3] >= '0' && text[e + 3] <= '9'))
		return 1;
	size_t b = f->off;
	return (b >= 2 && text[b - 1] == '-' && ((text[b - 2] | 32) >= 'a' && (text[b - 2] | 32) <= 'z')) ||
	       (b >= 4 && !memcmp(text + b - 3, "–", 3) && (text[b - 4] | 32) >= 'a' && (text[b - 4] | 32) <= 'z');
}

/* Is figure f an uncertainty: "± 0.38s", "+/- 2%"? */
static int after_pm(const char *text, const struct figure *f)
{
	size_t b = f->off;
	while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '`'))
		b--;
	return (b >= 2 && !memcmp(text + b - 2, "±", 2)) || (b >= 3 && !memcmp(text + b - 3, "+/-", 3));
}

/* A comparison of a clause with no figure of its own (versus.c): the
 * figure of the clause before one that opens with 是, a link or a part's
 * NVLink named as the other side, or the two figures of the sentence
 * before one that draws a conclusion from it.  Returns 1 when judged. */
static int versus_other(struct audit *au, const char *text, size_t soff, size_t send, struct figure *figs, size_t from,
			const struct figure *mark, double stated_lo, double stated_hi)
{
	const char *s = text + soff;
	size_t len = send - soff;
	size_t at = mark->off - soff, after = at + mark->len;
	/* "总带宽为 `900GB/s`，是 PCIe 5.0 的 7 倍": the figure the clause
	 * before states */
	size_t cs = clause_start(s, at);
	if (from > 0 && figs[from - 1].off >= soff && figs[from - 1].off < soff + cs && is_amount(&figs[from - 1]) &&
	    versus_part(au, text, soff, clause_start(s, cs ? cs - 1 : 0), cs, clause_end(s, len, after),
			&figs[from - 1], mark, stated_lo, stated_hi))
		return 1;
	if (versus_links(au, text, soff, cs, clause_end(s, len, after), mark, stated_lo, stated_hi))
		return 1;
	/* "…312 TFLOPS，而 … 19.5 TFLOPS。也说明 … 慢 16倍": the sentence
	 * before's two figures, the only two of their dimension there */
	if (from >= 2 && figs[from - 1].off < soff && is_amount(&figs[from - 1]) && is_amount(&figs[from - 2])) {
		size_t prev = figs[from - 2].off;
		int alone = 1, seen = 0;   /* at most 8 figures back: linear in a paragraph of many */
		for (size_t k = from - 2; k-- > 0 && alone;) {
			if (++seen > 8) {
				alone = 0;
				break;
			}
			size_t e = figs[k].off + figs[k].len, g;
			for (g = e; g < prev && text[g] != '\n' && memcmp(text + g, "。", 3) &&
				    !(text[g] == '.' && g + 1 < prev && text[g + 1] == ' ');
			     g++)
				;
			if (g < prev)
				break;   /* another sentence's */
			alone = !dim_equal(&figs[k].q.dim, &figs[from - 2].q.dim) || !is_amount(&figs[k]);
			prev = figs[k].off;
		}
		if (alone && versus_before(au, text, soff, &figs[from - 2], &figs[from - 1], mark, stated_lo, stated_hi))
			return 1;
	}
	return 0;
}

static void compare(struct audit *au, const char *text, size_t soff, size_t send, struct figure *figs,
		    size_t from, size_t to, struct figure *mark)
{
	const char *s = text + soff;
	size_t len = send - soff;
	size_t at = mark->off - soff, after = at + mark->len;
	double stated_lo, stated_hi;
	int less = 0, percent_of = 0;
	size_t s_clause = 0, e_clause = len;   /* the words a comparison of two parts is read in */
	if (is_unit(mark, "%")) {
		if (mark->bound)
			return;
		/* "同比增加 115%", "up 34% year over year": the other side is
		 * another period's figure, which the sentence does not give */
		static const char *const period[] = { "同比", "环比", "较上年", "较去年", "较上季", "年增", "yoy",
						      "year over year", "year-over-year", "year-on-year", "last year", NULL };
		size_t pb = at > 24 ? at - 24 : 0, pe = after + 24 < len ? after + 24 : len;
		for (size_t k = 0; period[k]; k++) {
			size_t wl = strlen(period[k]);
			for (size_t i = pb; i + wl <= pe; i++)
				if (!audit_casecmp(s + i, period[k], wl))
					return;
		}
		if (word_near(s, len, after, 1, more_words) || word_near(s, len, at, -1, more_words))
			less = 0;
		else if (word_near(s, len, after, 1, less_words) || word_near(s, len, at, -1, less_words))
			less = 1;
		else
			return;
		double p_lo = mark->q.v.lo, p_hi = mark->q.v.hi;   /* 50% is 0.5 */
		stated_lo = less ? 1 - p_hi : 1 + p_lo;
		stated_hi = less ? 1 - p_lo : 1 + p_hi;
		(void)percent_of;
	} else {
		int times = is_unit(mark, "×") || is_unit(mark, "倍");
		if (!times) {
			if (!dim_is_none(&mark->q.dim) || mark->has_unit)
				return;
			size_t i = after;
			while (i < len && s[i] == ' ')
				i++;
			if (len - i >= 5 && !audit_casecmp(s + i, "times", 5)) {
				static const char *const after_times[] = { "than", "as", "of", "that", NULL };
				if (!word_near(s, len, i + 5, 1, more_words) && !word_near(s, len, i + 5, 1, less_words) &&
				    !word_near(s, len, i + 5, 1, after_times))
					return;
				times = 1;
			}
			if (!times)
				return;
		}
		if (mark->bound)
			return;
		/* a count before a name ("8× H100") is no comparison */
		size_t i = after;
		while (i < len && s[i] == ' ')
			i++;
		if (len - i >= 5 && !audit_casecmp(s + i, "times", 5))
			i += 5;
		int followed = i < len && ((s[i] | 32) >= 'a' && (s[i] | 32) <= 'z');
		if (followed && !word_near(s, len, after, 1, more_words) && !word_near(s, len, after, 1, less_words)) {
			static const char *const rel[] = { "than", "of", "over", "as", "vs", "versus", "compared",
							   "the", "that", "in", "on", "for", "at", NULL };
			int related = 0;
			for (size_t k = 0; rel[k] && !related; k++) {
				size_t wl = strlen(rel[k]);
				related = len - i >= wl && !audit_casecmp(s + i, rel[k], wl) &&
					  (len - i == wl || !(((s[i + wl] | 32) >= 'a') && ((s[i + wl] | 32) <= 'z')));
			}
			if (!related)
				return;
		}
		less = word_near(s, len, after, 1, less_words) && !word_near(s, len, after, 1, more_words);
		stated_lo = mark->q.v.lo;
		stated_hi = mark->q.v.hi;
		if (stated_lo <= 0)
			return;
		if (less && stated_lo >= 1) {   /* "3× less": a third */
			double lo = 1 / stated_hi, hi = 1 / stated_lo;
			stated_lo = lo;
			stated_hi = hi;
		}
		if (stated_lo < 1.0001 && stated_hi > 0.9999)
			return;   /* "1×": no comparison worth judging */
	}
	/* "38 分钟、30 分钟、28 token/s、40% 提升": one item of a list, no
	 * comparison of its neighbours */
	{
		size_t b = at;
		while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '`' || s[b - 1] == '*'))
			b--;
		if (b >= 3 && !memcmp(s + b - 3, "、", 3))
			return;
	}
	/* "from 13 sec to 9.5 sec (37%) and from 16.1 sec to 5.1 sec (3.2x)":
	 * each change its own comparison, which arith.c judges beside it; two
	 * of them in a sentence are no pair of this one's */
	int changes = 0;
	for (size_t i = 0; i + 6 < len; i++)
		if ((!audit_casecmp(s + i, "from ", 5) && s[i + 5] >= '0' && s[i + 5] <= '9' &&
		     (i == 0 || !(((s[i - 1] | 32) >= 'a') && ((s[i - 1] | 32) <= 'z')))) ||
		    !memcmp(s + i, "→", 3) || !memcmp(s + i, "从", 3))
			changes++;
	if (changes >= 2)
		return;
	/* "3.6 TB/s (PCIe Gen6 的 14 倍)": a parenthesis right after a figure
	 * that names what the figure is compared with; its other side is not
	 * in the sentence */
	for (size_t i = at; i > 0; i--) {
		if (s[i - 1] == ')' || (i >= 3 && !memcmp(s + i - 3, "）", 3)))
			break;
		int open = s[i - 1] == '(' ? 1 : i >= 3 && !memcmp(s + i - 3, "（", 3) ? 3 : 0;
		if (!open)
			continue;
		size_t b = i - open;
		while (b > 0 && s[b - 1] == ' ')
			b--;
		int after_figure = 0;
		for (size_t k = from; k < to; k++)
			after_figure |= &figs[k] != mark && figs[k].off - soff + figs[k].len == b;
		int named = 0;
		for (size_t k = i; k < at; k++)
			named |= ((s[k] | 32) >= 'a' && (s[k] | 32) <= 'z') || ((unsigned char)s[k] >= 0xe4 && (unsigned char)s[k] <= 0xe9);
		if (after_figure && named)
			return;
		break;
	}
	/* a sentence of several comparisons ("1.6× the memory bandwidth of
	 * the H100, and the H200's 4.80TBps is 1.43× the H100's 3.35TBps"):
	 * each is judged within its clause */
	int marks = 0, xmarks = 0, comparisons = 0;
	for (size_t i = from; i < to; i++) {
		/* a percent of change is a comparison of its own too ("虽然 … 降低了
		 * 75%，但 … 只降低了约 10%（20.2 ms → 18.2 ms）") */
		size_t pa = figs[i].off - soff, pz = pa + figs[i].len;
		int percent = is_unit(&figs[i], "%") && !figs[i].bound &&
			      (word_near(s, len, pz, 1, more_words) || word_near(s, len, pa, -1, more_words) ||
			       word_near(s, len, pz, 1, less_words) || word_near(s, len, pa, -1, less_words));
		if (!is_unit(&figs[i], "×") && !is_unit(&figs[i], "倍") && !percent)
			continue;
		marks++;
		if (percent)
			continue;   /* a percent's clause holds its pair; its parts are the sentence's */
		xmarks++;
		/* "8x H200" counts parts, it compares nothing */
		size_t k = figs[i].off - soff + figs[i].len;
		while (k < len && s[k] == ' ')
			k++;
		int name = 0;
		for (size_t e = k; e < len && ((s[e] | 32) >= 'a' && (s[e] | 32) <= 'z' ? 1 : (s[e] >= '0' && s[e] <= '9'));
		     e++)
			name |= e > k && s[e] >= '0' && s[e] <= '9';
		comparisons += !name;
	}
	if (marks > 1) {
		size_t cs = clause_start(s, at), ce = clause_end(s, len, after);
		size_t nf = from, nt = to;
		while (nf < to && figs[nf].off - soff < cs)
			nf++;
		while (nt > nf && figs[nt - 1].off - soff >= ce)
			nt--;
		from = nf;
		to = nt;
		if (xmarks > 1) {
			s_clause = cs;
			e_clause = ce;
		}
	}
	/* "13% more memory bandwidth", "1.6× the memory bandwidth of": the
	 * column named right after the comparison, the two parts' cells */
	if (to - from > 1) {
		size_t cw = after;
		while (cw < len && cw < after + 40 && !strchr(",;:()[]*.", s[cw]) && !starts_cjk_punct(s, len, cw))
			cw++;
		double lo = stated_lo, hi = stated_hi;
		if (hi < 1) {
			lo = 1 / stated_hi;
			hi = 1 / stated_lo;
		}
		if (cells_compare(au, name_words(au->a, s + s_clause, e_clause - s_clause),
				  name_words(au->a, s + after, cw - after), mark, lo, hi))
			return;
	}
	/* "288 vs 180GiB (1.6×)": a unit written once, for both figures */
	int amounts = 0;
	for (size_t i = from; i < to; i++)
		amounts += &figs[i] != mark && is_amount(&figs[i]);
	if (amounts == 1) {
		for (size_t i = from; i + 1 < to; i++) {
			struct figure *a = &figs[i], *b = &figs[i + 1];
			if (a == mark || b == mark || a->has_unit || !dim_is_none(&a->q.dim) || a->range ||
			    a->q.v.lo <= 0 || !is_amount(b))
				continue;
			size_t g = a->off - soff + a->len, e = b->off - soff;
			while (g < e && s[g] == ' ')
				g++;
			static const char *const joins[] = { "vs", "vs.", "versus", "and", "to", "against", "→", "对比", NULL };
			int joined = 0;
			for (size_t k = 0; joins[k] && !joined; k++) {
				size_t n = strlen(joins[k]), t = g + n;
				while (t < e && s[t] == ' ')
					t++;
				joined = g + n <= e && !audit_casecmp(s + g, joins[k], n) && t == e;
			}
			/* the comparison right after them: "288 vs 180GiB (1.6×)" */
			if (!joined || mark->off < b->off + b->len || mark->off - (b->off + b->len) > 4)
				continue;
			struct figure *copy = arena_array(au->a, to, sizeof *copy);
			memcpy(copy + from, figs + from, (to - from) * sizeof *copy);
			struct figure *c = &copy[i];
			c->q.dim = b->q.dim;
			interval_scale(a->q.v, b->q.scale, &c->q.v);
			interval_scale(a->q.nominal, b->q.scale, &c->q.nominal);
			c->q.unit = b->q.unit;
			c->q.scale = b->q.scale;
			c->has_unit = 1;
			mark = &copy[mark - figs];
			figs = copy;
			break;
		}
	}
	/* the two figures it compares: the only two of one dimension (an
	 * uncertainty, "22.69 ± 0.38s", is no side) */
	struct figure *pair[2] = { NULL, NULL };
	int groups = 0, pairs = 0;
	for (size_t i = from; i < to; i++) {
		struct figure *f = &figs[i];
		if (f == mark || !is_amount(f) || after_pm(text, f) || range_end(text, send, f))
			continue;
		size_t same = 0;
		struct figure *first = NULL, *second = NULL;
		for (size_t j = from; j < to; j++)
			if (&figs[j] != mark && is_amount(&figs[j]) && !after_pm(text, &figs[j]) && !range_end(text, send, &figs[j]) &&
			    dim_equal(&figs[j].q.dim, &f->q.dim)) {
				if (j < i)
					break;
				same++;
				if (!first)
					first = &figs[j];
				else if (!second)
					second = &figs[j];
			}
		if (!same)
			continue;   /* a later figure of a dimension already seen */
		groups++;
		if (same == 2) {
			pair[0] = first;
			pair[1] = second;
			pairs++;
		} else if (same > 2) {
			pair[0] = pair[1] = NULL;
			return;
		}
	}
	if (!groups && (to - from == 1 || (marks > 1 && to - from <= 1))) {
		/* no other figure: perhaps two parts' cells ("1.6× the A100's") */
		double lo = stated_lo, hi = stated_hi;
		if (hi < 1) {
			lo = 1 / stated_hi;
			hi = 1 / stated_lo;
		}
		if (!cells_compare(au, name_words(au->a, s + s_clause, e_clause - s_clause), NULL, mark, lo, hi))
			versus_other(au, text, soff, send, figs, from, mark, stated_lo, stated_hi);
		return;
	}
	/* one figure, and a part named as the other side ("Its 576GB memory
	 * is also 2x that of H200"): versus.c */
	if (!groups && versus_other(au, text, soff, send, figs, from, mark, stated_lo, stated_hi))
		return;
	if (!pairs && groups == 1) {
		struct figure *one = NULL;
		for (size_t i = from; i < to; i++)
			if (&figs[i] != mark && is_amount(&figs[i]) && !after_pm(text, &figs[i]) && !range_end(text, send, &figs[i]))
				one = &figs[i];
		size_t cs = clause_start(s, at);
		if (one && versus_part(au, text, soff, clause_start(s, cs ? cs - 1 : 0), cs, clause_end(s, len, after), one,
				       mark, stated_lo, stated_hi))
			return;
	}
	/* one pair of one dimension, any other dimension stated once ("482GBps
	 * against 367GBps at a 16GiB payload - a 1.31x gain"): that pair */
	if (pairs != 1 || !pair[0] || (groups > 1 && comparisons > 1))
		return;
	/* an upper bound vendors write their figures with ("高达 3958 TFLOPS")
	 * is the figure */
	if ((pair[0]->bound && !pair[0]->upper) || (pair[1]->bound && !pair[1]->upper))
		return;
	/* "512 GB/s 带宽，… 200 GB/s，整组以 8 倍单芯片算力计算": what the
	 * comparison says it compares (compute) is not what the pair is */
	{
		size_t cw = after;
		while (cw < len && cw < after + 30 && !strchr(",;:()[].", s[cw]) && !starts_cjk_punct(s, len, cw))
			cw++;
		int named = said_kind_named(au, s + after, cw - after), kind = said_kind_of(au, pair[0]);
		if (named && kind && named != kind)
			return;
	}
	/* "所有参数都是2倍，而且…(每个芯片94GB，相比H100的80GB)": a pair in a
	 * later clause than the comparison is another statement's */
	if (marks == 1 && pair[0]->off > mark->off && pair[1]->off > mark->off &&
	    pair[0]->off - soff >= clause_end(s, len, after))
		return;
	/* the operands as written (the author divided those), the ratio
	 * within its own digits */
	struct interval big = pair[0]->q.nominal, small = pair[1]->q.nominal;
	struct figure *fbig = pair[0], *fsmall = pair[1];
	if (interval_mid(big) < interval_mid(small)) {
		big = pair[1]->q.nominal;
		small = pair[0]->q.nominal;
		fbig = pair[1];
		fsmall = pair[0];
	}
	if (stated_hi < 1 || less) {   /* a fraction: small / big */
		double lo = 1 / stated_hi, hi = 1 / stated_lo;
		if (stated_hi < 1) {
			stated_lo = lo;
			stated_hi = hi;
		} else {
			stated_lo = 1 / (2 - stated_lo);
			stated_hi = 1 / (2 - stated_hi);
		}
	}
	if (stated_lo > stated_hi) {
		double x = stated_lo;
		stated_lo = stated_hi;
		stated_hi = x;
	}
	struct interval r = { big.lo / small.hi, big.hi / small.lo };
	/* one figure restated in another unit ("212GBps (1700Gbps)") is no pair */
	if (r.lo < 1.03)
		return;
	au->sum.comparisons++;
	double widen = au->approx * (mark->approx ? 3 : 1);
	if (r.hi >= stated_lo * (1 - widen) && r.lo <= stated_hi * (1 + widen))
		return;
	/* a time that falls by a percent said as a gain ("从2164us降到1456us，
	 * 提升约33%": 1 − 1456/2164): the reduction reading holds too */
	int seconds = 0;
	for (int d = 0; d < DIM_MAX; d++)
		seconds += pair[0]->q.dim.e[d] != 0;
	if (is_unit(mark, "%") && !less && seconds == 1 && interval_mid(pair[0]->q.v) > 0) {
		double fall_lo = 1 - small.hi / big.lo, fall_hi = 1 - small.lo / big.hi;
		double p_lo = mark->q.v.lo, p_hi = mark->q.v.hi;
		if (fall_hi >= p_lo * (1 - 3 * widen) - 0.005 && fall_lo <= p_hi * (1 + 3 * widen) + 0.005)
			return;
	}
	/* two figures a hundred times apart from what is stated are not
	 * what the comparison compares, unless a slip explains it */
	double far = interval_mid(r) / ((stated_lo + stated_hi) / 2);
	int far_off = far > 50 || far < 0.02;
	/* the slip: a factor that brings the ratio to what is stated */
	const char *hint = NULL;
	double ratio = interval_mid(r), st = (stated_lo + stated_hi) / 2;
	static const struct {
		double f;
		const char *what;
	} slips[] = {
		{ 1.024, "a decimal/binary prefix slip (×1.024: one figure read as binary)" },
		{ 1.024 * 1.024, "a decimal/binary prefix slip (×1.024²)" },
		{ 1.024 * 1.024 * 1.024, "a decimal/binary prefix slip (×1.024³: GB and GiB)" },
		{ 2, "a factor of 2 (sparse and dense, or one and both directions)" },
		{ 8, "a factor of 8 (bits and bytes)" },
		{ 1000, "a factor of 1000 (a prefix off by a step)" },
	};
	for (size_t k = 0; k < sizeof slips / sizeof slips[0] && !hint; k++)
		for (int sign = -1; sign <= 1 && !hint; sign += 2) {
			double g = sign > 0 ? slips[k].f : 1 / slips[k].f;
			if (fabs(ratio * g / st - 1) < 0.006 + widen / 2)
				hint = arena_printf(au->a, "hint: the stated ratio is theirs %s %s: %s?",
						    sign > 0 ? "×" : "÷", format_number(au->a, slips[k].f, slips[k].f < 2 ? 3 : 0), slips[k].what);
		}
	/* what they give, with as many decimals as the comparison was written with */
	int decimals = 0;
	const char *dot = memchr(text + mark->off, '.', mark->len);
	if (dot)
		for (const char *p = dot + 1; p < text + mark->off + mark->len && *p >= '0' && *p <= '9'; p++)
			decimals++;
	if (far_off && !hint)
		return;
	const char *ratio_text = format_number(au->a, ratio, decimals ? decimals : ratio < 10 ? 1 : 0);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: %s\n%s:%d:%d: %s\nthey give %s / %s = %s×; write %s%s%s%s", fbig->loc.file,
		fbig->loc.line, fbig->loc.col, figure_text(au, &fbig->q), fsmall->loc.file, fsmall->loc.line,
		fsmall->loc.col, figure_text(au, &fsmall->q), figure_text(au, &fbig->q), figure_text(au, &fsmall->q),
		ratio_text,
		is_unit(mark, "%") ? format_number(au->a, less ? (1 - 1 / ratio) * 100 : (ratio - 1) * 100, decimals) : ratio_text,
		is_unit(mark, "%") ? "%" : "×", hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_comparison++;
	diag_report(DIAG_ERROR, mark->loc, mark->width, detail, "the comparison '%s' does not hold",
		    arena_strndup(au->a, text + mark->off, mark->len));
}

/* Does the full stop at s[i] end an abbreviation ("i.e.", "e.g.", "vs.")? */
static int abbreviation(const char *s, size_t i)
{
	static const char *const abbr[] = { "i.e", "e.g", "vs", "approx", "cf", "etc", "resp", "incl", NULL };
	for (size_t k = 0; abbr[k]; k++) {
		size_t n = strlen(abbr[k]);
		if (i >= n && !audit_casecmp(s + i - n, abbr[k], n) &&
		    (i == n || !(((s[i - n - 1] | 32) >= 'a' && (s[i - n - 1] | 32) <= 'z'))))
			return 1;
	}
	return 0;
}

static size_t sentence_end(const char *s, size_t len, size_t i)
{
	for (; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c == '.' || c == '!' || c == '?' || c == ';') &&
		    (i + 1 == len || s[i + 1] == ' ' || s[i + 1] == '\n') && !(c == '.' && abbreviation(s, i)))
			return i + 1;
		if (c == '\n' && i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '-' || s[i + 1] == '*'))
			return i + 1;
		if (len - i >= 3 && (!memcmp(s + i, "。", 3) || !memcmp(s + i, "！", 3) ||
				     !memcmp(s + i, "？", 3) || !memcmp(s + i, "；", 3)))
			return i + 3;
	}
	return len;
}

/* Is s[i..) the start of a bare URL ("https://", at a word's start)? */
static int url_at(const char *s, size_t len, size_t i)
{
	return (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
	       ((i + 8 <= len && !memcmp(s + i, "https://", 8)) || (i + 7 <= len && !memcmp(s + i, "http://", 7)));
}

/* text[0..*len) without the targets of its inline links (`[x](url)`
 * keeps `[x]`; read.c blanked them) and its bare URLs, in the arena; *map (len + 1 offsets)
 * gives each byte's offset in text.  text itself (and *map NULL) when it
 * has none. */
static const char *without_urls(struct audit *au, const char *text, size_t *len, size_t **map)
{
	size_t n = *len;
	int any = 0;
	for (size_t i = 0; i + 1 < n && !any; i++)
		any = (text[i] == ']' && text[i + 1] == '(') || url_at(text, n, i);
	if (!any)
		return text;
	char *t = arena_array(au->a, n + 1, 1);
	size_t *m = arena_array(au->a, n + 1, sizeof *m);
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		if (text[i] == ']' && i + 1 < n && text[i + 1] == '(') {
			/* the target (read.c has blanked it: "](   )") */
			size_t j = i + 2;
			while (j < n && text[j] != ')' && text[j] != '\n')
				j++;
			if (j < n && text[j] == ')') {
				j++;
				t[k] = ']';
				m[k++] = i;
				i = j;
				continue;
			}
		}
		if (url_at(text, n, i)) {
			size_t j = i;
			while (j < n && text[j] != ' ' && text[j] != '\n' && text[j] != ')' && text[j] != '>' &&
			       text[j] != ']' && (unsigned char)text[j] < 0x80)
				j++;
			/* a sentence's full stop or comma after it is the sentence's */
			while (j > i && (text[j - 1] == '.' || text[j - 1] == ','))
				j--;
			i = j;
			continue;
		}
		t[k] = text[i];
		m[k++] = i;
		i++;
	}
	t[k] = '\0';
	m[k] = n;
	*len = k;
	*map = m;
	return t;
}

void prose_check(struct audit *au, struct prose *p)
{
	if (!au->indexed)
		index_rows(au);
	/* a chapter's prose against its own tables: the rows of its file,
	 * adjacent in au->named (tables and prose come file by file) */
	if (!au->file_name || strcmp(au->file_name, p->src.loc.file)) {
		au->file_name = p->src.loc.file;
		size_t i = 0;
		while (i < au->nnamed && strcmp(au->tables[au->named[i].table].loc.file, p->src.loc.file))
			i++;
		au->file_from = i;
		while (i < au->nnamed && !strcmp(au->tables[au->named[i].table].loc.file, p->src.loc.file))
			i++;
		au->file_to = i;
	}
	/* one buffer for every block: the figures are used before the next */
	if (!au->prose_figs)
		au->prose_figs = arena_array(au->a, PROSE_FIGURES, sizeof *au->prose_figs);
	struct figure *figs = au->prose_figs;
	/* the block without its links' targets, so that a part's name in a
	 * link stands next to its figures ("one AMD [MI300X](https://…/mi300/
	 * mi300x.html) GPU equipped with 192 GB"), and no URL's digits or words
	 * are read as the sentence's */
	size_t len = p->src.len, *map = NULL;
	const char *text = without_urls(au, p->src.text, &len, &map);
	size_t n = figure_scan(au, text, len, p->src.loc, figs, PROSE_FIGURES);
	if (n > PROSE_FIGURES)
		n = PROSE_FIGURES;
	if (!n)
		return;
	for (size_t i = 0; map && i < n; i++)
		figs[i].loc = figure_loc(p->src.loc, p->src.text, map[figs[i].off]);
	size_t soff = 0, fi = 0;
	const char *hw = NULL;   /* the heading's words, when a sentence needs them */
	size_t prev_from = len, prev_to = len;   /* the sentence before, in this block */
	while (soff < len && fi < n) {
		size_t send = sentence_end(text, len, soff);
		size_t from = fi;
		while (fi < n && figs[fi].off < send)
			fi++;
		if (fi > from) {
			const char *sw = name_words(au->a, text + soff, send - soff);
			const char *prev_sw = prev_from < len ? name_words(au->a, text + prev_from, prev_to - prev_from) : NULL;
			if (p->section && !hw)
				hw = name_words(au->a, p->section, strlen(p->section));
			unsigned char judged[PROSE_FIGURES];
			memset(judged, 0, fi - from);
			parts_check(au, text, soff, send, sw, figs, from, fi, judged);
			for (size_t i = from; i < fi; i++) {
				if (!figs[i].has_unit)
					said_ridge(au, text + soff, send - soff, figs[i].off - soff, &figs[i], sw);
				if (!judged[i - from] && !said_in_share(au, text, soff, send, figs, from, fi, &figs[i]))
					tie(au, text + soff, send - soff, soff, sw, hw, prev_from < len ? text + prev_from : NULL,
					    prev_to - prev_from, prev_sw, &figs[i], figs + from, fi - from);
				compare(au, text, soff, send, figs, from, fi, &figs[i]);
			}
			relate_check(au, text, soff, send, figs, from, fi);
			said_utilization(au, text, soff, send, figs, from, fi);
			arith_check(au, text, p->src.loc, soff, send);
		}
		prev_from = soff;
		prev_to = send;
		soff = send;
	}
}
