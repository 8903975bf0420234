"""Subtitle files from a server: URLs answered by scripts/hostile-serve's /subfuzz/ path with a
SubRip, ASS or WebVTT file made by fuzzing/subtitle.py (generated, mutated, in legacy sets,
UTF-16 or invalid UTF-8) and sent whole, truncated, endless, gzipped, as a gzip bomb, with a line
of megabytes, with invalid UTF-8 spliced in, redirected (in a loop too), refused with a status,
dripped or with the wrong type. The player reads them as it reads a `--sub-file` URL or a page's
subtitle (`inset probe URL.srt` reads every cue as the player does); each must end within the run's
bounds with the cues or one `inset:` line (issue 42: every subtitle held to 16 MiB)."""
import hashlib
import itertools
import random
import zlib

from . import subtitle

NAMES = ["x.srt", "x.vtt", "x.ass", "page.vtt", "captions.srt", "styled.ssa"]
FAULTS = ["whole", "whole", "truncated", "endless", "gzip", "bomb", "huge-line", "invalid-utf8", "redirect",
          "redirect-loop", "status", "drip", "wrong-type"]


def url(port, seed, index, rng):
    return f"http://127.0.0.1:{port}/subfuzz/{seed}/{index}/{rng.choice(NAMES)}"


def commands(binary, location, rng):
    return [[binary, "probe"] + (["--json"] if rng.random() < 0.5 else []) + [location]]


def answer(handler, path, head, chunks, bomb):
    """Answers `path` (/subfuzz/SEED/I/NAME) on `handler` (hostile-serve's), the same for the same
    path; `chunks` and `bomb` are hostile-serve's body makers."""
    parts = path.split("/")
    if len(parts) < 5:
        return handler.send_text(404, "text/plain", "expected /subfuzz/SEED/I/NAME\n", head)
    seed, index, name = parts[2], parts[3], "/".join(parts[4:])
    rng = random.Random(hashlib.sha256(f"subtitle-server:{seed}:{index}:{name}".encode()).digest())
    body, ext = subtitle.make(rng)
    fault = rng.choice(FAULTS)
    content_type = rng.choice(["text/vtt", "application/x-subrip", "text/plain"]) if fault != "wrong-type" \
        else rng.choice(["text/html", "video/mp4", "application/octet-stream"])
    if fault in ("redirect", "redirect-loop"):
        target = path if fault == "redirect-loop" else f"/subfuzz/{seed}/{index}/r{rng.randrange(1000)}.{ext}"
        return handler.send_text(rng.choice([301, 302, 307, 308]), "text/plain", "", head, extra={"Location": target})
    if fault == "status":
        return handler.send_text(rng.choice([403, 404, 410, 500]), "text/plain", "no\n", head)
    # The file again and again, in pieces of about 64 kB (a byte at a time would be slow to send).
    block = (body or b"\n") * max(1, (64 << 10) // max(1, len(body)))
    if fault == "endless":
        return handler.stream(200, content_type, itertools.chain([body], itertools.repeat(block)), head)
    if fault == "bomb":
        return handler.stream(200, content_type, bomb(itertools.repeat(block.decode("latin-1"))), head, gzip=True)
    if fault == "truncated":
        body = body[:rng.randrange(len(body) + 1)]
    elif fault == "huge-line":
        cut = rng.randrange(len(body) + 1)
        body = body[:cut] + rng.choice([b"A", b"\xe9", b"<i>", b"{\\b1}"]) * rng.randrange(1 << 16, 24 << 20) + body[cut:]
    elif fault == "invalid-utf8":
        data = bytearray(body)
        for _ in range(rng.randrange(1, 40)):
            data.insert(rng.randrange(len(data) + 1), rng.choice([0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xF0, 0xF8, 0xFE, 0xFF]))
        body = bytes(data)
    if fault == "gzip":
        compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
        body = compressor.compress(body) + compressor.flush()
        return handler.send_text(200, content_type, body, head, extra={"Content-Encoding": "gzip"})
    if fault == "drip":
        return handler.stream(200, content_type, iter([body[i:i + 64] for i in range(0, len(body), 64)]),
                              head, drip=0.02, length=len(body))
    return handler.send_text(200, content_type, body, head)
