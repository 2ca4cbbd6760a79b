// A reference always means a field (issue 33), at 1280×720: an arrow turned into a reference
// gives the child the field that holds the parent's id, named as the exporters name it
// (`cliente_id`), typed like the parent's id; the child's box shows it, the inspector names it,
// the $jsonSchema and the example documents carry it, and Undo takes the whole change back.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, entityBox, newBlank } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const fieldsOf = (page, name) => entityBox(page, name).locator('li.field .fname').allInnerTexts();

test('a reference drawn between two boxes puts its field in the child, shown and exported', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await newBlank(page);
  await page.getByTestId('canvas').focus();
  for (const name of ['clientes', 'pedidos']) {
    await page.keyboard.press('a');
    await page.getByTestId('rename').waitFor();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await entityBox(page, name).waitFor();
  }
  await page.keyboard.press('Control+0');
  // Connect clientes → pedidos: an embedding first; no field yet.
  await entityBox(page, 'clientes').locator('.entity-header').click();
  await entityBox(page, 'pedidos').locator('.entity-header').click({ modifiers: ['Shift'] });
  await page.keyboard.press('c');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 1);
  await page.getByTestId('relation-inspector').waitFor();
  assert.deepEqual(await fieldsOf(page, 'pedidos'), ['_id']);

  // Reference: the child holds cliente_id, typed like clientes' _id (objectId), required.
  await page.getByTestId('storage').selectOption('reference');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="entity"][data-name="pedidos"] li.field .fname')].some((f) => f.textContent === 'cliente_id'),
  );
  assert.deepEqual(await fieldsOf(page, 'pedidos'), ['_id', 'cliente_id']);
  const row = entityBox(page, 'pedidos').locator('li.field[data-path="cliente_id"]');
  assert.match(await row.innerText(), /objectId/);
  const named = await page.getByTestId('relation-inspector').locator('input').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.ok(named.includes('cliente_id'), `the inspector names the field: ${named}`);
  await screenshot(page, 'references-1-field-in-child');

  // The example documents of pedidos carry it, as an ObjectId (validation is off in a new
  // design: its $jsonSchema tab has no validator to show).
  await page.keyboard.press('Control+e');
  await page.getByTestId('export-tab').filter({ hasText: 'Example documents' }).click();
  await page.waitForFunction(() => /cliente_id/.test(document.querySelector('[data-testid="export-text"]')?.innerText ?? ''), null, { timeout: 5000 }).catch(() => {});
  const examples = await page.getByTestId('export-text').innerText();
  assert.match(examples, /"?cliente_id"?:\s*ObjectId\(/, examples.slice(0, 800));
  await screenshot(page, 'references-2-examples');
  await page.keyboard.press('Escape');

  // Undo takes back the reference and its field in one step.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => !document.querySelector('[data-testid="entity"][data-name="pedidos"] li.field[data-path="cliente_id"]'));
  assert.deepEqual(await fieldsOf(page, 'pedidos'), ['_id']);
  assert.deepEqual(errors, []);
  await context.close();
});
