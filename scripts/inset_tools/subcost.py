"""What styled subtitles cost the player (issue 45): samples/bench_1080p.mp4 played whole
in a pty drained as fast as it writes, with `--graphics sixel` and kitty, with a busy ASS
track (a line changing every 250 ms, a `\\move`d sign fading in and out, a still rotated
sign) and without; each run's frames shown a second (the player's INSET_SUMMARY line) and
CPU seconds a second (the child's rusage), the median of the runs.

    scripts/sub-cost [--runs 3] [--json]

Prints one line a configuration; measures, judges nothing.
"""
import fcntl
import json
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

COLUMNS, ROWS, CELL_W, CELL_H = 120, 34, 10, 20
HEADER = """[Script Info]
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,DejaVu Sans,64,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,3,2,2,60,60,50,1
Style: Sign,DejaVu Sans,72,&H0000FFFF,&H000000FF,&H00000000,&H00000000,1,0,0,0,100,100,0,0,1,3,0,8,60,60,50,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""


def busy_track(folder, seconds=5.0):
    def stamp(t):
        return f"0:00:{t:05.2f}"
    lines = [f"Dialogue: 0,{stamp(i * 0.25)},{stamp(i * 0.25 + 0.25)},Default,,0,0,0,,"
             f"{{\\c&H0000FF&}}Line{{\\c}} number {i} of the busy track" for i in range(int(seconds * 4))]
    lines.append(f"Dialogue: 1,{stamp(0)},{stamp(seconds)},Sign,,0,0,0,,{{\\move(200,200,1700,400)\\fad(500,500)}}Moving sign")
    lines.append(f"Dialogue: 1,{stamp(0)},{stamp(seconds)},Sign,,0,0,0,,{{\\an5\\pos(960,540)\\frz20}}Still rotated sign")
    path = os.path.join(folder, "busy.ass")
    with open(path, "w") as f:
        f.write(HEADER + "\n".join(lines) + "\n")
    return path


def run(binary, clip, graphics, subtitles):
    """One whole play: (frames shown a second, CPU seconds a second)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, COLUMNS * CELL_W, ROWS * CELL_H))
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", SDL_AUDIODRIVER="none", INSET_SUMMARY="1",
               XDG_STATE_HOME=tempfile.mkdtemp(prefix="inset-subcost-"))
    for name in ("TMUX", "KITTY_WINDOW_ID", "KITTY_PID"):
        env.pop(name, None)
    errors = tempfile.TemporaryFile()

    def controlling_terminal():
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    arguments = [binary, "--graphics", graphics, "--no-resume", "--mute", "--link-rate", "off"]
    arguments += ["--sub", subtitles] if subtitles else []
    process = subprocess.Popen(arguments + [clip], stdin=slave, stdout=slave, stderr=errors, env=env,
                               start_new_session=True, preexec_fn=controlling_terminal, close_fds=True)
    os.close(slave)
    started = time.monotonic()
    while time.monotonic() - started < 30:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                if not os.read(master, 1 << 20):
                    break
            except OSError:
                break
        elif process.poll() is not None:
            break
    _, status, usage = os.wait4(process.pid, 0)
    os.close(master)
    errors.seek(0)
    text = errors.read().decode(errors="replace")
    found = re.search(r"(\d+) frames shown, (\d+) dropped, ([\d.]+) s", text)
    if not found:
        raise RuntimeError(f"no summary from the player: {text[-300:]}")
    shown, wall = int(found.group(1)), float(found.group(3))
    return shown / wall, (usage.ru_utime + usage.ru_stime) / wall


def main():
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binary = os.environ.get("INSET_BIN") or os.path.join(root, ".build", "debug", "inset")
    clip = os.path.join(root, "samples", "bench_1080p.mp4")
    folder = tempfile.mkdtemp(prefix="inset-subcost-")
    track = busy_track(folder)
    results = []
    for graphics in ("sixel", "kitty"):
        for subtitles in (None, track):
            figures = [run(binary, clip, graphics, subtitles) for _ in range(runs)]
            results.append({"graphics": graphics, "subtitles": "busy ASS" if subtitles else "none",
                            "fps": round(statistics.median(f[0] for f in figures), 1),
                            "cpu": round(statistics.median(f[1] for f in figures), 2),
                            "load": round(os.getloadavg()[0], 1)})
            print(json.dumps(results[-1]) if "--json" in args else
                  f"sub-cost: {graphics:5} subtitles {results[-1]['subtitles']:8}: {results[-1]['fps']} frames/s, "
                  f"{results[-1]['cpu']} CPU s/s (load {results[-1]['load']})", flush=True)
    return 0
