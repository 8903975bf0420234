"""The pictures in pixels the link table's terminal model (linkreplay.py) carries, decoded
to RGB: sixel (its raster attributes, colour registers, repeats and bands), kitty graphics
(PNG, RGB and RGBA, zlib-compressed or not; a frame edit is a part of a picture, not one)
and iTerm2's inline images. Split from linkreplay.py, which finds the pictures in the bytes."""
import base64
import io
import re
import zlib

import numpy as np
from PIL import Image

SIXEL_TOKEN = re.compile(rb'"(\d+);(\d+);(\d+);(\d+)|#(\d+)(?:;2;(\d+);(\d+);(\d+))?|!(\d+)([?-~])|([?-~]+)|(\$)|(-)')


def decode_sixel(body):
    """A sixel image's pixels (RGB), or None when it has no raster attributes."""
    head = re.match(rb'"(\d+);(\d+);(\d+);(\d+)', body)
    if not head:
        return None
    width, height = int(head[3]), int(head[4])
    image = np.zeros((height + 6, width + 1, 3), np.uint8)
    palette = {}
    color = np.zeros(3, np.uint8)
    x = y = 0
    for m in SIXEL_TOKEN.finditer(body, head.end()):
        if m.group(5) is not None:
            number = int(m.group(5))
            if m.group(6) is not None:
                palette[number] = np.array([round(int(m.group(k)) * 255 / 100) for k in (6, 7, 8)], np.uint8)
            color = palette.get(number, color)
        elif m.group(9) is not None:
            count, bits = int(m.group(9)), m.group(10)[0] - 63
            for b in range(6):
                if bits >> b & 1:
                    image[y + b, x:x + count] = color
            x += count
        elif m.group(11) is not None:
            for char in m.group(11):
                bits = char - 63
                if bits:
                    for b in range(6):
                        if bits >> b & 1 and x < width:
                            image[y + b, x] = color
                x += 1
        elif m.group(12):
            x = 0
        elif m.group(13):
            x, y = 0, y + 6
            if y >= height:
                break
    return image[:height, :width]


def decode_picture(kind, payload):
    """RGB pixels of a picture, or None (cut short, or a part of one)."""
    try:
        if kind == "sixel":
            return decode_sixel(payload)
        if kind == "iterm":
            _, _, data = payload.partition(b":")
            return np.asarray(Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB"))
        keys, data = payload
        raw = base64.b64decode(data)
        if keys.get(b"a") == b"f" or b"s" not in keys and keys.get(b"f") != b"100":
            return None  # a frame edit: a part of a picture
        if keys.get(b"f") == b"100":
            return np.asarray(Image.open(io.BytesIO(raw)).convert("RGB"))
        raw = zlib.decompress(raw) if keys.get(b"o") == b"z" else raw
        mode = "RGBA" if keys.get(b"f") == b"32" else "RGB"
        size = (int(keys[b"s"]), int(keys[b"v"]))
        return np.asarray(Image.frombytes(mode, size, raw).convert("RGB"))
    except Exception:
        return None
