"""scripts/pty-iterm's scenes beyond one playing clip: the PiP window moved over the library
and over a video (no debris), the details pane's still, and the still inside tmux panes."""
import os, shutil, subprocess, tempfile, time

from .ptyterm import PtyProgram


COLUMNS, ROWS, CELL = 120, 40, (10, 20)


def quiet(player, second=1.0, limit=15):
    """Waits until nothing has been written for `second` (at most `limit` s)."""
    deadline, last = time.monotonic() + limit, (None, 0)
    while time.monotonic() < deadline:
        with player.lock:
            count = player.bytes_read
        if count != last[0]:
            last = (count, time.monotonic())
        elif time.monotonic() - last[1] >= second:
            return
        time.sleep(0.1)


def window_moves(binary, clip):
    """The PiP window over the library, then two videos (the window over the full-screen
    one): each window paused and moved left with shift+Left; once all is still, no
    picture may be left in part (`Pictures.debris`), and the window's picture is at its
    new place. Returns the failures."""
    failures = []
    folder = tempfile.mkdtemp(prefix="inset-pty-iterm-")
    for name in ("a.mp4", "b.mp4"):
        os.symlink(os.path.abspath(clip), os.path.join(folder, name))
    scenes = [("PiP over the library", ["--pip", clip], [], 1),
              ("two videos", [folder], [(2.0, "\r"), (1.5, "p"), (1.0, "\x1b[B"), (0.3, "\r")], 2)]
    try:
        for name, arguments, opening, pictures in scenes:
            argv = [binary, "--graphics", "iterm", "--mute", "--loop", "--no-resume", *arguments]
            player = PtyProgram(argv, COLUMNS, ROWS, cell=CELL, env={"SDL_AUDIODRIVER": "none",
                                                                   "XDG_STATE_HOME": "/tmp/inset-pty-iterm-state"})
            for delay, key in opening:
                time.sleep(delay)
                player.send(key)
            time.sleep(2.5)
            with player.lock:
                before = player.screen.pictures.iterm[-1][:2] if player.screen.pictures.iterm else None
            # The window: focused, paused, moved left, let go; the full screen paused too.
            for key in ("\t", " ", "\x1b[1;2D", "\x1b"):
                player.send(key)
                time.sleep(0.4)
            if pictures == 2:
                player.send(" ")
            quiet(player)
            with player.lock:
                model = player.screen.pictures
                debris = model.debris()
                shown = {id(white) for owner, white in model.covered.values()}
                placed = model.iterm_placed
            print(f"iterm, {name}: {placed} pictures, {len(shown)} on screen at the end, "
                  f"{sum(total - left for _, left, total in debris)} cells of debris")
            if debris:
                failures.append(f"{name}: pictures left in part {debris}")
            if pictures == 1 and (before is None or model.iterm[-1][1] >= before[1]):
                failures.append(f"{name}: the window's picture did not move left ({before} to {model.iterm[-1][:2]})")
            if len(shown) < pictures:
                failures.append(f"{name}: {len(shown)} pictures on screen, not {pictures}")
            player.send("q")
            player.finish(timeout=10)
        failures += preview(binary, folder)
    finally:
        shutil.rmtree(folder, True)
    return failures


def preview(binary, folder):
    """The library's details pane (i): its still preview is a picture; Esc closes the
    pane, and every cell of the picture is written over (nothing left covered)."""
    argv = [binary, "--graphics", "iterm", "--mute", "--no-resume", folder]
    player = PtyProgram(argv, COLUMNS, ROWS, cell=CELL, env={"SDL_AUDIODRIVER": "none",
                                                           "XDG_STATE_HOME": "/tmp/inset-pty-iterm-state"})
    time.sleep(1.5)
    player.send("i")
    quiet(player)
    with player.lock:
        shown = len(player.screen.pictures.covered)
    player.send("\x1b")
    quiet(player)
    with player.lock:
        left = len(player.screen.pictures.covered)
    print(f"iterm, the details pane's still: {shown} cells of picture, {left} left after Esc")
    player.send("q")
    player.finish(timeout=10)
    failures = []
    if not shown:
        failures.append("the details pane showed no picture")
    if left:
        failures.append(f"{left} cells of the details pane's picture left after Esc")
    return failures


