/*
 * reference.c — reference data shipped with specbook (issue 37, part 4):
 * the guide's own spec tables of accelerators, HBM, interconnects and
 * systems (specs/, each row with its sources and checked by the guide's
 * build), embedded in the binary like the units (Makefile, tools/
 * embed.c) and read here with core/yamltree.h.
 *
 * A book's table row that names a known part (its key against the
 * reference rows' names and aliases, normalised: `H100 SXM5`, `NVIDIA
 * H100`, `A100 80GB`) has its figures held against the reference cells of
 * the column its header names (by the column's id or name words, and a
 * few synonyms: `memory bandwidth` for mem_bw, `TDP` for tdp).  A figure
 * off the reference is a warning naming the reference's source; within
 * 10% and no slip, a note (vendors publish several figures: boost
 * clocks, SKUs, rounding).
 */
#include "audit/reference.h"
#include "audit/table.h"
#include "audit/hints.h"
#include "audit/figure.h"
#include "core/buffer.h"
#include "core/builtin.h"
#include "core/yamltree.h"
#include "numbers/format.h"
#include "numbers/literal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

struct ref_column {
	const char *id;
	const char *name;        /* the en name's words (header_name form) */
	struct unit unit;
	int has_unit;
	int count;               /* a count: no unit, dimensionless (has_unit too) */
};

struct ref_row {
	const char *id, *name;
	const char **names;      /* normalised name and aliases */
	const char **stripped;   /* the same without size and form-factor words */
	size_t nnames;
	struct quantity *cells;  /* per column */
	unsigned char *has;      /* per column */
	unsigned char *na;       /* per column: "n/a", the part has no such thing */
	const char *source;      /* the first source's id */
	struct srcloc loc;
};

struct ref_table {
	const char *id, *file;
	struct ref_column *cols;
	size_t ncols;
	struct ref_row *rows;
	size_t nrows;
};

struct ref_source {
	const char *id, *title, *url;
};

struct audit_reference {
	struct ref_table *tables;
	size_t ntables;
	struct ref_source *sources;
	size_t nsources;
};

static const char *stripped(struct arena *a, const char *name);

/* The reference tables the binary carries (Makefile: AUDIT_REFERENCE). */
static const char *const builtin_tables[] = {
	"reference/specs/accelerators.yaml", "reference/specs/hbm.yaml",
	"reference/specs/interconnects.yaml", "reference/specs/systems.yaml",
};

/* A minimal audit for reading names and kinds with figure.c. */
static struct audit *reader(struct arena *a, const struct units *u)
{
	struct audit *au = arena_alloc(a, sizeof *au);
	figure_setup(au, a, u);
	return au;
}

static void read_table(struct arena *a, const struct units *u, struct ynode *root, struct ref_table *t)
{
	struct audit *au = reader(a, u);
	struct ynode *id = ytree_get(root, "table");
	t->id = id && id->kind == YNODE_SCALAR ? id->text : "?";
	struct ynode *cols = ytree_get(root, "columns");
	struct ynode *rows = ytree_get(root, "rows");
	if (!cols || cols->kind != YNODE_MAP || !rows || rows->kind != YNODE_MAP)
		return;
	t->ncols = cols->count;
	t->cols = arena_array(a, t->ncols ? t->ncols : 1, sizeof *t->cols);
	for (size_t c = 0; c < cols->count; c++) {
		struct ref_column *rc = &t->cols[c];
		rc->id = cols->pairs[c].key->text;
		struct ynode *v = cols->pairs[c].value;
		struct ynode *en = ytree_get(v, "en"), *unit = ytree_get(v, "unit");
		const char *nm = en && en->kind == YNODE_SCALAR ? en->text : rc->id;
		rc->name = name_normalise(a, nm, strlen(nm));
		if (unit && unit->kind == YNODE_SCALAR &&
		    units_parse(u, a, unit->text, unit->len, unit->loc, &rc->unit) == 0)
			rc->has_unit = 1;
		/* a column with no unit that says its kind is a count (CUDA
		 * cores per GPU): a plain number, dimensionless */
		if (!unit && ytree_get(v, "kind")) {
			rc->unit = (struct unit){ "", 1, { { 0 } } };
			rc->has_unit = rc->count = 1;
		}
	}
	t->nrows = rows->count;
	t->rows = arena_array(a, t->nrows ? t->nrows : 1, sizeof *t->rows);
	for (size_t r = 0; r < rows->count; r++) {
		struct ref_row *rr = &t->rows[r];
		struct ynode *row = rows->pairs[r].value;
		rr->id = rows->pairs[r].key->text;
		rr->loc = rows->pairs[r].key->loc;
		struct ynode *name = ytree_get(row, "name"), *aliases = ytree_get(row, "aliases"),
			     *sources = ytree_get(row, "sources");
		rr->name = name && name->kind == YNODE_SCALAR ? name->text : rr->id;
		size_t na = aliases && aliases->kind == YNODE_SEQ ? aliases->count : 0;
		rr->names = arena_array(a, na + 1, sizeof *rr->names);
		rr->names[rr->nnames++] = name_normalise(a, rr->name, strlen(rr->name));
		for (size_t k = 0; k < na; k++)
			if (aliases->items[k]->kind == YNODE_SCALAR)
				rr->names[rr->nnames++] = name_normalise(a, aliases->items[k]->text, aliases->items[k]->len);
		rr->stripped = arena_array(a, rr->nnames, sizeof *rr->stripped);
		for (size_t k = 0; k < rr->nnames; k++)
			rr->stripped[k] = stripped(a, rr->names[k]);
		if (sources && sources->kind == YNODE_SEQ && sources->count)
			rr->source = sources->items[sources->count - 1]->text;
		rr->cells = arena_array(a, t->ncols ? t->ncols : 1, sizeof *rr->cells);
		rr->has = arena_array(a, t->ncols ? t->ncols : 1, 1);
		rr->na = arena_array(a, t->ncols ? t->ncols : 1, 1);
		for (size_t c = 0; c < t->ncols; c++) {
			struct ynode *v = ytree_get(row, t->cols[c].id);
			if (!v || v->kind != YNODE_SCALAR || !t->cols[c].has_unit)
				continue;
			if (!strcmp(v->text, "n/a")) {
				rr->na[c] = 1;
				continue;
			}
			enum literal_value_kind kind;
			struct quantity q;
			if (literal_parse_value(u, a, v->text, v->len, v->loc, t->cols[c].count ? NULL : &t->cols[c].unit,
						&kind, &q) == 0 &&
			    kind == LITERAL_VALUE && (!t->cols[c].count || dim_is_none(&q.dim))) {
				struct ynode *ck = ytree_get(cols->pairs[c].value, "kind");
				if (ck && ck->kind == YNODE_SCALAR)
					figure_kinds(au, ck->text, ck->len, q.kind);
				rr->cells[c] = q;
				rr->has[c] = 1;
			}
		}
	}
}

const struct audit_reference *audit_reference_load(struct arena *a, const struct units *u,
						   const struct audit_text *tables, size_t n,
						   struct audit_text sources)
{
	struct audit_reference *ref = arena_alloc(a, sizeof *ref);
	memset(ref, 0, sizeof *ref);
	ref->tables = arena_array(a, n ? n : 1, sizeof *ref->tables);
	for (size_t i = 0; i < n; i++) {
		struct ynode *root = ytree_parse(a, tables[i].loc.file, tables[i].text, tables[i].len, 1);
		if (!root)
			continue;
		struct ref_table *t = &ref->tables[ref->ntables++];
		memset(t, 0, sizeof *t);
		t->file = tables[i].loc.file;
		read_table(a, u, root, t);
	}
	struct ynode *root = sources.text ? ytree_parse(a, sources.loc.file, sources.text, sources.len, 1) : NULL;
	if (root && root->kind == YNODE_MAP) {
		ref->sources = arena_array(a, root->count ? root->count : 1, sizeof *ref->sources);
		for (size_t i = 0; i < root->count; i++) {
			struct ynode *title = ytree_get(root->pairs[i].value, "title");
			struct ynode *url = ytree_get(root->pairs[i].value, "url");
			ref->sources[ref->nsources++] = (struct ref_source){
				root->pairs[i].key->text, title && title->kind == YNODE_SCALAR ? title->text : "",
				url && url->kind == YNODE_SCALAR ? url->text : "" };
		}
	}
	return ref;
}

const struct audit_reference *audit_reference_builtin(struct arena *a, const struct units *u)
{
	struct audit_text tables[sizeof builtin_tables / sizeof builtin_tables[0]];
	size_t n = 0;
	for (size_t i = 0; i < sizeof builtin_tables / sizeof builtin_tables[0]; i++) {
		const struct builtin_file *f = builtin_find(builtin_tables[i]);
		if (!f)
			continue;
		/* shown as specbook's own: (specbook)/specs/accelerators.yaml */
		struct srcloc loc = { arena_printf(a, AUDIT_REFERENCE_PLACE "%s", builtin_tables[i] + strlen("reference/")),
				      1, 1 };
		tables[n++] = (struct audit_text){ f->data, f->len, loc };
	}
	if (!n)
		return NULL;
	const struct builtin_file *s = builtin_find("reference/specs/sources.yaml");
	struct audit_text src = { s ? s->data : NULL, s ? s->len : 0, { AUDIT_REFERENCE_PLACE "specs/sources.yaml", 1, 1 } };
	return audit_reference_load(a, u, tables, n, src);
}

void audit_reference_size(const struct audit_reference *r, size_t *rows, size_t *columns,
			  size_t *sources)
{
	*rows = *columns = 0;
	*sources = r ? r->nsources : 0;
	for (size_t t = 0; r && t < r->ntables; t++) {
		*rows += r->tables[t].nrows;
		*columns += r->tables[t].ncols;
	}
}

/* ---- a book's table against the reference ---- */

/* Words a part's row may add to its name: a memory size ("A100 80GB" is
 * the A100), the SXM form factor. */
static int is_size_word(const char *w, size_t n)
{
	size_t d = 0;
	while (d < n && w[d] >= '0' && w[d] <= '9')
		d++;
	if (n == 3 && !strncmp(w, "sxm", 3))   /* the form factor most rows are: "GH200 SXM" is the GH200 */
		return 1;
	return d && n - d == 2 && (!strncmp(w + d, "gb", 2) || !strncmp(w + d, "tb", 2));
}

/* Finds the reference row a book's normalised key names; -1 when none or
 * several tables' rows do.  Sets *table. */
/* Returns name without its size and form-factor words ("a100 pcie 80gb"
 * → "a100 pcie"), in the arena. */
static const char *stripped(struct arena *a, const char *name)
{
	size_t kl = strlen(name);
	char *s = arena_alloc(a, kl + 1);
	size_t o = 0;
	for (size_t i = 0; i < kl;) {
		size_t w = i;
		while (i < kl && name[i] != ' ')
			i++;
		if (!is_size_word(name + w, i - w)) {
			if (o)
				s[o++] = ' ';
			memcpy(s + o, name + w, i - w);
			o += i - w;
		}
		while (i < kl && name[i] == ' ')
			i++;
	}
	s[o] = '\0';
	return s;
}

/* name without its spaces, and without the v of a version that follows
 * a word ("tpu v5p" → "tpu5p"), in the arena. */
static const char *squashed(struct arena *a, const char *name)
{
	size_t n = strlen(name), o = 0;
	char *s = arena_alloc(a, n + 1);
	for (size_t i = 0; i < n; i++) {
		if (name[i] == ' ')
			continue;
		if (name[i] == 'v' && i > 0 && name[i - 1] == ' ' && name[i + 1] >= '0' && name[i + 1] <= '9')
			continue;
		s[o++] = name[i];
	}
	s[o] = '\0';
	return s;
}

/* The memory size word of a normalised name ("a100 pcie 40gb" → "40gb"),
 * or "" */
static const char *size_word(struct arena *a, const char *name)
{
	for (const char *w = name; *w;) {
		const char *e = strchr(w, ' ');
		size_t wl = e ? (size_t)(e - w) : strlen(w);
		if (is_size_word(w, wl) && strncmp(w, "sxm", 3))
			return arena_strndup(a, w, wl);
		if (!e)
			break;
		w = e + 1;
	}
	return "";
}

/* Does a book's size word differ from the one a reference row's names
 * give ("A100 PCIe 40GB" is not the row named "A100 PCIe 80GB")? */
static int sizes_differ(struct arena *a, const char *size, const char *const *names, size_t n)
{
	if (!size[0])
		return 0;
	for (size_t k = 0; k < n; k++) {
		const char *s = size_word(a, names[k]);
		if (s[0] && strcmp(s, size))
			return 1;
	}
	return 0;
}

/* The one chip row whose name's first word is key's first word, when the
 * rest of key is Chinese words or a form factor or link; else -1. */
static long only_model(struct arena *a, const struct ref_table *rt, const char *key, size_t *table)
{
	static const char *const extra[] = { "pcie", "nvlink", "sxm", "oam", "nvl", NULL };
	size_t wl = strcspn(key, " ");
	if (!key[wl])
		return -1;
	for (const char *w = key + wl + 1; *w;) {
		size_t n = strcspn(w, " ");
		int ok = (unsigned char)w[0] >= 0x80;
		for (size_t k = 0; extra[k] && !ok; k++)
			ok = strlen(extra[k]) == n && !strncmp(w, extra[k], n);
		if (!ok)
			return -1;
		w += n;
		while (*w == ' ')
			w++;
	}
	long found = -1;
	for (size_t r = 0; r < rt->nrows; r++) {
		const char *nm = rt->rows[r].stripped[0];
		if (!strncmp(nm, key, wl) && (nm[wl] == ' ' || !nm[wl])) {
			if (found >= 0)
				return -1;
			found = (long)r;
		}
	}
	/* "H200 NVL" and "H200 PCIe" are not the row of the H200 SXM */
	const char *sw = name_words(a, key, strlen(key));
	if (found >= 0 && strstr(rt->rows[found].names[0], "sxm") &&
	    (words_have(sw, "pcie", 4) || words_have(sw, "nvl", 3)))
		return -1;
	if (found >= 0)
		*table = 0;
	return found;
}

