"""The frames the encoder benchmarks (scripts/bench-kitty, scripts/bench-sixel) encode, and the
PSNR they judge the decoded pictures by."""
import subprocess

import numpy as np


def duration(clip):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", clip],
                         check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def frames(clip, start, count, width, height):
    """`count` consecutive frames from `start` seconds, area-scaled, as uint8 arrays."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-ss", f"{start:.3f}", "-i", clip,
                          "-frames:v", str(count), "-vf", f"scale={width}:{height}:flags=area",
                          "-pix_fmt", "rgb24", "-f", "rawvideo", "-"], check=True, capture_output=True).stdout
    n = len(raw) // (width * height * 3)
    return [np.frombuffer(raw, np.uint8, width * height * 3, i * width * height * 3).reshape(height, width, 3)
            for i in range(n)]


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)
