"""Pointer input for a wlroots compositor (sway), through the
zwlr_virtual_pointer_v1 protocol: a small Wayland client in the standard
library alone.

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
button; `sleep:S` waits S seconds; `wait` (once the compositor has read
every event before it) prints the line `waiting` and reads a line from
standard input before going on, so a caller can act in the middle of a
drag with the button held.
"""

import os
import socket
import struct
import sys
import time

BTN_LEFT = 0x110
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

    def send(self, obj, opcode, *args):
        """Send a request; args are ints (u32/i32/object/new_id, as u32) or
        str (a string) already in the request's order."""
        body = b""
        for a in args:
            if isinstance(a, str):
                data = a.encode() + b"\0"
                body += struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)
            elif a < 0:
                body += struct.pack("<i", a)
            else:
                body += struct.pack("<I", a)
        self.sock.sendall(struct.pack("<II", obj, (8 + len(body)) << 16 | opcode) + body)

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


def drag(actions, extent):
    """Run `actions` on a new virtual pointer: ("move", x, y) absolute in
    the layout of size `extent` (logical pixels), ("down",), ("up",),
    ("sleep", s), ("wait",) (the `wait` of the command line)."""
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
    if "zwlr_virtual_pointer_manager_v1" not in globals_:
        raise WaylandError("the compositor has no zwlr_virtual_pointer_manager_v1")
    name, _ = globals_["zwlr_virtual_pointer_manager_v1"]
    manager = c.new_id()
    c.send(registry, 0, name, "zwlr_virtual_pointer_manager_v1", 1, manager)  # bind
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
            c.send(pointer, 2, now(), BTN_LEFT, 1 if action[0] == "down" else 0)  # button
            c.send(pointer, 4)
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
    c.roundtrip()
    c.sock.close()


def main(argv):
    extent = (int(argv[1]), int(argv[2]))
    actions = []
    for a in argv[3:]:
        if a in ("down", "up"):
            actions.append((a,))
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
