"""The runs of scripts/fuzz's targets (inputs made, run bounded, failures kept and named): each
target's inputs by the player, by inset-fuzz in process, or on the control socket."""
import os
import random
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from .. import ROOT
from . import control, media, network, playlist, subtitle, subtitle_server
from .bounded import run_bounded

# Run by inset-fuzz in process rather than by the player, one process a run.
IN_PROCESS = ("terminal", "ytdlp-json")
# The targets whose inputs are URLs on the hostile server.
SERVED = {"network": network, "subtitle-server": subtitle_server}
# MediaSource.openTimeout (20 s) and time to exit after it: a slow open that keeps its deadline is no hang.
PLAYLIST_TIMEOUT = 25.0


def built(product):
    """The release binary of `product`, built when missing; None when the package has no such product."""
    env = "INSET_BIN" if product == "inset" else "INSET_FUZZ_BIN"
    binary = os.environ.get(env) or os.path.join(ROOT, ".build", "release", product)
    if os.access(binary, os.X_OK):
        return binary
    with open(os.path.join(ROOT, "Package.swift")) as manifest:
        if f'"{product}"' not in manifest.read():
            return None
    subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True)
    return binary


class Target:
    """Makes input `index` of one target and the commands that judge it."""

    def __init__(self, name, seed, workdir, binary, server=None):
        self.name, self.seed, self.workdir, self.binary, self.server = name, seed, workdir, binary, server
        if name == "media":
            self.corpus = media.derived_corpus(workdir)
            self.contents = [open(p, "rb").read() for p in self.corpus]

    def rng(self, index):
        return random.Random(f"{self.seed}:{index}" if self.name == "media" else f"{self.seed}:{self.name}:{index}")

    def make(self, index):
        """(path of the input, what to copy when it fails, commands)."""
        rng = self.rng(index)
        if self.name == "media":
            pick = rng.randrange(len(self.corpus))
            data = media.mutate(self.contents[pick], self.contents[rng.randrange(len(self.corpus))], rng)
            path = os.path.join(self.workdir, f"input-{index}{os.path.splitext(self.corpus[pick])[1]}")
            with open(path, "wb") as f:
                f.write(data)
            return path, path, media.commands(self.binary, path, rng)
        if self.name == "playlist":
            path = playlist.make(self.workdir, index, rng, media.SAMPLES)
            return path, os.path.dirname(path), playlist.commands(self.binary, path, rng)
        if self.name in SERVED:
            served = SERVED[self.name]
            location = served.url(self.server.port, self.seed, index, rng)
            # What is kept is how to ask again: the answers are made from the seed and index.
            path = os.path.join(self.workdir, f"{self.name}-{index}.txt")
            with open(path, "w") as f:
                f.write(f"scripts/hostile-serve, then {location.split(str(self.server.port), 1)[1]} on its port\n")
            return location, path, served.commands(self.binary, location, rng)
        data, ext = subtitle.make(rng)
        path = os.path.join(self.workdir, f"subtitle-{index}.{ext}")
        with open(path, "wb") as f:
            f.write(data)
        return path, path, subtitle.commands(self.binary, path, rng)


