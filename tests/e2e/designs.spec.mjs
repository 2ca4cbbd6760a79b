// Work in the browser is never lost: every kind of edit survives a reload; a full storage is
// shown at once and the edits are saved once space frees; two tabs on one design never
// overwrite each other; opening a file or a share link's copy adds a design to My designs.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch,
  openApp,
  newBlank,
  addAggregate,
  connect,
  entityBox,
  screenshot,
  savedModel,
  savedDesigns,
  seededContext,
  BASE_URL,
} from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const fileModel = JSON.stringify({ format: 'docshape', formatVersion: 1, name: 'From a file', entities: [] });

const boxes = (page) => page.locator('[data-testid="entity"]');
const status = (page) => page.getByTestId('save-status');

/** What the canvas shows: each box's name, place and text, and the number of arrows. */
const drawn = (page) =>
  page.evaluate(() => ({
    name: document.querySelector('[data-testid="model-name"]').value,
    boxes: [...document.querySelectorAll('[data-testid="entity"]')]
      .map((b) => `${b.dataset.name} @ ${b.style.transform} | ${b.innerText.replace(/\s+/g, ' ')}`)
      .sort(),
    relations: document.querySelectorAll('[data-testid="relation"]').length,
    accessPatterns: [...document.querySelectorAll('[data-testid="query-item"]')].map((q) => q.innerText.replace(/\s+/g, ' ')),
  }));

async function reloadKeeps(page, what) {
  const before = await drawn(page);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="entity"]').length === n, before.boxes.length);
  assert.deepEqual(await drawn(page), before, `after ${what}, a reload shows the same design`);
  return before;
}

test('every kind of edit survives a reload', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await newBlank(page);
  await page.getByTestId('model-name').fill('Reload journey');
  await addAggregate(page);
  // A new collection has its _id, as MongoDB gives every document one, and the box shows it.
  assert.match((await reloadKeeps(page, 'adding an aggregate')).boxes[0], /_id \* objectId/);
  assert.equal(await status(page).getAttribute('data-state'), 'saved');

  await entityBox(page, 'collection').dblclick();
  await page.locator('input.rename').fill('orders');
  await page.keyboard.press('Enter');
  await entityBox(page, 'orders').waitFor();
  await reloadKeeps(page, 'renaming');

  await entityBox(page, 'orders').click();
  await page.getByTestId('tab-inspector').click();
  await page.getByTestId('add-field').click();
  await page.waitForFunction(() => /field/.test(document.querySelector('[data-testid="entity"]').innerText));
  const withField = await reloadKeeps(page, 'adding a field');
  assert.match(withField.boxes[0], /field/);

  await addAggregate(page);
  await connect(page, 'orders', 'collection');
  await page.locator('[data-testid="relation"]').first().waitFor();
  assert.equal((await reloadKeeps(page, 'adding a relation')).relations, 1);

  await page.getByTestId('add-query').click();
  await page.locator('[data-testid="query-item"]').first().waitFor();
  assert.equal((await reloadKeeps(page, 'adding an access pattern')).accessPatterns.length, 1);

  const box = await entityBox(page, 'orders').locator('header').boundingBox();
  const from = await drawn(page);
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 120, { steps: 6 });
  await page.mouse.up();
  const moved = await reloadKeeps(page, 'moving a box');
  assert.notDeepEqual(moved.boxes, from.boxes, 'the box moved');

  await entityBox(page, 'collection').click();
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 1);
  const deleted = await reloadKeeps(page, 'deleting');
  assert.equal(deleted.relations, 0);

  // Undo works within the page's history (a reload starts a fresh one): delete, undo, reload.
  await entityBox(page, 'orders').click();
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 0);
  await page.getByTestId('action-undo').click();
  await entityBox(page, 'orders').waitFor();
  assert.deepEqual(await reloadKeeps(page, 'undoing'), deleted);
  await screenshot(page, 'designs-reload');
  assert.equal((await savedDesigns(page)).length, 1, 'one design, saved over and over');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a name typed in the last instant before the tab closes is kept', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await newBlank(page);
  await page.getByTestId('model-name').fill('Closed in a hurry');
  await addAggregate(page);
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  // Renaming in place: the name is typed, neither Enter nor a click elsewhere follows.
  await entityBox(page, 'collection').dblclick();
  await page.locator('input.rename').fill('pedidos');
  await page.close();
  assert.deepEqual(errors, []);

  const again = await context.newPage();
  await again.goto(BASE_URL);
  await again.waitForSelector('[data-testid="canvas"]');
  assert.equal(await again.getByTestId('model-name').inputValue(), 'Closed in a hurry');
  await entityBox(again, 'pedidos').waitFor();

  // Leaving for another page in the same tab keeps a typed field name too.
  await entityBox(again, 'pedidos').locator('li.field[data-path="_id"]').dblclick();
  await again.getByTestId('field-rename').fill('codigo');
  await again.goto('about:blank');
  await again.goBack();
  await again.waitForSelector('[data-testid="canvas"]');
  await entityBox(again, 'pedidos').locator('li.field[data-path="codigo"]').waitFor();
  assert.equal((await savedDesigns(again)).length, 1);
  await context.close();
});

