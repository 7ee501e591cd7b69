#!/usr/bin/env python3
"""The official Python `mcp` SDK through a load balancer in front of replicas of the conformance
example, their tasks in one Redis (`--http ADDR --store redis://…`).

Usage: replicas_client.py FRONT_URL

The balancer (the test's round-robin proxy, or haproxy as the deploying guide configures it)
balances requests round robin, keeps a 2025-11-25 session on the replica that
created it (sticky on `Mcp-Session-Id`), and names the replica of each answer in an
`x-replica` header, which this script notes for every request the SDK sends.

- default mode (2026-07-28, stateless): `tools/list`, a call of `greet`, and a call of
  `slow_compute` that the server runs as a task. The SDK has no tasks client, so this script
  adds one as an SDK extension (`io.modelcontextprotocol/tasks`: it advertises the extension
  and resolves a `resultType: "task"` answer by polling `tasks/get`, at the interval the
  server asks for, until the task is done). The task's polls must land on more than one
  replica, at least one not the replica that created it, and the result is the tool's.
- legacy mode (`initialize`, 2025-11-25, a session): `tools/list` and calls of `greet` and
  `slow_compute` (a plain call here, of 0 s), every request of the session on one replica.
  Three sessions, one after the other, do not all land on the same replica.

Prints one line per check and a final `N passed, M failed` (`report.py`); exits 1 on any failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from typing import Any, Literal

import anyio
import httpx2
from mcp import Client
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult, Request, RequestParams, Result
from pydantic import ConfigDict
from report import Report

TASKS = "io.modelcontextprotocol/tasks"
TERMINAL = ("completed", "failed", "cancelled")

REPORT = Report()
check = REPORT.check


# --- a client for the tasks extension, on the SDK's extension interface -----------------


class CreatedTask(Result):
    """A `tools/call` answered with a task (`resultType: "task"`)."""

    model_config = ConfigDict(extra="allow")
    result_type: Literal["task"] = "task"
    task_id: str
    status: str
    poll_interval_ms: int | None = None


class TaskParams(RequestParams):
    task_id: str


class GetTask(Request[TaskParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    params: TaskParams
    # the task id goes in the `Mcp-Name` header too
    name_param = "taskId"


class TaskState(Result):
    model_config = ConfigDict(extra="allow")
    task_id: str
    status: str
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None


class Tasks(ClientExtension):
    """Tasks (2026-07-28): a task a `tools/call` starts is polled with `tasks/get` until it
    ends, and the call answers with the task's result."""

    identifier = TASKS

    def __init__(self) -> None:
        self.created: list[str] = []
        self.polls: list[str] = []

    def claims(self):
        return (ResultClaim(result_type="task", model=CreatedTask, resolve=self.resolve),)

    async def resolve(self, created: CreatedTask, ctx: ClaimContext) -> CallToolResult:
        self.created.append(created.task_id)
        interval = min((created.poll_interval_ms or 1000) / 1000, 1.0)
        for _ in range(120):
            await anyio.sleep(interval)
            state = await ctx.session.send_request(
                GetTask(params=TaskParams(task_id=created.task_id)), TaskState
            )
            self.polls.append(state.status)
            if state.status in TERMINAL:
                if state.status != "completed" or state.result is None:
                    raise RuntimeError(f"task {created.task_id} {state.status}: {state.error}")
                return CallToolResult.model_validate(state.result)
        raise RuntimeError(f"task {created.task_id} still running after 120 polls")


# --- which replica answered --------------------------------------------------------------


def recorder(seen: list[tuple[str, str, str]]):
    """(method, session, replica) of every request to the MCP endpoint."""

    async def hook(response: httpx2.Response) -> None:
        request = response.request
        method = request.headers.get("mcp-method", "")
        if not method and request.method == "POST":
            body = request.content
            method = "initialize" if b'"initialize"' in body else "legacy"
        seen.append(
            (
                method or request.method,
                request.headers.get("mcp-session-id", ""),
                response.headers.get("x-replica", ""),
            )
        )

    return hook


