// A designer states how many documents carry an optional field (its presence) in the field
// inspector, and the advisor proposes the attribute pattern from that evidence, not from
// "optional" alone: five characteristics of a product catalogue are stated as sparse, the sixth
// is typed in as a percentage, and DS505 appears. A presence over 100% is refused with the
// reason, and the label reads in the interface language.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, seededContext, watchErrors, BASE_URL, entityBox, savedModel, screenshot, findings, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const field = (name, type, extra = {}) => ({ name, type, ...extra });
const search = (id, on) => ({ id, name: `Search by ${on}`, entity: 'product', kind: 'read', perMinute: 20, filters: [{ field: on, op: 'equality' }] });

const MODEL = JSON.stringify({
  format: 'docshape',
  formatVersion: 2,
  name: 'Catalogue',
  entities: [
    {
      id: 'product',
      name: 'products',
      position: { x: 60, y: 60 },
      fields: [
        field('_id', 'objectId', { required: true }),
        field('name', 'string', { required: true }),
        field('color', 'string', { presence: 0.4 }),
        field('size', 'string', { presence: 0.3 }),
        field('voltage', 'int', { presence: 0.15 }),
        field('capacity', 'double', { presence: 0.1 }),
        field('author', 'string', { presence: 0.2 }),
        field('wattage', 'int'),
        field('pages', 'int'),
      ],
    },
  ],
  relations: [],
  queries: [search('S1', 'color'), search('S2', 'voltage'), search('S3', 'author')],
});

/** The inspector's row of field `name`. */
async function fieldRow(page, name) {
  const names = await page.getByTestId('field-name').evaluateAll((els) => els.map((e) => e.value));
  const at = names.indexOf(name);
  assert.ok(at >= 0, `no field row ${name} in ${names}`);
  return page.getByTestId('field-row').nth(at);
}

test('a stated presence is the evidence for the attribute pattern', async () => {
  const context = await seededContext(browser, MODEL, { width: 1280, height: 720 });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(BASE_URL);
  await entityBox(page, 'products').waitFor();
  await page.getByTestId('tab-advisor').click();
  await page.locator('[data-testid="finding"]').first().waitFor();
  assert.equal(await findings(page, 'DS505').count(), 0, 'five sparse characteristics: no pattern yet');

  await entityBox(page, 'products').locator('.entity-header').click();
  await page.getByTestId('tab-inspector').click();
  const wattage = await fieldRow(page, 'wattage');
  await wattage.getByRole('button', { name: 'Constraints and size' }).click();
  const presence = wattage.getByTestId('field-presence');
  assert.equal(await presence.getAttribute('placeholder'), 'not stated');
  await presence.fill('15');
  await presence.press('Tab');
  await page.waitForFunction(() => {
    const id = sessionStorage.getItem('docshape.tab.design');
    const text = id && localStorage.getItem(id === 'legacy' ? 'docshape.model' : `docshape.design.${id}`);
    const f = text && JSON.parse(text).entities[0].fields.find((x) => x.name === 'wattage');
    return f?.presence === 0.15;
  });
  await screenshot(page, 'field-presence-typed');

  await page.getByTestId('tab-advisor').click();
  const ds505 = findings(page, 'DS505');
  await ds505.waitFor();
  const message = await ds505.locator('.message').textContent();
  assert.match(message, /products has 6 characteristics, each in at most 40% of its documents \(by their presence figures\)/);
  assert.match(message, /S1, S2 and S3 filter on color, voltage and author/);
  await screenshot(page, 'field-presence-advisor');

  // Over 100%: refused with the reason, and the model keeps what it had.
  await page.getByTestId('tab-inspector').click();
  const pages = await fieldRow(page, 'pages');
  await pages.getByRole('button', { name: 'Constraints and size' }).click();
  await pages.getByTestId('field-presence').fill('150');
  await pages.locator('.field-error').waitFor();
  assert.match(await pages.locator('.field-error').textContent(), /150 is above the maximum of 100/);
  await pages.locator('.field-error').scrollIntoViewIfNeeded();
  await screenshot(page, 'field-presence-refused');
  const saved = JSON.parse(await savedModel(page));
  assert.equal(saved.entities[0].fields.find((x) => x.name === 'pages').presence, undefined);

  // A required field has no presence to state: it is in every document.
  const name = await fieldRow(page, 'name');
  await name.getByRole('button', { name: 'Constraints and size' }).click();
  assert.equal(await name.getByTestId('field-presence').count(), 0);

  // The label in Spanish and Portuguese (wattage's section, closed when the tab changed, opened again).
  await (await fieldRow(page, 'wattage')).getByRole('button', { name: 'Constraints and size' }).click();
  for (const [lang, label] of [['es', 'presente en % de documentos'], ['pt', 'presente em % dos documentos']]) {
    await chooseLanguage(page, lang);
    const row = await fieldRow(page, 'wattage');
    await row.getByText(label).waitFor();
    assert.equal(await row.getByTestId('field-presence').inputValue(), '15');
  }
  await (await fieldRow(page, 'wattage')).getByTestId('field-presence').scrollIntoViewIfNeeded();
  await screenshot(page, 'field-presence-pt');
  assert.deepEqual(errors, []);
  await context.close();
});
