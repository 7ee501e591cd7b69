#!/usr/bin/env python3
"""The official Python `mcp` SDK told that a server's tools changed.

Usage: list_changed_client.py MCP_URL

The server (tests/tests/tool_switch_e2e.rs) serves `add`, `restart_billing` and
`maintenance(on)`, a tool that turns `restart_billing` off (`on: true`) or back on through
the server's `ToolSwitch`. In the SDK's legacy mode (`initialize`, 2025-11-25, a session
with its standalone event stream), this script checks that the server advertises
`tools.listChanged`, that each change reaches it as `notifications/tools/list_changed`, and
that listing again shows the change (a call of the tool turned off is refused).

Prints one line per check and a final `N passed, M failed` (`report.py`); exits 1 on any failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import sys

import anyio
from mcp import Client
from mcp.shared.exceptions import MCPError
from report import Report

REPORT = Report()
check = REPORT.check


async def main() -> int:
    url = sys.argv[1]
    changes: list[str] = []
    arrived = anyio.Event()

    async def on_message(message) -> None:
        nonlocal arrived
        method = getattr(message, "method", None) or getattr(getattr(message, "root", None), "method", None)
        if method == "notifications/tools/list_changed":
            changes.append(method)
            arrived.set()

    async def names(client: Client) -> list[str]:
        return sorted(tool.name for tool in (await client.list_tools()).tools)

    async def wait(count: int) -> None:
        nonlocal arrived
        with anyio.move_on_after(5):
            while len(changes) < count:
                await arrived.wait()
                arrived = anyio.Event()

    async with Client(url, mode="legacy", message_handler=on_message) as client:
        check(client.protocol_version == "2025-11-25", "negotiated 2025-11-25", client.protocol_version)
        tools = client.server_capabilities.tools
        check(tools is not None and tools.list_changed is True, "tools.listChanged advertised", tools)
        listed = await names(client)
        check(listed == ["add", "maintenance", "restart_billing"], "tools/list", listed)

        await client.call_tool("maintenance", {"on": True})
        await wait(1)
        check(len(changes) == 1, "turned off: notifications/tools/list_changed", changes)
        listed = await names(client)
        check(listed == ["add", "maintenance"], "listed again: restart_billing is gone", listed)
        try:
            result = await client.call_tool("restart_billing", {})
            check(False, "a call of restart_billing is refused", result)
        except MCPError as e:
            check("restart_billing" in str(e), "a call of restart_billing is refused", e)

        await client.call_tool("maintenance", {"on": False})
        await wait(2)
        check(len(changes) == 2, "turned on: notifications/tools/list_changed", changes)
        listed = await names(client)
        check(listed == ["add", "maintenance", "restart_billing"], "listed again: restart_billing is back", listed)
        result = await client.call_tool("restart_billing", {})
        check(not result.is_error, "restart_billing runs", result)

    return REPORT.summary()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
