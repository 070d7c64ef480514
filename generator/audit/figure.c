/*
 * figure.c — numbers as a book writes them in cells and prose: vendor
 * spellings made the units table's (teraFLOPS, TFLOPs, GB/sec, `2x`),
 * names that hold digits passed over (H100, FP16, HBM3, v5e), the words
 * that make a figure approximate or a bound, and the kind words of
 * headers and cells (dense, with sparsity, 双向, per GPU).  The numbers
 * themselves are read by numbers/literal.c, as everywhere else.
 */
#include "audit/figure.h"
#include "core/utf8.h"
#include "numbers/format.h"
#include "numbers/literal.h"

#include <stdint.h>
#include <string.h>

/* Spellings rewritten before a number is read: the book's on the left,
 * the units table's on the right.  Each must stand as a word (no ASCII
 * letter right before or after it). */
static const char *const respell[][2] = {
	/* "225 TFLOPs/s" (FlashAttention's papers): a rate of FLOPs, not per second twice */
	{ "TFLOPs/s", "TFLOPS" }, { "TFLOPS/s", "TFLOPS" }, { "PFLOPs/s", "PFLOPS" }, { "GFLOPs/s", "GFLOPS" },
	{ "GB/秒", "GB/s" }, { "TB/秒", "TB/s" },
	{ "teraFLOPS", "TFLOPS" }, { "TeraFLOPS", "TFLOPS" }, { "TFLOPs", "TFLOPS" },
	{ "TFlops", "TFLOPS" }, { "TFLops", "TFLOPS" }, { "Tflops", "TFLOPS" }, { "tflops", "TFLOPS" },
	{ "TFLOP/s", "TFLOPS" }, { "petaFLOPS", "PFLOPS" }, { "PetaFLOPS", "PFLOPS" },
	{ "PFLOPs", "PFLOPS" }, { "PFlops", "PFLOPS" }, { "Pflops", "PFLOPS" },
	{ "pflops", "PFLOPS" }, { "exaFLOPS", "EFLOPS" }, { "EFLOPs", "EFLOPS" },
	{ "Eflops", "EFLOPS" }, { "gigaFLOPS", "GFLOPS" }, { "GFLOPs", "GFLOPS" },
	{ "GFlops", "GFLOPS" }, { "Gflops", "GFLOPS" }, { "TOPs", "TOPS" },
	{ "Tops", "TOPS" }, { "POPs", "POPS" }, { "GB/sec", "GB/s" }, { "TB/sec", "TB/s" },
	{ "MB/sec", "MB/s" }, { "Gb/sec", "Gb/s" }, { "Gbit/s", "Gb/s" }, { "Tbit/s", "Tb/s" },
	{ "Gbits/s", "Gb/s" }, { "Tbits/s", "Tb/s" }, { "GT/s", "" }, { "KB", "KiB" },
	{ "Gbps", "Gb/s" }, { "Tbps", "Tb/s" }, { "Mbps", "Mb/s" }, { "GBps", "GB/s" },
	{ "TBps", "TB/s" }, { "GiB/sec", "GiB/s" },
};

struct norm {
	char *s;        /* rewritten text, NUL-terminated */
	size_t *map;    /* per byte of s (and one past its end): its offset in the original */
	size_t len;
};

static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static void norm_put(struct norm *n, const char *s, size_t k, size_t from)
{
	for (size_t i = 0; i < k; i++) {
		n->s[n->len] = s[i];
		n->map[n->len++] = from;
	}
}

/* Rewrites text into *n: the spellings above, `2x` as `2×`, Markdown's
 * emphasis and code marks dropped.  The result is at most 2 bytes longer
 * per input byte (`x` → `×`). */
/* Marks in math[] the dollar signs of text that delimit maths as GitHub
 * reads them (Pandoc's rule: an opening `$` followed by no space, a closing
 * one after no space and before no digit, in one paragraph): `（$64 /
 * 512$）` is maths, `$5 and $10` money.  One pass. */
