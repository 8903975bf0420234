#ifndef INSET_CSDL2_SHIM_H
#define INSET_CSDL2_SHIM_H

// SDL2's audio subsystem and its events only (no window), plus static inline wrappers for the
// macros Swift cannot import: formats and flags built from expressions, and hint names.
#include <SDL2/SDL.h>

static inline Uint32 csdl2_init_audio(void) { return SDL_INIT_AUDIO; }
static inline Uint32 csdl2_init_events(void) { return SDL_INIT_EVENTS; }
static inline SDL_AudioFormat csdl2_audio_f32sys(void) { return AUDIO_F32SYS; }
static inline SDL_AudioFormat csdl2_audio_s16sys(void) { return AUDIO_S16SYS; }
static inline int csdl2_allow_frequency_change(void) { return SDL_AUDIO_ALLOW_FREQUENCY_CHANGE; }
static inline int csdl2_allow_channels_change(void) { return SDL_AUDIO_ALLOW_CHANNELS_CHANGE; }
static inline int csdl2_allow_format_change(void) { return SDL_AUDIO_ALLOW_FORMAT_CHANGE; }
static inline int csdl2_allow_samples_change(void) { return SDL_AUDIO_ALLOW_SAMPLES_CHANGE; }

/// Bits per sample and whether samples are floats, from SDL_AUDIO_BITSIZE / SDL_AUDIO_ISFLOAT.
static inline int csdl2_audio_bitsize(SDL_AudioFormat format) { return SDL_AUDIO_BITSIZE(format); }
static inline int csdl2_audio_is_float(SDL_AudioFormat format) { return SDL_AUDIO_ISFLOAT(format) ? 1 : 0; }

/// SDL installs SIGINT/SIGTERM handlers unless told not to; the player owns its signals
/// (it restores the terminal on them), so SDL must keep its hands off.
static inline void csdl2_disable_signal_handlers(void) {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
}

static void csdl2_discard_log(void *userdata, int category, SDL_LogPriority priority, const char *message) {
    (void)userdata; (void)category; (void)priority; (void)message;
}

/// SDL logs to stderr (the disk driver at critical priority on every open); the player
/// owns the terminal, so its messages are dropped. Errors still reach us via SDL_GetError.
static inline void csdl2_silence_logs(void) { SDL_LogSetOutputFunction(csdl2_discard_log, NULL); }

#endif
