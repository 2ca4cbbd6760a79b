// The export dialog shows the validators and the mongosh script of the design.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('export shows the $jsonSchema validator and the script', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: '$jsonSchema' }).click();
  const text = await page.getByTestId('export-text').innerText();
  assert.match(text, /"\$jsonSchema"/);
  assert.match(text, /"maxItems": 500/);
  assert.match(text, /"busqueda"/);
  await page.getByRole('tab', { name: 'mongosh script' }).click();
  const script = await page.getByTestId('export-text').innerText();
  assert.match(script, /db\.createCollection\("actividad"/);
  assert.match(script, /expireAfterSeconds: 63072000/);
  await screenshot(page, 'export');
  assert.deepEqual(errors, []);
  await context.close();
});