static long find_row_named(const struct audit_reference *ref, struct arena *a, const char *key, size_t *table);

static long find_row(const struct audit_reference *ref, struct arena *a, const char *key, size_t *table)
{
	long r = find_row_named(ref, a, key, table);
	/* an A800 the reference has no row for ("A800 PCIe") is that A100
	 * with a slower NVLink (check_rows() leaves its NVLink out) */
	if (r < 0 && !strncmp(key, "a800", 4) && (key[4] == ' ' || !key[4]))
		r = find_row_named(ref, a, arena_printf(a, "a100%s", key + 4), table);
	return r;
}

static long find_row_named(const struct audit_reference *ref, struct arena *a, const char *key, size_t *table)
{
	for (size_t t = 0; t < ref->ntables; t++)
		for (size_t r = 0; r < ref->tables[t].nrows; r++)
			for (size_t n = 0; n < ref->tables[t].rows[r].nnames; n++)
				if (!strcmp(ref->tables[t].rows[r].names[n], key)) {
					*table = t;
					return (long)r;
				}
	/* both without their size and form-factor words; such a name is a
	 * chip's (the first table, accelerators), never a superchip's or a
	 * rack's */
	const char *k = stripped(a, key);
	if (!ref->ntables || !k[0])
		return -1;
	const struct ref_table *rt = &ref->tables[0];
	const char *size = size_word(a, key);
	for (size_t r = 0; r < rt->nrows; r++)
		for (size_t n = 0; n < rt->rows[r].nnames; n++)
			if (!strcmp(rt->rows[r].stripped[n], k) && !sizes_differ(a, size, rt->rows[r].names, rt->rows[r].nnames)) {
				*table = 0;
				return (long)r;
			}
	/* a GB200's or GB300's row said to be the SXM module or the GPU is
	 * one Blackwell GPU of the superchip (the reference's *_gpu row) */
	if ((!strcmp(k, "gb200") || !strcmp(k, "gb300")) && strcmp(k, key) &&
	    (strstr(key, "sxm") || strstr(key, "gpu"))) {
		const char *id = arena_printf(a, "%s_gpu", k);
		for (size_t r = 0; r < rt->nrows; r++)
			if (!strcmp(rt->rows[r].id, id)) {
				*table = 0;
				return (long)r;
			}
	}
	/* spaces and a version's v aside: "tpu v7x" is TPU7x, "gaudi 3" Gaudi3 */
	const char *sq = squashed(a, k);
	for (size_t r = 0; r < rt->nrows; r++)
		for (size_t n = 0; n < rt->rows[r].nnames; n++)
			if (!strcmp(squashed(a, rt->rows[r].stripped[n]), sq) &&
			    !sizes_differ(a, size, rt->rows[r].names, rt->rows[r].nnames)) {
				*table = 0;
				return (long)r;
			}
	/* a model and words that name no other part ("H20-特供-训练（PCIe、
	 * Nvlink）"): the one reference row of that model */
	return only_model(a, rt, k, table);
}

/* Words of a book column that name a reference column: its id's parts,
 * and synonyms for the accelerators' columns. */
#define SYNONYM_NOT 20
#define SYNONYM_WORDS 10

struct synonym {
	const char *column, *words[SYNONYM_WORDS];
	const char *not[SYNONYM_NOT];
};

/* A memory bandwidth column is the memory's peak: not a link's, not the
 * host's or a peer's ("Host-to-Device Bandwidth"), not one measured
 * ("估算有效带宽", "achieved bandwidth"). */
static const struct synonym synonyms[] = {
	{ "memory", { "memory", "hbm", "显存", "vram", "内存", NULL }, { "bandwidth", "带宽", NULL } },
	{ "mem_bw", { "bandwidth", "带宽", NULL },
	  { "nvlink", "link", "互连", "互联", "链路", "interconnect", "多卡", "卡间", "通信", "网络", "network", "host", "peer",
	    "p2p", "effective", "achieved", "measured", "有效", "实测", NULL } },
	{ "tdp", { "tdp", "power", "功耗", "功率", "draws", NULL }, { NULL } },
	/* a multi-GPU interconnect's bandwidth ("多卡互联带宽", "互连带宽") is
	 * the NVLink's */
	{ "nvlink", { "nvlink", "nvlink2", "nvlink3", "nvlink4", "nvlink5", "互联带宽", "互连带宽", "interconnect bandwidth",
		      NULL },
	  { NULL } },
	{ "bf16", { "bfloat16", NULL }, { NULL } },
	/* counts: a core count, never a throughput of the cores ("FP16 Tensor
	 * Core" with plain numbers), nor a count per SM ("threads per SM") */
	{ "cuda_cores", { "cuda cores", "cuda core", "cuda 核心", "cuda 核心数", "cuda 核数", "cuda 核" },
	  { "fp16", "bf16", "fp32", "fp64", "tf32", "fp8", "int8", "tflops", "tops", "算力", "性能", "performance", "per",
	    "每" } },
	{ "tensor_cores", { "tensor cores", "tensor core", "tensor 核心", "tensor 核心数", "tensor 核数", "张量核心" },
	  { "fp16", "bf16", "fp32", "fp64", "tf32", "fp8", "int8", "tflops", "tops", "算力", "性能", "performance", "per",
	    "每" } },
	/* a compute capability ("计算能力", "CC"): a version, never a compute
	 * figure ("计算能力 (TFLOPS)" has a unit; version_cells() reads the
	 * rest) */
	{ "cc", { "compute capability", "计算能力", "cuda capability", "cuda compute capability", "sm version", NULL },
	  { "tflops", "tops", "flops", "算力", "性能", "performance", "倍", NULL } },
	{ "sms", { "sm", "sm 数", "sm cu 数", "sm count", "streaming multiprocessors", "流多处理器" },
	  { "per", "每", "threads", "thread", "warps", "warp", "blocks", "block", "registers", "shared", "max", "最大",
	    "线程", "频率", NULL } },
};

static int has_word(const char *name, const char *w)
{
	/* Chinese has no spaces between words: 显存带宽 holds 带宽 */
	if ((unsigned char)w[0] >= 0x80)
		return strstr(name, w) != NULL;
	size_t wl = strlen(w), nl = strlen(name);
	for (size_t i = 0; i + wl <= nl; i++)
		if (!memcmp(name + i, w, wl) && (i == 0 || name[i - 1] == ' ') &&
		    (i + wl == nl || name[i + wl] == ' '))
			return 1;
	return 0;
}

/* Does a column's name name data type id (its id, or BFLOAT16 for bf16)? */
static int names_type(const char *name, const char *id)
{
	return has_word(name, id) || (!strcmp(id, "bf16") && has_word(name, "bfloat16"));
}


/* Is column c of book table t a plain (CUDA-core) figure of a data type
 * whose tensor-core figure another column of t gives ("FP16 (TFLOPS)"
 * beside "FP16 Tensor Core (TFLOPS)")? */
static int plain_beside_tensor(const struct atable *t, size_t c, const char *id)
{
	if (says_tensor(t->cols[c].header) || !names_type(t->cols[c].name, id))
		return 0;
	for (size_t k = 0; k < t->ncols; k++)
		if (k != c && says_tensor(t->cols[k].header) && names_type(t->cols[k].name, id))
			return 1;
	return 0;
}

/* Does a header say its figure is per something but the GPU ("per SM",
 * "/SM", "每个", "max")? */
static int count_per(const char *header)
{
	static const char *const han[] = { "每", "最大", NULL };
	for (size_t k = 0; han[k]; k++)
		if (strstr(header, han[k]))
			return 1;
	/* "Cores / SM", but "Cores/GPU" is the part's */
	for (const char *sl = strchr(header, '/'); sl; sl = strchr(sl + 1, '/')) {
		const char *w = sl + 1;
		while (*w == ' ')
			w++;
		if (audit_casecmp(w, "gpu", 3) && audit_casecmp(w, "card", 4))
			return 1;
	}
	size_t n = strlen(header);
	for (size_t i = 0; i + 3 <= n; i++)
		if ((!audit_casecmp(header + i, "per", 3) || !audit_casecmp(header + i, "max", 3)) &&
		    (i == 0 || !((header[i - 1] | 32) >= 'a' && (header[i - 1] | 32) <= 'z')) &&
		    !((header[i + 3] | 32) >= 'a' && (header[i + 3] | 32) <= 'z'))
			return 1;
	return 0;
}

/* The reference column of table rt that column c of book table t names
 * (for figure f), or -1.  A header that names two ("FP16 / BF16") names
 * either when row rr gives the two one figure. */
static long find_column(const struct ref_table *rt, const struct ref_row *rr, const struct atable *t, size_t c_book,
			const struct figure *f)
{
	const struct acolumn *col = &t->cols[c_book];
	long found = -1;
	int matches = 0, same = 1;
	/* caches and on-chip memories are not the part's memory */
	static const char *const on_chip[] = { "cache", "l1", "l2", "l3", "sram", "shared", "distributed",
					       "smem", "register", "缓存", NULL };
	for (size_t k = 0; on_chip[k]; k++)
		if (has_word(col->name, on_chip[k]))
			return -1;
	for (size_t c = 0; c < rt->ncols; c++) {
		const struct ref_column *rc = &rt->cols[c];
		if (!rc->has_unit || !dim_equal(&rc->unit.dim, &f->q.dim))
			continue;
		/* the reference's FP64 is the vector figure, its FP64 Tensor
		 * Core the matrix one (a name drops "tensor core": the header
		 * says which); a plain FP16 beside a tensor-core FP16 is the
		 * CUDA cores' */
		if ((!strcmp(rc->id, "fp64") && says_tensor(col->header)) ||
		    (!strcmp(rc->id, "fp64_tc") && !says_tensor(col->header)) ||
		    (strncmp(rc->id, "fp64", 4) && plain_beside_tensor(t, c_book, rc->id)))
			continue;
		int ok = has_word(col->name, rc->id);
		for (size_t s = 0; s < sizeof synonyms / sizeof synonyms[0] && !ok; s++) {
			if (strcmp(synonyms[s].column, rc->id))
				continue;
			int excluded = 0;
			for (size_t k = 0; k < SYNONYM_NOT && synonyms[s].not[k]; k++)
				excluded |= has_word(col->name, synonyms[s].not[k]);
			if (excluded)
				break;
			for (size_t w = 0; w < SYNONYM_WORDS && synonyms[s].words[w]; w++)
				if (has_word(col->name, synonyms[s].words[w]))
					ok = 1;
		}
		if (!ok && rc->name[0] && !strcmp(rc->name, col->name))
			ok = 1;
		/* "HBM TB/s": a memory word over a rate of bytes is the memory's
		 * bandwidth (the dimension is checked above) */
		if (!ok && !strcmp(rc->id, "mem_bw"))
			for (size_t s = 0; s < sizeof synonyms / sizeof synonyms[0] && !ok; s++)
				if (!strcmp(synonyms[s].column, "memory"))
					for (size_t w = 0; w < SYNONYM_WORDS && synonyms[s].words[w] && !ok; w++)
						ok = has_word(col->name, synonyms[s].words[w]) &&
						     !has_word(col->name, "nvlink") && !has_word(col->name, "link");
		/* a count per SM or per anything ("Cores per SM", "每个 SM 的
		 * Tensor Core 数"; the column's name has lost its "per") is no
		 * count of the part's */
		if (ok && rc->count && count_per(col->header))
			ok = 0;
		if (ok) {
			if (found >= 0)
				same &= rr && rr->has[found] && rr->has[c] &&
					interval_mid(rr->cells[found].v) == interval_mid(rr->cells[c].v);
			found = (long)c;
			matches++;
		}
	}
	return matches == 1 || (matches == 2 && same) ? found : -1;
}

static const struct ref_source *source_of(const struct audit_reference *ref, const char *id)
{
	for (size_t i = 0; id && i < ref->nsources; i++)
		if (!strcmp(ref->sources[i].id, id))
			return &ref->sources[i];
	return NULL;
}

/* What b is multiplied by to be of a's kinds (sparse: 2 × dense), 1 when
 * they are of the same kinds or no factor is known. */
static double kind_factor(const struct audit *au, const struct figure *a, const struct figure *b)
{
	double f = 1;
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ka = a->q.kind[fam], kb = b->q.kind[fam];
		double k = ka && kb && ka != kb ? units_kind_factor(au->u, kb, ka) : 0;
		if (k > 0)
			f *= k;
	}
	return f;
}

/* A reference figure as the book's column would say it: "989 TFLOPS",
 * or "2 × 989 TFLOPS" for a sparse column. */
static const char *factor_text(struct audit *au, const struct figure *rf, double factor)
{
	if (factor == 1)
		return figure_text(au, &rf->q);
	return arena_printf(au->a, "%s × %s", format_number(au->a, factor, -1), figure_text(au, &rf->q));
}

/* When figure f (of reference column rc) is what another form of the
 * same part gives (the H100 PCIe's where the row was read as the H100
 * SXM's), a hint that says so; else NULL. */
static const char *sibling_hint(struct audit *au, const struct ref_table *rt, const struct ref_row *rr, long rc,
				const struct figure *f)
{
	const char *base = rr->stripped[0];
	size_t bl = strcspn(base, " ");
	for (size_t r = 0; r < rt->nrows; r++) {
		const struct ref_row *o = &rt->rows[r];
		if (o == rr || !o->has[rc] || strncmp(o->stripped[0], base, bl) ||
		    (o->stripped[0][bl] != ' ' && o->stripped[0][bl]))
			continue;
		struct figure of = { 0 };
		of.q = o->cells[rc];
		if (figures_agree(au, f, &of, 0.005)) {
			return arena_printf(au->a, "hint: %s gives %s: is that the part meant?", o->name,
					    factor_text(au, &of, kind_factor(au, f, &of)));
		}
	}
	return NULL;
}

