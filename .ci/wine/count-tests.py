#!/usr/bin/env python3
"""Count the Windows test suite's results from cargo's log under Wine.

Usage: count-tests.py TESTS_LOG RERUN_LOG

Prints one line, `PASSED FAILED`. Every test binary's summary line is
counted. A binary that cargo reports as not exiting successfully without a
summary line counts as one failure, except one that never reached its test
harness (no `running N tests` line: Wine failed to start the process,
which happens now and then on a loaded machine): that one is run once
more, directly under `wine` (the caller's Xvfb and Wine environment), its
output appended to RERUN_LOG and its result counted instead. A binary that
started and then crashed or hung is never re-run.
"""

import re
import subprocess
import sys

RUNNING = re.compile(r"^\s+Running .* \((?P<exe>.+\.exe)\)$")
STARTED = re.compile(r"^running \d+ tests?$")
SUMMARY = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed")
ABNORMAL = re.compile(r"process didn't exit successfully: `wine (?P<exe>[^`]+)`")


def blocks(lines):
    """Each test binary's lines: (exe, lines), in the log's order."""
    exe, block = None, []
    for line in lines:
        m = RUNNING.match(line)
        if m or line.strip().startswith("Doc-tests"):
            if exe:
                yield exe, block
            exe, block = (m.group("exe") if m else None), []
        block.append(line)
    if exe:
        yield exe, block


def count(lines):
    """(passed, failed) from summary lines."""
    passed = failed = 0
    for line in lines:
        m = SUMMARY.match(line)
        if m:
            passed += int(m.group(1))
            failed += int(m.group(2))
    return passed, failed


def rerun(exe, out):
    """Run `exe` once more under `wine`, its output appended to `out`:
    (passed, failed), a binary that again ends without a clean summary
    counting as one failure."""
    print(f"wine-smoke: {exe} did not start under Wine; running it once more",
          file=sys.stderr)
    out.write(f"==> wine {exe} (re-run: it did not start the first time)\n")
    out.flush()
    try:
        r = subprocess.run(["wine", exe], capture_output=True, text=True,
                           errors="replace", timeout=600)
        text, rc = r.stdout + r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        text, rc = "(timed out after 600 s)\n", -1
    out.write(text)
    passed, failed = count(text.splitlines())
    if rc != 0 and failed == 0:
        failed = 1
    return passed, failed


def main():
    log, rerun_log = sys.argv[1], sys.argv[2]
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    passed, failed = count(lines)
    with open(rerun_log, "w") as out:
        for exe, block in blocks(lines):
            if any(SUMMARY.match(l) for l in block):
                continue
            if not any(ABNORMAL.search(l) for l in block):
                continue
            if any(STARTED.match(l) for l in block):
                failed += 1  # it started, then crashed or hung
                continue
            p, f = rerun(exe, out)
            passed += p
            failed += f
    print(passed, failed)


if __name__ == "__main__":
    main()
