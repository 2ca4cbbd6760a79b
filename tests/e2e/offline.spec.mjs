// A workshop room whose Wi-Fi drops: after one visit the app works with no network at all.
// Reload opens the saved design; editing, the advisor (and its rule texts), exports, import,
// share links and the template gallery all work offline; the app is installable.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSync, freePort } from './sync.mjs';
import { launch, openApp, addAggregate, boxCount, entityBox, screenshot, savedModel, offlineReady, BASE_URL } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const VIEWPORT = { width: 1280, height: 720 };

test('after one visit, the app opens, edits, exports, imports and shares with the network gone', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  // The wasm is compiled as it streams in, from the server and from the offline copy alike
  // (wasm-bindgen warns and falls back to a slower path when it is not application/wasm).
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('model-name').fill('Taller sin red');
  await offlineReady(page);
  const boxes = await page.locator('[data-testid="entity"]').count();
  assert.equal(await page.getByTestId('update-notice').count(), 0, 'a first install is not an update');

  await context.setOffline(true);
  const failed = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  await page.reload();
  await page.locator('[data-testid="finding"]').first().waitFor();
  // The network is really gone: what the service worker did not keep cannot be fetched.
  const probe = await page.evaluate(() => fetch('./not-kept.txt').then(() => 'reached', () => 'offline'));
  assert.equal(probe, 'offline');
  assert.deepEqual(errors.filter((e) => !/ERR_FAILED/.test(e)), []);
  failed.length = 0;
  errors.length = 0;
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Taller sin red', 'the saved design opens');
  assert.equal(await page.locator('[data-testid="entity"]').count(), boxes);
  await screenshot(page, 'offline-reloaded');

  // Edit: a new aggregate, which the advisor analyses at once and autosave keeps.
  const findingsBefore = Number(await page.locator('[data-testid="tab-advisor"] .count').innerText());
  await addAggregate(page);
  // Counted in the design: the new box is shown at 100%, where the canvas draws only part of it.
  assert.equal(await boxCount(page), boxes + 1);
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="tab-advisor"] .count')?.textContent) !== n,
    findingsBefore,
  );
  assert.equal(JSON.parse(await savedModel(page)).entities.length, boxes + 1, 'the offline edit is saved');

  // A rule's explanation comes from the data folder the service worker kept.
  await page.getByTestId('tab-advisor').click();
  await page.locator('[data-testid="finding"] .finding-head').first().click();
  await page.waitForFunction(() => /—\s*\S/.test(document.querySelector('[data-testid="finding"] p.rule')?.textContent ?? ''));

  // Export (the worker, fetched in the background on the first visit).
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  await page.getByRole('tab', { name: 'mongosh script' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /db\.createCollection\("actividad"/);
  await screenshot(page, 'offline-export');
  await page.getByTestId('dialog-close').click();
  // Save the design as a file: what is downloaded reads back as the design on screen.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('action-save').click()]);
  const file = JSON.parse(await new Response(await download.createReadStream()).text());
  assert.equal(file.name, 'Taller sin red');
  assert.equal(file.entities.length, boxes + 1);

  // Import sample documents.
  await page.getByTestId('action-import').click();
  await page.getByTestId('import-text').fill('{"nombre": "Ana", "edad": 31}\n{"nombre": "Luis", "edad": 40}');
  await page.getByTestId('import-analyse').click();
  assert.match(await page.getByTestId('import-preview').innerText(), /2 documents/);
  await page.getByTestId('import-confirm').click();
  await entityBox(page, 'samples').waitFor();

  // A share link, opened offline in another tab: review mode on the same design.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByTestId('action-share').click();
  let link = '';
  for (let i = 0; i < 100 && !link.includes('#m='); i++) {
    await page.waitForTimeout(100);
    link = await page.evaluate(() => navigator.clipboard.readText());
  }
  assert.match(link, /#m=/);
  const viewer = await context.newPage();
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  assert.equal(await viewer.getByTestId('model-name').inputValue(), 'Taller sin red');
  assert.equal(await viewer.locator('[data-testid="entity"]').count(), boxes + 2);
  await screenshot(viewer, 'offline-share-link');
  await viewer.close();

  // The template gallery: templates come from the kept data folder too.
  await page.getByTestId('action-new').click();
  await page.locator('[data-testid="template"][data-template="orders"]').click();
  await page.getByTestId('templates').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0);
  assert.notEqual(await page.getByTestId('model-name').inputValue(), 'Taller sin red', 'the template opened');
  await page.getByTestId('tab-advisor').click();
  await page.locator('[data-testid="finding"], [data-testid="finding-group"]').first().waitFor();
  await screenshot(page, 'offline-template');

  // The Comments panel, never opened on the first visit: its code is a chunk of its own
  // (src/ui/chunks.rs), and the service worker kept it with the rest.
  await page.getByTestId('action-comments').click();
  await page.getByTestId('comments-panel').waitFor();
  assert.equal(await page.getByTestId('comments-unavailable').count(), 0);
  await screenshot(page, 'offline-comments');

  assert.deepEqual(failed, [], 'nothing was asked of the network');
  assert.deepEqual(warnings.filter((w) => /instantiateStreaming/.test(w)), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the app is installable: a manifest with a name, a start address and icons', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  assert.match(href, /^\.\/manifest-[0-9a-f]{16}\.webmanifest$/);
  const manifest = await (await page.request.get(new URL(href, BASE_URL).href)).json();
  assert.equal(manifest.name, 'docshape');
  assert.equal(manifest.display, 'standalone');
  assert.equal(new URL(manifest.start_url, BASE_URL).href, BASE_URL);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png' && i.purpose === 'any');
    assert.ok(icon, `a ${size} PNG icon`);
    const response = await page.request.get(new URL(icon.src, BASE_URL).href);
    assert.equal(response.headers()['content-type'], 'image/png');
    const png = await response.body();
    // The PNG's own width and height (IHDR) are the declared size.
    assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, size);
  }
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon for launchers that crop');
  // Chromium's own verdict: nothing stops installing it, but that a test's browser context is
  // a private ("incognito") one.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
  await context.close();
});

test('the room worker is kept offline once a room loads it, not downloaded at install', async () => {
  // A sync server of its own: collab.spec stops the shared one.
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'docshape-sync-offline-'));
  const sync = await startSync({ port, data });
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  try {
    await page.evaluate((url) => localStorage.setItem('docshape.sync', url), `ws://127.0.0.1:${port}`);
    await offlineReady(page);
    // Every URL the service worker keeps, in every cache of this origin.
    const kept = () =>
      page.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
        return urls;
      });
    const installed = await kept();
    assert.ok(installed.some((u) => /docshape-web_bg-[0-9a-f]{16}\.wasm$/.test(u)), 'the app itself is kept at install');
    assert.ok(installed.some((u) => /docshape-worker_bg-[0-9a-f]{16}\.wasm$/.test(u)), 'and the export worker');
    assert.deepEqual(installed.filter((u) => /docshape-collab/.test(u)), [], 'nothing of the room worker at install');

    await page.getByTestId('action-together').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="together-status"]')?.dataset.state === 'live', null, { timeout: 20000 });
    const after = (await kept()).filter((u) => /docshape-collab/.test(u)).map((u) => u.replace(/^.*\//, '').replace(/-[0-9a-f]{16}/, ''));
    assert.deepEqual(after.sort(), ['docshape-collab.js', 'docshape-collab_bg.wasm', 'docshape-collab_loader.js'], 'the room worker once a room loaded it');
  } finally {
    await context.close();
    await sync.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
