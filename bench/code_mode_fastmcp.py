"""FastMCP 4.1.6's CodeMode (Monty sandbox, PyPI pydantic-monty) on the script of
`bench/src/bin/code_mode.rs`'s timing: one `execute` of five `get_volume_configuration` calls,
in process (FastMCP's `Client(server)`, as toolshape's bench uses rmcp's client in memory),
over the same tool declared in FastMCP, answering the same data (bench/code_mode_volumes.json,
the ontap example's configurations). Prints the median of 300 executes, five direct calls, and
the text each answers.

    python3 -m venv V && V/bin/pip install fastmcp==4.1.6 pydantic-monty==1.4.0
    V/bin/python bench/code_mode_fastmcp.py
"""

import asyncio
import json
import pathlib
import statistics
import time

from fastmcp import Client, FastMCP
from fastmcp.experimental.transforms.code_mode import CodeMode

VOLUMES = json.loads((pathlib.Path(__file__).parent / "code_mode_volumes.json").read_text())
UUIDS = list(VOLUMES)

mcp = FastMCP("ontap")


@mcp.tool
def get_volume_configuration(volume_uuid: str) -> dict:
    """Read a volume's configuration: size, state, policies, autosize."""
    return VOLUMES[volume_uuid]


mcp.add_transform(CodeMode())

SCRIPT = "\n".join(
    f"{name} = await call_tool('get_volume_configuration', {{'volume_uuid': '{uuid}'}})"
    for name, uuid in zip("abcde", UUIDS)
) + "\nreturn [x['size'] for x in [a, b, c, d, e]]"

# the same five direct calls, on a server without the transform
plain = FastMCP("ontap-plain")
plain.tool(get_volume_configuration.fn if hasattr(get_volume_configuration, "fn") else get_volume_configuration)


async def main():
    runs = 300
    async with Client(mcp) as client, Client(plain) as direct_client:
        first = await client.call_tool("execute", {"code": SCRIPT})
        print("answer text:", first.content[0].text)
        executes, directs = [], []
        for _ in range(runs):
            started = time.perf_counter()
            await client.call_tool("execute", {"code": SCRIPT})
            executes.append((time.perf_counter() - started) * 1e3)
            started = time.perf_counter()
            for uuid in UUIDS:
                await direct_client.call_tool("get_volume_configuration", {"volume_uuid": uuid})
            directs.append((time.perf_counter() - started) * 1e3)
        execute, direct = statistics.median(executes), statistics.median(directs)
        print(
            f"one execute of a five-call script: {execute:.3f} ms at the median of {runs}; "
            f"five direct calls: {direct:.3f} ms ({execute / direct:.2f}x)"
        )


asyncio.run(main())
