/*
 * caption.h — tables named by their caption: "表 1.5.1 …" or "Table 3: …"
 * right before or after a table, and a sentence that cites it ("如表 1.5.1
 * 所示", "Table 3 gives").
 */
#ifndef AUDIT_CAPTION_H
#define AUDIT_CAPTION_H

#include <stddef.h>

struct arena;

/* The table number s[0..len) begins with, past emphasis and a heading's
 * marks ("**表 1.5.1** GPU 参数", "Table 3: …", "### 表2-1"), normalised
 * ("1.5.1"; a '-' read as '.'), or NULL. */
const char *caption_number(struct arena *a, const char *s, size_t len);

/* The number of the first table s[0..len) cites ("见表 1.5.1", "in Table 3"),
 * normalised as caption_number(), or NULL.  A "表" inside a word (表示,
 * 代表) cites nothing: only one followed by a number does. */
const char *caption_cited(struct arena *a, const char *s, size_t len);

#endif
