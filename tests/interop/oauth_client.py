#!/usr/bin/env python3
"""The official Python `mcp` SDK doing MCP's OAuth flow against the users example.

Usage: oauth_client.py MCP_URL ISSUER

MCP_URL is the users example served with `--http ADDR --issuer ISSUER --audience MCP_URL`;
ISSUER is the authorization server of tests/oauth/server.mjs (oidc-provider), whose
client-credentials clients are `reader` (allowed `users:read`) and `writer` (allowed
`users:read users:write`). The client is given only MCP_URL and its client id and secret
(the SDK's `ClientCredentialsOAuthProvider`): everything else it finds itself, and this
script checks every HTTP request it made for that:

1. its first request to MCP_URL, without a token, is answered `401` with
   `WWW-Authenticate: Bearer resource_metadata="…"`;
2. it reads that Protected Resource Metadata (RFC 9728), which names ISSUER;
3. it reads ISSUER's metadata (RFC 8414 or OpenID Connect discovery) and posts to the token
   endpoint found there, with `resource` = MCP_URL (RFC 8707) and the scope the `401` named;
4. it retries with `Authorization: Bearer …` and is answered.

In each of the SDK's modes (default: 2026-07-28; `legacy`: `initialize`, 2025-11-25 with a
session):
- `reader` lists only the read tools and calls one; its call of `create_user` is answered
  `403 insufficient_scope`, the SDK asks for `users:write`, and the authorization server
  refuses it (`invalid_scope`): the call fails and no user is created;
- `writer` lists the read tools with its first token (the server's baseline scope), then
  calls `create_user`: `403 insufficient_scope` with `scope="users:read users:write"`, the
  SDK steps up (a new token with both scopes), the retried call creates the user; its
  listing then has the write tools too, and the new user reads back.

The e-mail of each created user is `writer-<mode>@example.org`; the calling test checks the
database for them (and for no `reader-…` user). Prints one line per check and a final
`N passed, M failed` (`report.py`); exits 1 on any failure or when no check ran.
"""

from __future__ import annotations

import asyncio
import sys
import traceback
import warnings
from dataclasses import dataclass
from urllib.parse import parse_qs

import httpx2
from mcp import Client
from mcp.client.auth import TokenStorage
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from report import Report

READS = ["get_user_by_id", "search_user"]
WRITES = ["create_user", "delete_user", "update_user"]
MODES = [("default", "auto", "2026-07-28"), ("legacy", "legacy", "2025-11-25")]

REPORT = Report()
check = REPORT.check


class Memory(TokenStorage):
    """Tokens and client information in memory: a fresh client each run."""

    def __init__(self) -> None:
        self.tokens = None
        self.client_info = None

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens) -> None:
        self.tokens = tokens

    async def get_client_info(self):
        return self.client_info

    async def set_client_info(self, client_info) -> None:
        self.client_info = client_info


@dataclass
class Exchange:
    method: str
    url: str
    status: int
    authorization: str
    form: dict[str, str]
    challenge: str


def recorder(exchanges: list[Exchange]):
    """An httpx event hook noting every request the client sent (the OAuth flow's included)."""

    async def hook(response: httpx2.Response) -> None:
        request = response.request
        form = {}
        if request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
            form = {k: v[0] for k, v in parse_qs(request.content.decode()).items()}
        exchanges.append(
            Exchange(
                request.method,
                str(request.url),
                response.status_code,
                request.headers.get("authorization", ""),
                form,
                response.headers.get("www-authenticate", ""),
            )
        )

    return hook


def challenge_param(challenge: str, name: str) -> str | None:
    marker = f'{name}="'
    start = challenge.find(marker)
    if start < 0:
        return None
    start += len(marker)
    return challenge[start : challenge.index('"', start)]


def flow_text(exchanges: list[Exchange]) -> str:
    return "\n".join(
        f"    {e.method} {e.url} -> {e.status} {e.challenge} {e.form or ''}" for e in exchanges
    )


def check_discovery(label: str, exchanges: list[Exchange], url: str, issuer: str, scope: str) -> None:
    """The first exchanges are the discovery and the token request, in order."""
    what = f"{label}: discovery from the 401"
    flow = flow_text(exchanges)
    if not check(len(exchanges) >= 5, what, f"too few requests:\n{flow}"):
        return
    first = exchanges[0]
    if not check(
        first.url == url and first.status == 401 and not first.authorization,
        f"{what}: the first request, without a token, is answered 401",
        flow,
    ):
        return
    metadata_url = challenge_param(first.challenge, "resource_metadata")
    check(metadata_url is not None, f"{what}: the 401 names resource_metadata", first.challenge)
    rest = exchanges[1:]
    prm = next((e for e in rest if e.url == metadata_url), None)
    check(prm is not None and prm.status == 200, f"{what}: the resource metadata it named is read", flow)
    asm = next(
        (
            e
            for e in rest
            if e.method == "GET" and e.url.startswith(issuer + "/.well-known/") and e.status == 200
        ),
        None,
    )
    check(asm is not None, f"{what}: the issuer's metadata is read", flow)
    token = next((e for e in rest if e.method == "POST" and e.url.startswith(issuer)), None)
    if not check(token is not None, f"{what}: a token is asked of the issuer", flow):
        return
    check(
        rest.index(prm) < rest.index(asm) < rest.index(token),
        f"{what}: resource metadata, then issuer metadata, then the token",
        flow,
    )
    check(
        token.status == 200
        and token.form.get("grant_type") == "client_credentials"
        and token.form.get("resource") == url
        and token.form.get("scope") == scope,
        f"{what}: the token request has resource={url} and scope={scope}",
        f"{token.status} {token.form}",
    )
    retried = rest[rest.index(token) + 1]
    check(
        retried.url == url and retried.authorization.startswith("Bearer ") and retried.status == 200,
        f"{what}: the request is retried with the bearer token and answered",
        flow,
    )


