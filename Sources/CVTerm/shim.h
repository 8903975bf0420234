#ifndef INSET_CVTERM_SHIM_H
#define INSET_CVTERM_SHIM_H

// The shell pane's C side: libvterm (the terminal emulator the pane's screen is) behind a
// small struct that keeps what its callbacks report, and the pty spawn, which must happen
// in C: after fork() only async-signal-safe calls are allowed, and Swift's runtime is not.
#include <vterm.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <util.h>
#else
#include <pty.h>
#endif

// ---- Colours, as the renderer's cells carry them ----
// 0x00RRGGBB is a colour; 0x01000000 | n is palette entry n (the terminal's own palette,
// so the user's theme applies); 0x02000000 and 0x03000000 are the terminal's default
// foreground and background.
#define CVTERM_PALETTE 0x01000000u
#define CVTERM_DEFAULT_FG 0x02000000u
#define CVTERM_DEFAULT_BG 0x03000000u

static inline uint32_t cvterm_color(const VTermColor *color, int foreground) {
    if (foreground && VTERM_COLOR_IS_DEFAULT_FG(color)) return CVTERM_DEFAULT_FG;
    if (!foreground && VTERM_COLOR_IS_DEFAULT_BG(color)) return CVTERM_DEFAULT_BG;
    if (VTERM_COLOR_IS_INDEXED(color)) return CVTERM_PALETTE | color->indexed.idx;
    return ((uint32_t)color->rgb.red << 16) | ((uint32_t)color->rgb.green << 8) | color->rgb.blue;
}

enum {
    CVTERM_BOLD = 1 << 0,
    CVTERM_UNDERLINE = 1 << 1,
    CVTERM_ITALIC = 1 << 2,
    CVTERM_REVERSE = 1 << 3,
    CVTERM_STRIKE = 1 << 4,
    CVTERM_BLINK = 1 << 5,
    CVTERM_CONCEAL = 1 << 6,
};

/// One cell in plain fields: the first character (0 for an empty cell), its width in
/// columns (2 for a wide character, whose right half is the next cell, reported with
/// char 0xFFFFFFFF), attribute flags and tagged colours.
typedef struct {
    uint32_t glyph;
    int width;
    uint32_t attributes;
    uint32_t foreground;
    uint32_t background;
} cvterm_cell;

// ---- The emulator ----
typedef struct {
    VTerm *vt;
    VTermScreen *screen;
    /// Bumped by every damage, cursor move and mode change: the pane is redrawn when it moved.
    uint64_t generation;
    int cursor_row, cursor_column, cursor_visible;
    int alternate_screen;
    /// VTERM_PROP_MOUSE_*: what the program asked for (0: no mouse reports).
    int mouse_mode;
    int bell;
    /// What the emulator answers (keys encoded, replies to queries), for the pty; the Swift
    /// side copies `output_length` bytes out and sets it back to 0.
    char *output;
    size_t output_length, output_capacity;
} cvterm_term;

static inline int cvterm_on_damage(VTermRect rect, void *user) {
    (void)rect;
    ((cvterm_term *)user)->generation++;
    return 1;
}

static inline int cvterm_on_move_cursor(VTermPos pos, VTermPos old, int visible, void *user) {
    (void)old;
    cvterm_term *term = (cvterm_term *)user;
    term->cursor_row = pos.row;
    term->cursor_column = pos.col;
    term->cursor_visible = visible;
    term->generation++;
    return 1;
}

