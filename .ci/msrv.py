#!/usr/bin/env python3
"""MSRV check of the published crates without the MSRV toolchain.

Only one Rust toolchain is installed where CI runs, so `cargo +1.88 check` is not
available. What this checks instead, against the workspace's `rust-version`:
  1. every crate that toolshape or toolshape-macros depends on (normal and build
     dependencies, all features, as locked in Cargo.lock) declares a `rust-version` no
     newer than ours; crates that declare none are listed;
CI's clippy run covers the rest that can be checked with a newer toolchain: clippy's
`incompatible_msrv` lint (on by default, an error under -D warnings) rejects any standard
library API stabilised after `rust-version`.
"""
import json
import subprocess
import sys

ROOTS = ["toolshape", "toolshape-macros"]


def version_tuple(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


host = next(line.split(": ", 1)[1] for line in subprocess.check_output(
    ["rustc", "-vV"], text=True).splitlines() if line.startswith("host: "))
meta = json.loads(subprocess.check_output(
    ["cargo", "metadata", "--format-version", "1", "--all-features", "--locked",
     "--filter-platform", host]))
packages = {p["id"]: p for p in meta["packages"]}
workspace = [packages[i] for i in meta["workspace_members"]]
ours = {p["name"]: p for p in workspace}
msrv = ours["toolshape"]["rust_version"]
for name in ROOTS:
    if ours[name]["rust_version"] != msrv:
        sys.exit(f"{name}: rust-version {ours[name]['rust_version']}, toolshape {msrv}")

nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
seen, todo = set(), [ours[name]["id"] for name in ROOTS]
while todo:
    node = nodes[todo.pop()]
    if node["id"] in seen:
        continue
    seen.add(node["id"])
    for dep in node["deps"]:
        if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
            todo.append(dep["pkg"])

too_new, undeclared = [], []
for pid in sorted(seen, key=lambda i: packages[i]["name"]):
    p = packages[pid]
    rv = p.get("rust_version")
    if rv is None:
        undeclared.append(f"{p['name']} {p['version']}")
    elif version_tuple(rv) > version_tuple(msrv):
        too_new.append(f"{p['name']} {p['version']} needs Rust {rv}")

print(f"MSRV {msrv}: {len(seen)} crates in the dependency graph of {', '.join(ROOTS)} on {host}")
if undeclared:
    print(f"{len(undeclared)} declare no rust-version (not checked): {', '.join(undeclared)}")
if too_new:
    print("need a newer Rust than " + msrv + ":\n  " + "\n  ".join(too_new))
    sys.exit(1)
print("every declared rust-version is at most " + msrv)
