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

A feature may have an MSRV of its own (FEATURE_MSRV, documented at the feature in
runtime/Cargo.toml): the crates only it brings are checked against that instead.
"""
import json
import subprocess
import sys

ROOTS = ["toolshape", "toolshape-macros"]
# `code`: the Monty sandbox, whose 0.0.x line declares Rust 1.95
FEATURE_MSRV = {"code": "1.95"}


def version_tuple(text):
    parts = [int(p) for p in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


host = next(line.split(": ", 1)[1] for line in subprocess.check_output(
    ["rustc", "-vV"], text=True).splitlines() if line.startswith("host: "))


def metadata(features):
    """`cargo metadata` with every feature (`None`) or these features of toolshape."""
    selection = ["--all-features"] if features is None else [
        "--features", ",".join(f"toolshape/{f}" for f in features)]
    return json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", *selection, "--locked",
         "--filter-platform", host]))


def graph(meta, ours):
    """The ids of the crates toolshape and toolshape-macros build (normal and build deps)."""
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
    return seen


meta = metadata(None)
packages = {p["id"]: p for p in meta["packages"]}
workspace = [packages[i] for i in meta["workspace_members"]]
ours = {p["name"]: p for p in workspace}
msrv = ours["toolshape"]["rust_version"]
for name in ROOTS:
    if ours[name]["rust_version"] != msrv:
        sys.exit(f"{name}: rust-version {ours[name]['rust_version']}, toolshape {msrv}")

seen = graph(meta, ours)
# each crate's MSRV to check: the crate's, or the feature's that alone brings it
allowed = {pid: msrv for pid in seen}
features = [f for f in ours["toolshape"]["features"] if f != "default"]
without = {f: graph(metadata([g for g in features if g != f]), ours) for f in FEATURE_MSRV}
for feature, feature_msrv in FEATURE_MSRV.items():
    for pid in seen - without[feature]:
        allowed[pid] = feature_msrv

too_new, undeclared = [], []
for pid in sorted(seen, key=lambda i: packages[i]["name"]):
    p = packages[pid]
    rv = p.get("rust_version")
    if rv is None:
        undeclared.append(f"{p['name']} {p['version']}")
    elif version_tuple(rv) > version_tuple(allowed[pid]):
        too_new.append(f"{p['name']} {p['version']} needs Rust {rv} (allowed: {allowed[pid]})")

print(f"MSRV {msrv}: {len(seen)} crates in the dependency graph of {', '.join(ROOTS)} on {host}")
for feature, feature_msrv in FEATURE_MSRV.items():
    only = len(seen - without[feature])
    print(f"feature `{feature}`: MSRV {feature_msrv} for the {only} crates only it brings")
if undeclared:
    print(f"{len(undeclared)} declare no rust-version (not checked): {', '.join(undeclared)}")
if too_new:
    print("need a newer Rust than allowed:\n  " + "\n  ".join(too_new))
    sys.exit(1)
print("every declared rust-version is at most the MSRV of what brings it")
