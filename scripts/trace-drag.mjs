// Where a box drag's frames go on the page's main thread: loads the app on a generated model
// (as bench-ui does), drags a box over 30 pointer moves with a Chromium trace running, and
// prints the main thread's time by trace event (style, layout, paint, Layerize =
// PaintArtifactCompositor::Update, animation-frame callbacks where the app re-routes...),
// summed over the moves. CSS=... adds a style sheet first, to try a change without a build.
//
//   node scripts/trace-drag.mjs [aggregates]     (after `node scripts/build.mjs`)
//   CSS='.world{will-change:auto}' node scripts/trace-drag.mjs 300
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstRender, launch, seededContext } from '../tests/e2e/app.mjs';
import { serve } from '../tests/e2e/server.mjs';
const root = new URL('..', import.meta.url).pathname;
const n = Number(process.argv[2] ?? 300);
const port = Number(process.env.TRACE_DRAG_PORT ?? 8095);
const json = execFileSync(join(root, 'target', 'release', 'docshape'), ['synth', '--entities', String(n), '--seed', '7'], { maxBuffer: 1 << 28 }).toString();
const server = await serve(join(root, 'dist'), port);
const browser = await launch();
const context = await seededContext(browser, json);
const page = await context.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
await firstRender(page);
await page.waitForTimeout(3000); // the advisor's first run and the idle work after it
if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
await page.waitForTimeout(500);
console.log(`${n} aggregates, zoom ${await page.getByTestId('zoom').innerText()}; main thread over 30 moves (ms):`);
const header = page.locator('[data-testid="entity"] .entity-header').nth(Math.floor(n / 2));
const box = await header.boundingBox();
await page.mouse.move(box.x + 20, box.y + 10);
await page.mouse.down();
await browser.startTracing(page, { path: join(root, 'target', 'trace-drag.json'), categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu'] });
const walls = [];
for (let i = 1; i <= 30; i++) {
  const t0 = performance.now();
  await page.mouse.move(box.x + 20 + i * 3, box.y + 10 + i * 2);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  walls.push(performance.now() - t0);
}
walls.sort((a, b) => a - b);
console.log(`a move and the frame after it, seen from the test (tracing on): median ${walls[15].toFixed(1)} ms, slowest ${walls[29].toFixed(1)} ms`);
await browser.stopTracing();
await page.mouse.up();
await browser.close();
server.close();
const t = JSON.parse(readFileSync(join(root, 'target', 'trace-drag.json'), 'utf8'));
const ev = t.traceEvents ?? t;
const main = ev.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const by = {};
for (const e of ev) {
  if (e.ph !== 'X' || !e.dur) continue;
  if (main && (e.tid !== main.tid || e.pid !== main.pid)) continue;
  by[e.name] = (by[e.name] ?? 0) + e.dur / 1000;
}
const top = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, v] of top) console.log(v.toFixed(1).padStart(9), k);

// Every thread's busy time (the union of its events), to see work off the main thread too:
// the compositor, and the raster workers (RasterizerTaskImpl), which draw the layers' tiles.
const names = new Map(ev.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
const spans = {};
for (const e of ev) {
  if (e.ph !== 'X' || !e.dur) continue;
  (spans[`${e.pid}:${e.tid}`] ??= []).push([e.ts, e.ts + e.dur]);
}
const busy = [];
for (const [k, list] of Object.entries(spans)) {
  list.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, f] of list) {
    if (f > end) {
      total += f - Math.max(s, end);
      end = f;
    }
  }
  busy.push([total / 1000, names.get(k) ?? k]);
}
console.log('busy by thread over the 30 moves (ms):');
for (const [v, k] of busy.sort((a, b) => b[0] - a[0]).slice(0, 6)) console.log(v.toFixed(1).padStart(9), k);
