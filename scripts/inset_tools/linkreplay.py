"""The terminal model `scripts/link-table` replays a player's bytes into: a screen of cells
(cursor moves, SGR colours in RGB and the 256 palette, erases, repeats, half blocks,
quadrants, sextants, octants) drawn at 2x4 pixels a cell, and the pictures in pixels it
carries (sixel, kitty, iTerm2), decoded by linkpictures.py. Split from link-table, which matches what this
shows against the source frames and runs the programs."""
import bisect
import os
import re
import sys

import numpy as np

from .cellscreen import sgr_settings

COLUMNS, ROWS, CELL_W, CELL_H = 160, 45, 8, 16
WIDTH, HEIGHT = 2 * COLUMNS, 4 * ROWS  # the comparison's pixels: 2x4 a cell
DEFAULT_FG, DEFAULT_BG = (229, 229, 229), (0, 0, 0)  # xterm's


# ---- glyph coverage at 2x4 sub-pixels a cell -------------------------------------------
def coverage_table():
    """char -> 4x2 float mask of the ink (1: foreground) over the cell's 2x4 sub-pixels."""
    table = {" ": np.zeros((4, 2)), "\u2588": np.ones((4, 2))}

    def from_rows(rows):  # rows of (left, right) ink for 4 sub-rows
        return np.array(rows, float)

    table["\u2580"] = from_rows([(1, 1), (1, 1), (0, 0), (0, 0)])
    table["\u2584"] = from_rows([(0, 0), (0, 0), (1, 1), (1, 1)])
    table["\u258c"] = from_rows([(1, 0)] * 4)
    table["\u2590"] = from_rows([(0, 1)] * 4)
    quads = {0x2596: (0, 0, 1, 0), 0x2597: (0, 0, 0, 1), 0x2598: (1, 0, 0, 0), 0x2599: (1, 0, 1, 1),
             0x259A: (1, 0, 0, 1), 0x259B: (1, 1, 1, 0), 0x259C: (1, 1, 0, 1), 0x259D: (0, 1, 0, 0),
             0x259E: (0, 1, 1, 0), 0x259F: (0, 1, 1, 1)}
    for cp, (ul, ur, ll, lr) in quads.items():
        table[chr(cp)] = from_rows([(ul, ur), (ul, ur), (ll, lr), (ll, lr)])
    # Sextants: 3 rows over 4 sub-rows (each sextant row 4/3 of a sub-row).
    weights = np.array([[1, 0, 0], [1 / 3, 2 / 3, 0], [0, 2 / 3, 1 / 3], [0, 0, 1]])
    index = 0
    for mask in range(1, 63):
        if mask in (21, 42):
            continue
        rows = np.array([[(mask >> (2 * r)) & 1, (mask >> (2 * r + 1)) & 1] for r in range(3)], float)
        table[chr(0x1FB00 + index)] = weights @ rows
        index += 1
    # Octants: Unicode 16 from U+1CD00 in mask order, skipping the 26 patterns older characters draw.
    elsewhere = {0x00: 0x20, 0x01: 0x1CEA8, 0x02: 0x1CEAB, 0x03: 0x1FB82, 0x05: 0x2598, 0x0A: 0x259D,
                 0x0F: 0x2580, 0x14: 0x1FBE6, 0x28: 0x1FBE7, 0x3F: 0x1FB85, 0x40: 0x1CEA3, 0x50: 0x2596,
                 0x55: 0x258C, 0x5A: 0x259E, 0x5F: 0x259B, 0x80: 0x1CEA0, 0xA0: 0x2597, 0xA5: 0x259A,
                 0xAA: 0x2590, 0xAF: 0x259C, 0xC0: 0x2582, 0xF0: 0x2584, 0xF5: 0x2599, 0xFA: 0x259F,
                 0xFC: 0x2586, 0xFF: 0x2588}
    following = 0x1CD00
    for mask in range(256):
        rows = [[(mask >> (2 * r)) & 1, (mask >> (2 * r + 1)) & 1] for r in range(4)]
        if mask in elsewhere:
            table.setdefault(chr(elsewhere[mask]), from_rows(rows))
        else:
            table[chr(following)] = from_rows(rows)
            following += 1
    return table


