"""A terminal emulator played by a script, for testing how a program probes it.

    scripts/fake-terminal --as kitty|xterm-sixel|tmux|tmux-in-kitty|wezterm|silent [--delay MS] [--type TEXT]
                          [--keys MS[/AWAITED]:TEXT ...]
                          [--columns C --rows R --xpixel W --ypixel H] [--no-tty] -- COMMAND...

Runs COMMAND on a new pty (its controlling terminal and its standard input, output and
error). Reads everything the program writes, as the screen would get it. Once the DA1
query (ESC [ c) has come, waits --delay ms and answers as the terminal named would; --type
types TEXT just before the answer; each --keys MS:TEXT types TEXT (backslash escapes
such as \\x1b[B read as Python reads them) MS ms after the answer or the keys before it,
as a user would once the program is up; MS/AWAITED:TEXT types it MS ms after AWAITED (no
colon in it) has come in what the program wrote since, as a user waits to see a picture.
`silent` answers nothing. TERM is set for COMMAND as the terminal named would set it;
TMUX as tmux would set it for `tmux`, and removed for the others. With --no-tty, COMMAND
runs in a session of its own with no terminal at all (pipes only).

Prints one JSON object: the exit status, seconds from start to exit, when the queries came
and the answer went (seconds from start), and everything the program wrote, as a string
with each byte as its code point (latin-1), so no byte is lost or merged.

The replies: xterm's and tmux's are as xterm 379 (-ti vt340, allowWindowOps) and tmux 3.3a
sent them when asked, captured under Xvfb; kitty's as kitty writes them.
"""
import argparse
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import fcntl
import time

ESC = b"\x1b"
DA1_QUERY = ESC + b"[c"
REPLIES = {
    "kitty": ESC + b"_Gi=31;OK" + ESC + b"\\" + ESC + b"P>|kitty(0.39.1)" + ESC + b"\\"
    + ESC + b"[6;20;10t" + ESC + b"[?62;c",
    "xterm-sixel": ESC + b"P>|XTerm(379)" + ESC + b"\\" + ESC + b"[6;13;6t"
    + ESC + b"[?63;1;2;4;6;9;15;16;22;28c",
    "tmux": ESC + b"P>|tmux 3.3a" + ESC + b"\\" + ESC + b"[?1;2c",
    # tmux answers for itself whatever runs it; only the environment says kitty is outside.
    "tmux-in-kitty": ESC + b"P>|tmux 3.3a" + ESC + b"\\" + ESC + b"[?1;2c",
    # WezTerm's reply as its source writes it: kitty OK (its kitty graphics are partial),
    # sixel in DA1; the player picks iTerm2 images there.
    "wezterm": ESC + b"_Gi=31;OK" + ESC + b"\\" + ESC + b"P>|WezTerm 20240203-110809-5046fc22" + ESC + b"\\"
    + ESC + b"[6;18;9t" + ESC + b"[?65;4;6;18;22c",
    "silent": b"",
}
# What a program inside each sees in its environment: tmux sets TMUX; no other does. A
# tmux server started in kitty hands kitty's KITTY_WINDOW_ID on to its panes.
TMUX_VARIABLE = {"tmux": "/tmp/tmux-1000/default,4242,0", "tmux-in-kitty": "/tmp/tmux-1000/default,4242,0"}
KITTY_WINDOW_ID = {"tmux-in-kitty": "1"}
# WezTerm names itself to what runs in it.
TERM_PROGRAM = {"wezterm": "WezTerm"}
# TERM as each terminal sets it for what runs in it, whatever the caller's was (CI may run
# with none). kitty's own entry ships with kitty, not with ncurses: where this machine
# lacks it, xterm-256color, as kitty users set it over ssh.
TERM_VARIABLE = {"kitty": "xterm-kitty", "xterm-sixel": "xterm-256color", "tmux": "tmux-256color",
                 "tmux-in-kitty": "tmux-256color", "wezterm": "xterm-256color", "silent": "xterm-256color"}


