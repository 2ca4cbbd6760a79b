// Where the first render's time goes: loads the app on a generated model (as bench-ui does)
// with a Chromium trace running, then prints the main thread's time by kind of work (script,
// wasm compile, style, layout, paint...) up to the moment the boxes are drawn, and the app's
// own `performance.measure` spans (names starting with "docshape:").
//
//   node scripts/profile-ui.mjs [aggregates] [trace.json]   (after `node scripts/build.mjs`)
//
// With `drag` first, it profiles a box drag instead: Chromium's sampling CPU profiler (CDP
// `Profiler`) runs over 60 pointer moves of a box, as bench-ui drags one, and the top functions
// by self time and by total time are printed. With `edit` first, the same profiler runs over 40
// letters typed into a field name, as bench-ui's advisor figure types them (each one an edit the
// advisor recomputes). Wasm frames are named only in a build that keeps the names section:
//
//   WASM_NAMES=1 node scripts/build.mjs --out target/dist-names
//   DIST=target/dist-names node scripts/profile-ui.mjs drag 500 [profile.cpuprofile]
//   DIST=target/dist-names node scripts/profile-ui.mjs edit 500 [profile.cpuprofile]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstRender, launch, seededContext } from '../tests/e2e/app.mjs';
import { serve } from '../tests/e2e/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const mode = ['drag', 'edit'].includes(process.argv[2]) ? process.argv[2] : null;
const args = process.argv.slice(mode ? 3 : 2);
const n = Number(args[0] ?? 500);
const out = args[1];
const port = Number(process.env.PROFILE_UI_PORT ?? 8094);
const json = execFileSync(join(root, 'target', 'release', 'docshape'), ['synth', '--entities', String(n), '--seed', '7'], {
  maxBuffer: 1 << 28,
}).toString();

const server = await serve(process.env.DIST ?? join(root, 'dist'), port);
if (mode) {
  await (mode === 'drag' ? profileDrag() : profileEdit());
  server.close();
  process.exit(0);
}
const browser = await launch();
const context = await seededContext(browser, json);
const page = await context.newPage();
const cdp = await browser.newBrowserCDPSession();
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', {
  transferMode: 'ReportEvents',
  traceConfig: {
    includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-v8.compile'],
  },
});
await page.goto(`http://127.0.0.1:${port}/`);
const { firstPaint, drawn } = await firstRender(page);
const { measures } = await page.evaluate(() => ({
  measures: performance.getEntriesByType('measure').map((m) => ({ name: m.name, start: m.startTime, ms: m.duration })),
}));
await cdp.send('Tracing.end');
await done;
await browser.close();
server.close();
if (out) writeFileSync(out, JSON.stringify({ traceEvents: events }));

console.log(`${n} aggregates: ${drawn} boxes drawn, first render ${firstPaint.toFixed(0)} ms`);
for (const m of measures) console.log(`  ${m.name.padEnd(40)} start ${m.start.toFixed(0).padStart(6)}  ${m.ms.toFixed(1).padStart(7)} ms`);

// The renderer's main thread: the thread that has the navigation's ParseHTML / EvaluateScript.
const main = events.find((e) => e.name === 'ParseHTML' || (e.name === 'TracingStartedInBrowser' && false));
const tid = main ? `${main.pid}:${main.tid}` : null;
const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'));
const t0 = navStart ? navStart.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
const end = t0 + firstPaint * 1000;
// Self time by event name on the main thread, from complete ('X') and B/E events within [t0, end].
const mine = events.filter((e) => `${e.pid}:${e.tid}` === tid && e.ph === 'X' && e.ts >= t0 && e.ts <= end && e.dur);
mine.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const self = new Map();
const stack = [];
for (const e of mine) {
  while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
  const parent = stack[stack.length - 1];
  if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(e.dur, parent.ts + parent.dur - e.ts));
  self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
  stack.push(e);
}
const rows = [...self.entries()].filter(([, v]) => v > 2000).sort((a, b) => b[1] - a[1]);
console.log('main thread self time up to first render (ms):');
for (const [name, us] of rows) console.log(`  ${name.padEnd(40)} ${(us / 1000).toFixed(1).padStart(8)}`);
// The big top-level tasks in time order.
console.log('top-level tasks over 20 ms (start ms from navigation, duration):');
for (const e of mine.filter((e) => e.name === 'RunTask' && e.dur > 20000)) {
  const kids = mine.filter((k) => k !== e && k.ts >= e.ts && k.ts < e.ts + e.dur && k.dur > 10000 && k.name !== 'RunTask').map((k) => `${k.name} ${(k.dur / 1000).toFixed(0)}`);
  console.log(`  ${((e.ts - t0) / 1000).toFixed(0).padStart(6)}  ${(e.dur / 1000).toFixed(0).padStart(5)} ms  ${kids.slice(0, 8).join(', ')}`);
}
// Off-main-thread wasm compilation.
const wasm = events.filter((e) => /wasm/i.test(e.name) && e.dur).reduce((m, e) => m.set(e.name, (m.get(e.name) ?? 0) + e.dur), new Map());
console.log('wasm events (all threads, ms):', [...wasm.entries()].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', '));