COVER = coverage_table()
GLYPHS = list(COVER)
GLYPH_INDEX = {char: k for k, char in enumerate(GLYPHS)}
MASKS = np.stack([COVER[c] for c in GLYPHS])  # (glyphs, 4, 2)
UNKNOWN = len(GLYPHS)  # any other glyph: half ink
MASKS = np.concatenate([MASKS, np.full((1, 4, 2), 0.5)])

TOKEN = re.compile(rb"\x1b\[([0-9;?:]*)([@-~])|\x1b([P_\]])|\x1b(.)|([\x00-\x1a\x1c-\x1f])|([^\x00-\x1f]+)", re.S)


class Terminal:
    """Cells and pictures, as the bytes paint them."""

    def __init__(self):
        self.glyph = np.full((ROWS, COLUMNS), GLYPH_INDEX[" "], np.int32)
        self.fg = np.zeros((ROWS, COLUMNS, 3), np.uint8)
        self.bg = np.zeros((ROWS, COLUMNS, 3), np.uint8)
        self.row = self.column = 0
        self.cur_fg = DEFAULT_FG
        self.cur_bg = DEFAULT_BG
        self.last = " "
        self.dirty = False

    def render(self):
        """The screen at 2x4 pixels a cell, float RGB."""
        masks = MASKS[self.glyph]  # (rows, cols, 4, 2)
        fg = self.fg.astype(np.float32)[:, :, None, None, :]
        bg = self.bg.astype(np.float32)[:, :, None, None, :]
        image = masks[..., None] * fg + (1 - masks[..., None]) * bg  # (rows, cols, 4, 2, 3)
        return image.transpose(0, 2, 1, 3, 4).reshape(HEIGHT, WIDTH, 3)

    def put_text(self, text):
        for char in text:
            if self.column >= COLUMNS:
                self.column = 0
                self.row = min(ROWS - 1, self.row + 1)
            self.put(char)
            self.column += 1
        self.last = text[-1] if text else self.last

    def put(self, char):
        r, c = self.row, self.column
        self.glyph[r, c] = GLYPH_INDEX.get(char, UNKNOWN)
        self.fg[r, c] = self.cur_fg
        self.bg[r, c] = self.cur_bg
        self.dirty = True

    def sgr(self, params):
        numbers = [int(p) if p.isdigit() else 0 for p in params.replace(":", ";").split(";")] if params else [0]
        for code, colour in sgr_settings(numbers):
            if code == "reset":
                self.cur_fg, self.cur_bg = DEFAULT_FG, DEFAULT_BG
            elif code == "fg":
                self.cur_fg = colour or DEFAULT_FG
            elif code == "bg":
                self.cur_bg = colour or DEFAULT_BG

    def csi(self, params, final):
        """Returns True at a synchronized update's end."""
        if params.startswith("?"):
            return params == "?2026" and final == "l"
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []

        def arg(i, default=1):
            return numbers[i] if len(numbers) > i and numbers[i] else default

        if final in "Hf":
            self.row, self.column = min(ROWS, arg(0)) - 1, min(COLUMNS, arg(1)) - 1
        elif final == "A":
            self.row = max(0, self.row - arg(0))
        elif final == "C":
            self.column = min(COLUMNS - 1, self.column + arg(0))
        elif final == "D":
            self.column = max(0, self.column - arg(0))
        elif final == "G":
            self.column = min(COLUMNS, arg(0)) - 1
        elif final == "d":
            self.row = min(ROWS, arg(0)) - 1
        elif final == "m":
            self.sgr(params)
        elif final == "b":
            self.put_text(self.last * min(arg(0), COLUMNS - self.column))
        elif final in "XKJ":
            if final == "X":
                first, last, rows = self.column, min(COLUMNS, self.column + arg(0)), [self.row]
            elif final == "K":
                first, last, rows = {0: (self.column, COLUMNS), 1: (0, self.column + 1)}.get(arg(0, 0), (0, COLUMNS)) + ([self.row],)
            else:
                first, last, rows = 0, COLUMNS, range(ROWS) if arg(0, 0) == 2 else range(self.row, ROWS)
            for r in rows:
                self.glyph[r, first:last] = GLYPH_INDEX[" "]
                self.bg[r, first:last] = self.cur_bg
            self.dirty = True
        return False


