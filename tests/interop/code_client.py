#!/usr/bin/env python3
"""The official Python `mcp` SDK on a server with code mode (`ontap --search --code-mode`).

Usage: code_client.py MCP_URL | code_client.py -- SERVER_COMMAND [ARGS...]

In both of the SDK's modes (2026-07-28 and legacy 2025-11-25), over streamable HTTP (a URL)
or stdio (a command), this script checks that `tools/list` answers `execute` beside the
pinned tools, `search_tools` and `call_tool`; that a search shows a tool as the function a
script calls; that a script calling several tools (one of them an action) answers its value
(`structuredContent.result`, and the compact text); that `undo_last_action` then undoes the
script's action; and that a sandbox refusal is a tool error naming its cause.

Prints one line per check and a final `N passed, M failed` (`report.py`); exits 1 on any
failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import sys

from mcp import Client, StdioServerParameters
from report import Report

REPORT = Report()
check = REPORT.check

HR_02 = "6d6f6583-40ff-432a-97bf-589ecbe29ec9"

SCRIPT = f"""
import asyncio
data = await cluster_list_volumes(svm_name='svm_hr')
before = await get_volume_configuration(volume_uuid='{HR_02}')
await cluster_resize_volume(volume_uuid='{HR_02}', size=before['size'] + 2 ** 30)
after = await call_tool('get_volume_configuration', {{'volume_uuid': '{HR_02}'}})
return [{{'name': v['name'], 'used_percent': v['used_percent']}} for v in data['volumes']] + [{{'name': 'grown', 'used_percent': after['size'] - before['size']}}]
"""


def text_of(result) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def run(target, mode: str) -> None:
    label = f"[{mode}]"
    async with Client(target, mode=mode, read_timeout_seconds=30) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        check({"execute", "search_tools", "call_tool"} <= set(names), f"{label} tools/list: execute beside search's two", names)

        found = await client.call_tool("search_tools", {"query": "resize a volume", "limit": 1})
        check(text_of(found).startswith("cluster_resize_volume(size: int, volume_uuid: str) -> {"), f"{label} search shows the function a script calls", text_of(found))

        ran = await client.call_tool("execute", {"code": SCRIPT})
        result = (ran.structured_content or {}).get("result")
        check(not ran.is_error and isinstance(result, list) and result[-1] == {"name": "grown", "used_percent": 2 ** 30}, f"{label} a script of four calls answers its value", (text_of(ran), result))
        check(text_of(ran).startswith("name,used_percent\nvol_hr_01,"), f"{label} the text is the compact layout", text_of(ran))
        calls = (ran.meta or {}).get("dev.toolshape/provenance", {}).get("calls", [])
        check([c["tool"] for c in calls] == ["cluster_list_volumes", "get_volume_configuration", "cluster_resize_volume", "get_volume_configuration"], f"{label} the provenance lists the calls", calls)

        undone = await client.call_tool("undo_last_action", {})
        data = (undone.structured_content or {}).get("data", {})
        check(not undone.is_error and data.get("undone", {}).get("action") == "cluster_resize_volume" and data["undone"]["state_restored"], f"{label} undo_last_action undoes the script's action", data)

        refused = await client.call_tool("execute", {"code": "import os\nreturn os.getenv('HOME')"})
        check(refused.is_error and "line 2" in text_of(refused) and "PermissionError" in text_of(refused), f"{label} a sandbox refusal names the line and the cause", text_of(refused))


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
