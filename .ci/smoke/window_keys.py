"""The checks of the window's own keys, beside checks.py's (the same
session runs them; each starts an app of its own):

  help         H: the log says `help shown` and the key list is drawn over
               the scene (at least MIN_HELP pixels of colours the scene
               never has); Escape: the log says `help hidden`, the picture
               is the scene alone again, and the app is still running
               HELP_ALIVE seconds later; H again, then Escape held down
               HELP_HOLD seconds (repeating): the list hidden and the app
               still running; Escape again quits, exit code 0
  f11          F11: the window covers the screen (the log says `full
               screen on`) and shows the scene; F11 again: the window is
               back at its size before (`full screen off`) and shows the
               scene; then Escape quits
  springs-key  W: the log places the springs view's key (`springs key at
               X,Y size WxH`) in the window's bottom-right corner, and in
               that rectangle at least MIN_SWATCH pixels each of full
               blue, white and full red are drawn (none of full blue or
               red before); W again: the log says it is hidden and the
               rectangle holds none of them
"""

import re
import time
from collections import Counter

from checks import DRAW_TIMEOUT, EXIT_TIMEOUT
from common import COLOURS, BLACK, Failure, check_scene, poll

SCENE = set().union(*COLOURS.values()) | {BLACK}
# Pixels of the help window's colours (its background and text) over the
# scene: a few hundred by a few hundred.
MIN_HELP = 50000
# How long the app must outlive the Escape that closed the help, seconds.
HELP_ALIVE = 1.5
# Pixels of each of the key's ends and middle (a swatch is 10 x 10 at
# the window's size, its edges smoothed).
MIN_SWATCH = 50
KEY_AT = r"springs key at (\d+),(\d+) size (\d+)x(\d+)"
KEY_COLOURS = {"full blue": (0, 0, 255), "white": (255, 255, 255), "full red": (255, 0, 0)}
# How long Escape is held down over the help, seconds: past the first
# repeat (X and sway wait 0.6 s, then repeat 25 times a second).
HELP_HOLD = 1.2


def not_scene(image):
    """Pixels no scene colour explains."""
    return sum(1 for p in image.pixels() if p not in SCENE)


