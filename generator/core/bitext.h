/*
 * bitext.h — a piece of text in both of the book's languages.
 */
#ifndef SPECBOOK_BITEXT_H
#define SPECBOOK_BITEXT_H

struct bitext {
	const char *zh;   /* Simplified Chinese, or NULL */
	const char *en;   /* English, or NULL */
};

#endif
