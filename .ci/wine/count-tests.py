#!/usr/bin/env python3
"""Count the Windows test suite's results from cargo's log under Wine.

Usage: count-tests.py TESTS_LOG RERUN_LOG

Prints one line, `PASSED FAILED`. Every test binary's summary line is
counted. A binary that cargo reports as not exiting successfully without a
summary line counts as one failure, except one that never reached its test
harness (no `running N tests` line: Wine failed to start the process,
which happens now and then on a loaded machine): that one is run once
more, directly under `wine` (the caller's Xvfb and Wine environment), its
output appended to RERUN_LOG and its result counted instead. The same
fault can hit a process a test starts itself (`Command::output` fails
with Wine's ERROR_INTERNAL_ERROR, 1359): a binary whose every failure is
that is run once more too, its result counted instead. A binary that
started and then crashed or hung is never re-run, nor one with any other
failure.
"""

import re
import subprocess
import sys

RUNNING = re.compile(r"^\s+Running .* \((?P<exe>.+\.exe)\)$")
STARTED = re.compile(r"^running \d+ tests?$")
SUMMARY = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed")
ABNORMAL = re.compile(r"process didn't exit successfully: `wine (?P<exe>[^`]+)`")
# A failed test's output, and Wine failing to start the test's own child.
FAILURE = re.compile(r"^---- (?P<test>\S+) stdout ----$")
CHILD_NOT_STARTED = re.compile(r'Os \{ code: 1359, kind: \w+, message: "Internal error\." \}')


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


def only_children_not_started(block):
    """Whether a binary's failed tests (at least one) all failed because
    Wine could not start a process the test started."""
    failures, current = [], None
    for line in block:
        m = FAILURE.match(line)
        if m:
            current = []
            failures.append(current)
        elif line == "failures:" or SUMMARY.match(line):
            current = None
        elif current is not None:
            current.append(line)
    return bool(failures) and all(
        any(CHILD_NOT_STARTED.search(l) for l in f) for f in failures)


def rerun(exe, out, why):
    """Run `exe` once more under `wine`, its output appended to `out`:
    (passed, failed), a binary that again ends without a clean summary
    counting as one failure."""
    print(f"wine-smoke: {exe} {why}; running it once more", file=sys.stderr)
    out.write(f"==> wine {exe} (re-run: {why})\n")
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
                if only_children_not_started(block):
                    p, f = count(block)
                    passed -= p
                    failed -= f
                    p, f = rerun(exe, out, "could not start a process of its own under Wine")
                    passed += p
                    failed += f
                continue
            if not any(ABNORMAL.search(l) for l in block):
                continue
            if any(STARTED.match(l) for l in block):
                failed += 1  # it started, then crashed or hung
                continue
            p, f = rerun(exe, out, "did not start under Wine")
            passed += p
            failed += f
    print(passed, failed)


if __name__ == "__main__":
    main()
