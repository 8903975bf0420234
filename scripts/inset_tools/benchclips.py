"""Where the benchmark clips are: Big Buck Bunny from the shared bench's make_clips.sh
(BENCH_CLIPS, ../shared/bench/clips or ~/.cache/inset-bench/clips), else the bundled
1080p sample, so the scripts that measure on it run on a fresh clone too."""
import os

from . import ROOT



def default_clip():
    for folder in (os.environ.get("BENCH_CLIPS"), os.path.join(ROOT, "..", "shared", "bench", "clips"),
                   os.path.expanduser("~/.cache/inset-bench/clips")):
        if folder and os.path.exists(os.path.join(folder, "bigbuckbunny.mp4")):
            return os.path.join(folder, "bigbuckbunny.mp4")
    return os.path.join(ROOT, "samples", "bench_1080p.mp4")
