// Load benchmark: how long until the page is painted and usable, on a throttled network
// (Chromium's network emulation: 40 ms latency, 10 Mbit/s down; the server gzips as a host
// would), for a first visit with an empty cache ("cold") and a repeat visit (HTTP cache and the
// service worker), with the BiblioRed demo (N=0) and with a saved design of 300 aggregates.
// docshape is measured twice: served gzip (as the targets were set) and served the
// build's Brotli copies (`.br`, as a host that serves precompressed files would).
// Prints the median of RUNS runs per case and what a cold visit transferred. Asserts nothing.
//
//   node scripts/bench-load.mjs             (after `node scripts/build.mjs`; see `make bench-ui`)
//   RUNS=9 node scripts/bench-load.mjs
//   DIST=other/dist node scripts/bench-load.mjs                       another docshape build
//   COMPARE='label|/path/to/its/dist|css selector|page;...' node scripts/bench-load.mjs
//       also measures other builds (an earlier docshape, another web app) in the same run,
//       served by the same server and throttle: painted when `selector` is in `page` (default
//       index.html; files named after their content, and a bundler's assets/, served immutable)
//
//   BEFORE=/path/to/an/earlier/docshape/dist node scripts/bench-load.mjs
//   LOCALE=es-ES node scripts/bench-load.mjs   the demo visits in a Spanish browser (the app
//       then fetches its Spanish texts file with the wasm; the 300-aggregate visits stay en-US)
//       an earlier docshape build measured as this one is (service worker, phases), same run
//
// "Painted" is the in-page time (from navigation start) of the frame after the boxes on screen
// are in the DOM and stable (tests/e2e/app.mjs `firstRender`), or after the compared app's
// selector appears and stays, measured the same way. For docshape it also prints where a
// visit's time goes (medians, ms from navigation start): the page received, the app's wasm
// received, the app starting to mount (wasm compiled and instantiated), mounted, the first
// contentful paint. The host's load average is printed with the figures: on a busy host the
// CPU-bound phases stretch.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch, seededContext, offlineReady } from '../tests/e2e/app.mjs';
import { serve, cacheControl } from '../tests/e2e/server.mjs';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.BENCH_UI_PORT ?? 8093);
const THROTTLE = { offline: false, latency: 40, downloadThroughput: (10e6 / 8) | 0, uploadThroughput: (10e6 / 8) | 0 };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Time (ms since navigation) of the frame after `selector`'s count is non-zero and stable. */
const painted = (page, selector) =>
  page.evaluate(
    (selector) =>
      new Promise((resolve) => {
        let last = -1;
        const tick = () => {
          const count = document.querySelectorAll(selector).length;
          if (count > 0 && count === last) requestAnimationFrame(() => resolve(performance.now()));
          else {
            last = count;
            requestAnimationFrame(tick);
          }
        };
        tick();
      }),
    selector,
  );

/**
 * Where a docshape visit's time went (ms since navigation), read from the page's timeline: the
 * navigation entry, the app wasm's resource entry, the app's `docshape:mount` span
 * (src/ui/timing.rs) and the first contentful paint. A phase the page did not record is NaN.
 */
const phases = (page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const wasm = performance.getEntriesByType('resource').find((r) => /\/docshape-web_bg[^/]*\.wasm$/.test(r.name));
    const mount = performance.getEntriesByName('docshape:mount')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      'page in': nav?.responseEnd ?? NaN,
      'wasm in': wasm?.responseEnd ?? NaN,
      'mount starts': mount?.startTime ?? NaN,
      mounted: mount ? mount.startTime + mount.duration : NaN,
      'first paint': paint?.startTime ?? NaN,
    };
  });

/** One visit of `url` in `context`: painted time, bytes received (compressed), and phases. */
async function visit(context, url, selector, withPhases) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 120_000 });
  const ms = await painted(page, selector);
  return { page, ms, bytes, phases: withPhases ? await phases(page) : null };
}

/**
 * The median of each phase over `visits`, with the painted time last; over the visits that
 * recorded it (a browser may report no first contentful paint for a visit), `-` if none did.
 */
