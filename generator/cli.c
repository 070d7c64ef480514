/*
 * cli.c — read argv against the table of commands and options, and make
 * the help, the man page and the completions from the same table (cli.h).
 */
#include "cli.h"
#include "core/alloc.h"
#include "core/distance.h"
#include "core/utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The widest column of options in the help ("  -j, --jobs N"). */
#define CLI_HELP_COLUMN 24

int cli_command_index(const struct cli *cli, const char *name)
{
	for (int i = 0; i < cli->ncommands; i++)
		if (cli->commands[i].run && !strcmp(cli->commands[i].name, name))
			return i;
	return -1;
}

int cli_option_index(const struct cli *cli, const char *name)
{
	for (int i = 0; i < cli->noptions; i++)
		if (!strcmp(cli->options[i].name, name))
			return i;
	abort();
}

int cli_usage_error(const struct cli *cli, int command, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s%s%s: ", cli->program, command >= 0 ? " " : "",
		command >= 0 ? cli->commands[command].name : "");
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\ntry '%s help%s%s'\n", cli->program, command >= 0 ? " " : "",
		command >= 0 ? cli->commands[command].name : "");
	return 2;
}

int cli_number(const struct cli *cli, int command, const char *option, const char *value,
	       long min, long max, long *n)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	if (!*value || *end || errno || v < min || v > max || (*value < '0' || *value > '9'))
		return cli_usage_error(cli, command, "%s wants a number from %ld to %ld, not '%s'",
				       option, min, max, value);
	*n = v;
	return 0;
}

/* Returns the nearest of the names (commands when options is 0, else the
 * long options) within a third of the word's length, or NULL. */
static const char *nearest(const struct cli *cli, const char *word, int options)
{
	const char *best = NULL;
	size_t best_d = strlen(word) / 3 + 1;
	int n = options ? cli->noptions : cli->ncommands;
	for (int i = 0; i < n; i++) {
		const char *name = options ? cli->options[i].name : cli->commands[i].name;
		if (!options && !cli->commands[i].run)
			continue;
		size_t d = edit_distance(word, name, 64, DISTANCE_TRANSPOSE | DISTANCE_FOLD_CASE);
		if (d != (size_t)-1 && d <= best_d && (!best || d < best_d)) {
			best = name;
			best_d = d;
		}
	}
	return best;
}

/* Records the option of index i with value v; returns 0. */
static int take(struct cli_args *args, int i, const char *v)
{
	args->value[i] = v;
	return 0;
}

/* Reads one "--name[=value]" at argv[*k]; returns 0 or 2 (reported). */
static int long_option(const struct cli *cli, struct cli_args *args, int argc, char **argv, int *k)
{
	const char *word = argv[*k] + 2, *eq = strchr(word, '=');
	size_t len = eq ? (size_t)(eq - word) : strlen(word);
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (strlen(o->name) != len || strncmp(o->name, word, len))
			continue;
		if (!o->arg) {
			if (eq)
				return cli_usage_error(cli, args->command, "--%s takes no value, not '%s'",
						       o->name, eq + 1);
			return take(args, i, "");
		}
		if (eq)
			return take(args, i, eq + 1);
		if (*k + 1 >= argc)
			return cli_usage_error(cli, args->command, "--%s wants %s after it", o->name, o->arg);
		return take(args, i, argv[++*k]);
	}
	char name[DISTANCE_MAX_LEN];
	snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), word);
	const char *near = nearest(cli, name, 1);
	if (near)
		return cli_usage_error(cli, args->command, "unknown option '--%s'; did you mean '--%s'?",
				       name, near);
	return cli_usage_error(cli, args->command, "unknown option '--%s'", name);
}

