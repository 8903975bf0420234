"""What pictures in pixels show, for the terminal model in cellscreen.py: sixel images (DCS …
q … ST), kitty graphics (APC G … ST) and iTerm2 inline images (OSC 1337 ; File= … BEL,
a JPEG in base64, sized by its width= and height= in cells) read from the player's output, reduced to which
cells they cover and whether each picture is white there. That is all scripts/av-sync asks
of a picture: when the screen turned white, in pixels as in cells.

A picture covers the cells from where the cursor was when it began, as many as its pixels
span at the pty's cell size: a sixel by its raster attributes ("1;1;W;H), a kitty
placement by its c= and r= keys. A picture is white where at least half its pixels are (every
channel 200 or more of 255; a sixel colour 80% or more). Sixel pixels stay until cells are
written over them or the screen is erased; a kitty placement until its image id is
placed again or deleted (a=d). A complete picture is decoded on a worker thread (kitty's
PNG by Pillow): decoding on the reader's thread made it fall behind a busy picture stream
and stamp flashes 100-200 ms late. So whether the screen is white is a `WhiteCount`,
resolved once the pictures it depends on are decoded.
"""
import base64
import io
import re
import zlib
from concurrent.futures import ThreadPoolExecutor

import numpy as np  # imported here, not at the first picture: that took 150 ms of the reader's time
from PIL import Image

from .whitecount import WhiteCount


SIXEL_HEAD = re.compile(r"[\d;]*q")
RASTER = re.compile(r'"(\d+);(\d+);(\d+);(\d+)')
DEFINITION = re.compile(r"#(\d+);2;(\d+);(\d+);(\d+)")
POPCOUNT_TABLE = np.array([bin(b - 63).count("1") if 63 <= b <= 126 else 0 for b in range(256)], np.uint8)


def numbers_after(data, marks):
    """The decimal number right after each position in `marks` (0 when none), and where
    the byte after it is: vectorised, as a picture has tens of thousands of them."""
    window = np.minimum(marks[:, None] + np.arange(1, 6)[None, :], len(data) - 1)
    digits = data[window].astype(np.int64) - 48
    is_digit = (digits >= 0) & (digits <= 9)
    count = np.where(is_digit.all(axis=1), 5, np.argmin(is_digit, axis=1))
    values = np.zeros(len(marks), np.int64)
    for k in range(5):
        take = k < count
        values = np.where(take, values * 10 + np.where(is_digit[:, k], digits[:, k], 0), values)
    return values, marks + 1 + count


def sixel_white_fraction(body):
    """The share of a sixel's painted pixels that are white: each colour's run of sixel
    characters counts its set bits (a repeat !n counts n times). In numpy throughout: it
    runs beside the player on the same cores, and Python loops over a picture's repeats
    and colour changes held the reader to 5 MB/s."""
    white = np.zeros(1 << 16, bool)
    defined = 0
    for match in DEFINITION.finditer(body):
        defined += 1
        white[int(match[1])] = min(int(match[2]), int(match[3]), int(match[4])) >= 80
    # A marker's flash turns the whole frame white, every colour of it; an ordinary frame
    # has a few white colours among many (a bright sky): under a quarter of its colours
    # white, it is not taken for a flash, and the count below is spared.
    if defined and white.sum() * 4 < defined:
        return 0.0
    data = np.frombuffer(body.encode("latin-1"), np.uint8)
    if not len(data):
        return 0.0
    bits = POPCOUNT_TABLE[data].astype(np.int32)  # digits, ';', '!', '#', '$', '-' count 0
    bangs = np.flatnonzero(data == ord("!"))
    if len(bangs):
        counts, chars = numbers_after(data, bangs)
        inside = chars < len(data)
        bits[chars[inside]] *= counts[inside]
    hashes = np.flatnonzero(data == ord("#"))
    if not len(hashes):
        return 0.0
    colors, _ = numbers_after(data, hashes)
    sums = np.add.reduceat(bits, hashes)
    total = int(sums.sum())
    return int(sums[white[np.minimum(colors, len(white) - 1)]].sum()) / total if total else 0.0


