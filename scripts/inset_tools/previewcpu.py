"""What a file manager's preview costs (issue 51, docs/embed.md "Little CPU"): the 1080p
sample in a 60x28-cell tmux pane, played by preview-tui's own mpv line (nnn) with mpv and
with Inset given the same line, and by Inset embedded as the contrib/ previewers start it;
the player's CPU sampled each second from /proc (utime + stime) over S seconds after a
3 s start, the median of the per-second figures, each run in turn on the same machine."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from . import ROOT
from .benchscripts import cpu_seconds, player_pid

CLIP = os.path.join(ROOT, "samples", "bench_1080p.mp4")
# preview-tui's line (nnn 4.7, plugins/preview-tui), the terminal's cells for its --vo.
PREVIEW_TUI = ["--no-config", "--really-quiet", "--vo=tct", "--profile=sw-fast", "--loop-file", "--no-audio", "--start=10%"]
EMBEDDED = ["--embed", "60x28+0+0", "--start", "10%", "--no-audio", "--loop"]


def measure(command, seconds, workdir, name):
    session = f"inset-preview-cpu-{os.getpid()}-{name}"
    env = f"SDL_AUDIODRIVER=dummy XDG_STATE_HOME={workdir} XDG_CONFIG_HOME={workdir}/config"
    line = f"env {env} {' '.join(command)} 2>/dev/null; sleep 30"
    subprocess.run(["tmux", "-L", session, "-f", "/dev/null", "new-session", "-d", "-x", "60", "-y", "28", line],
                   check=True)
    try:
        pid = player_pid(session)
        if pid is None:
            return None
        time.sleep(3)
        samples, last = [], cpu_seconds(pid)
        for _ in range(int(seconds)):
            time.sleep(1)
            now = cpu_seconds(pid)
            samples.append(now - last)
            last = now
        return round(statistics.median(samples), 3)
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], capture_output=True)


def main():
    args = sys.argv[1:]
    if args[:1] in (["-h"], ["--help"]):
        print("scripts/preview-cpu [SECONDS] [--json]: " + __doc__)
        return 0
    seconds = next((float(a) for a in args if not a.startswith("-")), 10.0)
    inset = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    runs = {"inset --embed (contrib's line)": [inset, *EMBEDDED, CLIP],
            "inset, preview-tui's line": [inset, *PREVIEW_TUI, CLIP]}
    if shutil.which("mpv"):
        runs["mpv, preview-tui's line"] = ["mpv", *PREVIEW_TUI, CLIP]
    workdir = tempfile.mkdtemp(prefix="inset-preview-cpu-")
    try:
        results = {name: measure(command, seconds, workdir, str(index)) for index, (name, command) in enumerate(runs.items())}
    finally:
        shutil.rmtree(workdir, True)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    if "--json" in args:
        print(json.dumps({"seconds": seconds, "load": load, "cpu_median": results}))
    else:
        print(f"60x28 cells, {os.path.basename(CLIP)}, {seconds:.0f} s each after 3 s, load {load}: CPU s/s (median)")
        for name, cpu in results.items():
            print(f"  {name:34} {cpu}")
    return 0
