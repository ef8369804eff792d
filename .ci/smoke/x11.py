"""The X11 environment: its own Xvfb (on a free display, chosen by Xvfb
itself with -displayfd) and an openbox window manager (fullscreen and the
close button are the window manager's business under X11); xdotool for
input, xwd for screenshots (by window id), wmctrl for closing as the close
button does (openbox sends the window WM_DELETE_WINDOW; `xdotool
windowclose` would destroy it instead).

Used for the Linux binary (window-smoke) and, with `command` and `find`
changed, for the Windows one under Wine (wine.py)."""

import os
import select
import subprocess
import time

from common import TITLE_PATTERN, Failure, Image, poll, stop

# Large enough for the window at scale factor 2 (1584x1146 physical).
SCREEN = (1920, 1200)
TOOLS = ["Xvfb", "openbox", "xdotool", "wmctrl", "xwd", "xwdtopnm", "pngtopnm", "pnmtopng",
         "xlogo"]
# The X buttons of gesture()'s ("down", NAME) and ("up", NAME).
BUTTONS = {"left": 1, "right": 3}
# The second window the focus-loss check gives the focus to.
OTHER_TITLE = "cloth-demo-smoke-other"


class X11:
    name = "x11"
    checks = ["size", "colours", "idle-cpu", "drag", "minimise", "resize", "outside",
              "focus-loss", "escape", "close", "quiet", "clean-exit", "fullscreen", "uncapped",
              "hidpi", "keys", "scenes", "compare", "grab", "ctrl-grab", "lift", "knife", "zoom", "panel", "layout", "help", "f11", "springs-key", "headless-glx",
              "lost-server"]

    # winit 0.30 reads both the press and the release of X's button 4 (a
    # wheel click as xdotool and other XTEST clients send it) as a notch
    # (winit's pull request 4386 reads the press only); a real wheel's
    # smooth-scrolling events make one each.
    wheel_notches_per_click = 2

    def __init__(self, binary):
        self.binary = binary
        self.run = None

    # --- the servers ----------------------------------------------------

    def start(self, run):
        self.run = run
        for v in ("WAYLAND_DISPLAY", "WAYLAND_SOCKET"):
            run.env.pop(v, None)  # winit would pick Wayland over X11
        run.env["DISPLAY"] = ":%d" % self.start_xvfb()
        self.start_wm()

    def start_xvfb(self):
        """Xvfb on the first free display (it picks and locks it): its number."""
        return self.xvfb("xvfb.log")[1]

    def xvfb(self, log_name):
        """An Xvfb on the first free display (it picks and locks it), its
        log in OUT/`log_name`: (its process, its number)."""
        run = self.run
        r, w = os.pipe()
        with open(run.path(log_name), "wb") as log:
            p = subprocess.Popen(
                ["Xvfb", "-displayfd", str(w), "-screen", "0", "%dx%dx24" % SCREEN,
                 "-dpi", "96", "-nolisten", "tcp", "-noreset"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log,
                pass_fds=(w,), start_new_session=True)
        run.children.append(p)
        os.close(w)
        data = b""
        deadline = time.monotonic() + 20.0
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([r], [], [], left)[0]:
                raise Failure("Xvfb gave no display number within 20 s (%s%s)"
                              % (run.rel, log_name))
            chunk = os.read(r, 64)
            if not chunk:
                raise Failure("Xvfb exited (%s): see %s%s" % (p.poll(), run.rel, log_name))
            data += chunk
        os.close(r)
        return p, int(data.strip())

    def own_display(self):
        """An X server of its own (a second Xvfb, no window manager), for a
        check that kills it: (its process, its DISPLAY)."""
        p, n = self.xvfb("xvfb-own.log")
        return p, ":%d" % n

    def start_wm(self):
        p = self.run.start(["openbox", "--sm-disable"], log=self.run.path("openbox.log"))

        def ready():
            if p.poll() is not None:
                raise Failure("openbox exited %d (%sopenbox.log)" % (p.returncode, self.run.rel))
            return self.run.run(["wmctrl", "-m"], timeout=5)

        poll("the window manager", 20.0, 0.1, ready)

    # --- the app --------------------------------------------------------

    def binaries(self):
        """Binaries beyond the Linux one this environment needs."""
        return []

    def command(self, args):
        return [self.binary] + args

    def render_command(self):
        return [self.binary]

    def render_env(self):
        """What the platform's own `render` needs beside no display."""
        return {}

    def xdotool(self, *args, timeout=20.0, display=None):
        """xdotool on the session's X server, or on `display`."""
        return self.run.run(["xdotool"] + [str(a) for a in args], timeout=timeout,
                            extra_env={"DISPLAY": display} if display else None)

    def find_window(self, app, display=None):
        """This process's visible window titled TITLE (or TITLE - ..., what
        differs from the default) (_NET_WM_PID) on the session's X server
        (or on `display`), or None."""
        try:
            out = self.xdotool("search", "--all", "--onlyvisible", "--pid", app.proc.pid,
                               "--name", TITLE_PATTERN, timeout=5, display=display)
        except Failure:
            return None  # xdotool exits 1 while nothing matches
        ids = out.split()
        return int(ids[0]) if ids else None

    def identity(self, app):
        """The window's WM_CLASS, which must be cloth-demo (class and
        instance); Failure otherwise."""
        for flag in ("--class", "--classname"):
            try:
                ids = self.xdotool("search", "--all", flag, "^cloth-demo$", timeout=5).split()
            except Failure:
                ids = []
            if str(app.handle).encode() not in ids:
                raise Failure("the window's WM_CLASS %s is not cloth-demo" % flag[2:])
        return "WM_CLASS cloth-demo, cloth-demo"

    def geometry(self, app):
        """The window's (x, y, width, height) on the screen."""
        out = self.xdotool("getwindowgeometry", "--shell", app.handle)
        g = dict(line.split("=", 1) for line in out.decode().split())
        return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])

    def screen_size(self):
        return tuple(int(v) for v in self.xdotool("getdisplaygeometry").split())

    def focus(self, app):
        self.xdotool("windowactivate", "--sync", app.handle, timeout=10)
        self.xdotool("windowfocus", "--sync", app.handle, timeout=10)

    def screenshot(self, app):
        """The window's pixels, taken by the X server (xwd), as an Image."""
        xwd = self.run.run(["xwd", "-silent", "-id", str(app.handle)])
        ppm = self.run.run(["xwdtopnm"], input=xwd)
        return Image.from_ppm(ppm)

    def press_escape(self, app):
        self.xdotool("key", "Escape")

    def hold_escape(self, app, seconds):
        """Hold Escape down `seconds` (the X server repeats it, as a
        keyboard held down does), then let it go."""
        self.xdotool("keydown", "Escape", "sleep", str(seconds), "keyup", "Escape")

    def press(self, app, keys):
        """Press and release each of `keys` (X keysym names: space, period,
        bracketright, r) in turn."""
        self.xdotool("key", "--delay", "40", *keys, timeout=30)

    def title(self, app):
        """The window's title, as the window manager sees it."""
        return self.xdotool("getwindowname", app.handle).decode(errors="replace").strip()

    def origin(self, app):
        """The window's top-left pixel in screen coordinates, as xdotool's
        own `mousemove --window` places the pointer (the pointer is left
        there)."""
        out = self.xdotool("mousemove", "--window", app.handle, 0, 0, "sleep", "0.05",
                           "getmouselocation", "--shell")
        g = dict(line.split("=", 1) for line in out.decode().split())
        return int(g["X"]), int(g["Y"])

    def gesture(self, app, steps):
        """Run pointer `steps` (common.py's: ("move", (x, y)) relative to
        the window, points outside it included; ("down",), ("up",) for the
        left button, ("down", "right"), ("up", "right") for the right;
        ("keydown", key), ("keyup", key) for a modifier (X keysym names:
        ctrl); ("key", name) to type a key (space); ("sleep", s); ("call",
        f) to run f() between two steps, the buttons and keys staying as
        they are) as absolute screen positions:
        xdotool refuses a negative coordinate, and then drops the rest of
        its chain, so a point left of or above the window needs room on
        the screen there (make_room)."""
        ox, oy = self.origin(app)
        sw, sh = self.screen_size()
        cmd = []

        def flush():
            if cmd:
                self.xdotool(*cmd, timeout=30)
                del cmd[:]

        for step in steps:
            if step[0] == "move":
                x, y = ox + step[1][0], oy + step[1][1]
                if not (0 <= x < sw and 0 <= y < sh):
                    raise Failure("the point %d,%d of the window is off the %dx%d screen at "
                                  "%d,%d" % (step[1] + (sw, sh, x, y)))
                cmd += ["mousemove", x, y]
            elif step[0] in ("down", "up"):
                cmd += ["mouse" + step[0], BUTTONS[step[1] if len(step) > 1 else "left"]]
            elif step[0] in ("keydown", "keyup"):
                cmd += [step[0], step[1]]
            elif step[0] == "key":
                cmd += ["key", step[1]]
            elif step[0] == "sleep":
                cmd += ["sleep", step[1]]
            elif step[0] == "call":
                flush()
                step[1]()
            else:
                raise ValueError("unknown step %r" % (step,))
        flush()

    def wheel(self, app, at, notches):
        """Put the pointer at `at` (window pixels) and turn the wheel
        `notches` notches, up (away from the user) when positive: X
        buttons 4 and 5, which winit reads as a line each."""
        ox, oy = self.origin(app)
        button = 4 if notches > 0 else 5
        self.xdotool("mousemove", ox + at[0], oy + at[1], "sleep", "0.1", "click", "--repeat",
                     abs(notches), "--delay", "100", button, timeout=30)

    def make_room(self, app, at):
        """Move the window to `at` on the screen (its frame's top-left), so
        a drag can leave it by the left and top edges too. Wine puts a
        window it has just mapped back where it made it, after the move:
        the move is made again until the window is found there twice, half
        a second apart."""
        seen = []

        def placed():
            x, y = self.geometry(app)[:2]
            if x >= at[0] and y >= at[1]:
                seen.append((x, y))
                return (x, y) if len(seen) >= 2 else None
            seen.clear()
            self.xdotool("windowmove", "--sync", app.handle, at[0], at[1], timeout=10)
            return None

        poll("the window moved to %d,%d" % at, 10.0, 0.5, placed)

    # --- another window, to take the focus --------------------------------

    def start_other(self, session):
        """A second X client's window (xlogo, 200x150 at the screen's
        top-left), to give the focus to; its handle."""
        p = self.run.start(["xlogo", "-title", OTHER_TITLE, "-geometry", "200x150+0+0"],
                           log=self.run.path("other-window.log"))

        def shown():
            if p.poll() is not None:
                raise Failure("xlogo exited %d" % p.returncode)
            try:
                ids = self.xdotool("search", "--onlyvisible", "--name", "^%s$" % OTHER_TITLE,
                                   timeout=5).split()
            except Failure:
                return None
            return int(ids[0]) if ids else None

        handle = poll("the other window (xlogo)", 10.0, 0.1, shown)
        return p, handle

    def activate_other(self, other):
        """Give the other window the focus, as a click on it or Alt-Tab
        would (the window manager's _NET_ACTIVE_WINDOW)."""
        self.xdotool("windowactivate", "--sync", other[1], timeout=10)

    def end_other(self, other):
        stop(other[0])

    def close(self, app):
        # wmctrl asks the window manager (_NET_CLOSE_WINDOW); openbox sends
        # the app WM_DELETE_WINDOW, as for its close button.
        self.run.run(["wmctrl", "-i", "-c", "0x%x" % app.handle])

    def minimise(self, app):
        self.xdotool("windowminimize", "--sync", app.handle, timeout=10)

    def restore(self, app):
        # openbox de-iconifies a window it is asked to activate.
        self.xdotool("windowactivate", "--sync", app.handle, timeout=10)
        self.focus(app)

    def resize(self, app, width, height):
        self.xdotool("windowsize", app.handle, width, height, timeout=10)

    def start_scaled(self, session, name, scale):
        return session.start_app(name, extra_env={"WINIT_X11_SCALE_FACTOR": str(scale)})

    def end_scaled(self, session):
        pass

    def pointer_units_per_logical_pixel(self, scale):
        # xdotool moves in the X server's (physical) pixels.
        return int(scale)

    def logical_geometry(self, app, scale):
        """X11 knows physical pixels only: divided by the app's scale."""
        x, y, w, h = self.geometry(app)
        return x / scale, y / scale, w / scale, h / scale