/* Reads one cluster of short options ("-q", "-jN", "-qj N") at argv[*k]. */
static int short_options(const struct cli *cli, struct cli_args *args, int argc, char **argv, int *k)
{
	for (const char *p = argv[*k] + 1; *p; p++) {
		int i = 0;
		while (i < cli->noptions && cli->options[i].short_name != *p)
			i++;
		if (i == cli->noptions)
			return cli_usage_error(cli, args->command, "unknown option '-%c'", *p);
		const struct cli_option *o = &cli->options[i];
		if (!o->arg) {
			take(args, i, "");
			continue;
		}
		if (p[1])
			return take(args, i, p + 1);
		if (*k + 1 >= argc)
			return cli_usage_error(cli, args->command, "-%c wants %s after it", *p, o->arg);
		return take(args, i, argv[++*k]);
	}
	return 0;
}

int cli_parse(const struct cli *cli, int argc, char **argv, struct cli_args *args)
{
	memset(args, 0, sizeof *args);
	args->cli = cli;
	args->command = -1;
	args->operands = xcalloc((size_t)argc + 1, sizeof *args->operands);
	int options_end = 0;
	for (int k = 1; k < argc; k++) {
		const char *a = argv[k];
		int rc = 0;
		if (!options_end && !strcmp(a, "--"))
			options_end = 1;
		else if (!options_end && !strncmp(a, "--", 2))
			rc = long_option(cli, args, argc, argv, &k);
		else if (!options_end && a[0] == '-' && a[1])
			rc = short_options(cli, args, argc, argv, &k);
		else if (args->command < 0) {
			args->command = cli_command_index(cli, a);
			if (args->command < 0) {
				const char *near = nearest(cli, a, 0);
				if (near)
					return cli_usage_error(cli, -1, "unknown command '%s'; did you mean '%s'?",
							       a, near);
				return cli_usage_error(cli, -1, "unknown command '%s'", a);
			}
		} else
			args->operands[args->noperands++] = a;
		if (rc)
			return rc;
	}
	if (args->command < 0)
		return 0;
	const struct cli_command *c = &cli->commands[args->command];
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (!args->value[i] || (o->commands & (1u << args->command)))
			continue;
		char used[256] = "";
		for (int j = 0; j < cli->ncommands; j++)
			if ((o->commands & (1u << j)) && cli->commands[j].run)
				snprintf(used + strlen(used), sizeof used - strlen(used), "%s%s",
					 *used ? ", " : "", cli->commands[j].name);
		return cli_usage_error(cli, args->command, "--%s is not an option of %s (it is one of %s)",
				       o->name, c->name, used);
	}
	if (args->noperands > c->max_operands) {
		if (c->max_operands == 0)
			return cli_usage_error(cli, args->command, "takes no operand, not '%s'",
					       args->operands[0]);
		return cli_usage_error(cli, args->command, "one %s is enough: '%s' is one too many",
				       c->operands, args->operands[c->max_operands]);
	}
	if (args->noperands < c->min_operands)
		return cli_usage_error(cli, args->command, "give %s: %s %s %s", c->operands,
				       cli->program, c->name, c->operands);
	return 0;
}

/* ---- help ---- */

/* Prints text wrapped at 76 columns, each line after indent spaces;
 * a blank line in text stays one. */
static void wrap(FILE *out, const char *text, int indent)
{
	const char *p = text;
	while (*p) {
		const char *para_end = strstr(p, "\n\n");
		if (!para_end)
			para_end = p + strlen(p);
		int col = 0;
		while (p < para_end) {
			while (p < para_end && (*p == ' ' || *p == '\n'))
				p++;
			const char *w = p;
			while (p < para_end && *p != ' ' && *p != '\n')
				p++;
			int wl = (int)(p - w);
			if (!wl)
				break;
			if (col && col + 1 + wl > 76 - indent) {
				fputc('\n', out);
				col = 0;
			}
			if (!col)
				fprintf(out, "%*s", indent, "");
			else
				fputc(' ', out);
			fwrite(w, 1, (size_t)wl, out);
			col += wl + (col ? 1 : 0);
		}
		fputc('\n', out);
		if (*para_end) {
			fputc('\n', out);
			p = para_end + 2;
		} else
			p = para_end;
	}
}

