#ifndef REPORT_DASHBOARD_TEXT_H
#define REPORT_DASHBOARD_TEXT_H

#include <stdio.h>
#include <stddef.h>

/* names (dashboard_names()) one per line, escaped for the terminal: --list-platforms, --list-kernels. */
void dashboard_print_names(FILE *fp, const char **names, size_t nr);

#endif
