"""Pointer input for a wlroots compositor (sway), through the
zwlr_virtual_pointer_v1 protocol, and keys typed and modifiers held
during it through a virtual keyboard of the same client
(zwp_virtual_keyboard_v1): a small Wayland client in the standard library
alone.

Nothing in Debian injects pointer events into sway reliably
(/usr/lib/wlroots/virtual-pointer crashed sway when tried); this client
creates one virtual pointer, waits half a second so the compositor has set
the new device up before the first event (events sent at once are lost),
sends the moves and button changes, waits for the compositor to have read
them (a wl_display.sync round trip), waits half a second more, and destroys
the device.

Usage, as a module: `drag(points, extent)`; from the command line:

    python3 wlpointer.py WIDTH HEIGHT  x,y  down  x,y ...  up

where WIDTH x HEIGHT is the output layout's size in logical pixels and each
x,y an absolute position in it; `down`/`up` press and release the left
button, `rdown`/`rup` the right; `wheel:N` turns the wheel N notches (up,
away from the user, when positive), one every 0.1 s; `key:NAME` types a
key (an xkb keysym name: space); `mods:ctrl` holds Control down from
there, `mods:` lets it go; `sleep:S` waits S seconds; `wait` (once the
compositor has read
every event before it) prints the line `waiting` and reads a line from
standard input before going on, so a caller can act in the middle of a
drag with the button held.
"""

import array
import os
import socket
import struct
import sys
import time

BTN_LEFT = 0x110
BTN_RIGHT = 0x111
AXIS_VERTICAL = 0
AXIS_SOURCE_WHEEL = 0
# What one notch of a wheel scrolls, in the protocol's units (libinput's
# figure for a mouse wheel): down (towards the user) is positive.
NOTCH = 15
# The keyboard's modifier masks, as xkb's "complete" compatibility map
# numbers the modifiers (Shift, Lock, Control, ...).
MODIFIERS = {"shift": 1, "ctrl": 4}
KEYMAP_FORMAT_XKB_V1 = 1
SETTLE = 0.5  # seconds the device lives before its first and after its last event


class WaylandError(Exception):
    pass


class Connection:
    """The wire protocol: 32-bit words, little-endian on every machine
    this runs on (the host's byte order, per the protocol)."""

    def __init__(self):
        name = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
        path = name if name.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], name)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2  # 1 is wl_display
        self.buffer = b""

    def new_id(self):
        k = self.next_id
        self.next_id += 1
        return k

    def send(self, obj, opcode, *args, fds=()):
        """Send a request; args are ints (u32/i32/object/new_id, as u32) or
        str (a string) already in the request's order; `fds`, its file
        descriptor arguments, go beside it (SCM_RIGHTS)."""
        body = b""
        for a in args:
            if isinstance(a, str):
                data = a.encode() + b"\0"
                body += struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)
            elif a < 0:
                body += struct.pack("<i", a)
            else:
                body += struct.pack("<I", a)
        data = struct.pack("<II", obj, (8 + len(body)) << 16 | opcode) + body
        if fds:
            self.sock.sendmsg([data], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                        array.array("i", fds))])
        else:
            self.sock.sendall(data)

    def events(self, timeout=5.0):
        """Read events until none are waiting: (object, opcode, payload)."""
        self.sock.settimeout(timeout)
        while True:
            while len(self.buffer) >= 8:
                obj, word = struct.unpack("<II", self.buffer[:8])
                size = word >> 16
                if len(self.buffer) < size:
                    break
                payload, self.buffer = self.buffer[8:size], self.buffer[size:]
                yield obj, word & 0xFFFF, payload
            chunk = self.sock.recv(65536)
            if not chunk:
                raise WaylandError("the compositor closed the connection")
            self.buffer += chunk

    def roundtrip(self, on_event=None):
        """wl_display.sync, handing every event before its `done` to
        on_event; wl_display.error raises."""
        callback = self.new_id()
        self.send(1, 0, callback)
        for obj, opcode, payload in self.events():
            if obj == callback:
                return
            if obj == 1 and opcode == 0:  # wl_display.error
                _, code = struct.unpack("<II", payload[:8])
                raise WaylandError("protocol error %d: %s" % (code, read_string(payload[8:])))
            if on_event:
                on_event(obj, opcode, payload)


def read_string(data):
    (length,) = struct.unpack("<I", data[:4])
    return data[4:4 + length - 1].decode(errors="replace")


def keymap(names):
    """An xkb keymap with one key for each keysym of `names`, keycodes 9
    on, in order (as wtype makes its own)."""
    codes = "".join("<K%d> = %d;\n" % (k, k + 9) for k in range(len(names)))
    symbols = "".join("key <K%d> {[ %s ]};\n" % (k, n) for k, n in enumerate(names))
    return ('xkb_keymap {\nxkb_keycodes "(unnamed)" {\nminimum = 8;\nmaximum = %d;\n%s};\n'
            'xkb_types "(unnamed)" { include "complete" };\n'
            'xkb_compatibility "(unnamed)" { include "complete" };\n'
            'xkb_symbols "(unnamed)" {\n%s};\n};\n'
            % (max(9 + len(names), 255), codes, symbols)).encode() + b"\0"


def bind(c, registry, globals_, interface, version):
    """Bind global `interface` at `version`: its new object."""
    if interface not in globals_:
        raise WaylandError("the compositor has no %s" % interface)
    obj = c.new_id()
    c.send(registry, 0, globals_[interface][0], interface, version, obj)
    return obj


