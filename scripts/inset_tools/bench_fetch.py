"""What the player fetches for what the terminal shows: the variant of an HLS stream and the
formats of a DASH page it chooses, the bytes it asks the server for in 10 s, and the PSNR
of the picture at the size the terminal shows it, for two builds side by side.

    scripts/bench-fetch [--before BINARY] [--after BINARY] [--json]

The stream: a master with four variants (180p, 360p, 720p, 1080p) of samples/bench_1080p.mp4
played twice over (10 s), 2 s segments, made in a scratch folder; the page:
samples/sites/split.html (180p, 360p and 720p pictures and a sound apart; a build without
page support is given its manifest, split.mpd). Each runs in a pty (scripts/inset_tools/ptyterm.py) for
10 s from its first frame in three ways: half blocks and octants at 160x45 cells, and kitty
at 1200x660 pixels (120x33 cells of 10x20). The bytes are what scripts/http-serve's log
says it sent for media (segments, .mp4, .m4a); the variant the one most of them belong to.

PSNR: the variant's frame at 2.5 s and the 1080p source's, each averaged (ffmpeg's area
scaler, as the player's) to what the terminal shows (twice the blitter's sub-pixels, or the
picture's pixels for kitty), then to the shown size itself, compared with ffmpeg's psnr:
the loss the variant alone costs on screen.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from .ptyterm import PtyProgram
from . import ROOT, SCRIPTS

MODES = [("half 160x45", ["--blitter", "half"], 160, 45, None, (160, 90)),
         ("octant 160x45", ["--blitter", "octant"], 160, 45, None, (320, 180)),
         ("kitty 1200x660", ["--graphics", "kitty"], 120, 33, (10, 20), None)]
HEIGHTS = [180, 360, 720, 1080]


def run(argv, **kw):
    return subprocess.run(argv, check=True, capture_output=True, text=True, **kw).stdout


def make_stream(folder):
    source = os.path.join(ROOT, "samples", "bench_1080p.mp4")
    split = ";".join(f"[s{i}]scale=-2:{h}[v{i}]" for i, h in enumerate(HEIGHTS))
    run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-stream_loop", "1", "-i", source, "-filter_complex",
         f"[0:v]split={len(HEIGHTS)}" + "".join(f"[s{i}]" for i in range(len(HEIGHTS))) + ";" + split,
         *sum((["-map", f"[v{i}]"] for i in range(len(HEIGHTS))), []), "-an",
         "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", "30", "-keyint_min", "30", "-sc_threshold", "0",
         "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-hls_segment_filename",
         os.path.join(folder, "v%v", "seg%02d.ts"), "-var_stream_map", " ".join(f"v:{i}" for i in range(len(HEIGHTS))),
         os.path.join(folder, "v%v", "index.m3u8")])
    lines = ["#EXTM3U"]
    for i, h in enumerate(HEIGHTS):
        size = sum(os.path.getsize(os.path.join(folder, f"v{i}", f)) for f in os.listdir(os.path.join(folder, f"v{i}"))
                   if f.endswith(".ts"))
        lines += [f"#EXT-X-STREAM-INF:BANDWIDTH={size * 8 // 10},RESOLUTION={h * 16 // 9}x{h}", f"v{i}/index.m3u8"]
    with open(os.path.join(folder, "master.m3u8"), "w") as f:
        f.write("\n".join(lines) + "\n")


class Server:
    def __init__(self, root, log):
        self.log = log
        port_file = log + ".port"
        self.process = subprocess.Popen([sys.executable, os.path.join(SCRIPTS, "http-serve"), "--root", root,
                                         "--port-file", port_file, "--log", log],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.05)
        self.base = f"http://127.0.0.1:{open(port_file).read().strip()}/"

    def media(self):
        """(path, bytes) of the media responses so far."""
        out = []
        for line in open(self.log).read().splitlines():
            fields = line.split("\t")
            if len(fields) >= 7 and re.search(r"\.(ts|mp4|m4a)$", fields[2]):
                out.append((fields[2], int(fields[5])))
        return out

    def stop(self):
        self.process.terminate()
        self.process.wait()


def play(binary, options, url, columns, rows, cell, server, seconds=10):
    before = len(server.media())
    frames = []
    player = PtyProgram([binary, *options, url], columns, rows, cell=cell,
                        env={"SDL_AUDIODRIVER": "dummy"}, on_frame=lambda at, screen: frames.append(at))
    deadline = time.monotonic() + 30
    while not frames and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(max(0, seconds - (time.monotonic() - frames[0])) if frames else 0)
    player.send("q")
    player.finish(timeout=10)
    fetched = server.media()[before:]
    return fetched


def variant_of(paths):
    """The variant most requests were for (opening an HLS master reads the first segment of
    every variant, which can outweigh in bytes what is played), and the bytes of each."""
    counts, sizes = {}, {}
    for path, size in paths:
        m = re.search(r"/v(\d)/", path) or re.search(r"markers_(\d+)p", path)
        if m:
            key = HEIGHTS[int(m.group(1))] if "/v" in m.group(0) else int(m.group(1))
            counts[key] = counts.get(key, 0) + 1
            sizes[key] = sizes.get(key, 0) + size
    if len(counts) > 1 and len(set(counts.values())) == 1:
        return "all", sizes  # every picture once: a manifest read whole
    return max(counts, key=lambda k: (counts[k], -k)) if counts else None, sizes


def shown_size(mode, source_size):
    name, _, columns, rows, cell, grid = mode
    if grid:
        return grid  # the picture fills 160x45 at 16:9: the blitter's sub-pixels
    width, height = columns * cell[0], rows * cell[1]
    scale = min(width / source_size[0], height / source_size[1])
    return int(source_size[0] * scale) // 2 * 2, int(source_size[1] * scale) // 2 * 2


def psnr(variant_file, source, size, work):
    """Frame 75 (2.5 s) of both, in RGB, area-averaged to `size`: the variant against the
    1080p source."""
    w, h = size
    out = {}
    for name, path in (("variant", variant_file), ("source", source)):
        target = os.path.join(work, f"{name}-{w}x{h}.png")
        run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", path, "-frames:v", "1",
             "-vf", f"select=eq(n\\,75),format=rgb24,scale={w}:{h}:flags=area", target])
        out[name] = target
    text = subprocess.run(["ffmpeg", "-v", "info", "-nostdin", "-i", out["variant"], "-i", out["source"],
                           "-lavfi", "psnr", "-f", "null", "-"], capture_output=True, text=True).stderr
    m = re.search(r"average:([\d.]+|inf)", text)
    return float(m.group(1)) if m and m.group(1) != "inf" else 99.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="the build of before (default: none)")
    parser.add_argument("--after", default=os.environ.get("INSET_BIN") or os.path.join(ROOT, ".build", "release", "inset"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="inset-bench-fetch-")
    # The stream takes a while to encode: made once, kept with the benchmark clips.
    hls_folder = os.path.join(os.path.expanduser("~"), ".cache", "inset-bench", "fetch-hls")
    if not os.path.exists(os.path.join(hls_folder, "master.m3u8")):
        os.makedirs(hls_folder, exist_ok=True)
        make_stream(hls_folder)
    hls = Server(hls_folder, os.path.join(work, "hls.log"))
    site = Server(os.path.join(ROOT, "samples"), os.path.join(work, "site.log"))
    source_hd = os.path.join(work, "source.mp4")
    run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-stream_loop", "1", "-i", os.path.join(ROOT, "samples", "bench_1080p.mp4"),
         "-c", "copy", source_hd])
    results = []
    builds = [("before", args.before), ("after", args.after)] if args.before else [("after", args.after)]
    try:
        for mode in MODES:
            for build, binary in builds:
                for stream in ("hls", "dash"):
                    if stream == "hls":
                        url, server = hls.base + "master.m3u8", hls
                    else:
                        page = "sites/split.html" if build == "after" else "sites/split.mpd"
                        url, server = site.base + page, site
                    fetched = play(binary, mode[1], url, mode[2], mode[3], mode[4], server)
                    height, counts = variant_of(fetched)
                    row = {"mode": mode[0], "build": build, "stream": stream, "variant": height,
                           "bytes": sum(size for _, size in fetched), "by_variant": counts}
                    if stream == "hls" and isinstance(height, int):
                        variant_file = os.path.join(hls_folder, f"v{HEIGHTS.index(height)}", "index.m3u8")
                        row["psnr"] = round(psnr(variant_file, source_hd, shown_size(mode, (1920, 1080)), work), 2)
                    results.append(row)
                    print(f"{mode[0]:>15} {build:>6} {stream:>4}: {height}{'p' if isinstance(height, int) else ''}, {row['bytes']:>9} bytes"
                          + (f", PSNR {row['psnr']} dB" if "psnr" in row else ""), file=sys.stderr)
    finally:
        hls.stop()
        site.stop()
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(results))
    else:
        print("| terminal | stream | before: variant, bytes in 10 s, PSNR | after |")
        print("| --- | --- | --- | --- |")
        for mode in MODES:
            for stream in ("hls", "dash"):
                cells = []
                for build, _ in builds:
                    r = next(r for r in results if r["mode"] == mode[0] and r["build"] == build and r["stream"] == stream)
                    name = f"{r['variant']}p" if isinstance(r["variant"], int) else f"{r['variant']} pictures"
                    cells.append(f"{name}, {r['bytes']:,} B" + (f", {r['psnr']} dB" if "psnr" in r else ""))
                print(f"| {mode[0]} | {stream} | " + " | ".join(cells) + " |")
    return 0