static void math_dollars(const char *text, size_t len, unsigned char *math)
{
	size_t i = 0;
	while (i < len) {
		if (text[i] != '$' || (i > 0 && text[i - 1] == '\\') || i + 1 >= len || text[i + 1] == ' ' ||
		    text[i + 1] == '\n') {
			i++;
			continue;
		}
		size_t j = i + 1;
		while (j < len && text[j] != '$' && !(text[j] == '\n' && j + 1 < len && text[j + 1] == '\n'))
			j++;
		if (j >= len || text[j] != '$') {
			i = j;
			continue;
		}
		if (text[j - 1] != ' ' && text[j - 1] != '\n' && !(j + 1 < len && is_digit((unsigned char)text[j + 1]))) {
			math[i] = math[j] = 1;
			i = j + 1;
		} else {
			i = j;   /* no closer: it may open one */
		}
	}
}

static void normalise(struct arena *a, const char *text, size_t len, struct norm *n)
{
	n->s = arena_alloc(a, 2 * len + 1);
	n->map = arena_array(a, 2 * len + 1, sizeof *n->map);
	n->len = 0;
	unsigned char *math = NULL;
	if (memchr(text, '$', len)) {
		math = arena_alloc(a, len);
		memset(math, 0, len);
		math_dollars(text, len, math);
	}
	size_t i = 0;
	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		/* a maths delimiter is no dollar: "$64 / 512$" are two numbers */
		if (math && math[i]) {
			norm_put(n, " ", 1, i);
			i++;
			continue;
		}
		/* "4+ trillion": the number of a magnitude word past its '+' */
		if (c == '+' && i > 0 && is_digit((unsigned char)text[i - 1]) && i + 1 < len && text[i + 1] == ' ') {
			static const char *const words[] = { "thousand", "million", "billion", "trillion", NULL };
			size_t k = 0;
			while (words[k] && (len - i - 2 < strlen(words[k]) || memcmp(text + i + 2, words[k], strlen(words[k]))))
				k++;
			if (words[k]) {
				norm_put(n, " ", 1, i);
				i++;
				continue;
			}
		}
		/* "是其 BF16 单元（989 TFLOPS）的两倍": a Chinese numeral before 倍
		 * right after 的 (what A is of B) is its figure (not 一倍,
		 * "doubled"; not "较前轮约四倍", against a figure not given) */
		if ((c == 0xe4 || c == 0xe5) && i + 6 <= len && !memcmp(text + i + 3, "倍", 3) && i >= 3 &&
		    !memcmp(text + i - 3, "的", 3)) {
			static const char *const cn[][2] = { { "两", "2" }, { "二", "2" }, { "三", "3" }, { "四", "4" },
							     { "五", "5" } };
			size_t k = 0;
			while (k < sizeof cn / sizeof cn[0] && memcmp(text + i, cn[k][0], 3))
				k++;
			if (k < sizeof cn / sizeof cn[0]) {
				norm_put(n, cn[k][1], 1, i);
				i += 3;
				continue;
			}
		}
		int word_start = i == 0 || !is_alpha((unsigned char)text[i - 1]);
		if (c == '*' || c == '`' || (c == '_' && i + 1 < len && text[i + 1] == '_')) {
			i += c == '_' ? 2 : 1;
			continue;
		}
		if ((c == 'x' || c == 'X') && i > 0 &&
		    (is_digit((unsigned char)text[i - 1]) ||
		     (text[i - 1] == ' ' && i > 1 && is_digit((unsigned char)text[i - 2]) && c == 'x')) &&
		    (i + 1 >= len || !is_alpha((unsigned char)text[i + 1]))) {
			norm_put(n, "\xc3\x97", 2, i);
			i++;
			continue;
		}
		if (word_start && is_alpha(c)) {
			size_t k = 0;
			for (; k < sizeof respell / sizeof respell[0]; k++) {
				size_t fl = strlen(respell[k][0]);
				if (fl <= len - i && !memcmp(text + i, respell[k][0], fl) &&
				    (i + fl >= len || !is_alpha((unsigned char)text[i + fl])))
					break;
			}
			if (k < sizeof respell / sizeof respell[0]) {
				norm_put(n, respell[k][1], strlen(respell[k][1]), i);
				i += strlen(respell[k][0]);
				continue;
			}
		}
		norm_put(n, text + i, 1, i);
		i++;
	}
	n->s[n->len] = '\0';
	n->map[n->len] = len;
}

struct srcloc figure_loc(struct srcloc loc, const char *text, size_t off)
{
	size_t line_start = 0;
	for (size_t i = 0; i < off; i++)
		if (text[i] == '\n') {
			loc.line++;
			loc.col = 1;
			line_start = i + 1;
		}
	return units_loc_at(loc, text + line_start, off - line_start);
}