/* Writes "-j, --jobs N" (or "--werror") into b. */
static void option_label(const struct cli_option *o, char *b, size_t n)
{
	snprintf(b, n, "%s%c%s--%s%s%s", o->short_name ? "-" : "", o->short_name ? o->short_name : ' ',
		 o->short_name ? ", " : "   ", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Prints "  label  text", text wrapped from CLI_HELP_COLUMN on; a label
 * too wide for its column has the text on the lines below. */
static void help_line(FILE *out, const char *label, const char *text)
{
	int col;
	if ((int)strlen(label) + 4 > CLI_HELP_COLUMN) {
		fprintf(out, "  %s\n", label);
		col = 0;
	} else
		col = fprintf(out, "  %-*s", CLI_HELP_COLUMN - 2, label);
	for (const char *p = text; *p;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, " ");
		if (!n)
			break;
		if (col > CLI_HELP_COLUMN && col + 1 + (int)n > 79) {
			fputc('\n', out);
			col = 0;
		}
		if (col < CLI_HELP_COLUMN)
			col += fprintf(out, "%*s", CLI_HELP_COLUMN - col, "");
		else if (col > CLI_HELP_COLUMN)
			col += fprintf(out, " ");
		col += fprintf(out, "%.*s", (int)n, p);
		p += n;
	}
	fputc('\n', out);
}

static void option_lines(const struct cli *cli, unsigned mask, int all, FILE *out)
{
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (all ? (o->commands & mask) != mask : !(o->commands & mask))
			continue;
		char label[64];
		option_label(o, label, sizeof label);
		help_line(out, label, o->help);
	}
}

void cli_help(const struct cli *cli, int command, FILE *out)
{
	if (command >= 0) {
		const struct cli_command *c = &cli->commands[command];
		fprintf(out, "usage: %s %s%s%s [options]\n\n", cli->program, c->name, *c->operands ? " " : "",
			c->operands);
		fprintf(out, "%c%s.\n\n", c->summary[0] - ('a' <= c->summary[0] && c->summary[0] <= 'z' ? 32 : 0),
			c->summary + 1);
		if (c->description) {
			wrap(out, c->description, 0);
			fputc('\n', out);
		}
		fputs("options:\n", out);
		option_lines(cli, 1u << command, 0, out);
		return;
	}
	fprintf(out, "usage: %s COMMAND [options]\n\n", cli->program);
	wrap(out, cli->description, 0);
	fputs("\ncommands:\n", out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		char label[64];
		snprintf(label, sizeof label, "%s %s", c->name, c->operands);
		help_line(out, label, c->summary);
	}
	fputs("\noptions of every command:\n", out);
	option_lines(cli, CLI_ALL, 1, out);
	fprintf(out, "\n'%s help COMMAND' (or '%s COMMAND --help') gives a command's options;\n"
		"'man %s' the whole manual.\n", cli->program, cli->program, cli->program);
}

/* ---- the man page ---- */

/* Prints text for roff: a leading dot or quote escaped, backslashes and
 * dashes as roff wants them, what is not ASCII as \[uXXXX]. */
static void roff(FILE *out, const char *text)
{
	int bol = 1;
	for (const char *p = text; *p; p++) {
		if (bol && (*p == '.' || *p == '\''))
			fputs("\\&", out);
		if (*p == '\\')
			fputs("\\e", out);
		else if (*p == '-')
			fputs("\\-", out);
		else if ((unsigned char)*p >= 0x80) {
			uint32_t cp;
			int n = utf8_decode(p, strlen(p), &cp);
			fprintf(out, "\\[u%04X]", n > 0 ? (unsigned)cp : 0xFFFDu);
			p += n > 0 ? n - 1 : 0;
		} else
			fputc(*p, out);
		bol = *p == '\n';
	}
}

/* Prints paragraphs of text, each after .PP (the first without one when
 * first_pp is 0). */
