"""The player on a slow terminal: a pty whose reader drains no more than a byte rate.

    scripts/slow-terminal [--rate BYTES_PER_S] [--seconds S] [--trials N] [--columns C] [--rows R]

Three checks, all from the terminal's side of the pty:
  1. It keeps time: the 1080p sample with --stats --loop for S seconds; frames it could not
     send in time are dropped, and the --stats corner shows the count (read off the screen
     model) as the closing line does.
  2. `q` answers: N times, at a different moment of playback, `q` is typed and the time until
     the terminal is restored (ESC[?1049l reaches the reader) is measured.
  3. The sound stays with the picture: scripts/av-sync at the same rate and size (markers
     paired from the pty and the disk driver's file, through a pause, a skip and PiP).
Prints the figures; exits 1 when q took longer than 300 ms, no frame was dropped while the
link could not carry them all, the stats corner did not show the drops, or av-sync failed.
"""
import argparse
import atexit
import os
import re
import shutil
import subprocess
import tempfile
import time

from .ptyterm import PtyProgram
from . import ROOT

# The player starts a file where it was last left (under XDG_STATE_HOME): each run here
# gets a state directory of its own, so every play starts from the top as measured.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

QUIT_BOUND = 0.300


def closing_line(text):
    match = re.search(r"(\d+) frames shown, (\d+) dropped, ([\d.]+) s", text)
    return (int(match[1]), int(match[2]), float(match[3])) if match else None


def play(binary, clip, args, seconds, sound=False):
    env = {"INSET_SUMMARY": "1"}
    if not sound:
        env["SDL_AUDIODRIVER"] = "dummy"
    player = PtyProgram([binary, "--stats", "--loop", clip], args.columns, args.rows, drain_rate=args.rate, env=env)
    time.sleep(seconds)
    with player.lock:
        corner = [player.screen.text(row) for row in range(min(3, args.rows))]
    typed = time.monotonic()
    player.send("q")
    code = player.finish(timeout=10)
    quit_took = player.restored_at - typed if player.restored_at else None
    return {"code": code, "quit": quit_took, "corner": corner, "bytes": player.bytes_read,
            "frames_seen": player.frames, "summary": closing_line(player.screen.text_after_exit)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rate", type=int, default=200_000, help="bytes per second the terminal reads (200000)")
    parser.add_argument("--seconds", type=float, default=12.0, help="length of the time-keeping run")
    parser.add_argument("--trials", type=int, default=5, help="times q is measured")
    parser.add_argument("--columns", type=int, default=160)
    parser.add_argument("--rows", type=int, default=45)
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    clip = os.path.join(ROOT, "samples", "bench_1080p.mp4")
    failures = []
    print(f"slow-terminal: {args.columns}x{args.rows} cells, reader drains {args.rate / 1000:g} KB/s", flush=True)

    run = play(binary, clip, args, args.seconds)
    if run["summary"] is None:
        failures.append("no closing line")
        shown = dropped = 0
        wall = args.seconds
    else:
        shown, dropped, wall = run["summary"]
    corner_match = re.search(r"\d+ fps +drop \d+.*?KB/frame", " ".join(run["corner"]))
    corner = corner_match[0] if corner_match else ""
    shown_drops = re.search(r"drop (\d+)", corner)
    print(f"  time: {shown} frames shown, {dropped} dropped in {wall:.1f} s "
          f"({shown / max(wall, 0.001):.1f} shown/s of 30); {run['bytes'] / max(wall, 0.001) / 1000:.0f} KB/s read; "
          f"stats corner: {corner or 'not found'}", flush=True)
    if dropped == 0 and run["bytes"] / max(wall, 0.001) >= args.rate * 0.9:
        failures.append("the link was full and nothing was dropped")
    if not shown_drops:
        failures.append("the stats corner does not show the drop count")

    quits = [run["quit"]]
    for trial in range(1, args.trials):
        quits.append(play(binary, clip, args, 1.0 + 0.37 * trial)["quit"])
    known = [q for q in quits if q is not None]
    print(f"  q: terminal restored after {', '.join(f'{q * 1000:.0f}' for q in known)} ms "
          f"(worst {max(known) * 1000:.0f} ms, bound {QUIT_BOUND * 1000:.0f})" if known else "  q: never restored",
          flush=True)
    if len(known) < len(quits) or max(known) > QUIT_BOUND:
        failures.append("q did not restore the terminal in time")

    sync = subprocess.run([os.path.join(ROOT, "scripts", "av-sync"), "--drain-rate", str(args.rate),
                           "--columns", str(args.columns), "--rows", str(args.rows)],
                          capture_output=True, text=True)
    for line in sync.stdout.strip().splitlines():
        print("  sync: " + line.strip())
    if sync.returncode != 0:
        failures.append("av-sync: " + (sync.stderr.strip() or "markers out of bounds"))

    print("slow-terminal: " + ("ok" if not failures else "FAILED: " + "; ".join(failures)))
    return 1 if failures else 0