/* Does one of words[] end just before text[at] (spaces aside)? */
static int word_before(const char *text, size_t at, const char *const *words)
{
	while (at > 0 && text[at - 1] == ' ')
		at--;
	for (size_t k = 0; words[k]; k++) {
		size_t wl = strlen(words[k]);
		if (wl <= at && !audit_casecmp(text + at - wl, words[k], wl) &&
		    (at == wl || !is_alpha((unsigned char)text[at - wl - 1]) || !is_alpha((unsigned char)words[k][0])))
			return 1;
	}
	return 0;
}

static const char *const approx_words[] = {
	"~", "≈", "about", "around", "approximately", "approx.", "nearly", "almost", "roughly",
	"some", "circa", "约", "近", "大约", "接近", "约为", "差不多", "将近", "大概", NULL,
};
static const char *const bound_words[] = {
	">", "<", "≥", "≤", ">=", "<=", "over", "more than", "up to", "at least", "less than",
	"under", "above", "below", "beyond", "exceeds", "exceeding", "exceed", "than", "only",
	"超过", "高达", "最高", "多达", "不到", "至少", "最多", "大于", "小于", "低于", "高于",
	"不足", "超", "达", NULL,
};
/* Of those, the ones a vendor writes its own figure with: "up to 900 GB/s" */
static const char *const upper_words[] = {
	"up to", "at most", "高达", "最高", "多达", "最多", "最高可达", "可达", "达", NULL,
};
static const char *const bound_after[] = {
	"+", "以上", "以下", "多", "左右", NULL,
};

int audit_casecmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x >= 'A' && x <= 'Z')
			x += 32;
		if (y >= 'A' && y <= 'Z')
			y += 32;
		if (x != y)
			return x - y;
	}
	return 0;
}

