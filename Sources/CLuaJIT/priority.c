// A script's thread as the host watches it: its id (to lower its priority from the
// player's loop) and its CPU clock (to see a script busy without waiting). Linux's
// per-thread setpriority and pthread's CPU clocks.
#define _GNU_SOURCE
#include "shim.h"
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

long inset_script_thread_id(void) {
#if defined(SYS_gettid)
    return (long)syscall(SYS_gettid);
#else
    return 0;
#endif
}

int inset_script_cpu_clock(void) {
    clockid_t clock;
    if (pthread_getcpuclockid(pthread_self(), &clock) != 0) return -1;
    return (int)clock;
}

double inset_script_cpu_seconds(int clock) {
    struct timespec now;
    if (clock == -1 || clock_gettime((clockid_t)clock, &now) != 0) return 0;
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void inset_script_lower_priority(long thread) {
    if (thread > 0) setpriority(PRIO_PROCESS, (id_t)thread, 19);
}
