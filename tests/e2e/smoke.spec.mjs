// The served app opens on the BiblioRed demo: its aggregates are drawn, and the console is clean.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, entityBox, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('the demo model is drawn and the console shows no error', async () => {
  const { page, errors, context } = await openApp(browser);
  for (const name of ['catalogo', 'resenas', 'actividad']) {
    await entityBox(page, name).waitFor();
  }
  const count = await page.locator('[data-testid="entity"]').count();
  assert.ok(count >= 4, `expected the demo's boxes, saw ${count}`);
  await screenshot(page, 'smoke');
  assert.deepEqual(errors, []);
  await context.close();
});
