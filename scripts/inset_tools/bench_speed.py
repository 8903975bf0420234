"""CPU and pictures at each playback speed, on the real player in a real terminal (tmux).

    scripts/bench-speed [FILE] [--speeds 1,2,4] [--seconds S] [--size COLSxROWS] [--json]

For each speed the player plays FILE (default samples/bench_1080p.mp4) looped, with
`--stats`, for S seconds (default 10) after a second to settle, then quits. Measured:
  - CPU time per second of playback: utime + stime of the player from /proc/PID/stat over
    the S seconds, per wall second and per second of the media (wall x speed);
  - the frames shown and dropped, from the player's closing `--stats` line (whole run);
  - how many of the file's frames were shown: shown / (wall x speed x the file's fps).
The player is INSET_BIN or .build/release/inset.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import ROOT
from .benchscripts import cpu_seconds, player_pid


def frame_rate(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=avg_frame_rate",
                          "-of", "csv=p=0", path], capture_output=True, text=True).stdout.strip()
    num, _, den = out.partition("/")
    return float(num) / float(den or 1)


def run(binary, clip, speed, seconds, columns, rows):
    workdir = tempfile.mkdtemp(prefix="inset-bench-speed-")
    stats = os.path.join(workdir, "stats")
    session = f"inset-bench-speed-{os.getpid()}"
    env = f"SDL_AUDIODRIVER=dummy XDG_STATE_HOME={workdir}"
    command = (f"env {env} {binary} --no-config --no-resume --loop --stats --socket none --speed {speed:g} "
               f"'{clip}' 2>{stats}; sleep 30")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", str(columns), "-y", str(rows), command], check=True)
    try:
        pid = player_pid(session, own_server=False)
        started = time.monotonic()
        time.sleep(1)
        before, at = cpu_seconds(pid), time.monotonic()
        time.sleep(seconds)
        cpu, wall = cpu_seconds(pid) - before, time.monotonic() - at
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
        for _ in range(100):
            if os.path.getsize(stats) > 0 and not os.path.exists(f"/proc/{pid}"):
                break
            time.sleep(0.05)
        total_wall = time.monotonic() - started
        line = open(stats).read()
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        shutil.rmtree(workdir, ignore_errors=True)
    match = re.search(r"(\d+) frames shown, (\d+) dropped, ([\d.]+) s", line)
    shown, dropped, played = (int(match[1]), int(match[2]), float(match[3])) if match else (0, 0, total_wall)
    return {"speed": speed, "cpu_per_wall_s": round(cpu / wall, 3), "cpu_per_media_s": round(cpu / wall / speed, 3),
            "shown": shown, "dropped": dropped, "played_s": played, "stats": line.strip()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", default=os.path.join(ROOT, "samples", "bench_1080p.mp4"))
    parser.add_argument("--speeds", default="1,2,4")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--size", default="160x45")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    columns, rows = (int(x) for x in args.size.split("x"))
    fps = frame_rate(args.file)
    results = []
    for speed in (float(s) for s in args.speeds.split(",")):
        result = run(binary, args.file, speed, args.seconds, columns, rows)
        wanted = result["played_s"] * speed * fps
        result["share_of_frames_shown"] = round(result["shown"] / wanted, 3) if wanted else 0
        results.append(result)
    if args.json:
        print(json.dumps({"file": args.file, "fps": fps, "results": results}))
        return 0
    print(f"{os.path.basename(args.file)}, {fps:g} fps, {args.size} cells, {args.seconds:g} s at each speed")
    print("speed  CPU s per s  CPU s per media s  shown  dropped  of the file's frames")
    for r in results:
        print(f"{r['speed']:4g}x  {r['cpu_per_wall_s']:11.3f}  {r['cpu_per_media_s']:17.3f}  {r['shown']:5d}  "
              f"{r['dropped']:7d}  {r['share_of_frames_shown'] * 100:5.1f}%")
    return 0
