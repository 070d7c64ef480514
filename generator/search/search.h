/*
 * search.h — the offline full-text search index.
 *
 * The writer adds one entry per section of every page (the page's file name
 * relative to the site root, the section's anchor, its title and its plain
 * text); search_index_write() serialises the index as a JavaScript file that
 * sets window.SPECBOOK_SEARCH, so search works from file:// where a fetch of
 * JSON would fail.  templates/assets/search.js reads it and ranks sections.
 *
 * The tokenizer here and the one in search.js must stay the same; both are
 * described by search_tokenize() below and tested by tests/unit/test_search.c
 * and the browser tests.
 *
 * Output is deterministic: sections keep the order they were added in and
 * terms are sorted by their bytes, so the writer must add sections in page
 * order (not in the order parallel renders finish).
 *
 * The index owns copies of every string it is given; nothing it returns
 * needs freeing except through search_index_free().  Not thread-safe: add
 * from one thread.
 */
#ifndef SPECBOOK_SEARCH_H
#define SPECBOOK_SEARCH_H

#include <stddef.h>
#include <stdint.h>

struct buf;
struct search_index;

/* Longest ASCII word indexed, in bytes; longer runs (hashes, URLs glued
 * together, base64) are dropped rather than bloat the index.  search.js
 * uses the same limit. */
#define SEARCH_WORD_MAX 40

/* How much a term in a section's title counts against one in its text. */
#define SEARCH_TITLE_WEIGHT 5

/*
 * Splits text[0..len) into search terms and calls emit for each, in order:
 *
 *   - a run of ASCII letters and digits is one term, lowercased ("HBM3e"
 *     gives "hbm3e"); a '.' between two digits stays in it ("3.35") and a
 *     ',' that separates thousands is dropped ("13,824" gives "13824");
 *     runs longer than SEARCH_WORD_MAX bytes are skipped;
 *   - CJK text (Han, kana, hangul) gives every pair of adjacent characters
 *     and the last character of each run ("显存带宽": 显存, 存带, 带宽, 宽),
 *     so that each occurrence of a character is in one term that starts
 *     with it: search.js answers a query of one character from all the
 *     terms that start with it (their weights added up are its own, as if
 *     every character were a term too, which cost a ninth of the
 *     tokenizer's instructions) and a longer one from its pairs, so
 *     that a query matches any substring;
 *   - everything else (spaces, punctuation, other scripts, invalid UTF-8)
 *     separates terms.
 *
 * The term passed to emit is NUL-terminated and valid only during the call.
 */
typedef void search_emit_fn(void *ctx, const char *term, size_t len);
void search_tokenize(const char *text, size_t len, search_emit_fn *emit, void *ctx);

/* Returns a new, empty index; free it with search_index_free(). */
struct search_index *search_index_new(void);

/*
 * Adds one section.  page is the page's path from the site root
 * ("01-introduction.html", "specs/accelerators.html"); anchor is the id of
 * the section's heading without '#' ("" or NULL for the top of the page);
 * title and text are UTF-8 (NULL counts as "").  Whitespace runs in text
 * are collapsed to one space for the stored snippet text.  Besides the
 * terms of search_tokenize(), the title and the text give phrase grams:
 * for each run of space with two letters or digits (ASCII, or CJK
 * letters) on either side, those five characters, ASCII lowercased
 * ("memory bandwidth": "ry ba"), written in the split index's shards only
 * (search.js rules out the phrase boosts of sections without the query's
 * gram).
 */
void search_index_add(struct search_index *index, const char *page,
		      const char *anchor, const char *title, const char *text);

/*
 * Optional: names the page itself (its chapter title), shown beside each
 * result.  Pages without a name show their file name.  May be called
 * before or after the page's sections are added; the last call wins.
 */
void search_index_set_page_title(struct search_index *index, const char *page,
				 const char *title);

/*
 * Indexes are independent: a chapter's sections can be added to an index
 * of their own on any thread, packed into one block of bytes there
 * (search_index_pack() empties the index, which keeps its memory for the
 * next chapter on that thread), and merged on the index's thread:
 * search_index_merge_packed() adds the packed pages, sections and terms
 * after what index holds, as if they had been added to it directly.
 */
char *search_index_pack(struct search_index *index, size_t *len);
void search_index_merge_packed(struct search_index *index, const char *packed);

/*
 * Packed bytes kept from an earlier build (the incremental cache, which a
 * hostile book may bring along) are checked before they are merged:
 * returns 0 if data[0..len) is a chapter search_index_pack() could have
 * made (the seal it puts first the hash of the bytes after it, every
 * count and length within the bytes, page and section numbers in range,
 * each term once, with its own hash, its postings in section order, each
 * section's anchor, title and text well-formed JSON strings), so that
 * search_index_merge_packed() may take it; else -1.
 */
int search_index_check_packed(const char *data, size_t len);

/* Returns the number of sections added so far. */
size_t search_index_count(const struct search_index *index);

/*
 * Appends the index to out as JavaScript:
 *
 *   window.SPECBOOK_SEARCH = {"version":2,
 *     "pages":[["01-introduction.html","Chapter title"],...],
 *     "docs":[[page, "anchor", "title", "text"],...],
 *     "terms":["3.35","hbm3e",...,"显存",...],
 *     "postings":[[doc, weight, step, weight, step, weight,...],...]};
 *
 * page is an index into pages, doc into docs; postings[i] belongs to
 * terms[i], sorted by doc, each doc after the first given as its step from
 * the doc before it (version 1 gave every doc whole); weight = occurrences in the text +
 * SEARCH_TITLE_WEIGHT × occurrences in the title.  Terms are sorted by
 * their UTF-8 bytes.  Strings are JSON-escaped (and U+2028/U+2029 too).
 */
