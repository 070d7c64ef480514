/*
 * new.c — `specbook new DIR`: a small bilingual book to start from.
 *
 * The files are those of tools/new-book/, carried by the binary (builtin.h):
 * two chapters, a spec table with a derived column and a rule, a compare
 * block with a chart, a glossary term, values, claims and a disputed
 * figure.  The units table and templates are not written: the built-in ones
 * serve until the book adds its own.  A DIR that holds anything but dot
 * files is refused, so nothing of the author's is ever overwritten; every
 * file is created new (files_create: O_EXCL, no link followed), and a dot
 * file of the starter book that DIR has already (.gitignore) is left as
 * it is.
 */
#include "new.h"
#include "core/arena.h"
#include "core/builtin.h"
#include "core/files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Returns 1 if dir holds any entry but dot files, 0 if it is empty or
 * holds only those (.git of `git init`, a .gitignore: Zola does the same),
 * -1 if it cannot be read. */
static int dir_has_entries(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	struct dirent *e;
	int any = 0;
	while (!any && (e = readdir(d)) != NULL)
		any = e->d_name[0] != '.';
	closedir(d);
	return any;
}

int new_book(const char *dir)
{
	static const char prefix[] = "new/";
	if (files_exists(dir)) {
		if (!files_is_real_dir(dir)) {
			fprintf(stderr, "specbook new: '%s' exists and is not a directory: give a new "
				"or empty directory\n", dir);
			return 1;
		}
		int any = dir_has_entries(dir);
		if (any) {
			fprintf(stderr, any < 0 ? "specbook new: cannot read '%s': %s\n"
				: "specbook new: '%s' is not empty: give a new or empty directory "
				  "(nothing was written)\n", dir, strerror(errno));
			return 1;
		}
	}
	size_t n;
	const struct builtin_file *f = builtin_under(prefix, &n);
	struct arena a = ARENA_INIT;
	int rc = 0;
	for (size_t i = 0; i < n && !rc; i++) {
		const char *rel = f[i].path + sizeof prefix - 1;
		char *path = arena_printf(&a, "%s/%s", dir, rel);
		if (rel[0] == '.' && files_exists(path)) {
			fprintf(stderr, "specbook new: '%s' exists: kept as it is (the starter book's "
				"would have said:\n%.*s)\n", path, (int)f[i].len, f[i].data);
			continue;
		}
		char *slash = strrchr(path, '/');
		*slash = '\0';
		int made = files_mkdirs(path);
		*slash = '/';
		if (made || files_create(path, f[i].data, f[i].len)) {
			fprintf(stderr, "specbook new: cannot write '%s': %s\n", path, strerror(errno));
			rc = 1;
		}
	}
	if (!rc)
		printf("specbook: wrote a new book in %s (%zu files); build it with\n"
		       "  specbook build %s\n"
		       "and open %s/site/index.html (or preview it with specbook serve %s).  The "
		       "authoring guide (docs/ in specbook's sources) says what each file does.\n",
		       dir, n, dir, dir, dir);
	arena_free(&a);
	return rc;
}