def string_end(data, at, introducer):
    """Where the string from `at` ends (its terminator's first byte) and after it."""
    st = data.find(b"\x1b\\", at)
    bel = data.find(b"\x07", at) if introducer == b"]" else -1
    ends = [e for e in (st, bel) if e >= 0]
    if not ends:
        return len(data), len(data)
    end = min(ends)
    return end, end + (1 if end == bel else 2)


def replay(data, times, cells, on_frame, on_picture, peer=None):
    """Feeds `data` to a `Terminal`: `on_frame(time, terminal)` at each frame's end (cells),
    `on_picture(time, kind, payload)` at each complete picture. `peer` says where a frame
    ends for a program without synchronized updates: "mpv" (its next frame's ESC[0;0f) or
    "timg" (its next frame's cursor-up to the picture's top, ESC[45A, and the end)."""
    offsets = [o for o, _ in times]
    terminal = Terminal()
    kitty_chunks = []
    at = 0
    while True:
        match = TOKEN.search(data, at)
        if not match:
            break
        at = match.end()

        def when():
            return times[max(0, bisect.bisect_right(offsets, match.start()) - 1)][1]

        if match.group(2):
            final = match.group(2).decode()
            params = match.group(1).decode()
            frame_start = (peer == "mpv" and final == "f" and params in ("0;0", "1;1", "", "0;1", "1;0")) or \
                (peer == "timg" and final == "A")
            if frame_start and terminal.dirty:
                on_frame(when(), terminal)
                terminal.dirty = False
            if terminal.csi(params, final) and (terminal.dirty or not cells):
                on_frame(when(), terminal)
                terminal.dirty = False
        elif match.group(3):
            introducer = match.group(3)
            end, after = string_end(data, at, introducer)
            payload = data[at:end]
            at = after
            if introducer == b"P":
                head = re.match(rb"[\d;]*q", payload)
                if head:
                    on_picture(when(), "sixel", payload[head.end():], terminal.row, terminal.column)
            elif introducer == b"_" and payload.startswith(b"G"):
                keys_text, _, body = payload[1:].partition(b";")
                keys = dict(p.split(b"=", 1) for p in keys_text.split(b",") if b"=" in p)
                if keys.get(b"a") == b"d":
                    continue
                kitty_chunks.append((keys, body, terminal.row, terminal.column))
                if keys.get(b"m", b"0") == b"0" and kitty_chunks:
                    first, _, row, column = kitty_chunks[0]
                    if first.get(b"a") in (b"T", b"f", b"t"):
                        on_picture(when(), "kitty", (first, b"".join(c[1] for c in kitty_chunks)), row, column)
                    kitty_chunks = []
            elif introducer == b"]" and payload.startswith(b"1337;File="):
                on_picture(when(), "iterm", payload[len(b"1337;File="):], terminal.row, terminal.column)
        elif match.group(4):
            if match.group(4) in b"()*+#%":
                at += 1  # a character set's designation: its letter is not text
        elif match.group(5):
            char = match.group(5)
            if char == b"\r":
                terminal.column = 0
            elif char == b"\n":
                terminal.row = min(ROWS - 1, terminal.row + 1)
        elif match.group(6) and cells:
            terminal.put_text(match.group(6).decode("utf-8", "replace"))
    if peer == "timg" and terminal.dirty:  # its last frame ends with the output
        on_frame(times[-1][1], terminal)
    return terminal
