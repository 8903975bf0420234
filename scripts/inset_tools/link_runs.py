"""scripts/link-table's runs: a program on a pty drained at a byte rate (scripts/tools/pty-drain.c),
its bytes replayed into the terminal model (linkreplay.py, linkpictures.py), and each frame that
reached the screen matched against the source's frames for its PSNR."""
import os
import subprocess

import numpy as np
from PIL import Image

# The terminal model the bytes are replayed into, and the pictures' decoders.
from .linkpictures import decode_picture
from .linkreplay import COLUMNS, ROWS, CELL_W, CELL_H, WIDTH, HEIGHT, replay
from .ptydrain import drain_tool

# The bottom three rows of cells are left out of the PSNR: the player's bar is there for
# its first seconds (and mpv's picture is a row higher).
COMPARED = HEIGHT - 3 * 4
# Below this a screen of cells shows nothing of the video (black, the bar). Not for
# pictures: a sixel at a quarter of the size in a black screen is about 8 dB.
NOTHING_DB = 12


# ---- matching against the source ---------------------------------------------------
def source_frames(clip):
    """The clip's frames at 320x180 (area), as float32, under both colour matrices."""
    references = []
    for matrix in ("bt601", "bt709"):
        raw = subprocess.run(["ffmpeg", "-v", "error", "-i", clip, "-vf",
                              f"scale={WIDTH}:{HEIGHT}:flags=area:in_color_matrix={matrix}", "-f", "rawvideo",
                              "-pix_fmt", "rgb24", "-"], capture_output=True, check=True).stdout
        references.append(np.frombuffer(raw, np.uint8).reshape(-1, HEIGHT, WIDTH, 3).astype(np.float32))
    return references


