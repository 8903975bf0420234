"""The real terminals scripts/real-terminal runs the player in, on an X display.

Each is started with a command line of its own (size in cells, black background, top-left
corner) and runs `sh -c` around the player, so the terminal stays open after the player
exits and the screen after q can be looked at; the player's standard error (the --stats
closing line) goes to a file. A terminal that dies at once (a server still busy loading
fonts) is started once more. Konsole's settings are files (konsole.py writes them afresh
for each start).
"""
import os
import subprocess
import time

from . import konsole

COLS, ROWS = 160, 45


class Terminal:
    def __init__(self, name, program, window_class, graphics, argv, environment=None, stale_pixels=False,
                 cells_at=None, prepare=None):
        # `graphics`: what `--graphics auto` picks in it.
        self.name, self.program, self.window_class, self.graphics = name, program, window_class, graphics
        self.argv, self.environment = argv, environment or {}
        # Where the cells start in the window, when not centred in it (Konsole: a 3 px frame
        # on the left, 5 on the right), and what makes the environment for a start.
        self.cells_at, self.prepare = cells_at, prepare
        # Whether the window keeps pixels of frames gone by until its buffers are made anew
        # (kitty on software GL here: blends of earlier frames, doubled text, a window's
        # old place, that no redraw of the same size clears; a resize does).
        self.stale_pixels = stale_pixels

    def start(self, command, stderr_path, log_path, extra_environment=None):
        """Runs `command` (a list) in the terminal; its stderr to `stderr_path`."""
        env = dict(os.environ, COLORTERM="truecolor", INSET_LOG=log_path, **self.environment,
                   **(self.prepare() if self.prepare else {}), **(extra_environment or {}))
        env.pop("TERM", None)  # each terminal sets its own
        wrapped = ["sh", "-c", '"$@" 2>"$INSET_STDERR"; sleep 600', "sh", *command]
        env["INSET_STDERR"] = stderr_path
        full = self.argv + wrapped
        process = subprocess.Popen(full, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            process.wait(timeout=1.5)
        except subprocess.TimeoutExpired:
            return process
        print("      %s exited at once (status %s); starting it again" % (self.name, process.returncode))
        return subprocess.Popen(full, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(process):
    """Ends a terminal; one that does not end on SIGTERM within seconds is killed."""
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    time.sleep(0.3)


TERMINALS = {
    # xterm as a VT340: sixel, and 256 colour registers (a VT340 has 16).
    "xterm": Terminal("xterm", "xterm", "xterm", "sixel", [
        "xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256", "-xrm", "XTerm*sixelScrolling: true",
        "-bg", "black", "-fg", "white", "-geometry", "%dx%d+0+0" % (COLS, ROWS), "-e"]),
    # mlterm answers DA1 with 4 (sixel) as it is; -w is the font size in pixels, and no
    # scroll bar, so the window is the cells alone.
    "mlterm": Terminal("mlterm", "mlterm", "mlterm", "sixel", [
        "mlterm", "--geometry", "%dx%d+0+0" % (COLS, ROWS), "--fontsize", "13", "--bg", "black", "--fg", "white",
        "--sb=false", "-e"]),
    # kitty with software GL (there is no GPU here); no config file, the size in cells,
    # no padding, no confirmation on close.
    "kitty": Terminal("kitty", "kitty", "kitty", "kitty", [
        "kitty", "--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no",
        "-o", "initial_window_width=%dc" % COLS, "-o", "initial_window_height=%dc" % ROWS,
        "-o", "window_padding_width=0", "-o", "background=#000000", "-o", "foreground=#ffffff",
        "-o", "confirm_os_window_close=0"], environment={"LIBGL_ALWAYS_SOFTWARE": "1"}, stale_pixels=True),
    # Konsole (22.04 and later draw iTerm2's inline images; auto picks them, its kitty
    # graphics being partial): Qt on the X display, a process of its own (no D-Bus, no
    # single instance), no menu, tool or tab bar, no scroll bar, DejaVu Sans Mono 10 (8x17).
    "konsole": Terminal("konsole", "konsole", "konsole", "iterm", [
        "konsole", "--nofork", "--profile", konsole.PROFILE, "--hide-menubar", "--hide-tabbar", "--notransparency",
        "-e"], environment={"QT_QPA_PLATFORM": "xcb"}, cells_at=(3, 0),
        prepare=lambda: konsole.settings(COLS, ROWS)),
}
