/*
 * test_core.c — the fast paths of core/: utf8_validate() (a run of
 * three-byte sequences checked without decoding), buf_add() (inline when
 * there is room) and ARRAY_PUSH() (capacity checked inline) give the
 * verdicts and contents the plain code gives; files_read_bytes() reads
 * files of every size whole, and files_copy_tree() links a file from the
 * last copy only when its bytes are the same.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/alloc.h"
#include "core/buffer.h"
#include "core/diag.h"
#include "core/files.h"
#include "core/utf8.h"

#include <sys/stat.h>
#include <unistd.h>

/* The validator as it was before its fast paths: utf8_decode() on every
 * character.  Returns the offset of the first invalid sequence, or len. */
static size_t validate_slow(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		uint32_t cp;
		int n = utf8_decode(s + i, len - i, &cp);
		if (n < 0)
			return i;
		i += (size_t)n;
	}
	return len;
}

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

static void same(const char *s, size_t len)
{
	size_t want = validate_slow(s, len), got = utf8_validate(s, len);
	if (want != got)
		fail_msg("utf8_validate gave %zu, utf8_decode %zu (len %zu)", got, want, len);
	/* every prefix too: a sequence cut at the end is invalid */
	for (size_t k = len > 12 ? len - 12 : 0; k < len; k++)
		assert_int_equal(utf8_validate(s, k), validate_slow(s, k));
}

/* Every three-byte lead with every second byte and some third bytes, alone,
 * in a run of CJK, after ASCII and before ASCII */
static void test_validate_three_byte(void **state)
{
	(void)state;
	const unsigned char thirds[] = { 0x00, 0x41, 0x7F, 0x80, 0x8F, 0xA8, 0xA9, 0xBF, 0xC0, 0xE4, 0xFF };
	for (int lead = 0xC0; lead <= 0xFF; lead++) {
		for (int b1 = 0; b1 <= 0xFF; b1++) {
			for (size_t t = 0; t < sizeof thirds; t++) {
				unsigned char s[32];
				size_t n = 0;
				memcpy(s, "ab\xe4\xb8\xad\xe6\x96\x87", 8);   /* ab中文 */
				n = 8;
				s[n++] = (unsigned char)lead;
				s[n++] = (unsigned char)b1;
				s[n++] = thirds[t];
				memcpy(s + n, "\xe5\xad\x97xyz", 6);
				n += 6;
				same((const char *)s, n);
				same((const char *)s + 8, 3);
				same((const char *)s + 2, n - 2);
			}
		}
	}
}

/* Random text from a few kinds of pieces: ASCII runs, CJK runs, valid two-
 * and four-byte characters, surrogates, overlong forms, stray and cut bytes */
static void test_validate_random(void **state)
{
	(void)state;
	static const char *pieces[] = {
		"a", "plain ascii text ", "\xe4\xb8\xad", "\xe6\x96\x87\xe5\xad\x97", "\xef\xbc\x8c",
		"\xe3\x80\x82", "\xc3\xa9", "\xf0\x9f\x98\x80", "\xe2\x80\xa8", "\xee\x80\x80",
		"\xed\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xe0\xa0\x80", "\xe0\x9f\xbf",
		"\xe0\x80\x80", "\xc0\x80", "\xc1\xbf", "\xf4\x90\x80\x80", "\xf0\x8f\xbf\xbf",
		"\xf8\x88\x80\x80\x80", "\x80", "\xbf", "\xe4\xb8", "\xe4", "\xf0\x9f\x98",
		"\xff", "\xfe", "\x7f", "\xe4\x00\xad", "\xe4\xb8\x00",
	};
	size_t npieces = sizeof pieces / sizeof *pieces;
	char s[512];
	for (int round = 0; round < 200000; round++) {
		size_t n = 0;
		int bad_ok = next() % 4 == 0;   /* most texts valid, so the whole is read */
		while (n + 20 < sizeof s) {   /* room for the longest piece */
			const char *p = pieces[next() % npieces];
			size_t k = strlen(p);
			if (!bad_ok && validate_slow(p, k) != k)
				continue;
			if (next() % 16 == 0)
				break;
			memcpy(s + n, p, k);
			n += k;
		}
		same(s, n);
	}
	/* and bytes drawn at random, weighted to the high half */
	for (int round = 0; round < 100000; round++) {
		size_t n = next() % 40;
		for (size_t k = 0; k < n; k++) {
			uint32_t r = next();
			s[k] = (char)(r % 3 ? 0x80 | (r >> 8) : r >> 8);
		}
		same(s, n);
	}
}

