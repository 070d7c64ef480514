/* claim.c — stub, being implemented. */
#include "claim.h"
#include <stddef.h>

int claim_span(const struct units *u, const struct expr_scope *scope, double approx, struct arena *a, const char *text, size_t len, struct srcloc loc, struct span *out)
{
	(void)u; (void)scope; (void)approx; (void)a; (void)text; (void)len; (void)loc; (void)out; return 0;
}

int claim_check(const struct units *u, const struct expr_scope *scope, double approx, struct arena *a, const char *text, size_t len, struct srcloc loc)
{
	(void)u; (void)scope; (void)approx; (void)a; (void)text; (void)len; (void)loc; return 0;
}
