"""Writes the comparison's tools (spec.py) as toolshape `#[tool]` functions and as FastMCP
functions. Run from anywhere: `python3 bench/listing/generate.py`; both outputs are
committed, so that a reader sees what was declared."""

import json
import pathlib

from spec import ENUMS, RECORDS, TOOLS

HERE = pathlib.Path(__file__).resolve().parent
RUST_OUT = HERE.parent / "src" / "bin" / "listing_vs_fastmcp" / "tools.rs"
PY_OUT = HERE / "fastmcp_tools.py"


def camel(word):
    return "".join(part.capitalize() for part in word.split("_"))


def rust_type(ty):
    optional = ty.endswith("?")
    ty = ty.rstrip("?")
    base = {
        "str": "String", "int": "i64", "count": "u32", "float": "f64", "bool": "bool",
        "strs": "Vec<String>", "ints": "Vec<i64>", "map": "BTreeMap<String, String>",
    }.get(ty)
    if base is None:
        kind, name = ty.split(":")
        base = {"enum": name, "rec": name, "recs": f"Vec<{name}>"}[kind]
    return f"Option<{base}>" if optional else base


def py_type(ty):
    optional = ty.endswith("?")
    ty = ty.rstrip("?")
    base = {
        "str": "str", "int": "int", "count": "int", "float": "float", "bool": "bool",
        "strs": "list[str]", "ints": "list[int]", "map": "dict[str, str]",
    }.get(ty)
    if base is None:
        kind, name = ty.split(":")
        base = {"enum": name, "rec": name, "recs": f"list[{name}]"}[kind]
    return f"{base} | None" if optional else base


def rust_default(ty, value):
    if ty.startswith("enum:"):
        return f"{ty[5:]}::{camel(value)}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def py_default(value):
    return repr(value)


def rust():
    out = [
        "//! The comparison's tools as a Rust author declares them with toolshape: written by",
        "//! `bench/listing/generate.py` from `bench/listing/spec.py` (do not edit by hand).",
        "//! Listed, never called: each body refuses.",
        "",
        "#![allow(unused_variables)]",
        "",
        "use std::collections::BTreeMap;",
        "",
        "use schemars::JsonSchema;",
        "use serde::{Deserialize, Serialize};",
        "use toolshape::{ToolError, ToolSet, tool, tools};",
        "",
    ]
    for name, values in ENUMS.items():
        out += [
            "#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]",
            '#[serde(rename_all = "snake_case")]',
            f"pub enum {name} {{",
            *[f"    {camel(v)}," for v in values],
            "}",
            "",
        ]
    for name, (doc, fields) in RECORDS.items():
        out += [f"/// {doc}", "#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]",
                f"pub struct {name} {{"]
        for field, ty, fdoc in fields:
            out += [f"    /// {fdoc}", f"    pub {field}: {rust_type(ty)},"]
        out += ["}", ""]
    for name, doc, params, returns in TOOLS:
        out += [f"/// {doc}", '#[tool(format = "json")]', f"pub fn {name}("]
        for param in params:
            pname, ty, pdoc = param[:3]
            out.append(f"    /// {pdoc}")
            if len(param) > 3:
                out.append(f"    #[arg(default = {rust_default(ty, param[3])})]")
            rty = rust_type(ty)
            if len(param) > 3 and rty == "String":
                pass
            out.append(f"    {pname}: {rty},")
        out += [f") -> Result<{rust_type(returns)}, ToolError> {{",
                '    Err(ToolError::new("listed, not served"))', "}", ""]
    names = ", ".join(t[0] for t in TOOLS)
    out += ["/// Every tool of the comparison.",
            "pub fn toolset() -> ToolSet<()> {",
            f"    ToolSet::new(tools![{names}]).expect(\"distinct names\")",
            "}", ""]
    return "\n".join(out)


def python():
    out = [
        '"""The comparison\'s tools as a Python author declares them with FastMCP: written by',
        "bench/listing/generate.py from bench/listing/spec.py (do not edit by hand). Listed,",
        'never called: each body raises."""',
        "",
        "from typing import Annotated, Literal",
        "",
        "from fastmcp import FastMCP",
        "from pydantic import BaseModel, Field",
        "",
        'mcp = FastMCP("listing")',
        "",
    ]
    for name, values in ENUMS.items():
        out.append(f"{name} = Literal[{', '.join(json.dumps(v) for v in values)}]")
    out.append("")
    for name, (doc, fields) in RECORDS.items():
        out += ["", f"class {name}(BaseModel):", f'    """{doc}"""', ""]
        for field, ty, fdoc in fields:
            if ty.endswith("?"):
                out.append(f"    {field}: {py_type(ty)} = Field(default=None, description={fdoc!r})")
            else:
                out.append(f"    {field}: {py_type(ty)} = Field(description={fdoc!r})")
        out.append("")
    for name, doc, params, returns in TOOLS:
        out += ["", "@mcp.tool", f"def {name}("]
        for param in params:
            pname, ty, pdoc = param[:3]
            annotated = f"Annotated[{py_type(ty)}, Field(description={pdoc!r})]"
            if len(param) > 3:
                out.append(f"    {pname}: {annotated} = {py_default(param[3])},")
            elif ty.endswith("?"):
                out.append(f"    {pname}: {annotated} = None,")
            else:
                out.append(f"    {pname}: {annotated},")
        out += [f") -> {py_type(returns)}:", f'    """{doc}"""', "    raise NotImplementedError", ""]
    return "\n".join(out)


RUST_OUT.parent.mkdir(parents=True, exist_ok=True)
RUST_OUT.write_text(rust())
PY_OUT.write_text(python())
print(f"{len(TOOLS)} tools: {RUST_OUT} and {PY_OUT}")
