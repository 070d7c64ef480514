/*
 * measure.c — runs one command and reports what it cost.
 *
 *   measure [-t SECONDS] [-m MEGABYTES] COMMAND [ARG…]
 *
 * Prints one line on stdout, "wall user sys maxrss_kb status": the wall
 * time (monotonic clock), the child's user and system CPU seconds and its
 * peak resident set size from wait4(), and its exit status (124 when it
 * was killed after SECONDS, 128+signal when a signal ended it).  The
 * command's own output goes where measure's goes.  -m limits the child's
 * address space (RLIMIT_AS), so that a runaway run fails on its own
 * instead of pushing the whole machine into the OOM killer.  GNU time does the same,
 * but is not installed everywhere.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
}

int main(int argc, char **argv)
{
	int arg = 1;
	unsigned limit = 0;
	long megabytes = 0;
	while (arg + 1 < argc && (!strcmp(argv[arg], "-t") || !strcmp(argv[arg], "-m"))) {
		if (argv[arg][1] == 't')
			limit = (unsigned)atoi(argv[arg + 1]);
		else
			megabytes = atol(argv[arg + 1]);
		arg += 2;
	}
	if (arg >= argc) {
		fputs("usage: measure [-t SECONDS] [-m MEGABYTES] COMMAND [ARG...]\n", stderr);
		return 2;
	}
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		perror("measure: fork");
		return 2;
	}
	if (pid == 0) {
		setpgid(0, 0);
		if (megabytes > 0) {
			struct rlimit rl = { (rlim_t)megabytes << 20, (rlim_t)megabytes << 20 };
			setrlimit(RLIMIT_AS, &rl);
		}
		execvp(argv[arg], argv + arg);
		fprintf(stderr, "measure: cannot run '%s': %s\n", argv[arg], strerror(errno));
		_exit(127);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	if (limit)
		alarm(limit);
	int status;
	struct rusage ru;
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("measure: wait4");
			return 2;
		}
		if (timed_out)
			kill(-pid, SIGKILL);
	}
	double wall = now() - t0;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (timed_out)
		code = 124;
	printf("%.3f %.3f %.3f %ld %d\n", wall,
	       ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss, code);
	return 0;
}