/* A cell of a book's row held against its reference cell. */
struct held {
	long rc;                 /* the reference column, -1: none or agrees */
	double ratio;            /* book / reference */
	const char *hint;
	struct figure rf;
	double factor;           /* the book's kind against the reference's (2: sparse, dense) */
};

/* Is ratio eight or sixteen times (an 8-GPU system's dense or sparse
 * figures against one GPU's dense)? */
static int eightfold(double ratio)
{
	return (ratio > 7.8 && ratio < 8.2) || (ratio > 15.6 && ratio < 16.4);
}

/* A row whose figures are eight or sixteen times the reference (a DGX
 * B200's 72 PFLOPS in a table of GPUs): one finding for the row. */
static void system_row(struct audit *au, struct atable *t, size_t r, const struct ref_table *rt,
		       const struct ref_row *rr, struct held *held, const char *source)
{
	int n = 0;
	for (size_t c = 0; c < t->ncols; c++)
		n += held[c].rc >= 0 && eightfold(held[c].ratio);
	if (n < 2)
		return;
	struct buf list = BUF_INIT;
	long first = -1;
	for (size_t c = 0; c < t->ncols; c++) {
		if (held[c].rc < 0 || !eightfold(held[c].ratio))
			continue;
		if (first < 0)
			first = (long)c;
		t->flagged[r * t->ncols + c] = 1;
		buf_addf(&list, "\n'%s' %s: %s times %s", t->cols[c].header, table_cell(t, r, c)->plain,
			 held[c].ratio > 12 ? "16" : "8", factor_text(au, &held[c].rf, held[c].factor));
		held[c].rc = -1;
	}
	struct acell *cell = table_cell(t, r, (size_t)first);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s), one GPU\n%s%s\nhint: an 8-GPU system's totals (DGX, "
		"HGX; 16 times: its sparse figures) in a table of GPUs? Say so in the row's name, or give one GPU's",
		rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, source, list.data);
	buf_release(&list);
	au->sum.findings_reference++;
	diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width, detail,
		    "the row '%s' gives %d figures 8 or 16 times the reference data for %s: a system's totals?",
		    table_cell(t, r, (size_t)t->key)->plain, n, rr->name);
}

/* A row's name without its remarks in parentheses ("H100 PCIe (Hopper)",
 * "B200 (Blackwell, dual-die)"), normalised; a remark that names a form
 * factor, a link or a size stays ("A100 (PCIe)", "(80GB)",
 * "H20（PCIe、Nvlink）").  NULL when the name has no remark to drop. */
static const char *without_remarks(struct arena *a, const char *plain)
{
	static const char *const keep[] = { "pcie", "sxm", "nvl", "nvlink", "oam", NULL };
	size_t n = strlen(plain), o = 0;
	char *s = arena_alloc(a, n + 1);
	int dropped = 0;
	for (size_t i = 0; i < n;) {
		size_t open = plain[i] == '(' ? 1 : !strncmp(plain + i, "\xef\xbc\x88", 3) ? 3 : 0;
		const char *close = plain[i] == '(' ? ")" : "\xef\xbc\x89";
		const char *end = open ? strstr(plain + i + open, close) : NULL;
		if (!end) {
			s[o++] = plain[i++];
			continue;
		}
		const char *words = name_normalise(a, plain + i + open, (size_t)(end - plain - i - open));
		int kept = 0;
		for (const char *w = words; *w && !kept;) {
			size_t wl = strcspn(w, " ");
			kept = is_size_word(w, wl);
			for (size_t k = 0; keep[k] && !kept; k++)
				kept = strlen(keep[k]) == wl && !strncmp(w, keep[k], wl);
			w += wl;
			while (*w == ' ')
				w++;
		}
		size_t to = (size_t)(end - plain) + strlen(close);
		if (kept) {
			memcpy(s + o, plain + i, to - i);
			o += to - i;
		} else {
			s[o++] = ' ';
			dropped = 1;
		}
		i = to;
	}
	s[o] = '\0';
	return dropped ? name_normalise(a, s, o) : NULL;
}

static void check_rows(struct audit *au, struct atable *t);

/* A starred figure ("1979 teraFLOPS*": NVIDIA marks its figures with
 * sparsity so) that is the reference's dense figure doubled. */
static int starred_sparse_agrees(const struct audit *au, const struct acell *cell, const struct figure *rf)
{
	if (!cell->starred || !au->kind_sparse)
		return 0;
	int fam = units_kind_family(au->u, au->kind_sparse);
	if (fam < 0 || rf->q.kind[fam] != au->kind_dense)
		return 0;
	struct figure f = cell->fig;
	f.q.kind[fam] = (unsigned char)au->kind_sparse;
	return figures_agree(au, &f, rf, 0);
}

void reference_check(struct audit *au, struct atable *t)
{
	if (t->key < 0)
		return;
	/* what holding one table allocates goes with it (the findings are
	 * diag's copies): a book of 10,000 tables keeps none of it */
	struct arena scratch = ARENA_INIT, *keep = au->a;
	au->a = &scratch;
	check_rows(au, t);
	au->a = keep;
	arena_free(&scratch);
}

/* A chip row rr of the accelerators' table that row r names without a
 * size ("A100-SXM"), though its memory column says one ("40 GB"): the
 * one row of that chip and form with that memory (the A100 SXM 40GB),
 * when rr's memory is another; else rr. */
static long sized_sibling(struct audit *au, const struct atable *t, size_t r, long rr)
{
	const struct ref_table *rt = &au->ref->tables[0];
	long mem = -1;
	for (size_t c = 0; c < rt->ncols && mem < 0; c++)
		if (!strcmp(rt->cols[c].id, "memory"))
			mem = (long)c;
	if (mem < 0)
		return rr;
	for (size_t c = 0; c < t->ncols; c++) {
		const struct acell *cell = table_cell(t, r, c);
		if ((long)c == t->key || !cell->has || cell->several || find_column(rt, &rt->rows[rr], t, c, &cell->fig) != mem)
			continue;
		struct figure rf = { 0 };
		rf.q = rt->rows[rr].cells[mem];
		if (!rt->rows[rr].has[mem] || figures_agree(au, &cell->fig, &rf, 0))
			return rr;
		long found = -1;
		for (size_t k = 0; k < rt->nrows; k++) {
			rf.q = rt->rows[k].cells[mem];
			if ((long)k != rr && !strcmp(rt->rows[k].stripped[0], rt->rows[rr].stripped[0]) && rt->rows[k].has[mem] &&
			    figures_agree(au, &cell->fig, &rf, 0)) {
				if (found >= 0)
					return rr;
				found = (long)k;
			}
		}
		return found >= 0 ? found : rr;
	}
	return rr;
}

/* A normalised name without the words of drop (NULL-ended), or NULL when
 * it has none of them or nothing else. */
static const char *without_words(struct arena *a, const char *key, const char *const *drop)
{
	size_t n = strlen(key), o = 0;
	char *s = arena_alloc(a, n + 1);
	int dropped = 0;
	for (const char *w = key; *w;) {
		size_t wl = strcspn(w, " ");
		int d = 0;
		for (size_t k = 0; drop[k] && !d; k++)
			d = strlen(drop[k]) == wl && !strncmp(w, drop[k], wl);
		if (d)
			dropped = 1;
		else {
			if (o)
				s[o++] = ' ';
			memcpy(s + o, w, wl);
			o += wl;
		}
		w += wl;
		while (*w == ' ')
			w++;
	}
	s[o] = '\0';
	return dropped && o ? s : NULL;
}

/* A normalised name without the data type and memory words a roofline
 * table puts in its rows ("h100 sxm bf16 tc hbm3" → "h100 sxm"), or NULL
 * when it has none. */
static const char *without_types(struct arena *a, const char *key)
{
	static const char *const drop[] = { "bf16", "fp16", "fp8", "fp4", "fp6", "fp32", "fp64", "tf32", "int8", "int4",
					    "tc", "hbm", "hbm2", "hbm2e", "hbm3", "hbm3e", "hbm4", "gddr6", "gddr6x", "gddr7",
					    NULL };
	return without_words(a, key, drop);
}

/* Row r's reference row (its table in *rt_index), or -1. */
/* Does row r give a memory size, and the accelerators' row rr that one? */
static int memory_agrees(struct audit *au, const struct atable *t, size_t r, long rr)
{
	const struct ref_table *rt = &au->ref->tables[0];
	for (size_t c = 0; c < t->ncols; c++) {
		const struct acell *cell = table_cell(t, r, c);
		long mem = (long)c == t->key || !cell->has || cell->several ? -1 : find_column(rt, &rt->rows[rr], t, c, &cell->fig);
		if (mem < 0 || strcmp(rt->cols[mem].id, "memory") || !rt->rows[rr].has[mem])
			continue;
		struct figure rf = { 0 };
		rf.q = rt->rows[rr].cells[mem];
		return figures_agree(au, &cell->fig, &rf, 0);
	}
	return 0;
}

/* The row of a key that names an architecture beside its part
 * ("NVIDIA Blackwell GPU (B200)", "Hopper H100"): the part's; a GB200 or
 * GB300 so named is one GPU of the superchip (its *_gpu row).  -1 when
 * the key names no architecture. */
static long arch_row(const struct audit_reference *ref, struct arena *a, const char *key, size_t *table)
{
	long r = -1;
	static const char *const arch[] = { "blackwell", "hopper", "ampere", "volta", "turing", "pascal", "ada", "lovelace",
					    NULL };
	const char *k = strchr(key, ' ') ? without_words(a, key, arch) : NULL;
	if (k) {
		if (!strcmp(k, "gb200") || !strcmp(k, "gb300")) {
			const char *id = arena_printf(a, "%s_gpu", k);
			for (size_t i = 0; ref->ntables && i < ref->tables[0].nrows && r < 0; i++)
				if (!strcmp(ref->tables[0].rows[i].id, id)) {
					*table = 0;
					r = (long)i;
				}
		} else {
			r = find_row_named(ref, a, k, table);
		}
	}
	return r;
}

static long row_of(struct audit *au, const struct atable *t, size_t r, size_t *rt_index)
{
	/* two rows of one name (footnote marks aside: "GH200 SXM (1)" and
	 * "(2)") are two variants: neither is the reference's, unless its
	 * memory names one (96 GB the GH200's HBM3, 141 its HBM3e) */
	int variants = 0;
	for (size_t k = 0; k < t->nrows; k++)
		if (k != r && t->keys[k] && !strcmp(t->keys[k], t->keys[r]))
			variants = 1;
	*rt_index = 0;
	if (variants) {
		long rr = find_row(au->ref, au->a, t->keys[r], rt_index);
		if (rr < 0 || *rt_index != 0)
			return -1;
		rr = sized_sibling(au, t, r, rr);
		return memory_agrees(au, t, r, rr) ? rr : -1;
	}
	long rr_index = find_row(au->ref, au->a, t->keys[r], rt_index);
	const char *bare = rr_index < 0 ? without_remarks(au->a, table_cell(t, r, (size_t)t->key)->plain) : NULL;
	if (bare && bare[0])
		rr_index = find_row(au->ref, au->a, bare, rt_index);
	/* "Hopper（H800）", "前代架构（A100）", "Volta (V100)": an
	 * architecture or a word, the part in parentheses */
	if (rr_index < 0 && bare && bare[0] && !table_has_model_word(bare))
		rr_index = arch_row(au->ref, au->a, t->keys[r], rt_index);
	if (rr_index < 0 && bare && bare[0] && !table_has_model_word(bare)) {
		const char *plain = table_cell(t, r, (size_t)t->key)->plain;
		const char *o = strstr(plain, "(") ? strstr(plain, "(") : strstr(plain, "\xef\xbc\x88");
		if (o) {
			size_t open = *o == '(' ? 1 : 3;
			size_t in = strcspn(o + open, ")\xef");
			const char *inside = name_normalise(au->a, o + open, in);
			if (table_has_model_word(inside))
				rr_index = find_row(au->ref, au->a, inside, rt_index);
		}
	}
	const char *untyped = rr_index < 0 ? without_types(au->a, bare && bare[0] ? bare : t->keys[r]) : NULL;
	if (untyped)
		rr_index = find_row(au->ref, au->a, untyped, rt_index);
	if (rr_index >= 0 && *rt_index == 0 && !size_word(au->a, t->keys[r])[0])
		rr_index = sized_sibling(au, t, r, rr_index);
	return rr_index;
}

const char *reference_column_id(const struct audit *au, const struct atable *t, size_t c)
{
	if (!au->ref || !au->ref->ntables)
		return NULL;
	const struct ref_table *rt = &au->ref->tables[0];
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (!cell->has || cell->several)
			continue;
		long rc = find_column(rt, NULL, t, c, &cell->fig);
		return rc >= 0 ? rt->cols[rc].id : NULL;
	}
	return NULL;
}

/* Is a reference column a data type's throughput (fp16, bf16, tf32, int8)? */
/* What a reference value may be, as its digits say: 989 TFLOPS is
 * [988.5, 989.5] (the vendor's 989.4 rounded), 2.039 TB/s to the
 * thousandth.  A value computed (written 0) is taken as it is. */
static struct interval ref_digits(const struct quantity *q)
{
	struct interval v = q->v;
	if (q->written && q->scale > 0) {
		double half = 0.5 * pow(10, -(double)(q->written - 1)) * q->scale;
		v.lo -= half;
		v.hi += half;
	}
	return v;
}

