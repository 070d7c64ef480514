/*
 * command.h — `specbook audit [DIR] [--format=gnu|json|github|sarif]
 * [--html=OUT] [--no-reference] [--quiet]` (command.c): the command line's entry to the
 * audit, which main.c dispatches to.
 */
#ifndef SPECBOOK_AUDIT_COMMAND_H
#define SPECBOOK_AUDIT_COMMAND_H

/* Runs the audit command; argv[0] is "audit".  Returns the exit status:
 * 0, 1 when an error was found, 2 for a bad command line. */
int audit_command(int argc, char **argv);

/* Does DIR's book.yaml (or DIR/content's) turn the reference data off
 * (`audit: {reference: false}`, or a pinned version that is not this
 * binary's: then with a warning at the pin)?  (Its errors are the book
 * load's.) */
struct arena;
int audit_reference_off(struct arena *a, const char *dir);

#endif
