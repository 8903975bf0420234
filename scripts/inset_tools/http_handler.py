"""scripts/http-serve's answer to one request: the file or its range, at the link's rate,
with the faults in force (inset_tools/http_faults.py), and its line in the request log."""
import json
import mimetypes
import os
import posixpath
import socket
import struct
import time
import urllib.parse
import urllib.request

from .http_faults import parse_range
from .serving import ClientGone, LoggedHandler


CHUNK = 16 * 1024


class Handler(LoggedHandler):
    server_version = "inset-http-serve/1"

    # The log line for this request, filled in as it goes.
    def note(self, status, sent, outcome):
        if self.server.request_log is None:
            return
        # The User-Agent and Referer last: what a page's resolver said to send on every request.
        # Then the credentials and a header of the user's, for tests of which host is sent what.
        sent_headers = [(self.headers.get(name) or "-").replace("\t", " ")
                        for name in ("User-Agent", "Referer", "Cookie", "Authorization", "X-User")]
        line = "%.3f\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
            time.monotonic() - self.started, self.command, self.path, self.headers.get("Range") or "-", status, sent, outcome,
            *sent_headers)
        self.log_line(line)

    def answer(self, head):
        faults = self.server.faults
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if path == "/_control":
            return self.control()
        with faults.changed:
            status = faults.statuses.get(path)
            redirect = faults.redirects.get(path)
        if status is not None:
            return self.short(status, "%d for this path (scripts/http-serve status=)\n" % status)
        if redirect is not None:
            return self.short(redirect[1], "see %s\n" % redirect[0], location=redirect[0])
        local = self.local_path(path)
        if local is None or not os.path.isfile(local):
            return self.short(404, "not found\n")
        if path in faults.grown:
            return self.send_bytes(self.grown_playlist(local, path), "application/vnd.apple.mpegurl", head)
        try:
            handle = open(local, "rb")
        except OSError:
            return self.short(403, "cannot read\n")
        with handle:
            size = os.fstat(handle.fileno()).st_size
            first, last = 0, size - 1
            with faults.changed:
                ranges = faults.ranges
            wanted = self.headers.get("Range") if ranges else None
            status = 200
            if wanted:
                parsed = parse_range(wanted, size)
                if parsed is None:
                    self.send_response(416)
                    self.send_header("Content-Range", "bytes */%d" % size)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return self.note(416, 0, "ok")
                first, last = parsed
                status = 206
            length = max(0, last - first + 1)
            # A cut for good: the bytes from reset_at on are never sent, however often asked.
            if not head and length and faults.take_reset(path, first):
                return self.reset(status, 0)
            self.send_response(status)
            self.send_header("Content-Type", mimetypes.guess_type(local)[0] or "application/octet-stream")
            self.send_header("Content-Length", str(length))
            if ranges:
                self.send_header("Accept-Ranges", "bytes")
            if status == 206:
                self.send_header("Content-Range", "bytes %d-%d/%d" % (first, last, size))
            self.end_headers()
            if head:
                return self.note(status, 0, "ok")
            handle.seek(first)
            self.send_body(handle, path, first, length, status)

    def send_body(self, handle, path, offset, length, status):
        faults = self.server.faults
        sent = 0
        passed_stall = None  # the stall mark this response has waited out (stall_for)
        try:
            while sent < length:
                with faults.changed:
                    applies = faults.applies_to(path)
                    reset_at = faults.reset_at if applies else None
                    # A response that starts past the mark does not stall: an MP4 whose index
                    # is at its end is read there first, and that must not hang the open.
                    stall_at = faults.stall_at if applies and faults.stall_at is not None and offset <= faults.stall_at else None
                want = min(CHUNK, length - sent)
                position = offset + sent
                # Stop exactly at the fault's offset: send up to it, then take the fault.
                for mark in (reset_at, stall_at):
                    if mark is not None and position < mark:
                        want = min(want, mark - position)
                if reset_at is not None and position >= reset_at and faults.take_reset(path, position):
                    return self.reset(status, sent)
                if stall_at is not None and position >= stall_at and stall_at != passed_stall:
                    if self.stall(path):
                        passed_stall = stall_at
                    continue
                data = handle.read(want)
                if not data:
                    break
                self.throttle(path, len(data))
                self.wfile.write(data)
                sent += len(data)
            self.note(status, sent, "ok")
        except (BrokenPipeError, ConnectionResetError, ClientGone) as error:
            self.close_connection = True
            self.note(status, sent, "stalled" if str(error) == "stalled" else "gone")

    def stall(self, path):
        """Holds the response: until the stall is lifted or moved, or for stall_for seconds
        when that is set (then True: this response has waited it out and goes on); gives up
        when the client goes."""
        faults = self.server.faults
        started = time.monotonic()
        with faults.changed:
            stall_for = faults.stall_for
            original = faults.stall_at
        while True:
            if self.client_gone():
                raise ClientGone("stalled")
            with faults.changed:
                if faults.stall_at != original or not faults.applies_to(path):
                    return False
                if stall_for and time.monotonic() - started >= stall_for:
                    return True
                faults.changed.wait(0.1)

    def client_gone(self):
        """Whether the peer closed its end (a read would return EOF at once)."""
        try:
            self.connection.setblocking(False)
            try:
                data = self.connection.recv(1, socket.MSG_PEEK)
                return data == b""
            except (BlockingIOError, InterruptedError):
                return False
            finally:
                self.connection.setblocking(True)
        except OSError:
            return True

    def throttle(self, path, count):
        """Waits until the link has carried what went before at the rate now in force."""
        faults = self.server.faults
        while True:
            with faults.changed:
                rate = faults.rate if faults.applies_to(path) else 0
                if not rate:
                    return
                now = time.monotonic()
                start = max(now, faults.link_free_at)
                if start - now <= 0.001:
                    faults.link_free_at = start + count / rate
                    return
                # Waiting on the condition: a lifted throttle frees the wait at once.
                faults.changed.wait(min(0.1, start - now))
            if self.client_gone():
                raise ClientGone()

    def reset(self, status, sent):
        """Cuts the connection with a TCP reset (SO_LINGER 0), as a dropped link does."""
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
        except OSError:
            pass
        self.note(status, sent, "reset")

    def short(self, status, text, location=None):
        body = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        if location:
            self.send_header("Location", location)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.note(status, 0 if self.command == "HEAD" else len(body), "ok")

    def send_bytes(self, body, content_type, head):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if not head:
            self.wfile.write(body)
        self.note(200, 0 if head else len(body), "ok")

    def grown_playlist(self, local, path):
        """The media playlist as far as it has grown: the header, then START segments and
        one more per target duration since the server started serving it."""
        with open(local, "rb") as handle:
            lines = handle.read().decode("utf-8", "replace").splitlines()
        with self.server.faults.changed:
            start, since = self.server.faults.grown[path]
        target = 2.0
        for line in lines:
            if line.startswith("#EXT-X-TARGETDURATION:"):
                target = float(line.split(":", 1)[1] or 2)
        count = start + int((time.monotonic() - since) / target)
        kept, segments = [], 0
        for line in lines:
            if line.startswith("#EXT-X-ENDLIST"):
                continue
            if line and not line.startswith("#"):
                if segments >= count:
                    break
                segments += 1
            kept.append(line)
        # Trailing tags of a segment not yet out would confuse the reader.
        while kept and kept[-1].startswith("#EXTINF"):
            kept.pop()
        return ("\n".join(kept) + "\n").encode()

    def control(self):
        query = urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query, keep_blank_values=True)
        try:
            for key, value in query:
                self.server.faults.apply(key, value)
        except ValueError as error:
            body = (json.dumps({"error": str(error)}) + "\n").encode()
            code = 400
        else:
            body = (json.dumps(self.server.faults.as_json()) + "\n").encode()
            code = 200
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def local_path(self, path):
        """`path` under the root, or None when it would leave it."""
        clean = posixpath.normpath(path)
        if not clean.startswith("/") or "/../" in clean + "/" or "\0" in clean:
            return None
        full = os.path.join(self.server.root, clean.lstrip("/"))
        real = os.path.realpath(full)
        if real != self.server.real_root and not real.startswith(self.server.real_root + os.sep):
            return None
        return full
