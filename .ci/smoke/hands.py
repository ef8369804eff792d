"""The checks of hands on the cloth and the zoom, beside checks.py's (the
same session runs them; each starts an app of its own):

  grab        the app paused (Space) after GRAB_AFTER seconds, the right
              button pressed on a cloth pixel P of the still picture and
              dragged straight up to Q, GRAB_TO_Y pixels from the top, in
              the sky above the spheres however they bob; resumed (Space)
              with the button held, a screenshot mid-drag shows the cloth's
              yellow and blue reaching up to Q (in at least MIN_PULLED of
              the rows round Q, near its column), where the picture before
              the grab had none; the log names the point held and, after
              the release, the point let go
  ctrl-grab   the same with Control and the left button (one-button mice
              and trackpads)
  lift        the grab's drag under a solver that lifts (`--solver xpbd`):
              mid-drag, the cloth reaches down from Q as cloth, not as a
              needle: in at least LIFT_ROWS of the rows from Q down to
              LIFT_BELOW under it, cloth within LIFT_SIDE pixels of Q's
              column, and at least LIFT_FILLED of that box cloth
  knife       the hands scene (`--scene hands`, the 64 x 64 XPBD curtain)
              paused, X, and one right-drag straight across the picture
              at KNIFE_AT of the curtain's height: the log says the knife
              was drawn and how many springs it cut; resumed, within
              FALL_TIMEOUT the rows just under the stroke that were cloth
              are sky (the lower piece fell) while the rows above it are
              still cloth (the upper hangs from its rod)
  zoom        paused, ZOOM_NOTCHES notches of the wheel up over the cloth
              pixel P nearest the cloth's centre on the screen (the
              environment's `wheel_notches_per_click` says how many a click
              of its pointer tool makes): the log says the distance went
              to 5 x 0.9^N, looking at a point T (what the wheel aimed at),
              and the window's picture is `render --steps S --distance D
              --look-at T`'s (at least MIN_AGREEMENT of the pixels the same
              scene colour), not the unzoomed one; the cloth's centre ends
              nearer P than in `render --distance D` (the same zoom toward
              the picture's middle, as the wheel zoomed before it aimed);
              then `-` is one notch back out (straight ahead) and Home the
              original's 5, looking at 0,0,0 (the log)
"""

import re
import time

from checks import DRAW_TIMEOUT, MIN_AGREEMENT, PAUSED
from common import (INNER, COLOURS, Failure, agreement, check_scene, legs, poll)

# How long the cloth falls before the grab's picture is taken, seconds
# (about 300 steps: draped over the spheres, wide on the screen).
GRAB_AFTER = 5.0
# Where the grabbed point is pulled to: this far from the window's top,
# window pixels (the spheres' tops bob between about 180 and 230).
GRAB_TO_Y = 110
# Half the side of the box round a pixel: round P all cloth, round Q all
# sky (black) before the grab.
CLOTH_BOX = 4
SKY_BOX = 12
# Mid-drag, the cloth reaches up to Q: of the rows from PULLED_ABOVE
# pixels above Q to PULLED_BELOW below it, at least MIN_PULLED have cloth
# within PULLED_SIDE pixels of Q's column (the held point's triangles
# narrow to a spike at Q, under a pixel wide at its tip; under sway the
# pointer's arrow, in the screenshot, hides the top 20 rows or so).
PULLED_ABOVE = 4
PULLED_BELOW = 60
PULLED_SIDE = 10
MIN_PULLED = 35
# How long the held point is pulled before the mid-drag screenshot must
# show it, seconds.
PULL_TIMEOUT = 8.0

# The lift: of the rows from Q down to LIFT_BELOW pixels under it, at
# least LIFT_ROWS have cloth within LIFT_SIDE pixels of Q's column (the
# issue's 60-pixel band; under sway the pointer's arrow hides the top 20
# rows or so, so the band reaches 20 rows further).
LIFT_BELOW = 80
LIFT_SIDE = 12
LIFT_ROWS = 60
# ... and cloth, not a needle (the article's spring's needle meets the
# rows above with a spike a few pixels wide): at least LIFT_FILLED of
# that box's pixels are cloth.
LIFT_FILLED = 0.4

