/* quantity.c — stub, being implemented. */
#include "quantity.h"
#include <stddef.h>

int dim_equal(const struct dim *a, const struct dim *b)
{
	(void)a; (void)b; return 0;
}

int dim_is_none(const struct dim *a)
{
	(void)a; return 0;
}

struct quantity quantity_number(double x)
{
	(void)x; struct quantity r = {0}; return r;
}

int quantity_add(struct quantity a, struct quantity b, struct quantity *out)
{
	(void)a; (void)b; (void)out; return 0;
}

int quantity_sub(struct quantity a, struct quantity b, struct quantity *out)
{
	(void)a; (void)b; (void)out; return 0;
}

int quantity_mul(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out)
{
	(void)ar; (void)a; (void)b; (void)out; return 0;
}

int quantity_div(struct arena *ar, struct quantity a, struct quantity b, struct quantity *out)
{
	(void)ar; (void)a; (void)b; (void)out; return 0;
}

int quantity_neg(struct quantity a, struct quantity *out)
{
	(void)a; (void)out; return 0;
}

int quantity_pow(struct arena *ar, struct quantity a, struct quantity e, struct quantity *out)
{
	(void)ar; (void)a; (void)e; (void)out; return 0;
}

int quantity_sqrt(struct arena *ar, struct quantity a, struct quantity *out)
{
	(void)ar; (void)a; (void)out; return 0;
}

int quantity_abs(struct quantity a, struct quantity *out)
{
	(void)a; (void)out; return 0;
}

int quantity_min(struct quantity a, struct quantity b, struct quantity *out)
{
	(void)a; (void)b; (void)out; return 0;
}

int quantity_max(struct quantity a, struct quantity b, struct quantity *out)
{
	(void)a; (void)b; (void)out; return 0;
}

void quantity_set_unit(struct quantity *q, const char *unit, double scale)
{
	(void)q; (void)unit; (void)scale; 
}

char *quantity_format(struct arena *a, const struct units *units, const struct quantity *q, unsigned flags)
{
	(void)a; (void)units; (void)q; (void)flags; return NULL;
}

char *quantity_format_number(struct arena *a, double x, int decimals)
{
	(void)a; (void)x; (void)decimals; return NULL;
}

const char *quantity_unit_name(struct arena *a, const struct units *units, const struct quantity *q)
{
	(void)a; (void)units; (void)q; return NULL;
}