static void roff_paragraphs(FILE *out, const char *text, int first_pp)
{
	const char *p = text;
	int first = 1;
	while (*p) {
		const char *end = strstr(p, "\n\n");
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (!first || first_pp)
			fputs(".PP\n", out);
		char *para = xmalloc(n + 1);
		memcpy(para, p, n);
		para[n] = '\0';
		roff(out, para);
		fputc('\n', out);
		free(para);
		p += n + (end ? 2 : 0);
		first = 0;
	}
}

static void man_options(const struct cli *cli, unsigned mask, int all, FILE *out)
{
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (all ? (o->commands & mask) != mask : !(o->commands & mask) ||
		    (o->commands & CLI_ALL) == CLI_ALL)
			continue;
		fputs(".TP\n", out);
		if (o->short_name)
			fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
		fputs("\\fB", out);
		roff(out, "--");
		roff(out, o->name);
		fputs("\\fR", out);
		if (o->arg)
			fprintf(out, " \\fI%s\\fR", o->arg);
		fputc('\n', out);
		roff(out, o->help);
		fputc('\n', out);
	}
}

void cli_man(const struct cli *cli, const char *version, FILE *out)
{
	fputs(".TH ", out);
	for (const char *p = cli->program; *p; p++)
		fputc(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p, out);
	fprintf(out, " 1 \"\" \"%s %s\" \"User Commands\"\n", cli->program, version);
	fputs(".SH NAME\n", out);
	fprintf(out, "%s \\- ", cli->program);
	roff(out, cli->summary);
	fputs("\n.SH SYNOPSIS\n", out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		fprintf(out, "%s\\fB%s %s\\fR %s%s[\\fIoptions\\fR]\n", i ? ".br\n" : "", cli->program, c->name,
			c->operands, *c->operands ? " " : "");
	}
	fputs(".SH DESCRIPTION\n", out);
	roff_paragraphs(out, cli->description, 0);
	fputs(".SH COMMANDS\n", out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		fprintf(out, ".SS \"%s %s\"\n", c->name, c->operands);
		roff(out, c->summary);
		fputs(".\n", out);
		if (c->description)
			roff_paragraphs(out, c->description, 1);
		man_options(cli, 1u << i, 0, out);
	}
	fputs(".SH \"OPTIONS OF EVERY COMMAND\"\n", out);
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if ((o->commands & CLI_ALL) != CLI_ALL)
			continue;
		fputs(".TP\n", out);
		if (o->short_name)
			fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
		fprintf(out, "\\fB\\-\\-");
		roff(out, o->name);
		fputs("\\fR", out);
		if (o->arg)
			fprintf(out, " \\fI%s\\fR", o->arg);
		fputc('\n', out);
		roff(out, o->help);
		fputc('\n', out);
	}
	if (cli->epilogue)
		fputs(cli->epilogue, out);
}

/* ---- completions ---- */

/* The long and short names of the options of command (-1: every command's). */
static void option_words(const struct cli *cli, int command, FILE *out)
{
	int first = 1;
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (command >= 0 ? !(o->commands & (1u << command)) : (o->commands & CLI_ALL) != CLI_ALL)
			continue;
		fprintf(out, "%s--%s", first ? "" : " ", o->name);
		if (o->short_name)
			fprintf(out, " -%c", o->short_name);
		first = 0;
	}
}

/* bash: compgen words for a "complete" value */
static void bash_complete(const char *complete, FILE *out)
{
	if (!complete)
		fputs("COMPREPLY=()", out);
	else if (!strcmp(complete, "dir"))
		fputs("COMPREPLY=($(compgen -d -- \"$cur\"))", out);
	else if (!strcmp(complete, "file"))
		fputs("COMPREPLY=($(compgen -f -- \"$cur\"))", out);
	else
		fprintf(out, "COMPREPLY=($(compgen -W '%s' -- \"$cur\"))", complete);
}