# The knife: the stroke's height, as a fraction of the curtain's drawn
# height from its top; the band under it whose cloth must fall, pixels
# below the stroke; the most of that band's cloth pixels left once
# fallen, as a fraction; the least of the band above's that must stay.
KNIFE_AT = 0.5
FALL_BAND = (6, 30)
FALL_LEFT = 0.05
HANG_KEPT = 0.8
FALL_TIMEOUT = 8.0
# The log's line for a lifted knife.
KNIFE_CUT = re.compile(r"knife lifted, (\d+) springs cut")

# Notches of the zoom check: an even number, as X11's clicks make two each
# (x11.py).
ZOOM_NOTCHES = 4
# The log's line for each change of the camera's distance.
ZOOMED = re.compile(r"zoomed to distance (\S+), looking at (\S+)")

CLOTH = COLOURS["yellow"] | COLOURS["blue"]
BLACK = (0, 0, 0)


def box_count(image, at, half, colours):
    """Pixels of `colours` in the (2 half + 1)-pixel square round `at`
    (clipped to the image)."""
    crop = image.crop(at[0] - half, at[1] - half, 2 * half + 1, 2 * half + 1)
    return sum(1 for p in crop.pixels() if p in colours)


def cloth_centre(image):
    """The mean of the cloth's pixels (yellow and blue), or None."""
    xs = ys = n = 0
    for k, p in enumerate(image.pixels()):
        if p in CLOTH:
            xs += k % image.width
            ys += k // image.width
            n += 1
    return (xs / n, ys / n) if n else None


