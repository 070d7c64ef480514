/*
 * site.c — the state of a build, shared by its stages (see site.h): its
 * counts and clock, and the questions the stages ask of the reuse layer.
 */
#include "site/site.h"
#include "core/alloc.h"
#include "core/diag.h"

#include <string.h>
#include <time.h>

struct page *site_page_add(struct site *s)
{
	struct page *p = ARRAY_PUSH(s->pages, s->npages, s->cappages);
	memset(p, 0, sizeof *p);
	return p;
}

void site_count_chapter(struct site *s, size_t i, int claims, int disputed)
{
	const struct rendered *r = &s->chapters[i];
	s->stats.per_chapter[i] = (struct chapter_stats){ s->book->chapters[i].source, r->pairs,
							  r->zh_blocks, r->spans, r->quantities,
							  r->matched, r->unchecked, r->unchecked_list,
							  r->nunchecked_list };
	s->stats.quantities += r->quantities;
	s->stats.matched += r->matched;
	s->stats.unchecked += r->unchecked;
	s->stats.examples += r->examples;
	s->stats.pairs += r->pairs;
	s->stats.zh_blocks += r->zh_blocks;
	s->stats.spans += r->spans;
	s->stats.claims += claims;
	s->stats.disputed += disputed;
	s->stats.keys += (int)r->nkeys;
	s->stats.quizzes += (int)r->nquizzes;
}

int site_writing(const struct site *s)
{
	return s->writes && !diag_failed();
}

double site_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double site_cpu_clock(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts))
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int site_reused(const struct site *s, size_t i)
{
	return s->reuse && s->reuse->reused(s, i);
}

int site_reindexed(const struct site *s, size_t i)
{
	return s->reuse && s->reuse->reindexed(s, i);
}

int site_take_file(struct site *s, const char *path)
{
	return s->reuse ? s->reuse->take_file(s, path) : -1;
}

int site_book_page_taken(struct site *s, const char *path, enum page_group g)
{
	return s->reuse && s->reuse->book_page(s, path, g);
}

void *site_search_part_begin(struct site *s, const char *part)
{
	return s->reuse ? s->reuse->search_part_begin(s, part) : NULL;
}

int site_search_file_kept(const struct site *s, void *part, size_t file, const char *path,
			  uint64_t hash)
{
	return s->reuse && s->reuse->search_file(s, part, file, path, hash);
}

int site_search_part_taken(struct site *s, const char *part)
{
	return s->reuse && s->reuse->search_part(s, part);
}

int site_file_kept(struct site *s, const struct site_file *f)
{
	return s->reuse && s->reuse->site_file(s, f);
}
