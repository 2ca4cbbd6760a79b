// Importing sample documents: malformed lines are reported with their numbers, the collection
// is added only on confirmation, and undo reverts the import.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, entityBox, screenshot, savedModel } from './app.mjs';

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

// An API's JSON export: prices are plain numbers and moments are ISO strings (JSON has neither
// Decimal128 nor dates). The advisor says so at once, naming each field, and its one-click
// fixes retype them; the canvas shows the new types.
test('imported JSON with prices and moments: the advisor names the types and fixes them', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.getByTestId('action-import').click();
  await page.getByTestId('import-text').fill(
    [
      '{"_id": 1, "sku": "MUG-1", "price": 19.99, "createdAt": "2026-03-01T10:00:00Z"}',
      '{"_id": 2, "sku": "CUP-2", "price": 7.5, "createdAt": "2026-03-02T11:30:00Z"}',
    ].join('\n'),
  );
  await page.getByTestId('import-analyse').click();
  await page.getByTestId('import-confirm').click();
  const box = entityBox(page, 'samples');
  await box.waitFor();
  await page.getByTestId('tab-advisor').click();
  const money = page.locator('[data-testid="finding"][data-code="DS404"]');
  const moment = page.locator('[data-testid="finding"][data-code="DS405"]');
  await page.waitForFunction(() =>
    ['DS404', 'DS405'].every((c) => /samples\./.test(document.querySelector(`[data-testid="finding"][data-code="${c}"]`)?.innerText ?? '')),
  );
  assert.match(await money.first().innerText(), /samples\.price holds money as a double/);
  assert.match(await moment.first().innerText(), /samples\.createdAt holds a date as a string/);
  // Fitted with both panels open, the diagram is too small for field text: each box draws
  // its rows as bars (it has fields; zoom in to read them), never as an empty box.
  if (parseFloat(await page.getByTestId('zoom').innerText()) < 45) {
    const rows = box.locator('.far-rows');
    assert.equal(await rows.count(), 1, 'far zoom: the rows are drawn as bars');
    assert.ok((await rows.boundingBox()).height > 10, 'the bars fill the box');
  }
  await screenshot(page, 'import-types-flagged');
  await money.first().getByTestId('apply-fix').click();
  await moment.first().getByTestId('apply-fix').click();
  await money.first().waitFor({ state: 'detached' });
  await moment.first().waitFor({ state: 'detached' });
  // The design as saved (the diagram is fitted at 41% here, too small to draw field rows).
  const typesNow = async () => {
    const model = JSON.parse((await savedModel(page)) ?? '{}');
    const samples = (model.entities ?? []).find((e) => e.name === 'samples');
    return Object.fromEntries((samples?.fields ?? []).map((f) => [f.name, f.type]));
  };
  let types = await typesNow();
  for (let i = 0; i < 20 && types.createdAt !== 'date'; i++) {
    await page.waitForTimeout(100);
    types = await typesNow();
  }
  assert.equal(types.price, 'decimal', JSON.stringify(types));
  assert.equal(types.createdAt, 'date', JSON.stringify(types));
  await screenshot(page, 'import-types-fixed');
  assert.deepEqual(errors, []);
  await context.close();
});
