#ifndef UTIL_CLOCK_H
#define UTIL_CLOCK_H

/*
 * Time for deadlines and durations: the monotonic clock, which neither
 * the user nor NTP can set back. Both calls are async-signal-safe (a
 * job's keeper, a fork of a process with threads, uses them).
 */

/* Seconds on the monotonic clock (from some fixed point in the past). */
double clock_seconds(void);

/* Sleep ms milliseconds, all of them (a signal does not cut it short). */
void clock_sleep_ms(long ms);

#endif
