"""The Wayland environment: a headless sway (wlroots' headless backend, its
pixman renderer: no GPU, no display), the Linux binary as a Wayland client
(winit picks Wayland when WAYLAND_DISPLAY is set; glutin's EGL on Mesa's
llvmpipe).

sway refuses to run as root, so it runs as `nobody` (setpriv), in an
XDG_RUNTIME_DIR of its own owned by nobody; the app and the tools run as
the caller (root reaches nobody's sockets). A config floats the window by
its app_id, `cloth-demo` (so the app_id is checked by the window appearing
where the rule puts it), at 0,0 with no border. Screenshots: grim, of the
window's rectangle (the pointer's arrow included: it is drawn into the
output's pixels). Escape: `wtype -s 500 -k Escape` (without the pause the
virtual keyboard is gone before the key arrives). Close: `swaymsg [pid=N]
kill`, which sends the window xdg_toplevel.close as a title bar's close
button would. Pointer: wlpointer.py (zwlr_virtual_pointer_v1). Scale 2:
`swaymsg output ... scale 2` before the app starts.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from common import TITLE_PATTERN, Failure, Image, poll, stop

TOOLS = ["sway", "swaymsg", "grim", "wtype", "setpriv"]
NOBODY = 65534
OUTPUT = "HEADLESS-1"
# Physical: at scale 2 the layout is 960x600 logical, room for the window.
MODE = (1920, 1200)

CONFIG = """\
output %(output)s mode %(w)dx%(h)d position 0 0 scale 1
default_border none
default_floating_border none
focus_follows_mouse no
for_window [app_id="cloth-demo"] floating enable, border none, move position 0 0
""" % {"output": OUTPUT, "w": MODE[0], "h": MODE[1]}


class Sway:
    name = "wayland"
    checks = ["size", "colours", "idle-cpu", "drag", "outside", "focus-loss", "escape", "close",
              "quiet", "clean-exit", "fullscreen", "hidpi", "keys", "scenes", "compare", "grab", "ctrl-grab", "lift", "knife",
              "zoom", "panel", "layout", "help", "f11", "springs-key"]

    # The virtual pointer's discrete wheel steps: a notch each.
    wheel_notches_per_click = 1

    def __init__(self, binary):
        self.binary = binary
        self.run = None
        self.scale = 1

    def binaries(self):
        return []

    # --- the compositor -------------------------------------------------

    def start(self, run):
        self.run = run
        runtime = tempfile.mkdtemp(prefix="cloth-demo-sway-")
        run.cleanups.append(lambda: shutil.rmtree(runtime, ignore_errors=True))
        os.chown(runtime, NOBODY, NOBODY)
        os.chmod(runtime, 0o700)
        config = os.path.join(runtime, "config")
        with open(config, "w") as f:
            f.write(CONFIG)
        os.chown(config, NOBODY, NOBODY)
        for v in ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "SWAYSOCK"):
            run.env.pop(v, None)
        run.env["XDG_RUNTIME_DIR"] = runtime
        sway_env = {
            "HOME": runtime,
            "WLR_BACKENDS": "headless",
            "WLR_RENDERER": "pixman",
            "WLR_HEADLESS_OUTPUTS": "1",
            "WLR_LIBINPUT_NO_DEVICES": "1",
        }
        self.sway = run.start(
            ["setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
             "sway", "--config", config],
            log=run.path("sway.log"), extra_env=sway_env)

        def ready():
            if self.sway.poll() is not None:
                raise Failure("sway exited %d (%ssway.log)" % (self.sway.returncode, run.rel))
            names = os.listdir(runtime)
            sockets = [n for n in names if n.startswith("wayland-") and not n.endswith(".lock")]
            ipc = [n for n in names if n.startswith("sway-ipc.")]
            if not sockets or not ipc:
                return None
            run.env["WAYLAND_DISPLAY"] = sockets[0]
            run.env["SWAYSOCK"] = os.path.join(runtime, ipc[0])
            return self.outputs()

        outputs = poll("sway's sockets and output", 20.0, 0.1, ready)
        self.run.note("sway: outputs %s" % ", ".join(
            "%s %dx%d scale %g" % (o["name"], o["rect"]["width"], o["rect"]["height"],
                                   o["scale"]) for o in outputs))

    def swaymsg(self, *args):
        return self.run.run(["swaymsg"] + list(args), timeout=10)

    def outputs(self):
        return json.loads(self.swaymsg("-t", "get_outputs"))

    def layout(self):
        """The output layout's size, logical pixels (one output at 0,0)."""
        r = self.outputs()[0]["rect"]
        return r["width"], r["height"]

    # --- the app --------------------------------------------------------

    def command(self, args):
        return [self.binary] + args

    def render_command(self):
        return [self.binary]

    def render_env(self):
        return {}

    def node(self, app):
        """The tree's node for the app's window, or None."""
        tree = json.loads(self.swaymsg("-t", "get_tree"))
        stack = [tree]
        while stack:
            n = stack.pop()
            name = n.get("name") or ""
            if n.get("pid") == app.proc.pid and re.match(TITLE_PATTERN, name):
                return n
            stack += n.get("nodes", []) + n.get("floating_nodes", [])
        return None

    def find_window(self, app):
        n = self.node(app)
        if n is None or not n.get("visible"):
            return None
        if n.get("app_id") != "cloth-demo":
            raise Failure("the window's app_id is %r, want 'cloth-demo'" % n.get("app_id"))
        return n["id"]

    def identity(self, app):
        # find_window refused any other app_id; the config's rule floated
        # the window by it.
        n = self.node(app)
        return "app_id %s, floating by the app_id rule: %s" % (
            n.get("app_id"), n.get("type") == "floating_con")

    def geometry(self, app):
        """The window's content (x, y, width, height), logical pixels."""
        n = self.node(app)
        if n is None:
            raise Failure("the window is gone from sway's tree")
        r, w = n["rect"], n["window_rect"]
        return r["x"] + w["x"], r["y"] + w["y"], w["width"], w["height"]

    def logical_geometry(self, app, scale):
        return self.geometry(app)

    def screen_size(self):
        return self.layout()

    def screenshot(self, app):
        x, y, w, h = self.geometry(app)
        ppm = self.run.run(["grim", "-g", "%d,%d %dx%d" % (x, y, w, h), "-t", "ppm", "-"])
        return Image.from_ppm(ppm)

    def focus(self, app):
        self.swaymsg("[pid=%d] focus" % app.proc.pid)

    def press_escape(self, app):
        self.run.run(["wtype", "-s", "500", "-k", "Escape"])

    def hold_escape(self, app, seconds):
        """Hold Escape down `seconds` (the window repeats it at the seat's
        rate, as a keyboard held down), then let it go."""
        self.run.run(["wtype", "-s", "500", "-P", "Escape", "-s", str(int(seconds * 1000)),
                      "-p", "Escape"], timeout=30)

    def press(self, app, keys):
        """Press and release each of `keys` (xkb keysym names: space,
        period, bracketright, r) in turn, with wtype's pauses (as for
        Escape: a key sent at once is lost)."""
        args = ["wtype", "-s", "500"]
        for k in keys:
            args += ["-k", k, "-s", "40"]
        self.run.run(args + ["-s", "500"], timeout=30)

    def title(self, app):
        n = self.node(app)
        if n is None:
            raise Failure("the window is gone from sway's tree")
        return n.get("name") or ""

    def gesture(self, app, steps):
        """Run pointer `steps` (see common.py) through a virtual pointer in
        layout coordinates (wlpointer.py): a ("call", f) is a `wait` there,
        at which f() runs while the buttons stay as they are. Keys
        (("key", name), ("keydown", "ctrl"), ("keyup", "ctrl")) go through
        the same client's virtual keyboard: one made or let go in the
        middle of a drag would tell the window it lost the focus (the
        seat's keyboard changes), which ends the drag."""
        x0, y0, _, _ = self.geometry(app)
        w, h = self.layout()
        args, calls = [], []
        mods = []
        for step in steps:
            if step[0] == "move":
                x, y = x0 + step[1][0], y0 + step[1][1]
                if not (0 <= x <= w and 0 <= y <= h):
                    raise Failure("the point %d,%d of the window is off the %dx%d layout at "
                                  "%d,%d" % (step[1] + (w, h, x, y)))
                args.append("%d,%d" % (x, y))
            elif step[0] in ("down", "up"):
                args.append(("r" if step[1:] == ("right",) else "") + step[0])
            elif step[0] == "sleep":
                args.append("sleep:%g" % step[1])
            elif step[0] == "call":
                args.append("wait")
                calls.append(step[1])
            elif step[0] == "key":
                args.append("key:%s" % step[1])
            elif step[0] in ("keydown", "keyup"):
                mods = mods + [step[1]] if step[0] == "keydown" else [m for m in mods
                                                                       if m != step[1]]
                args.append("mods:%s" % "+".join(mods))
            else:
                raise ValueError("unknown step %r" % (step,))
        self.pointer(w, h, args, calls)

    def wheel(self, app, at, notches):
        """Put the pointer at `at` (window pixels) and turn the wheel
        `notches` notches (up, away from the user, when positive) through
        the virtual pointer: discrete wheel steps, which winit reads as a
        line each."""
        x0, y0, _, _ = self.geometry(app)
        w, h = self.layout()
        self.pointer(w, h, ["%d,%d" % (x0 + at[0], y0 + at[1]), "sleep:0.1",
                            "wheel:%d" % notches], [])

    def pointer(self, w, h, args, calls):
        """wlpointer.py with `args` on a `w x h` layout, calling each of
        `calls` at its `wait`s in turn."""
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wlpointer.py")
        cmd = [sys.executable, script, str(w), str(h)] + args
        if not calls:
            self.run.run(cmd, timeout=30)
            return
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=self.run.child_env(None))
        try:
            for call in calls:
                line = p.stdout.readline()
                if line.strip() != b"waiting":
                    raise Failure("wlpointer.py stopped before a wait: %s"
                                  % p.stderr.read().decode(errors="replace").strip()[-300:])
                call()
                p.stdin.write(b"\n")
                p.stdin.flush()
            p.stdin.close()
            if p.wait(30) != 0:
                raise Failure("wlpointer.py exited %d: %s" % (
                    p.returncode, p.stderr.read().decode(errors="replace").strip()[-300:]))
        finally:
            stop(p)

    def make_room(self, app, at):
        """Move the window to `at` in the layout, so a drag can leave it by
        the left and top edges too (the config's rule puts it at 0,0)."""
        self.swaymsg("[pid=%d] move position %d %d" % (app.proc.pid, at[0], at[1]))

        def moved():
            x, y, _, _ = self.geometry(app)
            return (x, y) if (x, y) == tuple(at) else None

        poll("the window at %d,%d" % tuple(at), 5.0, 0.1, moved)

    # --- another window, to take the focus --------------------------------

    def start_other(self, session):
        """A second Wayland client's window to give the focus to: another
        cloth-demo (nothing else here opens a window), made 300x200 at the
        layout's top-left. The headless seat has no keyboard of its own
        (WLR_LIBINPUT_NO_DEVICES), and with none no window ever has the
        keyboard focus, so none is told it gained or lost it: a virtual
        keyboard (wtype, asleep) is kept for as long as the other window
        lives."""
        keyboard = self.run.start(["wtype", "-s", "120000"], log=self.run.path("keyboard.log"))
        other = session.start_app("other-window", extra_env={"RUST_LOG": None})
        session.window(other)
        self.swaymsg("[pid=%d] resize set 300 200" % other.proc.pid)
        self.swaymsg("[pid=%d] move position 0 0" % other.proc.pid)
        return other, keyboard

    def activate_other(self, other):
        self.swaymsg("[pid=%d] focus" % other[0].proc.pid)

    def end_other(self, other):
        other[0].quit()
        stop(other[1])

    def close(self, app):
        self.swaymsg("[pid=%d] kill" % app.proc.pid)

    def set_scale(self, scale):
        self.swaymsg("output %s scale %g" % (OUTPUT, scale))
        poll("the output at scale %g" % scale, 5.0, 0.1,
             lambda: True if self.outputs()[0]["scale"] == scale else None)
        self.scale = scale

    def start_scaled(self, session, name, scale):
        self.set_scale(scale)
        w, h = self.layout()
        self.run.note("hidpi: output %s at scale %g: %dx%d logical" % (OUTPUT, scale, w, h))
        return session.start_app(name)

    def end_scaled(self, session):
        if self.scale != 1:
            self.set_scale(1)

    def pointer_units_per_logical_pixel(self, scale):
        # The virtual pointer moves in the layout's logical pixels.
        return 1

