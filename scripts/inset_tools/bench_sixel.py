"""Inset's sixel encoder beside libsixel's img2sixel, timg and chafa, on the same frames at
the same size.

Every output is decoded by libsixel's sixel2png (a decoder no one here wrote) and compared
with the frame it was made from, scaled by FFmpeg's area filter: PSNR over R, G and B, and
bytes. Two parts:

  stills  a few frames spread over the clip, each encoded on its own (a fresh encoder);
          Inset (inset-sixel), `img2sixel -d none` and `img2sixel` (its default dither),
          `timg -ps` (1.5 or later: --timg or TIMG names it) and chafa (its defaults, and
          with diffusion dither), each given a PNG at the size measured; how
          each is held to that size is in sixel_peers.py. A mean table closes the part.
  video   a run of consecutive frames through one encoder, as the player sends them:
          after the first frame only the cells that changed (cells of 10x20 pixels, as
          the issue's 120x40 terminal; INSET_SIXEL_CELL=0x0 sends every frame whole),
          each image laid over the screen so far before comparing;
          PSNR and bytes per frame on average, the encoder's CPU per frame, and shimmer:
          of the pixels whose source did not change from one frame to the next (every
          channel within 2 levels), the share whose decoded colour did.

Needs ffmpeg, img2sixel and sixel2png (Debian: ffmpeg libsixel-bin; scripts/setup installs
them), numpy, and a release build of the tool: `swift build -c release --product inset-sixel`
(or INSET_SIXEL). `--json` prints the stills' figures as JSON instead (the end-to-end test
SixelBesideLibsixelTests reads them).

    scripts/bench-sixel [--clip FILE] [--size 1200x660] [--stills 5] [--video 25] [--timg PATH] [--json]
"""
import argparse, json, os, subprocess, sys, tempfile

import numpy as np

from . import sixel_peers
from . import ROOT
from .benchclips import default_clip
from .benchframes import duration, frames, psnr


