/*
 * compare.h — compare blocks: a ```compare block (YAML: table, rows,
 * columns, sort, chart, caption) shows rows of a spec table side by side,
 * sorted by a column if asked, with a bar chart or a roofline (chart.h).
 */
#ifndef SPECBOOK_COMPARE_H
#define SPECBOOK_COMPARE_H

#include "render/chapter.h"
#include "render/dom.h"

/* Appends the figure of the compare block whose text (between the fences)
 * is lit and whose first line is line of the chapter's body; reports and
 * counts what is wrong with it, and records the rows it shows as
 * mentions. */
void compare_render(struct ctx *c, const char *lit, int line, struct dom_node *parent);

#endif
