"""The check of compare mode, beside checks.py's (the same session runs it;
it starts an app of its own):

  compare   the app started with --no-diagonals, C pressed: the title says
            `compare`; paused (Space) at step N, the window's left half is
            `render --steps N` drawn at the half's size (the original), its
            right half `render --steps N --no-diagonals` at that size (at
            least MIN_AGREEMENT of the pixels each the same scene colour,
            below the labels' band at the top: the window's floor greys
            round to 229 or 230, 25 or 26, as they fall), and the two halves
            differ (at least MIN_SPLIT pixels of another scene colour); the
            divider is drawn (the two columns round the halves' edge are its
            grey in at least MIN_DIVIDER of the rows) and each label's
            pixels stay in its half (in the labels' band, nothing but black
            and the divider within LABEL_GAP columns of the halves' edge);
            C again: the title drops `compare` and the whole window
            is `render --steps N --no-diagonals` again, one picture
"""

import re

from checks import DRAW_TIMEOUT, MIN_AGREEMENT
from common import TITLE, Failure, agreement, poll

# Rows at the top left out of the halves' comparison: the labels' band
# (app::compare::label_band of the window's height, 54 at 573).
LABEL_BAND = 54
# Pixels that must differ between the halves at the step paused at: the
# sheet without diagonals has moved away from the original's.
MIN_SPLIT = 500
# The divider's grey (app::compare::DIVIDER_RGB, 0.5 of 255 rounded) in
# at least this share of the rows of its two columns (the window's half
# and half rounding may give 127 or 128).
DIVIDER = {(127, 127, 127), (128, 128, 128)}
MIN_DIVIDER = 0.99
# Columns each side of the halves' edge no label may reach (besides the
# divider's own): a label keeps a margin (half its text size, 9 at 573)
# inside its half.
LABEL_GAP = 4
# Seconds the two halves run before the pause: past the first steps, so
# the what-if has had time to show.
RUN_FOR = 3.0


class CompareChecks:
    """Compare mode's check, a method of the session (session.py)."""

    def compare(self):
        a = self.start_app("compare", "--no-diagonals")
        try:
            self.compare_on(a)
        finally:
            a.quit()

    def compare_on(self, a):
        import time

        self.window(a)
        self.env.focus(a)

        def titled(pattern, what):
            def check():
                t = self.env.title(a)
                m = pattern.search(t)
                if not m:
                    raise Failure("the title is %r" % t)
                return m
            return poll("the title %s" % what, DRAW_TIMEOUT, 0.05, check)

        titled(re.compile(r"^%s - no diagonals$" % TITLE), "for --no-diagonals")
        self.env.press(a, ["c"])
        titled(re.compile(r"^%s - no diagonals, compare$" % TITLE), "after C")
        time.sleep(RUN_FOR)
        self.env.press(a, ["space"])
        m = titled(re.compile(r"^%s - paused, step (\d+), no diagonals, compare$" % TITLE),
                   "after Space")
        n = int(m.group(1))
        shot = self.screenshot(a)
        shot.save_png(self.run, "compare-window.png")
        half = shot.width // 2
        rows = shot.height - LABEL_BAND
        left = shot.crop(0, LABEL_BAND, half, rows)
        right = shot.crop(half, LABEL_BAND, shot.width - half, rows)
        notes = ["paused at step %d" % n]
        for name, got, args in [("left", left, []), ("right", right, ["--no-diagonals"])]:
            want = self.render("compare-%s.png" % name, (0, 0), size=(got.width, shot.height),
                               steps=n, args=args)
            want = want.crop(0, LABEL_BAND, got.width, rows)
            agree = agreement(got, want)
            if agree < MIN_AGREEMENT:
                raise Failure("the %s half: %.2f%% of its pixels are render --steps %d %s's at "
                              "%dx%d (want >= %.0f%%; see %scompare-window.png)"
                              % (name, 100 * agree, n, " ".join(args), got.width, shot.height,
                                 100 * MIN_AGREEMENT, self.run.rel))
            notes.append("%s half %.2f%% render%s's" % (name, 100 * agree,
                                                         " " + " ".join(args) if args else ""))
        right = right.crop(0, 0, left.width, rows)
        split = round((1 - agreement(left, right)) * left.width * rows)
        if split < MIN_SPLIT:
            raise Failure("the halves differ in only %d pixels at step %d: is the left half the "
                          "original?" % (split, n))
        notes.append("the halves differ in %d pixels" % split)
        notes.append(self.divider_and_labels(shot, half))
        self.env.press(a, ["c"])
        titled(re.compile(r"^%s - paused, step %d, no diagonals$" % (TITLE, n)), "after C again")

        def whole():
            shot = self.screenshot(a)
            want = self.render("compare-off.png", (0, 0), steps=n, args=["--no-diagonals"])
            agree = agreement(shot, want)
            if agree < MIN_AGREEMENT:
                raise Failure("C again: %.2f%% of the pixels are render --steps %d "
                              "--no-diagonals's" % (100 * agree, n))
            shot.save_png(self.run, "compare-off-window.png")
            return agree
        agree = poll("the single picture back", DRAW_TIMEOUT, 0.5, whole)
        notes.append("C again: one picture, %.2f%% render --no-diagonals's" % (100 * agree))
        self.run.note("compare: " + "; ".join(notes))


    def divider_and_labels(self, shot, half):
        """The divider at the halves' edge `half`, and nothing of a label
        near it: a note, or Failure."""
        w = shot.width
        rgb = shot.rgb

        def at(x, y):
            k = 3 * (y * w + x)
            return tuple(rgb[k:k + 3])
        for x in (half - 1, half):
            n = sum(1 for y in range(shot.height) if at(x, y) in DIVIDER)
            if n < MIN_DIVIDER * shot.height:
                raise Failure("column %d is the divider's grey in %d of %d rows (see "
                              "%scompare-window.png)" % (x, n, shot.height, self.run.rel))
        near = [(x, y) for y in range(LABEL_BAND)
                for x in list(range(half - 1 - LABEL_GAP, half - 1))
                + list(range(half + 1, half + 1 + LABEL_GAP))
                if at(x, y) != (0, 0, 0)]
        if near:
            raise Failure("%d label pixels within %d columns of the halves' edge, first %s"
                          % (len(near), LABEL_GAP, near[0]))
        return ("the divider at columns %d-%d; no label within %d columns of it"
                % (half - 1, half, LABEL_GAP))


COMPARE_CHECKS = {
    "compare": CompareChecks.compare,
}