static inline int cvterm_on_property(VTermProp prop, VTermValue *value, void *user) {
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

static inline int cvterm_on_bell(void *user) {
    ((cvterm_term *)user)->bell = 1;
    return 1;
}

static inline void cvterm_on_output(const char *bytes, size_t length, void *user) {
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

static inline cvterm_term *cvterm_new(int rows, int columns) {
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

static inline void cvterm_free(cvterm_term *term) {
    if (!term) return;
    vterm_free(term->vt);
    free(term->output);
    free(term);
}

static inline void cvterm_feed(cvterm_term *term, const char *bytes, size_t length) {
    vterm_input_write(term->vt, bytes, length);
    vterm_screen_flush_damage(term->screen);
}

static inline void cvterm_resize(cvterm_term *term, int rows, int columns) {
    vterm_set_size(term->vt, rows, columns);
    term->generation++;
}

static inline void cvterm_cell_at(cvterm_term *term, int row, int column, cvterm_cell *out) {
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

static inline void cvterm_key(cvterm_term *term, int key, int modifiers) {
    vterm_keyboard_key(term->vt, (VTermKey)key, (VTermModifier)modifiers);
}
static inline void cvterm_char(cvterm_term *term, uint32_t c, int modifiers) {
    vterm_keyboard_unichar(term->vt, c, (VTermModifier)modifiers);
}
static inline void cvterm_paste(cvterm_term *term, int start) {
    if (start) vterm_keyboard_start_paste(term->vt); else vterm_keyboard_end_paste(term->vt);
}
static inline void cvterm_mouse_move(cvterm_term *term, int row, int column, int modifiers) {
    vterm_mouse_move(term->vt, row, column, (VTermModifier)modifiers);
}
static inline void cvterm_mouse_button(cvterm_term *term, int button, int pressed, int modifiers) {
    vterm_mouse_button(term->vt, button, pressed != 0, (VTermModifier)modifiers);
}

static inline int cvterm_key_up(void) { return VTERM_KEY_UP; }
static inline int cvterm_key_down(void) { return VTERM_KEY_DOWN; }
static inline int cvterm_key_left(void) { return VTERM_KEY_LEFT; }
static inline int cvterm_key_right(void) { return VTERM_KEY_RIGHT; }
static inline int cvterm_key_enter(void) { return VTERM_KEY_ENTER; }
static inline int cvterm_key_tab(void) { return VTERM_KEY_TAB; }
static inline int cvterm_key_backspace(void) { return VTERM_KEY_BACKSPACE; }
static inline int cvterm_key_escape(void) { return VTERM_KEY_ESCAPE; }
static inline int cvterm_key_insert(void) { return VTERM_KEY_INS; }
static inline int cvterm_key_delete(void) { return VTERM_KEY_DEL; }
static inline int cvterm_key_home(void) { return VTERM_KEY_HOME; }
static inline int cvterm_key_end(void) { return VTERM_KEY_END; }
static inline int cvterm_key_page_up(void) { return VTERM_KEY_PAGEUP; }
static inline int cvterm_key_page_down(void) { return VTERM_KEY_PAGEDOWN; }
static inline int cvterm_key_function(int n) { return VTERM_KEY_FUNCTION(n); }
static inline int cvterm_mod_shift(void) { return VTERM_MOD_SHIFT; }
static inline int cvterm_mod_alt(void) { return VTERM_MOD_ALT; }
static inline int cvterm_mod_ctrl(void) { return VTERM_MOD_CTRL; }

// ---- The pty ----

/// Forks `path` (with `argv`, and `envp` as its whole environment) as the session leader
/// of a new pseudo-terminal of `rows` x `columns`. The child gets default signal handlers,
/// an empty signal mask and no descriptor of ours but the pty. Returns the child's pid
/// (and the master side in `*master`), or -1 with errno set.
static inline pid_t cvterm_spawn(const char *path, char *const argv[], char *const envp[],
                                 int rows, int columns, int *master) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    pid_t pid = forkpty(master, NULL, NULL, &size);
    if (pid != 0) return pid;
    // The child: async-signal-safe calls only, then exec.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int sig = 1; sig < 32; sig++) {
        if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    }
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int fd = 3; fd < max; fd++) close(fd);
    execve(path, argv, envp);
    _exit(127);
}

/// The child's exit: 0 while it runs, 1 when it has ended (`*status` the wait status), -1 on error.
static inline int cvterm_reap(pid_t pid, int *status) {
    pid_t done = waitpid(pid, status, WNOHANG);
    if (done == 0) return 0;
    return done == pid ? 1 : -1;
}

static inline int cvterm_set_size(int master, int rows, int columns) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)columns;
    return ioctl(master, TIOCSWINSZ, &size);
}

static inline int cvterm_exited(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }
static inline int cvterm_signaled(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }

#endif
