// The host's page: renders a tool's view in a sandboxed iframe (another origin, the view's
// CSP as an HTTP header) and talks to it with the ext-apps SDK's AppBridge, as real hosts
// do. Tool calls the view makes go to the host's backend, which holds the MCP connection.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

const post = async (path, body) => {
  const response = await fetch(path, { method: "POST", body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};

let current = null;

// Calls `tool` through the backend and shows its result in the tool's view. `offscreen`
// places the frame far below the fold, as a chat does with a view that arrives while the
// reader looks at earlier messages (the browser then skips the frame's rendering);
// `styles` is the host context's ext-apps `styles` ({variables, css}).
// `via: "call_tool"` calls it through tool search's `call_tool` (see host.mjs).
window.openTool = async ({ tool, arguments: args, theme, width, offscreen, styles, via }) => {
  const opened = await post("/api/open", { tool, arguments: args, via });
  const stage = document.getElementById("stage");
  stage.textContent = "";
  stage.style.width = (width || 420) + "px";
  stage.style.position = offscreen ? "absolute" : "";
  stage.style.top = offscreen ? "5000px" : "";
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = tool;
  iframe.style.cssText = "width:100%;height:120px;border:1px solid #999;display:block";
  stage.append(iframe);

  const context = {
    theme: theme || "light",
    displayMode: "inline",
    toolInfo: { tool: opened.tool },
    containerDimensions: { width: width || 420, maxHeight: 4000 },
    ...(styles ? { styles } : {}),
  };
  const bridge = new AppBridge(
    null,
    { name: "toolshape-test-host", version: "1.0.0" },
    { serverTools: {}, logging: {} },
    { hostContext: context },
  );
  bridge.oncalltool = (params) => post("/api/call", params);
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = height + "px";
  };
  const initialized = new Promise((resolve) => (bridge.oninitialized = resolve));
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.src = opened.viewUrl;
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(opened.result);
  current = { bridge, context };
  return { result: opened.result, resource: opened.resource };
};

window.setTheme = (theme) => {
  current.context = { ...current.context, theme };
  current.bridge.setHostContext(current.context);
};

// The host's style variables change (a host theme switch): sent as a host-context change.
window.setStyles = (styles) => {
  current.context = { ...current.context, styles };
  current.bridge.setHostContext(current.context);
};

// Brings an offscreen frame back into the page's flow.
window.reveal = () => {
  const stage = document.getElementById("stage");
  stage.style.position = "";
  stage.style.top = "";
};
