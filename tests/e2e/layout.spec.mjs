// Where boxes land at 1280×720: a model written without positions (the course corpus, `docshape
// infer` output) opens laid out, not stacked at the origin, and keeps that layout when saved; an
// imported `$jsonSchema` lands in view over no other box. The toolbar is one row in every
// language, with nothing cut off.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, entityBox, screenshot, savedModel, seededContext, watchErrors, assertNoPanic, BASE_URL, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const VIEWPORT = { width: 1280, height: 720 };
const corpus = (file) =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus', file), 'utf8')).model;

/** The boxes drawn, as client rectangles with their names. */
const boxes = (page) =>
  page.locator('[data-testid="entity"]').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { name: e.dataset.name, x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
function overlapping(list) {
  const out = [];
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) if (overlap(list[i], list[j])) out.push(`${list[i].name} over ${list[j].name}`);
  return out;
}

async function openFile(page, name, model) {
  await page.getByTestId('open-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(model)) });
}

test('a model written without positions opens laid out, parents above children, and is saved so', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  const model = corpus('14-customers-are-not-a-flood.json');
  assert.ok(model.entities.every((e) => e.position === undefined), 'the corpus file has no positions');
  await openFile(page, 'customers.json', model);
  await entityBox(page, 'orders').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 3);
  const drawn = await boxes(page);
  assert.deepEqual(overlapping(drawn), [], 'no box over another');
  const canvas = await page.getByTestId('canvas').boundingBox();
  for (const b of drawn) {
    assert.ok(b.x >= canvas.x && b.x + b.width <= canvas.x + canvas.width, `${b.name} in view`);
    assert.ok(b.y >= canvas.y && b.y + b.height <= canvas.y + canvas.height, `${b.name} in view`);
  }
  const at = Object.fromEntries(drawn.map((b) => [b.name, b]));
  assert.ok(at.stores.y < at.orders.y && at.customers.y < at.orders.y, 'the parents sit above orders');
  await screenshot(page, 'layout-1-corpus-opened');
  // The layout is what is saved: reopening the design shows the same places.
  await page.waitForTimeout(1200);
  const saved = JSON.parse(await savedModel(page));
  const corners = new Set(saved.entities.map((e) => `${e.position?.x},${e.position?.y}`));
  assert.equal(corners.size, 3, `three places saved: ${[...corners]}`);
  // Undo has nothing to undo: the layout is part of the opened design, not an edit.
  assert.ok(await page.getByTestId('action-undo').isDisabled());
  await context.close();
});

test('120 collections without positions open on a grid, none over another', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await openFile(page, 'many.json', corpus('41-massive-number-of-collections.json'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 20);
  await page.waitForTimeout(300);
  const drawn = await boxes(page);
  assert.deepEqual(overlapping(drawn), [], 'no box over another');
  await screenshot(page, 'layout-2-many-opened');
  await context.close();
});

test('an imported $jsonSchema lands in view over no other box', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 3);
  await page.getByTestId('action-import').click();
  const schema = {
    $jsonSchema: {
      bsonType: 'object',
      required: ['nombre'],
      properties: { nombre: { bsonType: 'string' }, edad: { bsonType: 'int', minimum: 0 } },
    },
  };
  await page.getByTestId('import-text').fill(JSON.stringify(schema));
  await page.getByTestId('import-analyse').click();
  await page.getByTestId('import-preview').waitFor();
  await page.getByTestId('import-confirm').click();
  await entityBox(page, 'samples').waitFor();
  await page.waitForTimeout(300);
  const drawn = await boxes(page);
  const imported = drawn.find((b) => b.name === 'samples');
  assert.deepEqual(
    drawn.filter((b) => b.name !== 'samples' && overlap(b, imported)).map((b) => b.name),
    [],
    'the imported box covers no other',
  );
  const canvas = await page.getByTestId('canvas').boundingBox();
  assert.ok(imported.x >= canvas.x && imported.x + imported.width <= canvas.x + canvas.width, 'in view (x)');
  assert.ok(imported.y >= canvas.y && imported.y + imported.height <= canvas.y + canvas.height, 'in view (y)');
  await screenshot(page, 'layout-3-imported');
  await context.close();
});

/** The toolbar's items: each on the first row, inside the toolbar and the window, none cut. */
async function toolbarProblems(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="toolbar"]');
    const box = bar.getBoundingClientRect();
    const first = [...bar.children].find((c) => c.getBoundingClientRect().width > 0).getBoundingClientRect();
    const problems = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth})`);
    for (const el of bar.querySelectorAll('button, select, input, .zoom, .brand, .save-status')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const name = el.dataset.testid ?? el.className;
      if (r.top >= first.bottom) problems.push(`${name} on a second row`);
      if (r.left < box.left || r.right > box.right || r.right > window.innerWidth) problems.push(`${name} cut off`);
      if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT') problems.push(`${name}'s text cut off`);
    }
    return problems;
  });
}

for (const lang of ['en', 'es', 'pt']) {
  test(`the toolbar is one row at 1280×720 in ${lang}, with nothing cut off`, async () => {
    const { page, context } = await openApp(browser, { viewport: VIEWPORT, contextOptions: { deviceScaleFactor: 1.5 } });
    await chooseLanguage(page, lang);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 3);
    assert.deepEqual(await toolbarProblems(page), [], 'on opening');
    // After an edit (a box added, its rename left) the save status joins the row.
    await page.getByTestId('action-add-entity').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('save-status').waitFor();
    assert.deepEqual(await toolbarProblems(page), [], 'with the save status');
    await screenshot(page, `layout-4-toolbar-${lang}`);
    await context.close();
  });
}

test('a saved design without positions is laid out at start-up and saved so at once', async () => {
  // A design autosaved without positions (written by an older version or by hand): the start-up
  // lays it out, and saves those places right away, before any edit.
  const model = corpus('14-customers-are-not-a-flood.json');
  assert.ok(model.entities.every((e) => e.position === undefined), 'the corpus file has no positions');
  const context = await seededContext(browser, JSON.stringify(model), VIEWPORT);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(BASE_URL);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 3);
  const places = (m) => Object.fromEntries(m.entities.map((e) => [e.name, e.position]));
  const saved = JSON.parse(await savedModel(page));
  const first = places(saved);
  const corners = new Set(Object.values(first).map((p) => `${p?.x},${p?.y}`));
  assert.equal(corners.size, 3, `three places saved without an edit: ${JSON.stringify(first)}`);
  assert.ok(await page.getByTestId('action-undo').isDisabled(), 'the layout is no undo step');
  const drawn = Object.fromEntries((await boxes(page)).map((b) => [b.name, b]));
  // Reloaded, the design opens at the same places (the saved ones), drawn where they were.
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 3);
  assert.deepEqual(places(JSON.parse(await savedModel(page))), first);
  const again = Object.fromEntries((await boxes(page)).map((b) => [b.name, b]));
  for (const name of Object.keys(drawn)) {
    assert.ok(Math.abs(again[name].x - drawn[name].x) < 1 && Math.abs(again[name].y - drawn[name].y) < 1, `${name} drawn where it was`);
  }
  await screenshot(page, 'layout-3-saved-without-positions-reloaded');
  assertNoPanic(errors);
  await context.close();
});
