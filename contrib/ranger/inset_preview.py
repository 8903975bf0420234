# ranger plugin: an image displayer that plays videos, silent and looping, in ranger's
# preview pane with Inset (`set preview_images_method inset` in rc.conf).
#
# ranger 1.9.3 hands scope.sh only the pane's width and height; a picture at a cell
# rectangle goes through an image displayer: scope.sh's `exit 7` makes ranger call
# draw(path, x, y, width, height) with the file itself, clear(...) when the preview goes,
# quit() when ranger ends. Each draw starts `inset --embed` at the rectangle; clear and quit
# end it through its socket, and it erases its rectangle. Pictures (not videos) are left
# to Inset too: it shows a still image in the rectangle.
import os
import subprocess

from ranger.container.settings import ALLOWED_VALUES
from ranger.ext.img_display import ImageDisplayer, register_image_displayer

# ranger 1.9.3 checks preview_images_method against a fixed list; plugins load before
# rc.conf, so the name is added here.
if 'inset' not in ALLOWED_VALUES['preview_images_method']:
    ALLOWED_VALUES['preview_images_method'].append('inset')


@register_image_displayer('inset')
class InsetImageDisplayer(ImageDisplayer):
    """Plays the file in the preview rectangle; one player at a time."""

    def __init__(self):
        runtime = os.environ.get('XDG_RUNTIME_DIR') or '/tmp'
        self.socket = os.path.join(runtime, 'ranger-inset-%d-%d.sock' % (os.getuid(), os.getpid()))
        self.process = None
        self.shown = None

    def draw(self, path, start_x, start_y, width, height):
        shown = (path, start_x, start_y, width, height)
        if self.process is not None and self.process.poll() is None and self.shown == shown:
            return  # ranger redraws its pane: the same preview goes on playing
        self.quit()
        self.shown = shown
        # Standard output stays the terminal ranger draws on (so a guard erases the
        # rectangle even if the player is killed outright); a second player on the same
        # socket replaces the first.
        self.process = subprocess.Popen(
            ['inset', '--embed', '%dx%d+%d+%d' % (width, height, start_x, start_y),
             '--socket', self.socket, '--start', '10%', path],
            stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def clear(self, start_x, start_y, width, height):
        self.quit()

    def quit(self):
        process, self.process, self.shown = self.process, None, None
        if process is None:
            return
        if process.poll() is None:
            process.terminate()  # SIGTERM: the player erases its rectangle and ends
            try:
                process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
