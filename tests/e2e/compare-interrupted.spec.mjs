// What happens to a comparison on screen when the user does something else, at 1280×720: the
// interface's language is switched (the panel's sentences are made again in it, from the diff),
// or a share link is pasted into the address bar (the comparison is closed as its close button
// does, the user's design kept and saved, then the link opens in review mode; closing review
// brings the user's own design back, not the comparison's picture).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, savedModel, entityBox, shownBoxes, boxesAre, shareLink } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function openVersions(page) {
  await page.getByTestId('action-versions').click();
  await page.getByTestId('dialog').waitFor();
}

/** Keeps BiblioRed as a version named `name`, then adds a box: a change to compare. */
async function keepThenAddABox(page, name) {
  await entityBox(page, 'catalogo').waitFor();
  const boxes = await shownBoxes(page);
  await openVersions(page);
  await page.getByTestId('version-name').fill(name);
  await page.getByTestId('version-keep').click();
  await page.locator(`[data-testid="version"][data-name="${name}"]`).waitFor();
  await page.getByTestId('dialog-close').click();
  await page.getByTestId('action-add-entity').click();
  await boxesAre(page, boxes + 1);
  return boxes;
}

async function compareWithVersion(page) {
  await openVersions(page);
  await page.getByTestId('version-compare').click();
  await page.getByTestId('compare-panel').waitFor({ timeout: 60000 });
}

const panelText = (page) => page.getByTestId('compare-panel').innerText();

test('the compare panel follows a change of language while it is open', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await keepThenAddABox(page, 'before the new box');
  await compareWithVersion(page);
  const english = await panelText(page);
  assert.match(english, /Changes since version “before the new box”/);
  assert.match(await page.getByTestId('compare-summary').innerText(), /^Changes: 1\./);
  const lines = await page.getByTestId('compare-line').count();

  await page.getByTestId('language').selectOption('es');
  await page.waitForFunction(() => /^Cambios: 1\./.test(document.querySelector('[data-testid="compare-summary"]')?.innerText ?? ''), null, { timeout: 60000 });
  const spanish = await panelText(page);
  assert.match(spanish, /Cambios desde la versión «before the new box»/);
  assert.equal(await page.getByTestId('compare-line').count(), lines, 'the same lines, in Spanish');
  assert.ok(!spanish.includes('Changes'), spanish);
  await screenshot(page, 'compare-interrupted-1-spanish');

  await page.getByTestId('language').selectOption('pt');
  await page.waitForFunction(() => /^Mudanças: 1\./.test(document.querySelector('[data-testid="compare-summary"]')?.innerText ?? ''), null, { timeout: 60000 });
  assert.match(await panelText(page), /Mudanças desde a versão “before the new box”/);
  // The marks did not change with the language.
  assert.equal(await page.locator('[data-testid="entity"][data-diff="+"]').count(), 1);
});

test('a share link pasted during a comparison closes it, then opens in review mode', async () => {
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await entityBox(page, 'catalogo').waitFor();
  // The link to BiblioRed as it is now.
  const link = await shareLink(page);
  const boxes = await keepThenAddABox(page, 'v1');
  const mine = await savedModel(page);
  await compareWithVersion(page);

  // The link is pasted into the address bar of this tab (a hash change, no reload).
  await page.evaluate((l) => (location.hash = new URL(l).hash), link);
  await page.getByTestId('review-banner').waitFor();
  assert.equal(await page.getByTestId('compare-panel').count(), 0, 'the comparison is closed');
  assert.equal(await page.locator('[data-diff]').count(), 0, 'no mark of it is left');
  assert.equal(await shownBoxes(page), boxes, "the link's design is shown");
  assert.equal(await savedModel(page), mine, 'the design being edited is kept as it was');
  await screenshot(page, 'compare-interrupted-2-link-opened');

  // Back to my design: the one with the new box, editable, not the comparison.
  await page.getByTestId('close-review').click();
  await page.getByTestId('review-banner').waitFor({ state: 'detached' });
  await boxesAre(page, boxes + 1);
  assert.equal(await page.getByTestId('compare-panel').count(), 0);
  assert.equal(await page.getByTestId('version-banner').count(), 0);
  assert.equal(await page.getByTestId('action-add-entity').isVisible(), true, 'editing again');
  assert.equal(await savedModel(page), mine);
});

test('a share link pasted while a comparison is being made wins over it', async () => {
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await entityBox(page, 'catalogo').waitFor();
  const link = await shareLink(page);
  await keepThenAddABox(page, 'v1');
  // A first comparison starts the worker, so the next one answers within moments.
  await compareWithVersion(page);
  await page.getByTestId('compare-close').click();
  await page.getByTestId('compare-panel').waitFor({ state: 'detached' });
  await openVersions(page);
  // Compare, and paste the link in the same task: the worker's answer comes after the link.
  await page.evaluate((l) => {
    document.querySelector('[data-testid="version-compare"]').click();
    location.hash = new URL(l).hash;
  }, link);
  await page.getByTestId('review-banner').waitFor();
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId('compare-panel').count(), 0, "the late answer is dropped");
  assert.equal(await page.getByTestId('review-banner').count(), 1, 'still the link, in review mode');
});
