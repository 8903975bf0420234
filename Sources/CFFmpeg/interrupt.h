#ifndef INSET_CFFMPEG_INTERRUPT_H
#define INSET_CFFMPEG_INTERRUPT_H

// What libavformat's blocking I/O checks while it waits (interrupt.c).
#include <libavformat/avformat.h>

/// What libavformat's blocking I/O checks while it waits (AVIOInterruptCB): a stop flag
/// any thread may raise, a one-shot wake (a seek wants the decode thread back) and a
/// deadline on the monotonic clock (0: none). Plain fields touched only through the
/// __atomic builtins, so Swift sees an ordinary struct.
typedef struct {
    int stop;
    int wake;
    long long deadline_ns;
} cffmpeg_interrupt;

long long cffmpeg_monotonic_ns(void);
/// The AVIOInterruptCB callback: 1 (stop waiting) when stopped, woken or past the deadline.
int cffmpeg_interrupt_check(void *opaque);
void cffmpeg_interrupt_set_stop(cffmpeg_interrupt *state);
int cffmpeg_interrupt_stopped(cffmpeg_interrupt *state);
void cffmpeg_interrupt_set_wake(cffmpeg_interrupt *state, int wake);
int cffmpeg_interrupt_woken(cffmpeg_interrupt *state);
/// A deadline `nanoseconds` from now; 0 clears it.
void cffmpeg_interrupt_set_deadline(cffmpeg_interrupt *state, long long nanoseconds);
int cffmpeg_interrupt_expired(cffmpeg_interrupt *state);
/// Moves a set deadline on to `nanoseconds` from now, when that is later; none stays none
/// (the spool, for each read that brings bytes).
void cffmpeg_interrupt_extend_deadline(cffmpeg_interrupt *state, long long nanoseconds);
/// A format context whose blocking I/O checks `state` (to be passed to avformat_open_input).
AVFormatContext *cffmpeg_alloc_interruptible_context(cffmpeg_interrupt *state);

#endif
