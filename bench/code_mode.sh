#!/bin/sh
# Code mode, measured in one run (docs/benchmarks.md, "Code mode"): toolshape's tasks and its
# five-call execute, then FastMCP 4.1.6's CodeMode on the same script, back to back.
# Needs a venv with FastMCP: python3 -m venv V && V/bin/pip install fastmcp==4.1.6 pydantic-monty==1.4.0
# Usage: sh bench/code_mode.sh V/bin/python
set -e
cargo build --release -p toolshape-bench --features code --bin code_mode
./target/release/code_mode
"${1:-python3}" bench/code_mode_fastmcp.py
