"""The player in a pseudo-terminal, watched from the terminal's side: shared by
scripts/slow-terminal, scripts/av-sync and scripts/soak.

`PtyProgram` runs a command on the slave side of a pty of a given size and reads the master
side on its own thread, as a terminal would: optionally no faster than a byte rate (a slow
link), stamping every read with the monotonic time it arrived. `Screen` is a small model of
what those bytes paint (cursor moves, SGR colours, erases, repeats): enough to tell what
colour each cell shows, which is all the scripts ask of it. Frames are delimited by the
synchronized-update markers the rasterizer wraps every frame in (ESC[?2026h … ESC[?2026l),
so "a frame reached the terminal" is the read that carried its closing marker.
"""
import codecs
import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import threading
import time

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


class PtyProgram:
    """`argv` on a pty of `columns` x `rows`. With `drain_rate` (bytes per second) the reader
    takes no more than that, in slices of 10 ms, so the program meets a slow terminal's
    back-pressure. `on_frame(time, screen)` is called on the reader thread as each frame ends.
    With `cell` (width, height in pixels) the pty says its size in pixels too, as a terminal
    that shows pictures does, and the screen model reads the pictures."""

    def __init__(self, argv, columns, rows, env=None, drain_rate=None, on_frame=None, cell=None):
        self.columns, self.rows = columns, rows
        self.drain_rate = drain_rate
        self.on_frame = on_frame
        self.screen = Screen(columns, rows, cell)
        self.bytes_read = 0
        self.frames = 0
        self.restored_at = None
        self.lock = threading.Lock()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, columns * cell[0] if cell else 0,
                                                             rows * cell[1] if cell else 0))
        environment = dict(os.environ)
        environment.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", "LINES": str(rows),
                            "COLUMNS": str(columns)})
        environment.pop("TMUX", None)
        environment.update(env or {})

        def controlling_terminal():
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=environment,
                                        start_new_session=True, preexec_fn=controlling_terminal, close_fds=True)
        os.close(slave)
        self.master = master
        self.started = time.monotonic()
        self.reader = threading.Thread(target=self.read_loop, daemon=True)
        self.reader.start()

    def read_loop(self):
        budget = 0.0
        last = time.monotonic()
        while True:
            if self.drain_rate:
                now = time.monotonic()
                budget = min(self.drain_rate * 0.02, budget + (now - last) * self.drain_rate)
                last = now
                if budget < 1:
                    time.sleep(0.01)
                    continue
                size = int(budget)
            else:
                size = 65536
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                if self.process.poll() is not None and not self.reader_has_more():
                    return
                continue
            try:
                data = os.read(self.master, min(size, 65536))
            except OSError:
                return
            if not data:
                return
            arrived = time.monotonic()
            if self.drain_rate:
                budget -= len(data)
            with self.lock:
                self.bytes_read += len(data)
                was_alternate = self.screen.alternate
                ended = self.screen.feed(data)
                if was_alternate and not self.screen.alternate and self.restored_at is None:
                    self.restored_at = arrived
                if ended:
                    self.frames += ended
                    if self.on_frame:
                        self.on_frame(arrived, self.screen)

    def reader_has_more(self):
        ready, _, _ = select.select([self.master], [], [], 0)
        return bool(ready)

    def send(self, data):
        os.write(self.master, data.encode() if isinstance(data, str) else data)

    def wait(self, timeout):
        """The exit status, or None if the program is still running after `timeout` s."""
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def finish(self, timeout=5):
        """Waits for the program and for the reader to drain what it wrote; kills it if it
        does not exit in `timeout` s."""
        code = self.wait(timeout)
        if code is None:
            self.process.kill()
            code = self.process.wait()
        self.reader.join(timeout=30)
        os.close(self.master)
        return code


class DiskSound:
    """Follows the file SDL's disk driver writes (SDL_AUDIODRIVER=disk): the driver writes one
    period at a time as a sound card would play it, then sleeps for the period, so the moment
    period k is written is the moment its first sample is heard. Polled every millisecond on
    its own thread.

    The driver writes through stdio, whose 4 KB buffer holds back the tail of each period
    until the next: the file's size after period k lies in (k*P - 4096, k*P] for a period of
    P > 4096 bytes, so the first size seen with ceil(size / P) == k dates period k."""

    STDIO_BUFFER = 4096

    def __init__(self, path, period_bytes):
        if period_bytes <= self.STDIO_BUFFER:
            raise ValueError(f"a period of {period_bytes} bytes is shorter than stdio's buffer")
        self.path = path
        self.period_bytes = period_bytes
        self.period_written = {}  # period number (from 1) -> monotonic time it was written
        self.running = True
        self.thread = threading.Thread(target=self.poll, daemon=True)
        self.thread.start()

    def poll(self):
        while self.running:
            try:
                size = os.stat(self.path).st_size
            except FileNotFoundError:
                size = 0
            now = time.monotonic()
            periods = -(-size // self.period_bytes)
            for period in range(len(self.period_written) + 1, periods + 1):
                self.period_written[period] = now
            time.sleep(0.001)

    def stop(self):
        self.running = False
        self.thread.join()

    def heard_at(self, byte_offset, bytes_per_second):
        """When the sample at `byte_offset` was heard, or None if it was never written."""
        period = byte_offset // self.period_bytes + 1
        written = self.period_written.get(period)
        if written is None:
            return None
        return written + (byte_offset - (period - 1) * self.period_bytes) / bytes_per_second