/* Is the book's figure f the reference's value ref (an interval in base
 * units, said as f's kinds say, with its own digits' half-unit) rounded
 * to the digits f is written with?  An
 * integer's trailing zeros are no digits of it: 1,300 TFLOPS is 1,307.4
 * rounded to hundreds, 2.0 TB/s is 2.039 to tenths; 998 is not 989
 * rounded to anything (two digits swapped), nor 1,013 (×1.024). */
static int rounds_to(const struct figure *f, struct interval ref)
{
	double step = f->q.v.hi - f->q.v.lo;   /* one unit of its last digit */
	double shown = f->q.scale > 0 ? interval_mid(f->q.nominal) / f->q.scale : 0;
	int zeros = 0;
	if (shown >= 10 && fmod(shown, 1) == 0)
		for (double n = shown; n >= 10 && fmod(n, 10) == 0; n /= 10) {
			step *= 10;
			zeros = 1;
		}
	double mid = interval_mid(f->q.nominal), slack = step / 2 * (1 + 1e-9);
	/* a round figure is a rounding only as close as one of a thousand
	 * or more is (1,300 for 1,307.4; 2,000 GB/s for 2,039): 300 W is
	 * not 250 W rounded to hundreds */
	double ref_mid = interval_mid(ref);
	if (zeros && ref_mid > 0 && fabs(mid - ref_mid) / ref_mid > 0.05)
		return 0;
	return step > 0 && mid + slack >= ref.lo && mid - slack <= ref.hi;
}

static int is_throughput(const char *id)
{
	return !strncmp(id, "fp", 2) || !strncmp(id, "bf", 2) || !strncmp(id, "tf", 2) || !strncmp(id, "int", 3);
}

/* The reference column book column c holds when its header names another
 * (a bare "理论带宽" read as memory bandwidth) but its figures are, in
 * every row of two or more matched to chips, those of one other column
 * (the NVLink's, as the column beside it says); else -1. */
static long column_by_figures(struct audit *au, const struct atable *t, size_t c, const long *rows_rr,
			      const size_t *rows_rt)
{
	const struct ref_table *rt = &au->ref->tables[0];
	long named = -1;
	size_t n = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (rows_rr[r] < 0 || rows_rt[r] != 0 || !cell->has || cell->several || cell->fig.bound)
			continue;
		const struct ref_row *rr = &rt->rows[rows_rr[r]];
		long rc = find_column(rt, rr, t, c, &cell->fig);
		if (rc < 0 || (named >= 0 && rc != named))
			return -1;
		named = rc;
		struct figure rf = { 0 };
		rf.q = rr->cells[rc];
		if (rr->has[rc] && figures_agree(au, &cell->fig, &rf, 0))
			return -1;
		n++;
	}
	/* a bandwidth, a size or a power named by a generic word; never a
	 * data type's throughput (a sparse FP16 is FP8's dense figure) */
	if (n < 2 || is_throughput(rt->cols[named].id))
		return -1;
	for (size_t y = 0; y < rt->ncols; y++) {
		if (is_throughput(rt->cols[y].id))
			continue;
		size_t agree = 0;
		for (size_t r = 0; r < t->nrows && (long)y != named; r++) {
			const struct acell *cell = table_cell(t, r, c);
			if (rows_rr[r] < 0 || rows_rt[r] != 0 || !cell->has || cell->several || cell->fig.bound)
				continue;
			const struct ref_row *rr = &rt->rows[rows_rr[r]];
			struct figure rf = { 0 };
			rf.q = rr->cells[y];
			agree += rr->has[y] && dim_equal(&rf.q.dim, &cell->fig.q.dim) && figures_agree(au, &cell->fig, &rf, 0);
		}
		/* every row, or all but one of three or more (the one off is a
		 * slip held against that column, not the named one) */
		if (agree == n || (n >= 3 && agree + 1 == n))
			return (long)y;
	}
	return -1;
}

/* A column of throughputs that names no data type ("Tensor性能",
 * "AI 算力"): each row's figure is one of its part's reference figures,
 * dense or sparse, and most rows say which (A100 624, H100 1,979: FP16
 * sparse); a row whose figure is another (V100 125: dense) or none is a
 * warning.  rows_rr, rows_rt: each row's reference row. */
#define UNTYPED_MAX 32
static void untyped_column(struct audit *au, struct atable *t, size_t c, const long *rows_rr, const size_t *rows_rt)
{
	const struct ref_table *rt = &au->ref->tables[0];
	int fam = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	if (fam < 0 || rt->ncols > UNTYPED_MAX)
		return;
	/* per row: a bit per (column y, dense 0 / sparse 1) its figure is */
	uint64_t *is = arena_array(au->a, t->nrows + 1, sizeof *is);
	size_t tally[2 * UNTYPED_MAX] = { 0 }, rows = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		/* a row that names its data type ("H100 SXM FP8 TC / HBM3") says which */
		if (rows_rr[r] < 0 || rows_rt[r] != 0 || !cell->has || cell->several || cell->fig.bound ||
		    cell->fig.q.kind[fam] || t->flagged[r * t->ncols + c] || without_types(au->a, t->keys[r]))
			continue;
		const struct ref_row *rr = &rt->rows[rows_rr[r]];
		int any = 0;
		for (size_t y = 0; y < rt->ncols; y++) {
			if (!is_throughput(rt->cols[y].id) || !rr->has[y] || !dim_equal(&rr->cells[y].dim, &cell->fig.q.dim))
				continue;
			any = 1;
			for (int k = 0; k < 2; k++) {
				struct figure rf = { 0 };
				rf.q = rr->cells[y];
				struct interval said;
				interval_scale(ref_digits(&rf.q), k ? 2 : 1, &said);
				interval_scale(rf.q.v, k ? 2 : 1, &rf.q.v);
				if (figures_agree(au, &cell->fig, &rf, 0) || rounds_to(&cell->fig, said)) {
					is[r] |= (uint64_t)1 << (2 * y + (size_t)k);
					tally[2 * y + (size_t)k]++;
				}
			}
		}
		rows += any;
	}
	size_t best = 0;
	for (size_t i = 1; i < 2 * rt->ncols; i++)
		if (tally[i] > tally[best] ||
		    (tally[i] == tally[best] && tally[i] && !strncmp(rt->cols[i / 2].id, "fp16", 4) &&
		     strncmp(rt->cols[best / 2].id, "fp16", 4)))
			best = i;
	/* half the rows, two at least, read one way, and no other way the
	 * same number of other rows; a row or two that do not */
	if (tally[best] < 2 || 2 * tally[best] < rows || rows - tally[best] > 1 + rows / 4)
		return;
	for (size_t i = 0; i < 2 * rt->ncols; i++) {
		int same = 1;
		for (size_t r = 0; r < t->nrows && same && tally[i] == tally[best]; r++)
			same = ((is[r] >> i) & 1) == ((is[r] >> best) & 1);
		if (!same)
			return;
	}
	size_t y = best / 2;
	int sparse = (int)(best % 2);
	for (size_t r = 0; r < t->nrows; r++) {
		struct acell *cell = table_cell(t, r, c);
		if (rows_rr[r] < 0 || rows_rt[r] != 0 || !cell->has || cell->several || cell->fig.bound ||
		    cell->fig.q.kind[fam] || (is[r] >> best) & 1 || t->flagged[r * t->ncols + c] ||
		    without_types(au->a, t->keys[r]))
			continue;
		const struct ref_row *rr = &rt->rows[rows_rr[r]];
		if (!rr->has[y])
			continue;
		struct figure rf = { 0 };
		rf.q = rr->cells[y];
		const char *other = NULL;
		for (size_t i = 0; i < 2 * rt->ncols && !other; i++)
			if ((is[r] >> i) & 1)
				other = arena_printf(au->a, "it is %s's %s %s", rr->name, i % 2 ? "sparse" : "dense", rt->cols[i / 2].id);
		t->flagged[r * t->ncols + c] = 1;
		au->sum.findings_reference++;
		const char *want = factor_text(au, &rf, sparse ? 2 : 1);
		diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width,
			    arena_printf(au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s for %s %s\n"
					 "the column names no data type; %zu of its %zu rows give their part's %s %s%s%s\n"
					 "write %s, or say which figure this row gives", rt->file, rr->loc.line, rr->loc.col,
					 rr->id, rr->name, want, sparse ? "sparse" : "dense", rt->cols[y].id, tally[best], rows,
					 sparse ? "sparse" : "dense", rt->cols[y].id, other ? "; " : "", other ? other : "", want),
			    "'%s' of '%s' is %s; the column's other rows give %s %s figures (reference data: %s)",
			    t->cols[c].header, table_cell(t, r, (size_t)t->key)->plain, figure_text(au, &cell->fig.q),
			    sparse ? "sparse" : "dense", rt->cols[y].id, want);
	}
}

/* Does f say it is one GPU's ("FP4 算力 (每 GPU)")? */
static int per_gpu(const struct audit *au, const struct figure *f)
{
	for (int fam = 0; fam < KIND_FAMILIES; fam++)
		if (f->q.kind[fam] && !strcmp(units_kind_name(au->u, f->q.kind[fam]), "per-gpu"))
			return 1;
	return 0;
}

/* A per-GPU figure in a superchip's row (a GB200's, two GPUs): held
 * against one of its GPUs (the reference's gb200_gpu) or the GPU sold on
 * its own (b200), either right; else a warning against the first. */
static void per_gpu_cell(struct audit *au, struct atable *t, size_t r, size_t c, const struct ref_table *super_rt,
			 const struct ref_row *super)
{
	const struct ref_table *rt = &au->ref->tables[0];
	struct acell *cell = table_cell(t, r, c);
	/* the column as the superchip's table reads it too ("网络带宽" is no
	 * memory bandwidth of a GPU) */
	long sc = find_column(super_rt, super, t, c, &cell->fig);
	if (sc < 0)
		return;
	const char *ids[2] = { arena_printf(au->a, "%s_gpu", super->id), super->id[0] == 'g' ? super->id + 1 : "" };
	const struct ref_row *first = NULL;
	long first_rc = -1;
	for (size_t i = 0; i < 2; i++)
		for (size_t k = 0; k < rt->nrows; k++) {
			const struct ref_row *rr = &rt->rows[k];
			if (strcmp(rr->id, ids[i]))
				continue;
			long rc = find_column(rt, rr, t, c, &cell->fig);
			if (rc < 0 || !rr->has[rc] || strcmp(rt->cols[rc].id, super_rt->cols[sc].id))
				continue;
			struct figure rf = { 0 };
			rf.q = rr->cells[rc];
			struct interval said;
			interval_scale(ref_digits(&rf.q), kind_factor(au, &cell->fig, &rf), &said);
			if (figures_agree(au, &cell->fig, &rf, 0) || rounds_to(&cell->fig, said)) {
				t->vouched[r * t->ncols + c] = 1;
				return;
			}
			if (!first) {
				first = rr;
				first_rc = rc;
			}
		}
	if (!first)
		return;
	struct figure rf = { 0 };
	rf.q = first->cells[first_rc];
	double kf = kind_factor(au, &cell->fig, &rf);
	const struct ref_source *src = source_of(au->ref, first->source);
	t->flagged[r * t->ncols + c] = 1;
	au->sum.findings_reference++;
	diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width,
		    arena_printf(au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s for '%s'\nsource: %s%s%s%s\n"
				 "write %s, or cite the source of this figure", rt->file, first->loc.line, first->loc.col,
				 first->id, first->name, factor_text(au, &rf, kf), rt->cols[first_rc].id,
				 src ? src->title : first->source ? first->source : "(none)", src && src->url[0] ? " <" : "",
				 src && src->url[0] ? src->url : "", src && src->url[0] ? ">" : "", factor_text(au, &rf, kf)),
		    "'%s' of '%s' is %s per GPU; reference data for %s says %s", t->cols[c].header,
		    table_cell(t, r, (size_t)t->key)->plain, figure_text(au, &cell->fig.q), first->name,
		    factor_text(au, &rf, kf));
}

/* Is text[0..len) written as a version ("8.0", "10.3": one or two
 * digits, a point, one digit)? */
static int version_text(const char *text, size_t len)
{
	size_t d = 0;
	while (d < len && text[d] >= '0' && text[d] <= '9')
		d++;
	return d >= 1 && d <= 2 && d + 2 == len && text[d] == '.' && text[d + 1] >= '0' && text[d + 1] <= '9';
}

/* Is column c of book table t a column of versions (compute capabilities:
 * "8.0", "9.0"), two thirds of its figures written so? A column of
 * compute figures that a header calls 计算能力 is none. */
static int version_cells(const struct atable *t, size_t c)
{
	size_t n = 0, v = 0;
	for (size_t r = 0; r < t->nrows; r++) {
		const struct acell *cell = table_cell(t, r, c);
		if (!cell->has || cell->several)
			continue;
		n++;
		const char *p = cell->plain;
		while (*p == ' ' || *p == '*' || *p == '`')
			p++;
		size_t l = strcspn(p, " *`");
		v += version_text(p, l);
	}
	return v >= 2 && 3 * v >= 2 * n;
}

/* "source: TITLE <URL>" of source id, or fallback when the reference has
 * no such source. */
static const char *column_source(struct audit *au, const char *id, const char *fallback)
{
	const struct ref_source *src = source_of(au->ref, id);
	if (!src)
		return fallback;
	return arena_printf(au->a, "source: %s%s%s%s", src->title, src->url[0] ? " <" : "", src->url[0] ? src->url : "",
			    src->url[0] ? ">" : "");
}

/* Is column id a data type some generation of parts first brought
 * (TF32 and BF16 with Ampere, FP8 with Hopper, FP6 and FP4 with
 * Blackwell, FP64 Tensor Cores with Ampere), so that an older part's
 * n/a is sure?  Not FP16 (Google publishes none for TPUs that run it)
 * nor a link (a PCIe card's NVLink bridge). */
