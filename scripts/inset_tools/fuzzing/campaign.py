"""Fuzz Inset with hostile inputs: media files, playlists, subtitle files, terminal output,
network answers, control-socket requests and absurd numbers through mpv's IPC and MPRIS.

    scripts/fuzz [--target media|playlist|subtitle|terminal|ytdlp-json|network|subtitle-server|control|numbers|all]
                 [--count N] [--seed S]
                 [--timeout T] [--memory MB] [--jobs J] [--keep DIR] [--only I] [--smoke]
                 [--split T=N,...] [--from I]

Targets (scripts/inset_tools/fuzzing/ makes the inputs of each):
  media     the bundled samples mutated (fuzzing/media.py), through `inset cat` and `inset probe`.
  playlist  HLS masters and media playlists and .m3u lists generated from their grammar and
            mutated: nested and self-referencing masters, cycles, huge variant counts, long lines,
            named x.m3u8, x.m3u or evil.mp4 (fuzzing/playlist.py); `inset probe` and `inset cat --frames 2`.
  subtitle  SubRip, ASS and WebVTT files generated and mutated, in UTF-8, legacy sets, UTF-16 and
            invalid UTF-8 (fuzzing/subtitle.py); `inset probe FILE.srt` reads every cue as the player does.
  terminal  the shell pane's terminal path, in process: `inset-fuzz terminal` (a Swift product,
            built like `inset`; skipped with a message where the package has none). A cell is
            compared as a person sees it (a complement, an invisible glyph and a colour the
            rasterizer counts as the same pass); width disagreements that the replay model's old
            (Unicode 9.0) width table causes are counted apart on the summary line, not failed.
  ytdlp-json  yt-dlp's -J answers as a hostile page shapes them (formats, entries, subtitles,
            http_headers, numbers past Int, local paths for URLs, long lists), read and chosen from
            in process as the player does: `inset-fuzz ytdlp-json`; a trap, or anything the player
            must not open or keep, fails.
  network   URLs on a local hostile server (scripts/hostile-serve, fuzzing/network.py): playlists,
            masters, manifests and segments answered whole, truncated, endless, gzipped, as gzip
            bombs, with the wrong type, redirected (in a loop too), refused, dripped, with garbage
            or huge lines, naming file:, sftp: and tcp:?listen=1; `inset probe` and `cat --frames 2`.
  subtitle-server  subtitle files from the hostile server's /subfuzz/ path (fuzzing/subtitle_server.py):
            fuzzing/subtitle.py's files sent whole, truncated, endless, gzipped, as gzip bombs, with
            a line of megabytes, with invalid UTF-8, redirected (in a loop too), refused, dripped or
            with the wrong type, read as a `--sub-file` URL is: `inset probe URL.srt`.
  control   one player's control socket (fuzzing/control.py): malformed and deeply nested JSON,
            odd values, invalid UTF-8, lines of up to 4 MB, bursts of thousands of requests, dozens
            of idle connections; after each input the player must answer `get time` within 3 s and
            stay under the memory bound (a failure starts a new player).
  numbers   absurd numbers (1e300, -1e300, nan and inf as text, Int64's ends, 1e9 list positions)
            into every numeric mpv command and property, Inset's socket commands and MPRIS's Seek,
            SetPosition, Volume and Rate (fuzzing/absurd_numbers.py): one player with a sound device and
            a session bus of its own (dbus-daemon); judged as control's.
`--count N` is the number of inputs over the selected targets, split by weight: terminal 4
(in process, thousands a second), control 2 (one player, hundreds a second), media, playlist,
subtitle, ytdlp-json, network, subtitle-server and numbers 1 each; a single target gets all N.

Each run of the binary is bounded in time (`--timeout`, 10 s; for playlists at least 25 s, past
the player's 20 s open deadline, which a playlist naming itself can use up) and memory: the address space is
capped at 4 GB in the child, and resident memory past `--memory` (500 MB) kills it. A run is
correct when it exits 0 (and `cat` printed a frame), or exits non-zero with exactly one line on
stderr starting `inset: `. Anything else is a failure: crash (death by signal), hang (past the
time bound), memory (past the memory bound), silent (cat exited 0 with nothing printed) or
stderr (a malformed error). One line per failure; the input is kept in `--keep`.

Input I of target T and seed S is the same on every run (its generator is seeded with "S:I" for
media, "S:T:I" for the others), so `--target T --seed S --only I` replays one failure. Inputs
that failed belong in Tests/Fixtures/fuzz-regressions/, which FuzzRegressionTests replays.
`--smoke` is the test run's: 300 inputs over all targets, seed 1, a 10 s bound; about a minute.
`--split terminal=94000,media=2000,playlist=2000,subtitle=2000` sets each target's count
instead (the 100,000-input run: the in-process target is fast, the others start a process a run).
`--from I` starts each target that runs a process per input at input I (inputs I to I+N-1): the
rest of a run cut short, its inputs the same as they would have been.
"""
import argparse
import os
import random
import shutil
import tempfile
import time

from .. import ROOT
from . import absurd_numbers, network
from .runs import IN_PROCESS, SERVED, built, run_control, run_target, run_terminal


