/* units.c — stub, being implemented. */
#include "units.h"
#include <stddef.h>

struct units *units_load(struct arena *a, const char *path, const char *shown)
{
	(void)a; (void)path; (void)shown; return NULL;
}

int units_match(const struct units *u, struct arena *a, const char *text, size_t len, struct srcloc loc, unsigned flags, struct unit *out)
{
	(void)u; (void)a; (void)text; (void)len; (void)loc; (void)flags; (void)out; return 0;
}

int units_parse(const struct units *u, struct arena *a, const char *text, size_t len, struct srcloc loc, struct unit *out)
{
	(void)u; (void)a; (void)text; (void)len; (void)loc; (void)out; return 0;
}

int units_is_unit(const struct units *u, const char *name)
{
	(void)u; (void)name; return 0;
}

const char *units_suggest(const struct units *u, const char *name)
{
	(void)u; (void)name; return NULL;
}

int units_convert(struct quantity *q, const struct unit *un)
{
	(void)q; (void)un; return 0;
}

size_t units_magnitude(const struct units *u, const char *text, size_t len, int glued, double *factor)
{
	(void)u; (void)text; (void)len; (void)glued; (void)factor; return 0;
}

const char *units_display(const struct units *u, struct arena *a, const struct dim *d, double x, double *scale)
{
	(void)u; (void)a; (void)d; (void)x; (void)scale; return NULL;
}

const char *units_binary_twin(const struct units *u, struct arena *a, const char *name, double *scale)
{
	(void)u; (void)a; (void)name; (void)scale; return NULL;
}

const char *units_dim_name(const struct units *u, struct arena *a, const struct dim *d)
{
	(void)u; (void)a; (void)d; return NULL;
}

struct srcloc units_loc_at(struct srcloc loc, const char *text, size_t off)
{
	(void)loc; (void)text; (void)off; return loc;
}
