// The parts of the app whose code is a chunk of its own (src/ui/chunks.rs) beyond the Comments
// panel (comments.spec): the Versions dialog with the compare panel, the room's views, the
// inspector, the chosen access pattern, the context menu and presentation mode's slide. None
// is fetched at start; each comes when first opened, says "Loading…" while it comes, and the
// time from the click to the piece on screen is printed (first open, with the chunk fetched
// from the test's server on loopback, and the second, with it here), never asserted.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshot, watchErrors, BASE_URL } from './app.mjs';
import { SYNC_URL, VIEWPORT } from './room.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const CHUNK = /\/(split|chunk)_\w+-[0-9a-f]{16}\.wasm$/;

/** A person without a service worker (every chunk is fetched by the page), pointed at the test's sync server. */
async function open() {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  await context.addInitScript((sync) => localStorage.setItem('docshape.sync', sync), SYNC_URL);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const chunks = [];
  page.on('request', (r) => CHUNK.test(r.url()) && chunks.push(new URL(r.url()).pathname.slice(1)));
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="canvas"]');
  return { context, page, errors, chunks };
}

/** Milliseconds from `click` to `shown` visible. */
async function timed(click, shown) {
  const start = performance.now();
  await click();
  await shown.waitFor();
  return performance.now() - start;
}

