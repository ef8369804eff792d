"""The check of the window's panel (Tab), beside checks.py's (the same
session runs it; it starts an app of its own, in a directory of its own
for the files the panel saves):

  panel   Tab shows the panel: the log says so, and the picture's left
          PANEL_WIDTH pixels are no longer the scene (at least MIN_PANEL of
          them are colours the scene never has); clicking its Pause
          checkbox (found by the rectangle the app logs for it, `panel:
          "Pause" at X,Y size WxH`) pauses (the title says "paused, step
          N"); Tab hides it and the picture is the scene again (`render
          --steps N`'s, at least MIN_AGREEMENT of the pixels), captured as
          P; Tab shows it again, clicking "Bending springs" changes the
          title ("bending springs"), clicking "Save picture" writes
          cloth-demo-1.png into the app's working directory, which is P
          pixel for pixel (the scene, without the panel), and the panel's
          line says so; Tab hides it, and the picture is P again, pixel for
          pixel
"""

import os
import re
import time

from checks import DRAW_TIMEOUT, MIN_AGREEMENT, PAUSED
from common import TITLE, COLOURS, BLACK, Failure, Image, agreement, check_scene, differing, poll

# The panel's width, logical pixels (src/app/native/panel/mod.rs's WIDTH).
PANEL_WIDTH = 300
# Of the panel's pixels, at least this many are colours the scene never
# has (its background, its text).
MIN_PANEL = 50000
# Where the app logs a control's rectangle, physical pixels of the window.
RECT = r'panel: "%s" at (-?\d+),(-?\d+) size (\d+)x(\d+)'
SCENE = set().union(*COLOURS.values()) | {BLACK}


def not_scene(image):
    """Pixels of the panel's strip that no scene colour explains."""
    strip = image.crop(0, 0, PANEL_WIDTH, image.height)
    return sum(1 for p in strip.pixels() if p not in SCENE)


