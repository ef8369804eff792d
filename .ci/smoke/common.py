"""What every environment's smoke run shares: processes, the app and its log,
pictures (PPM/PNG, the scene's colours, the floor masks), notes."""

import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TITLE = "OpenGL Test Program"
# The title, or the title and what differs from the default (the keys'
# and flags' state: "OpenGL Test Program - paused, step 12, 1 pass").
TITLE_PATTERN = "^%s( - .+)?$" % TITLE
INNER = (792, 573)

# Scene colours as they come out of the window (8 bits a channel). The
# greys 0.9 and 0.1 fall halfway between two byte values (229.5, 25.5) and
# land on either side.
COLOURS = {
    "yellow": {(255, 255, 0)},
    "blue": {(0, 0, 255)},
    "red": {(255, 0, 0)},
    "white": {(255, 255, 255)},
    "light grey": {(229, 229, 229), (230, 230, 230)},
    "dark grey": {(25, 25, 25), (26, 26, 26)},
}
BLACK = (0, 0, 0)
FLOOR = COLOURS["light grey"] | COLOURS["dark grey"]
# Each object covers thousands of pixels in a 792x573 view; 500 is far below
# what any frame shows yet far above noise.
MIN_PIXELS = 500
# Flat colours, no blending: at most this fraction may be anything else.
MAX_OTHER = 0.01


class Failure(Exception):
    """A check failed; the message says why."""


class Run:
    """One smoke run: its output folder, the processes it started (all
    killed at the end), and the environment its children get."""

    def __init__(self, name):
        self.name = name
        self.out = os.path.join(ROOT, "target", name)
        self.rel = "target/%s/" % name
        self.children = []
        self.cleanups = []  # callables, run after the children are stopped
        self.env = dict(os.environ)

    def child_env(self, extra_env):
        """Our environment with `extra_env` over it (None removes)."""
        e = dict(self.env)
        for k, v in (extra_env or {}).items():
            if v is None:
                e.pop(k, None)
            else:
                e[k] = v
        return e

    def start(self, args, log=None, extra_env=None, **popen):
        """Start `args` in its own process group, output to `log` (a path)."""
        out = open(log, "wb") if log else subprocess.DEVNULL
        p = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT if log else subprocess.DEVNULL,
            env=self.child_env(extra_env),
            start_new_session=True,
            **popen,
        )
        if log:
            out.close()
        self.children.append(p)
        return p

    def run(self, args, timeout=20.0, extra_env=None, input=None):
        """Run a tool to completion; its stdout, or Failure."""
        try:
            r = subprocess.run(args, env=self.child_env(extra_env), input=input,
                               stdin=None if input is not None else subprocess.DEVNULL,
                               capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failure("%s took over %.0f s" % (" ".join(args), timeout))
        except OSError as e:
            raise Failure("%s: %s" % (args[0], e))
        if r.returncode != 0:
            err = r.stderr.decode(errors="replace").strip().splitlines()
            raise Failure("%s exited %d%s"
                          % (" ".join(args), r.returncode, (": " + err[-1]) if err else ""))
        return r.stdout

    def cleanup(self):
        for p in reversed(self.children):
            stop(p)
        for f in self.cleanups:
            f()

    def note(self, line):
        """A measurement, for OUT/report.txt."""
        with open(os.path.join(self.out, "report.txt"), "a") as f:
            f.write(line + "\n")

    def path(self, name):
        return os.path.join(self.out, name)


def stop(p):
    """End a process started here (its own group): TERM, then KILL."""
    if p.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 3.0)):
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            return
        try:
            p.wait(wait)
            return
        except subprocess.TimeoutExpired:
            pass


def poll(what, timeout, interval, attempt):
    """Call attempt() until it returns something other than None, at most
    `timeout` seconds; the last value, or Failure naming `what` and the last
    reason attempt() gave (by raising Failure)."""
    deadline = time.monotonic() + timeout
    reason = None
    while True:
        try:
            got = attempt()
            if got is not None:
                return got
        except Failure as e:
            reason = str(e)
        if time.monotonic() >= deadline:
            raise Failure("%s: not within %.0f s%s" % (what, timeout,
                                                      (": " + reason) if reason else ""))
        time.sleep(interval)


# --- pointer steps ----------------------------------------------------------
#
# What the environments' gesture() runs: ("move", (x, y)) relative to the
# window's top-left (points outside it included), ("down",) and ("up",) for
# the left button, ("down", "right") and ("up", "right") for the right,
# ("keydown", "ctrl") and ("keyup", "ctrl") for Control held, ("key",
# "space") to type a key, ("sleep", s), and ("call", f) to run f() between
# two steps with the buttons and keys left as they are.


