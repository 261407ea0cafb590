#ifndef UTIL_NATSORT_H
#define UTIL_NATSORT_H

/*
 * Natural order for case names: runs of digits compare as numbers, so
 * case2 < case10 and case9_scaled_mm/blockwise < case10_persistent. Other
 * bytes compare as unsigned chars. Names that differ only in leading
 * zeros ("case01", "case1") fall back to strcmp, so the order is total:
 * natcmp() returns 0 only for equal strings.
 */
int natcmp(const char *a, const char *b);

/* qsort() comparator over an array of char *. */
int natcmp_ptr(const void *a, const void *b);

#endif
