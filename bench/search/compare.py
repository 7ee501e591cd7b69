"""Tool search side by side: toolshape's ranking and FastMCP's BM25SearchTransform on the
same catalogue and requests, in one run.

    python3 compare.py TOOLSHAPE_RANKINGS.jsonl [--misses] [--markdown OUT.jsonl] [--public]

TOOLSHAPE_RANKINGS.jsonl is `search_rank --json`'s output (one request a line, its first five
tools); compare.sh produces it and calls this script. FastMCP sees the catalogue's tools
registered with their explicit JSON schemas (a `Tool` with `parameters`, as FastMCP's own
`Tool.from_function` produces), behind `BM25SearchTransform(max_results=5)`, and is asked
through an in-memory client calling `search_tools`, as a model would. Its results are
rendered with FastMCP's markdown serializer, so the ranking is read from the `### name`
headings of the text the model would see.

With `--public`, the second catalogue (`public_catalogue.json`, `public_requests.json`;
the rankings from `search_rank --set public --json`).

It also asks FastMCP the requests of `out_of_scope.json`, which no tool serves, and counts
those it answers with tools anyway (toolshape's figures: `search_rank --scope`).

`--markdown OUT.jsonl` also writes, for each request, FastMCP's markdown
(`serialize_tools_for_output_markdown`) of toolshape's first five tools: the same hits in
FastMCP's words, which `search_rank --tokens OUT.jsonl` sets beside toolshape's text.
"""

import asyncio
import json
import re
import sys
from pathlib import Path

import fastmcp
from fastmcp import Client, FastMCP
from fastmcp.server.transforms.search import (
    BM25SearchTransform,
    serialize_tools_for_output_markdown,
)
from fastmcp.tools.base import Tool, ToolResult
from mcp.types import ToolAnnotations

HERE = Path(__file__).parent


class CatalogueTool(Tool):
    """A catalogue tool: its schema as its server lists it; calling it is not measured."""

    async def run(self, arguments):
        return ToolResult(content=f"{self.name} called")


PUBLIC = "--public" in sys.argv


def load():
    # `--public`: the second catalogue (public MCP servers' tools) and its requests, all held out
    catalogue, asked = (
        ("public_catalogue.json", "public_requests.json")
        if PUBLIC
        else ("catalogue.json", "requests.json")
    )
    tools = json.loads((HERE / catalogue).read_text())["tools"]
    requests = json.loads((HERE / asked).read_text())["requests"]
    return tools, requests


def fastmcp_tool(entry):
    annotations = entry.get("annotations")
    return CatalogueTool(
        name=entry["name"],
        title=entry.get("title"),
        description=entry.get("description"),
        parameters=entry["inputSchema"],
        annotations=ToolAnnotations(**annotations) if annotations else None,
    )


async def fastmcp_rankings(tools, requests):
    server = FastMCP("catalogue")
    for entry in tools:
        server.add_tool(fastmcp_tool(entry))
    server.add_transform(
        BM25SearchTransform(
            max_results=5, search_result_serializer=serialize_tools_for_output_markdown
        )
    )
    rankings = []
    async with Client(server) as client:
        listed = await client.list_tools()
        assert {t.name for t in listed} == {"search_tools", "call_tool"}, listed
        for request in requests:
            result = await client.call_tool("search_tools", {"query": request["query"]})
            text = result.content[0].text
            rankings.append(re.findall(r"^### (\S+)$", text, re.M))
    return rankings


def rank_of(ranking, expected):
    return ranking.index(expected) + 1 if expected in ranking[:5] else None


def quality(ranks):
    n = max(len(ranks), 1)
    within = lambda k: sum(1 for r in ranks if r is not None and r <= k) / n
    mrr = sum(1 / r for r in ranks if r is not None) / n
    return within(1), within(3), within(5), mrr


def main():
    tools, requests = load()
    ours = [json.loads(line) for line in Path(sys.argv[1]).read_text().splitlines() if line]
    assert [o["query"] for o in ours] == [r["query"] for r in requests], "rankings out of step"
    theirs = asyncio.run(fastmcp_rankings(tools, requests))
    print(f"{len(tools)} tools, {len(requests)} requests; FastMCP {fastmcp.__version__}")
    print(f"{'requests':<22}{'':<11}{'recall@1':>9}{'recall@3':>9}{'recall@5':>9}{'MRR':>7}")
    for split in ["development", "held_out", None]:
        picked = [i for i, r in enumerate(requests) if split is None or r["split"] == split]
        if not picked:
            continue
        label = f"{split or 'all'} ({len(picked)})"
        for name, rankings in [("toolshape", [o["ranking"] for o in ours]), ("FastMCP BM25", theirs)]:
            ranks = [rank_of(rankings[i], requests[i]["expected"]) for i in picked]
            r1, r3, r5, mrr = quality(ranks)
            print(f"{label:<22}{name:<13}{r1:>7.3f}{r3:>9.3f}{r5:>9.3f}{mrr:>7.3f}")
            label = ""
    # requests no tool serves: FastMCP's BM25 has no notion of a weak match, so what counts
    # is whether it answers tools at all; toolshape's confident matches are search_rank --scope's
    unserved = [] if PUBLIC else json.loads((HERE / "out_of_scope.json").read_text())["requests"]
    answered = asyncio.run(fastmcp_rankings(tools, unserved))
    for split in ["development", "held_out", None] if unserved else []:
        picked = [i for i, r in enumerate(unserved) if split is None or r["split"] == split]
        some = sum(1 for i in picked if answered[i])
        print(f"out of scope, {split or 'all'} ({len(picked)}): FastMCP BM25 answers tools to {some}")
    if "--markdown" in sys.argv:
        by_name = {entry["name"]: fastmcp_tool(entry) for entry in tools}
        with open(sys.argv[sys.argv.index("--markdown") + 1], "w") as out:
            for line in ours:
                hits = [by_name[name] for name in line["ranking"]]
                markdown = serialize_tools_for_output_markdown(hits)
                out.write(json.dumps({"query": line["query"], "markdown": markdown}) + "\n")
    if "--misses" in sys.argv:
        for i, r in enumerate(requests):
            a, b = rank_of(ours[i]["ranking"], r["expected"]), rank_of(theirs[i], r["expected"])
            if a != 1 or b != 1:
                print(f"{r['split'][:3]} {r['query']!r} -> {r['expected']}: toolshape {a}, FastMCP {b}")


if __name__ == "__main__":
    main()
