"""What every client script of this folder prints: a `PASS` or `FAIL` line per check, then
`N passed, M failed`; the script's exit code says whether every check passed."""

from __future__ import annotations

import sys


class Report:
    """The checks of one run, counted as they are printed."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, ok: bool, what: str, detail: object = "") -> bool:
        """Prints `PASS what` or `FAIL what: detail`, counts it, and returns `ok`."""
        if ok:
            self.passed += 1
            print(f"PASS {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}" + (f": {detail}" if detail != "" else ""))
        sys.stdout.flush()
        return ok

    def summary(self) -> int:
        """Prints the counts; the exit code: 1 when a check failed or none ran."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed or not self.passed else 0