void search_index_write(const struct search_index *index, struct buf *out);

/*
 * Appends the index as one part of a split index: a book's index is written
 * in parts (a few dozen chapters each) so that a build keeps one part in
 * memory and a rebuild rewrites only the parts whose chapters changed.
 *
 *   (window.SPECBOOK_SEARCH_PARTS = window.SPECBOOK_SEARCH_PARTS || []).push({...});
 *
 * with the same object as search_index_write(); page and doc numbers are
 * the part's own.  search.js merges the parts it finds, in order.
 */
void search_index_write_part(const struct search_index *index, struct buf *out);

/*
 * The split index (issue 18): a query loads only what it needs.  A part
 * (name: "0003", "book") is written as one head, SEARCH_BUCKETS shards of
 * postings and one file of sections for each of its pages.  Each file is
 * one call whose last argument is a JSON text (a shard: bytes) deflated
 * (zlib's format) and in base64, Z below, so that it loads from file://
 * by a <script> element and search.js inflates it with
 * DecompressionStream("deflate"):
 *
 *   m.js    SPECBOOK_SEARCH_META("0003",Z)  {"n":515,"l":1135733,
 *             "p":[page,firstdoc,...],"s":"lengths","x":{"的":2}}
 *   07.js   SPECBOOK_SEARCH_SHARD("0003",7,Z)  n term\0... length... postings...
 *   p17.js  SPECBOOK_SEARCH_DOCS("0003",17,Z)  [["page.html","title"],
 *             [[doc,"anchor","title","text"],...]]
 *
 * n is the part's number of sections, l their total length (UTF-16 units
 * of title and text), p the first section of each run of sections of one
 * page, s each section's length as a base-32 number (see below), x (only
 * when there is one) the CJK characters of the part whose terms are
 * spread over several shards, and over how many (see search_shard()).
 *
 * A word or CJK term goes into shard search_shard(term, spread), a title ending
 * (" ndwidth") into that of the ending, a phrase gram ("ry ba", see
 * search_index_add()) into that of what follows its space (the shard of
 * the query's next word).  A shard is the number of its terms n (a
 * varint: 7 bits a byte, the lowest first, the top bit saying more
 * follow), the n terms' UTF-8 bytes, each ended by a NUL, sorted by their
 * bytes, the length in bytes of each one's postings (n varints), and
 * their postings, one after the other (the terms' bytes together: their
 * lengths beside them made the shards 2% larger deflated), two numbers a
 * section: its step from the section before (the first given whole), and
 * its weight doubled plus 1 when the term is in the section's title (so
 * that search.js knows which sections a title boost could lift without
 * loading them), as one byte, the step in its high half and the weight
 * in its low one, a half of 15 saying that its number follows (a varint:
 * the step's first); a gram's, whose weight is 0, one varint: the step
 * doubled plus the title bit.  (Format 2 had JSON, the postings strings
 * of base 32 digits: 60% longer, and deflating cost in proportion.)
 *
 * search.js loads the head of every part, for each term of a query its
 * shard of every part, and the sections of the pages whose hits it
 * shows.  meta is appended the head, shards is an array of SEARCH_BUCKETS
 * buffers and docs one of search_index_npages() buffers, appended to.
 */
/* 256: two-word queries on a book of 10 000 chapters load 1.5 MB instead
 * of 2 MB with 128 (the bytes of unrelated terms that share a shard). */
#define SEARCH_BUCKETS 256
/* FNV-1a of an ASCII term's first two bytes (a word and the words it
 * begins share a shard, for prefix search) or of the bytes of the first
 * character of a CJK one (a character and the pairs it begins share a
 * shard, which is all a query of that character loads, unless the
 * character is spread: search_shard()), modulo SEARCH_BUCKETS. */
unsigned search_bucket(const char *term, size_t len);
/* The shard of a term whose first character is spread over spread shards
 * (x in the head; 1: not spread): a CJK character whose terms would make
 * its shard far heavier than the others (search.c, find_spread()) has
 * them in spread shards (a power of two), search_bucket(term) + j ×
 * SEARCH_BUCKETS / spread (modulo SEARCH_BUCKETS), where j is
 * search_bucket() of what follows the first character (the pair's second
 * one, or in a phrase gram's words after the space, what follows the
 * first) modulo spread, and 0 for the character alone.  A pair is in one
 * of them, which is all a query of it loads; a query of the character
 * loads all.  Any other term: search_bucket(term). */
unsigned search_shard(const char *term, size_t len, unsigned spread);
size_t search_index_npages(const struct search_index *index);

/* The files of a part: its head, a shard, a page's sections. */
enum search_file { SEARCH_FILE_META, SEARCH_FILE_SHARD, SEARCH_FILE_DOCS };

/* Asked before the part's file (kind, k: the shard's or page's number) is
 * deflated, with hash, pack_hash_block() of the JSON text (a shard's
 * bytes) it is made of: returns 1 when the site keeps the file it has,
 * made of the same text (then it is neither deflated nor appended to), 0
 * to make it. */
typedef int search_keep_fn(void *ctx, enum search_file kind, size_t k, uint64_t hash);

/* Writes the part (see above); keep (with ctx) may be NULL: every file is
 * made. */
void search_index_write_split(const struct search_index *index, const char *name,
			      search_keep_fn *keep, void *ctx, struct buf *meta, struct buf *shards,
			      struct buf *docs);

/* Frees the index and everything it holds; NULL is allowed. */
void search_index_free(struct search_index *index);

#endif
