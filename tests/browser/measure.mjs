// Speed and size of the web lab, reported as numbers (not a pass/fail test):
//   node tests/browser/measure.mjs --site DIR
// - spreadlab.wasm and spreadlab.js, raw and gzip -9
// - a first visit: every byte the page fetched as transferred (brotli, then gzip only),
//   until the first frame, with the gallery's and the lessons' catalogs fetched behind it,
//   and what opening every lesson adds
// - first frame after opening the page on localhost (median of 5 fresh loads)
// - the cycle re-run after an edit, and frame CPU time, at 1,000 nodes / 5,000 pods
//   and at 5,000 nodes / 50,000 pods while the cycle animation plays
// - loading the same scenario as JSON and as YAML, at both sizes, and JSON at 5,000 nodes /
//   150,000 pods (Kubernetes' documented limits), with the wasm heap it took; and at that
//   size the richer dump the native benchmark BM_ReadJson150k reads
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

import { serve } from '../../scripts/static-server.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SITE = resolve(args.site || 'build/web/site');
const FLAGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const median = (v) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];

for (const f of ['spreadlab.wasm', 'spreadlab.js']) {
  const data = readFileSync(join(SITE, f));
  console.log(`${f}: ${kb(data.length)} (${kb(gzipSync(data, { level: 9 }).length)} gzip)`);
}

const server = await serve(SITE, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: process.env.SPREADLAB_CHROMIUM || '/usr/bin/chromium', headless: true, args: FLAGS });
const ready = (page) => page.waitForFunction(() => window.spreadlab && window.spreadlab.ready, null, { timeout: 60000 });

// A first visit on a cold cache: the bytes of every response as transferred (headers
// included), by kind, of the requests made before the first frame (the page's
// spreadlab-ready event) and then of all, once its background fetches end.
async function firstVisit(acceptEncoding) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } });
  await ctx.addInitScript(() => window.addEventListener('spreadlab-ready', () => {
    window.spreadlabReadyAt = performance.timeOrigin + performance.now();  // wall clock, as request.timing()
  }));
  const page = await ctx.newPage();
  const kinds = {}, responses = [];
  let total = 0, last = Date.now();
  const pending = [];
  page.on('request', () => { last = Date.now(); });
  page.on('requestfinished', (req) => pending.push(req.sizes().then((s) => {
    const n = s.responseBodySize + s.responseHeadersSize;
    const path = new URL(req.url()).pathname;
    const kind = /\.wasm$/.test(path) ? 'wasm' : /spreadlab\.js$/.test(path) ? 'js' : /\.ttf$/.test(path) ? 'font'
      : /lessons\//.test(path) ? 'lessons' : /examples\//.test(path) ? 'examples' : 'page';
    kinds[kind] = (kinds[kind] || 0) + n;
    total += n;
    responses.push({ n, start: req.timing().startTime });
    last = Date.now();
  })));
  await page.goto(base);
  await ready(page);
  await page.waitForFunction(() => window.spreadlab.lessons().length > 0);
  const idle = async () => {
    while (Date.now() - last < 1500) await page.waitForTimeout(250);
    await Promise.all(pending);
  };
  await idle();
  const readyAt = await page.evaluate(() => window.spreadlabReadyAt);
  const atReady = responses.filter((r) => r.start < readyAt).reduce((sum, r) => sum + r.n, 0);
  const parts = Object.entries(kinds).map(([k, n]) => `${k} ${kb(n)}`).join(', ');
  const withCatalogs = total;
  await page.evaluate(() => window.spreadlab.lessonsReady);
  last = Date.now();
  await idle();
  await ctx.close();
  console.log(`first visit (${acceptEncoding}): ${kb(atReady)} until the first frame, ${kb(withCatalogs)} with the gallery's ` +
              `and the lessons' catalogs (${parts}); opening every lesson adds ${kb(total - withCatalogs)}`);
}
await firstVisit('br, gzip');
await firstVisit('gzip');

const firsts = [];
for (let i = 0; i < 5; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const start = Date.now();
  await page.goto(base);
  await ready(page);
  firsts.push({ page: await page.evaluate(() => window.spreadlab.firstFrameMs), nav: Date.now() - start });
  await ctx.close();
}
console.log(`first frame: ${median(firsts.map((f) => f.page)).toFixed(0)} ms after the page script started, ` +
            `${median(firsts.map((f) => f.nav))} ms after navigation (median of 5, headless Chromium, SwiftShader)`);

