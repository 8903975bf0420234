// The emulator behind the shell pane: libvterm's screen with callbacks that keep what it
// reports in a `cvterm_term` (shim.h declares).
#include "shim.h"

uint32_t cvterm_color(const VTermColor *color, int foreground) {
    if (foreground && VTERM_COLOR_IS_DEFAULT_FG(color)) return CVTERM_DEFAULT_FG;
    if (!foreground && VTERM_COLOR_IS_DEFAULT_BG(color)) return CVTERM_DEFAULT_BG;
    if (VTERM_COLOR_IS_INDEXED(color)) return CVTERM_PALETTE | color->indexed.idx;
    return ((uint32_t)color->rgb.red << 16) | ((uint32_t)color->rgb.green << 8) | color->rgb.blue;
}

static int cvterm_on_damage(VTermRect rect, void *user) {
    (void)rect;
    ((cvterm_term *)user)->generation++;
    return 1;
}

static int cvterm_on_move_cursor(VTermPos pos, VTermPos old, int visible, void *user) {
    (void)old;
    cvterm_term *term = (cvterm_term *)user;
    term->cursor_row = pos.row;
    term->cursor_column = pos.col;
    term->cursor_visible = visible;
    term->generation++;
    return 1;
}

static int cvterm_on_property(VTermProp prop, VTermValue *value, void *user) {
    cvterm_term *term = (cvterm_term *)user;
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE: term->cursor_visible = value->boolean; break;
    case VTERM_PROP_ALTSCREEN: term->alternate_screen = value->boolean; break;
    case VTERM_PROP_MOUSE: term->mouse_mode = value->number; break;
    default: break;
    }
    term->generation++;
    return 1;
}

static int cvterm_on_bell(void *user) {
    ((cvterm_term *)user)->bell = 1;
    return 1;
}

static void cvterm_on_output(const char *bytes, size_t length, void *user) {
    cvterm_term *term = (cvterm_term *)user;
    if (term->output_length + length > term->output_capacity) {
        size_t capacity = term->output_capacity ? term->output_capacity : 4096;
        while (capacity < term->output_length + length) capacity *= 2;
        char *grown = (char *)realloc(term->output, capacity);
        if (!grown) return;
        term->output = grown;
        term->output_capacity = capacity;
    }
    memcpy(term->output + term->output_length, bytes, length);
    term->output_length += length;
}

static const VTermScreenCallbacks cvterm_screen_callbacks = {
    .damage = cvterm_on_damage,
    .movecursor = cvterm_on_move_cursor,
    .settermprop = cvterm_on_property,
    .bell = cvterm_on_bell,
};

cvterm_term *cvterm_new(int rows, int columns) {
    cvterm_term *term = (cvterm_term *)calloc(1, sizeof(cvterm_term));
    if (!term) return NULL;
    term->vt = vterm_new(rows, columns);
    if (!term->vt) { free(term); return NULL; }
    term->cursor_visible = 1;
    vterm_set_utf8(term->vt, 1);
    vterm_output_set_callback(term->vt, cvterm_on_output, term);
    term->screen = vterm_obtain_screen(term->vt);
    vterm_screen_set_callbacks(term->screen, &cvterm_screen_callbacks, term);
    vterm_screen_enable_altscreen(term->screen, 1);
    // Damage merged per row (flushed after every feed): one callback a row, not a cell.
    vterm_screen_set_damage_merge(term->screen, VTERM_DAMAGE_ROW);
    vterm_screen_reset(term->screen, 1);
    // REP (`CSI n b`) before any character was printed loops forever in libvterm 0.1.4:
    // it repeats the last character by stepping its width, which is 0 until there was
    // one (`printf '\033[b'` hung the player). A space printed and taken back makes the
    // last character a space and leaves the blank screen as it was.
    vterm_input_write(term->vt, " \r", 2);
    vterm_screen_flush_damage(term->screen);
    return term;
}

void cvterm_free(cvterm_term *term) {
    if (!term) return;
    vterm_free(term->vt);
    free(term->output);
    free(term);
}

void cvterm_cell_at(cvterm_term *term, int row, int column, cvterm_cell *out) {
    VTermScreenCell cell;
    VTermPos pos = { .row = row, .col = column };
    if (!vterm_screen_get_cell(term->screen, pos, &cell)) {
        memset(out, 0, sizeof(*out));
        out->width = 1;
        out->foreground = CVTERM_DEFAULT_FG;
        out->background = CVTERM_DEFAULT_BG;
        return;
    }
    out->glyph = cell.chars[0];
    out->width = cell.width;
    uint32_t flags = 0;
    if (cell.attrs.bold) flags |= CVTERM_BOLD;
    if (cell.attrs.underline) flags |= CVTERM_UNDERLINE;
    if (cell.attrs.italic) flags |= CVTERM_ITALIC;
    if (cell.attrs.reverse) flags |= CVTERM_REVERSE;
    if (cell.attrs.strike) flags |= CVTERM_STRIKE;
    if (cell.attrs.blink) flags |= CVTERM_BLINK;
    out->attributes = flags;
    out->foreground = cvterm_color(&cell.fg, 1);
    out->background = cvterm_color(&cell.bg, 0);
}
