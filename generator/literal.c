/* literal.c — stub, being implemented. */
#include "literal.h"
#include <stddef.h>

int literal_parse(const struct units *u, struct arena *a, const char *text, size_t len, struct srcloc loc, unsigned flags, struct literal *out)
{
	(void)u; (void)a; (void)text; (void)len; (void)loc; (void)flags; (void)out; return 0;
}

int literal_parse_value(const struct units *u, struct arena *a, const char *text, size_t len, struct srcloc loc, const struct unit *column, enum literal_value_kind *kind, struct quantity *q)
{
	(void)u; (void)a; (void)text; (void)len; (void)loc; (void)column; (void)kind; (void)q; return 0;
}
