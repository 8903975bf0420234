#include "interrupt.h"
#include <time.h>

long long cffmpeg_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int cffmpeg_interrupt_check(void *opaque) {
    cffmpeg_interrupt *state = (cffmpeg_interrupt *)opaque;
    if (__atomic_load_n(&state->stop, __ATOMIC_ACQUIRE)) return 1;
    if (__atomic_load_n(&state->wake, __ATOMIC_ACQUIRE)) return 1;
    return cffmpeg_interrupt_expired(state);
}

void cffmpeg_interrupt_set_stop(cffmpeg_interrupt *state) { __atomic_store_n(&state->stop, 1, __ATOMIC_RELEASE); }

int cffmpeg_interrupt_stopped(cffmpeg_interrupt *state) { return __atomic_load_n(&state->stop, __ATOMIC_ACQUIRE); }

void cffmpeg_interrupt_set_wake(cffmpeg_interrupt *state, int wake) { __atomic_store_n(&state->wake, wake, __ATOMIC_RELEASE); }

int cffmpeg_interrupt_woken(cffmpeg_interrupt *state) { return __atomic_load_n(&state->wake, __ATOMIC_ACQUIRE); }

void cffmpeg_interrupt_set_deadline(cffmpeg_interrupt *state, long long nanoseconds) {
    __atomic_store_n(&state->deadline_ns, nanoseconds ? cffmpeg_monotonic_ns() + nanoseconds : 0, __ATOMIC_RELEASE);
}

int cffmpeg_interrupt_expired(cffmpeg_interrupt *state) {
    long long deadline = __atomic_load_n(&state->deadline_ns, __ATOMIC_ACQUIRE);
    return deadline != 0 && cffmpeg_monotonic_ns() > deadline;
}

void cffmpeg_interrupt_extend_deadline(cffmpeg_interrupt *state, long long nanoseconds) {
    long long deadline = __atomic_load_n(&state->deadline_ns, __ATOMIC_ACQUIRE);
    long long wanted = cffmpeg_monotonic_ns() + nanoseconds;
    if (deadline != 0 && wanted > deadline) __atomic_store_n(&state->deadline_ns, wanted, __ATOMIC_RELEASE);
}

AVFormatContext *cffmpeg_alloc_interruptible_context(cffmpeg_interrupt *state) {
    AVFormatContext *context = avformat_alloc_context();
    if (!context) return NULL;
    context->interrupt_callback.callback = cffmpeg_interrupt_check;
    context->interrupt_callback.opaque = state;
    return context;
}