test('the Versions dialog, the compare panel and the room views come when first opened; the time to open them', async () => {
  const { context, page, errors, chunks } = await open();
  await page.waitForTimeout(1000);
  assert.deepEqual(chunks, [], 'no chunk at start');

  const versions = [];
  for (let i = 0; i < 2; i++) {
    versions.push(await timed(() => page.getByTestId('action-versions').click(), page.getByTestId('version-name')));
    if (i === 0) {
      await page.getByTestId('version-name').fill('antes');
      await page.getByTestId('version-keep').click();
    }
    await page.getByTestId('dialog-close').click();
  }
  assert.ok(chunks.some((c) => c.startsWith('split_compare-')), `the compare chunk: ${chunks}`);
  assert.ok(!chunks.some((c) => c.startsWith('split_room-')), 'not the room chunk');
  await page.getByTestId('action-versions').click();
  const compare = await timed(() => page.getByTestId('version-compare').click(), page.getByTestId('compare-panel'));
  await page.getByTestId('compare-close').click();

  const room = await timed(() => page.getByTestId('action-together').click(), page.getByTestId('together-dialog'));
  await page.locator('[data-testid="together-status"][data-state="live"]').waitFor({ timeout: 20000 });
  assert.ok(chunks.some((c) => c.startsWith('split_room-')), `the room chunk: ${chunks}`);
  const fmt = (ms) => `${ms.toFixed(0)} ms`;
  console.log(`first open, chunk fetched on loopback: Versions ${fmt(versions[0])}, Edit together (dialog) ${fmt(room)}`);
  console.log(`with the chunk here: Versions ${fmt(versions[1])}, compare panel ${fmt(compare)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('"Loading…" while a chunk comes: the Versions dialog, and the room banner of a room link opened cold', async () => {
  const { context, page, chunks } = await open();
  // Each chunk comes 1.5 s late, as on a slow network.
  await page.route(CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId('action-versions').click();
  await page.getByTestId('versions-loading').waitFor();
  await screenshot(page, 'chunks-versions-loading');
  await page.getByTestId('version-name').waitFor();
  assert.equal(await page.getByTestId('versions-loading').count(), 0);
  await page.getByTestId('dialog-close').click();

  // A room started here gives the link another person opens cold.
  await page.getByTestId('action-together').click();
  await page.getByTestId('together-link').waitFor();
  const link = await page.getByTestId('together-link').inputValue();
  const other = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  await other.addInitScript((sync) => localStorage.setItem('docshape.sync', sync), SYNC_URL);
  const guest = await other.newPage();
  await guest.route(CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await guest.goto(link);
  await guest.waitForSelector('[data-testid="canvas"]');
  await guest.getByTestId('together-loading').waitFor();
  // The canvas and the advisor work meanwhile.
  assert.ok((await guest.locator('[data-testid="entity"]').count()) > 0, 'the diagram is drawn');
  await screenshot(guest, 'chunks-room-loading');
  await guest.locator('[data-testid="together-status"][data-state="live"]').waitFor({ timeout: 20000 });
  await guest.getByTestId('together-peer').first().waitFor();
  await screenshot(guest, 'chunks-room-loaded');
  assert.ok(chunks.length > 0);
  await other.close();
  await context.close();
});

test('a room whose code cannot be fetched: the page says why and stays out of it; the next try starts it', async () => {
  const { context, page, errors } = await open();
  await page.route(CHUNK, (route) => route.abort('internetdisconnected'));
  const name = await page.getByTestId('model-name').inputValue();
  await page.getByTestId('action-together').click();
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /could not be loaded \(no connection\?\)\. Your design is safe/);
  await page.getByTestId('together-status').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('together-dialog').count(), 0, 'no room dialog without a room');
  assert.equal(await page.getByTestId('model-name').inputValue(), name);
  assert.ok(!(await page.evaluate(() => location.hash)).includes('room='), 'no room link in the address bar');
  await screenshot(page, 'chunks-room-unavailable');
  await page.unroute(CHUNK);
  await page.getByTestId('notice-dismiss').click();
  await page.getByTestId('action-together').click();
  await page.getByTestId('together-dialog').waitFor();
  await page.locator('[data-testid="together-status"][data-state="live"]').waitFor({ timeout: 20000 });
  // The refused fetches are the only console errors (the browser's and the chunk loader's).
  assert.deepEqual(errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)), []);
  await context.close();
});

test('the inspector, the chosen pattern, the context menu and the slide come when first used', async () => {
  const { context, page, errors, chunks } = await open();
  await page.waitForTimeout(1000);
  assert.deepEqual(chunks, [], 'no chunk at start');
  const fetched = (name) => chunks.some((c) => c.startsWith(`split_${name}-`));

  await page.locator('[data-testid="entity"][data-name="catalogo"] .entity-header').click();
  await page.getByTestId('entity-inspector').waitFor();
  assert.ok(fetched('inspector'), `the inspector chunk: ${chunks}`);
  assert.ok(!fetched('query_editor') && !fetched('presentation') && !fetched('context_menu'), `only what was used: ${chunks}`);

  if (!(await page.getByTestId('query-item').first().isVisible())) await page.getByTestId('toggle-panel-left').click();
  await page.getByTestId('query-item').first().click();
  await page.getByTestId('query-editor').waitFor();
  assert.ok(fetched('query_editor'), `the chosen pattern's chunk: ${chunks}`);
  // Chosen again, the pattern closes; its piece shows nothing.
  await page.getByTestId('query-item').first().click();
  await page.getByTestId('query-editor').waitFor({ state: 'detached' });

  await page.locator('[data-testid="entity"][data-name="catalogo"] .entity-header').click({ button: 'right' });
  await page.getByTestId('context-menu').waitFor();
  assert.ok(fetched('context_menu'), `the context menu's chunk: ${chunks}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('context-menu').waitFor({ state: 'detached' });

  await page.keyboard.press('p');
  await page.getByTestId('slide').waitFor();
  assert.ok(fetched('presentation'), `the slide's chunk: ${chunks}`);
  assert.match(await page.getByTestId('slide-count').innerText(), /^1 \/ \d+$/);
  await page.keyboard.press('Escape');
  await page.getByTestId('slide').waitFor({ state: 'detached' });
  // Again: the piece stayed, and steps as before.
  await page.keyboard.press('p');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.getByTestId('slide-count').innerText(), /^2 \/ \d+$/);
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
  await context.close();
});
