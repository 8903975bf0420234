"""Control-socket inputs: one player on a pty serves `--socket`, and each input is written to
it on a connection of its own: random and malformed JSON lines, deep nesting, numbers and
strings of every shape, invalid UTF-8, lines of up to 4 MB without an end, bursts of thousands
of requests, and dozens of idle connections at once. After each, a `get time` on a new
connection must be answered within `REPLY_WITHIN` seconds and the player must be alive and
under the memory bound; if not, the input failed (crash, hang or memory) and a new player
takes over."""
import json
import os
import pty
import random
import select
import signal
import socket
import subprocess
import threading
import time

REPLY_WITHIN = 3.0
COMMANDS = ["pause", "play", "seek +15", "seek -15", "seek-to 2", "get time", "get duration", "get paused", "get pip",
            "get file", "get speed", "observe", "mute", "volume 50", "speed 2", "speed 1", "pip", "window-move top-left",
            "window-size +1", "chapter next", "subtitle next", "audio next", "frame-step", "swap",
            "library", "help", "stats", "restore", "close-window", "seek", "seek x", "volume -9999999999999999999", ""]


def _rss_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0


class Player:
    """`inset --socket SOCK --loop --mute CLIP` on a pty of its own, its screen drained."""

    def __init__(self, binary, workdir, clip):
        self.socket = os.path.join("/tmp", f"inset-fuzz-{os.getpid()}-{random.randrange(1 << 30)}.sock")
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ["XDG_STATE_HOME"] = workdir
            os.execv(binary, [binary, "--socket", self.socket, "--loop", "--mute", "--no-config", clip])
        self.pid, self.fd = pid, fd
        self.draining = True
        threading.Thread(target=self._drain, daemon=True).start()
        deadline = time.monotonic() + 10
        while not os.path.exists(self.socket):
            if time.monotonic() > deadline:
                raise RuntimeError("the player served no socket")
            time.sleep(0.02)

    def _drain(self):
        while self.draining:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.2)
                if ready and not os.read(self.fd, 65536):
                    return
            except OSError:
                return

    def alive(self):
        """None when the player answers a request in time; else what is wrong."""
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            return "crash", "the player is gone"
        if pid:
            return "crash", f"the player exited ({status})"
        try:
            reply = request(self.socket, {"command": ["get", "time"], "id": "alive"}, REPLY_WITHIN)
        except OSError as error:
            return "hang", f"no answer to get time: {error}"
        if reply is None:
            return "hang", f"no answer to get time within {REPLY_WITHIN:g} s"
        if _rss_mb(self.pid) > 500:
            return "memory", f"resident memory {_rss_mb(self.pid):.0f} MB"
        return None

    def stop(self):
        self.draining = False
        try:
            os.kill(self.pid, signal.SIGTERM)
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline and not os.waitpid(self.pid, os.WNOHANG)[0]:
                time.sleep(0.02)
            os.kill(self.pid, signal.SIGKILL)
        except (OSError, ChildProcessError):
            pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def request(path, message, timeout):
    """One request's reply (its JSON), or None when none came in time."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
        client.settimeout(timeout)
        client.connect(path)
        client.sendall(json.dumps(message).encode() + b"\n")
        received = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = client.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                return None
            received += chunk
            for line in received.split(b"\n")[:-1]:
                try:
                    value = json.loads(line)
                except ValueError:
                    continue
                if isinstance(value, dict) and value.get("id") == message.get("id"):
                    return value
    return None


def make(rng):
    """One input: (what it is, the connections' bytes, how many connections stay idle)."""
    kind = rng.choice(["commands", "malformed", "nesting", "values", "utf8", "huge-line", "burst", "idle", "mixed"])
    def command_line():
        words = rng.choice(COMMANDS).split(" ") if rng.random() < 0.8 else [rng.choice(COMMANDS)]
        message = {"command": words if rng.random() < 0.7 else " ".join(words)}
        if rng.random() < 0.8:
            message[rng.choice(["id", "request_id"])] = rng.choice([rng.randrange(1 << 62), "x", None, 1.5, [], {}])
        return json.dumps(message).encode()
    if kind == "commands":
        return kind, b"\n".join(command_line() for _ in range(rng.randrange(1, 20))) + b"\n", 0
    if kind == "malformed":
        lines = []
        for _ in range(rng.randrange(1, 30)):
            line = bytearray(command_line())
            for _ in range(rng.randrange(1, 6)):
                if line:
                    position = rng.randrange(len(line))
                    choice = rng.random()
                    if choice < 0.4:
                        line[position] = rng.randrange(256)
                    elif choice < 0.7:
                        del line[position:position + rng.randrange(1, 8)]
                    else:
                        line[position:position] = bytes(rng.choice(b'{}[]",:\\\x00') for _ in range(rng.randrange(1, 5)))
            lines.append(bytes(line).replace(b"\n", b" "))
        return kind, b"\n".join(lines) + b"\n", 0
    if kind == "nesting":
        depth = rng.choice([100, 1000, 10000, 30000])
        opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
        body = b'{"command": ' + opener * depth + b'"pause"' + closer * rng.choice([depth, depth // 2, 0]) + b"}"
        return kind, body + b"\n", 0
    if kind == "values":
        value = rng.choice([b"1e999999", b"-0", b"123456789012345678901234567890", b"NaN", b"true", b"null", b'"\\ud800"',
                            b'"\\u0000"', b'"' + b"a" * rng.randrange(1, 60000) + b'"', b"0x10", b"[]", b"{}"])
        return kind, b'{"command": ["seek", ' + value + b'], "id": ' + value + b"}\n", 0
    if kind == "utf8":
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        return kind, b'{"command": ["' + junk.replace(b"\n", b"") + b'"]}\n', 0
    if kind == "huge-line":
        return kind, b'{"command": ["' + b"x" * rng.choice([70000, 1 << 20, 4 << 20]), 0
    if kind == "burst":
        return kind, b"\n".join(command_line() for _ in range(rng.randrange(300, 3000))) + b"\n", 0
    if kind == "idle":
        return kind, b"", rng.randrange(30, 45)
    return kind, b"".join(command_line() + rng.choice([b"\n", b"\r\n", b" ", b""]) for _ in range(rng.randrange(1, 50))), 0


def send(path, payload, idle, timeout):
    """Writes `payload` on one connection (as much as the player takes before `timeout`),
    with `idle` other connections open and silent meanwhile, reading whatever comes back."""
    idlers = []
    try:
        for _ in range(idle):
            idler = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            idler.connect(path)
            idlers.append(idler)
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.connect(path)
            client.setblocking(False)
            sent, deadline = 0, time.monotonic() + timeout
            while time.monotonic() < deadline:
                readable, writable, _ = select.select([client], [client] if sent < len(payload) else [], [], 0.05)
                if readable:
                    try:
                        if not client.recv(1 << 16):
                            break
                    except OSError:
                        break
                if writable:
                    try:
                        sent += client.send(payload[sent:sent + (1 << 16)])
                    except OSError:
                        break
                if sent >= len(payload) and not readable:
                    break
    finally:
        for idler in idlers:
            idler.close()


def run(binary, seed, count, first, workdir, clip, on_failure):
    """Inputs first..<count of `seed`; calls on_failure(index, kind, detail, payload) for each
    failure. Returns the number of inputs run."""
    player = Player(binary, workdir, clip)
    done = 0
    try:
        for index in range(first, count):
            rng = random.Random(f"{seed}:control:{index}")
            kind, payload, idle = make(rng)
            try:
                send(player.socket, payload, idle, timeout=REPLY_WITHIN * 2)
            except OSError:
                pass
            done += 1
            problem = player.alive()
            if problem:
                on_failure(index, problem[0], f"{kind}: {problem[1]}", payload)
                player.stop()
                player = Player(binary, workdir, clip)
    finally:
        player.stop()
    return done
