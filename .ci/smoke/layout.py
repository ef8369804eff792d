"""The check of the scene beside the window's panel, beside checks.py's
(the same session runs it; it starts an app of its own):

  layout   paused (hands.py's paused_app), the panel hidden: a cloth pixel
           P (cloth all round it) pressed with the right button and let go
           holds point [j][i] (the log). Tab: once the panel is drawn, no
           cloth pixel lies in its PANEL_WIDTH columns; the cloth's
           bounding box has moved right by half the panel's width (the
           scene is drawn in the columns right of the panel, centred there,
           at the window's height: as `render` draws it at the area's
           size), its size the same within SHIFT_SLACK pixels; the area is
           `render --steps N --size (W - PANEL_WIDTH)xH`'s picture (at
           least MIN_AGREEMENT of its pixels); P moved as the box did,
           pressed with the right button, holds the same point [j][i]. Where
           the environment resizes windows (X11, Wine): at SMALL, the
           panel takes half the width and the scene the other half, which
           is `render --size`'s at that half's size
"""

import re

from checks import DRAW_TIMEOUT, MIN_AGREEMENT
from common import COLOURS, Failure, agreement, poll
from hands import CLOTH_BOX, box_count
from panel import MIN_PANEL, PANEL_WIDTH, not_scene

CLOTH = COLOURS["yellow"] | COLOURS["blue"]
# How far the cloth's box may be from where it should be, pixels (an edge
# rasterised a pixel or two apart at another aspect).
SHIFT_SLACK = 3
# The small window: the panel narrows to half of it.
SMALL = (300, 200)
HOLDING = re.compile(r"holding point \[(\d+)\]\[(\d+)\] \(right button\)", re.IGNORECASE)