/* buf_add() inline and through buf_add_grow(): the bytes, the NUL, the
 * empty buffer left unallocated by an empty append */
static void test_buf_add(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_add(&b, NULL, 0);
	assert_int_equal(b.cap, 0);
	assert_string_equal(b.data, "");
	char want[5000];
	size_t n = 0;
	for (int k = 0; k < 600; k++) {
		char piece[16];
		size_t len = (size_t)k % 9;
		for (size_t j = 0; j < len; j++)
			piece[j] = (char)('a' + (k + (int)j) % 26);
		piece[len] = '\0';
		if (k % 2)
			buf_add(&b, piece, len);
		else
			buf_adds(&b, piece);
		memcpy(want + n, piece, len);
		n += len;
		assert_int_equal(b.len, n);
		assert_true(b.len < b.cap || (n == 0 && b.cap == 0));
		assert_int_equal(b.data[b.len], '\0');
	}
	assert_memory_equal(b.data, want, n);
	buf_release(&b);
}

static void test_array_push(void **state)
{
	(void)state;
	int *items = NULL;
	size_t n = 0, cap = 0;
	for (int k = 0; k < 1000; k++) {
		*ARRAY_PUSH(items, n, cap) = k;
		assert_int_equal(n, (size_t)k + 1);
		assert_true(n <= cap);
	}
	for (int k = 0; k < 1000; k++)
		assert_int_equal(items[k], k);
	free(items);
}


/* A temporary directory for the file tests, removed by rm_dir(). */
static char *temp_dir(void)
{
	char *dir = strdup("/tmp/test_core-XXXXXX");
	assert_non_null(dir);
	assert_non_null(mkdtemp(dir));
	return dir;
}

static void rm_dir(char *dir)
{
	assert_int_equal(files_remove_tree(dir), 0);
	free(dir);
}

static char *path_in(const char *dir, const char *name)
{
	char *p = malloc(strlen(dir) + strlen(name) + 2);
	assert_non_null(p);
	sprintf(p, "%s/%s", dir, name);
	return p;
}

/* Bytes that differ from block to block, so a block read twice or out of
 * place shows. */
static char *pattern(size_t n, unsigned seed)
{
	char *d = malloc(n ? n : 1);
	assert_non_null(d);
	for (size_t i = 0; i < n; i++)
		d[i] = (char)((i * 131 + i / 65536 * 7 + seed) & 0xff);
	return d;
}

static void test_read_bytes(void **state)
{
	(void)state;
	char *dir = temp_dir();
	/* empty, small, a power of two and around the 64 KB of a read */
	const size_t sizes[] = { 0, 1, 100, 4096, 65535, 65536, 65537, 200000, 1 << 20 };
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		char *p = path_in(dir, "f"), *want = pattern(sizes[k], (unsigned)k), *got;
		size_t len;
		unlink(p);
		assert_int_equal(files_create(p, want, sizes[k]), 0);
		assert_int_equal(files_read_bytes(p, &got, &len), 0);
		assert_int_equal(len, sizes[k]);
		if (sizes[k])
			assert_memory_equal(got, want, sizes[k]);
		assert_int_equal(got[len], '\0');
		free(got);
		free(want);
		free(p);
	}
	/* a directory, a missing file: not read */
	char *got;
	size_t len;
	assert_int_equal(files_read_bytes(dir, &got, &len), -1);
	char *missing = path_in(dir, "missing");
	assert_int_equal(files_read_bytes(missing, &got, &len), -1);
	free(missing);
	rm_dir(dir);
}

