// A mongodump on the import dialog (issue 36), at 1280×720. The fixtures are real dumps, written
// in mongodump's layout by pymongo's `bson` (tests/e2e/fixtures/make_dumps.py): the dump's root
// (`admin` beside `shop`, `orders` gzipped), and a `shop` whose orders.bson is cut short.
//
// A folder dragged from the file manager cannot be dropped by Playwright (it drops files, never
// a folder's entries). The drop test hands the dialog the same objects a browser's drop does, an
// event whose `dataTransfer.items` give `webkitGetAsEntry()` entries (folders listed by
// `createReader().readEntries()` a batch at a time, files opened by `file()`), built in the page
// over the fixture's real files: what the dialog's walk does with them is what it does with a
// real folder's; that the browser gives such entries for a real drop is not tested here.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, screenshot, savedModel, boxCount, newBlank, seriousViolations } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(HERE, 'fixtures');
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** Opens the import dialog on a blank design, the dump's part (a chunk) loaded. */
async function openDumpDialog(page) {
  await newBlank(page);
  await page.getByTestId('action-import').click();
  await page.getByTestId('dump-folder').waitFor();
}

/** Notes, in `window.sawProgress`, whether the progress bar was ever shown (a small dump is read
 * in a moment, between two looks). */
const watchProgress = (page) =>
  page.evaluate(() => {
    window.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="dump-progress"] progress')) window.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });

const modelNow = async (page) => JSON.parse((await savedModel(page)) ?? '{}');

test('a dump folder is read with progress, its relations accepted or rejected, added as one undoable step', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await openDumpDialog(page);
  await watchProgress(page);
  await page.getByTestId('dump-folder').setInputFiles(join(FIXTURES, 'dump'));
  const preview = page.getByTestId('dump-preview');
  await preview.waitFor();
  assert.ok(await page.evaluate(() => window.sawProgress), 'the progress bar was shown while the worker read');
  const summary = await preview.innerText();
  assert.match(summary, /orders: 150 documents, 150 sampled/);
  assert.match(summary, /customers: 40 documents, 40 sampled/);
  assert.match(summary, /products: 12 documents, 12 sampled/);
  // The server's own database beside it is not read.
  assert.doesNotMatch(summary, /system\.version/);
  const relations = page.getByTestId('dump-relation');
  const labels = await page.locator('.dump-relations li').allInnerTexts();
  assert.equal(await relations.count(), labels.length);
  const customer = labels.findIndex((l) => /customer_id refers to customers/.test(l));
  const product = labels.findIndex((l) => /product_id refers to products/.test(l));
  assert.ok(customer >= 0 && product >= 0, `the references found: ${labels.join(' | ')}`);
  for (const l of labels) assert.match(l, /\d+(\.\d)?%/, `each relation with its evidence: ${l}`);
  assert.equal(await boxCount(page), 0, 'nothing is added before confirming');
  // Reject the product reference; accept (leave ticked) the customer's, after a look at it.
  await relations.nth(product).uncheck();
  await relations.nth(customer).uncheck();
  await relations.nth(customer).check();
  assert.equal(await relations.nth(product).isChecked(), false);
  await screenshot(page, 'dump-preview');
  assert.deepEqual(await seriousViolations(page, 'dump-preview'), [], 'axe on the dump preview');
  await page.getByTestId('dump-confirm').click();
  await page.getByTestId('dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid="entity"][data-name="customers"]').waitFor();
  const model = await modelNow(page);
  const names = model.entities.map((e) => e.name).sort();
  for (const name of ['customers', 'orders', 'products']) assert.ok(names.includes(name), `${name} added: ${names}`);
  const byId = Object.fromEntries(model.entities.map((e) => [e.id, e.name]));
  const references = model.relations
    .filter((r) => r.storage !== 'embed')
    .map((r) => `${byId[r.child]}.${r.reference?.childField} -> ${byId[r.parent]}`);
  assert.deepEqual(references, ['orders.customer_id -> customers'], 'only the accepted reference is added');
  // The canvas draws what the design holds: a box per entity, an arrow per relation.
  assert.equal(await boxCount(page), model.entities.length);
  assert.equal(await page.locator('[data-testid="relation"]').count(), model.relations.length);
  await screenshot(page, 'dump-added');
  // One undo takes it all away.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 0);
  assert.equal(await boxCount(page), 0);
  assert.deepEqual((await modelNow(page)).entities ?? [], []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a truncated .bson is named with its offset, and nothing is added', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await openDumpDialog(page);
  await page.getByTestId('dump-folder').setInputFiles(join(FIXTURES, 'truncated'));
  const error = page.getByTestId('dump-error');
  await error.waitFor();
  const text = await error.innerText();
  assert.match(text, /orders\.bson/, text);
  assert.match(text, /byte 482\b/, `the offset of the document cut short: ${text}`);
  assert.equal(await page.getByTestId('dump-confirm').isDisabled(), true);
  await screenshot(page, 'dump-truncated');
  await page.keyboard.press('Escape');
  assert.equal(await boxCount(page), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Spanish, the summary of the dump is Spanish', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT, contextOptions: { locale: 'es-ES' } });
  assert.equal(await page.getByTestId('language').inputValue(), 'es');
  await openDumpDialog(page);
  await page.getByTestId('dump-folder').setInputFiles(join(FIXTURES, 'dump', 'shop'));
  const preview = page.getByTestId('dump-preview');
  await preview.waitFor();
  const summary = await preview.innerText();
  assert.match(summary, /orders: 150 documentos, 150 en la muestra/);
  assert.match(summary, /customers: 40 documentos, 40 en la muestra/);
  assert.match(summary, /hace referencia a/);
  assert.doesNotMatch(summary, /documents|sampled/);
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, 'dump-preview-es');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Every file under `dir`, by its path from `dir`'s parent (`dump/shop/orders.bson.gz`), base64. */
function tree(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path: relative(dirname(dir), path), base64: readFileSync(path).toString('base64') });
    }
  };
  walk(dir);
  return out;
}

