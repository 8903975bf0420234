"""A/V sync measured from outside the player: what reached the terminal against what the
sound card played.

    scripts/av-sync [--columns C] [--rows R] [--drain-rate BYTES_PER_S] [--pipe] [--speed S] [--json]

Plays samples/av_sync_markers.mp4 (a white flash and a 1 kHz tone begin together at every
odd second) in a pseudo-terminal with SDL's disk driver as the sound card, and presses keys
on the way: a pause of a second, a skip back to the start, a PiP round trip, then q. Nothing comes
from the player's own clock or log:
  - a flash is seen when the frame that turns the screen white reaches the pty (its read
    carries the frame's closing synchronized-update marker);
  - a tone is heard when the disk driver writes the period that holds its first sample
    (the driver writes a period, then sleeps for it, as a card plays it).
Each flash is paired with the nearest tone; the offset (flash minus tone, positive when the
picture is late) must lie within ±45 ms for every pair, and every phase (before and after
the pause, after the skip, in the window, back full screen) must have one. Exit 0 when so.
With --pipe the clip reaches the player through standard input (`cat CLIP | inset -`): the
picture and the sound then come from one read of the pipe, and the skip back replays what
the player kept of it. With --speed the player plays at that speed (`inset --speed S`, the
sound through atempo) and the keys come at the same media times, sooner or later in wall
time; the bound is the same. With --graphics sixel|kitty|iterm the video is in pixels (the
pty says its cells are 10x20 px): a flash is the picture that turns the screen white
reaching the pty whole (scripts/inset_tools/ptypictures.py reads sixel, kitty and iTerm2 pictures), so the time the
picture takes to encode and to write counts.
"""
import argparse
import array
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from . import ROOT
from .ptyterm import DiskSound, PtyProgram

# The player starts a file where it was last left (under XDG_STATE_HOME): each run here
# gets a state directory of its own, so every play starts from the top as measured.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="inset-state-")
atexit.register(shutil.rmtree, os.environ["XDG_STATE_HOME"], True)

CLIP = os.path.join(ROOT, "samples", "av_sync_markers.mp4")
TOLERANCE = 0.045
# Keys, in seconds after the first frame reached the terminal, and the phase each begins.
# Each phase holds one marker (flashes at media 1 and 3 s before the skip back, then 1, 3
# and 5 s after it), and q comes 1.7 s after the last is due (a loaded machine's seek back
# through a pipe starts the media later): the clip's remaining markers and its end would
# add six seconds a run and no phase.
SCRIPT = [(2.3, " ", "paused"), (3.3, " ", "after pause"), (5.2, "\x1b[D", "after skip"),
          (6.7, "p", "in PiP"), (8.7, "f", "after PiP"), (12.0, "q", "quit")]