def rgb_white_fraction(image):
    """The share of white pixels in a Pillow image, on its 4x4 means (the reader's time is
    the terminal's: a full-size pass took 25 ms a picture)."""
    pixels = np.asarray(image.convert("RGB").reduce(4))
    return float((pixels.min(axis=2) >= 200).mean()) if pixels.size else 0.0


class Pictures:
    """The pictures over a screen of `columns` x `rows` cells of `cell` (width, height) pixels."""

    def __init__(self, columns, rows, cell):
        self.columns, self.rows, self.cell = columns, rows, cell
        self.covered = {}  # (row, column) -> (owner, white): owner "sixel" or a kitty image id; white maybe a Future
        self.kitty_pending = None  # (keys of the first chunk, row, column, payload chunks)
        self.decoder = ThreadPoolExecutor(max_workers=1)
        self.iterm = []  # each iTerm2 picture: (row, column, keys, base64 characters)
        self.last_iterm = None  # the last iTerm2 picture's JPEG bytes
        self.last_kitty = None  # the last kitty picture: (keys, row, column, base64)
        self.iterm_placed = 0  # iTerm2 pictures placed (a JPEG that does not decode is too)
        self.iterm_parts = None  # a multipart picture being read: (keys, row, column, parts)
        self.placed_cells = {}  # (owner, white) -> cells the picture covered when placed

    def finished(self, introducer, payload, row, column):
        """A DCS (`P`) or APC (`_`) string ended; `row`, `column`: the cursor when it began."""
        if introducer == "P":
            head = SIXEL_HEAD.match(payload)
            if head:
                self.sixel(payload[head.end():], row, column)
        elif introducer == "_" and payload.startswith("G"):
            self.kitty(payload[1:], row, column)
        elif introducer == "]" and payload.startswith("1337;File="):
            self.iterm_image(payload[len("1337;File="):], row, column)
        elif introducer == "]" and payload.startswith("1337;MultipartFile="):
            # iTerm2's multipart form (what tmux passes on): the keys, the parts, the end.
            self.iterm_parts = (payload[len("1337;MultipartFile="):], row, column, [])
        elif introducer == "]" and payload.startswith("1337;FilePart=") and self.iterm_parts:
            self.iterm_parts[3].append(payload[len("1337;FilePart="):])
        elif introducer == "]" and payload == "1337;FileEnd" and self.iterm_parts:
            keys, _, _, parts = self.iterm_parts
            self.iterm_parts = None
            self.iterm_image(keys + ":" + "".join(parts), row, column)  # shown where FileEnd finds the cursor

    def iterm_image(self, command, row, column):
        """An iTerm2 picture covers `width` x `height` cells (the player gives both in cells)."""
        keys_text, _, data = command.partition(":")
        keys = dict(pair.split("=", 1) for pair in keys_text.split(";") if "=" in pair)
        if keys.get("inline") != "1" or not keys.get("width", "").isdigit() or not keys.get("height", "").isdigit():
            return
        self.iterm.append((row, column, keys, len(data)))
        self.iterm_placed += 1
        try:
            self.last_iterm = base64.b64decode(data)
        except Exception:  # cut short: the terminal drops it
            return
        payload = self.last_iterm
        white = self.decoder.submit(lambda: rgb_white_fraction(Image.open(io.BytesIO(payload))) >= 0.5)
        self.place("iterm", row, column, int(keys["width"]), int(keys["height"]), white)

    def sixel(self, body, row, column):
        raster = RASTER.match(body)
        if not raster:
            return
        width, height = int(raster[3]), int(raster[4])
        white = self.decoder.submit(lambda: sixel_white_fraction(body[raster.end():]) >= 0.5)
        self.place("sixel", row, column, -(-width // self.cell[0]), -(-height // self.cell[1]), white)

    def kitty(self, command, row, column):
        keys_text, _, data = command.partition(";")
        keys = dict(pair.split("=", 1) for pair in keys_text.split(",") if "=" in pair)
        if self.kitty_pending is None:
            if keys.get("a") == "d":
                image = keys.get("i")
                self.remove(lambda owner: image is None or owner == image)
                return
            self.kitty_pending = (keys, row, column, [])
        self.kitty_pending[3].append(data)
        if keys.get("m", "0") == "1":
            return
        first, at_row, at_column, chunks = self.kitty_pending
        self.kitty_pending = None
        if first.get("a") not in ("T", "p") or "c" not in first or "r" not in first:
            return
        self.last_kitty = (first, at_row, at_column, "".join(chunks))
        white = self.decoder.submit(self.kitty_is_white, first, self.last_kitty[3])
        image = first.get("i", "0")
        self.remove(lambda owner: owner == image)
        self.place(image, at_row, at_column, int(first["c"]), int(first["r"]), white)

    @classmethod
    def kitty_is_white(cls, keys, text):
        try:
            return cls.kitty_white(keys, base64.b64decode(text)) >= 0.5
        except Exception:  # a picture cut short: the terminal drops it (counted not white)
            return False

    @staticmethod
    def kitty_white(keys, payload):
        if keys.get("f") == "100":
            return rgb_white_fraction(Image.open(io.BytesIO(payload)))
        data = zlib.decompress(payload) if keys.get("o") == "z" else payload
        mode = "RGBA" if keys.get("f") == "32" else "RGB"
        return rgb_white_fraction(Image.frombytes(mode, (int(keys["s"]), int(keys["v"])), data))

    def place(self, owner, row, column, columns, rows, white):
        cells = (min(self.rows, row + rows) - max(0, row)) * (min(self.columns, column + columns) - max(0, column))
        if len(self.placed_cells) > 64:  # forget the pictures nothing is left of
            live = {id(value[1]) for value in self.covered.values()}
            self.placed_cells = {key: count for key, count in self.placed_cells.items() if id(key[1]) in live}
        self.placed_cells[(owner, white)] = cells
        for r in range(max(0, row), min(self.rows, row + rows)):
            for c in range(max(0, column), min(self.columns, column + columns)):
                self.covered[(r, c)] = (owner, white)

    def debris(self):
        """Pictures of which only some cells are left (text was written over the rest):
        what a terminal would still show where nothing should be. A picture that is shown
        is never written over (the player cuts it where anything else is drawn), and one
        that moved or went is written over, or covered by the next, whole.
        Returns [(owner, cells left, cells placed)]."""
        left, placed = {}, {}
        for (owner, white), count in self.placed_cells.items():
            placed[id(white)] = (owner, count)
        for owner, white in self.covered.values():
            left[id(white)] = left.get(id(white), 0) + 1
        return [(placed[key][0], count, placed[key][1]) for key, count in left.items()
                if key in placed and count < placed[key][1]]

    def remove(self, which):
        self.covered = {at: value for at, value in self.covered.items() if not which(value[0])}

    def cell_written(self, row, column):
        """Text drawn over a sixel's or an iTerm2 picture's pixels replaces them (a kitty
        picture under text stays)."""
        value = self.covered.get((row, column))
        if value is not None and value[0] in ("sixel", "iterm"):
            del self.covered[(row, column)]

    def erased(self):
        self.covered = {}

    def white_count(self, cells_white, is_white_cell):
        """The screen's `WhiteCount`: `cells_white` corrected where pictures cover cells."""
        parts = {}
        for at, (_, white) in self.covered.items():
            covered, under = parts.get(id(white), (white, 0, 0))[1:]
            parts[id(white)] = (white, covered + 1, under + is_white_cell(at))
        return WhiteCount(cells_white, list(parts.values()))