size_t figure_scan(const struct audit *au, const char *text, size_t len, struct srcloc loc,
		   struct figure *figs, size_t max)
{
	struct norm n;
	normalise(au->a, text, len, &n);
	const char *s = n.s;
	size_t count = 0;
	size_t i = 0;
	while (i < n.len) {
		unsigned char c = (unsigned char)s[i];
		if (!is_digit(c)) {
			i++;
			continue;
		}
		/* digits glued to a letter, '.', '_' or '/' before them belong
		 * to a name or a version (H100, FP16, v5.1, 2:4 aside) */
		/* "w/2.45TBps" is "with 2.45TBps" */
		int with = i >= 2 && s[i - 1] == '/' && (s[i - 2] | 32) == 'w' && (i == 2 || !is_alpha((unsigned char)s[i - 3]));
		if (i > 0 && !with && (is_alpha((unsigned char)s[i - 1]) || s[i - 1] == '_' || s[i - 1] == '.' ||
			      s[i - 1] == '-' || s[i - 1] == '#' || s[i - 1] == ':' || s[i - 1] == '/' ||
			      s[i - 1] == '\\')) {
			while (i < n.len && (is_digit((unsigned char)s[i]) || is_alpha((unsigned char)s[i]) ||
					     s[i] == '.' || s[i] == '_'))
				i++;
			continue;
		}
		size_t start = i > 0 && s[i - 1] == '$' ? i - 1 : i;
		struct literal lit;
		struct srcloc none = { loc.file, 0, 0 };
		diag_mute(1);
		int rc = literal_parse(au->u, au->a, s + start, n.len - start, none,
				       LITERAL_UNIT | LITERAL_KIND, &lit);
		/* a unit glued to the Chinese after it ("900GB/s的", "1800GB/s降低到"
		 * was read as 1800 GB): the figure up to the first Han character,
		 * when that reads further */
		size_t cut = start;   /* a figure and its unit are short: linear in the text */
		while (cut < n.len && cut - start < 64 && (unsigned char)s[cut] < 0x80)
			cut++;
		if (cut < n.len && cut > start && ((unsigned char)s[cut] >= 0xe4 && (unsigned char)s[cut] <= 0xe9) &&
		    (rc != 1 || start + lit.len < cut)) {
			struct literal l2;
			int r2 = literal_parse(au->u, au->a, s + start, cut - start, none, LITERAL_UNIT | LITERAL_KIND, &l2);
			if (r2 == 1 && (rc != 1 || l2.len > lit.len)) {
				rc = r2;
				lit = l2;
			}
		}
		diag_mute(-1);
		if (rc != 1 || lit.len == 0) {
			while (i < n.len && (is_digit((unsigned char)s[i]) || s[i] == ',' || s[i] == '.'))
				i++;
			continue;
		}
		size_t end = start + lit.len;
		/* a literal that runs into a word is a name's part (3rd, 5e, 4090Ti) */
		if (end < n.len && (is_alpha((unsigned char)s[end]) || is_digit((unsigned char)s[end]) ||
				    (s[end] == '.' && end + 1 < n.len && is_digit((unsigned char)s[end + 1])))) {
			i = end;
			while (i < n.len && (is_digit((unsigned char)s[i]) || is_alpha((unsigned char)s[i])))
				i++;
			continue;
		}
		/* a ratio: "2.4×", "3 倍" (the literal leaves a × that may be a
		 * product's to its caller) */
		if (!lit.has_unit && dim_is_none(&lit.q.dim)) {
			size_t k = end;
			while (k < n.len && s[k] == ' ')
				k++;
			size_t next = k + 2;
			while (next < n.len && s[next] == ' ')
				next++;
			if (n.len - k >= 2 && !memcmp(s + k, "\xc3\x97", 2) &&
			    !(next < n.len && (is_digit((unsigned char)s[next]) || s[next] == '('))) {
				lit.has_unit = 1;
				lit.q.unit = "×";
				end = k + 2;
			} else if (n.len - k >= 3 && !memcmp(s + k, "倍", 3)) {
				lit.has_unit = 1;
				lit.q.unit = "×";
				end = k + 3;
			}
		}
		/* trailing spaces the literal read belong to no one */
		size_t trimmed = end;
		while (trimmed > start && s[trimmed - 1] == ' ')
			trimmed--;
		if (count < max) {
			struct figure *f = &figs[count];
			memset(f, 0, sizeof *f);
			f->q = lit.q;
			f->range = lit.range;
			f->integer = lit.integer && !lit.range;
			f->has_unit = lit.has_unit;
			f->off = n.map[start];
			f->len = n.map[trimmed] - n.map[start];
			/* the marks normalise() dropped after it are no part of it
			 * ("`4039 GB/s`" is "4039 GB/s") */
			while (f->len > 1 && (text[f->off + f->len - 1] == '`' || text[f->off + f->len - 1] == '*' ||
					      text[f->off + f->len - 1] == '_'))
				f->len--;
			f->loc = figure_loc(loc, text, f->off);
			f->width = (int)utf8_length(text + f->off, f->len);
			f->approx = word_before(s, start, approx_words);
			f->bound = word_before(s, start, bound_words);
			f->upper = f->bound && word_before(s, start, upper_words);
			for (size_t k = 0; bound_after[k]; k++) {
				size_t bl = strlen(bound_after[k]);
				if (n.len - trimmed >= bl && !memcmp(s + trimmed, bound_after[k], bl)) {
					f->bound = 1;
					f->upper = 0;   /* "900GB/s以上": more than it */
				}
			}
			/* a kind in parentheses after it: "1,979 (sparse)" */
			size_t j = trimmed;
			int paren = 0;
			while (j < n.len && (s[j] == ' ' || s[j] == '(' || (j + 3 <= n.len && !memcmp(s + j, "（", 3))))
				if (s[j] == ' ') {
					j++;
				} else {
					paren = 1;
					j += s[j] == '(' ? 1 : 3;
				}
			size_t k = j;
			/* "w/ 4:1 sparsity", "(2:4 sparse)": a ratio of sparsity is read past;
			 * a full-width ）or ，ends it as ) and , do ("（单向），双向 64 GB/s") */
			while (k < n.len && k - j < 32 && s[k] != ')' && s[k] != ',' && s[k] != '|' &&
			       !(k + 3 <= n.len && (!memcmp(s + k, "）", 3) || !memcmp(s + k, "，", 3) || !memcmp(s + k, "；", 3) ||
						  !memcmp(s + k, "。", 3))) &&
			       (!is_digit((unsigned char)s[k]) ||
				(k + 2 < n.len && s[k + 1] == ':' && is_digit((unsigned char)s[k + 2])) ||
				(k > 0 && s[k - 1] == ':')))
				k++;
			/* a parenthesis that holds a figure of its own ("128GB/s（每个方向
			 * 64GB/s）") tells that figure's kind */
			if (k > j && !(paren && k < n.len && is_digit((unsigned char)s[k]) && k - j < 32)) {
				unsigned char kinds[KIND_FAMILIES] = { 0 };
				if (figure_kinds(au, s + j, k - j, kinds))
					for (int fam = 0; fam < KIND_FAMILIES; fam++)
						if (kinds[fam] && !f->q.kind[fam])
							f->q.kind[fam] = kinds[fam];
			}
		}
		count++;
		i = end;
	}
	return count;
}

