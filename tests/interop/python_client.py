#!/usr/bin/env python3
"""Interop check: drive a toolshape MCP server over stdio with the official Python `mcp` SDK.

Usage: python_client.py FIXTURE.json -- SERVER_CMD [ARG ...]

For each connection mode (the SDK's default, which negotiates 2026-07-28 through
`server/discover`, and `legacy`, which uses `initialize` and 2025-11-25) it lists the tools,
calls every tool with every argument set of the fixture, and checks each result:

* the outcome (`ok` / `error`) is the one the fixture expects;
* content: at least one block and non-empty text; image/audio blocks decode from base64 and
  start with the magic bytes of their declared mime type; PNG images decode fully (Pillow)
  at the width and height the envelope's `plots` entry states, WAV audio decodes fully (the
  standard library's `wave`); each entry of the envelope's `attachments` names the type of
  the block at its `content_index`;
* the provenance is on the wire once: in `structuredContent.metadata` for results with
  structured content (and then no `_meta` copy), else in `_meta["dev.toolshape/provenance"]`;
* a tool with an `outputSchema`: every successful result has `structuredContent` valid against
  it (jsonschema, Draft 2020-12), whose `metadata.data_hash` equals "sha256:" + the SHA-256 of
  the RFC 8785 canonical JSON of `data` (PyPI `rfc8785`); the first text block (what a model
  reads) is `{"data", "grounded"}` (plus `narrative` for a json tool that has one) as RFC 8785
  canonical JSON, for hybrid tools fenced after the narrative, and carries no provenance;
* a json tool whose listing says `envelope: false`: `structuredContent` is the value itself,
  valid against the `outputSchema`; the provenance is in `_meta`, its `data_hash` over the RFC
  8785 canonical JSON of the value, which is also the first text block;
* a tool without an `outputSchema` (`format = "text"`): every successful result is one text
  block, followed only by attachments (image, audio, resource, resource_link blocks), and its
  provenance `data_hash` is "sha256:" + the SHA-256 of that text's UTF-8 bytes;
* a tool without an `outputSchema`, and every error result: no `structuredContent`; an error's
  provenance has no `data_hash`;
* prompts and resources served beside the tools (the fixture's `prompts` and `resources`):
  each is listed (a resource from a template need not be), `prompts/get` answers with the
  expected text, `resources/read` with the expected text or a blob of the expected mime
  type that decodes from base64.

Prints one line per check and a final line `N passed, M failed` (`report.py`); exits 1 on any failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import base64
import io
import hashlib
import json
import sys
import traceback
import wave
from pathlib import Path
from typing import Any

import jsonschema
import rfc8785
from PIL import Image
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from report import Report

PROVENANCE_KEY = "dev.toolshape/provenance"
MODES = [
    # (label, Client mode, protocol version the connection must end up on)
    ("default", "auto", "2026-07-28"),
    ("legacy", "legacy", "2025-11-25"),
]
MAGIC = {
    "image/png": [b"\x89PNG\r\n\x1a\n"],
    "image/jpeg": [b"\xff\xd8\xff"],
    "image/gif": [b"GIF87a", b"GIF89a"],
    "image/webp": [b"RIFF"],
    "image/svg+xml": [b"<svg", b"<?xml"],
    "audio/wav": [b"RIFF"],
    "audio/x-wav": [b"RIFF"],
    "audio/mpeg": [b"ID3", b"\xff\xfb", b"\xff\xf3", b"\xff\xf2"],
    "audio/ogg": [b"OggS"],
}


def short(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + "…"


def dump(model: Any) -> Any:
    if model is None or isinstance(model, (dict, list, str, int, float, bool)):
        return model
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def check_binary_block(report: Report, label: str, block: Any, plot: dict | None = None) -> None:
    mime = block.mime_type
    try:
        raw = base64.b64decode(block.data, validate=True)
    except Exception as exc:  # noqa: BLE001
        report.check(False, f"{label}: {block.type} block is base64", str(exc))
        return
    if mime == "image/png":
        # Decode the whole image (Pillow), and compare its size with what the envelope's
        # `plots` entry for this content block states.
        try:
            with Image.open(io.BytesIO(raw)) as image:
                image.load()
                size = image.size
                fmt = image.format
        except Exception as exc:  # noqa: BLE001
            report.check(False, f"{label}: PNG block decodes (Pillow)", str(exc))
            return
        report.check(fmt == "PNG", f"{label}: PNG block decodes as PNG (Pillow)", f"format {fmt}")
        if plot is not None and "width" in plot:
            stated = (plot.get("width"), plot.get("height"))
            report.check(size == stated, f"{label}: PNG is {stated[0]}x{stated[1]} as stated", f"decoded {size}")
    if mime in ("audio/wav", "audio/x-wav"):
        try:
            with wave.open(io.BytesIO(raw)) as audio:
                frames = audio.readframes(audio.getnframes())
                shape = (audio.getnchannels(), audio.getframerate(), audio.getnframes(), audio.getsampwidth())
        except Exception as exc:  # noqa: BLE001
            report.check(False, f"{label}: WAV block decodes (wave)", str(exc))
            return
        report.check(
            len(frames) == shape[2] * shape[0] * shape[3],
            f"{label}: WAV block decodes (wave): {shape[0]} channel(s), {shape[1]} Hz, {shape[2]} frames",
        )
    magics = MAGIC.get(mime.split(";")[0].strip().lower())
    if magics is None:
        report.check(False, f"{label}: {block.type} block mime type {mime} is known", "no magic bytes on file")
        return
    report.check(
        any(raw.startswith(m) for m in magics),
        f"{label}: {block.type} block decodes to {mime}",
        f"starts with {raw[:8]!r}",
    )


def check_result(report: Report, label: str, tool: Any, case: dict, result: Any) -> None:
    expected = case.get("expect", "ok")
    outcome = "error" if result.is_error else "ok"
    text_blocks = [b.text for b in result.content if b.type == "text"]
    text = "\n".join(text_blocks)
    if not report.check(
        outcome == expected,
        f"{label}: outcome is {expected}",
        f"got {outcome}: {short(text)}",
    ):
        return

    report.check(bool(result.content), f"{label}: has content blocks")
    report.check(bool(text.strip()), f"{label}: has non-empty text content", short(dump(result)))
    structured_plots = {}
    if isinstance(result.structured_content, dict):
        for plot in result.structured_content.get("plots") or []:
            if isinstance(plot, dict) and "content_index" in plot:
                structured_plots[plot["content_index"]] = plot
    for index, block in enumerate(result.content):
        if block.type in ("image", "audio"):
            check_binary_block(report, label, block, structured_plots.get(index))
    if isinstance(result.structured_content, dict):
        for ref in result.structured_content.get("attachments") or []:
            index = ref.get("content_index") if isinstance(ref, dict) else None
            block = result.content[index] if isinstance(index, int) and 0 < index < len(result.content) else None
            report.check(
                block is not None and block.type == ref.get("type"),
                f"{label}: attachment at content[{index}] is a {ref.get('type') if isinstance(ref, dict) else '?'} block",
                short(dump(block)) if block is not None else "no such block",
            )

    meta = result.meta or {}
    provenance = meta.get(PROVENANCE_KEY)
    structured = result.structured_content
    # A json tool declared with `envelope = false`: MCP's plain structured result, the
    # provenance in `_meta` as for a text result.
    plain = bool(tool.meta) and tool.meta.get("dev.toolshape/tool", {}).get("envelope") is False
    if structured is None or plain:
        report.check(
            isinstance(provenance, dict) and bool(provenance),
            f"{label}: _meta[{PROVENANCE_KEY}] present (no structured content, or no envelope)",
            f"_meta = {short(meta)}",
        )
    else:
        report.check(
            provenance is None,
            f"{label}: provenance once (in structuredContent.metadata, not _meta)",
            f"_meta = {short(meta)}",
        )
    if expected == "error":
        report.check(structured is None, f"{label}: error result has no structuredContent", short(structured))
        report.check(
            isinstance(provenance, dict) and "data_hash" not in provenance,
            f"{label}: error provenance has no data_hash",
            short(provenance),
        )
        if "text_contains" in case:
            report.check(case["text_contains"] in text, f"{label}: text contains {case['text_contains']!r}", short(text))
        return

    if "text_contains" in case:
        report.check(case["text_contains"] in text, f"{label}: text contains {case['text_contains']!r}", short(text))

    schema = tool.output_schema
    if schema is None:
        report.check(structured is None, f"{label}: no outputSchema, so no structuredContent", short(structured))
        # format = "text": one text block, then only attachments; data_hash is the SHA-256 of
        # the text's UTF-8 bytes.
        report.check(
            bool(result.content)
            and result.content[0].type == "text"
            and all(b.type in ("image", "audio", "resource", "resource_link", "text") for b in result.content[1:]),
            f"{label}: text result is one text block, then attachments",
            short(dump(result)),
        )
        if isinstance(provenance, dict):
            expected_hash = "sha256:" + hashlib.sha256(text_blocks[0].encode("utf-8")).hexdigest()
            report.check(
                provenance.get("data_hash") == expected_hash,
                f"{label}: data_hash is the SHA-256 of the text",
                f"server {provenance.get('data_hash')}, recomputed {expected_hash}",
            )
        return

    if not report.check(structured is not None, f"{label}: has structuredContent (tool has outputSchema)"):
        return
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(structured), key=str)
    report.check(
        not errors,
        f"{label}: structuredContent valid against outputSchema (Draft 2020-12)",
        "; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3]),
    )
    if plain:
        # The value itself: its text is its RFC 8785 canonical JSON, hashed in `_meta`.
        canonical = rfc8785.dumps(structured)
        expected_hash = "sha256:" + hashlib.sha256(canonical).hexdigest()
        got_hash = provenance.get("data_hash") if isinstance(provenance, dict) else None
        report.check(
            got_hash == expected_hash,
            f"{label}: _meta data_hash recomputed with rfc8785 (no envelope)",
            f"server {got_hash}, recomputed {expected_hash}",
        )
        if "data" in case:
            report.check(structured == case["data"], f"{label}: structuredContent equals fixture", f"got {short(structured)}")
        first = text_blocks[0] if text_blocks else ""
        report.check(
            first == canonical.decode("utf-8"),
            f"{label}: text is the value as RFC 8785 canonical JSON (no envelope)",
            short(first),
        )
        return
    if isinstance(structured, dict) and "data" in structured and isinstance(structured.get("metadata"), dict):
        data = structured["data"]
        expected_hash = "sha256:" + hashlib.sha256(rfc8785.dumps(data)).hexdigest()
        got_hash = structured["metadata"].get("data_hash")
        report.check(
            got_hash == expected_hash,
            f"{label}: metadata.data_hash recomputed with rfc8785",
            f"server {got_hash}, recomputed {expected_hash}",
        )
        if "data" in case:
            report.check(data == case["data"], f"{label}: data equals fixture", f"got {short(data)}")
        # The first text block, what a model reads: the data and `grounded` as RFC 8785
        # canonical JSON (for json with a narrative, the narrative too); for hybrid, the
        # narrative then that JSON in a fenced block. No provenance.
        first = text_blocks[0] if text_blocks else ""
        view = {"data": data, "grounded": structured.get("grounded")}
        detail = "response_format" in (tool.input_schema or {}).get("properties", {})
        if detail:
            # A `#[tool(detail)]` tool: the text is the data's text form at the level the call
            # asked for (docs/wire-format.md), not JSON; `structuredContent` keeps every field.
            report.check(
                bool(first.strip()) and not first.startswith("{"),
                f"{label}: text is the data's text form (a detail tool)",
                short(first),
            )
        elif "narrative" in structured and tool.meta and tool.meta.get("dev.toolshape/tool", {}).get("format") == "hybrid":
            canonical_view = rfc8785.dumps(view).decode("utf-8")
            expected = f"{structured['narrative']}\n\n```json\n{canonical_view}\n```"
            report.check(first == expected, f"{label}: text is the narrative and the canonical data block", short(first))
        else:
            if "narrative" in structured:
                view["narrative"] = structured["narrative"]
            expected = rfc8785.dumps(view).decode("utf-8")
            report.check(first == expected, f"{label}: text is data and grounded as RFC 8785 canonical JSON", short(first))
        report.check(
            "sha256:" not in first and structured["metadata"].get("timestamp", "") not in first,
            f"{label}: no provenance in the text a model reads",
            short(first),
        )


async def check_prompts(report: Report, client: Any, prompts: dict, mode_label: str) -> None:
    """Prompts served beside the tools: listed, and `prompts/get` answers with the text."""
    if not prompts:
        return
    listed = {p.name for p in (await client.list_prompts()).prompts}
    for name, case in sorted(prompts.items()):
        if not report.check(name in listed, f"[{mode_label}] prompt {name}: listed", short(sorted(listed))):
            continue
        try:
            result = await client.get_prompt(name, case.get("args") or None)
        except Exception as exc:  # noqa: BLE001
            report.check(False, f"[{mode_label}] prompt {name}: prompts/get answered", f"{type(exc).__name__}: {exc}")
            continue
        texts = [m.content.text for m in result.messages if getattr(m.content, "type", "") == "text"]
        report.check(
            any(case["text_contains"] in text for text in texts),
            f"[{mode_label}] prompt {name}: prompts/get has the text",
            short(texts),
        )


async def check_resources(report: Report, client: Any, resources: dict, mode_label: str) -> None:
    """Resources served beside the tools: listed (unless from a template), and
    `resources/read` answers with the text, or with a blob that decodes."""
    if not resources:
        return
    listed = {str(r.uri) for r in (await client.list_resources()).resources}
    for uri, case in sorted(resources.items()):
        if case.get("listed", True):
            report.check(uri in listed, f"[{mode_label}] resource {uri}: listed", short(sorted(listed)))
        try:
            result = await client.read_resource(uri)
        except Exception as exc:  # noqa: BLE001
            report.check(False, f"[{mode_label}] resource {uri}: resources/read answered", f"{type(exc).__name__}: {exc}")
            continue
        contents = list(result.contents)
        if "text_contains" in case:
            texts = [c.text for c in contents if getattr(c, "text", None) is not None]
            report.check(
                any(case["text_contains"] in text for text in texts),
                f"[{mode_label}] resource {uri}: resources/read has the text",
                short(texts),
            )
        if "blob_mime" in case:
            blobs = [c for c in contents if getattr(c, "blob", None) is not None]
            ok = bool(blobs) and blobs[0].mime_type == case["blob_mime"]
            detail = ""
            if ok:
                try:
                    ok = len(base64.b64decode(blobs[0].blob, validate=True)) > 0
                except Exception as exc:  # noqa: BLE001
                    ok, detail = False, str(exc)
            report.check(ok, f"[{mode_label}] resource {uri}: a {case['blob_mime']} blob that decodes", detail or short(contents))


async def run_mode(report: Report, fixture: dict, params: StdioServerParameters, mode_label: str, mode: str, version: str) -> None:
    tools_fixture: dict[str, list] = fixture["tools"]
    try:
        async with Client(params, mode=mode, read_timeout_seconds=30) as client:
            report.check(
                client.protocol_version == version,
                f"[{mode_label}] negotiated protocol {version}",
                f"got {client.protocol_version}",
            )
            listing = await client.list_tools()
            tools = {t.name: t for t in listing.tools}
            report.check(bool(tools), f"[{mode_label}] tools/list returns tools", f"{len(tools)} tools")
            for name, tool in sorted(tools.items()):
                report.check(
                    bool((tool.description or "").strip()),
                    f"[{mode_label}] {name}: has a description",
                )
                report.check(name in tools_fixture, f"[{mode_label}] {name}: listed tool has a fixture")
                if tool.output_schema is not None:
                    try:
                        jsonschema.Draft202012Validator.check_schema(tool.output_schema)
                        ok, detail = True, ""
                    except jsonschema.SchemaError as exc:
                        ok, detail = False, exc.message
                    report.check(ok, f"[{mode_label}] {name}: outputSchema is a valid Draft 2020-12 schema", detail)
            for name in sorted(tools_fixture):
                if not report.check(name in tools, f"[{mode_label}] {name}: fixture tool is listed"):
                    continue
                for index, case in enumerate(tools_fixture[name]):
                    label = f"[{mode_label}] {name}#{index} {short(case.get('args', {}), 80)}"
                    try:
                        result = await client.call_tool(name, case.get("args", {}))
                    except Exception as exc:  # noqa: BLE001 — the SDK raises on schema mismatch
                        report.check(False, f"{label}: tools/call answered", f"{type(exc).__name__}: {exc}")
                        continue
                    check_result(report, label, tools[name], case, result)
            await check_prompts(report, client, fixture.get("prompts", {}), mode_label)
            await check_resources(report, client, fixture.get("resources", {}), mode_label)
            # An unknown tool is a protocol error (JSON-RPC -32602), not a tool result.
            try:
                await client.call_tool("no_such_tool_toolshape_interop", {})
                report.check(False, f"[{mode_label}] unknown tool is a JSON-RPC error", "got a result")
            except MCPError as exc:
                code = getattr(getattr(exc, "error", None), "code", None)
                report.check(code == -32602, f"[{mode_label}] unknown tool is a JSON-RPC error -32602", f"code {code}: {exc}")
            except Exception as exc:  # noqa: BLE001
                report.check(False, f"[{mode_label}] unknown tool is a JSON-RPC error", f"{type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001
        report.check(False, f"[{mode_label}] session ran to completion", f"{type(exc).__name__}: {exc}")
        traceback.print_exc()


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") != 1 or len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    fixture = json.loads(Path(argv[0]).read_text())
    command = argv[2:]
    params = StdioServerParameters(command=command[0], args=command[1:], env={"RUST_LOG": "error"})
    report = Report()
    for mode_label, mode, version in MODES:
        asyncio.run(run_mode(report, fixture, params, mode_label, mode, version))
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