def legs(start, points, pause=0.03):
    """Pointer steps from `start` through `points`, each leg in four moves
    `pause` seconds apart."""
    steps = []
    prev = start
    for p in points:
        for k in range(1, 5):
            steps += [("move", (prev[0] + (p[0] - prev[0]) * k // 4,
                                prev[1] + (p[1] - prev[1]) * k // 4)), ("sleep", pause)]
        prev = p
    return steps


def drag_steps(start, path, release):
    """The pointer steps of a drag (see Session.drag): onto the start from
    nearby (so the app records the start even if the pointer were already
    there), press, the legs, release."""
    return ([("move", (start[0] - 10, start[1] - 10)), ("sleep", 0.1),
             ("move", start), ("sleep", 0.1), ("down",), ("sleep", 0.1)]
            + legs(start, list(path) + [release]) + [("sleep", 0.1), ("up",)])


# --- the app ----------------------------------------------------------------

ANGLES = re.compile(r"view turned to r1 = (\S+), r2 = (\S+)")


class App:
    """cloth-demo started as a user would (`command` is the environment's way
    to run it), its log in OUT/NAME.log. RUST_LOG shows the app's debug lines
    (why it quit, the angles after a drag) and every other crate's warnings
    and errors, which must not be there."""

    def __init__(self, run, name, command, extra_env=None, cwd=None):
        self.run = run
        self.name = name
        self.log = run.path(name + ".log")
        e = {"RUST_LOG": "warn,cloth_demo=debug"}
        e.update(extra_env or {})  # a None removes it
        self.proc = run.start(command, log=self.log, extra_env=e, cwd=cwd)
        self.handle = None  # the environment's window handle, once found
        self.no_window = None  # why the window never came, once waited for

    def log_text(self):
        try:
            with open(self.log, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def last_log_line(self):
        lines = self.log_text().strip().splitlines()
        return lines[-1] if lines else "(no output)"

    def alive(self):
        if self.proc.poll() is not None:
            raise Failure("cloth-demo exited %d: %s" % (self.proc.returncode,
                                                        self.last_log_line()))

    def angles(self):
        """Every `view turned to r1 = .., r2 = ..` in the log, in order."""
        return [tuple(float(v) for v in m) for m in ANGLES.findall(self.log_text())]

    def wait_angles(self, count, want, what):
        """Wait (2 s) for the `count`-th angles line; require it to be `want`."""
        def nth():
            a = self.angles()
            return a[count - 1] if len(a) >= count else None

        got = poll("the angles after %s in the app's log" % what, 2.0, 0.05, nth)
        if got != tuple(want):
            raise Failure("%s: the view turned to r1 = %g, r2 = %g; want %g, %g"
                          % ((what,) + got + tuple(want)))
        return got

    def wait_exit(self, what, timeout):
        """Require exit code 0 within `timeout` seconds of now."""
        t0 = time.monotonic()
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            stop(self.proc)
            raise Failure("still running %.0f s after %s" % (timeout, what))
        took = time.monotonic() - t0
        self.run.note("%s: exit code %d %.2f s after %s" % (self.name, code, took, what))
        if code != 0:
            raise Failure("exited %d after %s: %s" % (code, what, self.last_log_line()))
        return took

    def quit(self):
        stop(self.proc)


CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid, tid=None):
    """User + system CPU time of process `pid` (all its threads), or of its
    thread `tid` alone, seconds."""
    path = "/proc/%d/stat" % pid if tid is None else "/proc/%d/task/%d/stat" % (pid, tid)
    try:
        with open(path) as f:
            stat = f.read()
    except OSError as e:
        raise Failure("cannot read %s: %s" % (path, e))
    # The command name (field 2) is in parentheses and may hold spaces.
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def cpu_share(app, seconds):
    """The share of one core `app` used over the next `seconds`."""
    return cpu_shares([app], seconds)[0][0]


def cpu_shares(apps, seconds):
    """The shares of one core each of `apps` used over the same next
    `seconds`, in order: (all its threads', its first thread's) each. The
    first thread (the process id) is the one that runs main(): the event
    loop's, under Wine too."""
    for app in apps:
        app.alive()

    def sample():
        return [(cpu_seconds(app.proc.pid), cpu_seconds(app.proc.pid, app.proc.pid))
                for app in apps], time.monotonic()

    c0, t0 = sample()
    time.sleep(seconds)
    c1, t1 = sample()
    for app in apps:
        app.alive()
    return [((b[0] - a[0]) / (t1 - t0), (b[1] - a[1]) / (t1 - t0)) for a, b in zip(c0, c1)]


# --- pictures ---------------------------------------------------------------


class Image:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb

    @staticmethod
    def from_ppm(data):
        """A binary PPM (P6, maxval 255)."""
        fields, pos = [], 0
        while len(fields) < 4:
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b"#":
                pos = data.index(b"\n", pos) + 1
                continue
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            fields.append(data[pos:end])
            pos = end
        if fields[0] != b"P6" or fields[3] != b"255":
            raise Failure("not an 8-bit binary PPM: %r" % fields)
        w, h = int(fields[1]), int(fields[2])
        rgb = data[pos + 1:pos + 1 + 3 * w * h]
        if len(rgb) != 3 * w * h:
            raise Failure("a short PPM: %d of %d bytes" % (len(rgb), 3 * w * h))
        return Image(w, h, rgb)

    @staticmethod
    def from_png(path):
        r = subprocess.run(["pngtopnm", path], capture_output=True, timeout=20)
        if r.returncode != 0:
            raise Failure("pngtopnm %s: %s" % (path, r.stderr.decode(errors="replace").strip()))
        return Image.from_ppm(r.stdout)

    def crop(self, x, y, w, h):
        """The `w x h` rectangle at `x, y` (clipped to the image)."""
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        rows = [self.rgb[(r * self.width + x0) * 3:(r * self.width + x1) * 3]
                for r in range(y0, y1)]
        return Image(max(0, x1 - x0), max(0, y1 - y0), b"".join(rows))

    def pixels(self):
        c = self.rgb
        return zip(c[0::3], c[1::3], c[2::3])

    def census(self):
        """Pixels of each scene colour, of black, and of anything else."""
        counts = Counter(self.pixels())
        out = {name: sum(counts[c] for c in cs) for name, cs in COLOURS.items()}
        out["black"] = counts[BLACK]
        out["other"] = self.width * self.height - sum(out.values())
        return out

    def save_png(self, run, name):
        ppm = b"P6\n%d %d\n255\n" % (self.width, self.height) + bytes(self.rgb)
        r = subprocess.run(["pnmtopng"], input=ppm, capture_output=True, timeout=20)
        if r.returncode == 0:
            with open(run.path(name), "wb") as f:
                f.write(r.stdout)
        return run.rel + name


def fmt(counts):
    return ", ".join("%s %d" % kv for kv in counts.items())


# The colours of what does not move out of sight: the spheres bob in place
# and the floor stays, but the cloth ends up on the floor, where from the
# turned view it lies mostly behind the spheres.
STATIC = ["red", "white", "light grey", "dark grey"]


def check_scene(run, image, what, colours=None):
    """The image shows every scene colour (or those in `colours`), and
    little else but black."""
    counts = image.census()
    few = [n for n in (colours or COLOURS) if counts[n] < MIN_PIXELS]
    if few:
        raise Failure("%s: too few pixels of %s (want >= %d each): %s"
                      % (what, ", ".join(few), MIN_PIXELS, fmt(counts)))
    if counts["other"] > MAX_OTHER * image.width * image.height:
        raise Failure("%s: %d pixels are not scene colours: %s"
                      % (what, counts["other"], fmt(counts)))
    run.note("%s: %s" % (what, fmt(counts)))
    return counts


def floor_iou(a, b):
    """How well the floor's pixels agree in images a and b: intersection over
    union of their grey pixels, counting only pixels that are floor or
    background in both (the spheres and cloth move, and may hide different
    parts of the floor in each). Returns the IoU and the union's size."""
    both = either = 0
    for pa, pb in zip(a.pixels(), b.pixels()):
        fa, fb = pa in FLOOR, pb in FLOOR
        if not (fa or pa == BLACK) or not (fb or pb == BLACK):
            continue
        if fa and fb:
            both += 1
        if fa or fb:
            either += 1
    return (both / either if either else 0.0), either


def floor_diagram(live, expected):
    """Green: floor in both; red: only in the window; blue: only expected;
    grey: hidden by the cloth or spheres in either."""
    out = bytearray()
    for pa, pb in zip(live.pixels(), expected.pixels()):
        fa, fb = pa in FLOOR, pb in FLOOR
        if not (fa or pa == BLACK) or not (fb or pb == BLACK):
            out += b"\x40\x40\x40"
        elif fa and fb:
            out += b"\x00\xc0\x00"
        elif fa:
            out += b"\xff\x00\x00"
        elif fb:
            out += b"\x00\x60\xff"
        else:
            out += b"\x00\x00\x00"
    return Image(live.width, live.height, bytes(out))


def colour_class(p):
    """The scene colour a pixel is (by name), black, or "other"."""
    if p == BLACK:
        return "black"
    for name, cs in COLOURS.items():
        if p in cs:
            return name
    return "other"


def agreement(a, b):
    """The fraction of pixels of the same scene colour in two images of one
    size (the browser's and window's pictures against `render`'s: the same
    triangles, a few edges rasterised a pixel apart)."""
    if (a.width, a.height) != (b.width, b.height):
        raise Failure("sizes differ: %dx%d and %dx%d" % (a.width, a.height, b.width, b.height))
    same = sum(1 for p, q in zip(a.pixels(), b.pixels())
               if p == q or colour_class(p) == colour_class(q))
    return same / (a.width * a.height)


def differing(a, b):
    """Pixels that differ between two images of one size."""
    if (a.width, a.height) != (b.width, b.height):
        raise Failure("sizes differ: %dx%d and %dx%d" % (a.width, a.height, b.width, b.height))
    return sum(1 for p, q in zip(a.pixels(), b.pixels()) if p != q)


def missing_tools(tools):
    import shutil
    return [t for t in tools if shutil.which(t) is None]


def say(prefix, line):
    print("%s: %s" % (prefix, line), file=sys.stderr, flush=True)
