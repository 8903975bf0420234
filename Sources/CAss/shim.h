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

/// --sub-ass-override's words (mpv's `no`, `yes`, `force`, `scale`; `strip` reaches libass
/// as a converted track).
enum { CASS_OVERRIDE_NO = 0, CASS_OVERRIDE_YES = 1, CASS_OVERRIDE_FORCE = 2, CASS_OVERRIDE_SCALE = 3 };

/// mpv's subtitle options as libass takes them (InsetCore's SubtitleTextStyle).
typedef struct CAssLook {
    double scale;      // --sub-scale
    double font_size;  // --sub-font-size, rows of a 720-row screen
    uint32_t colour;   // --sub-color, 0xRRGGBBAA with AA the transparency
    int position;      // --sub-pos, percent of the height
    int override;      // CASS_OVERRIDE_*
} CAssLook;

/// Sets `style` to mpv's plain subtitle style at `font_size` (of 720 rows) for a script
/// `res_y` rows high, in `colour`; its FontName is allocated (free: cass_free_style_name).
void cass_set_plain_style(ASS_Style *style, double res_y, double font_size, uint32_t colour);
void cass_free_style_name(ASS_Style *style);

/// mpv's configure_ass: the line position, font scale and selective style override for
/// `track` under `look`; a `converted` track's default style becomes the plain style.
void cass_configure(ASS_Renderer *renderer, ASS_Track *track, const CAssLook *look, int converted);

#endif
