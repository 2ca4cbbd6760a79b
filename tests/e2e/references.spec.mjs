// A reference always means a field (issue 33), at 1280×720: an arrow turned into a reference
// gives the child the field that holds the parent's id, named as the exporters name it
// (`cliente_id`), typed like the parent's id; the child's box shows it, the inspector names it,
// the $jsonSchema and the example documents carry it, and Undo takes the whole change back.
// Renaming the field in the arrow's inspector renames the child's field (a name another field
// has is refused, said under the input); deleting the arrow asks about the field in a dialog.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, screenshot, entityBox, newBlank, OUTPUT } from './app.mjs';

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

/** A blank design with clientes → pedidos made a reference: pedidos holds cliente_id; the arrow
 * is selected, its inspector open. */
async function drawReference(page) {
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
  await entityBox(page, 'clientes').locator('.entity-header').click();
  await entityBox(page, 'pedidos').locator('.entity-header').click({ modifiers: ['Shift'] });
  await page.keyboard.press('c');
  await page.getByTestId('relation-inspector').waitFor();
  await page.getByTestId('storage').selectOption('reference');
  await page.waitForFunction(() => document.querySelector('[data-testid="entity"][data-name="pedidos"] li.field[data-path="cliente_id"]'));
}

const fieldsAre = (page, name, fields) =>
  page.waitForFunction(
    ({ name, fields }) =>
      JSON.stringify([...document.querySelectorAll(`[data-testid="entity"][data-name="${name}"] li.field .fname`)].map((f) => f.textContent)) ===
      JSON.stringify(fields),
    { name, fields },
  );

const relations = (page) => page.locator('[data-testid="relation"]').count();
const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.id ?? '');

test("renaming the arrow's field renames the child's field; a name the child has is refused; one Ctrl+Z undoes it", async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await drawReference(page);
  const input = page.getByTestId('child-ref-field');
  assert.equal(await input.inputValue(), 'cliente_id');
  await input.fill('customer_id');
  await fieldsAre(page, 'pedidos', ['_id', 'customer_id']);
  assert.match(await entityBox(page, 'pedidos').locator('li.field[data-path="customer_id"]').innerText(), /objectId/);
  assert.equal(await page.getByTestId('relation-inspector').locator('p.field-error').count(), 0);
  await screenshot(page, 'references-3-field-renamed');

  // _id is another field of pedidos: refused, said, nothing changes.
  await input.fill('_id');
  const refused = page.getByTestId('relation-inspector').locator('p.field-error');
  await refused.waitFor();
  assert.equal(await refused.count(), 1, 'said once, under the input');
  assert.equal(await refused.innerText(), 'pedidos already has a field named _id: choose another name for the reference field.');
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await fieldsAre(page, 'pedidos', ['_id', 'customer_id']);
  await screenshot(page, 'references-4-name-refused');
  await input.fill('customer_ref');
  await fieldsAre(page, 'pedidos', ['_id', 'customer_ref']);
  assert.equal(await refused.count(), 0, 'the message goes with a name that fits');

  // The renaming is one step: one Ctrl+Z gives back cliente_id (the reference stays).
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+z');
  await fieldsAre(page, 'pedidos', ['_id', 'cliente_id']);
  assert.equal(await relations(page), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('deleting a reference arrow asks about its field in a dialog: keyboard, Escape, keep or delete, one undo step', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await drawReference(page);
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Delete');
  const dialog = page.getByTestId('dialog');
  await dialog.waitFor();
  assert.equal(await dialog.getAttribute('role'), 'dialog');
  assert.match(await dialog.locator('h2').innerText(), /Delete the arrow/);
  assert.equal(
    await page.getByTestId('delete-arrow-question').innerText(),
    'pedidos holds the reference in its field cliente_id. Keep the field as a plain field, or delete it with the arrow?',
  );
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'delete-arrow-keep');
  await screenshot(page, 'references-5-delete-dialog');
  none(await violations(page, 'dialog-delete-arrow'), 'the Delete the arrow dialog');

  // Escape cancels: the arrow and its field stay, the focus is back on the canvas.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await relations(page), 1);
  await fieldsAre(page, 'pedidos', ['_id', 'cliente_id']);
  assert.equal(await focused(page), 'canvas');

  // Delete, then Tab to "Delete the field too" and Enter: the arrow and the field go.
  await page.keyboard.press('Delete');
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'delete-arrow-keep');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'delete-arrow-field');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 0);
  await fieldsAre(page, 'pedidos', ['_id']);
  await screenshot(page, 'references-6-arrow-and-field-deleted');

  // One Ctrl+Z brings both back.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 1);
  await fieldsAre(page, 'pedidos', ['_id', 'cliente_id']);

  // Keep the field: the arrow goes, cliente_id stays a plain field of pedidos.
  await page.locator('[data-testid="relation"]').first().dispatchEvent('pointerdown');
  await page.getByTestId('relation-inspector').waitFor();
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Delete');
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'delete-arrow-keep');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 0);
  await fieldsAre(page, 'pedidos', ['_id', 'cliente_id']);
  await screenshot(page, 'references-7-arrow-deleted-field-kept');
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 1);
  assert.deepEqual(errors, []);
  await context.close();
});

const AXE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

/** The serious and critical violations axe finds on the page now (as a11y.spec.mjs runs it). */
async function violations(page, name) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
  writeFileSync(join(OUTPUT, `a11y-${name}.json`), JSON.stringify(found, null, 2));
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const none = (found, where) =>
  assert.deepEqual(
    found.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).join('\n    ')}`),
    [],
    `axe on ${where}`,
  );