const node = (i, zones) => ({ apiVersion: 'v1', kind: 'Node',
  metadata: { name: `node-${i}`, labels: { 'topology.kubernetes.io/zone': `zone-${i % zones}`, 'kubernetes.io/hostname': `node-${i}` } },
  status: { allocatable: { cpu: '8', memory: '32Gi', pods: '110' } } });

// examples/conflict.yaml at scale: zone-0 holds one app=web pod on every node, the
// other zones three on half their nodes, so the zone constraint admits only zone-0
// and the hostname constraint only the empty nodes: `why` has work to do.
function conflictScenario(nodes) {
  const items = [];
  for (let i = 0; i < nodes; i++) items.push(node(i, 3));
  for (let i = 0; i < nodes; i++) {
    const count = i % 3 === 0 ? 1 : Math.floor(i / 3) % 2 === 0 ? 3 : 0;
    for (let k = 0; k < count; k++)
      items.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${i}-${k}`, labels: { app: 'web' } }, spec: { nodeName: `node-${i}` } });
  }
  const spread = (key) => ({ maxSkew: 1, topologyKey: key, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } });
  items.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pending', labels: { app: 'web' } },
    spec: { topologySpreadConstraints: [spread('topology.kubernetes.io/zone'), spread('kubernetes.io/hostname')] } });
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
}

function scenario(nodes, pods, zones) {
  const items = [];
  for (let i = 0; i < nodes; i++)
    items.push(node(i, zones));
  for (let j = 0; j < pods; j++)
    items.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${j}`, labels: { app: j % 2 ? 'web' : 'api' } }, spec: { nodeName: `node-${(j * 7) % nodes}` } });
  items.push({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'pending', labels: { app: 'web' } }, spec: { topologySpreadConstraints: [
    { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } },
    { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } }] } });
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
}

// The same cluster as tests/bench/read_bench.cpp's BigDump writes it (what BM_ReadJson150k
// reads natively): pods as a dump has them, with a namespace, a container with its image
// and requests, and a status; nodes with capacity. 46 MB at 150,000 pods.
function richScenario(nodes, pods) {
  const items = [];
  for (let i = 0; i < nodes; i++) {
    const name = `node-${i}`;
    const resources = { cpu: '4', memory: '32Gi', pods: '110' };
    items.push({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name,
      'topology.kubernetes.io/zone': `zone-${i % 3}`, 'node.kubernetes.io/instance-type': 'm5.xlarge' } },
    spec: { podCIDR: '10.0.0.0/24' }, status: { allocatable: resources, capacity: resources } });
  }
  for (let i = 0; i < pods; i++) {
    items.push({ apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `web-${i}`, namespace: 'default', labels: { app: `web-${i % 50}`, tier: 'front' } },
      spec: { nodeName: `node-${i % nodes}`, containers: [{ name: 'c', image: 'nginx:1.25',
        resources: { requests: { cpu: '100m', memory: '128Mi' } } }] },
      status: { phase: 'Running' } });
  }
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
}

// Block YAML as `kubectl get -o yaml` prints it (strings double-quoted, which YAML reads as JSON's).
function toYaml(v, indent = 0) {
  const pad = ' '.repeat(indent);
  const nested = (x) => x !== null && typeof x === 'object' && Object.keys(x).length > 0;
  if (Array.isArray(v)) {
    return v.map((e) => (nested(e) ? pad + '- ' + toYaml(e, indent + 2).slice(indent + 2) : `${pad}- ${JSON.stringify(e)}\n`)).join('');
  }
  return Object.entries(v).map(([k, x]) => (nested(x) ? `${pad}${k}:\n${toYaml(x, indent + 2)}` : `${pad}${k}: ${JSON.stringify(x)}\n`)).join('');
}

// window.spreadlab.load(text) in `page`, timed there: {ok, error, ms}.
const loadIn = (page, text) => page.evaluate((t) => {
  const s = performance.now();
  const r = window.spreadlab.load(t, 'bench');
  return { ...r, ms: performance.now() - s };
}, text);

