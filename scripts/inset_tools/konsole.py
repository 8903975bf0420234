"""Konsole's settings for scripts/real-terminal: a profile and a konsolerc in directories of
their own, written afresh before each start (Konsole saves its window's size and bars when
it closes, and a resized window would come back at that size).

The profile fixes what the scenes place pictures by: the size in cells, DejaVu Sans Mono 10
(8x17 cells), no margin, no scroll bar, black. Konsole has no command-line switch for its
tool bars; they are hidden by the main window's saved state (QMainWindow::saveState with
both tool bars' visible flags cleared), which it restores at start.
"""
import atexit
import os
import shutil
import tempfile

PROFILE = "Inset"

# Konsole 22.12's main window state, as it saved it, with `mainToolBar` and `sessionToolbar`
# marked hidden (the byte after each name: 1 shown, 0 hidden).
WINDOW_STATE = (
    "AAAA/wAAAAD9AAAAAQAAAAAAAAAAAAAAAPwCAAAAAvsAAAAiAFEAdQBpAGMAawBDAG8AbQBtAGEAbgBkAHMARABvAGMAawAAAAAA"
    "/////wAAATcA////+wAAABwAUwBTAEgATQBhAG4AYQBnAGUAcgBEAG8AYwBrAAAAAAD/////AAAA5gD///8AAAUIAAAC/QAAAAQA"
    "AAAEAAAACAAAAAj8AAAAAQAAAAIAAAACAAAAFgBtAGEAaQBuAFQAbwBvAGwAQgBhAHIAAAAAAP////8AAAAAAAAAAAAAABwAcwBl"
    "AHMAcwBpAG8AbgBUAG8AbwBsAGIAYQByAAAAAKD/////AAAAAAAAAAA=")

_root = None


def settings(columns, rows):
    """Writes the profile and konsolerc; returns the environment that points Konsole at them."""
    global _root
    if _root is None:
        _root = tempfile.mkdtemp(prefix="inset-konsole-")
        atexit.register(shutil.rmtree, _root, True)
    config, data, runtime = (os.path.join(_root, name) for name in ("config", "data", "runtime"))
    for folder in (config, data, runtime):
        shutil.rmtree(folder, True)
    os.makedirs(os.path.join(data, "konsole"))
    os.makedirs(config)
    os.makedirs(runtime, mode=0o700)
    with open(os.path.join(data, "konsole", PROFILE + ".profile"), "w") as f:
        f.write("[Appearance]\nColorScheme=Linux\nFont=DejaVu Sans Mono,10,-1,5,50,0,0,0,0,0\n\n"
                "[General]\nName=%s\nParent=FALLBACK/\nTerminalColumns=%d\nTerminalRows=%d\n"
                "TerminalMargin=0\nTerminalCenter=false\n\n[Scrolling]\nScrollBarPosition=2\n"
                % (PROFILE, columns, rows))
    with open(os.path.join(config, "konsolerc"), "w") as f:
        f.write("[Desktop Entry]\nDefaultProfile=%s.profile\n\n[KonsoleWindow]\nShowMenuBarByDefault=false\n\n"
                "[MainWindow]\nMenuBar=Disabled\nToolBarsMovable=Disabled\nState=%s\n" % (PROFILE, WINDOW_STATE))
    return {"XDG_CONFIG_HOME": config, "XDG_DATA_HOME": data, "XDG_RUNTIME_DIR": runtime}
