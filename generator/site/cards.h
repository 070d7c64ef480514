/*
 * cards.h — the flashcards: a deck per language for Anki.
 */
#ifndef SPECBOOK_CARDS_H
#define SPECBOOK_CARDS_H

#include "site/site.h"

/* The rows of a table that practice.html and the flashcards drill: a table
 * of thousands of rows is data, not something to learn row by row, and a
 * page of a question per value would grow with it (100,000 rows made a
 * check spend most of its time writing drills).  The first rows are
 * drilled; the page says how many were left out. */
#define PRACTICE_ROWS_MAX 200

/* The two decks' files, Chinese then English (figures.html links to them). */
extern const char *const cards_files[2];

/*
 * Writes flashcards-zh.txt and flashcards-en.txt: every figure to remember,
 * every self-test question and a drill per distinct value of a spec table's
 * column, each a note of one language that Anki imports without add-ons:
 * a #deck: line, a GUID column made from what the note is about (a spec
 * field's table, row and column; a claim's content), not from its
 * question's wording, so that a reworded question updates its note.  A
 * figure or question written in one language only is in that deck only.
 * Nothing when the book marks no figure and asks no question.
 */
void cards_write(struct site *s);

#endif
