"""iTerm2 inline images (OSC 1337) read back from a pty: what `--graphics iterm` sends.

    scripts/pty-iterm [--clip FILE] [--start S] [--seconds S]

Plays the clip's last seconds (from --start, default 3.4, with --no-advance, so the last
frame stays, until nothing more is written for a second) on a pty of 120x40 cells of 10x20
pixels, as fast as the reader takes it, and reads every OSC 1337 `File=` picture
(scripts/inset_tools/ptypictures.py; Pillow decodes the JPEG). Then shows the clip's frame at --start
as a still (a PNG: one frame), once with `--graphics iterm` and once with `--graphics
kitty`, whose pictures are near-lossless PNG (every pixel within 4 of the frame, about
40 dB), and compares the two pictures, the same frame at the same cells: that PSNR is the
JPEG's against the frame, less the PNG's own error (37.3 dB here where the JPEG alone is
about 41 against the frame, JPEGEncoderTests). A playing video's last picture was not
always the same frame in both runs on a loaded machine, hence the still. Prints the
pictures, their sizes with base64 and the PSNR; exits 1 when a picture is over 120 KB
with base64, a picture's pixels do not fill its cells (or keep their shape, sent smaller
for the link), or the PSNR is under 36 dB.

With --moves, instead: the PiP window over the library, and two videos (the window over the
full-screen one), the window paused and moved left (shift+Left); once nothing more is
written, no picture may be left in part, cells of it written over and others not (debris:
a terminal would still show those), and the pictures are on screen (the window's moved);
then the library's details pane (i): its still is a picture, gone whole with Esc.

With --tmux, also: the still inside tmux 3.3a or later (allow-passthrough on), in a pane
filling the window and in a right-hand pane, read back from iTerm2's multipart form, and
placed where the pane shows it; and in a pane swapped with another after start, placed
again where the pane went.
"""
import argparse, base64, io, os, shutil, subprocess, tempfile, time

import numpy as np
from PIL import Image

from . import ROOT
from .ptyterm import PtyProgram
from .pty_iterm_scenes import CELL, COLUMNS, ROWS, in_tmux, window_moves


def play(binary, clip, graphics, start, seconds):
    argv = [binary, "--graphics", graphics, "--no-resume", "--no-advance", "--mute",
            *(["--start", str(start)] if start is not None else []), clip]
    player = PtyProgram(argv, COLUMNS, ROWS, cell=CELL, env={"SDL_AUDIODRIVER": "none",
                                                           "XDG_STATE_HOME": "/tmp/inset-pty-iterm-state"})
    # Until the last frame has stayed: nothing written for a second (a loaded machine
    # starts late, and a picture skipped for the link is sent once the video stops).
    deadline, quiet = time.monotonic() + seconds + 15, (None, 0)
    time.sleep(seconds)
    while time.monotonic() < deadline:
        with player.lock:
            count = player.bytes_read
        if count != quiet[0]:
            quiet = (count, time.monotonic())
        elif time.monotonic() - quiet[1] >= 1:
            break
        time.sleep(0.1)
    player.send("q")
    player.finish(timeout=10)
    return player.screen.pictures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clip", default=os.path.join(ROOT, "samples", "bench_1080p.mp4"))
    parser.add_argument("--start", type=float, default=3.4)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--tmux", action="store_true", help="also the still inside tmux: multipart, where the pane shows it")
    parser.add_argument("--moves", action="store_true", help="instead, the window moved, over the library and over a video: no debris")
    args = parser.parse_args()
    binary = os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset")
    if args.moves:
        failures = window_moves(binary, args.clip)
        for failure in failures:
            print("pty-iterm: " + failure)
        return 1 if failures else 0
    iterm = play(binary, args.clip, "iterm", args.start, args.seconds)
    if not iterm.iterm or iterm.last_iterm is None:
        print("pty-iterm: no OSC 1337 picture reached the pty")
        return 1
    failures = []
    sizes = [count for _, _, _, count in iterm.iterm]
    for row, column, keys, _ in iterm.iterm:
        if keys.get("preserveAspectRatio") != "0" or keys.get("doNotMoveCursor") != "1":
            failures.append(f"keys {keys}")
            break
    last_row, last_column, last_keys, _ = iterm.iterm[-1]
    jpeg = Image.open(io.BytesIO(iterm.last_iterm)).convert("RGB")
    cells = (int(last_keys["width"]), int(last_keys["height"]))
    # Whole, the picture fills its cells to the last row of pixels; the pacer may send it
    # smaller for a slow reader (a loaded machine), and the terminal scales it to the cells.
    area = (cells[0] * CELL[0], cells[1] * CELL[1])
    whole = all(a - p < s <= a for a, p, s in zip(area, CELL, jpeg.size))
    smaller = all(s <= a for a, s in zip(area, jpeg.size)) and abs(jpeg.size[0] * area[1] / (jpeg.size[1] * area[0]) - 1) < 0.02
    if not (whole or smaller):
        failures.append(f"a {jpeg.size[0]}x{jpeg.size[1]} picture over {cells[0]}x{cells[1]} cells of {CELL}")
    print(f"iterm: {len(sizes)} pictures, base64 bytes median {int(np.median(sizes))}, "
          f"largest {max(sizes)}; the last {jpeg.size[0]}x{jpeg.size[1]} at {cells[0]}x{cells[1]} cells, "
          f"row {last_row} column {last_column}")
    if max(sizes) > 120_000:
        failures.append(f"a picture of {max(sizes)} bytes with base64")

    # The PSNR on a still (the clip's frame at --start, as a PNG): one frame, the same in
    # both runs, whatever the machine's load does to which frame a playing video ends on.
    folder = tempfile.mkdtemp(prefix="inset-pty-iterm-")
    still = os.path.join(folder, "still.png")
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-ss", str(args.start), "-i", args.clip, "-frames:v", "1", still],
                   check=True)
    iterm = play(binary, still, "iterm", None, 1.0)
    kitty = play(binary, still, "kitty", None, 1.0)
    if args.tmux:
        failures += in_tmux(binary, still)
    shutil.rmtree(folder, True)
    if iterm.last_iterm is None or not iterm.iterm:
        failures.append("no iTerm2 picture of the still")
    elif kitty.last_kitty is None:
        failures.append("no kitty picture to compare with")
    else:
        keys, row, column, data = kitty.last_kitty
        png = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
        last_row, last_column = iterm.iterm[-1][:2]
        jpeg = Image.open(io.BytesIO(iterm.last_iterm)).convert("RGB")
        if (row, column, png.size) != (last_row, last_column, jpeg.size):
            failures.append(f"kitty's last picture {png.size} at {row},{column} is not iterm's {jpeg.size} at {last_row},{last_column}")
        else:
            a = np.asarray(jpeg, np.float64)
            b = np.asarray(png, np.float64)
            mse = float(((a - b) ** 2).mean())
            psnr = 99.0 if mse == 0 else 10 * np.log10(255 * 255 / mse)
            print(f"iterm: the still's picture ({jpeg.size[0]}x{jpeg.size[1]}) against kitty's near-lossless one: {psnr:.2f} dB")
            if psnr < 36:
                failures.append(f"PSNR {psnr:.2f} dB")
                folder = tempfile.mkdtemp(prefix="inset-pty-iterm-")
                jpeg.save(os.path.join(folder, "iterm.png"))
                png.save(os.path.join(folder, "kitty.png"))
                failures.append(f"the two pictures are in {folder}")
    for failure in failures:
        print("pty-iterm: " + failure)
    return 1 if failures else 0
