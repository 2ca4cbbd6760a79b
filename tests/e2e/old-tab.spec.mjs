// A tab opened on release A stays open while release B is published, and then opens parts of
// the app whose code is a chunk fetched when first used (src/ui/chunks.rs): the Comments panel,
// the Versions dialog and the compare panel, the room's views. With the service worker, A's
// chunks kept at install still come from A's copy; the room's, kept only once used, are not on
// the server any more: the tab says "docshape was updated — reload" with the design kept, and
// so does a room whose worker is gone too. Without a service worker, every chunk says so. The
// reload brings B, the design and the piece.
//
// The releases are assembled from the last build (target/site/stage, left by scripts/build.mjs)
// as update.spec does, B's chunks (and in `c`, the room worker's wasm too) stamped with a custom
// section so they are other files (other names) than A's, and served by a server of this spec
// that publishes B in place of A.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble, ROOT } from '../../scripts/build.mjs';
import { serve } from './server.mjs';
import { launch, offlineReady, screenshot, watchErrors } from './app.mjs';
import { VIEWPORT } from './room.mjs';
import { startSync, freePort } from './sync.mjs';

const dir = mkdtempSync(join(tmpdir(), 'docshape-old-tab-'));
const css = readFileSync(join(ROOT, 'style', 'main.css'), 'utf8');
const stage = join(ROOT, 'target', 'site', 'stage');
/** A copy of the stage with the files `which` picks stamped: a custom section (id 0, 5 bytes:
 * the name "relb") at their end, still valid wasm. */
function stamped(name, which) {
  const copy = join(dir, `stage-${name}`);
  cpSync(stage, copy, { recursive: true });
  for (const f of readdirSync(copy).filter(which)) appendFileSync(join(copy, f), Buffer.from([0, 5, 4, ...Buffer.from('relb')]));
  return copy;
}
const chunk = (f) => /^(split|chunk)_\w+\.wasm$/.test(f);
const files = {};
for (const [name, from] of [
  ['a', stage],
  ['b', stamped('b', chunk)],
  ['c', stamped('c', (f) => chunk(f) || f === 'docshape-collab_bg.wasm')],
]) {
  const out = join(dir, name);
  assemble({ stage: from, out, css: `${css}\n:root { --release: "${name}"; }\n` });
  files[name] = new Set(readdirSync(out).filter((f) => /-[0-9a-f]{16}/.test(f)));
}
const onlyIn = (name, other = 'a') => [...files[name]].filter((f) => !files[other].has(f));