def chain(error: BaseException) -> str:
    """Every message of an error, its causes and the errors of an exception group."""
    seen = []
    stack = [error]
    while stack:
        e = stack.pop()
        if e is None or any(e is s for s in seen):
            continue
        seen.append(e)
        stack.extend(getattr(e, "exceptions", ()))
        stack.extend([e.__cause__, e.__context__])
    return " | ".join(f"{type(e).__name__}: {e}" for e in seen)


def connect(url: str, client_id: str, mode: str, exchanges: list[Exchange]):
    provider = ClientCredentialsOAuthProvider(
        server_url=url,
        storage=Memory(),
        client_id=client_id,
        client_secret=f"{client_id}-secret",
    )
    http = httpx2.AsyncClient(
        auth=provider,
        event_hooks={"response": [recorder(exchanges)]},
        timeout=httpx2.Timeout(30, read=300),
    )
    return http, Client(streamable_http_client(url, http_client=http), mode=mode)


async def names(client: Client) -> list[str]:
    return sorted(tool.name for tool in (await client.list_tools()).tools)


async def reader(url: str, issuer: str, label: str, mode: str, version: str) -> None:
    label = f"reader, {label}"
    exchanges: list[Exchange] = []
    http, client = connect(url, "reader", mode, exchanges)
    async with http:
        async with client:
            check(client.protocol_version == version, f"{label}: protocol {version}", client.protocol_version)
            listed = await names(client)
            check(listed == READS, f"{label}: tools/list shows only the reads", listed)
            result = await client.call_tool("get_user_by_id", {"id": 42})
            text = result.content[0].text if result.content else ""
            check(not result.is_error and "Alice" in text, f"{label}: get_user_by_id answers", text)
        check_discovery(label, exchanges, url, issuer, "users:read")

    # A write, refused: the server answers 403 insufficient_scope, the SDK asks for more
    # scope, and the authorization server does not grant `users:write` to this client.
    exchanges = []
    http, client = connect(url, "reader", mode, exchanges)
    error: BaseException | None = None
    result = None
    async with http:
        try:
            async with client:
                result = await client.call_tool(
                    "create_user",
                    {"name": "Reader", "surname": "Write", "email": f"reader-{mode}@example.org"},
                )
        except BaseException as e:  # noqa: BLE001 - the SDK raises an exception group
            error = e
    forbidden = [e for e in exchanges if e.status == 403]
    check(
        bool(forbidden) and challenge_param(forbidden[0].challenge, "error") == "insufficient_scope"
        and "users:write" in (challenge_param(forbidden[0].challenge, "scope") or ""),
        f"{label}: create_user is answered 403 insufficient_scope naming users:write",
        flow_text(exchanges),
    )
    refused = [e for e in exchanges if e.method == "POST" and e.url.startswith(issuer) and e.status == 400]
    check(
        error is not None and "invalid_scope" in chain(error) and bool(refused),
        f"{label}: the step-up to users:write is refused by the authorization server, the call fails",
        chain(error) if error else f"no error; result {result}",
    )


async def writer(url: str, issuer: str, label: str, mode: str, version: str) -> None:
    label = f"writer, {label}"
    exchanges: list[Exchange] = []
    http, client = connect(url, "writer", mode, exchanges)
    email = f"writer-{mode}@example.org"
    async with http:
        async with client:
            check(client.protocol_version == version, f"{label}: protocol {version}", client.protocol_version)
            listed = await names(client)
            check(listed == READS, f"{label}: with the baseline token, tools/list shows the reads", listed)
            check_discovery(label, exchanges, url, issuer, "users:read")
            before = len(exchanges)
            result = await client.call_tool(
                "create_user", {"name": "Writer", "surname": mode.title(), "email": email}
            )
            text = result.content[0].text if result.content else ""
            check(
                not result.is_error and "User successfully created" in text and email in text,
                f"{label}: create_user creates the user",
                text,
            )
            step = exchanges[before:]
            forbidden = next((e for e in step if e.status == 403), None)
            token = next((e for e in step if e.method == "POST" and e.url.startswith(issuer)), None)
            check(
                forbidden is not None
                and challenge_param(forbidden.challenge, "error") == "insufficient_scope"
                and challenge_param(forbidden.challenge, "scope") == "users:read users:write"
                and token is not None
                and token.status == 200
                and token.form.get("scope") == "users:read users:write"
                and token.form.get("resource") == url,
                f"{label}: 403 insufficient_scope, then a token for users:read users:write",
                flow_text(step),
            )
            listed = await names(client)
            check(listed == sorted(READS + WRITES), f"{label}: with the new token, tools/list shows all", listed)
            user_id = next(
                (line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("User ID:")),
                None,
            )
            result = await client.call_tool("get_user_by_id", {"id": int(user_id or 0)})
            read = result.content[0].text if result.content else ""
            check(not result.is_error and email in read, f"{label}: the new user reads back", read)


async def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    url, issuer = sys.argv[1], sys.argv[2].rstrip("/")
    # The provider is given no issuer: it must find it from the server (the SDK warns that
    # its 3.0 will want one, to pin where the credentials may go).
    warnings.simplefilter("ignore")
    for label, mode, version in MODES:
        for run in (reader, writer):
            try:
                await run(url, issuer, label, mode, version)
            except BaseException as e:  # noqa: BLE001
                check(False, f"{run.__name__}, {label}", chain(e))
                traceback.print_exc()
    return REPORT.summary()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