test('a full storage is shown at once, and the edits are saved once space frees', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.getByTestId('model-name').fill('Quota test');
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  const count = await boxes(page).count();
  // Fill the origin's storage to within a few characters.
  const junk = await page.evaluate(() => {
    let i = 0;
    for (let size = 1 << 20; size >= 8; ) {
      try {
        localStorage.setItem(`junk.${i}`, 'x'.repeat(size));
        i++;
      } catch {
        size >>= 1;
      }
    }
    return i;
  });
  assert.ok(junk > 0);
  await addAggregate(page);
  await page.locator('[data-testid="save-status"][data-state="failed"]').waitFor();
  assert.match(await status(page).innerText(), /Not saved — storage full/);
  assert.match(await page.getByTestId('notice').innerText(), /Download the file/);
  await addAggregate(page);
  await screenshot(page, 'designs-storage-full');
  assert.equal(JSON.parse(await savedModel(page)).entities.length, count, 'storage still holds the older version');

  // Opening a file now must not lose the unsaved edits either: they wait with the new design.
  await page.getByTestId('open-file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(fileModel) });
  await page.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'From a file');

  // Space frees (another tab deletes something): the retry saves everything, quietly.
  await page.evaluate((n) => {
    for (let i = 0; i < n; i++) localStorage.removeItem(`junk.${i}`);
  }, junk);
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor({ timeout: 10000 });
  assert.match(await page.getByTestId('notice').innerText(), /nothing was lost/);
  assert.deepEqual((await savedDesigns(page)).map((d) => d.name).sort(), ['From a file', 'Quota test']);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'From a file');
  await page.getByTestId('action-designs').click();
  await page.locator('[data-testid="design"][data-name="Quota test"]').getByTestId('design-open').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="entity"]').length === n, count + 2);
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Quota test');
  assert.deepEqual(errors, []);
  await context.close();
});

