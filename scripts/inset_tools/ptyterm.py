"""The player in a pseudo-terminal, watched from the terminal's side: shared by
scripts/slow-terminal, scripts/av-sync, scripts/soak and the benchmarks.

`PtyProgram` runs a command on the slave side of a pty of a given size and reads the master
side on its own thread, as a terminal would: optionally no faster than a byte rate (a slow
link), stamping every read with the monotonic time it arrived, and feeds what it reads to a
`Screen` (cellscreen.py: what those bytes paint). `DiskSound` watches SDL's disk driver
write the sound, as a card plays it.
"""
import fcntl
import os
import select
import struct
import subprocess
import termios
import threading
import time

from .cellscreen import Screen


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