static int newer_type(const char *id)
{
	static const char *const ids[] = { "tf32", "bf16", "fp8", "fp6", "fp4", "fp64_tc", NULL };
	for (size_t k = 0; ids[k]; k++)
		if (!strcmp(id, ids[k]))
			return 1;
	return 0;
}

/* Cell c of row r gives a figure of reference column rc, which part rr
 * has not ("n/a": the A100 has no FP8 Tensor Cores; R4 of s44-eval,
 * wethinkin's 'FP8算力峰值 | 312 TFLOPS'): a warning naming the source,
 * and the column of the row whose figure it is, when one is. */
static void not_there(struct audit *au, struct atable *t, size_t r, size_t c, const struct ref_table *rt,
		      const struct ref_row *rr, long rc)
{
	struct acell *cell = table_cell(t, r, c);
	const char *whose = NULL;
	for (size_t k = 0; k < rt->ncols && !whose; k++) {
		struct figure rf = { 0 };
		rf.q = rr->cells[k];
		if (rr->has[k] && rt->cols[k].has_unit && dim_equal(&rf.q.dim, &cell->fig.q.dim) &&
		    figures_agree(au, &cell->fig, &rf, 0))
			whose = rt->cols[k].id;
	}
	const struct ref_source *src = source_of(au->ref, rr->source);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives n/a for '%s': the part has none\n"
		"source: %s%s%s%s\nleave the cell empty or write n/a%s%s%s",
		rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, rt->cols[rc].id,
		src ? src->title : rr->source ? rr->source : "(none)", src && src->url[0] ? " <" : "",
		src && src->url[0] ? src->url : "", src && src->url[0] ? ">" : "",
		whose ? arena_printf(au->a, "\nhint: %s is its ", figure_text(au, &cell->fig.q)) : "", whose ? whose : "",
		whose ? " figure" : "");
	t->flagged[r * t->ncols + c] = 1;
	au->sum.findings_reference++;
	diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width, detail,
		    "'%s' of '%s' is %s, but the %s has no %s (reference data: n/a)", t->cols[c].header,
		    table_cell(t, r, (size_t)t->key)->plain, figure_text(au, &cell->fig.q), rr->name, rt->cols[rc].id);
}

/* A key of one letter and a number ("L4", "T2"). */
static int is_label(const char *k)
{
	return k && ((k[0] | 32) >= 'a' && (k[0] | 32) <= 'z') && k[1] >= '0' && k[1] <= '9' &&
	       !k[1 + strspn(k + 1, "0123456789")];
}

static void check_rows(struct audit *au, struct atable *t)
{
	const struct audit_reference *ref = au->ref;
	struct held *held = arena_array(au->a, t->ncols, sizeof *held);
	long *rows_rr = arena_array(au->a, t->nrows + 1, sizeof *rows_rr);
	size_t *rows_rt = arena_array(au->a, t->nrows + 1, sizeof *rows_rt);
	for (size_t r = 0; r < t->nrows; r++)
		rows_rr[r] = row_of(au, t, r, &rows_rt[r]);
	/* levels and labels ("L1 … L4" of a cache table, "T1, T2"): a name of
	 * one letter and a number beside another of that letter that names no
	 * part is no part (the L4 here is no NVIDIA L4) */
	unsigned char label[256] = { 0 };   /* a first byte some label row has */
	for (size_t r = 0; r < t->nrows; r++)
		if (rows_rr[r] < 0 && is_label(t->keys[r]))
			label[(unsigned char)t->keys[r][0]] = 1;
	for (size_t r = 0; r < t->nrows; r++)
		if (rows_rr[r] >= 0 && is_label(t->keys[r]) && label[(unsigned char)t->keys[r][0]])
			rows_rr[r] = -1;
	long *by_figures = arena_array(au->a, t->ncols, sizeof *by_figures);
	for (size_t c = 0; c < t->ncols; c++)
		by_figures[c] = (long)c == t->key ? -1 : column_by_figures(au, t, c, rows_rr, rows_rt);
	/* a column of throughputs no row reads as a reference column */
	for (size_t c = 0; c < t->ncols; c++) {
		int named = 0, flops = 0;
		for (size_t r = 0; r < t->nrows && !named; r++) {
			const struct acell *cell = table_cell(t, r, c);
			if (rows_rr[r] < 0 || rows_rt[r] != 0 || !cell->has || cell->several)
				continue;
			const struct ref_row *rr = &ref->tables[0].rows[rows_rr[r]];
			named = find_column(&ref->tables[0], rr, t, c, &cell->fig) >= 0;
			for (size_t y = 0; y < ref->tables[0].ncols && !flops; y++)
				flops = is_throughput(ref->tables[0].cols[y].id) && ref->tables[0].cols[y].has_unit &&
					dim_equal(&ref->tables[0].cols[y].unit.dim, &cell->fig.q.dim);
		}
		if ((long)c != t->key && !named && flops && ref->ntables)
			untyped_column(au, t, c, rows_rr, rows_rt);
	}
	for (size_t r = 0; r < t->nrows; r++) {
		size_t rt_index = rows_rt[r];
		long rr_index = rows_rr[r];
		if (rr_index < 0)
			continue;
		t->ref[r] = rr_index;
		au->sum.rows_referenced++;
		const struct ref_table *rt = &ref->tables[rt_index];
		const struct ref_row *rr = &rt->rows[rr_index];
		int doubled = 0;
		for (size_t c = 0; c < t->ncols; c++) {
			struct acell *cell = table_cell(t, r, c);
			held[c].rc = -1;
			if ((long)c == t->key || !cell->has || cell->several || cell->fig.bound)
				continue;
			if (rt_index != 0 && per_gpu(au, &cell->fig)) {
				per_gpu_cell(au, t, r, c, rt, rr);
				continue;
			}
			long rc = rt_index == 0 && by_figures[c] >= 0 ? by_figures[c] : find_column(rt, rr, t, c, &cell->fig);
			if (rc >= 0 && rr->na[rc] && rt_index == 0 && !cell->has_alt && newer_type(rt->cols[rc].id)) {
				not_there(au, t, r, c, rt, rr, rc);
				continue;
			}
			if (rc < 0 || !rr->has[rc] ||
			    (!strncmp(t->keys[r], "a800", 4) && strncmp(rr->id, "a800", 4) && !strcmp(rt->cols[rc].id, "nvlink")) ||
			    (!strcmp(rt->cols[rc].id, "cc") && !version_cells(t, c)))
				continue;
			au->sum.cells_referenced++;
			struct figure rf = { 0 };
			rf.q = rr->cells[rc];
			if (figures_agree(au, &cell->fig, &rf, 0) || (cell->has_alt && figures_agree(au, cell->alt, &rf, 0)) ||
			    starred_sparse_agrees(au, cell, &rf)) {
				t->vouched[r * t->ncols + c] = 1;
				continue;
			}
			/* a capacity the vendor writes GB on binary sizes (80 GB = 80 GiB) */
			if (dim_equal(&rf.q.dim, &rt->cols[rc].unit.dim) && rt->cols[rc].unit.scale > 1 &&
			    fmod(log2(rt->cols[rc].unit.scale), 10) == 0) {
				struct figure g = cell->fig;
				double twin = rt->cols[rc].unit.scale / pow(1000, log2(rt->cols[rc].unit.scale) / 10);
				/* by the figure's own prefix: "640 GB" of a column in TiB
				 * is 640 GiB (HGX H100) */
				double k = cell->fig.q.scale > 1 ? log10(cell->fig.q.scale) / 3 : 0;
				if (k >= 1 && fabs(k - round(k)) < 1e-9)
					twin = pow(1.024, round(k));
				interval_scale(cell->fig.q.v, twin, &g.q.v);
				if (figures_agree(au, &g, &rf, 0))
					continue;
			}
			/* the book rounds the vendor's figure (1,300 for 1,307.4); a
			 * column said to be sparse is held against twice the dense */
			double kf0 = kind_factor(au, &cell->fig, &rf);
			double ratio = interval_mid(cell->fig.q.v) / (interval_mid(rf.q.v) * kf0);
			struct interval said;
			interval_scale(ref_digits(&rf.q), kf0, &said);
			if (rounds_to(&cell->fig, said)) {
				t->vouched[r * t->ncols + c] = 1;
				continue;
			}
			/* said as the book's column says it: a sparse column's
			 * reference is twice the dense figure */
			struct figure shown = rf;
			double kf = kind_factor(au, &cell->fig, &rf);
			if (kf != 1) {
				interval_scale(rf.q.v, kf, &shown.q.v);
				interval_scale(rf.q.nominal, kf, &shown.q.nominal);
				memcpy(shown.q.kind, cell->fig.q.kind, sizeof shown.q.kind);
			}
			const char *hint = slip_hint(au, &cell->fig.q, &shown.q, cell->plain);
			shown.q = rf.q;   /* said as "2 × 989 TFLOPS" */
			if (!hint && ratio > 7.8 && ratio < 8.2)
				hint = "hint: eight times the reference: an 8-GPU system's total (HGX, DGX) in a per-GPU row?";
			if (!hint)
				hint = sibling_hint(au, rt, rr, rc, &cell->fig);
			held[c] = (struct held){ rc, ratio, hint, shown, kf };
			doubled += ratio > 1.98 && ratio < 2.02 && (strstr(rt->cols[rc].id, "fp") || strstr(rt->cols[rc].id, "bf") ||
								    strstr(rt->cols[rc].id, "tf") || strstr(rt->cols[rc].id, "int"));
		}
		const struct ref_source *src = source_of(ref, rr->source);
		const char *source = arena_printf(au->a, "source: %s%s%s%s", src ? src->title : rr->source ? rr->source : "(none)",
						  src && src->url[0] ? " <" : "", src && src->url[0] ? src->url : "",
						  src && src->url[0] ? ">" : "");
		/* a row of sparse figures among dense ones: one finding for the row */
		if (doubled >= 2) {
			struct buf list = BUF_INIT;
			long first = -1;
			for (size_t c = 0; c < t->ncols; c++) {
				if (held[c].rc < 0 || !(held[c].ratio > 1.98 && held[c].ratio < 2.02))
					continue;
				if (first < 0)
					first = (long)c;
				t->flagged[r * t->ncols + c] = 1;
				buf_addf(&list, "\n'%s' %s: write %s", t->cols[c].header, table_cell(t, r, c)->plain,
					 figure_text(au, &held[c].rf.q));
				held[c].rc = -1;
			}
			struct acell *cell = table_cell(t, r, (size_t)first);
			const char *detail = arena_printf(
				au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s), dense figures\n%s%s\nhint: the sparse "
				"figures (2:4 structured sparsity, twice dense) where the table means dense ones?",
				rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, source, list.data);
			buf_release(&list);
			au->sum.findings_reference++;
			diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width, detail,
				    "the row '%s' gives %d figures twice the reference data for %s: sparse among dense?",
				    table_cell(t, r, (size_t)t->key)->plain, doubled, rr->name);
		}
		system_row(au, t, r, rt, rr, held, source);
		for (size_t c = 0; c < t->ncols; c++) {
			if (held[c].rc < 0)
				continue;
			struct acell *cell = table_cell(t, r, c);
			long rc = held[c].rc;
			const char *hint = held[c].hint;
			double ratio = held[c].ratio;
			t->flagged[r * t->ncols + c] = 1;
			/* a compute capability is a version: exact, and NVIDIA's CUDA
			 * GPUs page its source */
			int version = !strcmp(rt->cols[rc].id, "cc");
			int near = !hint && ratio > 0.9 && ratio < 1.1 && !version;
			const char *detail = arena_printf(
				au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s for '%s'\n%s\n%s%s%s",
				rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, factor_text(au, &held[c].rf, held[c].factor),
				rt->cols[rc].id, version ? column_source(au, "nvidia-cuda-gpus", source) : source,
				near ? "vendors publish several figures (SKUs, clocks, rounding): check which one is meant"
				     : arena_printf(au->a, "write %s, or cite the source of this figure",
						    factor_text(au, &held[c].rf, held[c].factor)),
				hint ? "\n" : "", hint ? hint : "");
			au->sum.findings_reference++;
			diag_report(DIAG_WARNING, cell->fig.loc, cell->fig.width, detail,
				    "'%s' of '%s' is %s; reference data for %s says %s", t->cols[c].header,
				    table_cell(t, r, (size_t)t->key)->plain, figure_text(au, &cell->fig.q), rr->name,
				    factor_text(au, &held[c].rf, held[c].factor));
		}
	}
}

/* ---- a sentence's figure against the reference ---- */

/* How far (bytes) before a figure the chip's name may stand, and its
 * column's word either side: a sentence that names a part at its start
 * and a figure at its end is often about something else. */
#define PROSE_NAME_REACH 80
#define PROSE_COLUMN_REACH 40

static int sentence_about_links(const char *sw)
{
	static const char *const link[] = { " link ", " links ", " interconnect ", " nvlink ", " ici ",
		" network ", " ethernet ", " infiniband ", " efa ", " nic ", " nics ", " roce ", " pcie ",
		" intra ", " inter ", " 互 ", " 网 ", NULL };
	for (size_t k = 0; link[k]; k++)
		if (strstr(sw, link[k]))
			return 1;
	/* NVLink2, PCIe4: the generation glued on */
	return strstr(sw, " nvlink") || strstr(sw, " pcie") || strstr(sw, " infiniband") || strstr(sw, " ici") ||
	       strstr(sw, " nvswitch");
}

/* Does the sentence speak of a cache or an on-chip memory ("L2 cache
 * bandwidth 2155 GB/s", "L2 缓存", "shared memory")? */
