// UI benchmark: drives headless Chromium on generated models of 100, 300 and 500 aggregates
// (12 fields each, twice as many relations) and prints figures. It asserts nothing: these
// machines are shared and noisy; compare runs, not thresholds.
//
//   node scripts/bench-ui.mjs [sizes...]      (after `node scripts/build.mjs`; see `make bench-ui`)
//   DIST=other/dist node scripts/bench-ui.mjs  (another build, for an A/B comparison)
//   MODEL_VERSION=3 DIST=old/dist node …        (a build older than the format the CLI writes: the
//                                                generated model uses nothing newer, so it is labelled 3)
//
// Measured per size:
// - first render, painted: from navigation start to the frame after the boxes on screen are in
//   the DOM (the app fits the diagram on start; past the minimum zoom it culls the rest);
// - drag latency: for each pointer move of a box drag, from the event's timestamp to the next
//   animation frame after the box's new position is laid out; median and p95 over 60 moves;
//   the app's own handling time of a move (script only, median); and "to next frame" (median /
//   p95): from the event to the animation frame after that one, which starts only once the
//   browser finished the move's frame (style, layout, paint, layerization) on the main thread —
//   the first figure misses that work, this one holds it (scripts/trace-drag.mjs splits it);
// - arrows' re-route: the app's own timing of re-routing the arrows a move touches (median and
//   slowest over the drag). Quick ones run in the move's handler; past half a frame they run in the next
//   frame, once for the moves that came in between, so the arrows follow a frame behind the
//   box (ui::routes, `Routes::follow`);
// - advisor update: the app's own measurement of `analyze` after an edit (typing a field
//   name), median over 20 keystrokes;
// - JavaScript heap (Chromium's JSHeapUsedSize) and the WebAssembly memory size.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { firstRender, launch, seededContext } from '../tests/e2e/app.mjs';
import { serve } from '../tests/e2e/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const counts = sizes.length ? sizes : [100, 300, 500];
const port = Number(process.env.BENCH_UI_PORT ?? 8093);
const cli = join(root, 'target', 'release', 'docshape');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
};

const dist = process.env.DIST ?? join(root, 'dist');
const server = await serve(dist, port);
const browser = await launch();

