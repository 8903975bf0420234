#ifndef INSET_CVTERM_SHIM_H
#define INSET_CVTERM_SHIM_H

// The shell pane's C side: libvterm (the terminal emulator the pane's screen is) behind a
// small struct that keeps what its callbacks report, and the pty spawn, which must happen
// in C: after fork() only async-signal-safe calls are allowed, and Swift's runtime is not.
// The bodies longer than a line are in emulator.c and pty_process.c, compiled once.
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

uint32_t cvterm_color(const VTermColor *color, int foreground);

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

cvterm_term *cvterm_new(int rows, int columns);

void cvterm_free(cvterm_term *term);

static inline void cvterm_feed(cvterm_term *term, const char *bytes, size_t length) {
    vterm_input_write(term->vt, bytes, length);
    vterm_screen_flush_damage(term->screen);
}

static inline void cvterm_resize(cvterm_term *term, int rows, int columns) {
    vterm_set_size(term->vt, rows, columns);
    term->generation++;
}

void cvterm_cell_at(cvterm_term *term, int row, int column, cvterm_cell *out);

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
pid_t cvterm_spawn(const char *path, char *const argv[], char *const envp[],
                   int rows, int columns, int *master);

/// The child's exit: 0 while it runs, 1 when it has ended (`*status` the wait status), -1 on error.
int cvterm_reap(pid_t pid, int *status);

int cvterm_set_size(int master, int rows, int columns);

static inline int cvterm_exited(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }
static inline int cvterm_signaled(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }

#endif
