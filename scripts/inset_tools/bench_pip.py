"""Picture in picture against full screen, measured on the real player in a real terminal
(tmux), in one run, alternating: full screen, p, PiP at its default size, f, full screen, ...

    scripts/bench-pip [FILE] [--size COLSxROWS] [--seconds S] [--rounds R] [--min-share F] [--json]
                      [-- PLAYER_OPTIONS]     (e.g. -- --pip-saver)

For each stretch of S seconds (after a second for the change to settle):
  - CPU time per second of playback: utime + stime of the player from /proc/PID/stat;
  - distinct pictures per second, from what the player wrote to the terminal and nothing
    else: tmux pipes the pane's output (`pipe-pane -O`) into this script's recorder, which
    stamps every read; afterwards the bytes are replayed into a screen model
    (scripts/inset_tools/ptyterm.py), a frame being what lies between ESC[?2026h and ESC[?2026l, and a
    picture counts when the region watched differs from what it showed at the frame before:
    in PiP the window's inside (found by its border), full screen the whole screen.
Medians over the rounds are printed. Exit 1 when the window's pictures per second fall
below F (default 0.95) of the file's frame rate.
The player is INSET or .build/release/inset (built if missing).
"""
import argparse
import atexit
import json
import os
import shlex
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

from .cellscreen import Screen
from . import ROOT

# The player starts a file where it was last left (under XDG_STATE_HOME): each run here
# gets a state directory of its own, so every play starts from the top as measured.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

FRAME_END = b"\x1b[?2026l"
RECORD = struct.Struct("<dI")  # monotonic arrival time, length; then the bytes


def record(path):
    """The recorder tmux pipes the pane's output into: each read, stamped, appended to
    `path`.part, renamed to `path` at the end of the stream."""
    with open(path + ".part", "wb") as out:
        while True:
            data = os.read(0, 65536)
            if not data:
                break
            out.write(RECORD.pack(time.monotonic(), len(data)) + data)
    os.rename(path + ".part", path)


def chunks(path):
    with open(path, "rb") as f:
        data = f.read()
    offset = 0
    while offset + RECORD.size <= len(data):
        arrived, length = RECORD.unpack_from(data, offset)
        offset += RECORD.size
        yield arrived, data[offset:offset + length]
        offset += length


def window_inside(screen):
    """The PiP window's inside (rows, first column, last column + 1), from its border: a ┌
    with a ┐ on its row and a └ below it. None when there is no window."""
    for top in range(screen.rows):
        row = screen.cells[top]
        for left in range(screen.columns):
            if row[left][0] != "┌":
                continue
            right = next((c for c in range(left + 1, screen.columns) if row[c][0] == "┐"), None)
            bottom = next((r for r in range(top + 1, screen.rows) if screen.cells[r][left][0] == "└"), None)
            if right is not None and bottom is not None:
                return range(top + 1, bottom), left + 1, right
    return None


def frames(path, columns, rows):
    """(arrival time, screen) at the end of every frame, the screen model being shared (read
    it before the next). A read carrying several frames is split at their ends."""
    screen = Screen(columns, rows)
    for arrived, data in chunks(path):
        start = 0
        while start < len(data):
            end = data.find(FRAME_END, start)
            piece = data[start:] if end < 0 else data[start:end + len(FRAME_END)]
            start += len(piece)
            if screen.feed(piece):
                yield arrived, screen


def distinct_per_second(path, columns, rows, stretches):
    """For each (kind, start, end): pictures per second that differ from the one before in
    the watched region, and frames per second written."""
    counts = [[0, 0] for _ in stretches]
    last = [None] * len(stretches)
    for arrived, screen in frames(path, columns, rows):
        for i, (kind, start, end) in enumerate(stretches):
            if not start <= arrived < end:
                continue
            if kind == "pip":
                inside = window_inside(screen)
                picture = None if inside is None else tuple(
                    tuple(screen.cells[r][inside[1]:inside[2]]) for r in inside[0])
            else:
                picture = tuple(tuple(row) for row in screen.cells)
            counts[i][1] += 1
            if picture is not None and picture != last[i]:
                # The first frame of a stretch counts: it differs from the one before it
                # when the picture moves, and a stretch starts well after any change.
                counts[i][0] += 1
            last[i] = picture
    return [(d / (end - start), f / (end - start)) for (d, f), (_, start, end) in zip(counts, stretches)]