def tone_onsets(path, rate, channels):
    """Sample numbers (per channel) where a tone begins after at least 0.3 s without one.
    The level between tones may rise a little above silence (under 0.05) just before a
    tone: at another speed, atempo's cross-fade brings a tone in over a few milliseconds."""
    samples = array.array("f")
    with open(path, "rb") as f:
        data = f.read()
    samples.frombytes(data[:len(data) // 4 * 4])
    first_channel = samples[::channels]
    onsets = []
    quiet_since = 0
    block = max(1, rate // 1000)
    for start in range(0, len(first_channel), block):
        peak = max(abs(x) for x in first_channel[start:start + block])
        if peak > 0.05:
            if start - quiet_since >= 0.3 * rate:
                at = next(i for i in range(start, start + block) if abs(first_channel[i]) > 0.05)
                onsets.append(at)
            quiet_since = start + block
    return onsets


def flash_onsets(frames):
    """Times frames turned the screen (or the window) white: the white cell count rising
    at least 40 above what the dark frames before it showed."""
    onsets = []
    dark = None
    lit = False
    for arrived, white in frames:
        if dark is None:
            dark = white
        if not lit and white >= dark + 40:
            onsets.append(arrived)
            lit = True
        elif lit and white <= dark + 20:
            lit = False
        if not lit:
            dark = white
    return onsets


def audio_format():
    rate, channels = 48000, 2
    if shutil.which("ffprobe"):
        out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries",
                              "stream=sample_rate,channels", "-of", "csv=p=0", CLIP],
                             capture_output=True, text=True).stdout.strip().split(",")
        if len(out) == 2:
            rate, channels = int(out[0]), int(out[1])
    return rate, channels


def waiting_screen(screen):
    """The player's "opening NAME…" or "resolving NAME…" (a page through yt-dlp): not a
    frame of the clip, so the script's times do not count from it."""
    middle = screen.text(screen.rows // 2)
    return " opening " in middle or " resolving " in middle


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--columns", type=int, default=100)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--drain-rate", type=int, default=None, help="bytes per second the terminal reads")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--pipe", action="store_true", help="feed the clip through standard input")
    parser.add_argument("--speed", type=float, default=1.0, help="play at this speed (0.25 to 4)")
    parser.add_argument("--clip", default=CLIP, help="a clip of the same markers (samples/av_sync_markers.mp4), "
                        "or a URL of them (samples/sites/split.html: a page whose picture and sound are two streams)")
    parser.add_argument("--player-arg", action="append", default=[],
                        help="one more argument for the player, before the clip (--player-arg=--audio-file --player-arg=FILE)")
    parser.add_argument("--log", help="keep the player's log (INSET_LOG) here")
    parser.add_argument("--audio-delay", type=float, default=None,
                        help="play with `inset --audio-delay S`, no keys but q after three markers: each offset is "
                        "then expected at -S (the picture that much ahead of its tone), within the same bound")
    parser.add_argument("--beside", action="store_true",
                        help="two videos: a dark clip with a low hum plays in the window (started with --pip), the "
                        "markers open full screen beside it (Down, Enter), then w swaps them and A hears the window's "
                        "place (full screen is the place heard): the markers are then in the window, still the video "
                        "heard; the hum is heard at the window's volume throughout")
    parser.add_argument("--graphics", choices=["cells", "sixel", "kitty", "iterm"], default="cells",
                        help="the video in cells, or in pixels of this kind")
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    rate, channels = audio_format()
    bytes_per_second = rate * channels * 4  # the player opens the device in 32-bit float
    # The player asks the disk driver for a period of 1/50 s (whole milliseconds of SDL_Delay).
    period_bytes = rate // 50 * channels * 4

    workdir = tempfile.mkdtemp(prefix="inset-av-sync-")
    sound_file = os.path.join(workdir, "sound.raw")
    frames = []
    speed = ["--speed", f"{args.speed:g}"] if args.speed != 1.0 else []
    if args.graphics != "cells":
        speed += ["--graphics", args.graphics]
    speed += args.player_arg
    script = SCRIPT
    expected = 0.0
    if args.audio_delay is not None:
        speed += ["--audio-delay", f"{args.audio_delay:g}"]
        script = [(6.3, "q", "quit")]
        expected = -args.audio_delay
    argv = (["sh", "-c", 'f="$1"; shift; cat "$f" | "$0" "$@" -', binary, args.clip, *speed] if args.pipe
            else [binary, *speed, args.clip])
    if args.beside:
        # The hum's format is the markers' (the device opens at the first video's format).
        hum = os.path.join(workdir, "dark_hum.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "color=c=0x101828:s=160x90:r=25:d=20",
                        "-f", "lavfi", "-i", f"sine=f=300:r={rate}:d=20", "-ac", str(channels), "-c:v", "libx264",
                        "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", hum], check=True)
        argv = [binary, *speed, "--pip", hum, args.clip]
        script = [(0.5, "\x1b[B", "opening"), (0.8, "\r", "beside the window"), (4.8, "wA", "swapped, in the window"),
                  (8.6, "q", "quit")]
    player = PtyProgram(argv, args.columns, args.rows, drain_rate=args.drain_rate,
                        env={"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": sound_file,
                             "INSET_LOG": args.log or os.path.join(workdir, "inset.log")},
                        on_frame=lambda arrived, screen: frames.append((arrived, screen.white_count()))
                        if not waiting_screen(screen) else None,
                        cell=(10, 20) if args.graphics != "cells" else None)
    sound = DiskSound(sound_file, period_bytes)
    deadline = time.monotonic() + 10
    while not frames and time.monotonic() < deadline:
        time.sleep(0.005)
    if not frames:
        player.finish(timeout=1)
        sound.stop()
        print("av-sync: no frame reached the terminal in 10 s", file=sys.stderr)
        return 1
    first_frame = frames[0][0]
    pressed = [("start", first_frame)]
    for at, key, phase in script:
        delay = first_frame + at / args.speed - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        player.send(key)
        pressed.append((phase, time.monotonic()))
    code = player.finish(timeout=30)
    sound.stop()

    onsets = tone_onsets(sound_file, rate, channels)
    tones = [t for t in (sound.heard_at(s * channels * 4, bytes_per_second) for s in onsets) if t is not None]
    flashes = flash_onsets([(arrived, white.value()) for arrived, white in frames])
    pairs = []
    for flash in flashes:
        tone = min(tones, key=lambda t: abs(t - flash), default=None)
        if tone is None or abs(tone - flash) > 0.25:
            continue
        phase = [name for name, at in pressed if at <= min(flash, tone)][-1]
        pairs.append({"phase": phase, "at": round(flash - first_frame, 3),
                      "offset_ms": round((flash - tone) * 1000, 1)})
    unmarked = ("paused", "quit", "opening") + (("start",) if args.beside else ())
    phases = [name for name, _ in pressed if name not in unmarked]
    missing = [p for p in phases if not any(pair["phase"] == p for pair in pairs)]
    worst = max((abs(p["offset_ms"] - expected * 1000) for p in pairs), default=None)
    ok = code == 0 and bool(pairs) and not missing and worst <= TOLERANCE * 1000
    result = {"ok": ok, "exit": code, "pairs": pairs, "flashes": len(flashes), "tones": len(tones),
              "missing_phases": missing, "worst_ms": worst, "frames": len(frames)}
    shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    else:
        for pair in pairs:
            print(f"{pair['phase']:>12}  flash at {pair['at']:6.2f} s  picture {pair['offset_ms']:+6.1f} ms from the tone")
        print(f"av-sync: {len(pairs)} markers paired of {len(flashes)} flashes and {len(tones)} tones; "
              f"worst {worst} ms from {expected * 1000:+.0f} (bound {TOLERANCE * 1000:.0f}); player exit {code}"
              + (f"; no marker in: {', '.join(missing)}" if missing else ""))
    return 0 if ok else 1
