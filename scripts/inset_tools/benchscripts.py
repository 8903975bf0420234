"""What mpv's Lua scripts cost the player (docs/scripts.md, "Figures"): the 1080p sample
played looped in tmux for S seconds, once with no script, once with a script that fails and
one that loops for ever, once with the skip script (ani-skip's options, its observation of
time-pos running all along: op_start=1000 never reached). For each: the frames shown and
dropped over the run (the player's closing `--stats` line) and the CPU the player used,
sampled each second from /proc (utime + stime): the median of the per-second figures.

    scripts/bench-scripts [FILE] [--seconds S] [--size COLSxROWS] [--only none,skip]

The player is INSET_BIN or .build/release/inset."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time

from . import ROOT

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "scripts")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_wakes(pid):
    """The player loop's waits that ended (the main thread's voluntary context switches):
    about one a turn of the loop."""
    with open(f"/proc/{pid}/task/{pid}/status") as f:
        for line in f:
            if line.startswith("voluntary_ctxt_switches:"):
                return int(line.split()[1])
    return 0


def player_pid(session, own_server=True):
    """The player's pid: the child of the pane's shell in tmux session `session`, on a
    server of that name (`tmux -L`) or, with own_server False, on the default server."""
    ask = ["-L", session, "display-message", "-p"] if own_server else ["display-message", "-p", "-t", session]
    pane = subprocess.run(["tmux", *ask, "#{pane_pid}"],
                          capture_output=True, text=True).stdout.strip()
    for _ in range(100):
        children = subprocess.run(["pgrep", "-P", pane], capture_output=True, text=True).stdout.split()
        if children:
            return int(children[0])
        time.sleep(0.05)
    return None


def scenarios(workdir):
    failing = os.path.join(workdir, "failing.lua")
    busy = os.path.join(workdir, "busy.lua")
    with open(failing, "w") as f:
        f.write("error('broken on purpose')\n")
    with open(busy, "w") as f:
        f.write("local n = 0\nwhile true do n = n + 1 end\n")
    skip = os.path.join(FIXTURES, "skip.lua")
    return {
        "none": [],
        "failing+busy": [f"--script={failing}", f"--script={busy}"],
        "skip": [f"--script={skip}", "--script-opts=skip-op_start=1000,skip-op_end=1001"],
    }


def run(binary, clip, arguments, seconds, size, workdir, name):
    stats = os.path.join(workdir, "stats")
    # A server of its own for each run: the last one may still be going.
    session = f"inset-bench-scripts-{os.getpid()}-{name.replace('+', '-')}"
    env = f"SDL_AUDIODRIVER=dummy XDG_STATE_HOME={workdir} XDG_CONFIG_HOME={workdir}/config"
    command = (f"env {env} {binary} --no-resume --loop --stats --socket none {' '.join(arguments)} "
               f"'{clip}' 2>{stats}; sleep 30")
    columns, rows = size.split("x")
    subprocess.run(["tmux", "-L", session, "-f", "/dev/null", "new-session", "-d", "-x", columns, "-y", rows, command],
                   check=True)
    try:
        pid = player_pid(session)
        time.sleep(1)
        samples = []
        wakes = loop_wakes(pid)
        last = cpu_seconds(pid)
        for _ in range(int(seconds)):
            time.sleep(1)
            now = cpu_seconds(pid)
            samples.append(now - last)
            last = now
        wakes = (loop_wakes(pid) - wakes) / int(seconds)
        subprocess.run(["tmux", "-L", session, "send-keys", "q"], check=True)
        for _ in range(100):
            if os.path.getsize(stats) > 0 and not os.path.exists(f"/proc/{pid}"):
                break
            time.sleep(0.05)
        line = open(stats).read()
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], capture_output=True)
    match = re.search(r"(\d+) frames shown, (\d+) dropped, ([\d.]+) s", line)
    shown, dropped, played = (int(match[1]), int(match[2]), float(match[3])) if match else (0, 0, 0.0)
    return {"cpu_median": round(statistics.median(samples), 3), "shown": shown, "dropped": dropped, "played_s": played,
            "wakes": round(wakes)}


def run_all(binary, clip, seconds, size, names=("none", "failing+busy", "skip")):
    results = {}
    for name in names:
        workdir = tempfile.mkdtemp(prefix="inset-bench-scripts-")
        try:
            results[name] = run(binary, clip, scenarios(workdir)[name], seconds, size, workdir, name)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    return results, load


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file", nargs="?", default=os.path.join(ROOT, "samples", "bench_1080p.mp4"))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--size", default="160x45")
    parser.add_argument("--only", default="none,failing+busy,skip", help="the runs, comma-separated")
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    results, load = run_all(binary, args.file, args.seconds, args.size, args.only.split(","))
    print(f"{os.path.basename(args.file)}, {args.seconds:g} s each, {args.size} cells, load average {load} at the end")
    print("scripts        CPU s/s (median)  shown  dropped  played s  loop wakes/s")
    for name, r in results.items():
        print(f"{name:14s} {r['cpu_median']:16.3f}  {r['shown']:5d}  {r['dropped']:7d}  {r['played_s']:8.1f}  {r['wakes']:12d}")
