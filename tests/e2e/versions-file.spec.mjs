// Versions carried in the model file, when the user chooses, at 1280×720: keep two versions (one
// with a hostile name), download the file with its versions, open that file in another browser:
// the design opens and its versions are there, named as they were (as text), and each opens.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openApp, screenshot, entityBox, shownBoxes, boxesAre } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const HOSTILE = '<img src=x onerror="window.__xss=1">\u202e "v"';

async function openVersions(page) {
  await page.getByTestId('action-versions').click();
  await page.getByTestId('dialog').waitFor();
}

async function keep(page, name) {
  await openVersions(page);
  const kept = await page.locator('[data-testid="version"]').count();
  await page.getByTestId('version-name').fill(name);
  await page.getByTestId('version-keep').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="version"]').length === n + 1, kept);
  await page.getByTestId('dialog-close').click();
}

test('a file downloaded with its versions opens with them in another browser', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await entityBox(page, 'catalogo').waitFor();
  const boxes = await shownBoxes(page);
  await keep(page, 'first');
  await page.getByTestId('action-add-entity').click();
  await boxesAre(page, boxes + 1);
  await keep(page, HOSTILE);

  await openVersions(page);
  assert.match(await page.getByTestId('versions-download').innerText(), /\(2\)/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('versions-download').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const file = JSON.parse(text);
  assert.equal(file.formatVersion, 4);
  assert.deepEqual(file.versions.map((v) => v.name), [HOSTILE.trim(), 'first']);
  assert.equal(file.versions[1].model.entities.length, boxes, 'the first version is the design before the new box');
  assert.equal(file.versions[0].model.entities.length, boxes + 1);
  assert.ok(file.versions.every((v) => Number.isInteger(v.at) && v.at > 1.7e12 && !('versions' in v.model)));
  assert.equal(file.entities.length, boxes + 1, 'the design itself');

  // Another browser opens the file: the design and its versions.
  const { page: other } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await entityBox(other, 'catalogo').waitFor();
  await other.getByTestId('open-file').setInputFiles({ name: 'with-versions.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await boxesAre(other, boxes + 1);
  assert.match(await other.getByTestId('notice').innerText(), /2 version/);
  await openVersions(other);
  const rows = other.locator('[data-testid="version"]');
  // The dialog's content is a chunk: wait for its list before counting it.
  await other.locator('[data-testid="versions-download"]').waitFor();
  assert.equal(await rows.count(), 2);
  assert.equal(await rows.nth(0).locator('strong').innerText(), HOSTILE.trim().replace('\u202e', '<U+202E>'), 'the bidi override is shown, not obeyed');
  assert.equal(await other.locator('[data-testid="dialog"] img').count(), 0, 'the name is text');
  assert.equal(await other.evaluate(() => window.__xss), undefined);
  await screenshot(other, 'versions-file-1-opened-with-versions');
  // The older one opens read-only, without the new box.
  await rows.nth(1).getByTestId('version-open').click();
  await other.getByTestId('version-banner').waitFor();
  await boxesAre(other, boxes);
  await other.getByTestId('aside-close').click();
  await boxesAre(other, boxes + 1);
});