def cloth_box(image, x0=0):
    """The cloth's bounding box from column `x0` on, (left, top, right,
    bottom), or Failure."""
    w = image.width
    xs, ys = [], []
    for k, p in enumerate(image.pixels()):
        if p in CLOTH and k % w >= x0:
            xs.append(k % w)
            ys.append(k // w)
    if not xs:
        raise Failure("no cloth pixel in the picture")
    return min(xs), min(ys), max(xs), max(ys)


def cloth_pixel(image, box):
    """A pixel of the cloth with cloth all round it, nearest the middle of
    its `box`; or Failure."""
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    side = (2 * CLOTH_BOX + 1) ** 2
    best = None
    for y in range(box[1], box[3] + 1, 2):
        for x in range(box[0], box[2] + 1, 2):
            d = abs(x - cx) + abs(y - cy)
            if best is not None and d >= best[0]:
                continue
            if box_count(image, (x, y), CLOTH_BOX, CLOTH) == side:
                best = (d, (x, y))
    if best is None:
        raise Failure("no cloth pixel with cloth all round it")
    return best[1]


class LayoutChecks:
    """The check, as a method of the session (session.py) that runs it."""

    def layout(self):
        a, step, _ = self.paused_app("layout")
        try:
            self.layout_on(a, step)
        finally:
            a.quit()

    def hold_at(self, a, at, count):
        """Press and let go the right button at `at`: the point the log
        says was held (the `count`-th such line)."""
        self.env.focus(a)
        self.env.gesture(a, [("move", (at[0] + 4, at[1] + 4)), ("sleep", 0.1), ("move", at),
                             ("sleep", 0.2), ("down", "right"), ("sleep", 0.2),
                             ("up", "right"), ("sleep", 0.2)])
        held = poll("the log naming the point held at %s" % (at,), DRAW_TIMEOUT, 0.05,
                    lambda: HOLDING.findall(a.log_text())[count - 1:] or None)
        return held[0]

    def layout_on(self, a, step):
        notes = ["paused at step %d" % step]
        hidden = self.screenshot(a)
        hidden.save_png(self.run, "layout-hidden.png")
        before = cloth_box(hidden)
        p = cloth_pixel(hidden, before)
        point = self.hold_at(a, p, 1)
        notes.append("hidden: cloth box %s, point [%s][%s] held at %s" % (before, *point, p))
        self.env.focus(a)
        self.env.press(a, ["Tab"])
        poll("the log saying the panel was shown", DRAW_TIMEOUT, 0.05,
             lambda: "panel shown" in a.log_text() or None)

        def shown():
            image = self.screenshot(a)
            n = not_scene(image)
            if n < MIN_PANEL:
                raise Failure("%d pixels of the left %d columns are not scene colours (want "
                              ">= %d)" % (n, PANEL_WIDTH, MIN_PANEL))
            return image
        beside = poll("the panel drawn", DRAW_TIMEOUT, 0.2, shown)
        beside.save_png(self.run, "layout-shown.png")
        strip = beside.crop(0, 0, PANEL_WIDTH, beside.height)
        under = sum(1 for q in strip.pixels() if q in CLOTH)
        if under:
            raise Failure("%d cloth pixels under the panel (see %slayout-shown.png)"
                          % (under, self.run.rel))
        after = cloth_box(beside, PANEL_WIDTH)
        shift = PANEL_WIDTH // 2
        off = [after[k] - before[k] - (shift if k % 2 == 0 else 0) for k in range(4)]
        if max(abs(d) for d in off) > SHIFT_SLACK:
            raise Failure("the cloth's box went from %s to %s: want it %d pixels right (half "
                          "the panel's width), the same size, within %d"
                          % (before, after, shift, SHIFT_SLACK))
        notes.append("Tab: no cloth pixel under the panel; cloth box %s, %d right" % (after, shift))
        area = beside.crop(PANEL_WIDTH, 0, beside.width - PANEL_WIDTH, beside.height)
        want = self.render("layout-expected.png", (0, 0), size=(area.width, area.height),
                           steps=step)
        agree = agreement(area, want)
        if agree < MIN_AGREEMENT:
            raise Failure("right of the panel, %.2f%% of the pixels are render --steps %d --size "
                          "%dx%d's (want >= %.0f%%)" % (100 * agree, step, area.width, area.height,
                                                       100 * MIN_AGREEMENT))
        notes.append("the area %.2f%% render --size %dx%d's" % (100 * agree, area.width,
                                                               area.height))
        q = (p[0] + shift, p[1])
        again = self.hold_at(a, q, 2)
        if again != point:
            raise Failure("beside the panel, the press at %s held point [%s][%s], where the "
                          "same cloth pixel hidden (%s) held [%s][%s]" % (q, *again, p, *point))
        notes.append("the same pixel of cloth at %s holds [%s][%s]" % (q, *again))
        if hasattr(self.env, "resize"):
            notes.append(self.layout_small(a, step))
        self.run.note("layout: " + "; ".join(notes))

    def layout_small(self, a, step):
        """The window at SMALL with the panel shown: the panel takes half
        the width, the scene the other half as `render` draws it."""
        self.env.resize(a, *SMALL)
        half = SMALL[0] // 2

        def small():
            image = self.screenshot(a)
            if (image.width, image.height) != SMALL:
                raise Failure("the window is %dx%d" % (image.width, image.height))
            area = image.crop(half, 0, SMALL[0] - half, SMALL[1])
            want = self.render("layout-small-expected.png", (0, 0), size=(area.width, SMALL[1]),
                               steps=step)
            agree = agreement(area, want)
            if agree < MIN_AGREEMENT:
                raise Failure("the right half is %.2f%% render --size %dx%d's"
                              % (100 * agree, area.width, SMALL[1]))
            strip = image.crop(0, 0, half, SMALL[1])
            n = sum(1 for q in strip.pixels() if q in CLOTH)
            if n:
                raise Failure("%d cloth pixels in the left half, the panel's" % n)
            image.save_png(self.run, "layout-small.png")
            return agree
        agree = poll("the panel and the scene halves of %dx%d" % SMALL, DRAW_TIMEOUT, 0.5, small)
        return "at %dx%d: the panel the left %d columns, the scene the right, %.2f%% render's" % (
            SMALL + (half, 100 * agree))


LAYOUT_CHECKS = {
    "layout": LayoutChecks.layout,
}
