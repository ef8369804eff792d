"""The run of one environment's checks (checks.py): the expected views,
the app under test, and the helpers every check uses: find the window,
screenshot it, drag, press Escape, render, read the log."""

import os
import re

from checks import CHECKS, DRAW_TIMEOUT, ON_MAIN, R1, R2, Checks
from common import TITLE, App, Failure, Image, check_scene, drag_steps, poll, say
from compare import COMPARE_CHECKS, CompareChecks
from hands import HAND_CHECKS, HandChecks
from layout import LAYOUT_CHECKS, LayoutChecks
from panel import PANEL_CHECKS, PanelChecks
from window_keys import WINDOW_KEY_CHECKS, WindowKeyChecks

WINDOW_TIMEOUT = 30.0  # the window appears (a cold start on a loaded machine)

# An app log line that is the app's own info or debug line.
LOG_LINE = re.compile(r"^\[\S+ (TRACE|DEBUG|INFO) +cloth_demo[\w:]*\] ")


class Session(Checks, HandChecks, CompareChecks, PanelChecks, LayoutChecks, WindowKeyChecks):
    """One environment's run of its checks: the expected views, the app
    under test, what the checks have measured."""

    def __init__(self, run, env, linux_bin):
        self.run = run
        self.env = env
        self.linux_bin = linux_bin
        self.expected = {}
        self.state = {}
        self.app = None
        self.closing = {}
        self.results = {}

    # --- helpers --------------------------------------------------------

    def start_app(self, name, *args, extra_env=None, cwd=None):
        command = self.env.command(list(args))
        if cwd:  # a binary named relative to here, named from there
            command = [os.path.abspath(c) if not os.path.isabs(c) and os.path.exists(c) else c
                       for c in command]
        return App(self.run, name, command, extra_env=extra_env, cwd=cwd)

    def window(self, app):
        """Wait for the app's window; the environment's handle for it."""
        if app.no_window:
            raise Failure(app.no_window)  # waited once already
        if app.handle is None:
            def find():
                if app.proc.poll() is not None:
                    raise Failure("cloth-demo exited %d before its window appeared: %s"
                                  % (app.proc.returncode, app.last_log_line()))
                return self.env.find_window(app)

            try:
                app.handle = poll("the window \"%s\"" % TITLE, WINDOW_TIMEOUT, 0.1, find)
            except Failure as e:
                app.no_window = str(e)
                raise
        return app.handle

    def screenshot(self, app):
        self.window(app)
        return self.env.screenshot(app)

    def render(self, name, orbit, size=None, command=None, extra_env=None, steps=0, args=()):
        """`cloth-demo render --steps N --orbit R1,R2 [--size WxH] [ARGS]`
        (headless) to a PNG: the Linux binary's unless `command` is
        given."""
        path = self.run.path(name)
        args = ["render", "--steps", str(steps), "--out", path, "--orbit=%d,%d" % orbit] + list(args)
        if size:
            args += ["--size", "%dx%d" % size]
        env = {"DISPLAY": None, "WAYLAND_DISPLAY": None}
        env.update(extra_env or {})
        self.run.run((command or [self.linux_bin]) + args, timeout=120, extra_env=env)
        return Image.from_png(path)

    def moving(self, app, what, colours=None):
        """The window shows the scene (`colours` of it, else all), and it
        changes from shot to shot."""
        shots = []

        def drawn():
            image = self.screenshot(app)
            shots.append(image)
            check_scene(self.run, image, what, colours)
            if len(shots) > 1 and image.rgb != shots[-2].rgb:
                return image
            return None

        try:
            return poll("%s drawn and moving" % what, DRAW_TIMEOUT, 0.2, drawn)
        finally:
            if shots:
                shots[-1].save_png(self.run, what.replace(" ", "-") + ".png")

    def press_escape(self, app):
        self.window(app)
        self.env.focus(app)
        self.env.press_escape(app)

    def drag(self, app, start, path, release):
        """Press at `start` (window pixels), move through `path`, release at
        `release`, all relative to the window (points outside it included),
        each leg in four moves."""
        self.window(app)
        self.env.focus(app)
        self.env.gesture(app, drag_steps(start, path, release))

    def need_expected(self):
        if "error" in self.expected:
            raise Failure("no expected view: " + self.expected["error"])

    def check_clean_log(self, app, what):
        """After a clean exit: GL objects freed (no error pending), the context
        released, the window closed, in that order; every line an info or
        debug line of the app's own."""
        text = app.log_text()
        bad = [line for line in text.splitlines() if not LOG_LINE.match(line)]
        if bad:
            raise Failure("%s: the log has %d line(s) that are not the app's info/debug "
                          "lines, first: %s" % (what, len(bad), bad[0][:200]))
        marks = ["GL objects freed", "GL context released", "window closed"]
        at = [text.find(m) for m in marks]
        missing = [m for m, k in zip(marks, at) if k < 0]
        if missing:
            raise Failure("%s: the log does not say %s" % (what, ", ".join(missing)))
        if at != sorted(at):
            raise Failure("%s: teardown out of order: %s" % (
                what, ", ".join(m for _, m in sorted(zip(at, marks)))))
        if "was pending" in text:
            raise Failure("%s: a GL error was pending at teardown: %s" % (
                what, [line for line in text.splitlines() if "was pending" in line][0]))

    def geometry(self, app):
        self.window(app)
        return self.env.geometry(app)

    # --- the run ----------------------------------------------------------

    def check(self, name):
        try:
            (CHECKS.get(name) or HAND_CHECKS.get(name) or COMPARE_CHECKS.get(name)
             or LAYOUT_CHECKS.get(name) or WINDOW_KEY_CHECKS.get(name)
             or PANEL_CHECKS[name])(self)
            self.results[name] = None
        except Failure as e:
            self.results[name] = str(e)
            say(self.run.name, "%s FAILED: %s" % (name, e))

    def main(self):
        checks = self.env.checks
        try:
            self.expected["turned"] = self.render("expected-turned.png", (R1, R2))
            self.expected["unturned"] = self.render("expected-unturned.png", (0, 0))
        except Failure as e:
            self.expected["error"] = str(e)
        self.env.start(self.run)
        self.app = self.start_app("window")
        try:
            for name in [c for c in checks if c in ON_MAIN]:
                self.check(name)
        finally:
            self.app.quit()
        if "escape" in checks:
            self.closing["escape"] = self.app
        for name in [c for c in checks if c not in ON_MAIN]:
            self.check(name)
        failed = [n for n in checks if self.results.get(n, "not run") is not None]
        print("%s: %d passed, %d failed (%s)%s"
              % (self.run.name, len(checks) - len(failed), len(failed), ", ".join(checks),
                 ("; failed: " + ", ".join(failed) + "; see " + self.run.rel) if failed else ""),
              flush=True)
        return 1 if failed else 0

