"""Pictures in pixels into a pty that reads no faster than a byte rate: what really goes out.

    scripts/pty-pictures [--graphics sixel|kitty|iterm|cells] [--rate MB_PER_S ...] [--seconds S] [--clip FILE]
                         [--size COLSxROWS] [--blitter B] [--link-rate auto|off|N]

For each rate (0: as fast as the reader can), the player plays the clip with
`--graphics G --stats` on a pty of 120x40 cells of 10x20 pixels (TIOCSWINSZ says so, as
a terminal does), for S seconds; then `q`. The reader here does not draw: it drains at the
rate, counts each picture as it passes (a sixel DCS, a kitty transmission or frame
edit, or an iTerm2 OSC 1337 File=), its bytes, and the time from `q` to the terminal being restored. Kitty goes as
`t=d` bytes (no shared memory: the player is told nothing of a local kitty). Prints one
line per rate: pictures a second written beside frames shown, bytes a picture, the
closing line's pictures part (written, skipped for the terminal, superseded, size, quality) and its link part (the one rate)
and q. Exits 1 when q took over 300 ms or the player printed no closing line.

The rate is pictures written over the seconds played (both from the closing line), so the
start-up before the first frame does not count against it. The player has no sound card
here (SDL_AUDIODRIVER names none), so the system clock times the video, as on a machine
without sound: SDL's dummy driver sleeps a whole period after each callback and so plays
about 6% slow, which showed this 25 fps clip at 23.5 frames a second.
"""
import argparse, os, re, subprocess

from .benchclips import default_clip
from .ptydrain import drain_tool
from . import ROOT

COLUMNS, ROWS, CELL_W, CELL_H = 120, 40, 10, 20


def run(binary, clip, graphics, rate, seconds, extra=(), size=(COLUMNS, ROWS)):
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", SDL_AUDIODRIVER="none", INSET_SUMMARY="1")
    for name in ("TMUX", "KITTY_WINDOW_ID", "KITTY_PID"):
        env.pop(name, None)
    env["XDG_STATE_HOME"] = "/tmp/inset-pty-pictures-state"
    result = subprocess.run([drain_tool(), str(rate), str(seconds), str(size[0]), str(size[1]), str(CELL_W), str(CELL_H),
                             binary, "--graphics", graphics, *extra, "--stats", "--loop", "--no-resume", clip],
                            env=env, capture_output=True, timeout=seconds + 60)
    figures = dict(zip(*[iter(result.stderr.decode().split())] * 2))
    text = result.stdout.decode("utf-8", "replace")
    closing = re.search(r"inset: (\d+) frames shown, (\d+) dropped, ([\d.]+) s[^\n;]*(?:; (pictures:[^\r\n;]*))?", text)
    link = re.search(r"; (link: [^\r\n;]*)", text)
    quit_ms = float(figures.get("quit_ms", -1))
    return {"pictures": int(figures.get("pictures", 0)), "bytes": int(figures.get("bytes", 0)),
            "wall": float(figures.get("wall", seconds)), "quit": quit_ms / 1000 if quit_ms >= 0 else None,
            "closing": closing, "frames": int(figures.get("frames", 0)), "link": link[1] if link else None}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--graphics", default="sixel", choices=["sixel", "kitty", "iterm", "cells"])
    parser.add_argument("--blitter", help="with cells: half, quadrant, sextant or octant")
    parser.add_argument("--link-rate", help="the player's --link-rate (auto, off, N)")
    parser.add_argument("--size", default=f"{COLUMNS}x{ROWS}", help="the pty's cells, COLSxROWS")
    parser.add_argument("--rate", type=float, nargs="+", default=[200, 20], help="MB/s the reader drains (0: unlimited)")
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--clip", default=default_clip())
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    failures = []
    print(f"pty-pictures: {args.graphics}, {os.path.basename(args.clip)}, {args.size} cells of {CELL_W}x{CELL_H} px, "
          f"{args.seconds:g} s a run", flush=True)
    extra = (["--blitter", args.blitter] if args.blitter else []) + (["--link-rate", args.link_rate] if args.link_rate else [])
    size = tuple(int(n) for n in args.size.split("x"))
    for rate in args.rate:
        result = run(binary, args.clip, args.graphics, int(rate * 1e6), args.seconds, extra, size)
        closing = result["closing"]
        wall = result["wall"]
        played = float(closing[3]) if closing else 0
        written = re.match(r"pictures: (\d+) written", closing[4] or "") if closing else None
        shown = f"{int(closing[1]) / played:.1f} frames shown/s" if closing else "no closing line"
        rate_played = f"{int(written[1]) / played:.1f} pictures/s written while playing" if written else "no pictures"
        quit = f"{result['quit'] * 1000:.0f} ms" if result["quit"] is not None else "never"
        per = result["bytes"] / max(1, result["pictures"]) / 1000
        print(f"  {rate:g} MB/s: {rate_played} ({shown}), {result['pictures']} pictures read in {wall:.1f} s, "
              f"{per:.0f} KB a picture (all bytes / pictures), {result['bytes'] / wall / 1e6:.1f} MB/s read, q {quit}",
              flush=True)
        print(f"    {result['frames'] / wall:.1f} frames of cells/s reached the pty", flush=True)
        if closing and closing[4]:
            print(f"    {closing[4]}", flush=True)
        if result["link"]:
            print(f"    {result['link']}", flush=True)
        if not closing:
            failures.append(f"{rate:g} MB/s: no closing line")
        if result["quit"] is None or result["quit"] > 0.300:
            failures.append(f"{rate:g} MB/s: q took {quit}")
    print("pty-pictures: " + ("ok" if not failures else "FAILED: " + "; ".join(failures)))
    return 1 if failures else 0
