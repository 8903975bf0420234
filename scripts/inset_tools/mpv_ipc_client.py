"""mpv's JSON IPC as its clients speak it, against a player's socket (Inset's or mpv's own).

  mpv-ipc-client jsonipc SOCKET SECOND_FILE   python-mpv-jsonipc (PyPI) steers the player:
      reads time-pos and duration, observes time-pos, pauses, seeks, loads a second file,
      quits. Exit 0 when every step did what mpv does; 77 when the library is not installed.
  mpv-ipc-client raw SOCKET SECOND_FILE       the requests as mpv's manual writes them, on a
      plain socket: one line per request, its reply reduced to what does not depend on the
      moment (error, which keys, the data's type, and its value where it is fixed), so two
      players' answers compare line by line (MpvEndToEndTests runs it on Inset and mpv).
  mpv-ipc-client invidtui SOCKET VIDEO AUDIO   invidtui's own sequence of requests on a player
      it started with --idle --keep-open --no-terminal: exit 0 and OK when each did as mpv.
"""
import json
import socket
import sys
import threading
import time


def fail(message):
    print("FAIL: " + message, flush=True)
    sys.exit(1)


def wait_until(what, condition, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    fail("timed out waiting for " + what)


def jsonipc(path, second):
    try:
        from python_mpv_jsonipc import MPV
    except ImportError:
        print("SKIP: python-mpv-jsonipc is not installed (pip install python-mpv-jsonipc; scripts/setup does)")
        sys.exit(77)
    closed = threading.Event()
    player = MPV(start_mpv=False, ipc_socket=path, quit_callback=closed.set)
    position = player.time_pos
    duration = player.duration
    if not isinstance(position, (int, float)) or not isinstance(duration, (int, float)) or not 0 <= position <= duration:
        fail("time-pos %r, duration %r" % (position, duration))
    print("time-pos %.2f duration %.2f" % (position, duration), flush=True)
    changes = []
    observer = player.bind_property_observer("time-pos", lambda name, value: changes.append(value))
    wait_until("three time-pos changes", lambda: len([v for v in changes if v is not None]) >= 3)
    print("observed %d time-pos changes" % len(changes), flush=True)
    player.pause = True
    if player.pause is not True:
        fail("pause did not read back true")
    held = player.time_pos
    time.sleep(0.6)
    if abs(player.time_pos - held) > 0.05:
        fail("time-pos moved while paused: %.3f then %.3f" % (held, player.time_pos))
    print("paused at %.2f" % held, flush=True)
    player.seek(5, "absolute")
    wait_until("time-pos near 5 after the seek", lambda: abs(player.time_pos - 5) < 0.3)
    print("seeked to %.2f" % player.time_pos, flush=True)
    player.unbind_property_observer(observer)
    loaded = threading.Event()
    player.bind_event("file-loaded", lambda data: loaded.set())
    player.loadfile(second)
    if not loaded.wait(10):
        fail("no file-loaded event after loadfile")
    wait_until("the second file playing", lambda: player.path == second)
    print("loaded %s (%s)" % (player.filename, player.media_title), flush=True)
    try:
        player.quit()
    except BrokenPipeError:
        pass
    if not closed.wait(10):
        fail("the connection did not close after quit")
    print("quit: connection closed", flush=True)
    player.terminate(join=False)
    print("OK", flush=True)


class Connection:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.socket.settimeout(0.2)
        self.pending = b""
        self.events = []

    def lines(self):
        try:
            data = self.socket.recv(65536)
        except socket.timeout:
            return []
        self.pending += data
        *whole, self.pending = self.pending.split(b"\n")
        return [json.loads(line) for line in whole if line.strip()]

    def ask(self, message, timeout=5):
        self.socket.sendall(json.dumps(message).encode() + b"\n")
        wanted = message.get("request_id", 0)
        deadline = time.monotonic() + timeout
        reply = None
        while reply is None and time.monotonic() < deadline:
            # Every line read is kept: an event can come in the same read as the reply.
            for value in self.lines():
                if "event" in value:
                    self.events.append(value)
                elif value.get("request_id") == wanted:
                    reply = value
        return reply

    def event(self, predicate, timeout=5):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for index, value in enumerate(self.events):
                if predicate(value):
                    del self.events[index]
                    return value
            self.events += [value for value in self.lines() if "event" in value]
        return None


def kind(value):
    if value is None:
        return "null"
    return {bool: "bool", int: "number", float: "number", str: "string", list: "list", dict: "object"}[type(value)]


def reduced(reply, fixed):
    """What of a reply two players must agree on."""
    if reply is None:
        return "no reply"
    said = "error=%s keys=%s" % (reply.get("error"), ",".join(sorted(k for k in reply if k != "reason")))
    if "data" in reply:
        data = reply["data"]
        said += " data=%s" % kind(data)
        if fixed:
            value = data.get("playlist_entry_id") if isinstance(data, dict) else data
            # JSON has one kind of number: mpv writes 90.000000, Inset 90.
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                value = float(value)
            said += ":" + json.dumps(value)
    return said


def raw(path, second):
    connection = Connection(path)
    # (request, whether its data is fixed, not of the moment)
    requests = [
        (["get_property", "time-pos"], False), (["get_property", "duration"], False),
        (["get_property", "nonexistent"], True), (["get_property_string", "pause"], True),
        (["set_property", "pause", True], True), (["get_property", "pause"], True),
        (["observe_property", 7, "pause"], True), (["cycle", "pause"], True), (["cycle", "pause"], True),
        (["add", "volume", -10], True), (["get_property", "volume"], True),
        (["seek", 5, "absolute"], True), (["bogus"], True), (["get_property", "filename"], True),
        (["get_property", "media-title"], True), (["get_property", "mute"], True), (["get_property", "speed"], True),
        (["get_property", "percent-pos"], False), (["get_property", "eof-reached"], True),
        (["get_property", "idle-active"], True), (["get_property", "sid"], True), (["get_property", "aid"], True),
        (["get_property", "chapter"], True), (["set_property", "nonexistent", 1], True),
        (["set_property", "duration", 1], True), (["get_property_string", "time-pos"], False),
        (["get_property", "playlist-pos"], True), (["get_property", "playlist-count"], True),
        (["unobserve_property", 7], True), (["seek", "abc"], True), (["get_property"], True),
        (["seek", 10, "absolute-percent"], True), (["set_property", "volume", "abc"], True),
        (["loadfile", second, "append"], True), (["get_property", "playlist-count"], True),
        (["get_property", "pid"], False),
        # A session's (invidtui's): keys unbound and bound, what it polls and observes, the
        # settings it sets, loadfile with per-file options in 0.35's form.
        (["keybind", "q", ""], True), (["keybind", "Ctrl+q", ""], True), (["keybind", "x", "cycle pause"], True),
        (["get_property", "core-idle"], True), (["get_property", "paused-for-cache"], True),
        (["get_property", "seeking"], False), (["get_property", "cache-buffering-state"], False),
        (["get_property", "demuxer-cache-duration"], False), (["get_property", "loop-file"], True),
        (["get_property", "loop-playlist"], True), (["set_property", "loop-playlist", "yes"], True),
        (["get_property", "loop-playlist"], True), (["set_property", "loop-file", "no"], True),
        (["get_property", "loop-file"], True), (["get_property", "vid"], True), (["get_property", "video"], True),
        (["get_property", "playback-time"], False), (["get_property", "playtime-remaining"], False),
        (["seek", 0, "absolute-percent"], True), (["loadfile", second, "append", "start=1,force-media-title=T"], True),
        (["get_property", "playlist-count"], True), (["loadfile", second, "append", "bogus-option=1"], True),
        (["quit", "x"], True),
    ]
    for number, (command, fixed) in enumerate(requests, start=1):
        reply = connection.ask({"command": command, "request_id": number})
        print("%s => %s" % (json.dumps(command).replace(second, "SECOND"), reduced(reply, fixed)), flush=True)
        if command[0] == "observe_property" or command[0] == "cycle":
            change = connection.event(lambda e: e.get("event") == "property-change" and e.get("id") == 7)
            print("  event => %s" % (json.dumps(change, sort_keys=True) if change else "none"), flush=True)
        if command[0] == "seek" and reply and reply.get("error") == "success":
            seek = connection.event(lambda e: e.get("event") == "seek")
            print("  event => %s" % (json.dumps(seek, sort_keys=True) if seek else "none"), flush=True)
    untagged = connection.ask({"command": ["get_property", "pause"]})
    print("no request_id => %s" % json.dumps(untagged, sort_keys=True), flush=True)
    tagged = connection.ask({"command": ["get_property", "volume"], "request_id": "x"})
    print("request_id x => %s" % reduced(tagged, True), flush=True)


def invidtui(path, video, audio):
    """invidtui's session (its mediaplayer/mpv.go, darkhz/invidtui): Init's keybinds, the
    event listener's observations, LoadFile's loadfile in 0.38's form, what it polls while
    it plays, TogglePaused at the end, and Exit's quit (here with a code, to be seen)."""
    connection = Connection(path)
    number = [0]

    def call(*command):
        number[0] += 1
        reply = connection.ask({"command": list(command), "request_id": number[0]})
        if reply is None or reply.get("error") != "success":
            fail("%s => %r" % (json.dumps(command), reply))
        return reply.get("data")

    for key in ("q", "Ctrl+q", "Shift+q"):
        call("keybind", key, "")
    call("observe_property", 1, "eof-reached")
    call("observe_property", 2, "paused-for-cache")
    call("observe_property", 3, "seeking")
    if call("get_property", "idle-active") is not True:
        fail("not idle before the first loadfile")
    call("loadfile", video, "replace", "-1", "length=10,audio-file=" + audio)
    call("set_property", "video", "1")
    for name in ("start-file", "file-loaded"):
        if connection.event(lambda e: e.get("event") == name, timeout=10) is None:
            fail("no %s event" % name)
        print("event " + name, flush=True)
    call("set_property", "pause", "yes")
    call("set_property", "pause", "no")
    wait_until("playback-time past 1 s", lambda: (call("get_property", "playback-time") or 0) > 1)
    polled = {name: call("get_property", name) for name in
              ("core-idle", "paused-for-cache", "eof-reached", "duration", "pause", "mute", "volume")}
    if polled["core-idle"] is not False or polled["paused-for-cache"] is not False or polled["eof-reached"] is not False:
        fail("playing, but %r" % polled)
    print("playing: core-idle false, duration %.1f" % polled["duration"], flush=True)
    call("set_property", "loop-file", "no")
    call("set_property", "loop-playlist", "no")
    call("seek", -0.5, "absolute")
    wait_until("eof-reached", lambda: call("get_property", "eof-reached") is True)
    print("kept open at the end: eof-reached", flush=True)
    # TogglePaused at the end: back to the start, and play.
    call("seek", 0, "absolute-percent")
    call("cycle", "pause")
    wait_until("playing again", lambda: call("get_property", "eof-reached") is False and not call("get_property", "pause"))
    print("playing again after seek 0 absolute-percent", flush=True)
    call("quit", 3)
    print("OK", flush=True)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "invidtui":
        invidtui(sys.argv[2], sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) != 4 or sys.argv[1] not in ("jsonipc", "raw"):
        print(__doc__)
        sys.exit(2)
    (jsonipc if sys.argv[1] == "jsonipc" else raw)(sys.argv[2], sys.argv[3])