/* A kind word or phrase, and the kind it names (by its name in units.yaml). */
struct kind_word {
	const char *word, *kind;
};

static const struct kind_word kind_words[] = {
	{ "without sparsity", "dense" }, { "w/o sparsity", "dense" }, { "no sparsity", "dense" },
	{ "non-sparse", "dense" }, { "dense", "dense" }, { "稠密", "dense" }, { "非稀疏", "dense" },
	/* "989 TFLOPS（不含稀疏）": without sparsity */
	{ "不含稀疏", "dense" }, { "不开启稀疏", "dense" }, { "未开启稀疏", "dense" }, { "不使用稀疏", "dense" },
	{ "关闭稀疏", "dense" }, { "无稀疏", "dense" },
	{ "with sparsity", "sparse" }, { "sparsity", "sparse" }, { "sparse", "sparse" },
	{ "稀疏", "sparse" },
	{ "bidirectional", "bidirectional" }, { "bi-directional", "bidirectional" },
	{ "both directions", "bidirectional" }, { "bidir", "bidirectional" },
	{ "双向", "bidirectional" },
	{ "unidirectional", "per-direction" }, { "uni-directional", "per-direction" },
	{ "per direction", "per-direction" }, { "each direction", "per-direction" },
	{ "one-way", "per-direction" }, { "one direction", "per-direction" },
	{ "单向", "per-direction" }, { "每个方向", "per-direction" },
	{ "per gpu", "per-gpu" }, { "/gpu", "per-gpu" }, { "每卡", "per-gpu" }, { "每gpu", "per-gpu" },
	{ "每 gpu", "per-gpu" }, { "每个gpu", "per-gpu" }, { "每个 gpu", "per-gpu" }, { "单卡", "per-gpu" },
	{ "per node", "per-node" }, { "/node", "per-node" }, { "每节点", "per-node" },
	{ "per rack", "per-rack" }, { "每机柜", "per-rack" }, { "每机架", "per-rack" },
};

int figure_kinds(const struct audit *au, const char *text, size_t len,
		 unsigned char kind[KIND_FAMILIES])
{
	int found = 0;
	unsigned char seen[KIND_FAMILIES] = { 0 };
	for (size_t w = 0; w < sizeof kind_words / sizeof kind_words[0]; w++) {
		size_t wl = strlen(kind_words[w].word);
		for (size_t i = 0; i + wl <= len; i++) {
			if (audit_casecmp(text + i, kind_words[w].word, wl))
				continue;
			if (i > 0 && is_alpha((unsigned char)text[i - 1]) && is_alpha((unsigned char)kind_words[w].word[0]))
				continue;
			if (i + wl < len && is_alpha((unsigned char)text[i + wl]) &&
			    is_alpha((unsigned char)kind_words[w].word[wl - 1]))
				continue;
			int k = 0;
			const char *kn = kind_words[w].kind;
			if (!units_kind_match(au->u, kn, strlen(kn), &k) || k <= 0)
				break;
			int fam = units_kind_family(au->u, k);
			if (fam < 0 || fam >= KIND_FAMILIES || seen[fam])
				break;
			/* the first phrase found for a family wins: "without
			 * sparsity" is tried before "sparsity" */
			seen[fam] = 1;
			kind[fam] = (unsigned char)k;
			found++;
			break;
		}
	}
	return found;
}

/* The length of the UTF-8 sequence at text[i] (1 for a bad one). */
static size_t utf8_seq_len(const char *text, size_t len, size_t i)
{
	uint32_t cp;
	int l = utf8_decode(text + i, len - i, &cp);
	return l > 0 ? (size_t)l : 1;
}

/* Is a Han character at text[i]? */
static int is_han_at(const char *text, size_t len, size_t i)
{
	if ((unsigned char)text[i] < 0x80)
		return 0;
	uint32_t cp;
	int l = utf8_decode(text + i, len - i, &cp);
	return l > 0 && utf8_is_han(cp);
}

static const char *const vendor_words[] = {
	"nvidia", "amd", "intel", "google", "habana", "gpu", "gpus", "instinct", "tesla", "the", "cloud",
	"tensor", "core", "accelerator", NULL,
};

