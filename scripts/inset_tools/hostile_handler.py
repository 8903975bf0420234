"""scripts/hostile-serve's answer to one request, bounded in time and bytes, and its line in
the request log."""
import hashlib
import random
import time

from .fuzzing import subtitle_server
from .hostile_bodies import bomb, chunks, endless_manifest, endless_master, endless_media, endless_subtitles, live_playlist
from .hostile_fuzz import FuzzAnswer
from .serving import ClientGone, LoggedHandler


class Bounds:
    def __init__(self, seconds, body_bytes, wire_bytes):
        self.seconds = seconds
        self.body_bytes = body_bytes
        self.wire_bytes = wire_bytes


class Handler(LoggedHandler):
    server_version = "hostile-serve"

    def note(self, status, sent, outcome):
        if self.server.request_log is not None:
            self.log_line(f"{time.monotonic() - self.started:.3f}\t{self.command}\t{self.path}\t{status}\t{sent}\t{outcome}\n")

    def answer(self, head):
        path = self.path.split("?", 1)[0]
        bounds = self.server.bounds
        try:
            if path == "/live.m3u8":
                with self.server.counts_lock:
                    count = self.server.live_answers = self.server.live_answers + 1
                if count == 1:
                    self.send_text(200, "application/vnd.apple.mpegurl", live_playlist(2), head)
                else:
                    self.stream(200, "application/vnd.apple.mpegurl", chunks(endless_media(count)), head)
            elif path == "/endless.m3u8":
                self.stream(200, "application/vnd.apple.mpegurl", chunks(endless_media()), head)
            elif path == "/endless-master.m3u8":
                self.stream(200, "application/vnd.apple.mpegurl", chunks(endless_master()), head)
            elif path == "/bomb.m3u8":
                self.stream(200, "application/vnd.apple.mpegurl", bomb(endless_media()), head, gzip=True)
            elif path in ("/endless.vtt", "/endless.srt"):
                kind = path[-3:]
                self.stream(200, "text/vtt" if kind == "vtt" else "application/x-subrip", chunks(endless_subtitles(kind)), head)
            elif path == "/endless.mpd":
                self.stream(200, "application/dash+xml", chunks(endless_manifest()), head)
            elif path.startswith("/seg/") and path.endswith(".ts"):
                self.send_segment(path, head)
            elif path.startswith("/fuzz/"):
                self.fuzz(path, head)
            elif path.startswith("/subfuzz/"):
                subtitle_server.answer(self, path, head, chunks, bomb)
            else:
                self.send_text(404, "text/plain", "not here\n", head)
        except (ClientGone, BrokenPipeError, ConnectionResetError):
            self.close_connection = True
            self.note(0, 0, "gone")
        del bounds

    def send_text(self, status, content_type, text, head, extra=None):
        body = text.encode() if isinstance(text, str) else text
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)
        self.note(status, 0 if head else len(body), "ok")

    def stream(self, status, content_type, pieces, head, gzip=False, drip=None, length=None):
        """A body from `pieces` until they end or a bound is met (time, bytes; for gzip, bytes
        on the wire): without a length, ended by closing the connection, unless `length` says
        how long it is (a drip: slow, but whole)."""
        bounds = self.server.bounds
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if gzip:
            self.send_header("Content-Encoding", "gzip")
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if head:
            self.note(status, 0, "ok")
            return
        started = time.monotonic()
        sent = 0
        limit = bounds.wire_bytes if gzip else bounds.body_bytes
        outcome = "ended"
        for chunk in pieces:
            if time.monotonic() - started > bounds.seconds:
                outcome = "time bound"
                break
            if sent + len(chunk) > limit:
                chunk = chunk[:limit - sent]
            try:
                self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                outcome = "gone"
                break
            sent += len(chunk)
            if sent >= limit:
                outcome = "byte bound"
                break
            if drip:
                time.sleep(drip)
        self.note(status, sent, outcome)

    def send_segment(self, path, head):
        segments = self.server.segments
        try:
            index = int(path[len("/seg/"):-len(".ts")])
        except ValueError:
            return self.send_text(404, "text/plain", "no such segment\n", head)
        with open(segments[index % len(segments)], "rb") as handle:
            self.send_text(200, "video/mp2t", handle.read(), head)

    def fuzz(self, path, head):
        parts = path.split("/")
        if len(parts) < 5:
            return self.send_text(404, "text/plain", "expected /fuzz/SEED/I/NAME\n", head)
        seed, index = parts[2], parts[3]
        rng = random.Random(hashlib.sha256(f"{seed}:{index}:{'/'.join(parts[4:])}".encode()).digest())
        FuzzAnswer(self, rng, seed, index, head).send()
