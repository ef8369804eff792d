"""Drive the real cloth-demo window the way a person does, in one of three
environments, with the same checks (checks.py):

    python3 .ci/smoke x11      the Linux binary under Xvfb + openbox
    python3 .ci/smoke wine     the Windows binary under Wine, Xvfb + openbox
    python3 .ci/smoke wayland  the Linux binary under a headless sway

Names after the environment run only those of its checks, in its order
(`python3 .ci/smoke x11 grab zoom`; the smoke scripts pass their
arguments on).

The binaries: $CLOTH_DEMO_BIN (Linux; default target/release/cloth-demo),
which also draws the expected views, and $CLOTH_DEMO_EXE (Windows, for
`wine`) with $CLOTH_DEMO_IDLE_EXE (the plainest winit program,
.ci/wine/idle, whose idle CPU is the yardstick for cloth-demo's under
Wine). Prints one closing line, `NAME: N passed, N failed (...)`, with
failures and their reasons on lines before it, and exits 1 if anything
failed. Screenshots (PNG), the app's logs and the measured figures
(report.txt) are left in target/NAME/ for a human to look at.

Needs (installed by the .ci scripts, not here): see TOOLS in each
environment's module; Python 3, standard library only.
"""

import os
import shutil
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from session import Session  # noqa: E402
from common import ROOT, Failure, Run, missing_tools  # noqa: E402


def environment(which):
    """(run name, environment, the tools it needs)."""
    linux_bin = os.environ.get("CLOTH_DEMO_BIN") or os.path.join(
        ROOT, "target", "release", "cloth-demo")
    if which == "x11":
        import x11
        return "window-smoke", x11.X11(linux_bin), x11.TOOLS, linux_bin
    if which == "wine":
        import wine
        exe = os.environ.get("CLOTH_DEMO_EXE") or os.path.join(
            ROOT, "target", "x86_64-pc-windows-gnu", "release", "cloth-demo.exe")
        plain = os.environ.get("CLOTH_DEMO_IDLE_EXE") or os.path.join(
            ROOT, "target", "x86_64-pc-windows-gnu", "debug", "winit-idle.exe")
        return "wine-window", wine.Wine(exe, plain), wine.TOOLS, linux_bin
    if which == "wayland":
        import sway
        return "wayland-smoke", sway.Sway(linux_bin), sway.TOOLS, linux_bin
    raise SystemExit("usage: python3 .ci/smoke x11|wine|wayland")


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "x11"
    name, env, tools, linux_bin = environment(which)
    only = sys.argv[2:]
    unknown = [c for c in only if c not in env.checks]
    if unknown:
        raise SystemExit("%s: no check %s here; it has %s"
                         % (name, ", ".join(unknown), ", ".join(env.checks)))
    if only:
        env.checks = [c for c in env.checks if c in only]

    def on_signal(signum, _frame):
        print("%s: stopped by signal %d" % (name, signum), file=sys.stderr)
        raise SystemExit(128 + signum)  # the cleanup below still runs

    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(s, on_signal)
    missing = missing_tools(tools)
    if missing:
        print("%s: missing %s (the .ci scripts install them)" % (name, ", ".join(missing)),
              file=sys.stderr)
        print("%s: 0 passed, %d failed: could not start" % (name, len(env.checks)))
        return 1
    for binary in [linux_bin] + env.binaries():
        if not os.access(binary, os.X_OK if binary == linux_bin else os.R_OK):
            print("%s: no %s: build it first (or set CLOTH_DEMO_BIN / CLOTH_DEMO_EXE)"
                  % (name, binary), file=sys.stderr)
            print("%s: 0 passed, %d failed: could not start" % (name, len(env.checks)))
            return 1
    run = Run(name)
    shutil.rmtree(run.out, ignore_errors=True)
    os.makedirs(run.out)
    code = 1
    try:
        code = Session(run, env, linux_bin).main()
    except Failure as e:
        print("%s: %s" % (name, e), file=sys.stderr)
        print("%s: 0 passed, %d failed (%s): could not start"
              % (name, len(env.checks), ", ".join(env.checks)))
    finally:
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)  # let the cleanup finish
        run.cleanup()
    return code


if __name__ == "__main__":
    sys.exit(main())
