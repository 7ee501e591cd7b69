// toolshape's built-in MCP Apps view: shows one tool result (narrative, data, plots, errors)
// and, for an action the undo journal recorded, an Undo button. It speaks the MCP Apps
// postMessage JSON-RPC itself (a few lines) rather than bundling the SDK, so the whole view
// stays one small page that needs no network, no eval and no blob: URLs.
"use strict";
(function () {
  const PROTOCOL = "2026-01-26";
  const UNDO_KEY = "dev.toolshape/undo";
  const $ = (id) => document.getElementById(id);
  let tool = null; // the tool's listing entry, when the host says it (hostContext.toolInfo)
  let args = null;

  // ---- JSON-RPC over postMessage, with the host (the parent window) ----
  let nextId = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage(Object.assign({ jsonrpc: "2.0" }, message), "*");
  const notify = (method, params) => send({ method, params: params || {} });
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ id, method, params: params || {} });
  });
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (!m || m.jsonrpc !== "2.0") return;
    if (m.method === undefined) {
      const waiting = pending.get(m.id);
      if (!waiting) return;
      pending.delete(m.id);
      if (m.error) waiting.reject(new Error(m.error.message || "the host refused the request"));
      else waiting.resolve(m.result);
      return;
    }
    const params = m.params || {};
    if (m.method === "ui/notifications/tool-input") showInput(params.arguments);
    else if (m.method === "ui/notifications/tool-result") showResult(params);
    else if (m.method === "ui/notifications/host-context-changed") applyContext(params);
    else if (m.method === "ui/notifications/tool-cancelled") showError("The call was cancelled" + (params.reason ? ": " + params.reason : "."));
    if (m.id !== undefined) send({ id: m.id, result: {} }); // ping, ui/resource-teardown
  });

  // ---- host context: theme, the host's style variables and fonts, the tool's listing ----
  function applyContext(context) {
    if (context.theme === "dark" || context.theme === "light") document.documentElement.dataset.theme = context.theme;
    if (context.styles) applyStyles(context.styles);
    if (context.toolInfo && context.toolInfo.tool) {
      tool = context.toolInfo.tool;
      $("title").textContent = tool.title || tool.name;
    }
    reportSize();
  }

  // The ext-apps theming contract: the host sends CSS variables (`--color-background-primary`,
  // `--font-sans`, …) and font CSS. view.css reads each through var(--name, our own value),
  // so a variable the host sends wins and one it leaves out keeps the view's look.
  // A new `styles` replaces the last one: a variable it no longer sends is the view's again.
  let hostVariables = [];
  function applyStyles(styles) {
    const root = document.documentElement.style;
    for (const name of hostVariables) root.removeProperty(name);
    hostVariables = [];
    const variables = styles.variables || {};
    for (const name of Object.keys(variables)) {
      const value = variables[name];
      if (!/^--[\w-]+$/.test(name) || typeof value !== "string" || !value) continue;
      root.setProperty(name, value);
      hostVariables.push(name);
    }
    const fonts = styles.css && styles.css.fonts;
    if (typeof fonts === "string") {
      let sheet = $("host-fonts");
      if (!sheet) {
        sheet = document.head.appendChild(el("style"));
        sheet.id = "host-fonts";
      }
      sheet.textContent = fonts;
      if (document.fonts) document.fonts.ready.then(reportSize);
    }
  }

  // ---- size: the host sizes the iframe to the content ----
  // Reported when the content changes, measured then (measuring lays the page out): a
  // ResizeObserver alone waits for the frame's next rendering, which a browser skips while
  // the frame is off screen or hidden (a view below the fold of a chat), so the host kept
  // the size of the page before the result (its heading) until someone scrolled to it.
  // The observer stays for what changes size later: the width, fonts, images, <details>.
  let lastHeight = 0;
  function reportSize() {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height > 0 && height !== lastHeight) {
      lastHeight = height;
      notify("ui/notifications/size-changed", { height });
    }
  }
  const observer = new ResizeObserver(reportSize);
  observer.observe(document.documentElement);
  observer.observe(document.body);

  // ---- building blocks ----
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }
  function show(id) { $(id).hidden = false; return $(id); }

  // The schema of a value: $ref followed, the non-null branch of an Option.
  let defs = {};
  function resolve(schema) {
    for (let i = 0; schema && i < 16; i++) {
      if (typeof schema.$ref === "string") {
        schema = defs[schema.$ref.replace(/^#\/(\$defs|definitions)\//, "")];
        continue;
      }
      const branches = schema.anyOf || schema.oneOf;
      if (branches) {
        const some = branches.filter((b) => b.type !== "null");
        if (some.length === 1) { schema = Object.assign({}, schema, some[0], { anyOf: undefined, oneOf: undefined }); continue; }
      }
      break;
    }
    return schema || {};
  }

  const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
  // A human form of a scalar, shown beside it (never instead): bytes in binary units,
  // percentages, long integers grouped, instants in the reader's time zone.
  function human(value, key, schema) {
    const about = ((schema && (schema.description || schema.title)) || "") + " " + key;
    if (typeof value === "number" && Number.isFinite(value)) {
      if (/\bbytes\b|_bytes$/i.test(about) && Math.abs(value) >= 1024) {
        let n = value, unit = 0;
        while (Math.abs(n) >= 1024 && unit < UNITS.length - 1) { n /= 1024; unit++; }
        const digits = Number.isInteger(n) ? 0 : Math.abs(n) < 10 ? 2 : Math.abs(n) < 100 ? 1 : 0;
        return n.toFixed(digits) + " " + UNITS[unit];
      }
      if (/percent/i.test(about)) return value + " %";
      if (Number.isInteger(value) && Math.abs(value) >= 10000) return value.toLocaleString("en-US");
      return null;
    }
    if (typeof value === "string" && (schema && schema.format === "date-time" || /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value))) {
      const when = new Date(value);
      return isNaN(when) ? null : when.toLocaleString();
    }
    return null;
  }

  function isScalar(v) { return v === null || typeof v !== "object"; }

  // A value, then its human form in parentheses: "85 (85 %)", "966367641600 (900 GiB)". What
  // is drawn is what a screen reader says, a copy holds and textContent gives: one phrase,
  // never the value run into its human form ("8585 %").
  function scalar(value, key, schema, into) {
    into.appendChild(value === null ? el("span", "none", "none") : el("span", String(value), "raw"));
    const form = human(value, key, schema);
    if (form !== null && form !== String(value)) {
      into.appendChild(document.createTextNode(" "));
      into.appendChild(el("span", "(" + form + ")", "human"));
    }
    return into;
  }

  // Any value: a scalar, a record (fields in the schema's order, then any others), a list
  // of records (a table), a list of scalars.
  function render(value, key, schema) {
    schema = resolve(schema);
    if (isScalar(value)) return scalar(value, key, schema, el("span"));
    if (Array.isArray(value)) {
      if (value.length === 0) return el("span", "(empty list)", "none");
      const items = resolve(schema.items);
      if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return table(value, key, items);
      if (value.every(isScalar)) {
        // scalars read best inline, each as it is, comma-separated
        const line = el("span", undefined, "items");
        value.forEach((item, i) => {
          if (i) line.appendChild(document.createTextNode(", "));
          scalar(item, key, items, line);
        });
        return line;
      }
      const list = el("ul");
      for (const item of value) list.appendChild(el("li")).appendChild(render(item, key, items));
      return list;
    }
    return record(value, schema);
  }

  // The fields of records: the schema's, then any others; what names a record first.
  const FIRST = ["name", "title", "id"];
  function fieldsOf(objects, schema) {
    const keys = Object.keys(schema.properties || {});
    for (const o of objects) for (const k of Object.keys(o)) if (!keys.includes(k)) keys.push(k);
    const rank = (k) => (FIRST.includes(k) ? FIRST.indexOf(k) : FIRST.length);
    return keys.filter((k) => objects.some((o) => k in o)).sort((a, b) => rank(a) - rank(b));
  }

  function record(value, schema) {
    const list = el("dl");
    const props = schema.properties || {};
    for (const k of fieldsOf([value], schema)) {
      const wide = isScalar(value[k]) ? undefined : "wide";
      const term = list.appendChild(el("dt", k, wide));
      const sub = resolve(props[k]);
      if (sub.description) term.title = sub.description;
      list.appendChild(el("dd", undefined, wide)).appendChild(render(value[k], k, sub));
    }
    return list;
  }

  function table(rows, key, schema) {
    const props = schema.properties || {};
    const keys = fieldsOf(rows, schema);
    const t = el("table");
    const head = t.appendChild(el("thead")).appendChild(el("tr"));
    for (const k of keys) {
      const th = head.appendChild(el("th", k));
      const sub = resolve(props[k]);
      if (sub.description) th.title = sub.description;
    }
    const body = t.appendChild(el("tbody"));
    for (const row of rows) {
      const tr = body.appendChild(el("tr"));
      for (const k of keys) {
        const td = tr.appendChild(el("td"));
        if (typeof row[k] === "number") td.className = "num";
        else if (typeof row[k] === "string" && row[k].length > 40) td.className = "long";
        if (k in row) td.appendChild(render(row[k], k, props[k]));
      }
    }
    const wrap = el("div", undefined, "scroll");
    wrap.appendChild(t);
    return wrap;
  }

  // ---- the tool's input and result ----
  function showInput(input) {
    args = input || {};
    const parts = Object.keys(args).map((k) => k + " = " + JSON.stringify(args[k]));
    const called = $("called");
    called.textContent = parts.length ? "Called with " + parts.join(", ") : "Called without arguments";
    called.hidden = false;
    reportSize();
  }

  function textOf(result) {
    return (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  }

  function showError(message) {
    const box = show("error");
    box.textContent = message;
    reportSize();
  }

  function showResult(result) {
    renderResult(result);
    reportSize();
  }

  function renderResult(result) {
    if (!tool) $("title").textContent = "Tool result";
    for (const id of ["error", "narrative", "plots", "data", "undo", "provenance"]) $(id).hidden = true;
    if (result.isError) {
      showError(textOf(result) || "The tool failed without saying why.");
      return;
    }
    const envelope = result.structuredContent;
    const shaped = envelope && typeof envelope === "object" && "data" in envelope && "metadata" in envelope;
    let schema = (tool && tool.outputSchema) || {};
    defs = schema.$defs || schema.definitions || {};
    if (envelope && typeof envelope.narrative === "string") {
      show("narrative").textContent = envelope.narrative;
    }
    if (!envelope) {
      // a text tool: its text is what it shows people
      const text = show("narrative");
      text.textContent = "";
      text.appendChild(el("pre", textOf(result)));
    }
    showPlots(result, envelope);
    if (envelope !== undefined && envelope !== null) {
      const data = shaped ? envelope.data : envelope;
      const dataSchema = shaped ? (schema.properties || {}).data : schema;
      const section = show("data");
      section.textContent = "";
      section.appendChild(el("h2", "Data"));
      section.appendChild(render(data, "data", dataSchema));
      if (shaped) showProvenance(envelope.metadata);
    }
    const recorded = result._meta && result._meta[UNDO_KEY];
    if (recorded && typeof recorded.id === "number") offerUndo(recorded);
  }

  function showPlots(result, envelope) {
    const images = (result.content || []).map((c, i) => [c, i]).filter(([c]) => c.type === "image");
    if (!images.length) return;
    const titles = {};
    for (const p of (envelope && envelope.plots) || []) titles[p.content_index] = p.title;
    const section = show("plots");
    section.textContent = "";
    for (const [block, index] of images) {
      const figure = section.appendChild(el("figure"));
      const img = figure.appendChild(el("img"));
      img.alt = titles[index] || "plot";
      img.onload = reportSize;
      img.src = "data:" + block.mimeType + ";base64," + block.data;
      if (titles[index]) figure.appendChild(el("figcaption", titles[index]));
    }
  }

  function showProvenance(metadata) {
    if (!metadata || typeof metadata !== "object") return;
    const fields = $("provenance-fields");
    fields.textContent = "";
    fields.appendChild(record(metadata, {}));
    show("provenance");
  }

  // ---- Undo: call the undo tool through the host ----
  function offerUndo(recorded) {
    const button = $("undo-button");
    const outcome = $("undo-outcome");
    show("undo");
    button.disabled = false;
    outcome.textContent = "";
    outcome.className = "";
    button.onclick = async () => {
      button.disabled = true;
      outcome.className = "";
      outcome.textContent = "Undoing…";
      try {
        // the undo names this call's entry: the server refuses it if another action came after
        const result = await request("tools/call", { name: recorded.tool, arguments: { id: recorded.id } });
        if (result.isError) throw new Error(textOf(result));
        const undone = result.structuredContent && result.structuredContent.data && result.structuredContent.data.undone;
        if (!undone) throw new Error("there was nothing to undo");
        outcome.className = undone.state_restored ? "ok" : "failed";
        outcome.textContent = "Undone: " + undone.action + " — " +
          (undone.state_restored ? "the state is as it was before." : "the state does not read as it did before.");
        reportSize();
      } catch (error) {
        outcome.className = "failed";
        outcome.textContent = "Could not undo: " + error.message;
        button.disabled = false;
        reportSize();
      }
    };
  }

  $("provenance").addEventListener("toggle", reportSize);

  // ---- start: ui/initialize, then say we are ready ----
  request("ui/initialize", {
    appInfo: { name: "toolshape-result-view", version: "1" },
    appCapabilities: {},
    protocolVersion: PROTOCOL,
  }).then((init) => {
    applyContext((init && init.hostContext) || {});
    notify("ui/notifications/initialized");
    reportSize();
  }, (error) => showError("The host did not start the view: " + error.message));
})();