def virtual_keyboard(c, registry, globals_, names):
    """A virtual keyboard on the default seat whose keys are `names`: the
    zwp_virtual_keyboard_v1 object."""
    seat = bind(c, registry, globals_, "wl_seat", 1)
    manager = bind(c, registry, globals_, "zwp_virtual_keyboard_manager_v1", 1)
    keyboard = c.new_id()
    c.send(manager, 0, seat, keyboard)  # create_virtual_keyboard
    text = keymap(names)
    fd = os.memfd_create("cloth-demo-smoke-keymap")
    try:
        os.write(fd, text)
        c.send(keyboard, 0, KEYMAP_FORMAT_XKB_V1, len(text), fds=[fd])  # keymap
        c.roundtrip()
    finally:
        os.close(fd)
    return keyboard


def drag(actions, extent):
    """Run `actions` on a new virtual pointer: ("move", x, y) absolute in
    the layout of size `extent` (logical pixels), ("down", button),
    ("up", button) (BTN_LEFT, BTN_RIGHT), ("wheel", notches), ("key",
    name), ("mods", mask), ("sleep", s), ("wait",) (the `wait` of the
    command line). With keys or modifiers among them, a virtual keyboard
    comes first: its coming tells the focused window it lost and regained
    the keyboard focus, before any button goes down."""
    c = Connection()
    registry = c.new_id()
    c.send(1, 1, registry)  # wl_display.get_registry
    globals_ = {}

    def on_global(obj, opcode, payload):
        if obj == registry and opcode == 0:
            (name,) = struct.unpack("<I", payload[:4])
            interface = read_string(payload[4:])
            off = 4 + 4 + ((len(interface) + 1 + 3) & ~3)
            (version,) = struct.unpack("<I", payload[off:off + 4])
            globals_[interface] = (name, version)

    c.roundtrip(on_global)
    names = sorted({a[1] for a in actions if a[0] == "key"})
    keyboard = None
    if names or any(a[0] == "mods" for a in actions):
        keyboard = virtual_keyboard(c, registry, globals_, names or ["space"])
    manager = bind(c, registry, globals_, "zwlr_virtual_pointer_manager_v1", 1)
    pointer = c.new_id()
    c.send(manager, 0, 0, pointer)  # create_virtual_pointer(seat: the default)
    c.roundtrip()
    time.sleep(SETTLE)
    t0 = time.monotonic()

    def now():
        return int((time.monotonic() - t0) * 1000) & 0xFFFFFFFF

    w, h = extent
    for action in actions:
        if action[0] == "move":
            x = max(0, min(w, int(action[1])))
            y = max(0, min(h, int(action[2])))
            c.send(pointer, 1, now(), x, y, w, h)  # motion_absolute
            c.send(pointer, 4)  # frame
        elif action[0] in ("down", "up"):
            c.send(pointer, 2, now(), action[1], 1 if action[0] == "down" else 0)  # button
            c.send(pointer, 4)
        elif action[0] == "wheel":
            sign = -1 if action[1] > 0 else 1
            for _ in range(abs(action[1])):
                c.send(pointer, 5, AXIS_SOURCE_WHEEL)  # axis_source
                # axis_discrete: the value (24.8 fixed) and the notches
                c.send(pointer, 7, now(), AXIS_VERTICAL, sign * NOTCH * 256, sign)
                c.send(pointer, 4)
                c.roundtrip()
                time.sleep(0.1)
        elif action[0] == "key":
            code = names.index(action[1]) + 1  # the evdev code: keycode - 8
            for state in (1, 0):
                c.send(keyboard, 1, now(), code, state)  # key
                c.roundtrip()
                time.sleep(0.05)
        elif action[0] == "mods":
            c.send(keyboard, 2, action[1], 0, 0, 0)  # modifiers
            c.roundtrip()
            time.sleep(0.1)
        elif action[0] == "sleep":
            c.roundtrip()
            time.sleep(action[1])
        elif action[0] == "wait":
            c.roundtrip()
            print("waiting", flush=True)
            if not sys.stdin.readline():
                raise WaylandError("standard input closed at a wait")
        else:
            raise ValueError("unknown action %r" % (action,))
    c.roundtrip()
    time.sleep(SETTLE)
    c.send(pointer, 8)  # destroy
    c.send(manager, 1)  # destroy
    if keyboard is not None:
        c.send(keyboard, 3)  # destroy
    c.roundtrip()
    c.sock.close()


def main(argv):
    extent = (int(argv[1]), int(argv[2]))
    actions = []
    for a in argv[3:]:
        if a in ("down", "up"):
            actions.append((a, BTN_LEFT))
        elif a in ("rdown", "rup"):
            actions.append((a[1:], BTN_RIGHT))
        elif a.startswith("wheel:"):
            actions.append(("wheel", int(a[6:])))
        elif a.startswith("key:"):
            actions.append(("key", a[4:]))
        elif a.startswith("mods:"):
            actions.append(("mods", sum(MODIFIERS[m] for m in a[5:].split("+") if m)))
        elif a.startswith("sleep:"):
            actions.append(("sleep", float(a[6:])))
        elif a == "wait":
            actions.append(("wait",))
        else:
            x, y = a.split(",")
            actions.append(("move", float(x), float(y)))
    drag(actions, extent)


if __name__ == "__main__":
    main(sys.argv)
