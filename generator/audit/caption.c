/*
 * caption.c — table numbers in captions and citations (caption.h).
 */
#include "audit/caption.h"
#include "core/arena.h"

#include <string.h>
#include <strings.h>

/* The number at s[i..len) after a table word: optional spaces (also
 * U+3000), digits, then groups of '.' or '-' and digits; not followed by
 * another digit or a letter ("Table 3a" is no table 3).  Returns it
 * normalised, or NULL. */
static const char *number_at(struct arena *a, const char *s, size_t len, size_t i)
{
	while (i < len && s[i] == ' ')
		i++;
	if (i + 3 <= len && !memcmp(s + i, "\xe3\x80\x80", 3))
		i += 3;
	size_t from = i;
	if (i >= len || s[i] < '0' || s[i] > '9')
		return NULL;
	while (i < len) {
		if (s[i] >= '0' && s[i] <= '9')
			i++;
		else if ((s[i] == '.' || s[i] == '-') && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9')
			i++;
		else
			break;
	}
	if (i < len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
		return NULL;
	char *n = arena_strndup(a, s + from, i - from);
	for (char *p = n; *p; p++)
		if (*p == '-')
			*p = '.';
	return n;
}

/* The length of the table word at s[i..len) ("表", "Table", "table",
 * "Tab."), or 0. */
static size_t table_word(const char *s, size_t len, size_t i)
{
	if (i + 3 <= len && !memcmp(s + i, "\xe8\xa1\xa8", 3))   /* 表 */
		return 3;
	if (i + 5 <= len && !strncasecmp(s + i, "table", 5) &&
	    (i == 0 || !((s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z'))))
		return 5;
	if (i + 4 <= len && !memcmp(s + i, "Tab.", 4))
		return 4;
	return 0;
}

const char *caption_number(struct arena *a, const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && (s[i] == ' ' || s[i] == '*' || s[i] == '_' || s[i] == '#' || s[i] == '>'))
		i++;
	size_t w = table_word(s, len, i);
	return w ? number_at(a, s, len, i + w) : NULL;
}

const char *caption_cited(struct arena *a, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		size_t w = table_word(s, len, i);
		if (!w)
			continue;
		const char *n = number_at(a, s, len, i + w);
		if (n)
			return n;
		i += w - 1;
	}
	return NULL;
}
