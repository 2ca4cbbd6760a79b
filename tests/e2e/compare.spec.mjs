// A design review of a change, at 1280×720: keep a version of the outlier lesson's design, make
// its reviews unbounded (and add a box, delete another), compare with the version: the canvas
// marks the changed arrow, the added box and the removed one with colour and a symbol, the
// panel says the verdict flips and which findings come and go; download the review report of
// the change; open the version read-only; restore it; undo the restore.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openApp, screenshot, savedModel, entityBox, shareLink, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const reviews = (model) => JSON.parse(model).relations.find((r) => r.id === 'material-resenas');
const arrow = (page, id) => page.locator(`[data-testid="relation"][data-id="${id}"]`);
/** An arrow's words (its cardinalities, caption and mark), drawn in the layer above the lines. */
const words = (page, id) => page.locator(`[data-testid="relation-words"][data-id="${id}"]`);

async function openVersions(page) {
  await page.getByTestId('action-versions').click();
  await page.getByTestId('dialog').waitFor();
}

test('keep a version, make reviews unbounded, compare, see the marks and the flip, restore, undo', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.getByTestId('action-new').click();
  await page.locator('[data-testid="template"][data-template="anti-outlier-misapplied"]').click();
  await entityBox(page, 'extra_reviews').waitFor();
  // The overflowing materials are said to reach 800 reviews (the template's reach 3,000): at
  // that size the advisor has the material keep the reviews' ids, so making them unbounded
  // (below) flips the verdict.
  await words(page, 'material-resenas').locator('[data-testid="cardinality"]').click();
  await page.getByTestId('outliers-max').fill('800');
  await page.getByTestId('outliers-max').press('Tab');
  await page.waitForFunction(() => {
    const m = JSON.parse(localStorage.getItem(`docshape.design.${sessionStorage.getItem('docshape.tab.design')}`));
    return m.relations.find((r) => r.id === 'material-resenas').cardinality.outliers.max === 800;
  });
  assert.match(await page.getByTestId('relation-verdict').innerText(), /ids/i, 'up to 800, the material keeps their ids');

  // Keep the version with reviews capped at 50.
  await openVersions(page);
  await page.getByTestId('version-name').fill('reviews capped at 50');
  await page.getByTestId('version-keep').click();
  await page.locator('[data-testid="version"][data-name="reviews capped at 50"]').waitFor();
  const stored = await page.evaluate(() => {
    const id = sessionStorage.getItem('docshape.tab.design');
    return JSON.parse(localStorage.getItem(`docshape.versions.${id}`));
  });
  assert.equal(stored.list.length, 1);
  assert.equal(reviews(stored.list[0].model).cardinality.max, 50, 'the version holds the capped reviews');
  await screenshot(page, 'compare-0-versions-dialog');
  await page.getByTestId('dialog-close').click();

  // The edit under review: the reviews become unbounded.
  await words(page, 'material-resenas').locator('[data-testid="cardinality"]').click();
  await page.getByTestId('relation-inspector').waitFor();
  const before = await page.getByTestId('relation-verdict').innerText();
  await page.getByTestId('unbounded').check();
  await page.waitForFunction(() => true);
  assert.equal(reviews(await savedModel(page)).cardinality.max, undefined, 'saved unbounded');
  // And a box added, another deleted.
  await page.getByTestId('action-add-entity').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 4);
  await entityBox(page, 'extra_reviews').click();
  await page.keyboard.press('Delete');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 3);
  const edited = await savedModel(page);

  // Compare with the version.
  await openVersions(page);
  await page.getByTestId('version-compare').click();
  const panel = page.getByTestId('compare-panel');
  await panel.waitFor({ timeout: 60000 });
  const summary = await page.getByTestId('compare-summary').innerText();
  assert.match(summary, /^Changes: \d+\. Verdicts that flip: 1\./, summary);
  const flip = page.locator('[data-testid="compare-line"][data-kind="flip"]');
  assert.equal(await flip.count(), 1);
  assert.match(await flip.innerText(), /catalogue → reviews: the advisor now recommends/);
  const introduced = await page.locator('[data-testid="compare-line"][data-kind="introduced"]').allInnerTexts();
  assert.ok(introduced.some((t) => /DS101 \(error\)/.test(t)), introduced.join('\n'));
  const sizes = await page.locator('[data-testid="compare-line"][data-kind="size"]').allInnerTexts();
  assert.ok(sizes.some((t) => /^~\s*catalogue: average document/.test(t)), sizes.join('\n'));

  // The canvas: the changed arrow, the added box, the removed box and its arrow drawn back.
  assert.equal(await arrow(page, 'material-resenas').getAttribute('data-diff'), '~');
  assert.equal(await arrow(page, 'material-resenas').locator('[data-testid="diff-mark"] text').textContent(), '~');
  assert.equal(await entityBox(page, 'extra_reviews').getAttribute('data-diff'), '-', 'the deleted box is drawn back');
  assert.equal(await entityBox(page, 'extra_reviews').locator('[data-testid="diff-mark"] text').textContent(), '\u2212');
  assert.equal(await arrow(page, 'material-extra').getAttribute('data-diff'), '-');
  const added = page.locator('[data-testid="entity"][data-diff="+"]');
  assert.equal(await added.count(), 1);
  assert.equal(await added.locator('[data-testid="diff-mark"] text').textContent(), '+');
  assert.equal(await entityBox(page, 'catalogue').getAttribute('data-diff'), null, 'an unchanged box has no mark');
  // Read-only while comparing; the user's design is put aside, not changed.
  assert.equal(await page.getByTestId('action-add-entity').isVisible(), false);
  assert.equal(await savedModel(page), edited);
  await screenshot(page, 'compare-1-marks-and-panel');

  // The review report of the change.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('compare-report').click()]);
  const report = await readFile(await download.path(), 'utf8');
  assert.match(report, /^## Design change: /);
  assert.match(report, /\n\n\*\*Compared with:\*\* version “reviews capped at 50” → the design being edited\n\n/, 'it says what it was compared with');
  assert.match(report, /```mermaid/);
  assert.match(report, /now recommends/);

  // Back to the design: as it was, its undo history too.
  await page.getByTestId('compare-close').click();
  await panel.waitFor({ state: 'detached' });
  assert.equal(await page.locator('[data-testid="entity"]').count(), 3);
  assert.equal(await page.locator('[data-diff]').count(), 0, 'no mark outside the compare view');
  assert.equal(await page.getByTestId('action-undo').isDisabled(), false, 'undo survives the comparison');

  // Open the version read-only.
  await openVersions(page);
  await page.getByTestId('version-open').click();
  await page.getByTestId('version-banner').waitFor();
  await entityBox(page, 'extra_reviews').waitFor();
  assert.equal(await page.getByTestId('review-banner').count(), 0, 'one banner, the version\'s');
  await screenshot(page, 'compare-2-version-read-only');
  await page.getByTestId('aside-close').click();
  await page.getByTestId('version-banner').waitFor({ state: 'detached' });
  assert.equal(await savedModel(page), edited);

  // Restore the version: one edit; undo takes it back.
  await openVersions(page);
  await page.getByTestId('version-restore').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 3 && document.querySelector('[data-testid="entity"][data-name="extra_reviews"]'));
  assert.equal(reviews(await savedModel(page)).cardinality.max, 50, 'restored: capped again');
  assert.match(await page.getByTestId('notice').innerText(), /restored/);
  await words(page, 'material-resenas').locator('[data-testid="cardinality"]').click();
  assert.equal(await page.getByTestId('relation-verdict').innerText(), before, 'the verdict of the version is back');
  await screenshot(page, 'compare-3-restored');
  await page.getByTestId('action-undo').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="entity"][data-name="extra_reviews"]'));
  assert.equal(await savedModel(page), edited, 'one undo takes the whole restore back');
});

test('the compare view speaks Spanish and a broken share link is refused with the reason', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await chooseLanguage(page, 'es');
  await entityBox(page, 'catalogo').waitFor();
  await openVersions(page);
  await page.getByTestId('compare-link').fill('https://example.org/#m=not-a-link');
  await page.getByTestId('compare-link-go').click();
  await page.getByTestId('notice').waitFor();
  assert.equal(await page.getByTestId('compare-panel').count(), 0);
  // BiblioRed against itself, through its own share link: no change, said in Spanish.
  await page.getByTestId('dialog-close').click();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = await shareLink(page);
  await openVersions(page);
  await page.getByTestId('compare-link').fill(link);
  await page.getByTestId('compare-link-go').click();
  await page.getByTestId('compare-panel').waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('compare-summary').innerText(), 'Ningún cambio en el diseño.');
  assert.equal(await page.locator('[data-diff]').count(), 0);
  await screenshot(page, 'compare-4-spanish-no-change');
});

test('a save from another tab while this one compares is shown when the comparison closes', async () => {
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await entityBox(page, 'catalogo').waitFor();
  await openVersions(page);
  await page.getByTestId('version-keep').click();
  await page.locator('[data-testid="version"]').first().waitFor();
  await page.getByTestId('version-compare').click();
  await page.getByTestId('compare-panel').waitFor({ timeout: 60000 });
  // Another tab of the same browser opens the design and renames it.
  const other = await context.newPage();
  await other.goto(page.url());
  await other.getByTestId('model-name').fill('BiblioRed, edited elsewhere');
  await other.waitForFunction(() => /edited elsewhere/.test(localStorage.getItem('docshape.designs')));
  await page.getByTestId('compare-close').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'BiblioRed, edited elsewhere');
  assert.match(JSON.parse(await savedModel(page)).name, /edited elsewhere/, 'the other tab\'s save is kept');
  await other.close();
});
