"""What goes wrong in scripts/http-serve (its faults, changed by the control endpoint while it
runs; the keys are in inset_tools/http_serve.py's docstring), and the Range header a fault cuts into."""
import fnmatch
import threading
import time


class Faults:
    """What goes wrong, shared by every connection; the control endpoint changes it, and a
    change wakes every response waiting on it (a stall lifted, a throttle lifted)."""

    def __init__(self):
        self.changed = threading.Condition()
        self.rate = 0
        self.stall_at = None
        self.stall_for = 0.0
        self.reset_at = None
        self.reset_times = 0  # 0: every time
        self.resets_done = 0
        self.only = "*"
        self.statuses = {}
        self.redirects = {}
        self.grown = {}  # path -> (first segments, time it started)
        self.ranges = True
        # The link's token bucket: when the next byte may leave.
        self.link_free_at = time.monotonic()

    def as_json(self):
        with self.changed:
            return {
                "rate": self.rate, "stall_at": self.stall_at, "stall_for": self.stall_for,
                "reset_at": self.reset_at, "reset_times": self.reset_times, "resets_done": self.resets_done,
                "only": self.only, "status": self.statuses,
                "redirect": {k: {"to": v[0], "code": v[1]} for k, v in self.redirects.items()},
                "grow": {k: v[0] for k, v in self.grown.items()},
                "ranges": self.ranges,
            }

    def apply(self, key, value):
        """One change, by the control endpoint's key; raises ValueError on a bad one."""
        key = key.replace("-", "_")
        none = value.lower() in ("", "none", "off")
        with self.changed:
            if key == "rate":
                self.rate = 0 if none else int(value)
                self.link_free_at = time.monotonic()
            elif key == "stall_at":
                self.stall_at = None if none else int(value)
            elif key == "stall_for":
                self.stall_for = float(value)
            elif key == "reset_at":
                self.reset_at = None if none else int(value)
                self.resets_done = 0
            elif key == "reset_times":
                self.reset_times = int(value)
            elif key == "only":
                self.only = value or "*"
            elif key == "status":
                if none:
                    self.statuses.clear()
                else:
                    path, code = split_pair(value)
                    self.statuses[path] = int(code)
            elif key == "redirect":
                if none:
                    self.redirects.clear()
                else:
                    parts = split_many(value)
                    if len(parts) not in (2, 3):
                        raise ValueError("redirect wants FROM:TO[:CODE]")
                    self.redirects[parts[0]] = (parts[1], int(parts[2]) if len(parts) == 3 else 302)
            elif key == "grow":
                parts = split_many(value)
                self.grown[parts[0]] = (int(parts[1]) if len(parts) > 1 else 2, time.monotonic())
            elif key == "ranges":
                self.ranges = not none and value.lower() not in ("0", "no", "false")
            elif key == "clear":
                self.rate, self.stall_at, self.stall_for, self.reset_at = 0, None, 0.0, None
                self.ranges = True
                self.reset_times, self.resets_done, self.only = 0, 0, "*"
                self.statuses.clear()
                self.redirects.clear()
            else:
                raise ValueError("unknown key " + key)
            self.changed.notify_all()

    def applies_to(self, path):
        return fnmatch.fnmatchcase(path, self.only)

    def take_reset(self, path, offset):
        """Whether a response of `path` now at file `offset` is cut here (and counts it)."""
        with self.changed:
            if self.reset_at is None or offset < self.reset_at or not self.applies_to(path):
                return False
            if self.reset_times and self.resets_done >= self.reset_times:
                return False
            self.resets_done += 1
            return True


def split_pair(value):
    """`PATH:CODE` or `PATH=CODE`, splitting at the last separator (paths hold neither)."""
    for sep in (":", "="):
        if sep in value:
            head, _, tail = value.rpartition(sep)
            return head, tail
    raise ValueError("expected PATH:VALUE, got " + value)


def split_many(value):
    # FROM=TO first: a redirect's TO may be a URL, with a colon of its own.
    return value.split("=") if "=" in value else value.split(":")


def parse_range(header, size):
    """(first, last) for a single `bytes=` range, or None when it cannot be satisfied."""
    unit, _, spec = header.partition("=")
    if unit.strip() != "bytes" or "," in spec:
        return None
    start, _, end = spec.strip().partition("-")
    try:
        if start == "":
            count = int(end)
            if count <= 0 or size == 0:
                return None
            return max(0, size - count), size - 1
        first = int(start)
        last = int(end) if end else size - 1
    except ValueError:
        return None
    if first >= size or last < first:
        return None
    return first, min(last, size - 1)
