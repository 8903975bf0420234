"""The scenes of scripts/real-terminal with the player alone on screen (probe, play, pause;
the window's are in window_scenes.py), and what each checks (see there).

A `Session` knows the terminal, the output folder and, after the probe, the cell size and
where the terminal's window is on the display; the scenes ask it to start the player,
take screenshots and type keys.
"""
import os
import re
import shutil
import subprocess
import time

import numpy as np

from . import ROOT, terminals, xscreen
from .xscreen import say

INSET = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
SAMPLE = os.path.join(ROOT, "samples", "bench_1080p.mp4")
SAMPLE_FRAMES = 150  # 5 s at 30 fps
# The least PSNR (dB) of a screenshot's picture against the source frame at its size.
# Sixel's palette costs some; the window's picture is small (about 228x117), so its box
# being a pixel off costs more. A picture at the wrong size, place or colours scores under 10.
FULL_SCREEN_PSNR = 28
PIP_PSNR = 18
# The graphics whose screenshots are compared with the source for colour (not kitty's
# under software GL).
SOURCE_COLOURS = ("sixel", "iterm")
BAR_ROWS = 2  # ControlBar.height: the player draws its bar over the video's last rows
PREFIX = "ctrl+bracketright"  # the shell pane's prefix chord, C-]


class Session:
    def __init__(self, spec, out, check, two_in_pixels=False, graphics=None):
        self.spec, self.out, self.check, self.two_in_pixels = spec, out, check, two_in_pixels
        # The graphics the players use: what auto picks in this terminal, or `graphics`,
        # given to each player but the probe (which checks what auto picks).
        self.graphics, self.forced = graphics or spec.graphics, graphics is not None
        self.cell = (8, 16)  # until the probe says
        self.window = None
        self.term = None

    def start(self, *args, wrapper=(), environment=None, graphics_given=False):
        """Starts the player with `args` in the terminal (given `--graphics` first, unless
        the scene gives it itself or runs no player, `graphics_given`)."""
        self.stderr = os.path.join(self.out, "stderr.txt")
        if os.path.exists(self.stderr):
            os.remove(self.stderr)
        if self.forced and not graphics_given:
            args = ("--graphics", self.graphics, *args)
        self.term = self.spec.start([*wrapper, INSET, *args], self.stderr, os.path.join(self.out, "inset.log"),
                                    environment)

    def stop(self):
        terminals.stop(self.term)

    def shot(self, name, fresh=False):
        """A screenshot; `fresh`: of what the terminal holds now, not of stale pixels (for
        a terminal that keeps them, its window is made wider by two cells and put back
        first: the player redraws for each size, and its pictures stay where its cells are)."""
        if fresh and self.spec.stale_pixels:
            self.resize_and_back()
        return xscreen.screenshot(self.out, name)

    def resize_and_back(self):
        """Makes the terminal's window two cells wider, then puts it back."""
        if not self.window:
            return
        x, y, w, h = self.window
        for width in (w + 2 * self.cell[0], w):
            subprocess.run(["xdotool", "search", "--class", self.spec.window_class, "windowsize", "%1",
                            str(width), str(h)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
            time.sleep(1.0)

    def keys(self, *names):
        xscreen.keys(self.spec.window_class, *names)

    def wait_for(self, predicate, timeout=20.0, step=0.3):
        """Polls `predicate` until it gives something true, or `timeout` s pass (None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = predicate()
            if value:
                return value
            time.sleep(step)
        return None

    def wait_for_picture(self, name, timeout=20.0):
        """A screenshot's picture box once one shows: the player's start on a loaded
        machine takes what it takes, and a fixed wait may look too early."""
        return self.wait_for(lambda: xscreen.picture_box(self.shot(name)), timeout)

    def stderr_text(self):
        try:
            with open(self.stderr) as f:
                return f.read()
        except OSError:
            return ""

    def area(self):
        """The terminal's cells on the display: (x0, y0, x1, y1)."""
        x, y, w, h = self.window or (0, 0, 0, 0)
        cols, rows = terminals.COLS * self.cell[0], terminals.ROWS * self.cell[1]
        # The cells sit inside the terminal's border (xterm's is 2 px), the same all round,
        # unless the terminal says where they start.
        if self.spec.cells_at:
            x, y = x + self.spec.cells_at[0], y + self.spec.cells_at[1]
        else:
            x, y = x + max(0, (w - cols) // 2), y + max(0, (h - rows) // 2)
        return x, y, x + cols, y + rows

    def inside(self, box, slack=2):
        ax0, ay0, ax1, ay1 = self.area()
        return box[0] >= ax0 - slack and box[1] >= ay0 - slack and box[2] <= ax1 + slack and box[3] <= ay1 + slack

    def left_nothing(self, what):
        """After q: the player gone, and no picture pixels on the display."""
        time.sleep(1.0)
        left = xscreen.picture_pixels(self.shot(what.replace(" ", "-") + "-after-q", fresh=True))
        self.check(left == 0, "%s: after q no picture is left (%d picture pixels)" % (what, left))


def describe(box):
    return "%dx%d at (%d,%d)" % (box[2] - box[0], box[3] - box[1], box[0], box[1])


def probe(s):
    path = os.path.join(s.out, "probe.txt")
    if os.path.exists(path):
        os.remove(path)
    s.start("probe-terminal", "--timeout", "2000", wrapper=("sh", "-c", 'exec "$0" "$@" >"$PROBE_OUT"'),
            environment={"PROBE_OUT": path}, graphics_given=True)
    report = s.wait_for(lambda: os.path.exists(path) and "answered" in open(path).read() and open(path).read(), 20)
    s.window = xscreen.window_geometry(s.spec.window_class)
    s.stop()
    s.check(report is not None, "probe: inset probe-terminal answered in the terminal")
    if not report:
        return
    graphics = re.search(r"^graphics\s+(\w+)", report, re.M)
    cell = re.search(r"^cell size\s+(\d+)x(\d+)", report, re.M)
    name = re.search(r"^terminal\s+(.*)$", report, re.M)
    say("terminal %s, graphics %s, cell %s px, window %s" % (name and name.group(1), graphics and graphics.group(1),
                                                             cell and cell.group(1) + "x" + cell.group(2), s.window))
    s.check(graphics is not None and graphics.group(1) == s.spec.graphics,
            "probe: auto picks %s graphics" % s.spec.graphics)
    if cell:
        s.cell = (int(cell.group(1)), int(cell.group(2)))


def distinct(pictures):
    """How many of the crops differ from the one before: in at least 50 pixels by more than
    32 levels (the sample's clock and moving line are a small part of it)."""
    return 1 + sum(int((np.abs(a.astype(np.int16) - b).max(axis=2) > 32).sum()) >= 50
                   for a, b in zip(pictures, pictures[1:]))


def strace_works():
    """strace is here and may trace (a container may forbid ptrace)."""
    return shutil.which("strace") is not None and subprocess.run(
        ["strace", "-qq", "-o", "/dev/null", "true"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def play(s):
    wrapper = ()
    trace = os.path.join(s.out, "strace.txt")
    if s.graphics == "kitty" and strace_works():
        # How the pixels went: a shared memory object is opened under /dev/shm for each.
        wrapper = ("strace", "-f", "-qq", "-e", "trace=openat", "-e", "signal=none", "-o", trace)
    s.start("--mute", "--stats", SAMPLE, wrapper=wrapper)
    box = s.wait_for_picture("play-start")
    s.check(box is not None, "play: the picture appears")
    if not box:
        s.stop()
        return
    # Screenshots until the player ends (its closing line) or 10 s pass.
    # The sixel pacer sends smaller pictures while the terminal absorbs too slowly and whole
    # ones again when it keeps up (docs/pictures.md, "Paced to the terminal"): the layout is
    # judged on the widest picture seen, every third screenshot's box.
    crops, start, widest = [], time.monotonic(), box
    while time.monotonic() - start < 10 and "frames shown" not in s.stderr_text():
        shot = s.shot("play")
        crops.append(shot[box[1]:box[3], box[0]:box[2]])
        seen = xscreen.picture_box(shot) if len(crops) % 3 == 0 else None
        if seen and seen[2] - seen[0] > widest[2] - widest[0]:
            widest = seen
    box = widest
    ax0, ay0, ax1, ay1 = s.area()
    w, h = box[2] - box[0], box[3] - box[1]
    say("play: picture %s; terminal cells %dx%d px at (%d,%d)" % (describe(box), ax1 - ax0, ay1 - ay0, ax0, ay0))
    spans = abs(box[0] - ax0) <= s.cell[0] and abs(w - (ax1 - ax0)) <= s.cell[0]
    # Never whole in the run: then at a size the pacer says it went at (its closing line),
    # centred across the terminal, as it places a smaller picture.
    paced = re.search(r"size (3/4|1/2|3/8|1/4)", s.stderr_text()) if not spans else None
    if paced:
        num, den = (int(v) for v in paced.group(1).split("/"))
        steps = [(ax1 - ax0) * k for k in (3 / 4, 1 / 2, 3 / 8, 1 / 4)]
        left, right = box[0] - ax0, ax1 - box[2]
        spans = any(abs(w - step) <= s.cell[0] for step in steps) and abs(left - right) <= 2 * s.cell[0]
        say("play: the pacer ended at size %d/%d (the terminal absorbing slowly): the picture judged at its steps" % (num, den))
    s.check(spans, "play: the picture spans the terminal's width (%d of %d px, from x %d)" % (w, ax1 - ax0, box[0] - ax0))
    # 16:9, its height rounded to whole cells (the player places pictures on cells); the bar
    # is drawn over the video's last rows, so a picture as tall as the terminal shows down to
    # the bar only (mlterm's 8x16 cells at 1280x720 make it exactly so).
    bar_top = ay1 - BAR_ROWS * s.cell[1]
    visible = min(w * 9 / 16, bar_top - box[1])
    s.check(abs(h - visible) <= s.cell[1], "play: the picture is 16:9 to a cell (%dx%d; 16:9 is %dx%d, %d of it above the bar)"
            % (w, h, w, round(w * 9 / 16), visible))
    # The letterbox centres the picture in the rows above the control bar (its last rows).
    above, below = box[1] - ay0, ay1 - box[3]
    s.check(0 <= above and 0 <= below and abs(above - below) <= 3 * s.cell[1],
            "play: centred in the rows above the bar (%d px above, %d below)" % (above, below))
    # At least one change: the picture is not stuck at its first frame. How many a terminal
    # shows of those sent is its own business (mlterm here shows a few of 150, all drawn).
    changes, seconds = distinct(crops), time.monotonic() - start
    s.check(changes >= 2, "play: the picture changes on screen (%d different in %d screenshots over %.1f s)"
            % (changes, len(crops), seconds))
    summary = s.wait_for(lambda: re.search(r"(\d+) frames shown, (\d+) dropped", s.stderr_text()), 20)
    s.check(summary is not None, "play: the player ends at the file's end, with its closing line")
    if summary:
        shown, dropped = int(summary.group(1)), int(summary.group(2))
        s.check(shown >= SAMPLE_FRAMES // 2, "play: %d frames shown, %d dropped, of %d" % (shown, dropped, SAMPLE_FRAMES))
    if wrapper:
        with open(trace) as f:
            shm = sum(1 for line in f if "/dev/shm/" in line)
        say("play: %d shared memory objects opened: pixels went %s" % (shm, "by shared memory" if shm else "in the escapes"))
    elif s.graphics == "kitty":
        say("play: how the pixels went is not seen (strace is missing or may not trace)")
    left = xscreen.picture_pixels(s.shot("play-after-end", fresh=True))
    s.check(left == 0, "play: after the end no picture is left (%d picture pixels)" % left)
    s.stop()


def pause(s):
    s.start("--mute", "--loop", "--start", "1", SAMPLE)
    s.check(s.wait_for_picture("pause-start") is not None, "pause: the picture appears")
    paused_full_screen(s, "pause")
    s.keys("q")
    s.left_nothing("pause")
    s.stop()


def paused_full_screen(s, what):
    """A full-screen video playing: paused, its picture against the source frames (the
    `pause` scene's checks, also made inside another scene's play)."""
    time.sleep(1.0)
    s.keys("space")
    time.sleep(1.0)
    shot = s.shot(what, fresh=True)
    box = xscreen.picture_box(shot)
    # A picture the pacer sent smaller for a slow terminal (mlterm under load) goes whole
    # once it is a still, a second after the last frame (PicturePacer.stillAfter): one
    # narrower than the terminal is looked at again once that is surely past. (xterm's
    # sixel is never as wide as its window: it pays the 1.5 s.)
    area = s.area()
    if box is not None and box[2] - box[0] < 0.9 * (area[2] - area[0]):
        time.sleep(1.5)
        shot = s.shot(what, fresh=True)
        box = xscreen.picture_box(shot)
    if s.check(box is not None, "%s: a picture is on the display" % what):
        # The box is found by colour, and late in the sample the bottom rows (a grey box, the
        # time on a dark band) are not colourful: the picture is as tall as 16:9 of its
        # width cut to whole cells (play checks that), so a shorter box is extended down.
        x0, y0, x1, y1 = box
        tall = (x1 - x0) * 9 // 16 // s.cell[1] * s.cell[1]
        if y1 - y0 < tall - s.cell[1] // 2:
            box = (x0, y0, x1, y0 + tall)
        # The bar is over the picture's last rows when the picture is as tall as the terminal.
        bar_top = s.area()[3] - BAR_ROWS * s.cell[1]
        full = None
        if box[3] > bar_top:
            full = box[3] - box[1]
            box = (box[0], box[1], box[2], bar_top)
        # Only where it is checked: the source's 150 frames decoded and scaled cost 1.6 s of
        # CPU a look, which kitty's lane paid for a figure it printed and never used.
        if s.graphics in SOURCE_COLOURS:
            value = xscreen.best_psnr(SAMPLE, shot, box, 0.0, 5.0, full_height=full)
            say("%s: picture %s, PSNR %.1f dB against the source frame" % (what, describe(box), value))
            s.check(value >= FULL_SCREEN_PSNR, "%s: PSNR %.1f dB (at least %d)" % (what, value, FULL_SCREEN_PSNR))
        else:
            say("%s: picture %s" % (what, describe(box)))


SCENES = {"probe": probe, "play": play, "pause": pause}