def read_png(path):
    """A PNG's pixels as an RGB array, read by ffmpeg (no Python imaging library needed)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", path], check=True, capture_output=True, text=True).stdout
    w, h = map(int, probe.strip().split(",")[:2])
    raw = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(h, w, 3)


def write_png(picture, path):
    h, w, _ = picture.shape
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{w}x{h}",
                    "-i", "-", path], input=picture.tobytes(), check=True)


def scale(picture, width, height):
    """A decoded picture of another size, area-scaled to width x height."""
    h, w, _ = picture.shape
    raw = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", f"{w}x{h}",
                          "-i", "-", "-vf", f"scale={width}:{height}:flags=area", "-f", "rawvideo", "-pix_fmt", "rgb24",
                          "-"], input=picture.tobytes(), check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(height, width, 3)


def decode(six_path):
    """The picture sixel2png makes of a sixel file."""
    png = six_path + ".png"
    with open(six_path, "rb") as src, open(png, "wb") as dst:
        subprocess.run(["sixel2png"], stdin=src, stdout=dst, check=True)
    return read_png(png)


def inset_encode(tool, pictures, workdir):
    """Runs the tool over `pictures` as one sequence: per frame (path, bytes, cpu ms, x, y)."""
    h, w, _ = pictures[0].shape
    os.makedirs(workdir, exist_ok=True)
    out = subprocess.run([tool, str(w), str(h), workdir], input=b"".join(p.tobytes() for p in pictures),
                         check=True, capture_output=True).stdout.decode().split("\n")
    rows = []
    for line in filter(None, out):
        fields = line.split()
        number, size, ms = int(fields[0]), int(fields[1]), float(fields[2])
        if len(fields) < 5:  # an older tool: every frame whole
            fields += ["0", "0"]
        if fields[3] == "-":  # nothing changed, nothing written
            rows.append((None, 0, ms, 0, 0))
            continue
        rows.append((os.path.join(workdir, f"{number:04d}.six"), size, ms, int(fields[3]), int(fields[4])))
    return rows


def libsixel(picture, path, dither):
    png = path + ".src.png"
    write_png(picture, png)
    args = ["img2sixel"] + (["-d", dither] if dither else []) + [png]
    with open(path, "wb") as out:
        t0 = os.times()
        subprocess.run(args, stdout=out, check=True)
        t1 = os.times()
    ms = ((t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)) * 1000
    return os.path.getsize(path), ms


def compose(previous, decoded, x, y):
    """The screen after a sixel image lands at (x, y) over `previous`."""
    screen = previous.copy() if previous is not None else np.zeros_like(decoded)
    h, w, _ = decoded.shape
    screen[y:y + h, x:x + w] = decoded
    return screen


def shimmer(sources, screens):
    """Share of still source pixels (every channel within 2) whose shown colour changed."""
    still = changed = 0
    for i in range(1, len(sources)):
        s = np.all(np.abs(sources[i].astype(np.int16) - sources[i - 1]) <= 2, axis=2)
        c = np.any(screens[i] != screens[i - 1], axis=2)
        still += int(s.sum())
        changed += int((s & c).sum())
    return changed / max(1, still)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clip", default=default_clip())
    parser.add_argument("--size", default="1200x660")
    parser.add_argument("--stills", type=int, default=5, help="frames spread over the clip (0: none)")
    parser.add_argument("--video", type=int, default=25, help="consecutive frames from the middle (0: none)")
    parser.add_argument("--tool", default=os.environ.get("INSET_SIXEL", os.path.join(ROOT, ".build", "release", "inset-sixel")))
    parser.add_argument("--timg", default=os.environ.get("TIMG", "timg"), help="timg 1.5 or later (sixel)")
    parser.add_argument("--keep", help="keep the files in this folder")
    parser.add_argument("--json", action="store_true", help="print the stills' figures as JSON")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    if not os.access(args.tool, os.X_OK):
        sys.exit(f"bench-sixel: no {args.tool}; run `swift build -c release --product inset-sixel` (or pass --tool)")
    work = args.keep or tempfile.mkdtemp(prefix="bench-sixel-")
    os.makedirs(work, exist_ok=True)
    length = duration(args.clip)
    # With --json the tables go nowhere; the JSON line is printed alone.
    say = (lambda *a, **k: None) if args.json else print
    say(f"clip {os.path.basename(args.clip)}, {width}x{height}, decoded by sixel2png\n")

    if args.stills:
        encoders, notes = sixel_peers.peers(args.timg)
        for note in notes:
            say(f"left out: {note}")
        totals, scaled = {}, {}
        say("| frame at | encoder | PSNR dB | bytes | CPU ms |")
        say("|---|---|---|---|---|")
        for i in range(args.stills):
            t = length * (i + 0.5) / args.stills
            picture = frames(args.clip, t, 1, width, height)[0]
            png = os.path.join(work, f"still{i}.png")
            write_png(picture, png)
            results = []
            path, size, ms, _, _ = inset_encode(args.tool, [picture], os.path.join(work, f"still{i}"))[0]
            results.append(("inset", psnr(picture, decode(path)), size, ms))
            for k, (name, encode) in enumerate(encoders):
                path = os.path.join(work, f"still{i}-{k}.six")
                size, ms = encode(png, width, height, path)
                decoded = decode(path)
                if decoded.shape != picture.shape:  # said under the table
                    scaled[name] = f"{decoded.shape[1]}x{decoded.shape[0]}"
                    decoded = scale(decoded, width, height)
                results.append((name, psnr(picture, decoded), size, ms))
            for name, db, size, ms in results:
                say(f"| {t:.2f} s | {name} | {db:.2f} | {size} | {ms:.1f} |")
                total = totals.setdefault(name, [0.0, 0, 0.0])
                total[0] += db; total[1] += size; total[2] += ms
        n = args.stills
        say(f"\nmean of {n} stills at {width}x{height}:\n")
        say("| encoder | PSNR dB | bytes | CPU ms |")
        say("|---|---:|---:|---:|")
        for name, (db, size, ms) in totals.items():
            say(f"| {name} | {db / n:.2f} | {size // n:,} | {ms / n:.1f} |")
        for name, size in scaled.items():
            say(f"({name} decoded at {size}, scaled to {width}x{height} by area before comparing)")
        say()
        if args.json:
            print(json.dumps({name: {"psnr": db / n, "bytes": size / n, "cpu_ms": ms / n}
                               for name, (db, size, ms) in totals.items()}))

    if args.video:
        start = max(0.0, length / 2 - args.video / 50)
        pictures = frames(args.clip, start, args.video, width, height)
        rows = inset_encode(args.tool, pictures, os.path.join(work, "video"))
        screens, screen = [], None
        for path, _, _, x, y in rows:
            if path:
                screen = compose(screen, decode(path), x, y)
            screens.append(screen)
        n = len(rows)
        db = sum(psnr(p, s) for p, s in zip(pictures, screens)) / n
        size = sum(r[1] for r in rows) / n
        ms = sorted(r[2] for r in rows)
        say(f"video: {n} frames from {start:.2f} s through one encoder")
        say(f"| encoder | mean PSNR dB | mean bytes | CPU ms median (max) | shimmer |")
        say("|---|---|---|---|---|")
        say(f"| inset | {db:.2f} | {size:.0f} | {ms[n // 2]:.1f} ({ms[-1]:.1f}) | {shimmer(pictures, screens):.2%} |")
        lib = []
        for i, p in enumerate(pictures):
            path = os.path.join(work, "video", f"lib{i:04d}.six")
            s, t = libsixel(p, path, "none")
            lib.append((decode(path), s, t))
        libms = sorted(t for _, _, t in lib)
        say(f"| img2sixel -d none | {sum(psnr(p, d) for p, (d, _, _) in zip(pictures, lib)) / n:.2f} | "
              f"{sum(s for _, s, _ in lib) / n:.0f} | {libms[n // 2]:.1f} ({libms[-1]:.1f}) | "
              f"{shimmer(pictures, [d for d, _, _ in lib]):.2%} |")
    if not args.keep:
        subprocess.run(["rm", "-rf", work])
