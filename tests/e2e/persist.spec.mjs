// Autosave: after a reload the model is still there.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, addAggregate, entityBox } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('the model survives a reload', async () => {
  const { page, errors, context } = await openApp(browser);
  await page.getByTestId('model-name').fill('Workshop design');
  await addAggregate(page);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Workshop design');
  await entityBox(page, 'collection').waitFor();
  await entityBox(page, 'catalogo').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
