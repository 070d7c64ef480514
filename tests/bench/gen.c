/*
 * gen.c — writes the synthetic bilingual book that `make bench` times.
 *
 *   gen [-f FOLDERS] DIR N [HUGODIR]
 *
 * DIR gets a complete specbook book of N chapters of about 25 KB each:
 * content/book.yaml, content/glossary.yaml, content/NN…-chNN….md,
 * specs/bench.yaml (rows gpu_0000… with a derived column) and
 * specs/sources.yaml.  The caller copies specs/units.yaml and templates/
 * from the repository.  With HUGODIR, the same bodies also go to a Hugo
 * site there (front matter Hugo understands, a minimal theme).
 *
 * Every chapter has headings `## N.M 中文 (English) {#cN-sM}`, Chinese
 * paragraphs each followed by an English blockquote translation, lists,
 * fenced code, links to other chapters' anchors, spec and glossary links,
 * value spans {gpu_0007.mem_bw} and claims {192 GB = 2 × gpu_0007.memory}
 * that hold by construction (DESIGN §6: the stated side is the exact
 * product, so the intervals overlap).
 *
 * With -f FOLDERS the same chapters are spread over FOLDERS folders of
 * content/ (NN-partNN/, consecutive chapters together, no README: the
 * book has the same pages as the flat one), their links to one another
 * relative as on GitHub (../NN-partNN/…md#…); nothing else changes, so
 * that `make bench` can time a nested book against the flat one.
 *
 * Chapter numbers are zero-padded to max(2, digits of N) so that a sorted
 * directory listing is chapter order.  Output depends only on N: the text
 * comes from a fixed linear congruential generator seeded per chapter.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Target size of one chapter; sections are added until it is reached. */
#define CHAPTER_BYTES 25000

static const char *const zh_phrases[] = {
	"每个 GPU 的显存带宽决定了大模型推理的解码速度",
	"张量核心在低精度下的吞吐量成倍提高",
	"机柜内的交换网络把所有加速器连成一个整体",
	"液冷回路带走了绝大部分热量",
	"算术强度低于屋脊点的内核受限于内存带宽",
	"训练时的通信量与模型参数量成正比",
	"高带宽内存把多层芯片垂直堆叠在一起",
	"功耗预算限制了每个机柜能放下的节点数",
	"流水线并行把模型的不同层放到不同设备上",
	"数据并行在每一步结束时同步梯度",
	"读数时要留意比特与字节的区别",
	"单向带宽与双向带宽相差一倍",
	"十进制前缀与二进制前缀不能混用",
	"稀疏算力通常是稠密算力的两倍",
	"缓存命中可以避免一次昂贵的显存访问",
	"编译器把多个算子融合成一个内核",
	"批量越大，权重读取的开销被摊得越薄",
	"互连延迟在小消息时占主导地位",
	"量化把权重从十六位压缩到八位甚至四位",
	"注意力机制的键值缓存随上下文长度线性增长",
};

static const char *const en_phrases[] = {
	"the memory bandwidth of each GPU sets the decode speed of large-model inference",
	"tensor cores multiply their throughput at lower precision",
	"the switch fabric in the rack joins every accelerator into one machine",
	"the liquid cooling loop carries away most of the heat",
	"kernels whose arithmetic intensity is below the ridge point are bound by memory bandwidth",
	"the traffic of training grows with the number of parameters",
	"high bandwidth memory stacks several dies on top of each other",
	"the power budget limits how many nodes fit in a rack",
	"pipeline parallelism places different layers on different devices",
	"data parallelism synchronises gradients at the end of every step",
	"when reading the figures, keep bits and bytes apart",
	"one-way and two-way bandwidth differ by a factor of two",
	"decimal and binary prefixes must not be mixed",
	"sparse throughput is usually twice the dense figure",
	"a cache hit saves an expensive trip to device memory",
	"the compiler fuses several operators into one kernel",
	"the larger the batch, the thinner the cost of reading the weights is spread",
	"interconnect latency dominates for small messages",
	"quantisation shrinks weights from sixteen bits to eight or even four",
	"the key-value cache of attention grows linearly with the context length",
};

