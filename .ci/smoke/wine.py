"""The Windows binary under Wine: the X11 environment (Xvfb, openbox,
xdotool, xwd by window id: `xwd -root` comes out black under Wine), with
the app started as `wine cloth-demo.exe` and found by its title. Wine's
WGL goes to the X server's GLX, on Mesa's llvmpipe.

$WINEPREFIX (made, with its bcryptprimitives.dll, by .ci/wine-smoke) and
WINEDEBUG=-all come from the environment."""

from common import TITLE_PATTERN, App, Failure, poll
from x11 import TOOLS as X11_TOOLS
from x11 import X11

TOOLS = ["wine"] + X11_TOOLS


class Wine(X11):
    name = "wine"
    # No absolute CPU checks (under Wine 8.0 any winit program's idle loop
    # spins: wine-idle measures against the plainest one instead), no
    # minimise/resize/fullscreen/scale (the window manager's and Wine's
    # business, not this program's); `render` checks WGL's headless path.
    checks = ["size", "colours", "drag", "outside", "focus-loss", "escape", "close", "quiet",
              "clean-exit", "wine-idle", "render", "grab", "ctrl-grab", "lift", "knife", "zoom", "panel", "layout", "help", "f11", "springs-key"]
    # Wine makes one WM_MOUSEWHEEL of X's button 4 (its press).
    wheel_notches_per_click = 1

    def __init__(self, exe, plain):
        super().__init__(exe)
        self.exe = exe
        self.plain = plain

    def binaries(self):
        return [self.exe, self.plain]

    def start_plain(self):
        """The plainest winit program (.ci/wine/idle), as an App."""
        return App(self.run, "winit-idle", ["wine", self.plain])

    def wait_plain(self, plain):
        """Wait for its window (titled `winit idle`); its handle."""
        def find():
            plain.alive()
            try:
                ids = self.xdotool("search", "--all", "--onlyvisible", "--name",
                                   "^winit idle$", timeout=5).split()
            except Failure:
                return None
            return int(ids[-1]) if ids else None

        plain.handle = poll("the plain winit program's window", 30.0, 0.1, find)
        return plain.handle

    def command(self, args):
        return ["wine", self.exe] + args

    def render_command(self):
        return ["wine", self.exe]

    def render_env(self):
        # Wine reaches WGL (and any window, hidden or not) through the X
        # server: `render` needs DISPLAY under Wine, as it needs nothing on
        # Windows.
        return {"DISPLAY": self.run.env["DISPLAY"]}

    def identity(self, app):
        # Wine names its windows' WM_CLASS after the .exe, not the app.
        return "WM_CLASS is Wine's"

    def find_window(self, app):
        """The visible window titled TITLE or TITLE - ... (Wine's windows carry no
        _NET_WM_PID of the app's); only one app runs at a time."""
        try:
            out = self.xdotool("search", "--all", "--onlyvisible", "--name",
                               TITLE_PATTERN, timeout=5)
        except Failure:
            return None
        ids = out.split()
        return int(ids[-1]) if ids else None