const medianPhases = (visits) =>
  Object.fromEntries(
    [...Object.keys(visits[0].phases), 'painted'].map((key) => {
      const known = visits.map((v) => (key === 'painted' ? v.ms : v.phases[key])).filter(Number.isFinite);
      return [key, known.length ? median(known).toFixed(0) : '-'];
    }),
  );

/**
 * Cold and repeat visits of one app, `runs` times, each in a fresh context. `docshape`: the app
 * is a docshape build (its service worker kept the release before the repeat visit; phases).
 */
async function measure(browser, { url, selector, model, docshape }) {
  const cold = [];
  const repeat = [];
  for (let i = 0; i < runs; i++) {
    const context = model
      ? await seededContext(browser, model, { width: 1280, height: 720 })
      : await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: process.env.LOCALE });
    const first = await visit(context, url, selector, docshape);
    cold.push(first);
    // The repeat visit once the first one's background work is done (the offline copy kept).
    if (docshape) await offlineReady(first.page);
    else await first.page.waitForTimeout(1000);
    await first.page.close();
    const again = await visit(context, url, selector, docshape);
    repeat.push(again);
    await context.close();
  }
  return {
    cold: median(cold.map((v) => v.ms)),
    repeat: median(repeat.map((v) => v.ms)),
    kib: median(cold.map((v) => v.bytes)) / 1024,
    phases: docshape ? { cold: medianPhases(cold), repeat: medianPhases(repeat) } : null,
  };
}

const servers = [];
const browser = await launch();
const rows = [];
const timeline = [];
/**
 * Measures one docshape build (served on `at`, its Brotli copies used when `brotli`) with the
 * demo and with 300 aggregates.
 */
async function measureDocshape(label, dir, at, brotli) {
  const server = await serve(dir, at, { brotli });
  servers.push(server);
  const url = `http://127.0.0.1:${at}/`;
  for (const [what, model] of [['demo (N=0)', null], ['300 aggregates', big]]) {
    const r = await measure(browser, { url, selector: '[data-testid="entity"]', model, docshape: true });
    rows.push({ app: `${label}, ${what}`, 'cold: painted (ms)': r.cold.toFixed(0), 'repeat: painted (ms)': r.repeat.toFixed(0), 'cold: received (KiB)': r.kib.toFixed(0) });
    for (const visit of ['cold', 'repeat']) timeline.push({ visit: `${label}, ${what}, ${visit}`, ...r.phases[visit] });
  }
}
const big = execFileSync(join(root, 'target', 'release', 'docshape'), ['synth', '--entities', '300', '--seed', '7'], {
  maxBuffer: 1 << 28,
}).toString();
const before = process.env.BEFORE;
if (before && !existsSync(join(before, 'sw.js'))) throw new Error(`BEFORE=${before}: not a docshape build (no sw.js)`);
const load = [loadavg()[0]];
const dist = process.env.DIST ?? join(root, 'dist');
await measureDocshape('docshape, gzip', dist, port, false);
if (existsSync(join(dist, 'sw.js.br'))) await measureDocshape('docshape, brotli', dist, port + 50, true);
if (before) await measureDocshape('before, gzip', before, port + 100, false);
// Other builds, one server each (ports after ours).
for (const [i, entry] of (process.env.COMPARE ?? '').split(';').filter(Boolean).entries()) {
  const [label, dir, selector, path = ''] = entry.split('|');
  // Its bundler names its assets after their content: served immutable, like ours.
  const immutable = (p) => (p.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : cacheControl(p));
  const other = await serve(dir, port + 1 + i, { cacheControl: immutable });
  servers.push(other);
  const r = await measure(browser, { url: `http://127.0.0.1:${port + 1 + i}/${path}`, selector, model: null, docshape: false });
  rows.push({ app: label, 'cold: painted (ms)': r.cold.toFixed(0), 'repeat: painted (ms)': r.repeat.toFixed(0), 'cold: received (KiB)': r.kib.toFixed(0) });
}
load.push(loadavg()[0]);
await browser.close();
for (const s of servers) s.close();
console.log(`Load (median of ${runs}; 40 ms latency, 10 Mbit/s; 1280x720; host load average ${load.map((l) => l.toFixed(1)).join(' → ')}):`);
console.table(rows);
console.log('Where a docshape visit goes (medians, ms from navigation start):');
console.table(timeline);
