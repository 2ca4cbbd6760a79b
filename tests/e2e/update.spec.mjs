// A new release is published while the app is open: it installs in the background, a quiet
// notice says so, the open page keeps working on its own release's files (never a mix of the
// two), and a reload, once the design is saved, brings the new one.
//
// The two releases are assembled from the last build (target/site/stage, left by
// scripts/build.mjs) with one difference in their style sheet, and served by a server of this
// spec that publishes release B in place of A, as a host would.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assemble, ROOT } from '../../scripts/build.mjs';
import { serve } from './server.mjs';
import { launch, openApp, offlineReady, screenshot, watchErrors } from './app.mjs';

const dir = mkdtempSync(join(tmpdir(), 'docshape-releases-'));
const css = readFileSync(join(ROOT, 'style', 'main.css'), 'utf8');
const releases = {};
const cacheOf = {};
for (const name of ['a', 'b', 'c']) {
  const out = join(dir, name);
  const { release } = assemble({ out, css: `${css}\n:root { --release: "${name}"; }\n` });
  releases[name] = new Set(readdirSync(out).filter((f) => /-[0-9a-f]{16}/.test(f)));
  cacheOf[name] = `docshape-${release}`;
}
const onlyIn = (name) => [...releases[name]].filter((f) => !releases[name === 'a' ? 'b' : 'a'].has(f));

let browser;
let server;
let url;
before(async () => {
  browser = await launch();
  server = await serve(join(dir, 'a'), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const release = (page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--release').trim());
const caches = (page) => page.evaluate(() => caches.keys());
const publish = async (page, name) => {
  server.root = join(dir, name);
  // The browser also checks on every visit; the app asks every 30 minutes and when back online.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
};

test('a new release installs in the background, is announced, and never mixes with the open one', async () => {
  assert.ok(onlyIn('b').some((f) => f.startsWith('main-')), 'the releases differ');
  const { page, context, errors } = await openApp(browser, { url, viewport: { width: 1280, height: 720 } });
  await page.getByTestId('model-name').fill('Antes de actualizar');
  await offlineReady(page);
  assert.equal(await release(page), '"a"');

  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname.slice(1)));
  await publish(page, 'b');
  await page.getByTestId('update-notice').waitFor();
  assert.match(await page.getByTestId('update-notice').innerText(), /A new version of docshape is ready/);
  await screenshot(page, 'update-notice');

  // Until the user takes it, the page runs release A, the export worker included: the server
  // has only B's files now, so A's come from the service worker's copy of A.
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  await page.getByTestId('dialog-close').click();
  assert.equal(await release(page), '"a"');
  assert.deepEqual(asked.filter((f) => releases.b.has(f) && !releases.a.has(f)), [], 'release A asked for none of B');

  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"b"');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Antes de actualizar', 'the design is kept');
  // Every file of the reloaded page is release B's.
  const loaded = await page.evaluate(() => [
    ...performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.slice(1)),
    ...[...document.querySelectorAll('link[href], script[src], meta[name^="docshape-"]')].map((e) =>
      (e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('content')).replace(/^\.\//, ''),
    ),
  ]);
  const hashed = loaded.filter((f) => /-[0-9a-f]{16}/.test(f)).map((f) => f.split('/')[0]);
  assert.ok(hashed.length >= 8, `files of the page: ${hashed}`);
  assert.deepEqual(hashed.filter((f) => !releases.b.has(f)), [], 'only release B is loaded');
  assert.equal(await page.getByTestId('update-notice').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the reload waits while the design is not saved', async () => {
  server.root = join(dir, 'a');
  const { page, context } = await openApp(browser, { url, viewport: { width: 1280, height: 720 } });
  await offlineReady(page);
  assert.equal(await release(page), '"a"');
  // The browser refuses to store the design: the edit lives only in this tab.
  await page.evaluate(() => {
    window.realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('docshape.design')) throw new DOMException('full', 'QuotaExceededError');
      return window.realSetItem.call(this, key, value);
    };
  });
  await page.getByTestId('model-name').fill('Sin guardar');
  await page.locator('[data-testid="save-status"][data-state="failed"]').waitFor();
  await publish(page, 'b');
  await page.getByTestId('update-notice').waitFor();
  await page.getByTestId('update-reload').click();
  assert.match(await page.getByTestId('update-notice').innerText(), /Not reloaded: your latest edits are not saved/);
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Sin guardar');
  assert.equal(await release(page), '"a"');
  await screenshot(page, 'update-not-saved');
  // Saved again (the app retries): now the reload goes ahead, with the edit.
  await page.evaluate(() => (Storage.prototype.setItem = window.realSetItem));
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(page), '"b"');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Sin guardar');
  await context.close();
});

test('a tab left on an old release keeps working while a newer one is taken in another tab', async () => {
  server.root = join(dir, 'a');
  const { page: first, context } = await openApp(browser, { url, viewport: { width: 1280, height: 720 } });
  await offlineReady(first);
  await publish(first, 'b');
  await first.getByTestId('update-notice').waitFor();
  // C is published while B still waits: C replaces it.
  await publish(first, 'c');
  await first.evaluate(async (c) => {
    const installed = async () =>
      (await caches.has(c)) && (await navigator.serviceWorker.getRegistration()).waiting?.state === 'installed';
    while (!(await installed())) await new Promise((r) => setTimeout(r, 50));
  }, cacheOf.c);
  // A second tab opens on release A (the active one), and takes the update: it reloads into C.
  const second = await context.newPage();
  watchErrors(second);
  await second.goto(url);
  await second.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(second), '"a"');
  await second.getByTestId('update-notice').waitFor();
  await Promise.all([second.waitForEvent('load'), second.getByTestId('update-reload').click()]);
  await second.waitForSelector('[data-testid="canvas"]');
  assert.equal(await release(second), '"c"');
  // The first tab still runs A, on A's kept files (the server has only C's): its export works,
  // and it is told a new version is ready. B, never taken, is gone.
  assert.equal(await release(first), '"a"');
  const kept = await caches(first);
  assert.ok(kept.includes(cacheOf.a) && kept.includes(cacheOf.c), `kept: ${kept}`);
  assert.ok(!kept.includes(cacheOf.b), `B dropped: ${kept}`);
  await first.getByTestId('action-export').click();
  await first.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await first.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  await first.getByTestId('dialog-close').click();
  await first.getByTestId('update-notice').waitFor();
  await context.close();
});
