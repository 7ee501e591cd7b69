#!/usr/bin/env python3
"""The official Python `mcp` SDK on a server with tool search.

Usage: search_client.py MCP_URL | search_client.py -- SERVER_COMMAND [ARGS...]

The server (`servers search`, tests/src/bin/servers.rs) serves the quickstart tools with tool search on
and `get_user_by_id` pinned. In both of the SDK's modes (2026-07-28 and legacy 2025-11-25),
over streamable HTTP (a URL) or stdio (a command), this script checks that `tools/list`
answers the pinned tool plus `search_tools` and `call_tool`, that a search finds the tools
for a request in a user's words (the SDK checks its `structuredContent` against its
`outputSchema`), that `call_tool` answers what a direct call does (a sum, an argument error
naming the parameter), and that a tool left out of the listing is called directly — the SDK
then warns that it cannot check the result of a tool it was not listed, where a call through
`call_tool` warns of nothing.

Prints one line per check and a final `N passed, M failed` (`report.py`); exits 1 on any
failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from mcp import Client, StdioServerParameters
from report import Report

REPORT = Report()
check = REPORT.check


@contextlib.contextmanager
def warnings_of_sdk():
    """The warnings logged while the block runs (the SDK's client session logs to `client`;
    the root logger sees every logger's)."""
    messages: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.WARNING:
                messages.append(record.getMessage())

    logger = logging.getLogger()
    handler = Keep()
    logger.addHandler(handler)
    try:
        yield messages
    finally:
        logger.removeHandler(handler)


def text_of(result) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def run(target, mode: str) -> None:
    label = f"[{mode}]"
    async with Client(target, mode=mode, read_timeout_seconds=30) as client:
        tools = (await client.list_tools()).tools
        names = [tool.name for tool in tools]
        check(names == ["get_user_by_id", "search_tools", "call_tool"], f"{label} tools/list: pinned tool and search's two", names)
        search = next((tool for tool in tools if tool.name == "search_tools"), None)
        check(search is not None and search.output_schema is not None, f"{label} search_tools has an outputSchema", search)

        found = await client.call_tool("search_tools", {"query": "find people by their name"})
        hits = [tool["name"] for tool in (found.structured_content or {}).get("tools", [])]
        check(not found.is_error and ("search_users" in hits or "find_users" in hits), f"{label} search finds the user search", hits)
        check("\n  query: string. " in text_of(found), f"{label} the text names each parameter", text_of(found))

        limited = await client.call_tool("search_tools", {"query": "user", "limit": 1})
        check(len(limited.structured_content["tools"]) == 1, f"{label} limit 1 answers one tool", limited.structured_content)
        bad = await client.call_tool("search_tools", {"query": "user", "limit": 0})
        check(bad.is_error and "`limit`" in text_of(bad), f"{label} a bad limit is a tool error naming it", text_of(bad))

        with warnings_of_sdk() as warned:
            routed = await client.call_tool("call_tool", {"name": "add", "arguments": {"a": 2, "b": 3}})
        check(not routed.is_error and routed.structured_content["data"] == 5, f"{label} call_tool runs add", routed.structured_content)
        # call_tool is listed: the SDK finds it in its cache, re-lists nothing and warns of nothing
        check(not any("not listed by server" in w for w in warned), f"{label} call_tool: no warning of an unlisted tool", warned)
        with warnings_of_sdk() as warned:
            direct = await client.call_tool("add", {"a": 2, "b": 3})
        check(not direct.is_error and direct.structured_content["data"] == 5, f"{label} add, unlisted, is called directly", direct.structured_content)
        # the trade-off of a direct call (docs/guide/12-tool-search.md): the SDK cannot check the
        # result of a tool it was not listed, says so, and answers all the same
        check(any("Tool add not listed by server" in w for w in warned), f"{label} a direct call of an unlisted tool: the SDK's warning", warned)

        routed = await client.call_tool("call_tool", {"name": "add", "arguments": {"a": "two", "b": 3}})
        direct = await client.call_tool("add", {"a": "two", "b": 3})
        check(routed.is_error and "`a`" in text_of(routed), f"{label} call_tool: a bad argument is named", text_of(routed))
        check(text_of(routed) == text_of(direct), f"{label} the same error as a direct call", (text_of(routed), text_of(direct)))


async def main() -> int:
    if sys.argv[1] == "--":
        command = sys.argv[2:]
        target = StdioServerParameters(command=command[0], args=command[1:], env={"RUST_LOG": "error"})
    else:
        target = sys.argv[1]
    for mode in ["auto", "legacy"]:
        await run(target, mode)
    return REPORT.summary()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