let browser;
let server;
let url;
// A sync server of this spec's own: collab.spec, which runs before it, stops and restarts the
// run's shared one (tests/e2e/run.mjs) to test what happens when it goes.
let sync;
let SYNC_URL;
before(async () => {
  browser = await launch();
  server = await serve(join(dir, 'a'), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  const port = await freePort();
  sync = await startSync({ port, data: mkdtempSync(join(dir, 'sync-')) });
  SYNC_URL = `ws://127.0.0.1:${port}`;
});
after(async () => {
  await browser?.close();
  server?.close();
  await sync?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const release = (page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--release').trim());

/** A person on release A, pointed at the test's sync server. */
async function openOnA(contextOptions = {}) {
  server.root = join(dir, 'a');
  const context = await browser.newContext({ viewport: VIEWPORT, ...contextOptions });
  await context.addInitScript((sync) => localStorage.setItem('docshape.sync', sync), SYNC_URL);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname.slice(1)));
  await page.goto(url);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"a"');
  return { context, page, errors, asked };
}

/** Publishes release `name` and waits for the open tab to hear of it. */
async function publish(page, name) {
  server.root = join(dir, name);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.getByTestId('update-notice').waitFor();
}

test("with the service worker: A's chunks come from A's copy; a room whose chunk is gone says \"updated — reload\" and starts after it", async () => {
  assert.ok(onlyIn('b').some((f) => f.startsWith('split_room-')) && onlyIn('a', 'b').some((f) => f.startsWith('split_room-')), 'the chunks differ');
  assert.ok(!onlyIn('b').some((f) => f.startsWith('docshape-collab')), 'the room worker is the same');
  const { context, page, asked } = await openOnA();
  await page.getByTestId('model-name').fill('Abierto en A');
  await offlineReady(page);
  await publish(page, 'b');
  const seen = asked.length;

  // Kept at A's install: the Comments panel and the Versions dialog, then a comparison.
  await page.getByTestId('action-comments').click();
  await page.getByTestId('comments-panel').waitFor();
  await page.getByTestId('comments-close').click();
  await page.getByTestId('action-versions').click();
  await page.getByTestId('version-name').fill('antes');
  await page.getByTestId('version-keep').click();
  await page.getByTestId('version-compare').click();
  await page.getByTestId('compare-panel').waitFor();
  await page.getByTestId('compare-close').click();
  assert.deepEqual(asked.slice(seen).filter((f) => files.b.has(f) && !files.a.has(f)), [], 'A asked for none of B');

  // The room's chunk (its views, and the code that starts its worker and reads it) was never
  // used in this tab, and the server has only B's now: no room starts, the page says to reload.
  await page.getByTestId('action-together').click();
  await page.waitForFunction(() => /docshape was updated — reload to open this/.test(document.querySelector('[data-testid="notice"]')?.textContent ?? ''));
  assert.equal(await page.getByTestId('together-banner').count(), 0, 'no half-started room');
  assert.equal(await page.evaluate(() => location.hash), '', 'no room link in the address bar');
  await screenshot(page, 'old-tab-room-views-updated');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Abierto en A');

  // The reload takes B, whose room starts.
  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"b"');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Abierto en A', 'the design is kept');
  await page.getByTestId('action-together').click();
  await page.locator('[data-testid="together-status"][data-state="live"]').waitFor({ timeout: 20000 });
  await screenshot(page, 'old-tab-room-after-reload');
  await context.close();
});

test('with the service worker: a room whose worker is gone too says "updated — reload" and keeps the design', async () => {
  assert.ok(onlyIn('c').some((f) => f.startsWith('docshape-collab_loader-')), 'the room worker differs');
  const { context, page } = await openOnA();
  await page.getByTestId('model-name').fill('Sala en A');
  await offlineReady(page);
  await publish(page, 'c');
  await page.getByTestId('action-together').click();
  await page.waitForFunction(() => /docshape was updated — reload/.test(document.querySelector('[data-testid="notice"]')?.textContent ?? ''));
  await screenshot(page, 'old-tab-room-updated');
  assert.equal(await page.getByTestId('together-banner').count(), 0, 'no room without its worker');
  assert.equal(await page.evaluate(() => location.hash), '', 'no room link left to reload into');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Sala en A');

  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"c"');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Sala en A', 'the design is kept');
  await page.getByTestId('action-together').click();
  await page.locator('[data-testid="together-status"][data-state="live"]').waitFor({ timeout: 20000 });
  await context.close();
});

test('without a service worker: a chunk of A gone from the server says "updated — reload", and the reload opens it', async () => {
  const { context, page, errors } = await openOnA({ serviceWorkers: 'block' });
  await page.getByTestId('model-name').fill('Sin service worker');
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  server.root = join(dir, 'b');

  await page.getByTestId('action-versions').click();
  await page.getByTestId('versions-outdated').waitFor();
  assert.match(await page.getByTestId('versions-outdated').innerText(), /docshape was updated — reload to open this\. Your design is kept\./);
  await screenshot(page, 'old-tab-versions-outdated');
  assert.equal(await page.getByTestId('versions-retry').count(), 0, 'trying again cannot help');

  await Promise.all([page.waitForEvent('load'), page.getByTestId('versions-reload').click()]);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"b"');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Sin service worker', 'the design is kept');
  await page.getByTestId('action-versions').click();
  await page.getByTestId('version-name').waitFor();
  // The only errors: A's chunk that was not there any more.
  assert.ok(errors.every((e) => /404|split_compare|chunk_|Failed to fetch|WebAssembly/.test(e)), errors.join('\n'));
  await context.close();
});
