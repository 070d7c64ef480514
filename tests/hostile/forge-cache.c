/*
 * forge-cache.c — writes a forged record into a build cache's pack, with a
 * seal that holds (tests/hostile/forged-cache.sh).
 *
 *   forge-cache PACK MARKER OLD NEW
 *
 * Finds the chapter record of PACK whose bytes hold MARKER, replaces the
 * first OLD in it by NEW (as long as OLD; a '?' in NEW is tried as each
 * letter until the record's new seal takes as many bytes as the old one,
 * so the record keeps its place) and seals it again the way cache.c does.
 * The pack is rewritten in place.  A forger needs no more than this: the
 * seal tells damage, not authorship (core/pack.h).
 */
#include "core/pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cache.c's seal of a record body but its hole body[off..off+len) */
static uint64_t seal_holed(const char *body, size_t n, uint64_t off, uint64_t len)
{
	uint64_t h = pack_hash_u64(pack_hash_u64(PACK_HASH_INIT, off), len);
	h = pack_hash_u64(h, pack_hash_block(body, (size_t)off));
	return pack_hash_u64(h, pack_hash_block(body + off + len, n - (size_t)(off + len)));
}

/* The first s in data[0..n), or NULL (memmem() is not C11's). */
static char *find(char *data, size_t n, const char *s)
{
	size_t m = strlen(s);
	for (size_t i = 0; m && i + m <= n; i++)
		if (!memcmp(data + i, s, m))
			return data + i;
	return NULL;
}

struct record {
	size_t at, seal_at, body, end;   /* offsets in the pack */
	uint64_t hole_off, hole_len, seal;
};

/* Reads the record at p: its head, then the end where the seal holds
 * (records lie one after another and the index holds their lengths; a
 * forger without the index tries every end). */
static int record_at(const char *pack, size_t n, size_t p, struct record *rec)
{
	struct pack_reader r = { pack + p, pack + n, 0, NULL, NULL, 1 };
	(void)pack_get_u64(&r);
	rec->hole_off = pack_get_u64(&r);
	rec->hole_len = pack_get_u64(&r);
	rec->seal_at = (size_t)(r.p - pack);
	rec->seal = pack_get_u64(&r);
	if (r.bad)
		return -1;
	rec->at = p;
	rec->body = (size_t)(r.p - pack);
	for (size_t q = rec->body + rec->hole_off + rec->hole_len; q <= n; q++)
		if (seal_holed(pack + rec->body, q - rec->body, rec->hole_off, rec->hole_len) == rec->seal) {
			rec->end = q;
			return 0;
		}
	return -1;
}

int main(int argc, char **argv)
{
	if (argc != 5 || strlen(argv[3]) != strlen(argv[4])) {
		fprintf(stderr, "usage: forge-cache PACK MARKER OLD NEW (NEW as long as OLD)\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r+b");
	static char pack[1 << 22];
	size_t n = f ? fread(pack, 1, sizeof pack, f) : 0;
	if (!n || n == sizeof pack) {
		fprintf(stderr, "forge-cache: cannot read %s (or over 4 MB)\n", argv[1]);
		return 1;
	}
	struct record rec;
	size_t p = 0;
	for (; p < n; p = rec.end) {
		if (record_at(pack, n, p, &rec)) {
			fprintf(stderr, "forge-cache: no record at byte %zu of %s\n", p, argv[1]);
			return 1;
		}
		if (find(pack + rec.body, rec.end - rec.body, argv[2]))
			break;
	}
	char *old = p < n ? find(pack + rec.body, rec.end - rec.body, argv[3]) : NULL;
	if (!old) {
		fprintf(stderr, "forge-cache: no record holds both '%s' and '%s'\n", argv[2], argv[3]);
		return 1;
	}
	char *q = strchr(argv[4], '?');
	for (char c = 'a'; c <= 'z'; c++) {
		if (q)
			*q = c;
		if (!strcmp(argv[4], argv[3]))
			continue;   /* not forged */
		memcpy(old, argv[4], strlen(argv[4]));
		struct buf b = BUF_INIT;
		pack_put_u64(&b, seal_holed(pack + rec.body, rec.end - rec.body, rec.hole_off, rec.hole_len));
		if (b.len == rec.body - rec.seal_at) {
			memcpy(pack + rec.seal_at, b.data, b.len);
			buf_release(&b);
			if (fseek(f, 0, SEEK_SET) || fwrite(pack, 1, n, f) != n || fclose(f)) {
				fprintf(stderr, "forge-cache: cannot write %s\n", argv[1]);
				return 1;
			}
			printf("%s\n", argv[4]);
			return 0;
		}
		buf_release(&b);
		if (!q)
			break;
	}
	fprintf(stderr, "forge-cache: no seal of the same length (put a '?' in NEW)\n");
	return 1;
}
