#ifndef INSET_CNCURSES_SHIM_H
#define INSET_CNCURSES_SHIM_H

// ncursesw with wide-character support. Swift 6 rejects ncurses' mutable globals (stdscr,
// LINES, COLS, COLORS) as not concurrency-safe and does not import its function-like
// macros, so the wrappers below read them through functions instead.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#if defined(__APPLE__)
#include <curses.h>
#include <term.h>
#else
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#endif
#include <locale.h>

static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
static inline int cncurses_colors(void) { return COLORS; }
static inline int cncurses_err(void) { return ERR; }
static inline int cncurses_ok(void) { return OK; }
static inline int cncurses_key_resize(void) { return KEY_RESIZE; }
static inline int cncurses_key_mouse(void) { return KEY_MOUSE; }
static inline int cncurses_key_left(void) { return KEY_LEFT; }
static inline int cncurses_key_right(void) { return KEY_RIGHT; }
static inline int cncurses_key_up(void) { return KEY_UP; }
static inline int cncurses_key_down(void) { return KEY_DOWN; }
static inline int cncurses_key_enter(void) { return KEY_ENTER; }
static inline int cncurses_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cncurses_key_home(void) { return KEY_HOME; }
static inline int cncurses_key_end(void) { return KEY_END; }
static inline int cncurses_key_btab(void) { return KEY_BTAB; }
static inline int cncurses_key_npage(void) { return KEY_NPAGE; }
static inline int cncurses_key_ppage(void) { return KEY_PPAGE; }
static inline int cncurses_key_sleft(void) { return KEY_SLEFT; }
static inline int cncurses_key_sright(void) { return KEY_SRIGHT; }
static inline int cncurses_key_f(int n) { return KEY_F(n); }
static inline attr_t cncurses_a_bold(void) { return A_BOLD; }
static inline mmask_t cncurses_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

/// Whether terminfo says the terminal takes direct 24-bit colour (the RGB or Tc capability).
static inline int cncurses_has_rgb_capability(void) { return tigetflag("RGB") > 0 || tigetflag("Tc") > 0; }

#endif