#define NPHRASES (sizeof zh_phrases / sizeof *zh_phrases)

static const char *const code_lines[] = {
	"for (int i = 0; i < n; i++)",
	"    y[i] = a * x[i] + y[i];",
	"__global__ void saxpy(int n, float a, const float *x, float *y)",
	"size_t bytes = (size_t)n * sizeof(float);",
	"cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);",
	"double intensity = flops / bytes_moved;",
	"torch.distributed.all_reduce(grad)",
	"nccl-tests/build/all_reduce_perf -b 8 -e 8G -f 2 -g 8",
};

#define NCODE (sizeof code_lines / sizeof *code_lines)

static unsigned long rng_state;

static unsigned rng(void)
{
	rng_state = rng_state * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rng_state >> 33);
}

static void die(const char *what, const char *path)
{
	fprintf(stderr, "gen: %s '%s': %s\n", what, path, strerror(errno));
	exit(1);
}

static void mkdirs(const char *path)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(tmp, 0777) && errno != EEXIST)
				die("cannot create", tmp);
			*p = '/';
		}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		die("cannot create", tmp);
}

static FILE *create(const char *fmt, ...)
{
	char path[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	FILE *f = fopen(path, "w");
	if (!f)
		die("cannot write", path);
	return f;
}

/* A growable string, enough for one chapter body. */
struct str {
	char *data;
	size_t len, cap;
};

static void str_addf(struct str *s, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		size_t room = s->cap - s->len;
		int n = vsnprintf(s->data + s->len, room, fmt, ap);
		va_end(ap);
		if (n < 0)
			abort();
		if ((size_t)n < room) {
			s->len += (size_t)n;
			return;
		}
		s->cap = s->cap * 2 + (size_t)n + 1;
		s->data = realloc(s->data, s->cap);
		if (!s->data)
			abort();
	}
}

static int width;     /* digits of a chapter number in file names */
static int nrows;     /* rows of specs/bench.yaml */
static int nfolders;  /* -f: folders the chapters are spread over; 0: flat */
static int per_folder;/* chapters in each folder */
static int fwidth;    /* digits of a folder number */

/* The row's values; the claims below are built from the same formulas. */
static int row_memory(int r) { return 16 * (1 + r % 12); }                 /* GB */
static int row_bw_hundredths(int r) { return 100 + (r * 7) % 400; }        /* TB/s × 100 */
static int row_bf16(int r) { return 100 + (r * 37) % 2000; }               /* TFLOPS */

static void chapter_file(char *out, size_t size, int ch)
{
	snprintf(out, size, "%0*d-ch%0*d.md", width, ch, width, ch);
}

/* The folder of chapter ch (1-based), 0 when the book is flat. */
static int chapter_folder(int ch)
{
	return nfolders ? 1 + (ch - 1) / per_folder : 0;
}

static void folder_name(char *out, size_t size, int folder)
{
	snprintf(out, size, "%0*d-part%0*d", fwidth, folder, fwidth, folder);
}

/* The chapter's path under content/ ("0001-ch0001.md", "03-part03/…"). */
static void chapter_path(char *out, size_t size, int ch)
{
	char file[64], folder[64];
	chapter_file(file, sizeof file, ch);
	if (!nfolders) {
		snprintf(out, size, "%s", file);
		return;
	}
	folder_name(folder, sizeof folder, chapter_folder(ch));
	snprintf(out, size, "%s/%s", folder, file);
}

/* A relative link from chapter from to chapter to, as GitHub reads it. */
static void chapter_link(char *out, size_t size, int from, int to)
{
	char file[64], folder[64];
	chapter_file(file, sizeof file, to);
	if (chapter_folder(from) == chapter_folder(to)) {
		snprintf(out, size, "%s", file);
		return;
	}
	folder_name(folder, sizeof folder, chapter_folder(to));
	snprintf(out, size, "../%s/%s", folder, file);
}

