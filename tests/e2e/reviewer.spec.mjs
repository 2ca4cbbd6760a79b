// The reviewer's journey: open a share link at 1280×720 and read the design. Review mode looks
// read-only (no control that would only answer "read-only" is shown), and an advisor link opens
// the element in the inspector, whose values are shown but cannot be edited.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** Every control on the page that edits the model, by its hook. */
const EDITING = [
  'action-new',
  'action-open',
  'action-save',
  'action-import',
  'action-undo',
  'action-redo',
  'action-add-entity',
  'action-add-query',
  'action-duplicate',
  'action-delete',
  'action-layout',
  'add-query',
  'add-field',
  'apply-fix',
];

async function visibleEditing(page) {
  const shown = [];
  for (const id of EDITING) {
    for (const el of await page.getByTestId(id).all()) if (await el.isVisible()) shown.push(id);
  }
  for (const sel of ['.add', '.row-buttons button', '.apply', '.handle', '.copy-row button']) {
    for (const el of await page.locator(sel).all()) if (await el.isVisible()) shown.push(sel);
  }
  return shown;
}

test('a reviewer opens a share link: nothing looks editable, advisor links open the inspector', async () => {
  // The author shares BiblioRed.
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('action-share').click();
  await page.getByTestId('notice').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#m=/);
  // The author's editor does show the editing controls the reviewer must not see.
  assert.ok((await visibleEditing(page)).includes('action-add-entity'));

  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const viewer = await other.newPage();
  const errors = [];
  viewer.on('pageerror', (e) => errors.push(String(e)));
  viewer.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  await viewer.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0);
  await screenshot(viewer, 'reviewer-1-opened');
  assert.deepEqual(await visibleEditing(viewer), [], 'no editing control on a shared design');
  assert.equal(await viewer.getByTestId('model-name').getAttribute('readonly'), '', 'the name reads as text');
  // Hovering a box shows no connection handle.
  await viewer.locator('[data-testid="entity"]').first().hover();
  assert.deepEqual(await visibleEditing(viewer), []);
  assert.ok(await viewer.getByTestId('action-present').isVisible(), 'reading tools stay');
  assert.ok(await viewer.getByTestId('action-export').isVisible());

  // An advisor link to a relation opens it in the inspector.
  await viewer.getByTestId('tab-advisor').click();
  const recommendation = viewer.getByTestId('recommendation').first();
  const relation = await recommendation.getAttribute('data-relation');
  await recommendation.locator('button.link').click();
  await viewer.getByTestId('relation-inspector').waitFor();
  assert.equal(await viewer.getByTestId('tab-inspector').getAttribute('aria-selected'), 'true');
  assert.ok(await viewer.locator(`[data-testid="relation"][data-id="${relation}"]`).evaluate((g) => g.classList.contains('selected')));
  await screenshot(viewer, 'reviewer-2-relation-inspector');
  assert.deepEqual(await visibleEditing(viewer), []);

  // A finding's place link opens its element too (an aggregate or a relation).
  await viewer.getByTestId('tab-advisor').click();
  const place = viewer.locator('[data-testid="finding-place"][data-place="entity"], [data-testid="finding-place"][data-place="relation"]').first();
  await place.scrollIntoViewIfNeeded();
  await place.click();
  await viewer.waitForFunction(() => document.querySelector('[data-testid="tab-inspector"]').getAttribute('aria-selected') === 'true');
  const inspector = viewer.locator('[data-testid="entity-inspector"], [data-testid="relation-inspector"]');
  await inspector.first().waitFor();
  // Read-only: the values are there, the inputs do not take typing.
  const inputs = viewer.locator('.side input[type="text"]');
  assert.ok((await inputs.count()) > 0, 'the inspector shows the values');
  assert.ok(await inputs.first().isDisabled(), 'and they cannot be edited');
  assert.deepEqual(await visibleEditing(viewer), []);
  await screenshot(viewer, 'reviewer-3-finding-inspector');

  // No sideways scroll for the reviewer either.
  assert.ok(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(errors, []);
  await other.close();
  await context.close();
});
