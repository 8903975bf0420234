"""A web server for trying the player on network streams, with faults on demand.

    scripts/http-serve [--root DIR] [--port N] [--port-file FILE] [--log FILE]
                       [--rate B/s] [--stall-at OFFSET] [--stall-for S]
                       [--reset-at OFFSET] [--reset-times K] [--only GLOB]
                       [--status PATH=CODE]... [--redirect FROM=TO[=CODE]]...
                       [--grow PLAYLIST[=START]]... [--no-range] [--bind 127.X.Y.Z]
    scripts/http-serve --control http://127.0.0.1:PORT KEY=VALUE...

Serves DIR (default: the repository's samples/) on 127.0.0.1 only (or another loopback
address, --bind 127.0.0.2: a second host for tests of what each host is sent), on port N
(default: one the system picks). The first line on standard output is the base URL
(`http://127.0.0.1:PORT/`); --port-file writes the port alone, for scripts and tests.
Python's own http.server answers no Range request, and libavformat's http protocol seeks
with Range (an MP4 whose index is at its end is read from there first), so this server
answers `Range: bytes=A-B`, `A-` and `-N` with 206 and Content-Range (416 past the end),
keeps connections alive (HTTP/1.1, as FFmpeg's HLS reader reuses them), and answers HEAD.

The request log (--log, default none; `-` for standard error) has one line per request,
tab-separated, written when the response ends:
    seconds-since-start  METHOD  PATH  RANGE(or -)  STATUS  BYTES-SENT  OUTCOME  USER-AGENT  REFERER
    COOKIE  AUTHORIZATION  X-USER
OUTCOME is `ok`, `reset` (the server cut it), `stalled` (the client gave up during a
stall), or `gone` (the client closed the connection first).

Faults (each also a key of the control endpoint, which changes them while it runs):
  rate=B        the link carries B bytes/s in all, shared by every response (0: no limit)
  stall_at=O    a response that starts at or before file offset O stops sending once it
                reaches O (bytes), and holds the connection open: for stall_for=S seconds,
                or until the stall is lifted (stall_at=none) when stall_for=0 (the default);
                one that starts past O is sent whole (an MP4's index read at its end)
  reset_at=O    a response is cut with a TCP reset once its file offset reaches O, and so is
                every later request for the bytes from O on: the file seems to end there
                for good; reset_times=K cuts only K times, after which it is served whole
                (what FFmpeg's reconnect heals)
  only=GLOB     stall, reset and rate apply to paths matching GLOB (fnmatch; default *)
  status=PATH:CODE  PATH answers CODE (403, 404, 500 ...) whatever is there; `status=none`
                clears them all
  redirect=FROM:TO[:CODE]  FROM answers CODE (default 302) with Location: TO; `redirect=none`
                clears them all
  grow=PLAYLIST[:START]  the media playlist at PLAYLIST (a path under DIR, without
                #EXT-X-ENDLIST) is served as a live stream: START segments at first (default
                2), one more every target duration, until all are out
  ranges=0      Range is not answered: every GET is 200 with the whole file and no
                Accept-Ranges, as a server that cannot seek (libavformat's http then says
                the stream cannot seek); ranges=1 (the default) answers them again
  clear=1       every fault off (the grown playlists go on growing)

The control endpoint `GET /_control?KEY=VALUE&...` applies the changes and answers the
faults now in force as JSON (no query: just the JSON); it is not logged and never faulty.
`--control URL KEY=VALUE...` is that request from the command line. Examples:
    scripts/http-serve --port 8765 --log /tmp/http.log --rate 50000
    scripts/http-serve --control http://127.0.0.1:8765 rate=0           # lift the throttle
    scripts/http-serve --stall-at 300000 --only '*.mp4'                 # stall after 300 KB
    scripts/http-serve --reset-at 500000 --status /nope.mp4=404 --redirect /old.mp4=/clock_4x3.mp4
"""
import argparse
import os
import sys
import threading
import urllib.parse
import urllib.request
from http.server import ThreadingHTTPServer

from . import ROOT
from .http_faults import Faults
from .http_handler import Handler
from .serving import request_log, write_port_file


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def control(url, pairs):
    query = urllib.parse.urlencode([tuple(p.split("=", 1)) if "=" in p else (p, "") for p in pairs])
    with urllib.request.urlopen(url.rstrip("/") + "/_control?" + query, timeout=5) as reply:
        sys.stdout.write(reply.read().decode())


def main():
    parser = argparse.ArgumentParser(description="A test web server with Range and faults (see the header).")
    parser.add_argument("--root", default=os.path.join(ROOT, "samples"))
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--log")
    parser.add_argument("--rate")
    parser.add_argument("--stall-at")
    parser.add_argument("--stall-for")
    parser.add_argument("--reset-at")
    parser.add_argument("--reset-times")
    parser.add_argument("--only")
    parser.add_argument("--status", action="append", default=[])
    parser.add_argument("--redirect", action="append", default=[])
    parser.add_argument("--grow", action="append", default=[])
    parser.add_argument("--bind", default="127.0.0.1", help="a loopback address (127.0.0.0/8) to listen on")
    parser.add_argument("--no-range", action="store_true", help="answer no Range request (ranges=0)")
    parser.add_argument("--control", metavar="URL", help="send KEY=VALUE changes to a running server")
    parser.add_argument("changes", nargs="*")
    args = parser.parse_args()
    if args.control:
        return control(args.control, args.changes)
    if args.changes:
        parser.error("KEY=VALUE changes go with --control URL")

    faults = Faults()
    try:
        for key in ("rate", "stall_at", "stall_for", "reset_at", "reset_times", "only"):
            value = getattr(args, key)
            if value is not None:
                faults.apply(key, value)
        for value in args.status:
            faults.apply("status", value)
        for value in args.redirect:
            faults.apply("redirect", value)
        for value in args.grow:
            faults.apply("grow", value)
        if args.no_range:
            faults.apply("ranges", "0")
    except ValueError as error:
        parser.error(str(error))

    if not args.bind.startswith("127."):
        parser.error("--bind: a loopback address only (127.0.0.0/8)")
    server = Server((args.bind, args.port), Handler)
    server.root = os.path.abspath(args.root)
    server.real_root = os.path.realpath(server.root)
    server.faults = faults
    server.log_lock = threading.Lock()
    server.request_log = request_log(args.log)
    port = server.server_address[1]
    if args.port_file:
        write_port_file(args.port_file, port)
    print("http://%s:%d/" % (args.bind, port), flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