/**
 * Drops on the dialog what a browser's drop of `files` (paths from the drop, folders implied)
 * gives the page: entries in the old file system API, a folder listed two entries at a time.
 */
const dropEntries = (page, files) =>
  page.evaluate((files) => {
    const dir = (fullPath) => {
      const children = [];
      return {
        node: {
          isFile: false,
          isDirectory: true,
          name: fullPath.split('/').pop(),
          fullPath,
          createReader() {
            let at = 0;
            return {
              readEntries(done) {
                const batch = children.slice(at, at + 2);
                at += batch.length;
                setTimeout(() => done(batch), 0);
              },
            };
          },
        },
        children,
      };
    };
    const roots = new Map();
    const folders = new Map();
    const folder = (path) => {
      if (folders.has(path)) return folders.get(path);
      const d = dir(`/${path}`);
      folders.set(path, d);
      const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null;
      if (parent === null) roots.set(path, d.node);
      else folder(parent).children.push(d.node);
      return d;
    };
    for (const { path, base64 } of files) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const name = path.split('/').pop();
      const file = new File([bytes], name);
      const entry = { isFile: true, isDirectory: false, name, fullPath: `/${path}`, file: (done) => setTimeout(() => done(file), 0) };
      const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null;
      if (parent === null) roots.set(path, entry);
      else folder(parent).children.push(entry);
    }
    const items = [...roots.values()].map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry }));
    const dataTransfer = { items: Object.assign(items, { length: items.length }), files: [] };
    const event = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    document.querySelector('[data-testid="dump-drop"]').dispatchEvent(event);
  }, files);

test("a dropped folder's entries are walked to its dump; a drop with no dump is named and loses nothing", async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await openDumpDialog(page);
  // The dump's root as a folder, with a stray file beside the databases.
  const dump = tree(join(FIXTURES, 'dump'));
  dump.push({ path: 'dump/README.txt', base64: Buffer.from('made by mongodump').toString('base64') });
  await dropEntries(page, dump);
  const preview = page.getByTestId('dump-preview');
  await preview.waitFor();
  const summary = await preview.innerText();
  assert.match(summary, /orders: 150 documents/);
  assert.match(summary, /customers: 40 documents/);
  assert.match(summary, /products: 12 documents/);
  assert.equal(await page.getByTestId('dump-relation').count() > 0, true);
  // A folder of photos: refused by its name; the preview read before is still there.
  await dropEntries(page, [
    { path: 'holiday/beach.jpg', base64: Buffer.from('not a dump').toString('base64') },
    { path: 'holiday/2025/hill.jpg', base64: Buffer.from('nor this').toString('base64') },
  ]);
  const refused = page.getByTestId('dump-refused');
  await refused.waitFor();
  assert.match(await refused.innerText(), /^holiday holds no mongodump files/);
  assert.match(await preview.innerText(), /orders: 150 documents/, 'the earlier preview is kept');
  assert.equal(await page.getByTestId('dump-confirm').isDisabled(), false);
  await screenshot(page, 'dump-drop-refused');
  assert.equal(await boxCount(page), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