def known_terminal(name):
    return subprocess.run(["infocmp", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def environment(persona):
    # The caller's own terminal's names go: each persona says its own.
    names = ("TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL", "WEZTERM_PANE", "WEZTERM_EXECUTABLE", "KONSOLE_VERSION")
    env = {key: value for key, value in os.environ.items() if key not in names}
    term = TERM_VARIABLE[persona]
    env["TERM"] = term if known_terminal(term) else "xterm-256color"
    if persona in TMUX_VARIABLE:
        env["TMUX"] = TMUX_VARIABLE[persona]
    if persona in KITTY_WINDOW_ID:
        env["KITTY_WINDOW_ID"] = KITTY_WINDOW_ID[persona]
    if persona in TERM_PROGRAM:
        env["TERM_PROGRAM"] = TERM_PROGRAM[persona]
    return env


def run_without_tty(command, started):
    """COMMAND with no controlling terminal and no tty on any descriptor."""
    process = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True, timeout=30, env=environment("silent"))
    return {"status": process.returncode, "elapsed": time.monotonic() - started,
            "output": process.stdout.decode("latin-1"), "stderr": process.stderr.decode("utf-8", "replace")}


def unescape(text):
    return text.encode("latin-1").decode("unicode_escape").encode("latin-1")


def key_step(step):
    """MS:TEXT or MS/AWAITED:TEXT as (seconds, awaited bytes or None, bytes to type)."""
    when, text = step.split(":", 1)
    ms, _, awaited = when.partition("/")
    return float(ms) / 1000, unescape(awaited) if awaited else None, unescape(text)


def run_on_pty(command, args, started):
    pid, master = pty.fork()
    if pid == 0:
        try:
            os.execvpe(command[0], command, environment(args.persona))
        finally:
            os._exit(127)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.columns, args.xpixel, args.ypixel))
    reply = REPLIES[args.persona]
    typed = args.type.encode() if args.type else b""
    keys = [key_step(step) for step in args.keys]
    next_key_at = None
    # Where the output the next key waits for may start: what came after the keys before.
    key_mark = None
    seen = b""
    queries_at = answer_at = answered_at = None
    status = None
    deadline = started + 30
    while time.monotonic() < deadline:
        now = time.monotonic()
        if queries_at is None and DA1_QUERY in seen:
            queries_at = now
            answer_at = now + args.delay / 1000
        if answer_at is not None and answered_at is None and now >= answer_at:
            answered_at = now
            try:
                os.write(master, typed + reply)
            except OSError:
                pass  # the program is gone and the pty with it
            key_mark = len(seen)
        if keys and key_mark is not None and next_key_at is None:
            delay, awaited, _ = keys[0]
            if awaited is None or seen.find(awaited, key_mark) >= 0:
                next_key_at = now + delay
        if next_key_at is not None and now >= next_key_at:
            try:
                os.write(master, keys.pop(0)[2])
            except OSError:
                pass
            next_key_at = None
            key_mark = len(seen)
        wait = 0.05 if answer_at is None or answered_at is not None else max(0.0, min(0.05, answer_at - now))
        if next_key_at is not None:
            wait = max(0.0, min(wait, next_key_at - now))
        ready, _, _ = select.select([master], [], [], wait)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                chunk = b""  # EIO: the slave side is closed, the program has exited
            if not chunk:
                break
            seen += chunk
    else:
        # The pty still open at the deadline (a key waited for output that never came): a
        # hang, reported as the program killed rather than waited on for ever. Not after
        # the pty closed: the program is exiting then, and its own status is the answer.
        os.kill(pid, signal.SIGKILL)
    _, code = os.waitpid(pid, 0)
    status = os.waitstatus_to_exitcode(code)
    ended = time.monotonic()
    # A late answer is still sent, after the exit, as a slow terminal would: it must change nothing.
    if answer_at is not None and answered_at is None:
        time.sleep(max(0.0, answer_at - time.monotonic()))
        answered_at = time.monotonic()
        try:
            os.write(master, typed + reply)
        except OSError:
            pass
    os.close(master)
    stamp = lambda t: None if t is None else t - started  # noqa: E731
    return {"status": status, "elapsed": ended - started, "queries_at": stamp(queries_at),
            "answered_at": stamp(answered_at), "output": seen.decode("latin-1")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--as", dest="persona", choices=sorted(REPLIES), default="silent")
    parser.add_argument("--delay", type=float, default=0, help="ms from the DA1 query to the answer")
    parser.add_argument("--type", default="", help="text typed just before the answer")
    parser.add_argument("--keys", action="append", default=[], metavar="MS:TEXT",
                        help="after MS ms (from the answer or the keys before), type TEXT; "
                        "MS/AWAITED:TEXT waits first for AWAITED (no colon) in what the program writes")
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--xpixel", type=int, default=0)
    parser.add_argument("--ypixel", type=int, default=0)
    parser.add_argument("--no-tty", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command")
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    started = time.monotonic()
    result = run_without_tty(command, started) if args.no_tty else run_on_pty(command, args, started)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
