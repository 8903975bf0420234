"""Media files for the fuzzer: the bundled samples (and the same picture in other
containers) mutated by a few of: bit flips, byte overwrites (mostly inside the first
kilobytes, where container headers live), truncation, a spliced header (the head of one file
on the body of another), a duplicated, removed or zeroed chunk. Each goes through
`inset cat` (a few frames, sometimes at a time or to the end) and `inset probe`."""
import os
import random
import shutil
import subprocess

from .. import ROOT

SAMPLES = os.path.join(ROOT, "samples")
# Small clips only: a mutation of a 1.5 MB file costs time and finds nothing a 40 KB one does not.
SEEDS = ["clock_4x3.mp4", "anamorphic_rot90.mp4", "scope_239.mp4", "av_sync_markers.mp4"]
HEADER_BYTES = 16 * 1024


def derived_corpus(workdir):
    """The samples, plus the same picture in other containers (Matroska, MPEG-TS, a PNG), made
    with ffmpeg when it is here: each demuxer has its own ways to fail."""
    corpus = [os.path.join(SAMPLES, name) for name in SEEDS]
    source = os.path.join(SAMPLES, "clock_4x3.mp4")
    if shutil.which("ffmpeg"):
        for name, extra in [("clip.mkv", ["-c", "copy"]), ("clip.ts", ["-c", "copy", "-f", "mpegts"]),
                            ("still.png", ["-frames:v", "1"])]:
            out = os.path.join(workdir, name)
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", source, "-t", "2"] + extra + [out],
                           stdin=subprocess.DEVNULL, check=False)
            if os.path.exists(out) and os.path.getsize(out) > 0:
                corpus.append(out)
    return corpus


def mutate(data, other, rng):
    """One to three mutations of `data` (bytes); `other` is another corpus file to splice from."""
    data = bytearray(data)
    operations = rng.randint(1, 3)
    for _ in range(operations):
        kind = rng.choice(["flip", "flip", "overwrite", "overwrite", "truncate", "splice", "duplicate",
                           "remove", "zero"])
        size = len(data)
        if size < 16:
            break
        # Headers first: most of a file is payload, where damage only spoils a frame.
        region = min(size, HEADER_BYTES) if rng.random() < 0.7 else size
        if kind == "flip":
            for _ in range(rng.randint(1, 64)):
                at = rng.randrange(region)
                data[at] ^= 1 << rng.randrange(8)
        elif kind == "overwrite":
            for _ in range(rng.randint(1, 16)):
                at = rng.randrange(region)
                data[at] = rng.choice([0x00, 0xFF, 0x7F, 0x80, 0x01, rng.randrange(256)])
        elif kind == "truncate":
            del data[rng.randrange(8, size):]
        elif kind == "splice":
            cut = rng.randrange(8, min(size, HEADER_BYTES * 2))
            start = rng.randrange(0, max(1, len(other) - 8))
            data = data[:cut] + bytearray(other[start:])
        elif kind == "duplicate":
            a = rng.randrange(size)
            b = min(size, a + rng.randint(1, 4096))
            at = rng.randrange(size)
            data[at:at] = data[a:b]
        elif kind == "remove":
            a = rng.randrange(size)
            del data[a:min(size, a + rng.randint(1, 4096))]
        elif kind == "zero":
            a = rng.randrange(region)
            b = min(size, a + rng.randint(1, 512))
            data[a:b] = bytes(b - a)
    return bytes(data)


def commands(binary, path, rng):
    cat = [binary, "cat", "--size", "40x12", "--colors", "truecolor"]
    roll = rng.random()
    if roll < 0.15:
        cat += ["--frames", "all"]
    elif roll < 0.4:
        cat += ["--at", str(round(rng.uniform(0, 12), 2)), "--frames", "3"]
    else:
        cat += ["--frames", "4"]
    probe = [binary, "probe"] + (["--json"] if rng.random() < 0.5 else [])
    return [cat + [path], probe + [path]]


