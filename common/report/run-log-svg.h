#ifndef REPORT_RUN_LOG_SVG_H
#define REPORT_RUN_LOG_SVG_H

#include <stdio.h>
#include "bisect/run-log.h"

/*
 * The chart of one key's values along the first-parent history, oldest
 * left, the culprit the posterior of `run --metric` names from these runs
 * marked. key NULL: the key with the most values. Returns -1 with an
 * error printed when there is nothing to draw.
 */
int run_log_svg(FILE *fp, const struct run_log *log, const char *key);

/* The chart into the file path (log --svg), none left when there is nothing to draw; 0 or -1. */
int run_log_svg_write(const char *path, const struct run_log *log, const char *key);

#endif
