"""scripts/tools/pty-drain.c: a pty whose reader drains no more than a byte rate (and records
what it read, and when), for scripts/link-table and scripts/pty-pictures."""
import os
import subprocess

from . import SCRIPTS


def drain_tool():
    """scripts/tools/pty-drain.c, built once into the temporary folder (cc is everywhere)."""
    source = os.path.join(SCRIPTS, "tools", "pty-drain.c")
    binary = os.path.join(os.environ.get("TMPDIR", "/tmp"), "inset-pty-drain")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run(["cc", "-O2", "-o", binary, source, "-lutil"], check=True)
    return binary
