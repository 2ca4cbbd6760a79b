// Importing sample documents: malformed lines are reported with their numbers, the collection
// is added only on confirmation, and undo reverts the import.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, entityBox, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const SAMPLES = [
  '{"_id": {"$oid": "64b7f0000000000000000001"}, "nombre": "Ana", "telefono": "+34 600 111 222", "tags": ["a", "b"]}',
  '{"_id": {"$oid": "64b7f0000000000000000002"}, "nombre": "Luis", "telefono": "600-111-333", "tags": []}',
  '{"_id": {"$oid": "64b7f0000000000000000003"}, "nombre": "Eva", oops}',
  '{"_id": {"$oid": "64b7f0000000000000000004"}, "nombre": "Rui", "telefono": 600111444}',
].join('\n');

test('sample documents become a collection on confirmation, and undo removes it', async () => {
  const { page, context, errors } = await openApp(browser);
  const before = await page.locator('[data-testid="entity"]').count();
  await page.getByTestId('action-import').click();
  await page.getByTestId('import-text').fill(SAMPLES);
  await page.getByTestId('import-analyse').click();
  const preview = await page.getByTestId('import-preview').innerText();
  assert.match(preview, /3 documents/);
  assert.match(preview, /1 malformed/);
  assert.match(preview, /line 3/);
  assert.equal(await page.locator('[data-testid="entity"]').count(), before, 'nothing added before confirming');
  await screenshot(page, 'import-preview');
  await page.getByTestId('import-confirm').click();
  await entityBox(page, 'samples').waitFor();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await entityBox(page, 'samples').waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid="entity"]').count(), before);
  assert.deepEqual(errors, []);
  await context.close();
});