def frame_rate(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream=avg_frame_rate", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout.strip()
    num, _, den = out.partition("/")
    return float(num) / float(den or 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=os.path.join(ROOT, "samples", "bench_1080p.mp4"))
    parser.add_argument("--size", default="160x45")
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--min-share", type=float, default=0.95,
                        help="least share of the file's frame rate the window must show (0: no check)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", help=argparse.SUPPRESS)
    argv = sys.argv[1:]
    player_options = argv[argv.index("--") + 1:] if "--" in argv else []
    args = parser.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    if args.record:
        return record(args.record)
    columns, rows = (int(x) for x in args.size.split("x"))
    inset = os.environ.get("INSET") or os.path.join(ROOT, ".build", "release", "inset")
    if not os.access(inset, os.X_OK):
        subprocess.run(["swift", "build", "-c", "release", "--product", "inset"], cwd=ROOT, check=True,
                       stdout=sys.stderr)
    fps = frame_rate(args.file)
    tmp = tempfile.mkdtemp(prefix="inset-bench-pip-")
    capture = os.path.join(tmp, "pane")
    sock = f"inset-bench-pip-{os.getpid()}"

    def tmux(*words):
        return subprocess.run(["tmux", "-L", sock, *words], check=True, capture_output=True, text=True).stdout

    stretches = []
    cpu = []
    try:
        # The player starts after a moment, so the recorder is in place before its first byte.
        tmux("-u", "-f", "/dev/null", "new-session", "-d", "-x", str(columns), "-y", str(rows),
             "-e", "TERM=tmux-256color", "-e", "COLORTERM=truecolor", "-e", "LANG=C.UTF-8",
             f"sleep 0.5; exec {shlex.join([inset, '--loop', *player_options, args.file])}")
        tmux("pipe-pane", "-O", shlex.join(["exec", sys.executable, os.path.join(ROOT, "scripts", "bench-pip"), "--record", capture]))
        time.sleep(2)
        pid = int(tmux("display", "-p", "#{pane_pid}").strip())
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu_seconds():
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks

        def measure(kind):
            c0, t0 = cpu_seconds(), time.monotonic()
            time.sleep(args.seconds)
            c1, t1 = cpu_seconds(), time.monotonic()
            stretches.append((kind, t0, t1))
            cpu.append((c1 - c0) * 1000 / (t1 - t0))

        for _ in range(args.rounds):
            measure("full")
            tmux("send-keys", "p")
            time.sleep(1)
            measure("pip")
            tmux("send-keys", "f")
            time.sleep(1)
        tmux("send-keys", "q")
        time.sleep(0.5)
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)
    for _ in range(100):
        if os.path.exists(capture):
            break
        time.sleep(0.05)
    else:
        sys.exit("bench-pip: the pane's output was not recorded")
    pictures = distinct_per_second(capture, columns, rows, stretches)
    shutil.rmtree(tmp)
    by_kind = {kind: {"cpu": [c for c, (k, _, _) in zip(cpu, stretches) if k == kind],
                      "pictures": [p[0] for p, (k, _, _) in zip(pictures, stretches) if k == kind],
                      "frames": [p[1] for p, (k, _, _) in zip(pictures, stretches) if k == kind]}
               for kind in ("full", "pip")}
    m = statistics.median
    full, pip = by_kind["full"], by_kind["pip"]
    share = m(pip["pictures"]) / fps
    passed = share >= args.min_share
    if args.json:
        print(json.dumps({"file": args.file, "size": args.size, "fps": fps, "rounds": args.rounds,
                          "seconds": args.seconds, "player_options": player_options, "full": full, "pip": pip,
                          "pip_cpu_ratio": m(pip["cpu"]) / m(full["cpu"]), "pip_picture_share": share,
                          "passed": passed}))
    else:
        def row(name, values, unit):
            print(f"  {name:<34}: {m(values):6.1f} {unit:<7} {['%.1f' % x for x in values]}")
        print(f"{os.path.relpath(args.file, ROOT)} ({fps:g} fps) at {args.size} cells"
              f"{' with ' + shlex.join(player_options) if player_options else ''}, "
              f"{args.rounds} alternating rounds of {args.seconds:g} s, medians")
        row("full screen CPU per second", full["cpu"], "ms/s")
        row("PiP default CPU per second", pip["cpu"], "ms/s")
        print(f"  {'PiP / full screen CPU':<34}: {m(pip['cpu']) / m(full['cpu']):6.2f}")
        row("full screen distinct pictures", full["pictures"], "/s")
        row("PiP window distinct pictures", pip["pictures"], "/s")
        row("PiP frames written", pip["frames"], "/s")
        print(f"  {'PiP pictures / source frames':<34}: {share * 100:6.1f} %  "
              f"({'at least' if passed else 'below'} {args.min_share * 100:g} %)")
    return 0 if passed else 1
