"""What scripts/http-serve and scripts/hostile-serve do alike around their answers: the
request log --log names, the port file tests poll, the client that went away, and a handler
that answers GET and HEAD alike and writes its own log."""
import os
import sys
import time
from http.server import BaseHTTPRequestHandler


class ClientGone(Exception):
    """The client closed the connection while a response was being sent."""


def request_log(path):
    """`-`: standard error; a path: that file, appended to a line at a time; none: None."""
    if path == "-":
        return sys.stderr
    return open(path, "a", buffering=1) if path else None


def write_port_file(path, port):
    """The port alone, whole or absent (written aside, then renamed), for whoever polls it."""
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        handle.write("%d\n" % port)
    os.replace(temporary, path)


class LoggedHandler(BaseHTTPRequestHandler):
    """GET and HEAD both go to `answer(head)`; http.server's own log is silent, and `log_line`
    writes a line of the server's request log (`server.request_log`, None for none), whole."""
    protocol_version = "HTTP/1.1"
    started = time.monotonic()  # the log's seconds count from the server's start

    def log_message(self, *args):  # the request log is ours, not http.server's
        pass

    def do_HEAD(self):
        self.answer(head=True)

    def do_GET(self):
        self.answer(head=False)

    def log_line(self, line):
        log = self.server.request_log
        with self.server.log_lock:
            log.write(line)
            log.flush()
