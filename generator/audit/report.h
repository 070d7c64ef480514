/*
 * report.h — `specbook audit --html OUT`: a one-page report of the findings,
 * each with its lines beside the lines of its evidence (report.c).
 */
#ifndef SPECBOOK_AUDIT_REPORT_H
#define SPECBOOK_AUDIT_REPORT_H

#include "audit/input.h"
#include "core/arena.h"
#include "core/diag.h"

struct audit_report;

/* What the report's summary counts, beside the findings. */
struct audit_report_counts {
	int files;                   /* Markdown files read */
	long lines;
	int reference;               /* 0: the reference data was off */
	struct audit_summary sum;
};

/* Starts taking every diagnostic reported from now on (diag_tap()). */
struct audit_report *audit_report_start(struct arena *a);

/* Stops taking them and writes the report of what was taken, about the
 * folder dir, to out (a new file renamed over it; never through a link).
 * Returns 0, or -1 after saying why on stderr. */
int audit_report_write(struct audit_report *r, const char *out, const char *dir,
		       const struct audit_report_counts *counts);

#endif