def connect(url: str, mode: str, seen: list, extensions=()):
    http = httpx2.AsyncClient(
        event_hooks={"response": [recorder(seen)]}, timeout=httpx2.Timeout(30, read=300)
    )
    return http, Client(
        streamable_http_client(url, http_client=http), mode=mode, extensions=list(extensions)
    )


def text(result: CallToolResult) -> str:
    return result.content[0].text if result.content else ""


async def modern(url: str) -> None:
    label = "2026-07-28"
    seen: list[tuple[str, str, str]] = []
    tasks = Tasks()
    http, client = connect(url, "auto", seen, [tasks])
    async with http, client:
        check(client.protocol_version == label, f"{label}: negotiated", client.protocol_version)
        listed = sorted(tool.name for tool in (await client.list_tools()).tools)
        check({"greet", "slow_compute"} <= set(listed), f"{label}: tools/list", listed)
        result = await client.call_tool("greet", {"name": "replicas"})
        check(text(result) == "Hello, replicas!", f"{label}: greet", text(result))

        before = len(seen)
        result = await client.call_tool("slow_compute", {"seconds": 2, "label": "across"})
        check(
            not result.is_error and text(result) == "Computed across in 2 s",
            f"{label}: slow_compute as a task, its result read by tasks/get",
            f"{text(result)!r}, tasks {tasks.created}, polls {tasks.polls}",
        )
        check(len(tasks.created) == 1, f"{label}: the call started a task", tasks.created)
        calls = [r for m, _, r in seen[before:] if m == "tools/call"]
        polls = [r for m, _, r in seen[before:] if m == "tasks/get"]
        check(
            len(calls) == 1 and len(polls) >= 2,
            f"{label}: one tools/call, then tasks/get polls",
            seen[before:],
        )
        check(
            len(set(polls)) >= 2 and any(r != calls[0] for r in polls) and all(polls),
            f"{label}: the task polled on replicas {polls}, created on {calls}",
            seen[before:],
        )
    replicas = {r for _, _, r in seen if r}
    check(len(replicas) >= 2, f"{label}: the client's requests went to replicas {sorted(replicas)}", seen)


async def legacy(url: str) -> None:
    label = "2025-11-25"
    sessions: list[str] = []
    for n in range(3):
        seen: list[tuple[str, str, str]] = []
        http, client = connect(url, "legacy", seen)
        async with http, client:
            check(client.protocol_version == label, f"{label} #{n}: negotiated", client.protocol_version)
            listed = sorted(tool.name for tool in (await client.list_tools()).tools)
            check({"greet", "slow_compute"} <= set(listed), f"{label} #{n}: tools/list", listed)
            result = await client.call_tool("greet", {"name": f"session {n}"})
            check(text(result) == f"Hello, session {n}!", f"{label} #{n}: greet", text(result))
            result = await client.call_tool("slow_compute", {"seconds": 0, "label": "here"})
            check(text(result) == "Computed here in 0 s", f"{label} #{n}: slow_compute", text(result))
        replicas = {r for _, _, r in seen if r}
        session_ids = {s for _, s, _ in seen if s}
        check(
            len(replicas) == 1 and len(session_ids) == 1 and len(seen) >= 5,
            f"{label} #{n}: every request of the session on one replica ({sorted(replicas)})",
            seen,
        )
        sessions.extend(replicas)
    check(len(set(sessions)) >= 2, f"{label}: the sessions went to replicas {sessions}", sessions)


async def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    url = sys.argv[1]
    for run in (modern, legacy):
        try:
            await run(url)
        except BaseException as e:  # noqa: BLE001 - the SDK raises exception groups
            check(False, run.__name__, repr(e))
            traceback.print_exc()
    return REPORT.summary()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
