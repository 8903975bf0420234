"""Inset's kitty graphics encoder on a run of consecutive frames, as the player sends them
to a terminal reached by its escapes alone (kitty over ssh, WezTerm, Konsole, Ghostty).

The frames go through one encoder (inset-kitty) for each coding asked for. Every output is
read back by an independent reader of the protocol written here: the APC commands split,
the base64 chunks joined, the payload decoded by Python's zlib (`f=24,o=z`) or by Pillow
(`f=100`, PNG), a picture of another size scaled to the placement's pixels as kitty does
(nearest), a frame edit (`a=f`) pasted onto the picture so far. What a terminal would
show is compared with the source frame: PSNR over R, G and B. Also bytes a frame (all
the escapes), the encoder's CPU a frame (its thread's), and the pictures a second that
the encoder alone could make and that a 20 MB/s and a 200 MB/s link could carry.

The player itself into a pty drained at a rate: scripts/pty-pictures --graphics kitty.

Needs ffmpeg, numpy, Pillow, and a release build of the tool:
`swift build -c release --product inset-kitty` (or INSET_KITTY).

    scripts/bench-kitty [--clip FILE] [--size 1200x660] [--frames 100] [--codings video,exact]
"""
import argparse, base64, io, os, re, subprocess, sys, tempfile, zlib

import numpy as np
from PIL import Image
from . import ROOT
from .benchclips import default_clip
from .benchframes import duration, frames, psnr

CELL = (10, 20)  # the cell inset-kitty places the picture in


APC = re.compile(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")


def commands(data):
    """The graphics commands in `data`: (keys of the first chunk, payload of all chunks)."""
    out, pending = [], None
    for match in APC.finditer(data):
        keys = dict(pair.split(b"=", 1) for pair in match.group(1).split(b",") if pair)
        keys = {k.decode(): v.decode() for k, v in keys.items()}
        chunk = base64.b64decode(match.group(2) or b"")
        if pending is None:
            pending = (keys, bytearray())
        pending[1].extend(chunk)
        if keys.get("m", "0") == "0":
            out.append((pending[0], bytes(pending[1])))
            pending = None
    if pending is not None:
        raise ValueError("a chunked command without its m=0 chunk")
    return out


def pixels(keys, payload):
    """The RGB array a command's payload holds."""
    if keys.get("f") == "100":
        return np.asarray(Image.open(io.BytesIO(payload)).convert("RGB"))
    if keys.get("f") != "24":
        raise ValueError(f"format {keys.get('f')}")
    data = zlib.decompress(payload) if keys.get("o") == "z" else payload
    return np.frombuffer(data, np.uint8).reshape(int(keys["v"]), int(keys["s"]), 3)


def replay(paths, width, height):
    """What the terminal shows after each file's escapes, at the placement's pixel size."""
    image, screens = None, []
    for path in paths:
        with open(path, "rb") as f:
            for keys, payload in commands(f.read()):
                if keys.get("a") == "T":
                    image = pixels(keys, payload).copy()
                    cells = (int(keys["c"]), int(keys["r"]))
                elif keys.get("a") == "f" and keys.get("r") == "1":  # an edit of the root frame
                    patch = pixels(keys, payload)
                    x, y = int(keys.get("x", 0)), int(keys.get("y", 0))
                    image[y:y + patch.shape[0], x:x + patch.shape[1]] = patch
                else:
                    raise ValueError(f"unexpected command {keys}")
        shown = image
        placed = (cells[0] * CELL[0], cells[1] * CELL[1])
        if (shown.shape[1], shown.shape[0]) != placed:  # kitty scales with GL_NEAREST
            shown = np.asarray(Image.fromarray(shown).resize(placed, Image.NEAREST))
        screens.append(shown[:height, :width])
    return screens


def encode(tool, pictures, workdir, coding):
    """Runs the tool over `pictures` as one sequence: per frame (path, bytes, cpu ms)."""
    h, w, _ = pictures[0].shape
    os.makedirs(workdir, exist_ok=True)
    env = dict(os.environ, INSET_KITTY_CODING=coding)
    out = subprocess.run([tool, str(w), str(h), workdir], input=b"".join(p.tobytes() for p in pictures),
                         check=True, capture_output=True, env=env).stdout.decode().split("\n")
    rows = []
    for line in filter(None, out):
        number, size, ms = line.split()
        rows.append((os.path.join(workdir, f"{int(number):04d}.kitty"), int(size), float(ms)))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clip", default=default_clip())
    parser.add_argument("--size", default="1200x660")
    parser.add_argument("--frames", type=int, default=100, help="consecutive frames from the middle")
    parser.add_argument("--codings", default="video,exact", help="INSET_KITTY_CODING values, comma-separated")
    parser.add_argument("--tool", default=os.environ.get("INSET_KITTY", os.path.join(ROOT, ".build", "release", "inset-kitty")))
    parser.add_argument("--keep", help="keep the files in this folder")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    if not os.access(args.tool, os.X_OK):
        sys.exit(f"bench-kitty: no {args.tool}; run `swift build -c release --product inset-kitty` (or pass --tool)")
    work = args.keep or tempfile.mkdtemp(prefix="bench-kitty-")
    start = max(0.0, duration(args.clip) / 2 - args.frames / 50)
    pictures = frames(args.clip, start, args.frames, width, height)
    n = len(pictures)
    print(f"clip {os.path.basename(args.clip)}, {width}x{height}, {n} frames from {start:.2f} s through one encoder\n")
    print("| coding | mean PSNR dB (worst) | mean bytes | CPU ms mean (max) | pictures/s: encoder, 20 MB/s, 200 MB/s |")
    print("|---|---|---|---|---|")
    for coding in args.codings.split(","):
        rows = encode(args.tool, pictures, os.path.join(work, coding), coding)
        screens = replay([r[0] for r in rows], width, height)
        dbs = [psnr(p, s) for p, s in zip(pictures, screens)]
        size = sum(r[1] for r in rows) / n
        ms = [r[2] for r in rows]
        mean_ms = sum(ms) / n
        print(f"| {coding} | {np.mean(dbs):.2f} ({min(dbs):.2f}) | {size:.0f} | {mean_ms:.1f} ({max(ms):.1f}) | "
              f"{1000 / mean_ms:.0f}, {20e6 / size:.1f}, {200e6 / size:.1f} |")
    if not args.keep:
        subprocess.run(["rm", "-rf", work])