/* Appends one paragraph of k phrases from list, with an optional extra piece. */
static void sentence(struct str *s, const char *const *list, int zh, int k, unsigned seed,
		     const char *extra)
{
	for (int i = 0; i < k; i++) {
		const char *p = list[(seed + (unsigned)i * 7) % NPHRASES];
		if (zh)
			str_addf(s, "%s%s", p, i + 1 < k ? "，" : "");
		else if (i == 0)
			str_addf(s, "%c%s%s", p[0] - 'a' + 'A', p + 1, k > 1 ? ";" : "");
		else
			str_addf(s, " %s%s", p, i + 1 < k ? ";" : "");
		if (i == k / 2 && extra)
			str_addf(s, zh ? "（%s）" : " (%s)", extra);
	}
	str_addf(s, zh ? "。" : ".");
}

/* Appends section sec of chapter ch; returns the bytes its links take
 * beyond the flat book's (their ../folder/), so that a nested chapter
 * gets as many sections as the flat one. */
static size_t section(struct str *s, int nchapters, int ch, int sec)
{
	unsigned seed = rng();
	int row = (int)(rng() % (unsigned)nrows);
	int row2 = (int)(rng() % (unsigned)nrows);
	int other = 1 + (int)(rng() % (unsigned)nchapters);
	char gpu[32], gpu2[32], file[160], extra[384];
	snprintf(gpu, sizeof gpu, "gpu_%04d", row);
	snprintf(gpu2, sizeof gpu2, "gpu_%04d", row2);
	chapter_link(file, sizeof file, ch, other);
	char flat[64];
	chapter_file(flat, sizeof flat, other);
	size_t longer = 2 * (strlen(file) - strlen(flat));   /* the two links of pair 1 */
	int bw = row_bw_hundredths(row2) * 4;

	str_addf(s, "## %d.%d %s (Section %d of Chapter %d) {#c%d-s%d}\n\n", ch, sec,
		 zh_phrases[seed % NPHRASES], sec, ch, ch, sec);

	/* pair 1: a value span and a link to another chapter's anchor */
	snprintf(extra, sizeof extra, "带宽 {%s.mem_bw}，见[第 %d 章](%s#c%d-s1)", gpu, other, file, other);
	sentence(s, zh_phrases, 1, 4, seed, extra);
	str_addf(s, "\n\n> ");
	snprintf(extra, sizeof extra, "bandwidth {%s.mem_bw}, see [chapter %d](%s#c%d-s1)", gpu, other, file, other);
	sentence(s, en_phrases, 0, 4, seed, extra);
	str_addf(s, "\n\n");

	/* pair 2: two claims that hold, a spec link and a glossary link */
	snprintf(extra, sizeof extra, "[%s](spec:%s) 的显存 {%d GB = 2 × %s.memory}，[高带宽内存](term:hbm) {%d.%02d TB/s ≈ 4 × %s.mem_bw}",
		 gpu, gpu, 2 * row_memory(row), gpu, bw / 100, bw % 100, gpu2);
	sentence(s, zh_phrases, 1, 5, seed + 3, extra);
	str_addf(s, "\n\n> ");
	snprintf(extra, sizeof extra, "[%s](spec:%s) memory {%d GB = 2 × %s.memory}, [HBM](term:hbm) {%d.%02d TB/s ≈ 4 × %s.mem_bw}",
		 gpu, gpu, 2 * row_memory(row), gpu, bw / 100, bw % 100, gpu2);
	sentence(s, en_phrases, 0, 5, seed + 3, extra);
	str_addf(s, "\n\n");

	/* a list */
	for (int i = 0; i < 4; i++)
		str_addf(s, "- **%s**：%s\n", zh_phrases[(seed + (unsigned)i) % NPHRASES],
			 en_phrases[(seed + (unsigned)i) % NPHRASES]);
	str_addf(s, "\n");

	/* pair 3: a derived value */
	snprintf(extra, sizeof extra, "屋脊点 {%s.ridge}", gpu2);
	sentence(s, zh_phrases, 1, 4, seed + 5, extra);
	str_addf(s, "\n\n> ");
	snprintf(extra, sizeof extra, "ridge point {%s.ridge}", gpu2);
	sentence(s, en_phrases, 0, 4, seed + 5, extra);
	str_addf(s, "\n\n");

	/* fenced code: braces here are code, not spans */
	str_addf(s, "```c\n");
	for (int i = 0; i < 6; i++)
		str_addf(s, "%s\n", code_lines[(seed + (unsigned)i) % NCODE]);
	str_addf(s, "if (n) { return 0; }\n```\n\n");

	/* pair 4: plain prose with inline code and emphasis */
	sentence(s, zh_phrases, 1, 6, seed + 11, "`nvidia-smi`");
	str_addf(s, "\n\n> ");
	sentence(s, en_phrases, 0, 6, seed + 11, "*see* `nvidia-smi`");
	str_addf(s, "\n\n");
	return longer;
}

