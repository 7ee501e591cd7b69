#!/usr/bin/env python3
"""Medians and ratios of run.sh's results.csv, as markdown tables.

    summarize.py OUT_DIR/results.csv

Every crate other than toolshape and rmcp that run.sh timed (CRATES="toolshape rmcp before")
gets two more columns: its median and its ratio to rmcp. Two tables: wall time, then CPU
time (user + system of the command and its children), which a busy machine disturbs less.
"""

import csv
import statistics
import sys
from collections import defaultdict

METRICS = {
    "a": "(a) clean build, deps built",
    "b": "(b) rebuild after editing one tool body",
    "c": "(c) `cargo check` after the same edit",
    "d": "(d) proc-macro crate + its deps, clean build",
}


def main():
    walls, cpus = defaultdict(list), defaultdict(list)
    loads = []
    with open(sys.argv[1]) as f:
        for row in csv.DictReader(f):
            key = (row["metric"], row["n"], row["crate"])
            walls[key].append(float(row["seconds"]))
            if row.get("cpu"):
                cpus[key].append(float(row["cpu"]))
            loads.append(float(row["load1"]))
    print("Wall time:\n")
    table(walls)
    if cpus:
        print("\nCPU time (user + system):\n")
        table(cpus)
    if loads:
        print(f"\n1-minute load average before each timed command: median "
              f"{statistics.median(loads):.2f}, min {min(loads):.2f}, max {max(loads):.2f}")


def table(times):
    extra = sorted({c for _, _, c in times} - {"toolshape", "rmcp"})
    head = "| measure | N | toolshape median (s) | rmcp median (s) | ratio | runs |"
    print(head + "".join(f" {c} (s) | {c} / rmcp |" for c in extra))
    print("| --- | ---: | ---: | ---: | ---: | ---: |" + " ---: | ---: |" * len(extra))
    keys = sorted({(m, n) for m, n, _ in times},
                  key=lambda k: (k[0], int(k[1]) if k[1].isdigit() else 0))
    for metric, n in keys:
        ts, rm = times.get((metric, n, "toolshape"), []), times.get((metric, n, "rmcp"), [])
        if not ts or not rm:
            continue
        a, b = statistics.median(ts), statistics.median(rm)
        cells = ""
        for crate in extra:
            other = times.get((metric, n, crate), [])
            if other:
                c = statistics.median(other)
                cells += f" {c:.2f} | {c / b:.2f}× |"
            else:
                cells += " | |"
        print(f"| {METRICS[metric]} | {n if n != '-' else ''} | {a:.2f} | {b:.2f} | "
              f"{a / b:.2f}× | {min(len(ts), len(rm))} |" + cells)


if __name__ == "__main__":
    main()
