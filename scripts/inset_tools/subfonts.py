"""A Matroska file's attached font used for its styled subtitles (issue 45): a font the
system lacks is made at run time from fonts-dejavu-core's DejaVu Sans Mono, renamed "Inset
Zebra Mono" in its name table (same length, so no offset moves; FreeType does not check
the table checksums), and attached to an MKV whose ASS style names it. The player's kitty
picture (read from its payload) is measured: the width of a line of i's, which a
monospaced font draws as wide as any letters and fontconfig's proportional fallback about
half as wide, against FFmpeg's `subtitles` filter drawing the same frame with the
attachment and without it.

    scripts/sub-fonts [--json] [--keep DIR]

Exits 1 unless the player's line is within 10% of the attached font's width and more than
25% from the fallback's.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

from . import subpictures

SOURCE = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
FAMILY, RENAMED = "DejaVu Sans Mono", "Inset Zebra Mono"
LINE = "iiiiiiiiiiiiiiii"
ASS = f"""[Script Info]
ScriptType: v4.00+
PlayResX: 640
PlayResY: 360

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,{RENAMED},40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,20,20,20,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.00,0:00:12.00,Default,,0,0,0,,{LINE}
"""


def make_font(folder):
    """DejaVu Sans Mono under a family no fontconfig knows."""
    assert len(FAMILY) == len(RENAMED)
    with open(SOURCE, "rb") as f:
        data = f.read()
    for encode in (lambda text: text.encode("ascii"), lambda text: text.encode("utf-16-be")):
        data = data.replace(encode(FAMILY), encode(RENAMED))
    path = os.path.join(folder, "InsetZebraMono.ttf")
    with open(path, "wb") as f:
        f.write(data)
    return path


def make_clips(folder):
    """The MKV with the font attached, and the .ass alone (the fallback's reference)."""
    font = make_font(folder)
    ass = os.path.join(folder, "fonts.ass")
    with open(ass, "w") as f:
        f.write(ASS)
    clip = os.path.join(folder, "fonts.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x202020:s=640x360:r=10:d=12", "-i", ass,
                    "-attach", font, "-metadata:s:t", "mimetype=application/x-truetype-font",
                    "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv444p", "-c:s", "ass", clip], check=True)
    return clip, ass


def line_width(image):
    """The share of the picture's width the line's bright pixels span."""
    bright = np.any(image.astype(int) > 128, axis=2)
    columns = np.nonzero(bright.any(axis=0))[0]
    return 0.0 if columns.size == 0 else float(columns[-1] - columns[0] + 1) / image.shape[1]


def reference(source, size, folder, name):
    """FFmpeg's `subtitles` filter over the clip's frame at `size`, the track read from
    `source` (the MKV: its attachments given to libass; the .ass: fontconfig's alone)."""
    path = os.path.join(folder, name + ".png")
    chain = f"scale={size[0]}:{size[1]},subtitles={source}"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"color=c=0x202020:s=640x360:d=1",
                    "-frames:v", "1", "-vf", chain, path], check=True)
    return np.asarray(Image.open(path).convert("RGB"))


def measure(binary, keep=None):
    folder = keep or tempfile.mkdtemp(prefix="inset-subfonts-")
    os.makedirs(folder, exist_ok=True)
    clip, ass = make_clips(folder)
    found = subpictures.kitty_picture(subpictures.play(binary, clip, "kitty", 6))
    if found is None:
        return {"error": "no kitty picture written"}
    shown = found[0]
    Image.fromarray(shown).save(os.path.join(folder, "shown.png"))
    size = (shown.shape[1], shown.shape[0])
    return {"picture": list(size), "width_shown": round(line_width(shown), 3),
            "width_attached": round(line_width(reference(clip, size, folder, "attached")), 3),
            "width_fallback": round(line_width(reference(ass, size, folder, "fallback")), 3)}


def main():
    args = sys.argv[1:]
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    binary = os.environ.get("INSET_BIN") or os.path.join(root, ".build", "debug", "inset")
    result = measure(binary, keep)
    ok = "error" not in result and result["width_attached"] > 0 and \
        abs(result["width_shown"] / result["width_attached"] - 1) <= 0.10 and \
        abs(result["width_shown"] / max(result["width_fallback"], 1e-6) - 1) > 0.25
    print(json.dumps(result) if "--json" in args else f"sub-fonts: {result}: " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1
