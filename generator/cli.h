/*
 * cli.h — a command line described by one table of commands and options.
 *
 * main.c holds the table (what specbook's commands and options are); this
 * module reads argv against it and makes from the same table everything
 * that describes it: `specbook help [COMMAND]` and `COMMAND --help`, the
 * man page (specbook.1) and the bash, zsh and fish completions.  What the
 * table says is therefore what the parser accepts, the help shows and the
 * shell offers: one cannot drift from the others.
 *
 * Mistakes are answered as clap and cobra do: one line saying what is
 * wrong (with a did-you-mean for a misspelt command or option), then
 * "try 'specbook help COMMAND'", exit status 2.
 */
#ifndef SPECBOOK_CLI_H
#define SPECBOOK_CLI_H

#include <stdio.h>

/* The most options and commands a table may hold (masks are unsigned). */
#define CLI_MAX_OPTIONS 32
#define CLI_MAX_COMMANDS 16
/* Every command (for an option's commands mask). */
#define CLI_ALL 0xffffu

struct cli_option {
	const char *name;       /* the long name, without "--": "jobs" */
	char short_name;        /* 'j', or 0 */
	const char *arg;        /* what its value is called ("N", "DIR"); NULL: a flag */
	const char *complete;   /* its values for completion: "dir", "file", or
				 * words ("gnu json github sarif"); NULL: none */
	unsigned commands;      /* 1 << (index of the command) for each it applies to */
	const char *help;       /* one line, lowercase, no full stop */
};

struct cli_args;

struct cli_command {
	const char *name;
	const char *operands;   /* the synopsis of what follows: "[DIR]", "FILE:LINE" */
	int min_operands, max_operands;
	const char *complete;   /* completion of the operands, as cli_option's */
	const char *summary;    /* one line, lowercase, no full stop */
	const char *description;/* paragraphs (blank line between), unwrapped */
	/* Runs the command; returns the exit status.  NULL: not part of this
	 * build (hidden from help and completions, and unknown to the parser). */
	int (*run)(const struct cli_args *args);
};

struct cli {
	const char *program;    /* "specbook" */
	const char *summary;    /* what the program is, one line */
	const char *description;/* for the man page and `help`: paragraphs */
	const char *epilogue;   /* the man page's last sections (roff), or NULL */
	const struct cli_command *commands;
	int ncommands;
	const struct cli_option *options;
	int noptions;
};

/* What cli_parse() read.  The strings point into argv. */
struct cli_args {
	const struct cli *cli;
	int command;                         /* index into cli->commands; -1: none given */
	const char *value[CLI_MAX_OPTIONS];  /* per option: its value ("" for a flag given), or NULL */
	const char **operands;               /* after the command; malloc'd, caller frees */
	int noperands;
};

/* Reads argv (argv[0] is skipped).  Options may come before or after the
 * command, "--name=value", "--name value", "-x value", "-xvalue" and
 * clusters of flags ("-qh") are read, "--" ends the options.  Returns 0,
 * or 2 after printing the mistake and where to read more on stderr. */
int cli_parse(const struct cli *cli, int argc, char **argv, struct cli_args *args);

/* Returns the index of the option of that long name (which must exist). */
int cli_option_index(const struct cli *cli, const char *name);

/* Prints "PROGRAM[ COMMAND]: <message>" and "try 'PROGRAM help[ COMMAND]'"
 * on stderr; returns 2, the exit status of a usage error. */
int cli_usage_error(const struct cli *cli, int command, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Reads value as a whole decimal number from min to max into *n; returns
 * 0, or 2 after cli_usage_error() ("--jobs wants a number from 1 to 256,
 * not '4x'"). */
int cli_number(const struct cli *cli, int command, const char *option, const char *value,
	       long min, long max, long *n);

/* Prints the help of a command (command >= 0), or of the program. */
void cli_help(const struct cli *cli, int command, FILE *out);

/* Prints the man page (roff, man(7)). */
void cli_man(const struct cli *cli, const char *version, FILE *out);

/* Prints the completion script for shell ("bash", "zsh" or "fish");
 * returns 0, or -1 when the shell is not one of those. */
int cli_completion(const struct cli *cli, const char *shell, FILE *out);

/* Returns the index of the command named name, or -1. */
int cli_command_index(const struct cli *cli, const char *name);

#endif