class Matcher:
    """The source frame a screen shows. Frames are looked for in play order: from the
    last one matched up to a second ahead (the clip loops), with a search of the whole clip
    for the first and when nothing ahead comes close (a program that started over). Source
    frames that are one picture (Big Buck Bunny is 24 pictures a second at 25 frames: one
    in 25 repeats its predecessor, PSNR over 50 dB) count as one: `distinct[index]`."""

    AHEAD = 25
    SAME_PICTURE_DB = 50

    def __init__(self, references):
        # Under the bar (left out) the frame is not compared.
        self.references = references
        self.count = len(references[0])
        self.small = [r.reshape(len(r), HEIGHT // 4, 4, WIDTH // 4, 4, 3).mean(axis=(2, 4)) for r in references]
        self.distinct = [0] * self.count
        for index in range(1, self.count):
            a, b = references[0][index], references[0][index - 1]
            same = psnr_of(a, b) > self.SAME_PICTURE_DB
            self.distinct[index] = self.distinct[index - 1] + (0 if same else 1)
        self.last = None

    def _psnr(self, image, index, shifts):
        best = -1.0
        for references in self.references:
            for shift in shifts:
                a, b = (image[-shift * 4:], references[index][:shift * 4]) if shift < 0 else \
                    (image[:HEIGHT - shift * 4], references[index][shift * 4:])
                best = max(best, psnr_of(a[:COMPARED], b[:COMPARED]))
        return best

    def best(self, image, shifts=(0,)):
        """(distinct picture id, PSNR dB) of the nearest source frame, under the better
        matrix and the best vertical shift (mpv draws its rows one cell higher)."""
        small = image.reshape(HEIGHT // 4, 4, WIDTH // 4, 4, 3).mean(axis=(1, 3))
        anywhere = set()
        for smalls in self.small:
            errors = ((smalls - small) ** 2).mean(axis=(1, 2, 3))
            anywhere.update(int(i) for i in np.argsort(errors)[:3])
        scored = {index: self._psnr(image, index, shifts) for index in anywhere}
        found = max(scored, key=scored.get)
        if self.last is not None:
            ahead = [(self.last + k) % self.count for k in range(self.AHEAD + 1)]
            for index in ahead:
                if index not in scored:
                    scored[index] = self._psnr(image, index, shifts)
            following = max(ahead, key=scored.get)
            if scored[following] >= scored[found] - 3:
                found = following
        self.last = found
        return self.distinct[found], scored[found]


def psnr_of(a, b):
    mse = float(((a - b) ** 2).mean())
    return 10 * np.log10(255 ** 2 / max(mse, 1e-6))


def picture_image(pixels):
    """A picture's pixels at 320x180 (area)."""
    return np.asarray(Image.fromarray(pixels).resize((WIDTH, HEIGHT), Image.Resampling.BOX)).astype(np.float32)


# ---- running ------------------------------------------------------------------------
def run(argv, rate, seconds, folder):
    record = os.path.join(folder, "record")
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", SDL_AUDIODRIVER="none", INSET_SUMMARY="1",
               PTY_DRAIN_RECORD=record, XDG_STATE_HOME=os.path.join(folder, "state"))
    for name in ("TMUX", "KITTY_WINDOW_ID", "KITTY_PID", "TERM_PROGRAM"):
        env.pop(name, None)
    result = subprocess.run([drain_tool(), str(int(rate)), str(seconds), str(COLUMNS), str(ROWS), str(CELL_W),
                             str(CELL_H), *argv], env=env, capture_output=True, timeout=seconds + 90)
    figures = dict(zip(*[iter(result.stderr.decode().split())] * 2))
    with open(record, "rb") as f:
        data = f.read()
    with open(record + ".times") as f:
        times = [(int(o), float(t)) for o, t in (line.split() for line in f if line.strip())]
    closing = result.stdout.decode("utf-8", "replace")
    restore = data.rfind(b"\x1b[?1049l")
    if restore > 0:
        data = data[:restore]
    return data, times or [(0, 0.0)], float(figures.get("wall", seconds)), closing


def place(canvas, kind, payload, pixels, row, column):
    """Paints a decoded picture where the terminal shows it: a sixel as it is at the cursor;
    kitty and iTerm2 pictures scaled to the cells they are given."""
    if kind == "sixel":
        box = pixels
    else:
        if kind == "kitty":
            keys = payload[0]
            columns, rows = int(keys.get(b"c", 0)), int(keys.get(b"r", 0))
        else:
            head = dict(p.split(b"=", 1) for p in payload.partition(b":")[0].split(b";") if b"=" in p)
            columns, rows = int(head.get(b"width", b"0")), int(head.get(b"height", b"0"))
        if columns <= 0 or rows <= 0:
            return
        box = np.asarray(Image.fromarray(pixels).resize((columns * CELL_W, rows * CELL_H), Image.Resampling.BILINEAR))
    top, left = row * CELL_H, column * CELL_W
    height, width = min(box.shape[0], canvas.shape[0] - top), min(box.shape[1], canvas.shape[1] - left)
    if height > 0 and width > 0:
        canvas[top:top + height, left:left + width] = box[:height, :width]


def analyse(data, times, wall, kind, matcher, peer):
    """Distinct frames a second that reached the terminal, and their mean PSNR."""
    reached = []  # (time, psnr) of each frame that reached
    matcher.last = None
    last_index = [None]
    canvas = np.zeros((ROWS * CELL_H, COLUMNS * CELL_W, 3), np.uint8)
    painted = [False]

    def judge(when, image, shifts=(0,)):
        index, psnr = matcher.best(image, shifts=shifts)
        if psnr < NOTHING_DB:  # a screen that shows nothing of the video (the first paint)
            matcher.last = None
            return
        if index != last_index[0]:
            reached.append((when, psnr))
            last_index[0] = index

    def snapshot(when):
        # Every frame that brought a picture reached: a small picture in a black screen
        # (the pacer's smaller sizes for sixel) matches no source frame well enough for the
        # best match to tell one from the next.
        # The parts of one frame's picture (cut around the bar at first, sixel's changed
        # cells) come within milliseconds of each other: one frame, judged when complete.
        psnr = matcher.best(picture_image(canvas))[1]
        if reached and when - reached[-1][0] < 0.02:
            reached[-1] = (when, psnr)
        else:
            reached.append((when, psnr))
        painted[0] = False

    def on_frame(when, terminal):
        if kind == "cells":
            judge(when, terminal.render(), shifts=(0, 1) if peer else (0,))
        elif painted[0]:
            snapshot(when)

    def on_picture(when, picture_kind, payload, row, column):
        if kind != "pixels" or when > wall:
            return
        pixels = decode_picture(picture_kind, payload)
        if pixels is None:
            return
        place(canvas, picture_kind, payload, pixels, row, column)
        painted[0] = True
        if peer:  # no synchronized updates: each picture is a frame
            snapshot(when)

    replay(data, times, kind == "cells", on_frame, on_picture, peer=peer)
    counted = [r for r in reached if r[0] <= wall]
    if not counted:
        return 0.0, None, None
    rate = len(counted) / max(0.5, wall - counted[0][0])
    settled = [r for r in counted if r[0] >= counted[0][0] + 1]
    steady = len(settled) / max(0.5, wall - counted[0][0] - 1) if settled else None
    return rate, steady, sum(p for _, p in counted) / len(counted)
