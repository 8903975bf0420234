"""Other programs' sixel encoders, for scripts/bench-sixel: libsixel's img2sixel, timg and
chafa, each handed a PNG already at the size measured, so none of them scales it.

Every encoder's output is cut to its sixel image alone (from ESC P to ESC \\): timg writes
cursor movements around it, and bytes are compared image to image. Each is run in a session
of its own with no terminal (standard input from /dev/null), so none asks a terminal for its
cell size, and each falls back to one fixed without a terminal:
  timg   9x18 px cells; `-g COLSxROWS` a box at least the picture's size, and timg does not
         enlarge (no -U), so the picture goes out at its size. Its sixel is libsixel's
         encoder with timg's settings (256 colours, the largest box split by luminance,
         the average colour of a box, Floyd-Steinberg: its output is pixel for pixel
         `img2sixel -f lum -s average -q auto`'s). Debian 12's timg 1.4.5 has no sixel
         (1.5.0 added it): that one is skipped, saying so.
  chafa  8x8 px cells; `-s COLSxROWS --stretch` exactly the picture's size (a height that is
         not a whole number of 8 px cells is cut to the 6-row sixel band below it, as chafa
         does). Its defaults for sixel are no dither and work 5 of 9 (-w 9 gave the same
         bytes on every still of Big Buck Bunny, so it is not a row of its own).
A decoded size other than the picture's is scaled to it (area) and said in the results.
"""
import math
import os
import re
import shutil
import subprocess

SIXEL = re.compile(rb"\x1bP.*?\x1b\\", re.S)


def run(argv, path):
    """Runs an encoder; keeps its sixel image in `path`: (bytes, CPU ms)."""
    t0 = os.times()
    out = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, check=True, start_new_session=True,
                         timeout=120).stdout
    t1 = os.times()
    image = SIXEL.search(out)
    if not image:
        raise RuntimeError("%s wrote no sixel image" % argv[0])
    with open(path, "wb") as f:
        f.write(image.group(0))
    ms = ((t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)) * 1000
    return len(image.group(0)), ms


def timg_version(timg):
    """timg's version as a tuple, or None when it is not there."""
    if not shutil.which(timg):
        return None
    out = subprocess.run([timg, "--version"], capture_output=True, text=True).stdout
    found = re.search(r"timg (\d+)\.(\d+)\.(\d+)", out)
    return tuple(int(v) for v in found.groups()) if found else None


def peers(timg="timg"):
    """(name, encode) for each peer here, where encode(png, width, height, path) gives
    (bytes, CPU ms); and notes on the ones left out."""
    found, notes = [], []

    def img2sixel(options):
        return lambda png, w, h, path: run(["img2sixel", *options, png], path)

    found.append(("img2sixel -d none", img2sixel(["-d", "none"])))
    found.append(("img2sixel", img2sixel([])))
    version = timg_version(timg)
    if version and version >= (1, 5, 0):
        def encode_timg(png, w, h, path):
            return run([timg, "-ps", "-g%dx%d" % (math.ceil(w / 9), math.ceil(h / 18)), png], path)
        found.append(("timg -ps (%d.%d.%d)" % version, encode_timg))
    else:
        notes.append("timg %s: no sixel (timg 1.5.0 added it; TIMG names another)"
                     % (".".join(map(str, version)) if version else "not installed"))
    if shutil.which("chafa"):
        for name, options in (("chafa", []), ("chafa --dither diffusion", ["--dither", "diffusion"])):
            def encode_chafa(png, w, h, path, options=options):
                return run(["chafa", "-f", "sixels", "-s", "%dx%d" % (w // 8, math.ceil(h / 8)), "--stretch",
                            *options, png], path)
            found.append((name, encode_chafa))
    else:
        notes.append("chafa: not installed")
    return found, notes