static void write_chapter(const char *dir, const char *hugo, int nchapters, int ch)
{
	char file[160];
	chapter_path(file, sizeof file, ch);
	rng_state = 0x9E3779B97F4A7C15UL ^ (unsigned long)ch * 0x100000001B3UL;
	struct str body = { 0 };
	str_addf(&body, "第 %d 章是基准测试用的合成章节：中文段落之后紧跟英文译文。\n\n"
		 "> Chapter %d is a synthetic chapter for the benchmark: each Chinese paragraph is followed by its English translation.\n\n",
		 ch, ch);
	size_t longer = 0;
	for (int sec = 1; body.len - longer < CHAPTER_BYTES; sec++)
		longer += section(&body, nchapters, ch, sec);

	FILE *f = create("%s/content/%s", dir, file);
	fprintf(f, "---\nid: ch%0*d\ntitle: {zh: 第 %d 章 合成章节, en: Chapter %d Synthetic}\n"
		"summary: {zh: 基准测试用的合成章节。, en: A synthetic chapter for the benchmark.}\n---\n\n",
		width, ch, ch, ch);
	fwrite(body.data, 1, body.len, f);
	if (fclose(f))
		die("cannot write", file);
	if (hugo) {
		f = create("%s/content/%s", hugo, file);
		fprintf(f, "---\ntitle: \"第 %d 章 合成章节 Chapter %d Synthetic\"\nweight: %d\n---\n\n", ch, ch, ch);
		fwrite(body.data, 1, body.len, f);
		if (fclose(f))
			die("cannot write", file);
	}
	free(body.data);
}

static void write_book(const char *dir)
{
	FILE *f = create("%s/content/book.yaml", dir);
	fputs("title: {zh: 合成基准书, en: Synthetic Benchmark Book}\n"
	      "subtitle: {zh: 由 tests/bench/gen.c 生成, en: Generated by tests/bench/gen.c}\n"
	      "author: specbook bench\napprox: 2%\nallow_html: false\n"
	      "links: error\n", f);   /* a broken link fails, as in a book of specbook new */
	fclose(f);
	f = create("%s/content/glossary.yaml", dir);
	fputs("terms:\n  hbm:\n    en: High Bandwidth Memory\n    zh: 高带宽内存\n    abbr: HBM\n"
	      "    def:\n      zh: 与 GPU 同封装的堆叠显存。\n      en: Stacked DRAM in the GPU package.\n", f);
	fclose(f);
	f = create("%s/specs/sources.yaml", dir);
	fputs("bench:\n  title: Synthetic figures made by tests/bench/gen.c\n"
	      "  url: https://example.org/specbook-bench\n  date: 2026-01\n", f);
	fclose(f);
	f = create("%s/specs/bench.yaml", dir);
	fputs("table: bench\ntitle: {zh: 合成加速器, en: Synthetic accelerators}\ncolumns:\n"
	      "  vendor: {zh: 厂商, en: Vendor}\n"
	      "  memory: {zh: 显存容量, en: Memory, unit: GB}\n"
	      "  mem_bw: {zh: 显存带宽, en: Memory bandwidth, unit: TB/s}\n"
	      "  bf16:   {zh: BF16 稠密算力, en: BF16 dense, unit: TFLOPS}\n"
	      "  ridge:  {zh: 屋脊点, en: Ridge point, unit: FLOP/B, derive: bf16 / mem_bw}\n"
	      "rules:\n  - ridge > 10 FLOP/B\nrows:\n", f);
	for (int r = 0; r < nrows; r++) {
		int bw = row_bw_hundredths(r);
		fprintf(f, "  gpu_%04d:\n    name: Bench GPU %d\n    vendor: Bench\n    memory: %d\n"
			"    mem_bw: %d.%02d\n    bf16: %d\n    sources: [bench]\n",
			r, r, row_memory(r), bw / 100, bw % 100, row_bf16(r));
	}
	fclose(f);
}

