// Browser tests of toolshape's MCP Apps views: the ontap, charts and models examples over
// streamable HTTP (`--http`), ontap also as three replicas sharing Redis (`--store`), each
// shown by the minimal host of host.mjs in headless Chromium (Debian's `chromium`).
//
// Checks that the values appear, plots load, the theme switches with readable contrast,
// errors show as errors, Undo restores the state (on another replica too), and that no
// frame logs an error. Screenshots of each example's view go to docs/apps/.
//
// `node run.mjs` after `cargo build --workspace --bins`; TOOLSHAPE_BIN_DIR overrides where
// the example binaries are (default target/debug). Exits 1 when a check fails.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startHost } from "./host.mjs";

const root = path.resolve(new URL("../..", import.meta.url).pathname);
const bins = process.env.TOOLSHAPE_BIN_DIR || path.join(root, "target/debug");
const shots = path.join(root, "docs/apps");
const logFile = path.join(os.tmpdir(), `toolshape-apps-${process.pid}.log`);
// The official client checks results against output schemas with Ajv, which warns of each
// format it does not know (schemars' `uint64`, …) on every listing: not this test's concern.
const warn = console.warn;
console.warn = (...a) => { if (!String(a[0]).startsWith("unknown format")) warn(...a); };
fs.mkdirSync(shots, { recursive: true });