const char *name_normalise(struct arena *a, const char *text, size_t len)
{
	char *out = arena_alloc(a, len + 2);
	size_t o = 0;
	size_t i = 0;
	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		if (!(is_alpha(c) || is_digit(c) || is_han_at(text, len, i))) {
			i += c >= 0x80 ? utf8_seq_len(text, len, i) : 1;
			continue;
		}
		size_t w = i;
		/* a word: letters and digits, or Han characters ("FP32算力" is
		 * two); other signs (（, ®, ™) end it */
		if (is_han_at(text, len, i))
			while (i < len && is_han_at(text, len, i))
				i += utf8_seq_len(text, len, i);
		else
			while (i < len && (is_alpha((unsigned char)text[i]) || is_digit((unsigned char)text[i])))
				i++;
		size_t wl = i - w;
		if (wl == 0) {
			i++;
			continue;
		}
		int drop = 0;
		for (size_t k = 0; vendor_words[k]; k++)
			if (strlen(vendor_words[k]) == wl && !audit_casecmp(text + w, vendor_words[k], wl))
				drop = 1;
		if (drop)
			continue;
		if (o)
			out[o++] = ' ';
		for (size_t k = 0; k < wl; k++) {
			char ch = text[w + k];
			out[o++] = ch >= 'A' && ch <= 'Z' ? (char)(ch + 32) : ch;
		}
		/* sxm4, sxm5: the form factor, whatever its generation */
		if (wl == 4 && !audit_casecmp(text + w, "sxm", 3) && is_digit((unsigned char)text[w + 3]))
			o--;
	}
	out[o] = '\0';
	return out;
}

const char *name_words(struct arena *a, const char *text, size_t len)
{
	char *out = arena_alloc(a, 2 * len + 3);
	size_t o = 0;
	out[o++] = ' ';
	size_t i = 0;
	while (i < len) {
		unsigned char c = (unsigned char)text[i];
		if (is_alpha(c) || is_digit(c)) {
			while (i < len && (is_alpha((unsigned char)text[i]) || is_digit((unsigned char)text[i]))) {
				char ch = text[i++];
				out[o++] = ch >= 'A' && ch <= 'Z' ? (char)(ch + 32) : ch;
			}
			out[o++] = ' ';
			continue;
		}
		if (c >= 0x80) {
			uint32_t cp;
			int l = utf8_decode(text + i, len - i, &cp);
			if (l <= 0)
				l = 1;
			if (utf8_is_han(cp)) {
				memcpy(out + o, text + i, (size_t)l);
				o += (size_t)l;
				out[o++] = ' ';
			}
			i += (size_t)l;
			continue;
		}
		i++;
	}
	out[o] = '\0';
	return out;
}

const char *figure_text(const struct audit *au, const struct quantity *q)
{
	return format_quantity(au->a, au->u, q, 0);
}

const char *figure_respell(struct arena *a, const char *text, size_t len, size_t *out_len)
{
	struct norm n;
	normalise(a, text, len, &n);
	*out_len = n.len;
	return n.s;
}

void figure_setup(struct audit *au, struct arena *a, const struct units *u)
{
	memset(au, 0, sizeof *au);
	au->a = a;
	au->u = u;
	au->approx = 0.02;
	int k = 0;
	if (units_kind_match(u, "dense", 5, &k))
		au->kind_dense = k;
	if (units_kind_match(u, "sparse", 6, &k))
		au->kind_sparse = k;
	if (units_kind_match(u, "per-direction", 13, &k))
		au->kind_perdir = k;
	if (units_kind_match(u, "bidirectional", 13, &k))
		au->kind_bidir = k;
}

int words_have(const char *sw, const char *w, size_t wl)
{
	for (const char *p = strchr(sw, ' '); p; p = strchr(p + 1, ' '))
		if (!strncmp(p + 1, w, wl) && p[1 + wl] == ' ')
			return 1;
	return 0;
}

int words_have_all(const char *sw, const char *name)
{
	if (!name[0])
		return 0;
	for (const char *w = name; *w;) {
		const char *e = strchr(w, ' ');
		size_t wl = e ? (size_t)(e - w) : strlen(w);
		if (!words_have(sw, w, wl))
			return 0;
		if (!e)
			break;
		w = e + 1;
	}
	return 1;
}