def run_terminal(count, seed, keep, only=None, target="terminal"):
    """inset-fuzz's terminal target, or another of its in-process targets (input `only` alone when given);
    returns (inputs, failures, seconds, apart) or None when skipped. `apart` is (inputs, characters): the
    width disagreements that the replay model's old table causes, which inset-fuzz counts apart from the
    failures."""
    binary = built("inset-fuzz")
    if binary is None:
        print(f"fuzz: {target} skipped: this package has no inset-fuzz product yet", flush=True)
        return None
    started = time.monotonic()
    # A crash ends the harness: it names the input, which is a failure, and the run goes
    # on from the next input, so one crash does not hide the rest of the count.
    first, inputs, failures, apart_inputs, apart_characters = 0, 0, 0, 0, set()
    while first < count:
        selection = ["--only", str(only)] if only is not None else ["--count", str(count), "--from", str(first)]
        done = subprocess.run([binary, target, "--seed", str(seed)] + selection + ["--keep", keep],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True)
        sys.stdout.write("".join(line + "\n" for line in done.stdout.splitlines()
                                 if "failed" in line or "crashed" in line or "counted apart:" in line))
        sys.stderr.write(done.stderr)
        # Counted from the lines of each input, which a crash later in the run does not lose.
        for apart in re.finditer(target + r": input \d+ counted apart: (.*)", done.stdout):
            apart_inputs += 1
            apart_characters.update(apart.group(1).split())
        failed = len(re.findall(target + r": input \d+ failed", done.stdout))
        summary = re.search(target + r": (\d+) inputs, (\d+) failures", done.stdout)
        if summary:
            inputs += int(summary.group(1))
            failures += int(summary.group(2))
            break
        crash = re.search(target + r": input (\d+) of seed \d+ hung or crashed", done.stdout + done.stderr)
        if not crash:
            print(f"FAIL {target}: inset-fuzz exited {done.returncode} without its summary line", flush=True)
            return inputs + 1, failures + failed + 1, time.monotonic() - started, (apart_inputs, apart_characters)
        crashed = int(crash.group(1))
        inputs += crashed + 1 - first
        failures += failed + 1
        first = crashed + 1
    return inputs, failures, time.monotonic() - started, (apart_inputs, apart_characters)


def run_control(count, seed, keep, binary, workdir, only=None, module=control, name="control"):
    """The control-socket target (or numbers, which `module` makes and judges as control's);
    returns (inputs, failures, seconds)."""
    started = time.monotonic()
    failures = []

    def failed(index, kind, detail, payload):
        failures.append(kind)
        os.makedirs(keep, exist_ok=True)
        kept = os.path.join(keep, f"{name}-{kind}-{seed}-{index}.bin")
        with open(kept, "wb") as f:
            f.write(payload)
        print(f"FAIL {kind} {name} --target {name} --seed {seed} --only {index}, kept in {kept}: {detail}", flush=True)

    clip = os.path.join(ROOT, "samples", "clock_4x3.mp4")
    first, end = (only, only + 1) if only is not None else (0, count)
    inputs = module.run(binary, seed, end, first, workdir, clip, failed)
    return inputs, len(failures), time.monotonic() - started


def run_target(name, seed, count, args, workdir, binary, server=None):
    target = Target(name, seed, workdir, binary, server)
    timeout = max(args.timeout, PLAYLIST_TIMEOUT) if name in ("playlist", "network", "subtitle-server") else args.timeout
    indices = [args.only] if args.only is not None else range(args.first, args.first + count)
    failures, runs, started = {}, 0, time.monotonic()

    def one(index):
        path, kept_from, argvs = target.make(index)
        results = [(argv,) + run_bounded(argv, timeout, args.memory)[:2] for argv in argvs]
        failed = [r for r in results if r[1]]
        if failed:
            os.makedirs(args.keep, exist_ok=True)
            kept = os.path.join(args.keep, f"{name}-{failed[0][1]}-{seed}-{index}{os.path.splitext(path)[1]}")
            if os.path.isdir(kept_from):
                kept = os.path.splitext(kept)[0]
                shutil.rmtree(kept, ignore_errors=True)
                shutil.copytree(kept_from, kept, symlinks=True)
            else:
                shutil.copyfile(kept_from, kept)
        if os.path.isdir(kept_from) and kept_from != workdir:
            shutil.rmtree(kept_from, ignore_errors=True)
        elif os.path.exists(kept_from):
            os.unlink(kept_from)
        return index, results, failed

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for done, (index, results, failed) in enumerate(pool.map(one, indices), 1):
            runs += len(results)
            for argv, kind, detail in failed:
                failures[kind] = failures.get(kind, 0) + 1
                command = " ".join(argv[1:-1])
                print(f"FAIL {kind} `{command}` --target {name} --seed {seed} --only {index}, kept in {args.keep}: {detail}",
                      flush=True)
            if sys.stderr.isatty() and done % 50 == 0:
                print(f"\r{name}: {done} inputs, {runs} runs, {sum(failures.values())} failures", end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return {"inputs": len(indices), "runs": runs, "failures": failures, "seconds": time.monotonic() - started}