test('two tabs on one design: the other follows, or keeps its version as a copy', async () => {
  const { page: one, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await one.getByTestId('model-name').fill('Two tabs');
  await one.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  const two = await context.newPage();
  await two.goto(BASE_URL);
  await two.waitForSelector('[data-testid="canvas"]');
  assert.equal(await two.getByTestId('model-name').inputValue(), 'Two tabs', 'a new tab opens the last design');
  const count = await boxes(one).count();

  // Tab two has no edits of its own: it follows tab one.
  await addAggregate(one);
  await two.waitForFunction((n) => document.querySelectorAll('[data-testid="entity"]').length === n, count + 1);
  assert.match(await two.getByTestId('notice').innerText(), /changed in another tab/i);
  await two.getByTestId('model-name').fill('Two tabs, renamed');
  await one.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'Two tabs, renamed');

  // Tab two cannot save for a moment and edits; tab one saves meanwhile: tab two is told.
  await two.evaluate(() => {
    const real = Storage.prototype.setItem;
    window.realSetItem = real;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('docshape.design')) throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, key, value);
    };
  });
  await addAggregate(two);
  await two.locator('[data-testid="save-status"][data-state="failed"]').waitFor();
  await one.getByTestId('model-name').fill('Tab one wins');
  await two.locator('[data-testid="save-status"][data-state="conflict"]').waitFor();
  await two.evaluate(() => (Storage.prototype.setItem = window.realSetItem));
  await screenshot(two, 'designs-two-tabs-conflict');
  await one.waitForTimeout(2500); // a retry in tab two must not overwrite tab one's save
  assert.equal(JSON.parse(await savedModel(one)).name, 'Tab one wins');
  assert.equal(await two.getByTestId('model-name').inputValue(), 'Two tabs, renamed', 'tab two keeps its edits');

  await two.getByTestId('keep-copy').click();
  await two.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  const designs = await savedDesigns(one);
  assert.deepEqual(designs.map((d) => d.name).sort(), ['Tab one wins', 'Two tabs, renamed (copy)']);
  assert.equal(JSON.parse(await savedModel(two)).entities.length, count + 2, 'the copy has tab two\'s aggregate');
  assert.equal(JSON.parse(await savedModel(one)).entities.length, count + 1, 'tab one\'s design is as tab one left it');
  assert.equal(await one.getByTestId('model-name').inputValue(), 'Tab one wins');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tab closed while another tab\'s save conflicts with its edits keeps them as a copy', async () => {
  const { page: one, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await one.getByTestId('model-name').fill('Shared by two tabs');
  await one.locator('[data-testid="save-status"][data-state="saved"]').waitFor();
  const two = await context.newPage();
  await two.goto(BASE_URL);
  await two.waitForSelector('[data-testid="canvas"]');
  const count = await boxes(one).count();
  // Tab two cannot save for a moment and adds an aggregate; tab one saves a rename meanwhile.
  await two.evaluate(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('docshape.design') && !window.storageBack) throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, key, value);
    };
  });
  await addAggregate(two);
  await two.locator('[data-testid="save-status"][data-state="failed"]').waitFor();
  await one.getByTestId('model-name').fill('Renamed in tab one');
  await two.locator('[data-testid="save-status"][data-state="conflict"]').waitFor();
  await two.evaluate(() => (window.storageBack = true));
  // The user closes tab two without answering: its aggregate is kept, as a copy.
  await two.close();
  await one.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs')).designs.length === 2);
  const designs = await savedDesigns(one);
  assert.deepEqual(designs.map((d) => d.name).sort(), ['Renamed in tab one', 'Shared by two tabs (copy)']);
  assert.equal(await one.getByTestId('model-name').inputValue(), 'Renamed in tab one', 'tab one is left as it is');
  assert.equal(JSON.parse(await savedModel(one)).entities.length, count, 'tab one\'s design has not got tab two\'s aggregate');
  await one.getByTestId('action-designs').click();
  await one.locator('[data-testid="design"][data-name="Shared by two tabs (copy)"]').getByTestId('design-open').click();
  await one.waitForFunction((n) => document.querySelectorAll('[data-testid="entity"]').length === n, count + 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('opening a file keeps the design on screen in My designs, which opens, renames and deletes', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.getByTestId('model-name').fill('My own work');
  const count = await boxes(page).count();
  await page.getByTestId('open-file').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(fileModel) });
  await page.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'From a file');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs')).designs.length === 2);

  await page.getByTestId('action-designs').click();
  const rows = page.locator('[data-testid="design"]');
  await rows.nth(1).waitFor();
  assert.deepEqual(await rows.evaluateAll((r) => r.map((e) => e.dataset.name)), ['From a file', 'My own work']);
  await screenshot(page, 'designs-dialog');
  await rows.filter({ hasText: 'My own work' }).getByTestId('design-open').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="entity"]').length === n, count);
  assert.equal(await page.getByTestId('model-name').inputValue(), 'My own work');

  await page.getByTestId('action-designs').click();
  const other = page.locator('[data-testid="design"][data-name="From a file"]');
  await other.getByTestId('design-rename').click();
  await page.getByTestId('design-name-input').fill('Renamed <b>file</b>');
  await page.keyboard.press('Enter');
  const renamed = page.locator('[data-testid="design"][data-name="Renamed <b>file</b>"]');
  await renamed.waitFor();
  assert.equal(await renamed.locator('b').count(), 0, 'a name is shown as text');
  await renamed.getByTestId('design-delete').click();
  await renamed.getByTestId('design-delete-confirm').click();
  await renamed.waitFor({ state: 'detached' });
  assert.deepEqual((await savedDesigns(page)).map((d) => d.name), ['My own work']);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'My own work');
  assert.deepEqual(errors, []);
  await context.close();
});

