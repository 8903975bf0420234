"""One run of the player's binary, bounded in time and memory, judged by the fuzz oracle."""
import os
import resource
import signal
import subprocess
import tempfile
import time

# The address-space ceiling set in the child before exec: a memory bomb dies of it instead
# of taking the machine (2 cores, shared). Peak resident memory past `rss_limit` also fails.
ADDRESS_SPACE = 4 << 30


def _limit_address_space():
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_bounded(argv, timeout, rss_limit_mb=500, needs_output=None):
    """Runs argv in its own process group; returns (kind, detail, seconds, peak MB) where kind
    is None when the run was correct. A run is correct when it exits 0 (and, for
    `needs_output`, printed something) or exits non-zero with exactly one stderr line starting
    `inset: `. Failures: crash (a signal), hang (past `timeout`), memory (resident memory past
    `rss_limit_mb`, watched while it runs and from its peak at exit), silent, stderr."""
    needs_output = argv[1] == "cat" if needs_output is None else needs_output
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   start_new_session=True, preexec_fn=_limit_address_space)
        killed = None
        status = rusage = None
        while True:
            pid, status, rusage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > timeout:
                killed = "hang"
            elif _rss_kb(process.pid) > rss_limit_mb * 1024:
                killed = "memory"
            if killed:
                os.killpg(process.pid, signal.SIGKILL)
                _, status, rusage = os.wait4(process.pid, 0)
                break
            time.sleep(0.02)
        process.returncode = os.waitstatus_to_exitcode(status)
        took = time.monotonic() - started
        peak = rusage.ru_maxrss / 1024
        out.seek(0)
        err.seek(0)
        stdout, text = out.read(), err.read().decode("utf-8", "replace")
    try:
        os.killpg(process.pid, signal.SIGKILL)  # threads or children left behind
    except OSError:
        pass
    code = process.returncode
    if killed == "hang":
        return "hang", f"no exit within {timeout:g} s (peak {peak:.0f} MB)", took, peak
    if killed == "memory" or peak > rss_limit_mb:
        return "memory", f"resident memory past {rss_limit_mb} MB (peak {peak:.0f} MB, {took:.1f} s)", took, peak
    if code < 0:
        first = text.strip().splitlines()[0] if text.strip() else ""
        # Out of address space (RLIMIT_AS): Swift traps or malloc aborts.
        return "crash", f"signal {-code}: {first}"[:200], took, peak
    if code == 0:
        if needs_output and not stdout:
            return "silent", f"{argv[1]} exited 0 and printed nothing", took, peak
        return None, f"{took:.2f} s", took, peak
    lines = text.splitlines()
    if len(lines) != 1 or not lines[0].startswith("inset: "):
        return "stderr", f"exit {code} with {len(lines)} lines: {text[:160]!r}", took, peak
    return None, f"{took:.2f} s", took, peak