static int sentence_about_caches(const char *s, size_t len, const char *sw)
{
	static const char *const cache[] = { " cache ", " caches ", " l1 ", " l2 ", " l3 ", " sram ", " smem ",
					     " register ", " registers ", NULL };
	for (size_t k = 0; cache[k]; k++)
		for (const char *p = strstr(sw, cache[k]); p; p = strstr(p + 1, cache[k]))
			if (k > 1 || p - sw < 3 || strncmp(p - 3, " kv", 3))   /* a KV cache is in HBM */
				return 1;
	static const char *const han[] = { "缓存", "共享内存", "寄存器", "片上", NULL };
	for (size_t k = 0; han[k]; k++)
		for (size_t i = 0, hl = strlen(han[k]); i + hl <= len; i++)
			if (!memcmp(s + i, han[k], hl) &&
			    !(k == 0 && ((i >= 2 && !audit_casecmp(s + i - 2, "kv", 2)) || (i >= 3 && !audit_casecmp(s + i - 3, "kv ", 3)))))
				return 1;
	return words_have(sw, "shared memory", 13);
}

/* Does s[0..len) hold the bytes of t? */
static int has_text(const char *s, size_t len, const char *t)
{
	size_t tl = strlen(t);
	for (size_t i = 0; i + tl <= len; i++)
		if (!memcmp(s + i, t, tl))
			return 1;
	return 0;
}

/* Does the sentence tell of something run on the part (a kernel, a
 * benchmark, what it achieved or measured)? */
static int sentence_measures(const char *s, size_t len, const char *sw)
{
	static const char *const words[] = { " achieve ", " achieves ", " achieved ", " reach ", " reaches ", " reached ",
					     " measured ", " benchmark ", " gemm ", " kernel ", " implementation ",
					     " utilization ", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(sw, words[k]))
			return 1;
	static const char *const han[] = { "实现", "实测", "测得", "测试", "利用率", "跑出", NULL };
	for (size_t k = 0; han[k]; k++)
		if (has_text(s, len, han[k]))
			return 1;
	/* a figure said to be close to the peak ("可达 3000 GB/s（接近
	 * 3.35TB/s的理论峰值）", "close to the 3.35 TB/s peak") is not it */
	return (has_text(s, len, "接近") && has_text(s, len, "峰值")) ||
	       ((strstr(sw, " close to ") || strstr(sw, " near ") || strstr(sw, " nearly ")) && strstr(sw, " peak "));
}

/* Does the sentence speak of a server or its host (CPUs, DIMMs)? */
static int sentence_about_servers(const char *s, size_t len, const char *sw)
{
	static const char *const words[] = { " server ", " servers ", " host ", " cpu ", " cpus ", " dimm ", " dimms ",
					     " processor ", " epyc ", " xeon ", " ddr4 ", " ddr5 ", " node ", " nodes ", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(sw, words[k]))
			return 1;
	static const char *const han[] = { "服务器", "主机", "节点", "整机", NULL };
	for (size_t k = 0; han[k]; k++)
		for (size_t i = 0, hl = strlen(han[k]); i + hl <= len; i++)
			if (!memcmp(s + i, han[k], hl))
				return 1;
	return 0;
}

/* Does the figure say it is of both directions or one (a link's)? */
static int figure_has_direction(const struct audit *au, const struct figure *f)
{
	int fd = au->kind_bidir ? units_kind_family(au->u, au->kind_bidir) : -1;
	return fd >= 0 && f->q.kind[fd];
}

/* Does the figure say its sparsity or direction? */
static int figure_has_kind(const struct audit *au, const struct figure *f)
{
	int fs = au->kind_sparse ? units_kind_family(au->u, au->kind_sparse) : -1;
	int fd = au->kind_bidir ? units_kind_family(au->u, au->kind_bidir) : -1;
	return (fs >= 0 && f->q.kind[fs]) || (fd >= 0 && f->q.kind[fd]);
}

/* Where the nearest occurrence of word w (ASCII case aside) stands from
 * byte at of s[0..len): an occurrence after the figure counts for more. */
static size_t word_distance(const char *s, size_t len, size_t at, const char *w, size_t wl)
{
	size_t best = (size_t)-1;
	for (size_t i = 0; i + wl <= len; i++)
		if (!audit_casecmp(s + i, w, wl)) {
			size_t d = i > at ? i - at + 100000 : at - i;
			if (d < best)
				best = d;
		}
	return best;
}

/* Does column rc of the reference have a word in the sentence, and where
 * is the nearest one (*d)? */
static int column_in_sentence(const struct ref_column *rc, const char *sw, const char *s, size_t len,
			      size_t at, size_t *d)
{
	*d = (size_t)-1;
	const char *words[1 + SYNONYM_WORDS];
	size_t n = 0;
	words[n++] = rc->id;
	for (size_t k = 0; k < sizeof synonyms / sizeof synonyms[0]; k++) {
		if (strcmp(synonyms[k].column, rc->id))
			continue;
		for (size_t x = 0; x < SYNONYM_NOT && synonyms[k].not[x]; x++)
			if (has_word(sw, synonyms[k].not[x]) ||
			    ((unsigned char)synonyms[k].not[x][0] < 0x80 &&
			     words_have(sw, synonyms[k].not[x], strlen(synonyms[k].not[x]))) ||
			    /* a Han word in the sentence as written: sw holds "链 路" */
			    ((unsigned char)synonyms[k].not[x][0] >= 0x80 && word_distance(s, len, at, synonyms[k].not[x],
											 strlen(synonyms[k].not[x])) != (size_t)-1))
				return 0;
		for (size_t w = 0; w < SYNONYM_WORDS && synonyms[k].words[w] && n < 1 + SYNONYM_WORDS; w++)
			words[n++] = synonyms[k].words[w];
	}
	int found = 0;
	for (size_t k = 0; k < n; k++) {
		int in = (unsigned char)words[k][0] >= 0x80 ? strstr(s, words[k]) != NULL
							    : words_have(sw, words[k], strlen(words[k]));
		if (!in)
			continue;
		size_t wl = strlen(words[k]);
		for (size_t i = 0; i + wl <= len; i++)
			if (!audit_casecmp(s + i, words[k], wl)) {
				/* in characters: a Han one is three bytes */
				size_t dd = 0;
				int depth = 0;   /* parentheses open at the figure ("（0.67 TOPS/W，FP16）") */
				for (size_t b = 0; i > at && b < at; b++)
					depth += s[b] == '(' || (b + 3 <= len && !memcmp(s + b, "（", 3)) ? 1
						 : s[b] == ')' || (b + 3 <= len && !memcmp(s + b, "）", 3)) ? -1 : 0;
				for (size_t b = i > at ? at : i; b < (i > at ? i : at); b++) {
					dd += ((unsigned char)s[b] & 0xc0) != 0x80;
					/* a word in a later clause names its own figure ("H100
					 * FP8 Tensor Core，可以提供高达3958 TFLOPS，是FP16
					 * Tensor Core的2倍"): FP8, not FP16; one in the
					 * figure's parenthesis is its ("（0.67 TOPS/W，FP16）") */
					if (s[b] == '(' || (b + 3 <= len && !memcmp(s + b, "（", 3)))
						depth++;
					else if (s[b] == ')' || (b + 3 <= len && !memcmp(s + b, "）", 3)))
						depth--;
					if (i > at && depth <= 0 && b + 3 <= len &&
					    (!memcmp(s + b, "，", 3) || (s[b] == ',' && s[b + 1] == ' ')))
						dd += 1000;
				}
				if (dd < *d)
					*d = dd;
			}
		found = 1;
	}
	return found;
}

/* Does sw hold the words of name nm in their order, each within three
 * words of the one before ("H100 SXM5 PCIe-free" yes; "H100 … PCIe 5.0
 * x16" far apart, no)? */
static int words_together(const char *sw, const char *nm)
{
	if (!words_have_all(sw, nm))
		return 0;
	const char *sp = strchr(nm, ' ');
	size_t fl = sp ? (size_t)(sp - nm) : strlen(nm);
	for (const char *p = strchr(sw, ' '); p && p[1]; p = strchr(p + 1, ' ')) {
		if (strncmp(p + 1, nm, fl) || p[1 + fl] != ' ')
			continue;
		const char *at = p + 1 + fl;   /* the space after the word */
		int ok = 1;
		for (const char *w = sp ? sp + 1 : NULL; w && ok;) {
			const char *e = strchr(w, ' ');
			size_t wl = e ? (size_t)(e - w) : strlen(w);
			const char *q = at;
			ok = 0;
			for (int k = 0; k < 3 && q && q[1]; k++) {
				if (!strncmp(q + 1, w, wl) && q[1 + wl] == ' ') {
					at = q + 1 + wl;
					ok = 1;
					break;
				}
				q = strchr(q + 1, ' ');
			}
			w = e ? e + 1 : NULL;
		}
		if (ok)
			return 1;
	}
	return 0;
}

/* ---- a sentence's derived figure: a ratio of two reference columns ---- */

/* The most ratios of two columns a derived figure is held against. */
#define DERIVED_MAX 16

struct derived {
	struct quantity q;     /* num / den */
	size_t num, den;       /* columns */
	int named;             /* the sentence names the numerator's column */
};

/* Is num / den a figure books state of a part: compute per watt (an
 * efficiency) or per byte of memory bandwidth (the ridge point)?  Not
 * any ratio whose dimension fits: memory / bandwidth is a time no one
 * states of a part, and a latency in the sentence is a measurement. */
static int derived_pair(const char *num, const char *den)
{
	int compute = !strncmp(num, "fp", 2) || !strncmp(num, "bf", 2) || !strncmp(num, "tf", 2) ||
		      !strncmp(num, "int", 3);
	return compute && (!strcmp(den, "tdp") || !strcmp(den, "mem_bw"));
}

/* A figure of part rr whose dimension no reference column has, but a
 * ratio of two does: an efficiency (TFLOPS/W: a compute column over
 * tdp), a ridge point of the roofline (FLOP/B: compute over mem_bw);
 * those two only (derived_pair()).
 * Held against every such ratio of the row, or those whose numerator
 * the sentence names (BF16, FP8): one that agrees ties the figure; none,
 * and the nearest is a warning naming the source, with the slip that
 * explains it (×1000: GFLOPS/W written TOPS/W).  Returns 1 when it
 * judged the figure. */
static int derived_prose(struct audit *au, const struct ref_table *rt, const struct ref_row *rr, const char *s,
			 size_t len, size_t at, const char *sw, const struct figure *f)
{
	struct derived d[DERIVED_MAX];
	size_t n = 0, named = 0;
	/* a figure of a dimension some column of the row has is that
	 * column's, or another figure of the part: not a ratio (GB is not
	 * mem_bw / clock) */
	for (size_t c = 0; c < rt->ncols; c++)
		if (rr->has[c] && rt->cols[c].has_unit && dim_equal(&rt->cols[c].unit.dim, &f->q.dim))
			return 0;
	for (size_t a = 0; a < rt->ncols; a++)
		for (size_t b = 0; b < rt->ncols && n < DERIVED_MAX; b++) {
			if (a == b || !rr->has[a] || !rr->has[b] || !rt->cols[a].has_unit || !rt->cols[b].has_unit ||
			    !derived_pair(rt->cols[a].id, rt->cols[b].id))
				continue;
			struct quantity q;
			if (quantity_div(au->a, rr->cells[a], rr->cells[b], &q) || !dim_equal(&q.dim, &f->q.dim))
				continue;
			size_t dist;
			int in = column_in_sentence(&rt->cols[a], sw, s, len, at, &dist) && dist <= PROSE_COLUMN_REACH;
			d[n++] = (struct derived){ q, a, b, in };
			named += (size_t)in;
		}
	if (!n)
		return 0;
	au->sum.cells_referenced++;
	double want = interval_mid(f->q.v), best_err = INFINITY;
	size_t best = 0;
	for (size_t i = 0; i < n; i++) {
		if (named && !d[i].named)
			continue;
		struct figure rf = { 0 };
		rf.q = d[i].q;
		if (figures_agree(au, f, &rf, f->approx ? au->approx : 0))
			return 1;
		double err = fabs(log(want / interval_mid(d[i].q.v)));
		if (err < best_err) {
			best_err = err;
			best = i;
		}
	}
	const struct derived *near = &d[best];
	struct quantity shown = near->q;
	quantity_set_unit(&shown, f->q.unit, f->q.scale);
	double ratio = want / interval_mid(near->q.v);
	if (ratio > 0.98 && ratio < 1.02)
		return 1;   /* rounding the ratio's digits do not show */
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &shown, written);
	if ((ratio > 20 || ratio < 0.05) && !hint)
		return 0;   /* far off, no slip: some other figure of the part */
	const struct ref_source *src = source_of(au->ref, rr->source);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s for '%s' and %s for '%s': "
		"%s\nsource: %s%s%s%s\nwrite %s, or say which figure of the part this is%s%s",
		rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, figure_text(au, &rr->cells[near->num]),
		rt->cols[near->num].id, figure_text(au, &rr->cells[near->den]), rt->cols[near->den].id,
		figure_text(au, &shown), src ? src->title : rr->source ? rr->source : "(none)",
		src && src->url[0] ? " <" : "", src && src->url[0] ? src->url : "", src && src->url[0] ? ">" : "",
		figure_text(au, &shown), hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_reference++;
	diag_report(DIAG_WARNING, f->loc, f->width, detail, "%s for the %s; its reference data gives %s (%s / %s)",
		    written, rr->name, figure_text(au, &shown), rt->cols[near->num].id, rt->cols[near->den].id);
	return 1;
}

/* The memory size a sentence's words give ("a100 40gb", "v100 16 gb"), or
 * "": the first. */
