"""What scripts/http-serve and scripts/hostile-serve do alike around their answers: the
request log --log names, the port file tests poll, and the client that went away."""
import os
import sys


class ClientGone(Exception):
    """The client closed the connection while a response was being sent."""


def request_log(path):
    """`-`: standard error; a path: that file, appended to a line at a time; none: None."""
    if path == "-":
        return sys.stderr
    return open(path, "a", buffering=1) if path else None


def write_port_file(path, port):
    """The port alone, whole or absent (written aside, then renamed), for whoever polls it."""
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        handle.write("%d\n" % port)
    os.replace(temporary, path)
