/*
 * builtin.c — lookups in the table of files the binary carries (builtin.h).
 */
#include "core/builtin.h"

#include <stdlib.h>
#include <string.h>

static int path_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct builtin_file *)elem)->path);
}

const struct builtin_file *builtin_find(const char *path)
{
	return bsearch(path, builtin_files, builtin_nfiles, sizeof *builtin_files, path_cmp);
}

const struct builtin_file *builtin_under(const char *prefix, size_t *n)
{
	size_t plen = strlen(prefix), first = 0;
	while (first < builtin_nfiles && strncmp(builtin_files[first].path, prefix, plen) < 0)
		first++;
	size_t end = first;
	while (end < builtin_nfiles && !strncmp(builtin_files[end].path, prefix, plen))
		end++;
	*n = end - first;
	return *n ? &builtin_files[first] : NULL;
}
