/* expr.c — stub, being implemented. */
#include "expr.h"
#include <stddef.h>

struct expr *expr_parse(const struct units *u, struct arena *a, const char *text, size_t len, struct srcloc loc, unsigned flags)
{
	(void)u; (void)a; (void)text; (void)len; (void)loc; (void)flags; return NULL;
}

int expr_eval(struct expr *e, const struct expr_scope *scope, struct quantity *out)
{
	(void)e; (void)scope; (void)out; return 0;
}

struct expr_name *expr_names(const struct expr *e, struct arena *a, size_t *n)
{
	(void)e; (void)a; (void)n; return NULL;
}

char *expr_show(const struct expr *e, struct arena *a)
{
	(void)e; (void)a; return NULL;
}
