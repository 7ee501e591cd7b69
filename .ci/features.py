#!/usr/bin/env python3
"""The tour's build and the test build share their compiled dependencies.

The README's first command builds the tour with `--no-default-features`; its second,
`cargo test --workspace`, builds the whole workspace with the tests' dependencies. Cargo
compiles a dependency again whenever the features it is built with differ between the two,
and everything that depends on it with it: one feature turned on by a test dependency used to
rebuild rmcp, schemars and axum after the tour. `examples/Cargo.toml` turns those features on
for the tour too; this check fails, naming the packages, when the two builds drift apart
(say, after a new dependency). Only toolshape and the examples themselves may differ.

Run from the workspace root: `python3 .ci/features.py`.
"""

import subprocess
import sys
from collections import defaultdict

ALLOWED = {"toolshape", "toolshape-examples"}


def features(*selection):
    """Each package (name and version) of a build, with the feature sets it is built with."""
    out = subprocess.run(
        ["cargo", "tree", *selection, "--format", "{p}|{f}", "--prefix", "none"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    built = defaultdict(set)
    for line in out.splitlines():
        if "|" not in line:
            continue
        package, enabled = line.split("|", 1)
        # "name v1.2.3 (/path)" or "name v1.2.3": keep the name and version
        package = " ".join(package.split()[:2])
        # a package already shown is marked " (*)"
        built[package].add(enabled.removesuffix(" (*)"))
    return built


tour = features("-p", "toolshape-examples", "--no-default-features", "-e", "normal,build")
tests = features("--workspace", "-e", "normal,build,dev")
drift = [
    f"  {package}: the tour builds it with {sorted(sets)}, the tests with {sorted(tests[package])}"
    for package, sets in sorted(tour.items())
    if package in tests and package.split()[0] not in ALLOWED and not sets <= tests[package]
]
if drift:
    print("The test build would compile these dependencies again after the tour:")
    print("\n".join(drift))
    print("Turn the tests' features on in the alignment block of examples/Cargo.toml.")
    sys.exit(1)
print(f"the tour's {len(tour)} packages are built as the tests build them")
