#ifndef CASS_SHIM_H
#define CASS_SHIM_H

// libass, for styled text subtitles drawn into the picture (InsetMedia's SubtitleRenderer).
// Declarations only; the logic is in the .c files beside it (STYLE.md).
#include <ass/ass.h>
#include <stdint.h>

/// Drops libass's messages: it logs font matching and parse warnings to stderr, which is
/// the terminal the player draws on.
void cass_silence(ASS_Library *library);

/// Blends `images` (the list ass_render_frame returned: alpha masks, each with one colour)
/// over an RGB24 picture of `width` x `height` pixels and `stride` bytes per row, clipped
/// to it. Returns how many pixels it touched (tests, statistics).
long cass_blend(const ASS_Image *images, uint8_t *rgb, int width, int height, int stride);

#endif
