"""Absurd numbers into every numeric request of mpv's IPC, Inset's own socket commands and
MPRIS (issue 42 item 7): 1e300, -1e300, NaN and the infinities as text, Int64's ends, 1e9
list positions, numbers past Int64, denormals. One player serves `--socket` on a pty, with
a sound device (SDL's dummy driver, so the volume's arithmetic runs) and a session bus of
its own (dbus-daemon, so MPRIS is on). Each input is a few requests on one connection or a
few MPRIS calls through dbus-send; after each the player must answer `get time` within
`control.REPLY_WITHIN` seconds and stay under the memory bound (control.Player.alive), or
the input failed (a trap is a crash) and a new player takes over."""
import json
import os
import random
import subprocess

from . import control

NUMBERS = [1e300, -1e300, 1e9, -1e9, 9223372036854775807, -9223372036854775808, 18446744073709551616,
           2 ** 53 + 1, 1e-320, -0.0, 0, 1, -1, 0.5, 3.4e38, 1.7976931348623157e308]
TEXT_NUMBERS = ["nan", "-nan", "NaN", "inf", "-inf", "infinity", "1e300", "-1e300", "1e309", "9223372036854775807",
                "-9223372036854775808", "99999999999999999999999", "0x7fffffffffffffff", "1e9", "+1e300", "-0", ""]
# Each mpv property or command that reads a number.
ADDED = ["volume", "chapter", "playlist-pos", "time-pos", "playback-time", "speed", "audio-delay", "percent-pos", "aid", "sid"]
SET = ADDED + ["pause", "mute", "inset-pip"]
SEEK_FLAGS = ["relative", "absolute", "absolute-percent", "relative-percent", "absolute+exact", "relative+keyframes"]
# Inset's own commands with a number (`inset ctl`'s words).
INSET = ["seek +{}", "seek -{}", "seek-to {}", "volume {}", "volume +{}", "volume -{}", "speed {}", "audio-delay {}",
         "audio-delay +{}", "window-size +{}", "window-size {}"]
# MPRIS: dbus-send's typed arguments.
INT64 = ["9223372036854775807", "-9223372036854775808", "9223372036854775806", "-1", "0", "1000000000000000000"]
DOUBLES = ["1e300", "-1e300", "nan", "-nan", "inf", "-inf", "1e-320", "-0", "0", "1.7976931348623157e308", "1e9"]


def number(rng):
    return rng.choice(NUMBERS) if rng.random() < 0.5 else rng.choice(TEXT_NUMBERS)


def mpv_request(rng, index):
    kind = rng.randrange(6)
    if kind == 0:
        command = ["add", rng.choice(ADDED), number(rng)]
    elif kind == 1:
        command = [rng.choice(["set_property", "set", "set_property_string"]), rng.choice(SET), number(rng)]
    elif kind == 2:
        command = ["seek", number(rng)] + ([rng.choice(SEEK_FLAGS)] if rng.random() < 0.7 else [])
    elif kind == 3:
        command = [rng.choice(["observe_property", "observe_property_string"]), number(rng), rng.choice(SET)]
    elif kind == 4:
        command = ["unobserve_property", number(rng)]
    else:
        return json.dumps({"command": rng.choice(INSET).format(str(number(rng)).lstrip("+-")).split(" "), "id": index}).encode()
    message = {"command": command, "request_id": index if rng.random() < 0.8 else number(rng)}
    # Python writes NaN and Infinity bare, which no JSON parser takes: a malformed line too.
    return json.dumps(message).encode()


def mpv_text(rng):
    """mpv's text commands (`add volume 1e300`), which carry no request_id."""
    return f"{rng.choice(['add volume', 'add chapter', 'add playlist-pos', 'seek', 'set speed', 'set volume'])} {number(rng)}".encode()


def make(rng):
    """One input: ("mpv", the connection's bytes) or ("mpris", the dbus-send calls)."""
    if rng.random() < 0.65:
        lines = [mpv_request(rng, i) if rng.random() < 0.85 else mpv_text(rng) for i in range(1, rng.randrange(2, 12))]
        return "mpv", b"\n".join(lines) + b"\n"
    calls = []
    for _ in range(rng.randrange(1, 5)):
        choice = rng.randrange(4)
        if choice == 0:
            calls.append(["org.mpris.MediaPlayer2.Player.Seek", "int64:" + rng.choice(INT64)])
        elif choice == 1:
            track = rng.choice(["0", "1", "9223372036854775807"])
            calls.append(["org.mpris.MediaPlayer2.Player.SetPosition", "objpath:/org/inset/track/" + track,
                          "int64:" + rng.choice(INT64)])
        else:
            calls.append(["org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player",
                          "string:" + rng.choice(["Volume", "Rate"]), "variant:double:" + rng.choice(DOUBLES)])
    return "mpris", calls


class Bus:
    """A session bus of its own (dbus-daemon), for the players of this run."""

    def __init__(self):
        self.daemon = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"],
                                       stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        self.address = self.daemon.stdout.readline().strip()
        if not self.address:
            raise RuntimeError("dbus-daemon gave no address")

    def stop(self):
        self.daemon.terminate()
        try:
            self.daemon.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.daemon.kill()


def call(bus, pid, arguments):
    """One MPRIS call through dbus-send; a refusal (an error reply) is an answer too."""
    destination = f"org.mpris.MediaPlayer2.inset.instance{pid}"
    try:
        subprocess.run(["dbus-send", "--session", f"--dest={destination}", "--print-reply", "--reply-timeout=2000",
                        "/org/mpris/MediaPlayer2"] + arguments, env=dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus.address),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=5)
    except subprocess.TimeoutExpired:
        pass


def run(binary, seed, count, first, workdir, clip, on_failure):
    """Inputs first..<count of `seed`; calls on_failure(index, kind, detail, payload) for each
    failure. Returns the number of inputs run."""
    bus = Bus()
    saved = {name: os.environ.get(name) for name in ("DBUS_SESSION_BUS_ADDRESS", "SDL_AUDIODRIVER")}
    # The player (a fork of this process) inherits these.
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    player = control.Player(binary, workdir, clip)
    done = 0
    try:
        for index in range(first, count):
            rng = random.Random(f"{seed}:numbers:{index}")
            kind, payload = make(rng)
            if kind == "mpv":
                try:
                    control.send(player.socket, payload, 0, timeout=control.REPLY_WITHIN)
                except OSError:
                    pass
            else:
                for arguments in payload:
                    call(bus, player.pid, arguments)
            done += 1
            problem = player.alive()
            if problem:
                kept = payload if kind == "mpv" else "\n".join(" ".join(a) for a in payload).encode()
                on_failure(index, problem[0], f"{kind}: {problem[1]}", kept)
                player.stop()
                player = control.Player(binary, workdir, clip)
    finally:
        player.stop()
        bus.stop()
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return done