/** How many times this page fetched the demo design's file. */
const demoFetches = (page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('templates/bibliored.json')).length);
const hasBox = (page, name) => page.locator(`[data-testid="entity"][data-name="${name}"]`).waitFor();

test('the demo is fetched for a newcomer only, and comes back when the last design is deleted', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await hasBox(page, 'catalogo');
  assert.equal(await demoFetches(page), 1, 'a first visit fetches the demo alongside the app');
  await page.getByTestId('model-name').fill('Mine');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs') ?? '{"designs":[]}').designs.length === 1);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Mine');
  assert.equal(await demoFetches(page), 0, 'a visit with a design saved never fetches the demo');

  await page.getByTestId('action-designs').click();
  const mine = page.locator('[data-testid="design"][data-name="Mine"]');
  await mine.getByTestId('design-delete').click();
  await mine.getByTestId('design-delete-confirm').click();
  await page.keyboard.press('Escape');
  await hasBox(page, 'catalogo');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'BiblioRed');
  assert.equal(await demoFetches(page), 1, 'fetched when wanted');
  assert.deepEqual(await savedDesigns(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('without the demo\'s file a newcomer gets an empty design and the reason, not a broken page', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.route('**/templates/bibliored.json', (route) => route.fulfill({ status: 503, body: 'down' }));
  const page = await context.newPage();
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="canvas"]');
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /The demo design could not be loaded \(templates\/bibliored\.json answered 503\)/);
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Untitled design');
  assert.equal(await boxes(page).count(), 0);
  await screenshot(page, 'demo-missing');
  // The empty design is a design like any other: work on it is saved.
  await page.getByTestId('model-name').fill('Started anyway');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs') ?? '{"designs":[]}').designs.length === 1);
  await context.close();
});

test('a share link\'s copy becomes a new design', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('model-name').fill('Mine before the link');
  await page.getByTestId('action-share').click();
  await page.getByTestId('notice').filter({ hasText: 'characters' }).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await page.getByTestId('model-name').fill('Mine, edited after sharing');
  await page.goto(link);
  await page.getByTestId('review-banner').waitFor();
  await page.getByTestId('edit-copy').click();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs')).designs.length === 2);
  const names = (await savedDesigns(page)).map((d) => d.name).sort();
  assert.deepEqual(names, ['Mine before the link', 'Mine, edited after sharing']);
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Mine before the link');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an autosave from an earlier version joins My designs and keeps being saved', async () => {
  const old = JSON.stringify({ format: 'docshape', formatVersion: 1, name: 'Saved by an older docshape', entities: [] });
  const context = await seededContext(browser, old, VIEWPORT);
  const page = await context.newPage();
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="canvas"]');
  assert.equal(await page.getByTestId('model-name').inputValue(), 'Saved by an older docshape');
  assert.deepEqual((await savedDesigns(page)).map((d) => d.name), ['Saved by an older docshape']);
  await addAggregate(page);
  await page.reload();
  await page.waitForSelector('[data-testid="canvas"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 1);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('docshape.model'))).entities.length, 1);
  assert.equal((await savedDesigns(page)).length, 1, 'migrated once');
  await context.close();
});