def in_tmux(binary, still):
    """The still inside tmux (allow-passthrough on, LC_TERMINAL=iTerm2 so auto picks iterm),
    in a pane filling the window and in a right-hand pane of 70 columns: the picture
    arrives in iTerm2's multipart form and lands where the pane shows it. Returns the
    failures."""
    failures = []
    folder = tempfile.mkdtemp(prefix="inset-pty-iterm-tmux-")
    config, socket = os.path.join(folder, "tmux.conf"), os.path.join(folder, "socket")
    with open(config, "w") as file:
        file.write("set -g allow-passthrough on\nset -g status off\n")
    run = ["env", "LC_TERMINAL=iTerm2", "XDG_STATE_HOME=/tmp/inset-pty-iterm-state", "SDL_AUDIODRIVER=none",
           binary, "--mute", "--no-resume", "--no-advance", still]
    # Where the player puts a 16:9 picture: 120x40 cells, all of it; 70 columns from 50.
    panes = [("a whole-window pane", run, (3, 0, 120, 33)),
             ("a right-hand pane", ["sleep", "30", ";", "split-window", "-h", "-l", "70", " ".join(run)], (10, 51, 67, 19))]
    try:
        for name, command, expected in panes:
            player = PtyProgram(["tmux", "-S", socket, "-f", config, "new-session", *command], COLUMNS, ROWS, cell=CELL)
            # A first picture before the quiet second: beside the full run's groups the split
            # pane's player had written nothing 1.5 s in, and a quiet second came before it.
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                with player.lock:
                    if player.screen.pictures.iterm:
                        break
                time.sleep(0.1)
            quiet(player)
            with player.lock:
                pictures = [(row, column, int(keys["width"]), int(keys["height"]))
                            for row, column, keys, _ in player.screen.pictures.iterm]
            print(f"iterm inside tmux, {name}: {len(pictures)} picture(s), the last at {pictures[-1] if pictures else None}")
            if not pictures or pictures[-1] != expected:
                failures.append(f"inside tmux, {name}: the picture at {pictures[-1] if pictures else None}, not {expected}")
            subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
            player.finish(timeout=10)
        failures += pane_moved(socket, config, run)
    finally:
        shutil.rmtree(folder, True)
    return failures


def pane_moved(socket, config, run):
    """The player in the middle one of three panes, which then swaps places with the left
    one, as wide (`swap-pane`: a move tmux tells the program nothing of, no resize): the
    still's picture is written again where the pane is now, as far left as the pane went."""
    tmux = ["tmux", "-S", socket]
    command = ["sleep", "30", ";", "split-window", "-h", " ".join(run), ";", "split-window", "-h", "sleep", "30",
               ";", "select-layout", "even-horizontal"]
    player = PtyProgram([*tmux, "-f", config, "new-session", *command], COLUMNS, ROWS, cell=CELL)

    def last_picture():
        with player.lock:
            return player.screen.pictures.iterm[-1][:2] if player.screen.pictures.iterm else None

    def until(condition, limit):
        deadline = time.monotonic() + limit
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.1)
    try:
        until(last_picture, 10)
        quiet(player, 0.5)

        def place(pane):
            out = subprocess.run([*tmux, "display-message", "-p", "-t", pane, "#{pane_left} #{pane_width}"],
                                 capture_output=True, text=True).stdout.split()
            return tuple(int(n) for n in out) if len(out) == 2 else None
        before = last_picture()
        was, left = place("%1"), place("%0")
        subprocess.run([*tmux, "swap-pane", "-s", "%1", "-t", "%0"], capture_output=True)
        # The player looks once a second: a picture elsewhere, or 4 s.
        until(lambda: last_picture() != before, 4)
        quiet(player, 0.5)
        now, after = place("%1"), last_picture()
        print(f"iterm inside tmux, the pane swapped from column {was} to {now} (as wide as {left}): "
              f"the picture from {before} to {after}")
        if not (before and after and was and now and left and was[1] == left[1]):
            return [f"inside tmux, a pane moved: the picture {before} to {after}, the pane {was} to {now}, beside {left}"]
        if after != (before[0], before[1] - (was[0] - now[0])):
            return [f"inside tmux, a pane moved from column {was[0]} to {now[0]}: the picture at {after}, not "
                    f"{(before[0], before[1] - (was[0] - now[0]))}"]
        return []
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
        player.finish(timeout=10)
