// The exporters, importer and review report are a second module (a Web Worker), fetched in the
// background once the first paint is done (never competing with it) and started when a dialog
// needs it; if it cannot load, the dialog says so instead of hanging.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE_URL, watchErrors } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('the worker is fetched in the background after the first paint, never before it', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const fetched = [];
  const errors = [];
  // Requests of the page and of its service worker, which fetches the export worker ahead of need.
  context.on('request', (r) => fetched.push(r));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  // The app's wasm is compiled as it streams in (wasm-bindgen warns when it cannot be).
  page.on('console', (msg) => /instantiateStreaming/.test(msg.text()) && errors.push(msg.text()));
  await page.goto(BASE_URL);
  // The editor works without it: the advisor has run and the demo model is drawn.
  await page.locator('[data-testid="finding"]').first().waitFor();
  const paths = () => fetched.map((r) => new URL(r.url()).pathname);
  assert.ok(paths().some((p) => /\/docshape-web_bg-[0-9a-f]{16}\.wasm$/.test(p)), `the app itself was seen: ${paths()}`);
  // Without opening a dialog, the worker's files arrive once the page is idle.
  const workerWasm = (r) => /\/docshape-worker_bg-[0-9a-f]{16}\.wasm$/.test(new URL(r.url()).pathname);
  await page.waitForFunction(() => performance.getEntriesByName('docshape:background').length > 0);
  for (let i = 0; i < 100 && !fetched.some(workerWasm); i++) await page.waitForTimeout(100);
  const workerRequests = fetched.filter((r) => new URL(r.url()).pathname.includes('docshape-worker'));
  console.log(`# fetched in the background: ${workerRequests.map((r) => new URL(r.url()).pathname).join(', ')}`);
  assert.ok(workerRequests.some(workerWasm), `worker wasm fetched: ${paths()}`);
  // ...and every one of them started after the first paint (the first frame with content,
  // which already holds the diagram: the app mounts before the browser paints).
  const { paint, background } = await page.evaluate(() => ({
    paint: performance.timeOrigin + performance.getEntriesByName('first-contentful-paint')[0].startTime,
    background: performance.timeOrigin + performance.getEntriesByName('docshape:background')[0].startTime,
  }));
  assert.ok(background >= paint, `background work started ${paint - background} ms before the first paint`);
  for (const request of workerRequests) {
    await request.response();
    const started = request.timing().startTime;
    assert.ok(started >= paint, `${request.url()} started ${(paint - started).toFixed(0)} ms before the first paint`);
  }
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * The app in a context without a service worker (so routes see every request) whose export
 * worker entry is answered by `fulfill`, from the first request on (it is prefetched after the
 * first paint).
 */
async function withWorkerEntry(fulfill) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  await context.route('**/docshape-worker_loader-*.js', fulfill);
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="canvas"]');
  return { page, context };
}

test('a worker that cannot load gives a clear error in the export and import dialogs', async () => {
  const { page, context } = await withWorkerEntry((route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.getByTestId('action-export').click();
  const error = await page.getByTestId('export-error').innerText();
  assert.match(error, /export and import module could not run/);
  assert.equal(await page.getByTestId('export-text').count(), 0);
  await page.getByTestId('dialog-close').click();
  await page.getByTestId('action-import').click();
  await page.getByTestId('import-text').fill('{"a": 1}');
  await page.getByTestId('import-analyse').click();
  assert.match(await page.getByTestId('import-error').innerText(), /could not run/);
  assert.equal(await page.getByTestId('import-confirm').isDisabled(), true);
  await context.close();
});

test('a worker of another version (a stale cached copy) is reported, not waited on', async () => {
  // A worker that cannot read this page's requests answers with id 0 ("unreadable request").
  const stale = `postMessage("ready"); onmessage = () => postMessage('{"id":0,"outcome":{"error":"unreadable request"}}');`;
  const { page, context } = await withWorkerEntry((route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: stale }),
  );
  await page.getByTestId('action-export').click();
  assert.match(await page.getByTestId('export-error').innerText(), /outdated cached copy/);
  await context.close();
});

test('a worker that never answers is stopped after a minute and the dialog says so', async () => {
  // Loads, then says nothing: not ready, no answer.
  const { page, context } = await withWorkerEntry((route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'onmessage = () => {};' }),
  );
  await page.clock.install();
  await page.getByTestId('action-export').click();
  await page.getByTestId('export-preparing').waitFor();
  await page.clock.fastForward(59_000);
  assert.equal(await page.getByTestId('export-error').count(), 0, 'still waiting before the minute is up');
  await page.clock.fastForward(2_000);
  assert.match(await page.getByTestId('export-error').innerText(), /did not answer within 60 seconds/);
  // The next request starts a fresh worker (this one answers): the dialog recovers.
  await context.unroute('**/docshape-worker_loader-*.js');
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  await context.close();
});
