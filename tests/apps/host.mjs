// A minimal MCP Apps host: its backend talks to MCP servers over streamable HTTP (the
// official client), its page (page.js, bundled with esbuild) renders a tool's view in a
// sandboxed iframe served from a second origin with the view's Content Security Policy.
//
// Backend routes: POST /api/open {tool, arguments} lists the tools, reads the tool's view
// (`_meta.ui.resourceUri`), calls the tool, and answers {tool, resource, viewUrl, result};
// with `via: "call_tool"` it calls the tool through tool search's `call_tool` and reads the
// view from the result's `_meta.ui.resourceUri` instead;
// POST /api/call {name, arguments} is a `tools/call` the view makes through the host.
// With several servers (replicas of one), calls go round robin, as behind a load balancer.
import http from "node:http";
import { build } from "esbuild";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const MIME = "text/html;profile=mcp-app";

// The spec's default policy, widened only by what the resource's `_meta.ui.csp` declares.
export function cspOf(meta) {
  const csp = (meta && meta.ui && meta.ui.csp) || {};
  const list = (domains, none) => (domains && domains.length ? domains.join(" ") : none);
  const resources = list(csp.resourceDomains, "");
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`,
    `style-src 'unsafe-inline' ${resources}`,
    `img-src data: ${resources}`,
    `font-src data: ${resources}`,
    `media-src data: ${resources}`,
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'none'")}`,
  ].join("; ");
}

const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));

const body = (request) =>
  new Promise((resolve, reject) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => resolve(data ? JSON.parse(data) : {}));
    request.on("error", reject);
  });

export async function startHost(mcpUrls) {
  const clients = [];
  for (const url of mcpUrls) {
    const client = new Client({ name: "toolshape-test-host", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
  }
  let turn = 0;
  const next = () => clients[turn++ % clients.length];
  const calls = []; // every tools/call, with the replica it went to

  const bundle = await build({
    entryPoints: [new URL("./page.js", import.meta.url).pathname],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    logLevel: "silent",
  });
  const pageScript = bundle.outputFiles[0].text;

  // The views' origin: each opened view at /view/N, with its CSP header.
  const views = [];
  const sandbox = http.createServer((request, response) => {
    const n = Number((request.url.match(/^\/view\/(\d+)$/) || [])[1]);
    const view = views[n];
    if (!view) return response.writeHead(404).end();
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": cspOf(view._meta),
    });
    response.end(view.text);
  });
  const sandboxPort = await listen(sandbox);

  const callTool = async (params) => {
    const index = turn % clients.length;
    const result = await next().callTool({ name: params.name, arguments: params.arguments || {} });
    calls.push({ name: params.name, replica: index });
    return result;
  };

  // A call through tool search's `call_tool`: the host sees a call of `call_tool`, whose
  // listing entry names no view; a host that reads a result's `_meta.ui.resourceUri` (as
  // MCP Apps drafts propose; the 2026-01-26 specification reads only the listing) renders
  // the view the result names.
  const openThrough = async (tools, tool, args) => {
    const listed = tools.find((t) => t.name === "call_tool");
    if (!listed) throw new Error("no call_tool listed");
    const result = await callTool({ name: "call_tool", arguments: { name: tool, arguments: args || {} } });
    const uri = result._meta && result._meta.ui && result._meta.ui.resourceUri;
    if (!uri) throw new Error(`call_tool's result for ${tool} has no _meta.ui.resourceUri`);
    const read = await next().readResource({ uri });
    const resource = read.contents[0];
    if (resource.mimeType !== MIME) throw new Error(`${uri} is ${resource.mimeType}, not ${MIME}`);
    views.push(resource);
    return {
      tool: listed,
      resource: { uri, mimeType: resource.mimeType, _meta: resource._meta, bytes: resource.text.length },
      viewUrl: `http://127.0.0.1:${sandboxPort}/view/${views.length - 1}`,
      result,
    };
  };

  const routes = {
    "/api/open": async ({ tool, arguments: args, via }) => {
      const { tools } = await clients[0].listTools();
      if (via === "call_tool") return openThrough(tools, tool, args);
      const listed = tools.find((t) => t.name === tool);
      if (!listed) throw new Error(`no tool ${tool}`);
      const uri = listed._meta && listed._meta.ui && listed._meta.ui.resourceUri;
      if (!uri) throw new Error(`${tool} has no _meta.ui.resourceUri`);
      const read = await next().readResource({ uri });
      const resource = read.contents[0];
      if (resource.mimeType !== MIME) throw new Error(`${uri} is ${resource.mimeType}, not ${MIME}`);
      views.push(resource);
      const result = await callTool({ name: tool, arguments: args });
      return {
        tool: listed,
        resource: { uri, mimeType: resource.mimeType, _meta: resource._meta, bytes: resource.text.length },
        viewUrl: `http://127.0.0.1:${sandboxPort}/view/${views.length - 1}`,
        result,
      };
    },
    "/api/call": (params) => callTool(params),
  };

  const page = http.createServer(async (request, response) => {
    try {
      if (request.method === "GET" && request.url === "/") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return response.end(
          '<!doctype html><meta charset="utf-8"><title>test host</title>' +
            '<body style="margin:8px;background:#ddd"><div id="stage"></div>' +
            '<script type="module" src="/page.js"></script></body>',
        );
      }
      if (request.url === "/favicon.ico") return response.writeHead(204).end();
      if (request.method === "GET" && request.url === "/page.js") {
        response.writeHead(200, { "content-type": "text/javascript" });
        return response.end(pageScript);
      }
      const route = routes[request.url];
      if (request.method !== "POST" || !route) return response.writeHead(404).end();
      const answer = await route(await body(request));
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    } catch (error) {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error && error.stack || error));
    }
  });
  const port = await listen(page);

  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    // a call the test makes itself, beside the view (to read the state)
    call: (name, args) => next().callTool({ name, arguments: args || {} }),
    // the host's listing, as its model sees it
    list: async () => (await clients[0].listTools()).tools,
    async close() {
      for (const client of clients) await client.close().catch(() => {});
      page.close();
      sandbox.close();
    },
  };
}