static void bash(const struct cli *cli, FILE *out)
{
	fprintf(out, "# bash completion for %s (made by '%s completion bash')\n", cli->program, cli->program);
	fprintf(out, "_%s() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		"\tlocal cmd= i w\n", cli->program);
	/* the command: the first word that is neither an option nor an
	 * option's value */
	fputs("\tfor ((i = 1; i < COMP_CWORD; i++)); do\n\t\tw=${COMP_WORDS[i]}\n\t\tcase $w in\n\t\t", out);
	int any = 0;
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (!o->arg)
			continue;
		fprintf(out, "%s--%s", any++ ? "|" : "", o->name);
		if (o->short_name)
			fprintf(out, "|-%c", o->short_name);
	}
	fputs(") ((i++)) ;;\n\t\t-*) ;;\n\t\t*) cmd=$w; break ;;\n\t\tesac\n\tdone\n", out);
	fputs("\tcase $prev in\n", out);
	for (int i = 0; i < cli->noptions; i++) {
		const struct cli_option *o = &cli->options[i];
		if (!o->arg)
			continue;
		fprintf(out, "\t--%s", o->name);
		if (o->short_name)
			fprintf(out, "|-%c", o->short_name);
		fputs(") ", out);
		bash_complete(o->complete, out);
		fputs("; return ;;\n", out);
	}
	fputs("\tesac\n\tif [[ -z $cmd ]]; then\n\t\tif [[ $cur == -* ]]; then\n\t\t\tCOMPREPLY=($(compgen -W '",
	      out);
	option_words(cli, -1, out);
	fputs("' -- \"$cur\"))\n\t\telse\n\t\t\tCOMPREPLY=($(compgen -W '", out);
	for (int i = 0, first = 1; i < cli->ncommands; i++)
		if (cli->commands[i].run) {
			fprintf(out, "%s%s", first ? "" : " ", cli->commands[i].name);
			first = 0;
		}
	fputs("' -- \"$cur\"))\n\t\tfi\n\t\treturn\n\tfi\n\tcase $cmd in\n", out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		fprintf(out, "\t%s)\n\t\tif [[ $cur == -* ]]; then\n\t\t\tCOMPREPLY=($(compgen -W '", c->name);
		option_words(cli, i, out);
		fputs("' -- \"$cur\"))\n\t\telse\n\t\t\t", out);
		bash_complete(c->max_operands ? c->complete : NULL, out);
		fputs("\n\t\tfi ;;\n", out);
	}
	fprintf(out, "\tesac\n}\ncomplete -F _%s %s\n", cli->program, cli->program);
}

/* Prints s for zsh's _arguments inside single quotes: ' [ ] escaped, and
 * : where it would end the field (colon set). */
static void zsh_text(FILE *out, const char *s, int colon)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", out);
		else if (*s == '[' || *s == ']' || (colon && *s == ':'))
			fprintf(out, "\\%c", *s);
		else
			fputc(*s, out);
	}
}

static void zsh_action(FILE *out, const char *complete)
{
	if (!complete)
		fputs(" ", out);
	else if (!strcmp(complete, "dir"))
		fputs("_files -/", out);
	else if (!strcmp(complete, "file"))
		fputs("_files", out);
	else
		fprintf(out, "(%s)", complete);
}

