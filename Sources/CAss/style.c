#include "shim.h"
#include <stdlib.h>
#include <string.h>

// mpv's plain subtitle style (its --sub-* defaults: sans-serif, a black border of 3, no
// shadow, 25/22 margins, bottom-centred) at `font_size` rows of a 720-row screen, rescaled
// to a script `res_y` rows high, as mpv's mp_ass_set_style does. The font name is the
// style's own copy (libass frees it with the track, or the caller with cass_free_style_name).
void cass_set_plain_style(ASS_Style *style, double res_y, double font_size, uint32_t colour) {
    const double scale = res_y / 720.0;
    if (!style->FontName || strcmp(style->FontName, "sans-serif") != 0) {
        free(style->FontName);
        style->FontName = strdup("sans-serif");
    }
    style->FontSize = font_size * scale;
    style->PrimaryColour = colour;
    style->SecondaryColour = colour;
    style->OutlineColour = 0x00000000;  // black, opaque (libass's alpha is transparency)
    style->BackColour = 0x00000000;
    style->BorderStyle = 1;
    style->Outline = 3 * scale;
    style->Shadow = 0;
    style->Spacing = 0;
    style->MarginL = 25 * scale;
    style->MarginR = 25 * scale;
    style->MarginV = 22 * scale;
    style->ScaleX = 1;
    style->ScaleY = 1;
    style->Alignment = 2;
    style->Blur = 0;
    style->Bold = 0;
    style->Italic = 0;
}

void cass_free_style_name(ASS_Style *style) {
    free(style->FontName);
    style->FontName = NULL;
}

// mpv's configure_ass (sub/sd_ass.c, mpv 0.35 with the override bits of later mpv for
// libass 0.17): `converted` is a track that is no ASS/SSA script of its own (SRT, WebVTT,
// mov_text through libavcodec's default header; a stripped or secondary track), which takes
// the plain style whole. --sub-pos and --sub-scale apply to it and, unless the override is
// `no`, to a script; `force` replaces a script's fonts, sizes, colours and borders with the
// plain style; `scale` applies --sub-scale to dialogue-like events only.
void cass_configure(ASS_Renderer *renderer, ASS_Track *track, const CAssLook *look, int converted) {
    const int total = converted || look->override == CASS_OVERRIDE_FORCE;
    double line_position = 0, font_scale = 1;
    if (converted || look->override != CASS_OVERRIDE_NO) {
        line_position = 100 - look->position;
        font_scale = look->scale;
    }
    ass_set_line_position(renderer, line_position);
    ass_set_font_scale(renderer, font_scale);
    int bits = 0;
    if (total) {
        bits |= ASS_OVERRIDE_BIT_FONT_NAME | ASS_OVERRIDE_BIT_FONT_SIZE_FIELDS | ASS_OVERRIDE_BIT_COLORS
              | ASS_OVERRIDE_BIT_BORDER | ASS_OVERRIDE_BIT_SELECTIVE_FONT_SCALE;
    }
    if (look->override == CASS_OVERRIDE_SCALE) bits |= ASS_OVERRIDE_BIT_SELECTIVE_FONT_SCALE;
    if (converted) bits |= ASS_OVERRIDE_BIT_ALIGNMENT;
    ass_set_selective_style_override_enabled(renderer, bits);
    // libass reads the override style as for a script 288 rows high, and copies it.
    ASS_Style style = {0};
    cass_set_plain_style(&style, 288, look->font_size, look->colour);
    ass_set_selective_style_override(renderer, &style);
    cass_free_style_name(&style);
    if (converted && track->default_style >= 0 && track->default_style < track->n_styles) {
        cass_set_plain_style(track->styles + track->default_style, track->PlayResY, look->font_size, look->colour);
    }
}
