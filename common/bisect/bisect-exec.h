#ifndef BISECT_BISECT_EXEC_H
#define BISECT_BISECT_EXEC_H

#include "util/strbuf.h"

/*
 * Run argv (no shell: execvp) with dir as its working directory, in its
 * own process group. Its standard output goes to out when out is not NULL,
 * else to our standard error (our standard output carries only results).
 * *code is its exit status, or 128 + the signal that killed it. Returns
 * -1 with the reason in err when it could not be started.
 */
int exec_command(const char **argv, const char *dir, struct strbuf *out, int *code,
		 struct strbuf *err);

/*
 * Catch SIGINT, SIGTERM, SIGHUP and SIGPIPE while commands run, except
 * those ignored when we started (nohup): the signal is passed on to the
 * running commands' process groups and remembered, and
 * exec_signal_caught() returns it (0 when none came). Restore the previous
 * handlers before dying of the signal.
 */
void exec_signals_catch(void);
void exec_signals_restore(void);
int exec_signal_caught(void);

#endif