static void zsh(const struct cli *cli, FILE *out)
{
	fprintf(out, "#compdef %s\n# zsh completion for %s (made by '%s completion zsh')\n\n", cli->program,
		cli->program, cli->program);
	fprintf(out, "_%s() {\n\tlocal -a commands\n\tcommands=(\n", cli->program);
	for (int i = 0; i < cli->ncommands; i++)
		if (cli->commands[i].run) {
			fprintf(out, "\t\t'%s:", cli->commands[i].name);
			zsh_text(out, cli->commands[i].summary, 0);
			fputs("'\n", out);
		}
	fputs("\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe command commands\n\t\treturn\n\tfi\n", out);
	fputs("\tlocal cmd=${words[2]}\n\tshift words\n\t(( CURRENT-- ))\n\tcase $cmd in\n", out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		fprintf(out, "\t%s)\n\t\t_arguments -s \\\n", c->name);
		for (int k = 0; k < cli->noptions; k++) {
			const struct cli_option *o = &cli->options[k];
			if (!(o->commands & (1u << i)))
				continue;
			for (int form = 0; form < 2; form++) {
				if (form == 1 && !o->short_name)
					break;
				if (form == 0)
					fprintf(out, "\t\t\t'--%s%s[", o->name, o->arg ? "=" : "");
				else
					fprintf(out, "\t\t\t'-%c[", o->short_name);
				zsh_text(out, o->help, 0);
				fputs("]", out);
				if (o->arg) {
					fputs(":", out);
					zsh_text(out, o->arg, 1);
					fputs(":", out);
					zsh_action(out, o->complete);
				}
				fputs("' \\\n", out);
			}
		}
		if (c->max_operands) {
			fprintf(out, "\t\t\t'%s:", c->min_operands ? "1" : "1:");
			zsh_text(out, c->operands, 1);
			fputs(":", out);
			zsh_action(out, c->complete);
			fputs("'\n", out);
		} else
			fputs("\t\t\t&& return\n", out);
		fputs("\t\t;;\n", out);
	}
	fprintf(out, "\tesac\n}\n\n_%s \"$@\"\n", cli->program);
}

/* Prints s for fish inside single quotes. */
static void fish_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '\'' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void fish(const struct cli *cli, FILE *out)
{
	fprintf(out, "# fish completion for %s (made by '%s completion fish')\n", cli->program, cli->program);
	fprintf(out, "complete -c %s -f\n", cli->program);
	fprintf(out, "set -l %s_commands", cli->program);
	for (int i = 0; i < cli->ncommands; i++)
		if (cli->commands[i].run)
			fprintf(out, " %s", cli->commands[i].name);
	fputc('\n', out);
	for (int i = 0; i < cli->ncommands; i++) {
		const struct cli_command *c = &cli->commands[i];
		if (!c->run)
			continue;
		fprintf(out, "complete -c %s -n \"not __fish_seen_subcommand_from $%s_commands\" -a %s -d '",
			cli->program, cli->program, c->name);
		fish_text(out, c->summary);
		fputs("'\n", out);
		if (c->max_operands && c->complete) {
			fprintf(out, "complete -c %s -n '__fish_seen_subcommand_from %s' ", cli->program, c->name);
			if (!strcmp(c->complete, "dir"))
				fputs("-a '(__fish_complete_directories)'\n", out);
			else if (!strcmp(c->complete, "file"))
				fputs("-F\n", out);
			else
				fprintf(out, "-a '%s'\n", c->complete);
		}
	}
	for (int k = 0; k < cli->noptions; k++) {
		const struct cli_option *o = &cli->options[k];
		fprintf(out, "complete -c %s", cli->program);
		if ((o->commands & CLI_ALL) != CLI_ALL) {
			fputs(" -n '__fish_seen_subcommand_from", out);
			for (int i = 0; i < cli->ncommands; i++)
				if ((o->commands & (1u << i)) && cli->commands[i].run)
					fprintf(out, " %s", cli->commands[i].name);
			fputs("'", out);
		}
		if (o->short_name)
			fprintf(out, " -s %c", o->short_name);
		fprintf(out, " -l %s", o->name);
		if (o->arg) {
			if (o->complete && !strcmp(o->complete, "dir"))
				fputs(" -r -a '(__fish_complete_directories)'", out);
			else if (o->complete && !strcmp(o->complete, "file"))
				fputs(" -r -F", out);
			else if (o->complete)
				fprintf(out, " -x -a '%s'", o->complete);
			else
				fputs(" -x", out);
		}
		fputs(" -d '", out);
		fish_text(out, o->help);
		fputs("'\n", out);
	}
}

int cli_completion(const struct cli *cli, const char *shell, FILE *out)
{
	if (!strcmp(shell, "bash"))
		bash(cli, out);
	else if (!strcmp(shell, "zsh"))
		zsh(cli, out);
	else if (!strcmp(shell, "fish"))
		fish(cli, out);
	else
		return -1;
	return 0;
}