const rows = [];
for (const n of counts) {
  let json = execFileSync(cli, ['synth', '--entities', String(n), '--seed', '7'], { maxBuffer: 1 << 28 }).toString();
  if (process.env.MODEL_VERSION) json = JSON.stringify({ ...JSON.parse(json), formatVersion: Number(process.env.MODEL_VERSION) });
  const context = await seededContext(browser, json);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`http://127.0.0.1:${port}/`);
  const { firstPaint, drawn } = await firstRender(page);

  // The advisor panel's lists, complete: one recommendation per relation, and the findings
  // drawn no longer growing (routine findings are grouped, so fewer entries than the tab's
  // count) for ten frames; the time is that of the frame they stopped growing.
  const relations = JSON.parse(json).relations.length;
  const advisorListed = await page.evaluate(
    (relations) =>
      new Promise((resolve) => {
        let last = -1;
        let since = 0;
        let still = 0;
        const check = () => {
          const findings = document.querySelectorAll('[data-testid="finding"]').length;
          const recommendations = document.querySelectorAll('[data-testid="recommendation"]').length;
          if (findings !== last) {
            last = findings;
            since = performance.now();
            still = 0;
          } else {
            still += 1;
          }
          if (findings > 0 && recommendations === relations && still >= 10) {
            resolve(since);
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      }),
    relations,
  );

  // Drag: press on a box header, then 60 moves; measure move-to-frame inside the page.
  const header = page.locator('[data-testid="entity"] .entity-header').nth(Math.floor(n / 2));
  const box = await header.boundingBox();
  await page.evaluate(() => {
    window.__lat = [];
    window.__frame = [];
    window.__handler = [];
    // Registered after the app's own window listener, so it runs after the app handled the move.
    window.addEventListener('pointermove', () => window.__handler.push(performance.now() - window.__t0));
    window.addEventListener(
      'pointermove',
      (ev) => {
        window.__t0 = performance.now();
        const t0 = ev.timeStamp;
        const el = document.querySelector('.entity.selected');
        requestAnimationFrame(() => {
          el?.getBoundingClientRect();
          window.__lat.push(performance.now() - t0);
          // The next frame starts once the browser has finished this one's style, layout,
          // paint and layerization on the main thread: the move's whole frame.
          requestAnimationFrame(() => window.__frame.push(performance.now() - t0));
        });
      },
      { capture: true },
    );
  });
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) {
    await page.mouse.move(box.x + 20 + i * 3, box.y + 10 + i * 2);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  await page.mouse.up();
  const reroutes = await page.evaluate(() => [...(window.wasmBindings?.drag_reroute_ms?.() ?? [])]);
  const lat = await page.evaluate(() => window.__lat);
  const frame = await page.evaluate(() => window.__frame);
  const handler = await page.evaluate(() => window.__handler);

  // Advisor: type into the selected box's first field name, read the app's own timing.
  await page.getByTestId('tab-inspector').click();
  const input = page.getByTestId('field-name').first();
  const advisor = [];
  for (let i = 0; i < 20; i++) {
    await input.press('End');
    await input.type('x');
    const ms = await page.getByTestId('analysis-ms').innerText();
    advisor.push(Number(ms.replace(/[^0-9.]/g, '')));
  }

  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const wasmBytes = await page.evaluate(() => window.wasmBindings?.wasm_memory_bytes?.() ?? null);
  rows.push({
    aggregates: n,
    relations,
    'boxes drawn': drawn,
    'first render (ms)': firstPaint.toFixed(0),
    'advisor listed (ms)': advisorListed.toFixed(0),
    'drag median (ms)': median(lat).toFixed(1),
    'drag p95 (ms)': p95(lat).toFixed(1),
    'drag to next frame (ms)': `${median(frame).toFixed(1)} / ${p95(frame).toFixed(1)}`,
    'move handler (ms)': median(handler).toFixed(2),
    're-route (ms)': reroutes.length ? `${median(reroutes).toFixed(1)} ×${reroutes.length}` : 'n/a',
    // The slowest decides whether the arrows follow in the move's own frame (`Routes::follow`).
    're-route slowest (ms)': reroutes.length ? Math.max(...reroutes).toFixed(1) : 'n/a',
    'advisor median (ms)': median(advisor).toFixed(2),
    'JS heap (MB)': (metrics.JSHeapUsedSize / 1e6).toFixed(1),
    'wasm memory (MB)': wasmBytes ? (wasmBytes / 1e6).toFixed(1) : 'n/a',
  });
  await context.close();
}
await browser.close();
server.close();

console.table(rows);
// What the page loads at start, and what comes later: the export worker (docshape-worker*) when
// idle after the first paint, the room worker (docshape-collab*) when a room starts, each split chunk
// (split_*, and chunk_* for code several pieces share) when its piece first opens; the service worker (sw.js) after the first paint, counted
// by scripts/size.sh. Brotli: the build's copies (`.br`; a file under 1 KiB has none and is sent
// as it is).
const parts = {
  'app at page load': [0, 0, 0],
  'export worker, after paint': [0, 0, 0],
  'room worker, on demand': [0, 0, 0],
  'split chunks, on demand': [0, 0, 0],
};
const partOf = (f) =>
  f.startsWith('docshape-worker')
    ? 'export worker, after paint'
    : f.startsWith('docshape-collab')
      ? 'room worker, on demand'
      : f.startsWith('split_') || f.startsWith('chunk_')
        ? 'split chunks, on demand'
        : 'app at page load';
for (const f of readdirSync(dist).filter((f) => /\.(wasm|js)$/.test(f) && f !== 'sw.js')) {
  const part = parts[partOf(f)];
  const path = join(dist, f);
  part[0] += statSync(path).size;
  part[1] += gzipSync(readFileSync(path), { level: 9 }).length;
  part[2] += statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size;
}
for (const [name, [raw, gz, br]] of Object.entries(parts)) {
  const kib = (n) => (n / 1024).toFixed(0);
  console.log(`${name} (wasm + js): ${kib(raw)} KiB raw, ${kib(gz)} KiB gzip, ${kib(br)} KiB Brotli`);
}
