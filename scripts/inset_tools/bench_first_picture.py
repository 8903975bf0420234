"""How long a page URL takes to its first picture: the player and mpv (`--vo=tct`), each
resolving the page with the same yt-dlp, in a pty of the same size, timed from the start
of the process to the first screen where a fifth of the cells show colour.

    scripts/bench-first-picture [--runs N] [--page sites/video.html] [--columns 120 --rows 40]

Serves samples/ with scripts/http-serve; sound off in both (SDL's dummy driver, --ao=null).
Prints each run and the medians.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

from .ptyterm import PtyProgram
from . import ROOT, SCRIPTS


def colourful(colour):
    return colour is not None and max(colour) - min(colour) > 40


def first_picture(argv, columns, rows, env=None, timeout=40):
    start = time.monotonic()
    player = PtyProgram(argv, columns, rows, env=env)
    needed = columns * rows // 5
    seen = None
    while time.monotonic() - start < timeout:
        cells = player.screen.cells
        count = sum(1 for row in cells for (_, fg, bg) in row if colourful(fg) or colourful(bg))
        if count >= needed:
            seen = time.monotonic() - start
            break
        time.sleep(0.005)
    player.send("q")
    player.finish(timeout=5)
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", default="sites/video.html")
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--ytdl", default="yt-dlp", help="the yt-dlp both run")
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    port_file = f"/tmp/inset-first-picture-{os.getpid()}.port"
    server = subprocess.Popen([sys.executable, os.path.join(SCRIPTS, "http-serve"), "--port-file", port_file],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.05)
        url = f"http://127.0.0.1:{open(port_file).read().strip()}/{args.page}"
        players = {
            "inset": ([binary, "--ytdl-path", args.ytdl, url], {"SDL_AUDIODRIVER": "dummy"}),
            "mpv --vo=tct": (["mpv", "--vo=tct", "--ao=null", "--really-quiet", "--no-config",
                              f"--script-opts=ytdl_hook-ytdl_path={args.ytdl}", url], None),
        }
        times = {name: [] for name in players}
        for run in range(args.runs):
            for name, (argv, env) in players.items():
                seen = first_picture(argv, args.columns, args.rows, env)
                times[name].append(seen)
                print(f"run {run + 1}: {name:>13} first picture at {seen:.3f} s" if seen else f"run {run + 1}: {name} none",
                      file=sys.stderr)
        for name, values in times.items():
            got = [v for v in values if v is not None]
            print(f"{name:>13}: median {statistics.median(got):.3f} s over {len(got)} runs" if got else f"{name}: no picture")
    finally:
        server.terminate()
        server.wait()
        os.unlink(port_file)
    return 0
