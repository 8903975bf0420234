#include "shim.h"

// libass calls this for every message; the player's terminal is stderr, so they go nowhere.
static void cass_drop_message(int level, const char *format, va_list args, void *data) {
    (void)level; (void)format; (void)args; (void)data;
}

void cass_silence(ASS_Library *library) {
    ass_set_message_cb(library, cass_drop_message, NULL);
}

// One image: its mask's coverage times the colour's opacity (libass's colour is RGBA with
// A as transparency, 0 opaque) gives each pixel's weight; straight "over" onto RGB24, as
// FFmpeg's subtitles filter blends (ff_draw: the same weight, rounded). Clipped to the
// picture, since a \pos or a margin may put part of an event outside it.
static long cass_blend_one(const ASS_Image *image, uint8_t *rgb, int width, int height, int stride) {
    const unsigned opacity = 255 - (image->color & 0xff);
    if (opacity == 0) return 0;
    const unsigned r = image->color >> 24, g = (image->color >> 16) & 0xff, b = (image->color >> 8) & 0xff;
    const int x0 = image->dst_x < 0 ? -image->dst_x : 0;
    const int y0 = image->dst_y < 0 ? -image->dst_y : 0;
    int x1 = image->w, y1 = image->h;
    if (image->dst_x + x1 > width) x1 = width - image->dst_x;
    if (image->dst_y + y1 > height) y1 = height - image->dst_y;
    long touched = 0;
    for (int y = y0; y < y1; y++) {
        const unsigned char *mask = image->bitmap + (long)y * image->stride;
        uint8_t *row = rgb + (long)(image->dst_y + y) * stride + (long)image->dst_x * 3;
        for (int x = x0; x < x1; x++) {
            const unsigned k = mask[x] * opacity;  // 0 ... 255 * 255
            if (k == 0) continue;
            uint8_t *p = row + x * 3;
            const unsigned rest = 255 * 255 - k;
            p[0] = (uint8_t)((r * k + p[0] * rest + 32512) / 65025);
            p[1] = (uint8_t)((g * k + p[1] * rest + 32512) / 65025);
            p[2] = (uint8_t)((b * k + p[2] * rest + 32512) / 65025);
            touched++;
        }
    }
    return touched;
}

long cass_blend(const ASS_Image *images, uint8_t *rgb, int width, int height, int stride) {
    long touched = 0;
    for (const ASS_Image *image = images; image; image = image->next) {
        if (image->w <= 0 || image->h <= 0) continue;
        touched += cass_blend_one(image, rgb, width, height, stride);
    }
    return touched;
}
