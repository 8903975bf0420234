"""A soak: the player for many minutes of --loop, with skips, pauses and PiP round trips,
watched for growth.

    scripts/soak [--minutes M] [--clip FILE] [--columns C] [--rows R]

The player runs in a pty (read at full speed) with SDL's disk driver writing to /dev/null as
its sound card, so the sound clock runs as on a real one. Every 2 s it gets the next key of
a cycle: skip forward, skip back, into PiP, move the window, back to full screen, pause,
resume. Every 5 s it is sampled from /proc: resident memory (VmRSS), its peak (VmHWM), open
file descriptors, threads, and the frames that reached the terminal.

Exits 1 when, after the first minute, the peak RSS grew more than 5 MB, the descriptors or
threads grew, a sample interval passed with no frame while playing, or the player died.
This is a script, not a test: it takes the minutes it is given.
"""
import argparse
import atexit
import os
import shutil
import tempfile
import time

from .ptyterm import PtyProgram
from . import ROOT

# The player starts a file where it was last left (under XDG_STATE_HOME): each run here
# gets a state directory of its own, so every play starts from the top as measured.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

# Right/Left skip 15 s; p into the window; Shift-Left moves it; f back; Space pauses, resumes.
CYCLE = [("skip +15 s", "\x1b[C"), ("skip -15 s", "\x1b[D"), ("PiP", "p"), ("move window", "\x1b[1;2D"),
         ("full screen", "f"), ("pause", " "), ("resume", " ")]
KEY_INTERVAL = 2.0
SAMPLE_INTERVAL = 5.0
RSS_GROWTH_BOUND_KB = 5 * 1024


def sample(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM", "Threads"):
                fields[key] = int(value.split()[0])
    fields["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    return fields


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--clip", default=os.path.join(ROOT, "samples", "clock_16x9_aac.mp4"))
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    # A copy, so a rebuild during the soak does not change what runs.
    workdir = tempfile.mkdtemp(prefix="inset-soak-")
    copy = os.path.join(workdir, "inset")
    shutil.copy2(binary, copy)
    player = PtyProgram([copy, "--loop", args.clip], args.columns, args.rows,
                        env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": "/dev/null",
                             "INSET_LOG": os.path.join(workdir, "inset.log")})
    pid = player.process.pid
    print(f"soak: {args.minutes:g} min of --loop on {os.path.basename(args.clip)}, {args.columns}x{args.rows}, "
          f"pid {pid}; a key every {KEY_INTERVAL:g} s, a sample every {SAMPLE_INTERVAL:g} s", flush=True)
    print(f"{'min':>5} {'RSS MB':>7} {'peak MB':>8} {'fds':>4} {'threads':>8} {'frames/s':>9}  last key", flush=True)

    started = time.monotonic()
    end = started + args.minutes * 60
    samples = []
    stalls = []
    next_key = started + KEY_INTERVAL
    next_sample = started + SAMPLE_INTERVAL
    keys_sent = 0
    last_frames = 0
    paused = False
    last_key = "-"
    died = False
    while time.monotonic() < end:
        now = time.monotonic()
        if player.process.poll() is not None:
            died = True
            break
        if now >= next_key:
            name, key = CYCLE[keys_sent % len(CYCLE)]
            player.send(key)
            paused = name == "pause"
            last_key = name
            keys_sent += 1
            next_key += KEY_INTERVAL
        if now >= next_sample:
            try:
                fields = sample(pid)
            except (FileNotFoundError, ProcessLookupError):
                died = True
                break
            frames = player.frames
            fields["minute"] = (now - started) / 60
            fields["frames_per_s"] = (frames - last_frames) / SAMPLE_INTERVAL
            # A paused player paints only when something changes; anything else must move.
            if frames == last_frames and not paused and last_key != "pause":
                stalls.append(round(fields["minute"], 2))
            last_frames = frames
            samples.append(fields)
            if len(samples) % 12 == 0 or len(samples) == 1:
                print(f"{fields['minute']:5.1f} {fields['VmRSS'] / 1024:7.1f} {fields['VmHWM'] / 1024:8.1f} "
                      f"{fields['fds']:4d} {fields['Threads']:8d} {fields['frames_per_s']:9.1f}  {last_key}",
                      flush=True)
            next_sample += SAMPLE_INTERVAL
        time.sleep(max(0.0, min(next_key, next_sample) - time.monotonic()))

    if not died:
        player.send("q")
    code = player.finish(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)
    failures = []
    if died:
        failures.append(f"the player exited during the soak (status {code})")
    after_first = [s for s in samples if s["minute"] >= 1.0]
    if after_first:
        first, last = after_first[0], samples[-1]
        peak_growth = last["VmHWM"] - first["VmHWM"]
        # Growth: the most seen late in the run against the most seen in the minute after
        # the first (threads and descriptors come and go with seeks and PiP).
        baseline = [s for s in after_first if s["minute"] < 2.0] or after_first
        later = [s for s in after_first if s["minute"] >= 2.0] or after_first
        fds = [s["fds"] for s in after_first]
        threads = [s["Threads"] for s in after_first]
        rss = [s["VmRSS"] for s in after_first]
        print(f"soak: {keys_sent} keys ({keys_sent // len(CYCLE)} cycles with a PiP round trip each), "
              f"{len(samples)} samples; after the first minute: peak RSS {first['VmHWM'] / 1024:.1f} -> "
              f"{last['VmHWM'] / 1024:.1f} MB ({peak_growth / 1024:+.1f} MB), RSS {min(rss) / 1024:.1f}-"
              f"{max(rss) / 1024:.1f} MB, fds {min(fds)}-{max(fds)}, threads {min(threads)}-{max(threads)}; "
              f"intervals with no frame while playing: {len(stalls)}"
              f"{' at min ' + ', '.join(map(str, stalls[:10])) if stalls else ''}")
        if peak_growth > RSS_GROWTH_BOUND_KB:
            failures.append(f"peak RSS grew {peak_growth / 1024:.1f} MB")
        for name, key in (("file descriptors", "fds"), ("threads", "Threads")):
            before, after = max(s[key] for s in baseline), max(s[key] for s in later)
            if after > before:
                failures.append(f"{name} grew from at most {before} to {after}")
        if stalls:
            failures.append(f"{len(stalls)} sample intervals without a frame while playing")
    else:
        failures.append("the soak was shorter than a minute: nothing to compare")
    print("soak: " + ("ok" if not failures else "FAILED: " + "; ".join(failures)))
    return 1 if failures else 0