def nearest_cloth(image, at):
    """The cloth pixel nearest `at`."""
    best = None
    for k, p in enumerate(image.pixels()):
        if p in CLOTH:
            q = (k % image.width, k // image.width)
            d = (q[0] - at[0]) ** 2 + (q[1] - at[1]) ** 2
            if best is None or d < best[0]:
                best = (d, q)
    return best[1]


def apart(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def pulled(image, q):
    """Rows from PULLED_ABOVE above `q` to PULLED_BELOW below it with cloth
    within PULLED_SIDE of its column."""
    crop = image.crop(q[0] - PULLED_SIDE, q[1] - PULLED_ABOVE, 2 * PULLED_SIDE + 1,
                      PULLED_ABOVE + PULLED_BELOW + 1)
    w = crop.width
    rows = [crop.rgb[3 * w * r:3 * w * (r + 1)] for r in range(crop.height)]
    return sum(1 for row in rows
               if any(tuple(row[k:k + 3]) in CLOTH for k in range(0, len(row), 3)))


def near_rows(image, q, below, side):
    """Rows from `q` down to `below` pixels under it with cloth within
    `side` pixels of its column."""
    crop = image.crop(q[0] - side, q[1], 2 * side + 1, below + 1)
    w = crop.width
    rows = [crop.rgb[3 * w * r:3 * w * (r + 1)] for r in range(crop.height)]
    return sum(1 for row in rows
               if any(tuple(row[k:k + 3]) in CLOTH for k in range(0, len(row), 3)))


def cloth_box(image):
    """The cloth's bounding box in `image`: (left, top, right, bottom), or
    Failure when there is no cloth."""
    w, h, rgb = image.width, image.height, image.rgb
    xs, ys = [], []
    for y in range(h):
        row = rgb[3 * w * y:3 * w * (y + 1)]
        for x in range(w):
            if tuple(row[3 * x:3 * x + 3]) in CLOTH:
                xs.append(x)
                ys.append(y)
    if not xs:
        raise Failure("no cloth in the picture")
    return min(xs), min(ys), max(xs), max(ys)


def band_cloth(image, left, right, top, bottom):
    """Cloth pixels in the band of rows `top`..`bottom`, columns
    `left`..`right`."""
    crop = image.crop(left, top, right - left + 1, bottom - top + 1)
    return sum(1 for p in crop.pixels() if p in CLOTH)


def grab_points(image):
    """A cloth pixel P with cloth all round it (CLOTH_BOX), nearest the
    picture's middle column, whose point straight up at GRAB_TO_Y, Q, is
    sky (SKY_BOX); or Failure."""
    w, h = image.width, image.height
    rgb = image.rgb
    side = (2 * CLOTH_BOX + 1) ** 2
    best = None
    for y in range(GRAB_TO_Y + 2 * SKY_BOX, h - CLOTH_BOX, 3):
        for x in range(SKY_BOX, w - SKY_BOX, 3):
            k = 3 * (y * w + x)
            if tuple(rgb[k:k + 3]) not in CLOTH:
                continue
            if best is not None and abs(x - w // 2) >= abs(best[0][0] - w // 2):
                continue
            if box_count(image, (x, y), CLOTH_BOX, CLOTH) < side:
                continue
            q = (x, GRAB_TO_Y)
            if box_count(image, q, SKY_BOX, {BLACK}) < (2 * SKY_BOX + 1) ** 2:
                continue
            best = ((x, y), q)
    if best is None:
        raise Failure("no cloth pixel with sky above it, at y = %d, to pull it to" % GRAB_TO_Y)
    return best


class HandChecks:
    """The checks, as methods of the session (session.py) that runs them."""

    def paused_app(self, name, *args):
        """A new app of its own (with `args`), focused, paused after
        GRAB_AFTER seconds: (the app, the step its title says, a function
        waiting for a title to match a pattern)."""
        a = self.start_app(name, *args)
        self.window(a)
        self.env.focus(a)

        def titled(pattern, what):
            def check():
                t = self.env.title(a)
                if not pattern.search(t):
                    raise Failure("the title is %r" % t)
                return t
            return poll("the title %s" % what, DRAW_TIMEOUT, 0.05, check)

        poll("the scene drawn", DRAW_TIMEOUT, 0.2,
             lambda: check_scene(self.run, self.screenshot(a), "%s: the window" % name))
        time.sleep(GRAB_AFTER)
        self.env.press(a, ["space"])
        step = int(PAUSED.search(titled(PAUSED, "after Space")).group(1))
        return a, step, titled

    def grab(self):
        self.grab_with("grab", "right", None)

    def ctrl_grab(self):
        self.grab_with("ctrl-grab", "left", "ctrl")

    def lift(self):
        a, step, titled = self.paused_app("lift", "--solver", "xpbd")
        try:
            self.grab_on(a, step, titled, "lift", "right", None, lifts=True)
        finally:
            a.quit()

    def grab_with(self, name, button, key):
        a, step, titled = self.paused_app(name)
        try:
            self.grab_on(a, step, titled, name, button, key)
        finally:
            a.quit()

    def knife(self):
        a, step, titled = self.paused_app("knife", "--scene", "hands")
        try:
            self.knife_on(a, step)
        finally:
            a.quit()

    def knife_on(self, a, step):
        before = self.screenshot(a)
        before.save_png(self.run, "knife-before.png")
        left, top, right, bottom = cloth_box(before)
        y = top + int(KNIFE_AT * (bottom - top))
        under = (y + FALL_BAND[0], y + FALL_BAND[1])
        above = (y - FALL_BAND[1], y - FALL_BAND[0])
        was_under = band_cloth(before, left, right, *under)
        was_above = band_cloth(before, left, right, *above)
        if was_under < 100 or was_above < 100:
            raise Failure("the curtain (%d..%d x %d..%d) has %d and %d cloth pixels above and "
                          "under y = %d, before the cut: not a hanging curtain"
                          % (left, right, top, bottom, was_above, was_under, y))
        self.env.focus(a)
        self.env.press(a, ["x"])
        start, end = (max(left - 30, 2), y), (min(right + 30, INNER[0] - 3), y)
        self.env.gesture(a, [("move", (start[0], start[1] - 10)), ("sleep", 0.1),
                             ("move", start), ("sleep", 0.2), ("down", "right"), ("sleep", 0.2)]
                         + legs(start, [end], pause=0.05) + [("sleep", 0.2), ("up", "right")])
        cut = poll("the log saying the knife cut", 5.0, 0.05,
                   lambda: KNIFE_CUT.findall(a.log_text()) or None)
        if "drawing the knife (Right button)" not in a.log_text():
            raise Failure("the right-drag with X on was not the knife: %s" % a.last_log_line())
        if int(cut[-1]) < 64:
            raise Failure("the stroke across the 64-wide curtain cut %s springs" % cut[-1])
        self.env.press(a, ["space"])
        last = {}

        def fallen():
            image = self.screenshot(a)
            last["image"] = image
            last["under"] = band_cloth(image, left, right, *under)
            last["above"] = band_cloth(image, left, right, *above)
            if last["under"] > FALL_LEFT * was_under:
                raise Failure("%d of the %d cloth pixels under the stroke are left"
                              % (last["under"], was_under))
            return image

        try:
            poll("the lower piece fallen", FALL_TIMEOUT, 0.2, fallen)
        finally:
            if "image" in last:
                last["image"].save_png(self.run, "knife-after.png")
        if last["above"] < HANG_KEPT * was_above:
            raise Failure("above the stroke %d of %d cloth pixels are left: the upper piece "
                          "did not hang on" % (last["above"], was_above))
        self.run.note("knife: the hands scene paused at step %d, X, a right-drag across at "
                      "y = %d cut %s springs; resumed, the cloth under it went from %d pixels "
                      "to %d, above it from %d to %d"
                      % (step, y, cut[-1], was_under, last["under"], was_above, last["above"]))

    def grab_on(self, a, step, titled, name, button, key, lifts=False):
        before = self.screenshot(a)
        before.save_png(self.run, "%s-before.png" % name)
        p, q = grab_points(before)
        mid = {}

        def look():
            def shown():
                image = self.screenshot(a)
                mid["image"] = image
                mid["n"] = pulled(image, q)
                if mid["n"] < MIN_PULLED:
                    raise Failure("cloth near %s in %d rows (want >= %d)"
                                  % (q, mid["n"], MIN_PULLED))
                mid["lift"] = near_rows(image, q, LIFT_BELOW, LIFT_SIDE)
                mid["filled"] = band_cloth(image, q[0] - LIFT_SIDE, q[0] + LIFT_SIDE, q[1],
                                           q[1] + LIFT_BELOW) / ((2 * LIFT_SIDE + 1)
                                                                 * (LIFT_BELOW + 1))
                if lifts and mid["lift"] < LIFT_ROWS:
                    raise Failure("cloth within %d px of %s in %d of the %d rows under it "
                                  "(want >= %d)" % (LIFT_SIDE, q, mid["lift"], LIFT_BELOW + 1,
                                                    LIFT_ROWS))
                if lifts and mid["filled"] < LIFT_FILLED:
                    raise Failure("%.0f%% of the box under %s is cloth (want >= %.0f%%): a "
                                  "needle, not a lift" % (100 * mid["filled"], q,
                                                          100 * LIFT_FILLED))
                return image
            try:
                poll("the cloth pulled to %s" % (q,), PULL_TIMEOUT, 0.2, shown)
            except Failure as e:
                mid["error"] = str(e)

        press = [("keydown", key)] if key else []
        press += [("down", button)]
        press += [("keyup", key)] if key else []
        steps = ([("move", (p[0] - 10, p[1] + 10)), ("sleep", 0.1), ("move", p), ("sleep", 0.2)]
                 + press + [("sleep", 0.2)]
                 + legs(p, [q], pause=0.05)
                 + [("sleep", 0.2), ("key", "space"), ("call", look), ("up", button)])
        self.env.focus(a)
        self.env.gesture(a, steps)
        if "image" in mid:
            mid["image"].save_png(self.run, "%s-mid.png" % name)
        log = a.log_text()
        holding = re.findall(r"holding point \[(\d+)\]\[(\d+)\] \((\w+) button\)", log)
        if not holding:
            raise Failure("pressed %s at %s of the cloth, but the log names no point held "
                          "(last line: %s)" % (button, p, a.last_log_line()))
        j, i, by = holding[-1]
        if by.lower() != button:
            raise Failure("the point was held by the %s button, want %s" % (by, button))
        if "error" in mid:
            raise Failure("holding point [%s][%s] at %s, resumed: %s (see %s%s-mid.png)"
                          % (j, i, q, mid["error"], self.run.rel, name))
        let_go = "let go of point [%s][%s]" % (j, i)
        poll("the log saying it let go", 3.0, 0.05,
             lambda: True if let_go in a.log_text() else None)
        if pulled(before, q):
            raise Failure("the picture before the grab had cloth at %s already" % (q,))
        self.run.note("%s: paused at step %d, %s%s pressed at %s (cloth), held point [%s][%s], "
                      "pulled to %s (sky before), resumed: cloth near it in %d of the %d rows "
                      "round it mid-drag, within %d px of its column in %d of the %d rows "
                      "under it, that box %.0f%% cloth; let go"
                      % (name, step, key + " + " if key else "", button, p, j, i, q, mid["n"],
                         PULLED_ABOVE + PULLED_BELOW + 1, LIFT_SIDE, mid["lift"],
                         LIFT_BELOW + 1, 100 * mid["filled"]))

    def zoom(self):
        a, step, titled = self.paused_app("zoom")
        try:
            self.zoom_on(a, step)
        finally:
            a.quit()

    def zoom_on(self, a, step):
        before = self.screenshot(a)
        centre = cloth_centre(before)
        if centre is None:
            raise Failure("no cloth in the paused picture")
        p = nearest_cloth(before, (round(centre[0]), round(centre[1])))
        self.env.wheel(a, p, ZOOM_NOTCHES // self.env.wheel_notches_per_click)
        zooms = poll("%d zooms in the app's log" % ZOOM_NOTCHES, 5.0, 0.05,
                     lambda: ZOOMED.findall(a.log_text())[ZOOM_NOTCHES - 1:] or None)
        distance, target = zooms[0]
        d = float(distance)
        want = 5 * 0.9 ** ZOOM_NOTCHES
        if abs(d - want) > 1e-9:
            raise Failure("after %d notches up the distance is %s, want %g"
                          % (ZOOM_NOTCHES, distance, want))
        expected = self.render("zoom-expected.png", (0, 0), steps=step,
                               args=["--distance", distance, "--look-at=" + target])
        unzoomed = self.render("zoom-unzoomed.png", (0, 0), steps=step)
        to_middle = self.render("zoom-to-middle.png", (0, 0), steps=step,
                                args=["--distance", distance])
        last = {}

        def drawn():
            shot = self.screenshot(a)
            last["image"] = shot
            last["agree"] = agreement(shot, expected)
            if last["agree"] < MIN_AGREEMENT:
                raise Failure("%.2f%% of the pixels agree with render --distance %s --look-at %s"
                              % (100 * last["agree"], distance, target))
            return shot

        try:
            shot = poll("the zoomed picture", DRAW_TIMEOUT, 0.2, drawn)
        finally:
            before.save_png(self.run, "zoom-before.png")
            if "image" in last:
                last["image"].save_png(self.run, "zoom-window.png")
        other = agreement(shot, unzoomed)
        if other >= last["agree"] - 0.01:
            raise Failure("the zoomed window agrees as well with the unzoomed render (%.2f%%) as "
                          "with render --distance %s --look-at %s (%.2f%%)"
                          % (100 * other, distance, target, 100 * last["agree"]))
        aimed, middle = cloth_centre(shot), cloth_centre(to_middle)
        if aimed is None or middle is None or apart(aimed, p) >= apart(middle, p):
            raise Failure("the cloth's centre is %s from the cursor at %s zoomed toward it, %s "
                          "zoomed toward the middle" % (aimed, p, middle))
        self.env.focus(a)
        self.env.press(a, ["minus"])
        out = poll("the zoom out in the app's log", 5.0, 0.05,
                   lambda: ZOOMED.findall(a.log_text())[ZOOM_NOTCHES:] or None)
        self.env.press(a, ["Home"])
        home = poll("Home in the app's log", 5.0, 0.05,
                    lambda: ZOOMED.findall(a.log_text())[ZOOM_NOTCHES + 1:] or None)
        if abs(float(out[0][0]) - 5 * 0.9 ** (ZOOM_NOTCHES - 1)) > 1e-9 or out[0][1] != target \
                or home[0] != ("5", "0,0,0"):
            raise Failure("- then Home: the distance went to %s, then %s (want %g looking at "
                          "%s, then 5 looking at 0,0,0)"
                          % (out[0], home[0], 5 * 0.9 ** (ZOOM_NOTCHES - 1), target))
        self.run.note("zoom: paused at step %d, %d notches up over %s (the cloth's centre %s): "
                      "distance %s looking at %s; %.2f%% of the pixels render --distance %s "
                      "--look-at %s's, %.2f%% the unzoomed render's; the cloth's centre %.1f "
                      "pixels from the cursor (%.1f zoomed toward the middle); - gave %s, Home %s"
                      % (step, ZOOM_NOTCHES, p, tuple(round(c, 1) for c in centre), distance,
                         target, 100 * last["agree"], distance, target, 100 * other,
                         apart(aimed, p), apart(middle, p), out[0], home[0]))

HAND_CHECKS = {
    "grab": HandChecks.grab,
    "ctrl-grab": HandChecks.ctrl_grab,
    "lift": HandChecks.lift,
    "knife": HandChecks.knife,
    "zoom": HandChecks.zoom,
}