class WindowKeyChecks:
    """The checks, as methods of the session (session.py) that runs them."""

    def logged(self, a, text, count=1):
        """Wait for the `count`-th line of the log holding `text`."""
        poll("the log saying %r" % text, DRAW_TIMEOUT, 0.05,
             lambda: a.log_text().count(text) >= count or None)

    def help(self):
        a = self.start_app("help")
        try:
            self.help_on(a)
        finally:
            a.quit()

    def help_on(self, a):
        self.window(a)
        self.env.focus(a)
        poll("the scene drawn", DRAW_TIMEOUT, 0.2,
             lambda: check_scene(self.run, self.screenshot(a), "help: the window"))
        self.env.press(a, ["h"])
        self.logged(a, "help shown")

        def shown():
            image = self.screenshot(a)
            n = not_scene(image)
            if n < MIN_HELP:
                raise Failure("%d pixels are not scene colours (want >= %d)" % (n, MIN_HELP))
            return image, n
        image, n = poll("the key list drawn", DRAW_TIMEOUT, 0.2, shown)
        image.save_png(self.run, "help-shown.png")
        notes = ["H: the key list drawn, %d pixels not scene colours" % n]
        self.env.focus(a)
        self.env.press_escape(a)
        self.logged(a, "help hidden")
        poll("the scene alone again", DRAW_TIMEOUT, 0.2,
             lambda: check_scene(self.run, self.screenshot(a), "help: hidden again"))
        time.sleep(HELP_ALIVE)
        a.alive()
        if "quitting" in a.log_text():
            raise Failure("Escape with the key list open quit: %s" % a.last_log_line())
        notes.append("Escape: hidden, the scene alone, still running %.1f s later" % HELP_ALIVE)
        # Held down: the first press closes the list, and its repeats do
        # not quit.
        self.env.focus(a)
        self.env.press(a, ["h"])
        self.logged(a, "help shown", 2)
        self.env.hold_escape(a, HELP_HOLD)
        self.logged(a, "help hidden", 2)
        time.sleep(0.5)
        a.alive()
        if "quitting" in a.log_text():
            raise Failure("Escape held over the key list quit: %s" % a.last_log_line())
        notes.append("H, Escape held %.1f s: hidden, still running" % HELP_HOLD)
        self.press_escape(a)
        took = a.wait_exit("Escape", EXIT_TIMEOUT)
        notes.append("Escape again: exit code 0 in %.2f s" % took)
        self.run.note("help: " + "; ".join(notes))

    def f11(self):
        a = self.start_app("f11")
        try:
            self.f11_on(a)
        finally:
            a.quit()

    def f11_on(self, a):
        self.window(a)
        self.env.focus(a)
        poll("the scene drawn", DRAW_TIMEOUT, 0.2,
             lambda: check_scene(self.run, self.screenshot(a), "f11: the window"))
        before = tuple(self.geometry(a))
        screen = tuple(self.env.screen_size())

        def placed(want, what):
            def check():
                g = tuple(self.geometry(a))
                if g[2:] != want[2:] or (want[:2] == (0, 0) and g[:2] != (0, 0)):
                    raise Failure("window at %d,%d size %dx%d" % g)
                return g
            return poll(what, DRAW_TIMEOUT, 0.1, check)

        def scene(what):
            return poll(what, DRAW_TIMEOUT, 0.3, lambda: self.scene_shot(a, what))

        self.env.press(a, ["F11"])
        self.logged(a, "full screen on")
        placed((0, 0) + screen, "the window covering the screen after F11")
        scene("f11: full screen").save_png(self.run, "f11-full.png")
        self.env.focus(a)
        self.env.press(a, ["F11"])
        self.logged(a, "full screen off")
        back = placed(before, "the window back at %dx%d after F11 again" % before[2:])
        scene("f11: back").save_png(self.run, "f11-back.png")
        self.press_escape(a)
        a.wait_exit("Escape", EXIT_TIMEOUT)
        self.run.note("f11: %dx%d, F11: %dx%d (the screen), F11: %dx%d at %d,%d"
                      % (before[2:] + screen + back[2:] + back[:2]))

    def scene_shot(self, a, what):
        """The window's picture, once it shows the scene."""
        image = self.screenshot(a)
        check_scene(self.run, image, what)
        return image

    def springs_key(self):
        a = self.start_app("springs-key")
        try:
            self.springs_key_on(a)
        finally:
            a.quit()

    def springs_key_on(self, a):
        self.window(a)
        self.env.focus(a)
        before = poll("the scene drawn", DRAW_TIMEOUT, 0.2,
                      lambda: self.scene_shot(a, "springs-key: the window"))
        self.env.press(a, ["w"])
        self.logged(a, "springs key at")
        x, y, w, h = (int(v) for v in re.findall(KEY_AT, a.log_text())[-1])
        width, height = before.width, before.height
        if not (0 < width - (x + w) <= 16 and 0 < height - (y + h) <= 16):
            raise Failure("the key at %d,%d size %dx%d is not in the %dx%d window's bottom-right corner"
                          % (x, y, w, h, width, height))

        def counts(image):
            seen = Counter(image.crop(x, y, w, h).pixels())
            return {name: seen[rgb] for name, rgb in KEY_COLOURS.items()}

        def drawn():
            image = self.screenshot(a)
            seen = counts(image)
            if min(seen.values()) < MIN_SWATCH:
                raise Failure("in the key's rectangle: %s (want >= %d each)" % (seen, MIN_SWATCH))
            return image, seen
        image, seen = poll("the key drawn", DRAW_TIMEOUT, 0.2, drawn)
        image.save_png(self.run, "springs-key.png")
        was = counts(before)
        if was["full blue"] or was["full red"]:
            raise Failure("before W the key's rectangle already held %s" % was)
        self.env.focus(a)
        self.env.press(a, ["w"])
        self.logged(a, "springs key hidden")

        def gone():
            after = counts(self.screenshot(a))
            if after["full blue"] or after["full red"]:
                raise Failure("W again left %s in the key's rectangle" % after)
            return after
        poll("the key gone", DRAW_TIMEOUT, 0.2, gone)
        self.press_escape(a)
        a.wait_exit("Escape", EXIT_TIMEOUT)
        self.run.note("springs-key: W: the key at %d,%d size %dx%d in the %dx%d window, %s; W again: gone"
                      % (x, y, w, h, width, height,
                         ", ".join("%s %d" % kv for kv in seen.items())))


WINDOW_KEY_CHECKS = {
    "help": WindowKeyChecks.help,
    "f11": WindowKeyChecks.f11,
    "springs-key": WindowKeyChecks.springs_key,
}
