"""A hostile web server on 127.0.0.1: playlists and manifests that never end, gzip bombs,
and (for scripts/fuzz's network target) mutated playlists, manifests and media.

    scripts/hostile-serve [--segments DIR] [--port N] [--port-file FILE] [--log FILE]
                          [--max-seconds S] [--max-bytes B] [--max-wire-bytes B]

Paths:
  /live.m3u8       a live media playlist: the first answer is a normal playlist of two
                   2 s segments; every later answer (the player's reloads) names segments
                   for ever
  /endless.m3u8    a media playlist that names segments for ever, from the first answer
  /endless-master.m3u8  a master playlist that names variants for ever
  /bomb.m3u8       a media playlist sent with Content-Encoding: gzip whose body inflates
                   without end (about 60 bytes of playlist for every byte on the wire)
  /endless.mpd     a DASH manifest that never ends
  /endless.vtt, /endless.srt  a WebVTT or SubRip file whose cues never end (a page's
                   `<track src>`, a --sub-file URL)
  /seg/N.ts        real MPEG-TS segments (those in --segments, default samples/hls/v0,
                   taken in turn)
  /subfuzz/SEED/I/NAME  a subtitle file for scripts/fuzz's subtitle-server target, made and sent
                   as fuzzing/subtitle_server.py chooses from (SEED, I, NAME)
  /fuzz/SEED/I/NAME  a response chosen and mutated from (SEED, I): a playlist, master,
                   manifest or segment, whole, truncated, endless, gzipped, a gzip bomb,
                   with the wrong type, a redirect (to another fuzz path, or to itself), a
                   status (403, 404, 500), a stall; the same for the same SEED and I
  anything else    404

Every response is bounded: at most --max-seconds (default 90) and --max-bytes (default 4 GiB)
of body, and a compressed one --max-wire-bytes (default 32 MiB) on the wire. The first line
on standard output is the base URL; --port-file writes the port alone. The request log
(--log; `-` for standard error) has one line per response, tab-separated:
    seconds-since-start  METHOD  PATH  STATUS  BYTES-SENT  OUTCOME
"""
import argparse
import os
import sys
import threading
from http.server import ThreadingHTTPServer

from . import ROOT
from .hostile_handler import Bounds, Handler
from .serving import request_log, write_port_file


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", default=os.path.join(ROOT, "samples", "hls", "v0"))
    parser.add_argument("--root", help="ignored: accepted so scripts and tests start both servers alike")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--log")
    parser.add_argument("--max-seconds", type=float, default=90)
    parser.add_argument("--max-bytes", type=int, default=4 << 30)
    parser.add_argument("--max-wire-bytes", type=int, default=32 << 20)
    args = parser.parse_args()

    segments = sorted(os.path.join(args.segments, name) for name in os.listdir(args.segments) if name.endswith(".ts"))
    if not segments:
        sys.exit(f"hostile-serve: no .ts segments in {args.segments}")
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.segments = segments
    server.bounds = Bounds(args.max_seconds, args.max_bytes, args.max_wire_bytes)
    server.live_answers = 0
    server.counts_lock = threading.Lock()
    server.log_lock = threading.Lock()
    server.request_log = request_log(args.log)
    port = server.server_address[1]
    print(f"http://127.0.0.1:{port}/", flush=True)
    if args.port_file:
        write_port_file(args.port_file, port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
