"""Inset in a real graphics terminal on a virtual X display: xterm as a VT340 and mlterm
(sixel), kitty (kitty graphics, software GL), Konsole (iTerm2 inline images). The terminals
are in inset_tools/terminals.py (Konsole's settings in konsole.py), the X display and the picture
finding in xscreen.py, the scenes in scenes.py and window_scenes.py.

Every scene runs the player with `--graphics auto`, or with `--graphics MODE` as given (mlterm
draws iTerm2 images too), and looks at screenshots of the display:
  probe   `inset probe-terminal` in the terminal picks the graphics it should (sixel for
          xterm and mlterm, kitty for kitty, iterm for Konsole), and gives the cell size.
  play    the 1080p sample (5 s, 30 fps) to its end: the picture where the cells say (the
          terminal's full width, 16:9, centred in the rows above the control bar), the
          picture changing between screenshots, the frames shown (the --stats closing
          line), nothing left after the end; in kitty, under strace, how the pixels went
          (shared memory objects opened, or none: in the escapes).
  pause   paused at about 2 s: PSNR of the picture against the source frame (the best of
          the frames around; checked for sixel and iTerm2 images only: kitty's screenshots
          under software GL are not trusted for colour); q leaves no picture.
  pip     the PiP window over the library: window-sized, inside the screen, PSNR; moved
          left, the place it left holds no picture; q leaves none.
  shell   `--shell`: the shell pane with a command's output and the video in the window
          over it, in pixels; moved, no debris; the prefix and q leave none. Its screenshot
          (cropped and scaled) is kept as OUT/shell.png (docs/screenshots/ has these).
  two     two videos: one in the window, Enter on another in the library plays it full
          screen: both pictures are there (the window's inside the box it had, the
          full screen's outside it), and which of them is in pixels (more than two
          colours in a share of its cells) and which in cells; --two-in-pixels checks
          that both are in pixels (the full-screen one was once drawn in cells).
  embeds  two `inset --embed` players side by side: both pictures at once, playing and
          paused; SIGTERM to the left one erases its picture and leaves the right one's
          (in kitty, each player has image ids of its own; in Konsole, which keeps iTerm2
          pictures until its screen is cleared, embedded players draw in cells).
  redraw  the window paused, moved, the terminal resized: the picture is still there.
  two+pause, shell+redraw, pip+redraw  two scenes' checks on one play (a terminal and a
          player started fewer): the first of the two videos paused full screen as in
          pause, then on; the window over the shell pane or the library, moved, then the
          terminal resized as in redraw (where the window is paused: not in kitty).

Prints one line per check and `real-terminal TERMINAL: ok` at the end; exits 1 on a failed
check, 2 when the terminal is not installed (the end-to-end test skips then).

Usage: scripts/real-terminal --terminal xterm|mlterm|kitty|konsole [--graphics sixel|kitty|iterm]
                            [--scenes probe,play,…] [--two-in-pixels] [OUT]
(INSET_BIN: the player, default .build/release/inset; OUT default /tmp/inset-TERMINAL)
"""
import argparse
import atexit
import os
import shutil
import sys
import tempfile
import time

from . import scenes, terminals, window_scenes, xscreen

SCENES = {**scenes.SCENES, **window_scenes.SCENES}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--terminal", required=True, choices=sorted(terminals.TERMINALS))
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--graphics", choices=["sixel", "kitty", "iterm"],
                        help="the players' graphics (default: what auto picks, which the probe checks)")
    parser.add_argument("--two-in-pixels", action="store_true",
                        help="check that the window's video is in pixels too in the two-video scene")
    parser.add_argument("out", nargs="?")
    args = parser.parse_args()
    spec = terminals.TERMINALS[args.terminal]
    out = args.out or "/tmp/inset-%s" % args.terminal
    missing = [tool for tool in [spec.program, "Xvfb", "xwd", "xdotool", "ffmpeg"] if not shutil.which(tool)]
    if missing:
        print("real-terminal %s: skipped: %s missing (scripts/setup installs it)" % (args.terminal, ", ".join(missing)))
        sys.exit(2)
    os.makedirs(out, exist_ok=True)
    # The player starts a file where it was last left: a state directory of its own for
    # each run, so every play starts from the top as measured.
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
    atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)
    check = xscreen.Checks()
    display = xscreen.Display()
    try:
        session = scenes.Session(spec, out, check, two_in_pixels=args.two_in_pixels, graphics=args.graphics)
        for name in args.scenes.split(","):
            print("-- %s" % name, flush=True)
            began = time.monotonic()
            SCENES[name](session)
            print("      (%s: %.1f s)" % (name, time.monotonic() - began), flush=True)
    finally:
        display.close()
    if check.failures:
        print("real-terminal %s: %d check(s) failed; screenshots in %s" % (args.terminal, len(check.failures), out))
        sys.exit(1)
    print("real-terminal %s: ok; screenshots in %s" % (args.terminal, out))
