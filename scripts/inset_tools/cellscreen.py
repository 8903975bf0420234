"""What a terminal shows of the bytes a program writes, in cells: `Screen`, a small model
of what those bytes paint (cursor moves, SGR colours, erases, repeats), enough to tell what
colour each cell shows, which is all the scripts ask of it; with a cell size in pixels it
reads pictures too (ptypictures.py). Frames are delimited by the synchronized-update
markers the rasterizer wraps every frame in (ESC[?2026h … ESC[?2026l), so "a frame reached
the terminal" is the read that carried its closing marker. `sgr_settings` reads SGR's
parameters (linkreplay.py's terminal model uses it too). The pty the bytes come through is
ptyterm.py's.
"""
import codecs
import re

from .whitecount import WhiteCount

FRAME_END = "?2026l"
STRING_END = re.compile("[\x1b\x07]")


def xterm_palette(index):
    """RGB of xterm's 256-colour palette entry `index`."""
    base16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
              (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
              (255, 0, 255), (0, 255, 255), (255, 255, 255)]
    if index < 16:
        return base16[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[index // 36], steps[(index // 6) % 6], steps[index % 6]
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


def bright(color):
    return color is not None and min(color) >= 200


class Screen:
    """Cells as (character, foreground, background); colours are RGB tuples or None for the
    terminal's default. `white` counts cells that show white across their whole area (a
    space on a white background, a half block white above and below, a full block in white).
    Given the `cell` size in pixels, pictures (sixel, kitty graphics, iTerm2 images) count too: a cell a
    white picture covers is white (`ptypictures.Pictures`)."""

    def __init__(self, columns, rows, cell=None):
        self.columns, self.rows = columns, rows
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.state = "ground"
        self.params = ""
        self.fg = self.bg = None
        self.reverse = False
        self.row = self.column = 0
        self.last_char = " "
        self.cells = [[(" ", None, None)] * columns for _ in range(rows)]
        self.cells_white = 0
        self.text_after_exit = ""
        self.alternate = False
        self.pictures = None
        if cell:
            from .ptypictures import Pictures  # numpy and Pillow only where pictures are read
            self.pictures = Pictures(columns, rows, cell)
        self.string = None  # a DCS or APC string being read for the pictures: (introducer, row, column, parts)

    def white_count(self):
        """White cells now, as a `WhiteCount` whose `value()` waits for the
        pictures it counts to be decoded: a reader keeps it and reads the number later."""
        if not self.pictures or not self.pictures.covered:
            return WhiteCount(self.cells_white, [])
        return self.pictures.white_count(self.cells_white, lambda at: self.is_white(self.cells[at[0]][at[1]]))

    @property
    def white(self):
        """White cells now (pictures counted once decoded)."""
        return self.white_count().value()

    @staticmethod
    def is_white(cell):
        char, fg, bg = cell
        if char == "\u2588":
            return bright(fg)
        if char in ("\u2580", "\u2584"):
            return bright(fg) and bright(bg)
        return char == " " and bright(bg)

    def put(self, row, column, cell):
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            return
        old = self.cells[row][column]
        self.cells_white += self.is_white(cell) - self.is_white(old)
        self.cells[row][column] = cell
        if self.pictures:
            self.pictures.cell_written(row, column)

    def colors(self):
        return (self.bg, self.fg) if self.reverse else (self.fg, self.bg)

    def erase(self, row, first, last):
        fg, bg = self.colors()
        for column in range(first, last):
            self.put(row, column, (" ", fg, bg))

    def text(self, row):
        return "".join(cell[0] for cell in self.cells[row])

    def feed(self, data):
        """Applies `data` (bytes); returns how many frames ended in it."""
        frames = 0
        text = self.decoder.decode(data)
        at, count = 0, len(text)
        while at < count:
            if self.state == "string":
                # A string's body in one step: sixel and kitty pictures are most of the bytes.
                end = STRING_END.search(text, at)
                stop = end.start() if end else count
                if self.string:
                    self.string[3].append(text[at:stop])
                if not end:
                    break
                self.state = "ground" if text[stop] == "\x07" else "string-escape"
                if self.state == "ground":
                    self.string_ended()
                at = stop + 1
                continue
            char = text[at]
            at += 1
            state = self.state
            if state == "ground":
                if char == "\x1b":
                    self.state = "escape"
                elif char == "\r":
                    self.column = 0
                elif char == "\n":
                    self.row = min(self.rows - 1, self.row + 1)
                elif char == "\b":
                    self.column = max(0, self.column - 1)
                elif char >= " ":
                    if not self.alternate:
                        self.text_after_exit += char
                    if self.column >= self.columns:
                        self.column = 0
                        self.row = min(self.rows - 1, self.row + 1)
                    fg, bg = self.colors()
                    self.put(self.row, self.column, (char, fg, bg))
                    self.last_char = char
                    self.column += 1
            elif state == "escape":
                if char == "[":
                    self.state, self.params = "csi", ""
                elif char in "]PX^_":
                    self.state = "string"
                    if self.pictures and char in "P_]":
                        self.string = (char, self.row, self.column, [])
                elif char in "()*+#%":
                    self.state = "charset"
                elif char in "78":  # DECSC, DECRC (pictures through tmux put the cursor back)
                    self.state = "ground"
                    if char == "7":
                        self.saved_cursor = (self.row, self.column)
                    else:
                        self.row, self.column = getattr(self, "saved_cursor", (0, 0))
                else:
                    self.state = "ground"
            elif state == "charset":
                self.state = "ground"
            elif state == "string-escape":
                if char == "\\":
                    self.state = "ground"
                    self.string_ended()
                else:  # an ESC inside the string: tmux doubles them; keep reading it
                    self.state = "string"
                    if self.string:
                        self.string[3].append("\x1b" + char)
            elif state == "csi":
                if "@" <= char <= "~":
                    self.state = "ground"
                    frames += self.csi(self.params, char)
                else:
                    self.params += char
        return frames

    def string_ended(self):
        if self.string:
            introducer, row, column, parts = self.string
            self.string = None
            self.pictures.finished(introducer, "".join(parts), row, column)

    def csi(self, params, final):
        private = params[:1] in ("?", ">", "<", "=")
        if private:
            if final in "hl" and params[1:] in ("1049", "47", "1047"):
                self.alternate = final == "h"
            return 1 if params + final == FRAME_END else 0
        numbers = [int(p) if p.isdigit() else 0 for p in params.replace(":", ";").split(";")] if params else []

        def arg(i, default=1):
            return numbers[i] if len(numbers) > i and numbers[i] else default

        if final in "Hf":
            self.row, self.column = min(self.rows, arg(0)) - 1, min(self.columns, arg(1)) - 1
        elif final == "C":
            self.column = min(self.columns - 1, self.column + arg(0))
        elif final == "D":
            self.column = max(0, self.column - arg(0))
        elif final == "A":
            self.row = max(0, self.row - arg(0))
        elif final == "B":
            self.row = min(self.rows - 1, self.row + arg(0))
        elif final == "G":
            self.column = min(self.columns, arg(0)) - 1
        elif final == "d":
            self.row = min(self.rows, arg(0)) - 1
        elif final == "m":
            self.sgr(numbers or [0])
        elif final == "b":
            fg, bg = self.colors()
            for _ in range(arg(0)):
                if self.column < self.columns:
                    self.put(self.row, self.column, (self.last_char, fg, bg))
                    self.column += 1
        elif final == "X":
            self.erase(self.row, self.column, min(self.columns, self.column + arg(0)))
        elif final == "K":
            mode = arg(0, 0)
            first, last = {0: (self.column, self.columns), 1: (0, self.column + 1)}.get(mode, (0, self.columns))
            self.erase(self.row, first, last)
        elif final == "J":
            mode = arg(0, 0)
            if mode == 0:
                self.erase(self.row, self.column, self.columns)
                rows = range(self.row + 1, self.rows)
            elif mode == 1:
                self.erase(self.row, 0, self.column + 1)
                rows = range(0, self.row)
            else:
                rows = range(self.rows)
                if self.pictures:
                    self.pictures.erased()
            for row in rows:
                self.erase(row, 0, self.columns)
        return 0

    def sgr(self, numbers):
        for code, colour in sgr_settings(numbers):
            if code == "reset":
                self.fg = self.bg = None
                self.reverse = False
            elif code == "fg":
                self.fg = colour
            elif code == "bg":
                self.bg = colour
            elif code in (7, 27):
                self.reverse = code == 7


def sgr_settings(numbers):
    """What SGR's parameters set, in order: ("fg" or "bg", an RGB tuple, or None for the
    default), ("reset", None), or (code, None) for any other code. Colours in RGB (38;2),
    the 256 palette (38;5) and the 16 (30-37, 90-97 and the backgrounds')."""
    i = 0
    while i < len(numbers):
        n = numbers[i]
        if n in (38, 48) and i + 1 < len(numbers):
            colour = None
            if numbers[i + 1] == 2 and i + 4 < len(numbers):
                colour = tuple(numbers[i + 2:i + 5])
                i += 4
            elif numbers[i + 1] == 5 and i + 2 < len(numbers):
                colour = xterm_palette(numbers[i + 2])
                i += 2
            yield ("fg" if n == 38 else "bg"), colour
        elif 30 <= n <= 37 or 90 <= n <= 97:
            yield "fg", xterm_palette(n - 30 if n < 90 else n - 82)
        elif 40 <= n <= 47 or 100 <= n <= 107:
            yield "bg", xterm_palette(n - 40 if n < 100 else n - 92)
        elif n in (39, 49):
            yield ("fg" if n == 39 else "bg"), None
        elif n == 0:
            yield "reset", None
        else:
            yield n, None
        i += 1
