"""Drives the `users` example server (format = "text") with the Python `mcp` SDK.

    python3 -m venv V && V/bin/pip install mcp
    cargo build -p toolshape-examples --bin users
    V/bin/python examples/python/users_client.py target/debug/users

Checks, in both client modes (2026-07-28 discovery and the legacy `initialize`), that every
result is text content only: one text block, no structuredContent, no outputSchema, and the
provenance in `_meta` whose data_hash is the SHA-256 of the text's UTF-8 bytes.
"""

import asyncio
import hashlib
import sys

from mcp import Client, StdioServerParameters

EXAMPLE_1 = """```
User ID: 42
Name: Alice
Surname: Johnson
Email: alice@example.com
Phone: +1234567890
Company: Google
Salary: $120,000.00
About: Software engineer with 10 years experience
```"""


def text_only(result, is_error=False):
    assert bool(result.is_error) == is_error, result
    assert result.structured_content is None, result
    assert len(result.content) == 1 and result.content[0].type == "text", result
    text = result.content[0].text
    provenance = (result.meta or {})["dev.toolshape/provenance"]
    if is_error:
        assert "data_hash" not in provenance, provenance
    else:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        assert provenance["data_hash"] == f"sha256:{digest}", provenance
    return text


async def run(server: str, mode: str | None) -> None:
    params = StdioServerParameters(command=server, args=[])
    kwargs = {"mode": mode} if mode else {}
    async with Client(params, **kwargs) as client:
        tools = (await client.list_tools()).tools
        assert sorted(t.name for t in tools) == [
            "create_user", "delete_user", "get_user_by_id", "search_user", "update_user"
        ], tools
        assert all(t.output_schema is None for t in tools), tools

        assert text_only(await client.call_tool("get_user_by_id", {"id": 42})) == EXAMPLE_1
        found = text_only(await client.call_tool("search_user", {"name": "john"}))
        assert found.startswith("Found 2 users:\n\n```\nUser ID: 15\n"), found
        none = text_only(await client.call_tool("search_user", {"name": "zed"}))
        assert none == "No users found matching your criteria.", none
        created = text_only(await client.call_tool(
            "create_user", {"name": "Eve", "surname": "Q", "email": "eve@example.com"}))
        assert created.startswith("User successfully created:\n\n```\nUser ID: 43\n"), created
        deleted = text_only(await client.call_tool("delete_user", {"id": 43}))
        assert deleted == "User successfully deleted", deleted
        error = text_only(await client.call_tool("delete_user", {"id": 43}), is_error=True)
        assert error == "Error: User with ID 43 not found", error
        print(f"mode={mode or 'default'}: ok")


async def main() -> None:
    server = sys.argv[1] if len(sys.argv) > 1 else "target/debug/users"
    for mode in (None, "legacy"):
        await run(server, mode)


asyncio.run(main())