/** The app on the generated model, settled, with Chromium's sampling profiler ready (not started). */
async function profiledPage() {
  const browser = await launch();
  const context = await seededContext(browser, json);
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const { drawn } = await firstRender(page);
  // Let the advisor's first run and the panels settle before the profile starts.
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  return { browser, page, cdp, drawn };
}

/** The drag profile (see the top of this file). */
async function profileDrag() {
  const { browser, page, cdp, drawn } = await profiledPage();
  const header = page.locator('[data-testid="entity"] .entity-header').nth(Math.floor(n / 2));
  const box = await header.boundingBox();
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  await cdp.send('Profiler.start');
  const moves = 60;
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(box.x + 20 + i * 3, box.y + 10 + i * 2);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  const { profile } = await cdp.send('Profiler.stop');
  await page.mouse.up();
  await browser.close();
  summarize(profile, `${n} aggregates, ${drawn} boxes drawn; ${moves} moves`, moves, 'move');
}

/** The edit profile (see the top of this file). */
async function profileEdit() {
  const { browser, page, cdp, drawn } = await profiledPage();
  await page.locator('[data-testid="entity"] .entity-header').nth(Math.floor(n / 2)).click();
  await page.getByTestId('tab-inspector').click();
  const input = page.getByTestId('field-name').first();
  await input.press('End');
  await cdp.send('Profiler.start');
  const edits = Number(process.env.EDITS ?? 40);
  const advisor = [];
  for (let i = 0; i < edits; i++) {
    await input.type('x');
    advisor.push(Number((await page.getByTestId('analysis-ms').innerText()).replace(/[^0-9.]/g, '')));
  }
  const { profile } = await cdp.send('Profiler.stop');
  await browser.close();
  advisor.sort((a, b) => a - b);
  summarize(profile, `${n} aggregates, ${drawn} boxes drawn; ${edits} edits, advisor median ${advisor[edits >> 1]} ms`, edits, 'edit');
}

/** Prints a CPU profile's top functions by self and total time, per unit of work. */
function summarize(profile, title, units, unit) {
  if (out) writeFileSync(out, JSON.stringify(profile));

  // Self time per sample's leaf; total time per function once per sample (recursion counted once).
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node) => {
    const f = node.callFrame;
    const file = f.url ? f.url.split('/').pop().replace(/-[0-9a-f]{16}/, '') : '';
    return `${f.functionName || '(anonymous)'}${file ? `  [${file}]` : ''}`;
  };
  const self = new Map();
  const total = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leaf = nodes.get(id);
    const leafName = name(leaf);
    if (leafName.startsWith('(idle)') || leafName.startsWith('(program)')) return;
    busy += us;
    self.set(leafName, (self.get(leafName) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const k = name(nodes.get(at));
      if (!seen.has(k)) {
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + us);
      }
    }
  });
  const per = (us) => `${(us / 1000 / units).toFixed(2).padStart(7)} ms/${unit}`;
  console.log(`${title}; busy (not idle, not "(program)") ${per(busy)}`);
  console.log('top self time:');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${per(us)}  ${k}`);
  console.log('top total time:');
  for (const [k, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${per(us)}  ${k}`);
}
