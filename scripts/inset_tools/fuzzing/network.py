"""Network inputs: URLs answered by scripts/hostile-serve's /fuzz/ path, which chooses for
each (seed, index, name) a playlist, master, manifest or segment and how it goes wrong
(endless, truncated, gzipped, a gzip bomb, the wrong type, a redirect or a redirect loop, an
error status, a drip, garbage lines, a huge line), with URIs inside to the fuzz folder,
absolute, or to schemes a stream may not name (file:, sftp:, tcp:?listen=1)."""
import os
import subprocess
import sys
import time

from .. import ROOT

NAMES = ["x.m3u8", "master.m3u8", "manifest.mpd", "seg.ts", "clip.mp4", "page.html", "list"]


class Server:
    """scripts/hostile-serve on a free port for the run, its answers bounded at `seconds`."""

    def __init__(self, workdir, seconds):
        port_file = os.path.join(workdir, "hostile.port")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "scripts", "hostile-serve"), "--port-file", port_file,
             "--max-seconds", str(seconds), "--max-wire-bytes", str(8 << 20)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not os.path.exists(port_file):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("scripts/hostile-serve gave no port")
            time.sleep(0.05)
        with open(port_file) as handle:
            self.port = int(handle.read().strip())

    def stop(self):
        self.process.terminate()
        self.process.wait()


def url(port, seed, index, rng):
    return f"http://127.0.0.1:{port}/fuzz/{seed}/{index}/{rng.choice(NAMES)}"


def commands(binary, location, rng):
    probe = [binary, "probe"] + (["--json"] if rng.random() < 0.5 else [])
    return [probe + [location], [binary, "cat", "--size", "40x12", "--colors", "truecolor", "--frames", "2", location]]
