#ifndef REPORT_RUN_LOG_TEXT_H
#define REPORT_RUN_LOG_TEXT_H

#include <stdio.h>
#include "bisect/run-log.h"

/* Every commit with runs, newest first: sha, key, machine, runs, median, spread, subject. */
void run_log_print(FILE *fp, const struct run_log *log);

/* --list-keys: "<key> <machine> <n> runs", one a line. */
void run_log_print_keys(FILE *fp, const struct run_log_keys *keys);

#endif