static void write_hugo_site(const char *hugo)
{
	FILE *f = create("%s/config.toml", hugo);
	fputs("baseURL = 'http://example.org/'\ntitle = 'Synthetic Benchmark Book'\n"
	      "disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n"
	      "[markup.goldmark.parser.attribute]\n  title = true\n", f);
	fclose(f);
	f = create("%s/layouts/_default/baseof.html", hugo);
	fputs("<!DOCTYPE html>\n<html lang=\"zh-Hans\"><head><meta charset=\"utf-8\">"
	      "<title>{{ .Title }}</title></head>\n<body>{{ block \"main\" . }}{{ end }}</body></html>\n", f);
	fclose(f);
	f = create("%s/layouts/_default/single.html", hugo);
	fputs("{{ define \"main\" }}<article><h1>{{ .Title }}</h1>\n{{ .Content }}</article>{{ end }}\n", f);
	fclose(f);
	f = create("%s/layouts/_default/list.html", hugo);
	fputs("{{ define \"main\" }}<ol>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ol>{{ end }}\n", f);
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "-f")) {
		nfolders = atoi(argv[2]);
		if (nfolders < 1 || nfolders > 99999) {
			fputs("gen: -f is a number of folders from 1 to 99999\n", stderr);
			return 2;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 3 || argc > 4) {
		fputs("usage: gen [-f FOLDERS] DIR N [HUGODIR]\n", stderr);
		return 2;
	}
	const char *dir = argv[1], *hugo = argc > 3 ? argv[3] : NULL;
	int n = atoi(argv[2]);
	if (n < 1 || n > 9999999) {
		fputs("gen: N is a number of chapters from 1 to 9999999\n", stderr);
		return 2;
	}
	width = 2;
	for (int m = n; m >= 100; m /= 10)
		width++;
	nrows = 100 + n / 10;
	if (nfolders > n)
		nfolders = n;
	if (nfolders) {
		per_folder = (n + nfolders - 1) / nfolders;
		fwidth = 2;
		for (int m = nfolders; m >= 100; m /= 10)
			fwidth++;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/content", dir);
	mkdirs(path);
	snprintf(path, sizeof path, "%s/specs", dir);
	mkdirs(path);
	if (hugo) {
		snprintf(path, sizeof path, "%s/content", hugo);
		mkdirs(path);
		snprintf(path, sizeof path, "%s/layouts/_default", hugo);
		mkdirs(path);
		write_hugo_site(hugo);
	}
	write_book(dir);
	for (int f = 1; f <= nfolders && (f - 1) * per_folder < n; f++) {
		char folder[64];
		folder_name(folder, sizeof folder, f);
		snprintf(path, sizeof path, "%s/content/%s", dir, folder);
		mkdirs(path);
		if (hugo) {
			snprintf(path, sizeof path, "%s/content/%s", hugo, folder);
			mkdirs(path);
		}
	}
	for (int ch = 1; ch <= n; ch++)
		write_chapter(dir, hugo, n, ch);
	return 0;
}