static const char *sentence_size(struct arena *a, const char *sw)
{
	for (const char *p = sw; *p;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, " ");
		if (!n)
			break;
		if (is_size_word(p, n) && strncmp(p, "sxm", 3))
			return arena_strndup(a, p, n);
		/* "16 gb": the number and the unit apart */
		size_t d = 0;
		while (d < n && p[d] >= '0' && p[d] <= '9')
			d++;
		if (d == n && (!strncmp(p + n, " gb ", 4) || !strncmp(p + n, " tb ", 4)))
			return arena_printf(a, "%.*s%.2s", (int)n, p, p + n + 1);
		p += n;
	}
	return "";
}

/* Does the size the sentence gives ("16gb") stand in a row's name? */
static int size_names_row(struct audit *au, const struct ref_table *rt, const char *sw)
{
	const char *size = sentence_size(au->a, sw);
	for (size_t r = 0; size[0] && r < rt->nrows; r++)
		for (size_t n = 0; n < rt->rows[r].nnames; n++)
			if (!strcmp(size_word(au->a, rt->rows[r].names[n]), size))
				return 1;
	return 0;
}

/* How many of the forms (PCIe, NVL…) the sentence says a row's names
 * have. */
static int says_forms(struct audit *au, const struct ref_row *o, const char *sw, const char *const *variants)
{
	int n = 0;
	for (size_t v = 0; variants[v]; v++) {
		size_t vl = strlen(variants[v]);
		if (is_size_word(variants[v], vl) || !words_have(sw, variants[v], vl))
			continue;
		for (size_t k = 0; k < o->nnames; k++)
			if (words_have(arena_printf(au->a, " %s ", o->names[k]), variants[v], vl)) {
				n++;
				break;
			}
	}
	return n;
}

/* Row r of the chips, or the one row of its model that the sentence's
 * size names ("A100-40GB": the A100 SXM 40GB; "V100 16GB": the V100
 * SXM2 16GB, not its PCIe sibling unless the sentence says PCIe). */
static size_t sized_row(struct audit *au, const struct ref_table *rt, size_t r, const char *sw,
			const char *const *variants)
{
	const char *size = sentence_size(au->a, sw);
	if (!size[0])
		return r;
	const struct ref_row *rr = &rt->rows[r];
	for (size_t n = 0; n < rr->nnames; n++)
		if (!strcmp(size_word(au->a, rr->names[n]), size))
			return r;   /* the row has that size */
	const char *base = rr->stripped[0];
	size_t bl = strcspn(base, " ");
	long found = -1;
	for (size_t k = 0; k < rt->nrows; k++) {
		const struct ref_row *o = &rt->rows[k];
		if (strncmp(o->stripped[0], base, bl) || (o->stripped[0][bl] != ' ' && o->stripped[0][bl]))
			continue;
		int sized = 0, other = 0;
		for (size_t n = 0; n < o->nnames; n++) {
			sized |= !strcmp(size_word(au->a, o->names[n]), size);
			/* a form the sentence does not say (the PCIe card) */
			for (size_t v = 0; variants[v]; v++)
				if (words_have(arena_printf(au->a, " %s ", o->names[n]), variants[v], strlen(variants[v])) &&
				    !words_have(sw, variants[v], strlen(variants[v])) && !is_size_word(variants[v], strlen(variants[v])))
					other = 1;
		}
		if (!sized || other)
			continue;
		/* of two, the one whose name has the forms the sentence says
		 * ("A100-PCIE-40GB": the PCIe card, not the SXM module) */
		if (found >= 0) {
			int said_k = says_forms(au, o, sw, variants), said_f = says_forms(au, &rt->rows[found], sw, variants);
			if (said_k == said_f)
				return r;
			if (said_k > said_f)
				found = (long)k;
			continue;
		}
		found = (long)k;
	}
	return found >= 0 ? (size_t)found : r;
}

/* ---- a sentence's figure about a link (NVLink 3, PCIe 4.0 x16) ---- */

/* The reference table with id id, or NULL. */
static const struct ref_table *table_named(const struct audit_reference *ref, const char *id)
{
	for (size_t t = 0; ref && t < ref->ntables; t++)
		if (!strcmp(ref->tables[t].id, id))
			return &ref->tables[t];
	return NULL;
}

static long column_named(const struct ref_table *rt, const char *id)
{
	for (size_t c = 0; c < rt->ncols; c++)
		if (!strcmp(rt->cols[c].id, id))
			return (long)c;
	return -1;
}

/* How far before byte at the nearest name of link row rr begins, looked
 * for from byte from of s ("NVLink 3.0", "PCIe Gen4", "nvlink3": its
 * words in a row, whatever the signs between them), or (size_t)-1.  The
 * callers look within a window of the figure: one long sentence of many
 * figures stays linear. */
static size_t link_named_at(struct arena *a, const struct ref_row *rr, const char *s, size_t from, size_t at)
{
	size_t best = (size_t)-1;
	for (size_t k = 0; k < rr->nnames + 1; k++) {
		/* the name up to its parenthesis ("NVLink 3 (Ampere)": "nvlink 3") */
		const char *nm = rr->names[k < rr->nnames ? k : 0];
		if (k == rr->nnames) {
			const char *par = strchr(rr->name, '(');
			if (!par)
				continue;
			nm = name_normalise(a, rr->name, (size_t)(par - rr->name));
		}
		size_t fl = strcspn(nm, " "), nl = strlen(nm);
		for (size_t i = from; i + fl <= at; i++) {
			if (audit_casecmp(s + i, nm, fl) || (i > 0 && ((s[i - 1] | 32) >= 'a' && (s[i - 1] | 32) <= 'z')))
				continue;
			size_t span = at - i < nl + 12 ? at - i : nl + 12;
			const char *w = name_normalise(a, s + i, span);
			if (strncmp(w, nm, nl) || (w[nl] != ' ' && w[nl]) || at - i >= best)
				continue;
			/* "PCIe 3/4", "NVLink 1–4": generations, no one link */
			int several = 0;
			for (size_t b = i + fl; b + 1 < i + span && !several; b++)
				several = s[b] >= '0' && s[b] <= '9' &&
					  (s[b + 1] == '/' || s[b + 1] == '-' || s[b + 1] == '~' ||
					   (b + 4 < i + span && !memcmp(s + b + 1, "–", 3))) &&
					  (s[b + 2] >= '0' || (unsigned char)s[b + 1] >= 0x80);
			if (!several)
				best = at - i;
		}
	}
	return best;
}

/* Does the sentence say the figure is one link's ("单链路带宽", "per
 * link", "each link")? */
static int says_per_link(const char *s, size_t len, const char *sw)
{
	static const char *const han[] = { "单链路", "单条链路", "每条链路", "每个链路", "每链路", "单个链路", NULL };
	for (size_t k = 0; han[k]; k++)
		if (has_text(s, len, han[k]))
			return 1;
	return words_have(sw, "per link", 8) || words_have(sw, "each link", 9) || words_have(sw, "single link", 11) ||
	       words_have(sw, "one link", 8);
}

/* Is the word after figure f (at byte at of s) "link" ("a single 50
 * GB/s link")? */
static int link_after(const char *s, size_t len, size_t at, const struct figure *f)
{
	size_t b = at + f->len;
	while (b < len && (s[b] == ' ' || s[b] == '*' || s[b] == '`'))
		b++;
	return b + 4 <= len && !audit_casecmp(s + b, "link", 4) &&
	       (b + 4 == len || !((s[b + 4] | 32) >= 'a' && (s[b + 4] | 32) <= 'z'));
}

/* Does the sentence tell of a collective or a run over the link
 * ("all-reduce bandwidth", "busbw", "实测")? */
static int link_measured(const char *s, size_t len, const char *sw)
{
	static const char *const words[] = { " all reduce ", " allreduce ", " all gather ", " allgather ", " nccl ",
					     " busbw ", " algbw ", " speed up ", " speedup ", " effective ", " actual ",
					     " sharp ", " payload ", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(sw, words[k]))
			return 1;
	return sentence_measures(s, len, sw);
}

/* Does the sentence speak of lanes ("x8", "per lane", "每通道"): a PCIe
 * figure of another width than x16, or of one lane? */
static int says_lanes(const char *s, size_t len, const char *sw)
{
	static const char *const words[] = { " x1 ", " x2 ", " x4 ", " x8 ", " x32 ", " lane ", " lanes ", " per lane ",
					     " gt ", NULL };
	for (size_t k = 0; words[k]; k++)
		if (strstr(sw, words[k]))
			return 1;
	return has_text(s, len, "通道") || has_text(s, len, "lane");
}

/* The reference figure of column c of row rr as figure f says it: of
 * one direction or both, as f's kind says. */
static struct figure as_said(const struct audit *au, const struct ref_table *rt, const struct ref_row *rr, long c,
			     const struct figure *f)
{
	struct figure rf = { 0 };
	rf.q = rr->cells[c];
	/* the column's kind "per-direction" is no phrase figure_kinds()
	 * reads */
	int fd = au->kind_perdir ? units_kind_family(au->u, au->kind_perdir) : -1;
	if (fd >= 0 && !rf.q.kind[fd] && !strcmp(rt->cols[c].id, "bw_dir"))
		rf.q.kind[fd] = (unsigned char)au->kind_perdir;
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ka = f->q.kind[fam], kb = rf.q.kind[fam];
		double k = ka && kb && ka != kb ? units_kind_factor(au->u, kb, ka) : 0;
		if (k > 0) {
			interval_scale(rf.q.v, k, &rf.q.v);
			interval_scale(rf.q.nominal, k, &rf.q.nominal);
			rf.q.kind[fam] = (unsigned char)ka;
		}
	}
	return rf;
}

/* Does f agree with rf, rounded or with a link's encoding overhead (a
 * payload of 31.5 GB/s for PCIe 4.0 x16's 32, 63 for Gen5's 64)? */
static int link_agrees(const struct audit *au, const struct figure *f, const struct figure *rf)
{
	double ratio = interval_mid(f->q.v) / interval_mid(rf->q.v);
	return figures_agree(au, f, rf, f->approx ? au->approx : 0) || rounds_to(f, ref_digits(&rf->q)) ||
	       (ratio > 0.95 && ratio < 1.05);
}

/* A rate said of a link the reference has a row for ("PCIe 4.0 x16带宽为
 * 32 GB/s（双向）", "NVLink 3.0单链路带宽为 50 GB/s（单向）", "NVLink 2
 * gives 300 GB/s"): held against the row's bandwidth per direction and
 * for both (any, unless the figure says which), or one link's when the
 * sentence says so.  Off with a slip that explains it (one direction for
 * both, bits for bytes), or off with no other link named, a warning
 * naming the source.  Returns 1 when it judged the figure. */
static int link_prose(struct audit *au, const char *s, size_t len, size_t at, const char *sw, const struct figure *f)
{
	const struct ref_table *rt = table_named(au->ref, "interconnects");
	if (!rt)
		return 0;
	long c_dir = column_named(rt, "bw_dir"), c_bw = column_named(rt, "bw"), c_link = column_named(rt, "link_bw");
	if (c_dir < 0 || c_bw < 0 || !dim_equal(&rt->cols[c_bw].unit.dim, &f->q.dim))
		return 0;
	long best = -1;
	size_t best_d = (size_t)-1;
	int named = 0;
	/* the names that count: one within reach before the figure, any
	 * other link within a clause or two of it */
	size_t name_from = at > PROSE_NAME_REACH ? at - PROSE_NAME_REACH : 0;
	size_t near_from = at > 3 * PROSE_NAME_REACH ? at - 3 * PROSE_NAME_REACH : 0;
	size_t near_to = len - at > 3 * PROSE_NAME_REACH ? at + 3 * PROSE_NAME_REACH : len;
	for (size_t r = 0; r < rt->nrows; r++) {
		if (link_named_at(au->a, &rt->rows[r], s, near_from, near_to) == (size_t)-1)
			continue;
		named++;
		size_t d = link_named_at(au->a, &rt->rows[r], s, name_from, at);
		if (d != (size_t)-1 && d < best_d) {
			best = (long)r;
			best_d = d;
		}
	}
	if (best < 0 || best_d > PROSE_NAME_REACH)
		return 0;
	const struct ref_row *rr = &rt->rows[best];
	if (!strncmp(rr->id, "pcie", 4) && says_lanes(s, len, sw))
		return 0;
	long cols[2];
	size_t nc = 0;
	if (says_per_link(s, len, sw) || link_after(s, len, at, f)) {
		if (c_link < 0 || !rr->has[c_link])
			return 0;
		cols[nc++] = c_link;
	} else {
		if (rr->has[c_dir])
			cols[nc++] = c_dir;
		if (rr->has[c_bw])
			cols[nc++] = c_bw;
	}
	if (!nc)
		return 0;
	au->sum.cells_referenced++;
	struct figure near = { 0 };
	double near_err = INFINITY;
	for (size_t k = 0; k < nc; k++) {
		struct figure rf = as_said(au, rt, rr, cols[k], f);
		if (link_agrees(au, f, &rf))
			return 1;
		double err = fabs(log(interval_mid(f->q.v) / interval_mid(rf.q.v)));
		if (err < near_err) {
			near_err = err;
			near = rf;
		}
	}
	/* another link the sentence names gives it ("PCIe 4.0 的 64 GB/s 对
	 * PCIe 5.0 的 128 GB/s") */
	for (size_t r = 0; named > 1 && r < rt->nrows; r++) {
		if ((long)r == best || link_named_at(au->a, &rt->rows[r], s, near_from, near_to) == (size_t)-1)
			continue;
		long oc[3] = { c_dir, c_bw, c_link };
		for (size_t k = 0; k < 3; k++)
			if (oc[k] >= 0 && rt->rows[r].has[oc[k]]) {
				struct figure rf = as_said(au, rt, &rt->rows[r], oc[k], f);
				if (link_agrees(au, f, &rf))
					return 1;
			}
	}
	double ratio = interval_mid(f->q.v) / interval_mid(near.q.v);
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &near.q, written);
	/* with no slip to explain it, only a figure near the reference's in
	 * a sentence about one link and no run over it (an all-reduce's
	 * 370 GB/s is no NVLink 4's figure) */
	if (!hint && (named > 1 || ratio > 1.25 || ratio < 0.8 || link_measured(s, len, sw)))
		return 0;
	const struct ref_source *src = source_of(au->ref, rr->source);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s per direction, %s for both%s%s%s"
		"\nsource: %s%s%s%s\nwrite %s, or say which direction the figure is of%s%s",
		rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, figure_text(au, &rr->cells[c_dir]),
		figure_text(au, &rr->cells[c_bw]), c_link >= 0 && rr->has[c_link] ? ", " : "",
		c_link >= 0 && rr->has[c_link] ? figure_text(au, &rr->cells[c_link]) : "",
		c_link >= 0 && rr->has[c_link] ? " for one link (both directions)" : "",
		src ? src->title : rr->source ? rr->source : "(none)", src && src->url[0] ? " <" : "",
		src && src->url[0] ? src->url : "", src && src->url[0] ? ">" : "", figure_text(au, &near.q),
		hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_reference++;
	diag_report(DIAG_WARNING, f->loc, f->width, detail, "%s for %s; reference data says %s", written, rr->name,
		    figure_text(au, &near.q));
	return 1;
}