class PanelChecks:
    """The check, as a method of the session (session.py) that runs it."""

    def panel(self):
        cwd = self.run.path("panel-files")
        os.makedirs(cwd, exist_ok=True)
        a = self.start_app("panel", cwd=cwd)
        try:
            self.panel_on(a, cwd)
        finally:
            a.quit()

    def panel_on(self, a, cwd):
        self.window(a)
        self.env.focus(a)

        def titled(want, what):
            def check():
                t = self.env.title(a)
                if not want.search(t):
                    raise Failure("the title is %r" % t)
                return t
            return poll("the title %s" % what, DRAW_TIMEOUT, 0.05, check)

        def logged(pattern, what, count=1):
            return poll(what, DRAW_TIMEOUT, 0.05,
                        lambda: re.findall(pattern, a.log_text())[count - 1:] or None)

        def click(label):
            x, y, w, h = (int(v) for v in logged(RECT % re.escape(label),
                                                  "the log's rectangle of %r" % label)[-1])
            at = (x + min(w // 2, 8), y + h // 2)  # a checkbox's box, a button's middle
            self.env.focus(a)
            self.env.gesture(a, [("move", (at[0] + 5, at[1] + 3)), ("sleep", 0.2),
                                 ("move", at), ("sleep", 0.2), ("down",), ("sleep", 0.1),
                                 ("up",), ("sleep", 0.2)])
            return at

        def tab(n):
            self.env.press(a, ["Tab"])
            logged(r"panel (shown|hidden)", "the log saying the panel was shown or hidden", n)

        poll("the scene drawn", DRAW_TIMEOUT, 0.2,
             lambda: check_scene(self.run, self.screenshot(a), "panel: the window"))
        tab(1)

        def shown():
            image = self.screenshot(a)
            n = not_scene(image)
            if n < MIN_PANEL:
                raise Failure("%d pixels of the left %d columns are not scene colours (want >= %d)"
                              % (n, PANEL_WIDTH, MIN_PANEL))
            return image, n
        shot, n = poll("the panel drawn", DRAW_TIMEOUT, 0.2, shown)
        shot.save_png(self.run, "panel-shown.png")
        notes = ["Tab: %d pixels of the panel's strip not scene colours" % n]
        click("Pause")
        paused = titled(PAUSED, "after clicking Pause")
        step = int(PAUSED.search(paused).group(1))
        notes.append("Pause clicked: %r" % paused)
        tab(2)

        def hidden():
            image = self.screenshot(a)
            if not_scene(image) >= MIN_PANEL:
                raise Failure("the panel is still drawn")
            return image
        p = poll("the panel hidden", DRAW_TIMEOUT, 0.2, hidden)
        p.save_png(self.run, "panel-hidden.png")
        expected = self.render("panel-expected.png", (0, 0), steps=step)
        agree = agreement(p, expected)
        if agree < MIN_AGREEMENT:
            raise Failure("hidden, %.2f%% of the pixels are render --steps %d's (want >= %.0f%%)"
                          % (100 * agree, step, 100 * MIN_AGREEMENT))
        notes.append("Tab: %.2f%% render --steps %d's" % (100 * agree, step))
        tab(3)
        poll("the panel drawn again", DRAW_TIMEOUT, 0.2, shown)
        click("Bending springs")
        bent = titled(re.compile(r"^%s - paused, step %d, bending springs$" % (TITLE, step)),
                      "after clicking Bending springs")
        notes.append("Bending springs clicked: %r" % bent)
        # The Save buttons are at the end: scroll the panel down (the wheel
        # over it) until the app logs Save picture's rectangle in the window.
        rect = RECT % re.escape("Save picture")
        # Up to 24 notches: a notch scrolls about 40 px under sway.
        for _ in range(24):
            x, y, w, h = (int(v) for v in logged(rect, "Save picture's rectangle")[-1])
            if y + h <= p.height - 4:
                break
            seen = len(re.findall(rect, a.log_text()))
            self.env.wheel(a, (PANEL_WIDTH // 2, p.height // 2), -1)
            poll("the panel scrolled", DRAW_TIMEOUT, 0.05,
                 lambda: len(re.findall(rect, a.log_text())) > seen or None)
        # The wheel scrolls smoothly over several frames: click once the
        # rectangle has stayed put for half a second.
        settled = {"n": -1, "since": 0.0}

        def still():
            n = len(re.findall(rect, a.log_text()))
            if n != settled["n"]:
                settled.update(n=n, since=time.monotonic())
            return time.monotonic() - settled["since"] >= 0.5 or None
        poll("the panel's scrolling settled", DRAW_TIMEOUT, 0.05, still)
        click("Save picture")
        # The line names the file by its full path (under Wine, a Windows
        # one): the file is in the program's working directory, cwd.
        folder, name = logged(r"saved (\S*[\\/])?(cloth-demo-\d+\.png) \(",
                              "the log saying the picture was saved")[0]
        if not folder:
            raise Failure("the saved line names %s without its folder" % name)
        saved = [name]
        path = os.path.join(cwd, saved[0])
        picture = Image.from_png(path)
        if (picture.width, picture.height) != (p.width, p.height) or picture.rgb != p.rgb:
            raise Failure("the saved %s (%dx%d) is not the picture without the panel: %d pixels "
                          "differ" % (saved[0], picture.width, picture.height,
                                      differing(picture, p) if picture.width == p.width else -1))
        notes.append("Save picture: %s, the hidden panel's picture exactly" % saved[0])
        tab(4)
        again = poll("the panel hidden again", DRAW_TIMEOUT, 0.2, hidden)
        again.save_png(self.run, "panel-hidden-again.png")
        if again.rgb != p.rgb:
            raise Failure("hidden again, %d pixels differ from the paused picture before "
                          "(see %spanel-hidden-again.png)" % (differing(again, p), self.run.rel))
        notes.append("Tab: the paused picture back exactly")
        self.run.note("panel: " + "; ".join(notes))


PANEL_CHECKS = {
    "panel": PanelChecks.panel,
}
