// The exporters, importer and review report are a second module (a Web Worker) fetched only
// when a dialog needs it; if it cannot load, the dialog says so instead of hanging.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, BASE_URL } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('the worker is fetched when the export dialog opens, not before', async () => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const fetched = [];
  const errors = [];
  context.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(BASE_URL);
  // The editor works without it: the advisor has run and the demo model is drawn.
  await page.locator('[data-testid="finding"]').first().waitFor();
  assert.ok(fetched.some((p) => p.includes('docshape-web')), `the app itself was seen: ${fetched}`);
  assert.deepEqual(fetched.filter((p) => p.includes('docshape-worker')), [], 'nothing of the worker at start');
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  console.log(`# fetched for the export: ${fetched.filter((p) => p.includes('docshape-worker')).join(', ')}`);
  assert.ok(fetched.some((p) => p.endsWith('/docshape-worker_bg.wasm')), `worker wasm fetched: ${fetched}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker that cannot load gives a clear error in the export and import dialogs', async () => {
  const { page, context } = await openApp(browser);
  await context.route('**/docshape-worker_loader.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
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
  const { page, context } = await openApp(browser);
  // A worker that cannot read this page's requests answers with id 0 ("unreadable request").
  const stale = `postMessage("ready"); onmessage = () => postMessage('{"id":0,"outcome":{"error":"unreadable request"}}');`;
  await context.route('**/docshape-worker_loader.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: stale }),
  );
  await page.getByTestId('action-export').click();
  assert.match(await page.getByTestId('export-error').innerText(), /outdated cached copy/);
  await context.close();
});

test('a worker that never answers is stopped after a minute and the dialog says so', async () => {
  const { page, context } = await openApp(browser);
  // Loads, then says nothing: not ready, no answer.
  await context.route('**/docshape-worker_loader.js', (route) =>
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
  await context.unroute('**/docshape-worker_loader.js');
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  assert.match(await page.getByTestId('export-text').innerText(), /"\$jsonSchema"/);
  await context.close();
});