// ---- processes: started here, stopped by their PID ----
const children = [];
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
async function waitListening(port, what) {
  const deadline = Date.now() + 20000;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function start(command, args, what, port) {
  // their logs go to a file, printed when a check fails
  const log = fs.openSync(logFile, "a");
  const child = spawn(command, args, { stdio: ["ignore", log, log] });
  children.push(child);
  child.on("error", (error) => console.error(`${what}: ${error.message}`));
  await waitListening(port, what);
  return child;
}
async function example(name, store, extra = []) {
  const port = await freePort();
  const args = ["--http", `127.0.0.1:${port}`, ...(store ? ["--store", store] : []), ...extra];
  await start(path.join(bins, name), args, name, port);
  return `http://127.0.0.1:${port}/mcp`;
}
function stopAll() {
  for (const child of children) if (child.exitCode === null) process.kill(child.pid, "SIGTERM");
}
process.on("exit", stopAll);

// ---- checks ----
let failed = 0, passed = 0;
function expect(condition, message) {
  if (!condition) throw new Error(message);
}
async function check(name, body) {
  try {
    await body();
    passed++;
    console.log(`ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error.message}`);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

// One page per host; every console error and uncaught exception, of the page and of the
// view's frame, is kept.
async function open(host) {
  const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${m.text()} (${m.location().url})`); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(host.url);
  await page.waitForFunction(() => typeof window.openTool === "function");
  const view = page.frameLocator("iframe");
  const show = async (tool, args, options = {}) => {
    const opened = await page.evaluate((o) => window.openTool(o), { tool, arguments: args, ...options });
    await view.locator("#title").filter({ hasNotText: "Waiting" }).waitFor();
    return opened;
  };
  return { page, errors, view, show };
}

const text = (locator) => locator.innerText();
const data = (result) => result.structuredContent.data;
const shot = (page, name) => page.locator("iframe").screenshot({ path: path.join(shots, name) });

// The luminance contrast of two CSS colours `rgb(r, g, b)` (WCAG 2).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+/g).slice(0, 3).map(Number).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
const colours = (view) =>
  view.locator("body").evaluate((b) => {
    const s = getComputedStyle(b);
    const muted = getComputedStyle(document.querySelector("dt") || b).color;
    return { bg: s.backgroundColor, fg: s.color, muted };
  });

try {
  // ---------------- ontap ----------------
  const ontap = await startHost([await example("ontap")]);
  {
    const { page, errors, view, show } = await open(ontap);
    let volumes;
    await check("ontap: the view is served as an MCP App resource, with its metadata", async () => {
      const { resource, result } = await show("cluster_list_volumes", {}, { width: 680 });
      volumes = data(result).volumes;
      expect(resource.mimeType === "text/html;profile=mcp-app", `mime ${resource.mimeType}`);
      expect(resource._meta && resource._meta.ui && resource._meta.ui.prefersBorder === true, "prefersBorder");
      expect(resource.uri === "ui://toolshape/result-view", resource.uri);
    });
    await check("ontap: every volume's values appear in a table, with human sizes beside the bytes", async () => {
      const table = await text(view.locator("table"));
      for (const v of volumes) {
        expect(table.includes(v.name), `volume ${v.name} missing`);
        expect(table.includes(String(v.size)), `size ${v.size} of ${v.name} missing`);
        expect(table.includes(v.uuid), `uuid of ${v.name} missing`);
      }
      expect(/\d GiB/.test(table), "no GiB beside the byte counts");
      expect((await text(view.locator("#title"))) === "List volumes", "title");
      await shot(page, "ontap-list-volumes.png");
    });
    await check("ontap: the theme follows the host, readable in light and dark", async () => {
      const light = await colours(view);
      await page.evaluate(() => window.setTheme("dark"));
      await view.locator("html[data-theme=dark]").waitFor();
      const dark = await colours(view);
      expect(light.bg !== dark.bg, `background did not change (${light.bg})`);
      for (const [name, c] of [["light", light], ["dark", dark]]) {
        expect(contrast(c.fg, c.bg) >= 4.5, `${name}: text contrast ${contrast(c.fg, c.bg).toFixed(2)}`);
        expect(contrast(c.muted, c.bg) >= 4.5, `${name}: label contrast ${contrast(c.muted, c.bg).toFixed(2)}`);
      }
      await shot(page, "ontap-list-volumes-dark.png");
    });
    const volume = volumes.find((v) => v.state === "online");
    await check("ontap: a record's nested fields are readable (volume configuration)", async () => {
      const { result } = await show("get_volume_configuration", { volume_uuid: volume.uuid });
      const shown = await text(view.locator("#data"));
      const config = data(result);
      expect(shown.includes(config.autosize.mode), "autosize.mode missing");
      expect(shown.includes(config.snapshot_policy), "snapshot_policy missing");
      expect(await view.locator("#undo").isHidden(), "a read shows no Undo");
    });
    await check("ontap: a value and its human form read as one phrase (screen reader, copy, host)", async () => {
      const config = data(await ontap.call("get_volume_configuration", { volume_uuid: volume.uuid }));
      const section = view.locator("#data");
      const percent = config.autosize.grow_threshold_percent;
      const size = new RegExp(`${config.size} \\(\\d+(\\.\\d+)? [KMGTPE]iB\\)`);
      // textContent: what the DOM holds, what a host or an assistive tool reads
      const content = await section.evaluate((d) => d.textContent);
      expect(content.includes(`${percent} (${percent} %)`), `textContent: no "${percent} (${percent} %)" in ${content.slice(0, 300)}`);
      expect(!content.includes(`${percent}${percent} %`), "textContent runs a value into its human form");
      expect(size.test(content), `textContent: no "${config.size} (… GiB)"`);
      // innerText: what a copy of the rendered text holds
      const shown = await text(section);
      expect(shown.includes(`${percent} (${percent} %)`), `innerText: no "${percent} (${percent} %)"`);
      expect(size.test(shown), `innerText: no "${config.size} (… GiB)"`);
      // what is drawn is what is read: the human form's parentheses are on screen too
      const aside = await section.locator(".human").first().evaluate((h) => [h.textContent, h.getBoundingClientRect().width]);
      expect(/^\(.+\)$/.test(aside[0]) && aside[1] > 10, `the human form is ${JSON.stringify(aside)}`);
      // tables too
      await show("cluster_list_volumes", {}, { width: 680 });
      const cells = await view.locator("table").evaluate((t) => t.textContent);
      const used = volumes[0].used_percent;
      expect(cells.includes(`${used} (${used} %)`), `table: no "${used} (${used} %)"`);
    });
    await check("ontap: the host's frame covers a nested record's view, also one that arrives off screen", async () => {
      for (const offscreen of [false, true]) {
        const where = offscreen ? "off screen" : "on screen";
        await show("get_volume_configuration", { volume_uuid: volume.uuid }, { width: 680, offscreen });
        await view.locator("#provenance").waitFor({ state: "attached" });
        await view.locator("#data dd > dl").first().waitFor({ state: "attached" });
        const content = await view.locator("html").evaluate((h) => Math.ceil(h.getBoundingClientRect().height));
        expect(content > 300, `${where}: the view's content is only ${content}px high`);
        // the host sizes the frame from the view's size reports; give them a moment to arrive
        await page.waitForFunction((h) => document.querySelector("iframe").clientHeight >= h, content, { timeout: 3000 }).catch(() => {});
        const frame = await page.locator("iframe").evaluate((f) => f.clientHeight);
        expect(frame >= content, `${where}: the frame is ${frame}px high, the view's content ${content}px`);
      }
      await page.evaluate(() => window.reveal());
      await shot(page, "ontap-volume-configuration.png");
    });
    await check("ontap: the host's style variables restyle the view; those it does not send keep its look", async () => {
      const own = await colours(view);
      const styles = { variables: {
        "--color-background-primary": "rgb(250, 240, 200)",
        "--color-text-primary": "rgb(20, 30, 40)",
        "--font-sans": "serif",
      } };
      await show("get_volume_configuration", { volume_uuid: volume.uuid }, { styles });
      const styled = await view.locator("body").evaluate((b) => {
        const s = getComputedStyle(b);
        return { bg: s.backgroundColor, fg: s.color, font: s.fontFamily, muted: getComputedStyle(document.querySelector("dt")).color };
      });
      expect(styled.bg === "rgb(250, 240, 200)", `background ${styled.bg}`);
      expect(styled.fg === "rgb(20, 30, 40)", `text ${styled.fg}`);
      expect(styled.font === "serif", `font ${styled.font}`);
      expect(styled.muted === own.muted, `a label colour the host did not send changed: ${styled.muted}, ${own.muted} before`);
      // the host changes its styles: a variable it no longer sends is the view's own again
      await page.evaluate(() => window.setStyles({ variables: { "--color-background-primary": "rgb(30, 30, 60)", "--color-text-primary": "rgb(240, 240, 240)" } }));
      await view.locator("body").evaluate((b) => new Promise((resolve) => {
        const until = Date.now() + 3000;
        const done = () => getComputedStyle(b).backgroundColor === "rgb(30, 30, 60)" || Date.now() > until;
        const poll = () => (done() ? resolve() : setTimeout(poll, 20));
        poll();
      }));
      const changed = await view.locator("body").evaluate((b) => [getComputedStyle(b).color, getComputedStyle(b).fontFamily, getComputedStyle(b).backgroundColor]);
      expect(changed[2] === "rgb(30, 30, 60)", `background after the change ${changed[2]}`);
      expect(changed[0] === "rgb(240, 240, 240)", `text after the change ${changed[0]}`);
      expect(changed[1] !== "serif", "a variable the host no longer sends still applies");
      await shot(page, "ontap-host-styles.png");
    });
    await check("ontap: an error shows as an error", async () => {
      await show("cluster_resize_volume", { volume_uuid: volume.uuid, size: 1 });
      const error = view.locator("#error");
      expect(await error.isVisible(), "no error box");
      expect((await text(error)).includes("below"), await text(error));
      expect(await view.locator("#undo").isHidden(), "a failed action shows no Undo");
    });
    await check("ontap: Undo restores the volume's size through the host", async () => {
      const before = data(await ontap.call("get_volume_configuration", { volume_uuid: volume.uuid })).size;
      const grown = before + 10 * 2 ** 30;
      await show("cluster_resize_volume", { volume_uuid: volume.uuid, size: grown });
      expect((await text(view.locator("#data"))).includes(String(grown)), "new size not shown");
      const now = data(await ontap.call("get_volume_configuration", { volume_uuid: volume.uuid })).size;
      expect(now === grown, `resize did not apply: ${now}`);
      await shot(page, "ontap-resize-undo.png");
      await view.locator("#undo-button").click();
      await view.locator("#undo-outcome.ok").waitFor({ timeout: 10000 });
      const outcome = await text(view.locator("#undo-outcome"));
      expect(outcome.includes("cluster_resize_volume"), outcome);
      const after = data(await ontap.call("get_volume_configuration", { volume_uuid: volume.uuid })).size;
      expect(after === before, `size ${after} after undo, ${before} before`);
      expect(await view.locator("#undo-button").isDisabled(), "the button stays enabled after undoing");
      await shot(page, "ontap-resize-undone.png");
    });
    await check("ontap: the view reads well in a narrow column", async () => {
      await show("cluster_list_volumes", {}, { width: 320 });
      const overflow = await view.locator("body").evaluate((b) => b.scrollWidth - b.clientWidth);
      expect(overflow <= 0, `the page is ${overflow}px wider than the column`);
    });
    await check("ontap: no frame logged an error", async () => expect(errors.length === 0, errors.join("\n")));
    await page.close();
  }
  await ontap.close();

  // ---------------- ontap with tool search ----------------
  // `ontap --search`: the listing holds the pinned tools, the tools with a view, and search's
  // two. `cluster_list_svms` is not pinned: search finds it, and its view shows.
  const searching = await startHost([await example("ontap", undefined, ["--search"])]);
  {
    const { page, errors, view, show } = await open(searching);
    await check("ontap --search: search finds a tool with a view, listed with its view, and the view renders", async () => {
      const listed = await searching.list();
      const names = listed.map((t) => t.name);
      expect(names.includes("search_tools") && names.includes("call_tool"), `not searching: ${names}`);
      expect(!names.includes("list_qos_policies"), `every tool listed: ${names}`);
      const found = await searching.call("search_tools", { query: "list the storage VMs (SVMs) of the cluster" });
      const hit = found.structuredContent.tools.find((t) => t.name === "cluster_list_svms");
      expect(hit, `search did not find cluster_list_svms: ${found.structuredContent.tools.map((t) => t.name)}`);
      expect(hit._meta.ui.resourceUri === "ui://toolshape/result-view", "the search entry names the view");
      const entry = listed.find((t) => t.name === "cluster_list_svms");
      expect(entry && entry._meta.ui.resourceUri === hit._meta.ui.resourceUri, "cluster_list_svms is listed with its view");
      const { result, resource } = await show("cluster_list_svms", {});
      expect(resource.uri === "ui://toolshape/result-view", resource.uri);
      expect((await text(view.locator("#title"))) === "List SVMs", "title");
      const table = await text(view.locator("table"));
      for (const svm of data(result).svms) expect(table.includes(svm.name), `svm ${svm.name} missing`);
    });
    await check("ontap --search: through call_tool, the result names the view and a host that reads it renders it", async () => {
      const { result, resource } = await show("cluster_list_svms", {}, { via: "call_tool" });
      expect(searching.calls.at(-1).name === "call_tool", `the host called ${searching.calls.at(-1).name}`);
      expect(result._meta.ui.resourceUri === "ui://toolshape/result-view", JSON.stringify(result._meta));
      expect(resource.mimeType === "text/html;profile=mcp-app", resource.mimeType);
      const table = await text(view.locator("table"));
      for (const svm of data(result).svms) expect(table.includes(svm.name), `svm ${svm.name} missing`);
    });
    await check("ontap --search: no frame logged an error", async () => expect(errors.length === 0, errors.join("\n")));
    await page.close();
  }
  await searching.close();

  // ---------------- charts ----------------
  const charts = await startHost([await example("charts")]);
  {
    const { page, errors, view, show } = await open(charts);
    await check("charts: the plot loads as an image, beside the narrative and data", async () => {
      // vol_finance_01 of the example's simulated cluster
      const uuid = "b6f2c1a4-6f1e-11ee-8c99-0242ac120002";
      const { result } = await show("get_volume_capacity_trend", { volume_uuid: uuid, days: 30 });
      const img = view.locator("#plots img").first();
      await img.waitFor();
      const size = await img.evaluate((i) => (i.decode ? i.decode().then(() => [i.naturalWidth, i.naturalHeight]) : [i.naturalWidth, i.naturalHeight]));
      expect(size[0] > 0 && size[1] > 0, `the plot did not load: ${size}`);
      expect((await text(view.locator("#narrative"))) === result.structuredContent.narrative, "narrative");
      expect((await text(view.locator("#data"))).length > 0, "no data");
      await shot(page, "charts-capacity-trend.png");
    });
    await check("charts: no frame logged an error", async () => expect(errors.length === 0, errors.join("\n")));
    await page.close();
  }
  await charts.close();

  // ---------------- models ----------------
  const models = await startHost([await example("models")]);
  {
    const { page, errors, view, show } = await open(models);
    await check("models: every value of the comparison appears", async () => {
      const { result } = await show("compare_models", {});
      const shown = await text(view.locator("#data"));
      const scalars = [];
      const walk = (v) => (v !== null && typeof v === "object" ? Object.values(v).forEach(walk) : scalars.push(v));
      walk(data(result));
      for (const s of scalars) expect(shown.includes(s === null ? "none" : String(s)), `${s} missing`);
      await shot(page, "models-compare.png");
    });
    await check("models: no frame logged an error", async () => expect(errors.length === 0, errors.join("\n")));
    await page.close();
  }
  await models.close();

  // ---------------- ontap replicas on Redis ----------------
  {
    const redisPort = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolshape-apps-redis-"));
    await start("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "",
      "--appendonly", "no", "--dir", dir], "redis-server", redisPort);
    const store = `redis://127.0.0.1:${redisPort}/0`;
    // three replicas: the action and the undo (which names the action's entry) reach others
    const fleet = await startHost([await example("ontap", store), await example("ontap", store), await example("ontap", store)]);
    const { page, errors, view, show } = await open(fleet);
    await check("replicas: Undo in the view restores the state recorded by another replica", async () => {
      const volume = data(await fleet.call("cluster_list_volumes", {})).volumes.find((v) => v.state === "online");
      const before = data(await fleet.call("get_volume_configuration", { volume_uuid: volume.uuid })).size;
      fleet.calls.length = 0;
      await show("cluster_resize_volume", { volume_uuid: volume.uuid, size: before + 2 ** 30 });
      await view.locator("#undo-button").click();
      await view.locator("#undo-outcome.ok").waitFor({ timeout: 10000 });
      const resize = fleet.calls.find((c) => c.name === "cluster_resize_volume");
      const undo = fleet.calls.find((c) => c.name === "undo_last_action");
      expect(resize && undo && resize.replica !== undo.replica, `calls: ${JSON.stringify(fleet.calls)}`);
      for (let i = 0; i < 3; i++) {
        const size = data(await fleet.call("get_volume_configuration", { volume_uuid: volume.uuid })).size;
        expect(size === before, `a replica reads ${size}, ${before} before`);
      }
    });
    await check("replicas: no frame logged an error", async () => expect(errors.length === 0, errors.join("\n")));
    await page.close();
    await fleet.close();
  }
} catch (error) {
  failed++;
  console.log(`FAIL ${error.stack || error}`);
} finally {
  await browser.close();
  stopAll();
}
console.log(`\n${passed} passed, ${failed} failed`);
if (failed) console.log(`the servers' logs: ${logFile}`);
else fs.rmSync(logFile, { force: true });
process.exit(failed ? 1 : 0);