int reference_prose(struct audit *au, const char *s, size_t len, size_t at, const char *sw,
		    const struct figure *f)
{
	const struct audit_reference *ref = au->ref;
	if (!ref || !ref->ntables)
		return 0;
	if (link_prose(au, s, len, at, sw, f))
		return 1;
	const struct ref_table *rt = &ref->tables[0];   /* the chips */
	/* the row: the most words of a name, then the nearest before the figure */
	long best_row = -1;
	size_t best_words = 0, best_d = (size_t)-1;
	for (size_t r = 0; r < rt->nrows; r++)
		for (size_t k = 0; k < rt->rows[r].nnames; k++) {
			const char *nm = rt->rows[r].names[k];
			if (!words_together(sw, nm))
				continue;
			size_t words = 1;
			for (const char *p = nm; *p; p++)
				words += *p == ' ';
			const char *sp = strchr(nm, ' ');
			size_t d = word_distance(s, len, at, nm, sp ? (size_t)(sp - nm) : strlen(nm));
			if (words > best_words || (words == best_words && d < best_d)) {
				best_row = (long)r;
				best_words = words;
				best_d = d;
			}
		}
	/* the chip named before the figure, not far */
	if (best_row < 0 || best_d > PROSE_NAME_REACH)
		return 0;
	/* a variant the reference has no row for ("H100 NVL", "A100 PCIe 40GB") */
	static const char *const variants[] = { "pcie", "nvl", "sxm4", "oam", "16gb", "40gb", "94gb", "96gb", NULL };
	const struct ref_row *rr = &rt->rows[sized_row(au, rt, best_row, sw, variants)];
	for (size_t k = 0; variants[k]; k++) {
		const char *v = arena_printf(au->a, " %s ", variants[k]);
		int in_name = 0;
		for (size_t n = 0; n < rr->nnames; n++)
			in_name |= strstr(arena_printf(au->a, " %s ", rr->names[n]), v) != NULL;
		if (strstr(sw, v) && !in_name)
			return 0;
	}
	/* the PCIe of the part's name ("A100 PCIe 40GB") is no link */
	const char *lw = sw;
	if (strstr(rr->names[0], " pcie")) {
		const char *model = rr->stripped[0];
		const char *at_model = strstr(sw, arena_printf(au->a, " %.*s pcie ", (int)strcspn(model, " "), model));
		if (at_model) {
			char *w = arena_strndup(au->a, sw, strlen(sw));
			memset(w + (at_model - sw) + 1 + strcspn(model, " ") + 1, ' ', 4);
			lw = w;
		}
	}
	long best_col = -1;
	size_t col_d = (size_t)-1;
	int ties = 0;
	for (size_t c = 0; c < rt->ncols; c++) {
		const struct ref_column *rc = &rt->cols[c];
		if (!rc->has_unit || !rr->has[c] || !dim_equal(&rc->unit.dim, &f->q.dim))
			continue;
		if (!strcmp(rc->id, "cc") && !version_text(s + at, f->len))
			continue;
		size_t d;
		if (!column_in_sentence(rc, sw, s, len, at, &d) || d > PROSE_COLUMN_REACH)
			continue;
		/* a rate in a sentence about links is no memory bandwidth, nor
		 * one said of both directions ("300 GB/s 的峰值双向带宽": a
		 * link's); a cache's bandwidth or size is no HBM's */
		if (!strcmp(rc->id, "mem_bw") && (sentence_about_links(lw) || figure_has_direction(au, f)))
			continue;
		if ((!strcmp(rc->id, "mem_bw") || !strcmp(rc->id, "memory")) && sentence_about_caches(s, len, sw))
			continue;
		if (d < col_d) {
			best_col = (long)c;
			col_d = d;
			ties = 0;
		} else if (d == col_d) {
			ties++;
		}
	}
	/* a rate said of one direction or both, with no column named ("The
	 * GH200 Superchip's 450 GB/s bidirectional bandwidth"): the part's
	 * NVLink, unless the sentence names another link */
	if (best_col < 0 && !ties && figure_has_direction(au, f) && !says_per_link(s, len, sw) &&
	    !strstr(sw, " link ") && !strstr(sw, " links ") && !strstr(sw, " each ") && !strstr(sw, " per ") &&
	    !has_text(s, len, "链路")) {
		static const char *const other[] = { " pcie", " infiniband ", " ethernet ", " network ", " nic ", " roce ",
						     " ib ", " efa ", " ici ", " 网 ", NULL };
		int named_other = 0;
		for (size_t k = 0; other[k]; k++)
			named_other |= strstr(lw, other[k]) != NULL;
		long nv = column_named(rt, "nvlink");
		if (!named_other && nv >= 0 && rr->has[nv] && dim_equal(&rt->cols[nv].unit.dim, &f->q.dim))
			best_col = nv;
	}
	/* a size the sentence gives that names a row ("V100: 16GB, A10G:
	 * 24GB") is that row's memory: another memory figure in it is
	 * another part's */
	if (best_col >= 0 && !strcmp(rt->cols[best_col].id, "memory") && size_names_row(au, rt, sw))
		return 0;
	if (best_col < 0 && !ties)
		return derived_prose(au, rt, rr, s, len, at, sw, f);
	if (best_col < 0 || ties)
		return 0;
	au->sum.cells_referenced++;
	struct figure rf = { 0 };
	rf.q = rr->cells[best_col];
	double widen = f->approx ? au->approx : 0;
	if (figures_agree(au, f, &rf, widen))
		return 1;
	/* another part the sentence names gives it ("H200与H100相同，但内存为
	 * 141GB": the H200's, though the H100 stands nearer) */
	for (size_t r = 0; r < rt->nrows; r++) {
		if ((long)r == best_row || !rt->rows[r].has[best_col])
			continue;
		int named = 0;
		for (size_t k = 0; k < rt->rows[r].nnames && !named; k++)
			named = words_together(sw, rt->rows[r].names[k]);
		struct figure other = { 0 };
		other.q = rt->rows[r].cells[best_col];
		if (named && (figures_agree(au, f, &other, widen) || rounds_to(f, ref_digits(&other.q))))
			return 1;
	}
	/* said as the sentence says it: "450GBps unidirectional" of a
	 * both-directions column is its half */
	for (int fam = 0; fam < KIND_FAMILIES; fam++) {
		int ka = f->q.kind[fam], kb = rf.q.kind[fam];
		double k = ka && kb && ka != kb ? units_kind_factor(au->u, kb, ka) : 0;
		if (k > 0) {
			interval_scale(rf.q.v, k, &rf.q.v);
			interval_scale(rf.q.nominal, k, &rf.q.nominal);
			rf.q.kind[fam] = (unsigned char)ka;
		}
	}
	double ratio = interval_mid(f->q.v) / interval_mid(rf.q.v);
	if (rounds_to(f, ref_digits(&rf.q)))
		return 1;
	const char *written = arena_strndup(au->a, s + at, f->len);
	const char *hint = slip_hint(au, &f->q, &rf.q, written);
	/* far off with no slip to explain it: some other figure of the part;
	 * under the peak in a sentence that tells of a run ("this GEMM
	 * reached 20.16 TFLOPS on an RTX 3090", "~840 TFLOPs/s（85% 利用率）"):
	 * a measurement */
	if ((ratio > 20 || ratio < 0.05) && !hint)
		return 0;
	if (ratio < 1 && !hint && sentence_measures(s, len, sw))
		return 0;
	/* a server's memory (its DIMMs, 8 GPUs' HBM) in a sentence about
	 * one: "a server with 8× MI300X (192GB) …, 2.2TiB",
	 * "在配备1.5TB内存+880GB A100的服务器上" */
	if (ratio > 2 && (!strcmp(rt->cols[best_col].id, "memory") || !strcmp(rt->cols[best_col].id, "mem_bw")) &&
	    sentence_about_servers(s, len, sw))
		return 0;
	/* within 10%, or twice or half with no direction or sparsity said:
	 * perhaps another of the vendor's figures (both directions, sparse) */
	/* the reference's NVLink figure is both directions (the most a vendor
	 * gives), its compute dense (the least): only a figure the other way
	 * (half a link's, twice a compute figure) may be another of theirs */
	const char *cid = rt->cols[best_col].id;
	int link = !strcmp(cid, "nvlink"), compute = strstr(cid, "fp") || strstr(cid, "bf") || strstr(cid, "tf") ||
						  strstr(cid, "int");
	int near = (!hint && ratio > 0.9 && ratio < 1.1) ||
		   (hint && ((link && strstr(hint, "half")) || (compute && strstr(hint, "twice"))) && !figure_has_kind(au, f));
	const struct ref_source *src = source_of(ref, rr->source);
	const char *detail = arena_printf(
		au->a, "%s:%d:%d: specbook's built-in reference row '%s' (%s) gives %s for '%s'\nsource: %s%s%s%s\n%s%s%s",
		rt->file, rr->loc.line, rr->loc.col, rr->id, rr->name, figure_text(au, &rf.q), rt->cols[best_col].id,
		src ? src->title : rr->source ? rr->source : "(none)", src && src->url[0] ? " <" : "",
		src && src->url[0] ? src->url : "", src && src->url[0] ? ">" : "",
		near ? "vendors publish several figures (SKUs, clocks, rounding): check which one is meant"
		     : arena_printf(au->a, "write %s, or cite the source of this figure", figure_text(au, &rf.q)),
		hint ? "\n" : "", hint ? hint : "");
	au->sum.findings_reference++;
	/* another figure the vendor publishes (a link's one direction, a
	 * compute figure with sparsity) is a note; a figure merely close to
	 * the reference is no rounding of it (rounds_to()): a warning */
	int other_figure = near && hint;
	diag_report(other_figure ? DIAG_NOTE : DIAG_WARNING, f->loc, f->width, detail,
		    "%s for the %s's %s; reference data says %s", written, rr->name, rt->cols[best_col].id,
		    figure_text(au, &rf.q));
	return 1;
}

/* The figures of column of the reference rows one of whose names is
 * word (exact) or begins with it (the word and a space). */
static size_t part_figures(const struct audit_reference *ref, const char *word, size_t wl, const char *column,
			   int exact, struct quantity *out, size_t max, const char **source)
{
	const struct ref_table *rt = &ref->tables[0];
	long col = -1;
	for (size_t c = 0; c < rt->ncols; c++)
		if (!strcmp(rt->cols[c].id, column))
			col = (long)c;
	if (col < 0)
		return 0;
	size_t n = 0;
	for (size_t r = 0; r < rt->nrows && n < max; r++) {
		const struct ref_row *rr = &rt->rows[r];
		int named = 0;
		for (size_t k = 0; k < rr->nnames && !named; k++)
			named = !strncmp(rr->names[k], word, wl) &&
				(!rr->names[k][wl] || (!exact && rr->names[k][wl] == ' '));
		if (named && rr->has[col]) {
			if (source && !n) {
				const struct ref_source *src = source_of(ref, rr->source);
				*source = src ? src->title : rr->source;
			}
			out[n++] = rr->cells[col];
		}
	}
	return n;
}

size_t reference_part_figures(const struct audit_reference *ref, const char *word, size_t wl, const char *column,
			      int exact, struct quantity *out, size_t max, const char **source)
{
	if (!ref || !ref->ntables)
		return 0;
	size_t n = part_figures(ref, word, wl, column, exact, out, max, source);
	/* the A800's row, and but for NVLink the A100's figures: the A800
	 * PCIe and 40GB have no rows of their own */
	if (wl == 4 && !strncmp(word, "a800", 4) && strcmp(column, "nvlink") && n < max)
		n += part_figures(ref, "a100", 4, column, exact, out + n, max - n, n ? NULL : source);
	return n;
}

int reference_link_figure(struct audit *au, const char *s, size_t len, int both, struct quantity *q,
			  const char **name, const char **source)
{
	const struct ref_table *rt = table_named(au->ref, "interconnects");
	if (!rt)
		return 0;
	long col = column_named(rt, both ? "bw" : "bw_dir");
	const struct ref_row *best = NULL;
	size_t best_d = (size_t)-1;
	int tie = 0;
	for (size_t r = 0; r < rt->nrows && col >= 0; r++) {
		size_t d = link_named_at(au->a, &rt->rows[r], s, 0, len);
		if (d == (size_t)-1 || d > best_d)
			continue;
		tie = d == best_d;
		best_d = d;
		best = &rt->rows[r];
	}
	if (!best || tie || !best->has[col])
		return 0;
	*q = best->cells[col];
	*name = best->name;
	const struct ref_source *src = source_of(au->ref, best->source);
	*source = src ? src->title : best->source;
	return 1;
}
