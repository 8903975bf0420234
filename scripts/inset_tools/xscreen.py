"""A virtual X display and what is on it, for the real-terminal scripts (scripts/real-terminal).

`Display` starts Xvfb and waits until it answers; `screenshot` dumps the root window with
xwd and reads it (24/32-bit ZPixmap) into an RGB array; `picture_box` finds a picture on it:
8x8 blocks that are mostly saturated pixels (the sample is saturated bars; terminal text,
the library's theme and the cursor are greys, dim colours or sparse). `best_psnr` compares a
found picture with the source frames around a time, area-scaled by FFmpeg to the box's size,
as a paused player shows whichever frame was on screen.
"""
import os
import random
import signal
import struct
import subprocess
import time

import numpy as np

# Pixels count as picture when they are this colourful, and only in 8x8 blocks three
# quarters of whose pixels are such.
SATURATION = 150
BLOCK = 8


class Checks:
    """Prints one line per check and remembers the failures."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        print(("ok    " if ok else "FAIL  ") + what, flush=True)
        if not ok:
            self.failures.append(what)
        return ok


def say(text):
    print("      " + text, flush=True)


class Display:
    """Xvfb on a free-looking display number; DISPLAY is set for the children."""

    def __init__(self, width=1400, height=1000):
        self.number = random.randint(200, 600)
        self.xvfb = subprocess.Popen(["Xvfb", ":%d" % self.number, "-screen", "0", "%dx%dx24" % (width, height),
                                      "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.environ["DISPLAY"] = ":%d" % self.number
        # Ready is when the server answers a client, not when its socket exists: xterm
        # started on a socket alone failed on a loaded machine ("cannot load font").
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if subprocess.run(["xdotool", "getdisplaygeometry"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=10).returncode == 0:
                return
            time.sleep(0.1)
        raise SystemExit("the X server on :%d did not answer within 20 s" % self.number)

    def close(self):
        self.xvfb.send_signal(signal.SIGTERM)
        try:
            self.xvfb.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.xvfb.kill()
            self.xvfb.wait()


def window_geometry(window_class):
    """(x, y, width, height) of the first window of that class, or None."""
    out = subprocess.run(["xdotool", "search", "--class", window_class, "getwindowgeometry", "--shell", "%1"],
                         capture_output=True, text=True, timeout=10).stdout
    fields = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return tuple(int(fields[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    except KeyError:
        return None


def keys(window_class, *names, pause=0.3):
    for name in names:
        # No --sync: without a window manager the focus may already be there, and xdotool
        # would wait for a change that never comes.
        subprocess.run(["xdotool", "search", "--class", window_class, "windowfocus", "key", name],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
        time.sleep(pause)


def type_text(window_class, text):
    subprocess.run(["xdotool", "search", "--class", window_class, "windowfocus", "type", "--delay", "20", text],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)


def read_xwd(path):
    """An xwd dump (ZPixmap, 32 bits a pixel) as an RGB array."""
    with open(path, "rb") as f:
        data = f.read()
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    bits_per_pixel, bytes_per_line = fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14], fields[15], fields[16]
    byte_order, ncolors = fields[7], fields[19]
    offset = header_size + ncolors * 12
    if bits_per_pixel == 32:
        dtype = ">u4" if byte_order == 1 else "<u4"
        raw = np.frombuffer(data, dtype=dtype, count=height * bytes_per_line // 4, offset=offset)
        pixels = raw.reshape(height, bytes_per_line // 4)[:, :width]
    elif bits_per_pixel == 24:
        # Packed 3 bytes a pixel: a server with a GL client (kitty) may dump this way, and
        # reading it as 32 bits gives grey stripes.
        raw = np.frombuffer(data, np.uint8, count=height * bytes_per_line, offset=offset)
        b = raw.reshape(height, bytes_per_line)[:, :width * 3].reshape(height, width, 3).astype(np.uint32)
        if byte_order == 1:
            pixels = (b[:, :, 0] << 16) | (b[:, :, 1] << 8) | b[:, :, 2]
        else:
            pixels = (b[:, :, 2] << 16) | (b[:, :, 1] << 8) | b[:, :, 0]
    else:
        raise SystemExit("xwd with %d bits per pixel is not handled" % bits_per_pixel)

    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return ((pixels & mask) >> shift).astype(np.uint8)

    return np.dstack([channel(red_mask), channel(green_mask), channel(blue_mask)])


def screenshot(out, name):
    """The whole display now, kept as OUT/NAME.ppm (the .xwd is removed: 5 MB each)."""
    path = os.path.join(out, name + ".xwd")
    subprocess.run(["xwd", "-root", "-silent", "-out", path], check=True, timeout=30)
    image = read_xwd(path)
    os.remove(path)
    write_ppm(os.path.join(out, name + ".ppm"), image)
    return image


def write_ppm(path, image):
    with open(path, "wb") as f:
        f.write(b"P6 %d %d 255\n" % (image.shape[1], image.shape[0]) + image.tobytes())


def write_png(path, image, width=None):
    """A PNG of the image, scaled to `width` (area) when given: for docs/screenshots."""
    h, w, _ = image.shape
    scale = ["-vf", "scale=%d:-2:flags=area" % width] if width else []
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
                    "-s", "%dx%d" % (w, h), "-i", "-", *scale, "-compression_level", "9", path],
                   input=np.ascontiguousarray(image).tobytes(), check=True, timeout=60)


def colourful(image):
    img = image.astype(np.int16)
    return (img.max(axis=2) - img.min(axis=2)) >= SATURATION


def picture_blocks(image):
    """Which 8x8 blocks are picture: three quarters of their pixels colourful."""
    mask = colourful(image)
    h, w = mask.shape[0] // BLOCK * BLOCK, mask.shape[1] // BLOCK * BLOCK
    blocks = mask[:h, :w].reshape(h // BLOCK, BLOCK, w // BLOCK, BLOCK).mean(axis=(1, 3))
    return blocks >= 0.75


def picture_pixels(image, box=None):
    """How many pixels lie in picture blocks (within `box` only, when given)."""
    blocks = picture_blocks(image)
    if box:
        x0, y0, x1, y1 = (v // BLOCK for v in box)
        blocks = blocks[y0:y1 + 1, x0:x1 + 1]
    return int(blocks.sum()) * BLOCK * BLOCK


def picture_box(image, region=None):
    """The picture's bounding box (x0, y0, x1, y1): the picture blocks' box (within
    `region`, a box, when given), its edges then moved in or out to the outermost rows and
    columns more than half colourful, within a block of it; None if there is none."""
    blocks = picture_blocks(image)
    # Only blocks with two picture neighbours or more: a cursor (a cell-sized block of
    # colour) or a coloured letter stands alone, a picture does not.
    padded = np.pad(blocks, 1)
    neighbours = (padded[:-2, 1:-1].astype(int) + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:])
    blocks = blocks & (neighbours >= 2)
    if region:
        keep = np.zeros_like(blocks)
        rx0, ry0, rx1, ry1 = (v // BLOCK for v in region)
        keep[ry0:ry1, rx0:rx1] = True
        blocks &= keep
    ys, xs = np.nonzero(blocks)
    if len(xs) < 4:
        return None
    x0, y0, x1, y1 = xs.min() * BLOCK, ys.min() * BLOCK, (xs.max() + 1) * BLOCK, (ys.max() + 1) * BLOCK
    mask = colourful(image)
    rows = mask[:, x0:x1].mean(axis=1) > 0.5
    cols = mask[y0:y1, :].mean(axis=0) > 0.5
    # Inward first: a block at the edge may be only three quarters picture.
    while y0 < y1 - 1 and not rows[y0]:
        y0 += 1
    while y1 > y0 + 1 and not rows[y1 - 1]:
        y1 -= 1
    while x0 < x1 - 1 and not cols[x0]:
        x0 += 1
    while x1 > x0 + 1 and not cols[x1 - 1]:
        x1 -= 1
    while y0 > 0 and rows[y0 - 1] and y0 > ys.min() * BLOCK - BLOCK:
        y0 -= 1
    while y1 < len(rows) and rows[y1] and y1 < (ys.max() + 2) * BLOCK:
        y1 += 1
    while x0 > 0 and cols[x0 - 1] and x0 > xs.min() * BLOCK - BLOCK:
        x0 -= 1
    while x1 < len(cols) and cols[x1] and x1 < (xs.max() + 2) * BLOCK:
        x1 += 1
    return int(x0), int(y0), int(x1), int(y1)


def source_frames(sample, start, end, width, height):
    """Frames of `sample` from `start` to `end` seconds, area-scaled to width x height."""
    cmd = ["ffmpeg", "-v", "error", "-nostdin", "-ss", "%.3f" % max(0, start), "-t", "%.3f" % (end - max(0, start)),
           "-i", sample, "-vf", "scale=%d:%d:flags=area,format=rgb24" % (width, height), "-f", "rawvideo", "-"]
    data = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, timeout=120).stdout
    size = width * height * 3
    return [np.frombuffer(data[i:i + size], np.uint8).reshape(height, width, 3)
            for i in range(0, len(data) - size + 1, size)]


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def mean_square_error(crop, frame):
    """Of two pictures of the same size, `crop` already as int16."""
    return float(np.square(crop - frame.astype(np.int16), dtype=np.int32).mean())


def best_psnr(sample, shot, box, start, end, full_height=None, kept=3):
    """The best PSNR of the box's pixels against the source frames from start to end. With
    `full_height`, the box is the top of a picture that tall (the rest under the control
    bar): the frames are scaled to it and their top compared.

    The frames are read one at a time from FFmpeg as it scales them, each compared on every
    fourth pixel of every fourth row, and only the `kept` closest compared whole: the whole
    comparison of all 150 frames, read at once (230 MB at 960x532), took 2.7-3.1 s of CPU a
    call, which the real terminals' lanes paid three times a terminal beside the full run's
    groups; the frame that matches is far ahead of the others on the sample, whose clock
    and moving line change every frame."""
    x0, y0, x1, y1 = box
    width, height, tall = x1 - x0, y1 - y0, full_height or (y1 - y0)
    crop = shot[y0:y1, x0:x1].astype(np.int16)
    coarse_crop = crop[::4, ::4]
    cmd = ["ffmpeg", "-v", "error", "-nostdin", "-ss", "%.3f" % max(0, start), "-t", "%.3f" % (end - max(0, start)),
           "-i", sample, "-vf", "scale=%d:%d:flags=area,format=rgb24" % (width, tall), "-f", "rawvideo", "-"]
    size = width * tall * 3
    closest = []  # (coarse error, frame number, frame's visible part), the `kept` smallest
    with subprocess.Popen(cmd, stdout=subprocess.PIPE) as ffmpeg:
        try:
            number = 0
            while True:
                data = ffmpeg.stdout.read(size)
                if len(data) < size:
                    break
                frame = np.frombuffer(data, np.uint8).reshape(tall, width, 3)[:height]
                closest.append((mean_square_error(coarse_crop, frame[::4, ::4]), number, frame))
                closest = sorted(closest, key=lambda item: item[:2])[:kept]
                number += 1
            ffmpeg.wait(timeout=120)
        finally:
            if ffmpeg.poll() is None:
                ffmpeg.kill()
    if ffmpeg.returncode != 0:
        raise subprocess.CalledProcessError(ffmpeg.returncode, cmd)
    errors = [mean_square_error(crop, frame) for _, _, frame in closest]
    return max((99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)) for mse in errors) if errors else 0.0
