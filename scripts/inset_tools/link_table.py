"""The picture on a slow link: frames that reach the terminal and how good they are.

    scripts/link-table [--rate MB_PER_S ...] [--seconds S] [--today BIN] [--after BIN]
                       [--modes half,octant,sixel,kitty,iterm,mpv-tct,mpv-sixel,timg,timg-q] [--clip FILE]

Each program plays the clip (Big Buck Bunny, 25 fps, looped, from the shared bench; else the bundled
1080p sample) on a pty of 160x45 cells of
8x16 pixels whose reader drains no more than the rate (scripts/tools/pty-drain.c, which
also records every byte read and when it came). The bytes are then replayed here, in a
terminal model of our own:

  cells     a screen of cells (cursor moves, SGR colours in RGB and the 256 palette, erases,
            repeats, half blocks, quadrants, sextants, octants); at each frame's end (the
            synchronized update's ESC[?2026l; mpv's next frame's ESC[0;0f; timg's next frame's
            cursor-up to its top, ESC[45A, and its output's end) the screen is drawn
            at 2x4 pixels a cell (320x180: exact for octants, a half block is 2x2) and
            matched against every source frame, scaled by FFmpeg to 320x180 (area). A frame
            "reached" when the best match is another picture than the last one's (matched in
            play order; source frames that repeat a picture count once: see Matcher).
            The PSNR leaves out the bottom three rows (the player's bar shows at the start).
  pixels    sixel (DCS), kitty (APC G, PNG or zlib) and iTerm2 (OSC 1337, JPEG) pictures,
            decoded and painted on the screen's pixels where the terminal shows them (a
            sixel as it is, kitty and iTerm2 scaled to their cells); at each frame's end
            (the synchronized update's; each picture for mpv) that brought a picture, a
            frame reached; the screen is scaled to 320x180 (area) and matched the same way
            for its PSNR: a smaller picture is judged as the screen shows it.

Prints one row per program, build and rate: distinct frames a second that reached the
terminal (from its first frame to q, and from a second after it: the steady rate, once
a player has measured the link) and the mean PSNR (dB, RGB, best of BT.601 and BT.709
for the reference) of those measured, and the quality the player says it chose (its
closing line's link and pictures parts). `--today` is the build before the change (its
rows say "today"); Inset's rows without it are the build under test ("after").
Needs numpy and Pillow (python3-numpy, python3-pil), ffmpeg, and mpv and timg for their rows.
"""
import argparse
import os
import re
import shutil
import tempfile

from . import ROOT
from .benchclips import default_clip
from .linkreplay import COLUMNS, ROWS, CELL_W, CELL_H
from .link_runs import Matcher, analyse, run, source_frames


def quality_said(closing):
    parts = []
    link = re.search(r"link: ([^;\r\n]*)", closing)
    if link:
        parts.append(link[1])
    pictures = re.search(r"pictures: [^;\r\n]*?size ([^,;\r\n]*)(?:, quality ([^;\r\n]*))?", closing)
    if pictures:
        parts.append(f"size {pictures[1]}" + (f", {pictures[2]}" if pictures[2] else ""))
    return "; ".join(parts)


MODES = {
    "half": ("cells half", ["--graphics", "cells", "--blitter", "half"], "cells"),
    "octant": ("cells octant", ["--graphics", "cells", "--blitter", "octant"], "cells"),
    "sixel": ("sixel", ["--graphics", "sixel"], "pixels"),
    "kitty": ("kitty", ["--graphics", "kitty"], "pixels"),
    "iterm": ("iterm", ["--graphics", "iterm"], "pixels"),
    "mpv-tct": ("mpv --vo=tct", ["--vo=tct"], "cells"),
    "mpv-sixel": ("mpv --vo=sixel", ["--vo=sixel"], "pixels"),
    "timg": ("timg -ph", ["-ph"], "cells"),
    "timg-q": ("timg -pq", ["-pq"], "cells"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rate", type=float, nargs="+", default=[4, 1, 0.5], help="MB/s the reader drains")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--today", help="the build before the change, for its rows")
    parser.add_argument("--after", default=os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset"))
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--clip", default=None)
    args = parser.parse_args()
    clip = args.clip or default_clip()
    matcher = Matcher(source_frames(clip))
    notes = [f"timg: {'installed' if shutil.which('timg') else 'not installed here'}",
             f"chafa: {'installed' if shutil.which('chafa') else 'not installed here'}"]
    print(f"link-table: {os.path.basename(clip)}, {COLUMNS}x{ROWS} cells of {CELL_W}x{CELL_H} px, {args.seconds:g} s a run; "
          + "; ".join(notes), flush=True)
    print("| program | build | MB/s | frames/s reached | after its first second | PSNR dB | quality chosen |")
    print("|---|---|---|---|---|---|---|", flush=True)
    folder = tempfile.mkdtemp(prefix="inset-link-table-")
    try:
        for rate in args.rate:
            for mode in args.modes.split(","):
                label, options, kind = MODES[mode]
                peer = mode.split("-")[0] if mode.startswith(("mpv", "timg")) else None
                if peer:
                    if not shutil.which(peer):
                        continue
                    builds = [(peer, ["mpv", "--no-config", "--really-quiet", "--ao=null", "--loop", *options, clip]
                               if peer == "mpv" else
                               # -t: timg takes no keys; it stops itself when the run ends.
                               ["timg", "-V", f"-g{COLUMNS}x{ROWS}", "--loops=-1", f"-t{args.seconds:g}", *options, clip])]
                else:
                    builds = ([("today", [args.today])] if args.today else []) + [("after", [args.after])]
                    builds = [(name, [*binary, *options, "--loop", "--no-resume", clip]) for name, binary in builds]
                for build, argv in builds:
                    data, times, wall, closing = run(argv, rate * 1e6, args.seconds, folder)
                    fps, steady, psnr = analyse(data, times, wall, kind, matcher, peer)
                    said = quality_said(closing) if not peer else ""
                    print(f"| {label} | {build} | {rate:g} | {fps:.1f} | {f'{steady:.1f}' if steady is not None else '-'} | "
                          f"{f'{psnr:.1f}' if psnr is not None else '-'} | {said} |", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0