TARGETS = ["media", "playlist", "subtitle", "terminal", "ytdlp-json", "network", "subtitle-server", "control", "numbers"]
WEIGHTS = {"terminal": 4, "control": 2, "media": 1, "playlist": 1, "subtitle": 1, "ytdlp-json": 1, "network": 1,
           "subtitle-server": 1, "numbers": 1}


def split(count, targets):
    """How many inputs each target gets: by weight, the rounding left to the first."""
    total = sum(WEIGHTS[t] for t in targets)
    shares = {t: count * WEIGHTS[t] // total for t in targets}
    shares[targets[0]] += count - sum(shares.values())
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", choices=TARGETS + ["all"], default="all")
    parser.add_argument("--count", type=int, default=3000, help="inputs over the selected targets (default 3000)")
    parser.add_argument("--seed", type=int, default=None, help="replay a run (default: a new seed)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds each run may take")
    parser.add_argument("--memory", type=int, default=500, help="resident megabytes each run may take")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", default=os.path.join(ROOT, "samples", ".tmp", "fuzz-failures"),
                        help="where failing inputs are copied")
    parser.add_argument("--only", type=int, default=None, help="run input I of the seed alone (one target)")
    parser.add_argument("--from", dest="first", type=int, default=0,
                        help="start at input I: the rest of a run cut short (inputs I..I+N-1)")
    parser.add_argument("--smoke", action="store_true", help="the test run's: 300 inputs, all targets, seed 1")
    parser.add_argument("--split", default=None,
                        help="inputs per target instead of --count and the weights: terminal=94000,media=2000,...")
    args = parser.parse_args()
    if args.smoke:
        args.count, args.seed, args.target = 300, 1 if args.seed is None else args.seed, "all"
    targets = TARGETS if args.target == "all" else [args.target]
    if args.only is not None and len(targets) != 1:
        parser.error("--only needs one --target (the failure line names it)")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    shares = {targets[0]: 1} if args.only is not None else split(args.count, targets)
    if args.split and args.only is None:
        shares = {}
        for part in args.split.split(","):
            name, _, count = part.partition("=")
            if name not in TARGETS or not count.isdigit():
                parser.error(f"--split {part}: want TARGET=COUNT with TARGET one of {', '.join(TARGETS)}")
            shares[name] = int(count)
    if args.first and ({"terminal", "control"} & set(shares)):
        parser.error("--from is for the targets that start a process a run (not terminal or control)")
    binary = built("inset")
    plan = ", ".join(f"{t} {n}" for t, n in shares.items())
    print(f"fuzz: seed {seed}, {plan}{f' from input {args.first}' if args.first else ''}; {args.timeout:g} s and {args.memory} MB per run, {args.jobs} jobs", flush=True)

    started = time.monotonic()
    report = {}
    if "terminal" in shares:
        result = run_terminal(shares["terminal"], seed, args.keep, args.only)
        if result:
            apart_inputs, apart_characters = result[3]
            report["terminal"] = {"inputs": result[0], "runs": result[0], "failures": {"failure": result[1]} if result[1] else {},
                                  "seconds": result[2],
                                  "apart": f"width apart (the replay model's Unicode 9.0 table): {apart_inputs} inputs"
                                           + (f", {' '.join(sorted(apart_characters))}" if apart_characters else "")}
    if "ytdlp-json" in shares:
        result = run_terminal(shares["ytdlp-json"], seed, args.keep, args.only, target="ytdlp-json")
        if result:
            report["ytdlp-json"] = {"inputs": result[0], "runs": result[0], "seconds": result[2],
                                    "failures": {"failure": result[1]} if result[1] else {}}
    workdir = tempfile.mkdtemp(prefix="inset-fuzz-")
    server = network.Server(workdir, seconds=args.timeout) if set(SERVED) & set(shares) else None
    try:
        if "control" in shares:
            inputs, failures, seconds = run_control(shares["control"], seed, args.keep, binary, workdir, args.only)
            report["control"] = {"inputs": inputs, "runs": inputs, "failures": {"failure": failures} if failures else {},
                                 "seconds": seconds}
        if "numbers" in shares:
            inputs, failures, seconds = run_control(shares["numbers"], seed, args.keep, binary, workdir, args.only,
                                                    module=absurd_numbers, name="numbers")
            report["numbers"] = {"inputs": inputs, "runs": inputs, "failures": {"failure": failures} if failures else {},
                                 "seconds": seconds}
        for name in [t for t in shares if t not in IN_PROCESS + ("control", "numbers")]:
            report[name] = run_target(name, seed, shares[name], args, workdir, binary, server)
    finally:
        if server:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    wall = time.monotonic() - started
    failed = 0
    for name, r in report.items():
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(r["failures"].items())) or "none"
        failed += sum(r["failures"].values())
        apart = f"; {r['apart']}" if "apart" in r else ""
        print(f"fuzz: {name}: {r['inputs']} inputs, {r['runs']} runs, failures: {kinds}; {r['seconds']:.0f} s{apart}")
    total = sum(r["inputs"] for r in report.values())
    print(f"fuzz: {total} inputs, {failed} failures; {wall:.0f} s; seed {seed}")
    return 1 if failed else 0