// --sizes 1000x5000,5000x50000,5000x150000 (the default): YAML is measured up to 50,000 pods.
const SIZES = (args.sizes || '1000x5000,5000x50000,5000x150000').split(',').map((x) => x.split('x').map(Number));
for (const [nodes, pods] of SIZES) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(base);
  await ready(page);
  const text = scenario(nodes, pods, 3);
  const load = (t) => loadIn(page, t);
  const yaml = pods <= 50000 ? await load(toYaml(JSON.parse(text))) : null;  // the same scenario as YAML, loaded first
  if (yaml && !yaml.ok) throw new Error(yaml.error);
  const r = await load(text);
  if (!r.ok) throw new Error(r.error);
  const heap = await page.evaluate(() => Module.HEAP8.byteLength);
  console.log(`${nodes} nodes / ${pods} pods: load JSON ${r.ms.toFixed(0)} ms` +
              (yaml ? `, YAML ${yaml.ms.toFixed(0)} ms (${(yaml.ms / r.ms).toFixed(1)}x)` : '') +
              `; wasm heap ${(heap / 1048576).toFixed(0)} MB (${(text.length / 1e6).toFixed(0)} MB of JSON)`);
  const edits = await page.evaluate(() => {
    const out = [];
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      window.spreadlab.setConstraintField(0, 'maxSkew', 1 + (i % 3));
      out.push({ total: performance.now() - s, cycle: window.spreadlab.status().rebuildMs });
    }
    return out;
  });
  // Frame CPU time while the animation plays (240 frames).
  await page.evaluate(() => window.spreadlab.play());
  await page.waitForTimeout(4500);
  const frames = await page.evaluate(() => window.spreadlab.frameStats());
  console.log(`${nodes} nodes / ${pods} pods: load ${r.ms.toFixed(0)} ms; edit maxSkew ${median(edits.map((e) => e.total)).toFixed(1)} ms ` +
              `(of which the cycle re-run ${median(edits.map((e) => e.cycle)).toFixed(2)} ms); ` +
              `frame CPU p50 ${frames.p50.toFixed(2)} ms, p95 ${frames.p95.toFixed(2)} ms with SwiftShader's WebGL; ` +
              `UI alone p50 ${frames.uiP50.toFixed(2)} ms, p95 ${frames.uiP95.toFixed(2)} ms (animating)`);
  await ctx.close();
  if (pods >= 150000) {  // the dump BM_ReadJson150k reads natively, once the other page is closed
    const rctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const rpage = await rctx.newPage();
    await rpage.goto(base);
    await ready(rpage);
    const rich = richScenario(nodes, pods);
    const rr = await loadIn(rpage, rich);
    if (!rr.ok) throw new Error(rr.error);
    const rheap = await rpage.evaluate(() => Module.HEAP8.byteLength);
    const rs = await rpage.evaluate(() => window.spreadlab.status());
    console.log(`${nodes} nodes / ${pods} pods as BM_ReadJson150k writes them: load JSON ${rr.ms.toFixed(0)} ms ` +
                `(of which the cluster's compile ${rs.clusterMs.toFixed(0)} ms, the rest of the rebuild ` +
                `${(rs.rebuildMs - rs.clusterMs).toFixed(0)} ms); ` +
                `wasm heap ${(rheap / 1048576).toFixed(0)} MB (${(rich.length / 1e6).toFixed(0)} MB of JSON)`);
    await rctx.close();
  }
}
{
  // The conflict explorer: suggestions for a Pending pod at 1,000 nodes.
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(base);
  await ready(page);
  const r = await page.evaluate((t) => window.spreadlab.load(t, 'conflict'), conflictScenario(1000));
  if (!r.ok) throw new Error(r.error);
  const runs = await page.evaluate(() => {
    const out = [];
    for (let i = 0; i < 5; i++) {
      window.spreadlab.setConstraintField(1, 'maxSkew', 1);  // a fresh cycle, so why() recomputes
      const s = performance.now();
      const w = window.spreadlab.why();
      out.push({ ms: performance.now() - s, suggestions: w ? w.suggestions.length : -1 });
    }
    return out;
  });
  console.log(`why() at 1,000 nodes: ${median(runs.map((x) => x.ms)).toFixed(1)} ms median for ${runs[0].suggestions} suggestions`);
  await ctx.close();
}
await browser.close();
server.close();
