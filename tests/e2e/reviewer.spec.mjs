// The reviewer's journey: open a share link at 1280×720 and read the design. A reviewer comes to
// read the diagram: between the two panels BiblioRed would fit at ~41% (box headers only), so a
// shared design opens with the panels collapsed and the diagram fitted legibly (field text of
// 11 px or more), the advisor one click (the banner's button) or key (`]`) away; on a wide
// screen, where it reads between the panels, they stay open. Review mode looks read-only (no
// control that would only answer "read-only" is shown), an advisor link opens the element in
// the inspector, at its top, whose values are shown but cannot be edited.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, fieldTextPx } from './app.mjs';

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

/** Whether every box lies wholly inside the canvas. */
const allBoxesInCanvas = (page) =>
  page.evaluate(() => {
    const c = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="entity"]')].every((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
    });
  });

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
  await viewer.waitForTimeout(300);
  await screenshot(viewer, 'reviewer-1-opened');
  // The diagram first: panels collapsed, every box in view, field text legible.
  assert.equal(await viewer.getByTestId('toggle-panel-left').getAttribute('aria-expanded'), 'false');
  assert.equal(await viewer.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'false');
  const text = await fieldTextPx(viewer);
  assert.ok(text.count > 20 && text.min >= 11, `field text at ${text.min.toFixed(1)} px on ${text.count} fields`);
  assert.ok(await allBoxesInCanvas(viewer), 'the whole design is in view');
  // The advisor is one click away (the banner says how), and comes back the same way.
  await viewer.getByTestId('review-show-advisor').click();
  await viewer.getByTestId('tab-advisor').waitFor();
  assert.equal(await viewer.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'true');
  assert.equal(await viewer.getByTestId('review-show-advisor').count(), 0, 'the button goes once the advisor is shown');
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
  // The inspector opens at its top (the advisor's list was scrolled down to the link).
  assert.equal(await viewer.locator('.side').evaluate((el) => el.scrollTop), 0, 'the inspector opens at its top');
  // Read-only: the values are there, the inputs do not take typing.
  const inputs = viewer.locator('.side input[type="text"]');
  assert.ok((await inputs.count()) > 0, 'the inspector shows the values');
  assert.ok(await inputs.first().isDisabled(), 'and they cannot be edited');
  assert.deepEqual(await visibleEditing(viewer), []);
  // A yes/no value reads as what it is: each check row shows its box, ticked or not (an
  // unticked "required" or "validate with $jsonSchema" shown as bare words reads as true).
  const unreadable = await viewer.locator('.side label.check').evaluateAll((rows) =>
    rows
      .filter((row) => row.offsetParent !== null)
      .filter((row) => {
        const box = row.querySelector('input[type="checkbox"]');
        const r = box.getBoundingClientRect();
        return !box.checked && (getComputedStyle(box).appearance === 'none' || r.width === 0 || r.height === 0);
      })
      .map((row) => row.textContent.trim()),
  );
  assert.deepEqual(unreadable, [], 'unticked values shown as bare words');
  await screenshot(viewer, 'reviewer-3-finding-inspector');

  // No sideways scroll for the reviewer either.
  assert.ok(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  // `]` hides the advisor again; leaving review brings back the reader's own panels (opening
  // the advisor of a shared design did not change them).
  await viewer.getByTestId('canvas').click({ position: { x: 5, y: 5 } });
  await viewer.keyboard.press(']');
  await viewer.getByTestId('review-show-advisor').waitFor();
  await viewer.getByTestId('close-review').click();
  await viewer.getByTestId('review-banner').waitFor({ state: 'detached' });
  // This reader chose none: their first view at 1280×720, the access patterns folded so the
  // diagram reads, the advisor open.
  assert.equal(await viewer.getByTestId('toggle-panel-left').getAttribute('aria-expanded'), 'false');
  assert.equal(await viewer.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'true');
  assert.deepEqual(errors, []);
  await other.close();

  // On a wide screen the design reads between the panels: they stay open.
  const wide = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const big = await wide.newPage();
  await big.goto(link);
  await big.getByTestId('review-banner').waitFor();
  await big.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0);
  await big.waitForTimeout(300);
  assert.equal(await big.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'true');
  const wideText = await fieldTextPx(big);
  assert.ok(wideText.min >= 11, `at 1920×1080 field text at ${wideText.min.toFixed(1)} px`);
  assert.ok(await allBoxesInCanvas(big));
  await screenshot(big, 'reviewer-4-wide');
  await wide.close();
  await context.close();
});