/* No byte changed (copy_links()). */
#define SAME ((size_t)-1)

/* Copies src/f (n bytes) over a last copy prev/f of m bytes, the same
 * pattern but for the byte at flip (or SAME), and returns 1 if the copy
 * is the last copy's file, linked; its bytes are src's either way. */
static int copy_links(size_t n, size_t m, size_t flip)
{
	char *dir = temp_dir();
	char *src = path_in(dir, "src"), *prev = path_in(dir, "prev"), *dst = path_in(dir, "dst");
	assert_int_equal(mkdir(src, 0700), 0);
	assert_int_equal(mkdir(prev, 0700), 0);
	char *fs = path_in(src, "f"), *fp = path_in(prev, "f"), *fd = path_in(dst, "f");
	char *a = pattern(n, 1), *b = pattern(m, 1);
	if (flip < m)
		b[flip] ^= 1;
	assert_int_equal(files_create(fs, a, n), 0);
	assert_int_equal(files_create(fp, b, m), 0);
	assert_int_equal(files_copy_tree(src, dst, prev), 0);
	struct stat sp, sd;
	assert_int_equal(lstat(fp, &sp), 0);
	assert_int_equal(lstat(fd, &sd), 0);
	char *got;
	size_t len;
	assert_int_equal(files_read_bytes(fd, &got, &len), 0);
	assert_int_equal(len, n);
	if (n)
		assert_memory_equal(got, a, n);
	free(got);
	int linked = sp.st_ino == sd.st_ino;
	free(a), free(b), free(fs), free(fp), free(fd), free(src), free(prev), free(dst);
	rm_dir(dir);
	return linked;
}

/* A run of more diagnostics than are shown ends with their counts by kind,
 * in JSON too (issue 36, part 6). */
static void test_diag_counts_by_kind(void **state)
{
	(void)state;
	diag_reset();
	diag_setup(DIAG_FORMAT_JSON, 0);
	for (int f = 0; f < 8; f++) {
		char file[32];
		snprintf(file, sizeof file, "content/%02d.md", f);
		for (int i = 1; i <= 20; i++) {
			struct srcloc loc = { file, i, 1 };
			if (i % 4)
				diag_error(loc, "unknown name '%s'", i % 2 ? "a" : "b");
			else
				diag_report(DIAG_ERROR, loc, 0, NULL, "%s", "unterminated span");
		}
	}
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	diag_flush(f);
	fclose(f);
	assert_non_null(strstr(out, "60 more not shown"));
	assert_non_null(strstr(out, "by kind: 120 errors \\\"unknown name '\xe2\x80\xa6'\\\", "
				    "40 errors \\\"unterminated span\\\""));
	free(out);
	diag_reset();
	diag_setup(DIAG_FORMAT_GNU, 0);
}

static void test_copy_tree_links_same(void **state)
{
	(void)state;
	assert_true(copy_links(0, 0, SAME));
	assert_true(copy_links(300000, 300000, SAME));
	assert_true(copy_links(65536, 65536, SAME));
	/* a byte changed in the last block, in the first, a size changed */
	assert_false(copy_links(300000, 300000, 299999));
	assert_false(copy_links(300000, 300000, 0));
	assert_false(copy_links(131072, 131072, 65536));
	assert_false(copy_links(100, 100, 50));
	assert_false(copy_links(65536, 65537, SAME));
	assert_false(copy_links(70000, 0, SAME));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_validate_three_byte),
		cmocka_unit_test(test_validate_random),
		cmocka_unit_test(test_buf_add),
		cmocka_unit_test(test_array_push),
		cmocka_unit_test(test_read_bytes),
		cmocka_unit_test(test_copy_tree_links_same),
		cmocka_unit_test(test_diag_counts_by_kind),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
