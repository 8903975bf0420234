"""The shell pane under load, beside a plain terminal.

    scripts/bench-shell [--count N] [--columns C] [--rows R] [--keys K]

The player runs as `inset --shell --stats --loop` on the 1080p sample, so the video plays
in the window over the shell (sound through SDL's dummy driver). Then:
  1. Echo: K single keys typed at the prompt, each timed from the write to the pty until the
     character is on the screen model (the pty is read at full speed); median and worst.
  2. Flood, with tmux as the terminal: `seq 1 N` (2 000 000 by default) typed into the
     pane; the time until its last line is on screen, and the video's drops over those
     seconds from the `--stats` corner (and over as long a quiet stretch after it).
  3. The same command in Inset's pane with no video (the emulator's own cost), and in a
     plain tmux pane of the same size, timed the same way.
Prints the figures. A benchmark: nothing here is asserted but that the flood ends.
"""
import argparse
import atexit
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from .ptyterm import PtyProgram
from . import ROOT

# The player starts a file where it was last left (under XDG_STATE_HOME): each run here
# gets a state directory of its own, so every play starts from the top as measured.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

STATS = re.compile(r"(\d+) fps +drop (\d+)")


def screen_text(player):
    with player.lock:
        return [player.screen.text(row) for row in range(player.rows)]


def wait_for(player, predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = screen_text(player)
        if predicate(lines):
            return lines
        time.sleep(0.002)
    return None


def stats_drops(lines):
    """The drop count in the --stats corner (the first two rows), or None when not shown."""
    match = STATS.search("\n".join(lines[:2]))
    return int(match[2]) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=2_000_000)
    parser.add_argument("--columns", type=int, default=160)
    parser.add_argument("--rows", type=int, default=45)
    parser.add_argument("--keys", type=int, default=30)
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    clip = os.path.join(ROOT, "samples", "bench_1080p.mp4")
    workdir = tempfile.mkdtemp(prefix="inset-bench-shell-")
    shell = os.path.join(workdir, "plainsh")
    with open(shell, "w") as f:
        f.write("#!/bin/sh\nPS1='READY> ' exec /bin/sh\n")
    os.chmod(shell, 0o755)
    print(f"bench-shell: seq 1 {args.count} in the pane at {args.columns}x{args.rows}, "
          f"{os.path.basename(clip)} in the window", flush=True)

    player = PtyProgram([binary, "--shell", "--stats", "--loop", clip], args.columns, args.rows,
                        env={"SHELL": shell, "SDL_AUDIODRIVER": "dummy", "INSET_SUMMARY": "1"})
    # Echo: in a pty read at full speed, so the time is Inset's, not a terminal's.
    if not wait_for(player, lambda lines: any(l.startswith("READY> ") for l in lines) and stats_drops(lines) is not None, 15):
        print("bench-shell: the shell pane did not come up", file=sys.stderr)
        player.send("\x1d")
        player.send("q")
        player.finish()
        return 1
    time.sleep(2)  # the window settled, the decoder warm

    # Echo latency: one key at a time at the prompt, timed to the screen.
    latencies = []
    for i in range(args.keys):
        character = "abcdefghijklmnopqrstuvwxyz"[i % 26]
        before = sum(l.count(character) for l in screen_text(player))
        sent = time.monotonic()
        player.send(character)
        if wait_for(player, lambda lines: sum(l.count(character) for l in lines) > before, 2) is None:
            continue
        latencies.append((time.monotonic() - sent) * 1000)
        time.sleep(0.05)
    player.send("\x15")  # Ctrl-U: clear the line
    time.sleep(0.3)

    player.send("\x1d")
    player.send("q")
    player.finish(timeout=10)

    # The flood, with tmux as the terminal for both: Inset's pane, then a plain pane.
    inset_seconds, flood_drops, quiet_drops, corner = flood_in_tmux(
        [binary, "--shell", "--stats", "--loop", clip], shell, args)
    alone_seconds, _, _, _ = flood_in_tmux([binary, "--shell", os.path.join(ROOT, "samples")], shell, args)
    plain_seconds, _, _, _ = flood_in_tmux(None, shell, args)
    shutil.rmtree(workdir, ignore_errors=True)

    if latencies:
        print(f"  echo: {len(latencies)} keys, median {statistics.median(latencies):.1f} ms, "
              f"worst {max(latencies):.1f} ms (a frame of the 30 fps video is 33.3 ms)")
    print(f"  flood: {inset_seconds:.2f} s in Inset's pane with the video (in tmux), {alone_seconds:.2f} s in "
          f"Inset's pane with no video, {plain_seconds:.2f} s in a plain tmux pane "
          f"({inset_seconds / plain_seconds:.1f}x, {alone_seconds / plain_seconds:.1f}x)")
    print(f"  video in the window during the flood: {flood_drops} frames dropped (stats corner at the end: {corner}); "
          f"in as long a quiet stretch after it: {quiet_drops} dropped")
    return 0


def tmux_text(socket):
    return subprocess.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", "0"], capture_output=True, text=True).stdout


def flood_in_tmux(inset_command, shell, args):
    """Runs `seq 1 N` in Inset's shell pane (inset_command) or in a plain pane (None), in a
    tmux of the same size; returns (seconds, drops during, drops in a quiet stretch as long
    after it, the stats corner's line)."""
    socket = f"inset-bench-shell-{os.getpid()}-{time.monotonic_ns()}"
    command = " ".join(inset_command) if inset_command else shell
    subprocess.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", str(args.columns), "-y",
                    str(args.rows), "-e", f"SHELL={shell}", "-e", "SDL_AUDIODRIVER=dummy", "-e", "COLORTERM=truecolor",
                    command], check=True)
    try:
        deadline = time.monotonic() + 15
        while "READY> " not in tmux_text(socket) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(2)

        def drops():
            return stats_drops(tmux_text(socket).splitlines()) or 0

        subprocess.run(["tmux", "-L", socket, "send-keys", "-t", "0", "-l", f"seq 1 {args.count}; echo FLOOD''DONE"],
                       check=True)
        before = drops()
        started = time.monotonic()
        subprocess.run(["tmux", "-L", socket, "send-keys", "-t", "0", "Enter"], check=True)
        seconds = None
        while time.monotonic() - started < 600:
            if "FLOODDONE" in tmux_text(socket):
                seconds = time.monotonic() - started
                break
            time.sleep(0.005)
        during = drops() - before
        quiet_before = drops()
        time.sleep(min(seconds or 0, 10))
        quiet = drops() - quiet_before
        corner = STATS.search("\n".join(tmux_text(socket).splitlines()[:2]))
        return seconds or float("nan"), during, quiet, corner[0] if corner else "-"
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
