#!/usr/bin/env python3
"""What a crate monomorphises: LLVM IR lines and copies per function, like cargo-llvm-lines.

    llvm_lines.py FILE.ll [TOP]

Get FILE.ll with `cargo rustc --lib -- --emit=llvm-ir` in a generated crate (it lands in
the target dir's `deps/`). Functions are grouped by their demangled path without the hash
(legacy mangling keeps no generic arguments, so every instantiation of a generic function
counts under one name, as cargo-llvm-lines does).
"""

import re
import sys
from collections import defaultdict

DEFINE = re.compile(r'^define .*@"?(_ZN[^"(]*|[^"(\s]+)"?\(')


def demangle(symbol):
    if not symbol.startswith("_ZN"):
        return symbol
    rest, parts = symbol[3:], []
    while rest and rest[0].isdigit():
        digits = re.match(r"\d+", rest).group()
        length = int(digits)
        part = rest[len(digits):len(digits) + length]
        rest = rest[len(digits) + length:]
        if re.fullmatch(r"h[0-9a-f]{16}", part):
            break
        parts.append(part)
    name = "::".join(parts)
    for code, char in [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"),
                       ("$C$", ","), ("$u7b$", "{"), ("$u7d$", "}"), ("$BP$", "*"),
                       ("$u5b$", "["), ("$u5d$", "]"), ("..", "::"), ("$LP$", "("),
                       ("$RP$", ")"), ("$u27$", "'"), ("$u3b$", ";"), ("$u21$", "!")]:
        name = name.replace(code, char)
    return name


def main():
    lines, copies = defaultdict(int), defaultdict(int)
    current, total = None, 0
    with open(sys.argv[1]) as f:
        for line in f:
            if current is None:
                match = DEFINE.match(line)
                if match:
                    current = re.sub(r"\{\{closure\}\}", "{closure}", demangle(match.group(1)))
                    copies[current] += 1
            else:
                lines[current] += 1
                total += 1
                if line.startswith("}"):
                    current = None
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    print(f"total {total} lines in {sum(copies.values())} functions")
    print("| lines | % | copies | function |\n| ---: | ---: | ---: | --- |")
    for name, count in sorted(lines.items(), key=lambda kv: -kv[1])[:top]:
        print(f"| {count} | {100 * count / total:.1f} | {copies[name]} | `{name}` |")


if __name__ == "__main__":
    main()
