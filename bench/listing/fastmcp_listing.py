"""Prints FastMCP's `tools/list` result for the comparison's tools as the server sends it:
the `ListToolsResult` as JSON, aliases and no nulls, as the MCP Python SDK writes it."""

import asyncio
import sys

from fastmcp import Client

from fastmcp_tools import mcp


async def main():
    async with Client(mcp) as client:
        result = await client.list_tools_mcp()
    sys.stdout.write(result.model_dump_json(by_alias=True, exclude_none=True))


asyncio.run(main())
