// The compare panel at 1280×720 beside the rest of the right side: it keeps its place when the
// interface's language changes (the same change stays at the top of its list, the panel is not
// drawn again, only its texts), and it shares the right side with the Comments panel: one is in
// front at a time, never one under the other, with a visible way back to the changes, and every
// control of the panel in front can be clicked where it is drawn.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, entityBox } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** An empty design: against it, every box, arrow and query of BiblioRed is a change. */
const EMPTY = JSON.stringify({ format: 'docshape', formatVersion: 3, name: 'empty start' });

/** Compares the design on screen with the empty design, as a model file. */
async function compareWithEmpty(page) {
  await page.getByTestId('action-versions').click();
  await page.getByTestId('dialog').waitFor();
  await page
    .getByTestId('compare-file')
    .setInputFiles({ name: 'empty.json', mimeType: 'application/json', buffer: Buffer.from(EMPTY) });
  await page.getByTestId('compare-panel').waitFor({ timeout: 60000 });
}

/** The index, kind and text of the first line at the top of the list's view, and its scroll. */
const topLine = (page) =>
  page.getByTestId('compare-lines').evaluate((list) => {
    const top = list.getBoundingClientRect().top;
    const lines = [...list.children];
    const index = lines.findIndex((li) => li.getBoundingClientRect().bottom > top + 1);
    return { index, kind: lines[index]?.dataset.kind, text: lines[index]?.innerText, scrollTop: list.scrollTop };
  });

/** Whether the point at the middle of `locator` hits it (or something inside it). */
const clickable = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.width > 0 && r.height > 0 && (hit === el || el.contains(hit));
  });

/** Every visible button of `panel` can be clicked where it is drawn. */
async function noControlCovered(panel, label) {
  const buttons = panel.locator('button:visible');
  const n = await buttons.count();
  assert.ok(n > 0, `${label}: buttons to check`);
  for (let i = 0; i < n; i++) {
    const b = buttons.nth(i);
    if (!(await b.evaluate((el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }))) continue;
    assert.ok(await clickable(b), `${label}: button "${await b.innerText()}" is covered`);
  }
}

test('the compare panel keeps the change in view when the language changes', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await entityBox(page, 'catalogo').waitFor();
  await compareWithEmpty(page);
  const list = page.getByTestId('compare-lines');
  const sizes = await list.evaluate((el) => [el.scrollHeight, el.clientHeight]);
  assert.ok(sizes[0] > 3 * sizes[1], `a long list to scroll: ${sizes}`);
  const lines = await page.getByTestId('compare-line').count();

  // Scroll to a line well down the list, as a reader does with the wheel.
  await list.hover();
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 300);
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-lines"]').scrollTop > 1000);
  const before = await topLine(page);
  assert.ok(before.index > 10, `scrolled down the list: ${JSON.stringify(before)}`);
  // The panel's element, marked: it must be the same one after the change of language.
  await page.getByTestId('compare-panel').evaluate((el) => (el.__kept = true));
  await screenshot(page, 'compare-panels-0-scrolled-en');

  await page.getByTestId('language').selectOption('es');
  await page.waitForFunction(() => /^Cambios/.test(document.querySelector('[data-testid="compare-summary"]').innerText));
  // The lines are replaced with the summary; the list is put back on the same change at the
  // next frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const after = await topLine(page);
  assert.equal(await page.getByTestId('compare-line').count(), lines, 'the same lines, in Spanish');
  assert.equal(await page.getByTestId('compare-panel').evaluate((el) => el.__kept === true), true, 'the panel was not drawn again');
  assert.equal(after.index, before.index, `the same change at the top: ${JSON.stringify({ before, after })}`);
  assert.equal(after.kind, before.kind);
  assert.notEqual(after.text, before.text, 'and it is in Spanish now');
  assert.ok(after.scrollTop > 1000, `still scrolled: ${after.scrollTop}`);
  await screenshot(page, 'compare-panels-1-scrolled-es');
});

test('the compare and comments panels share the right side: one in front, a way back, nothing covered', async () => {
  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await entityBox(page, 'catalogo').waitFor();
  const compare = page.getByTestId('compare-panel');
  const comments = page.getByTestId('comments-panel');

  // Comments open first: a comparison started then comes to the front and the comments close.
  await page.getByTestId('action-comments').click();
  await comments.waitFor();
  await compareWithEmpty(page);
  await comments.waitFor({ state: 'detached' });
  assert.equal(await compare.isVisible(), true);
  assert.equal(await page.getByTestId('action-comments').getAttribute('aria-pressed'), 'false');
  await noControlCovered(compare, 'compare panel');
  const list = page.getByTestId('compare-lines');
  await list.evaluate((el) => el.scrollTo(0, 800));
  await page.waitForTimeout(100);
  const place = await topLine(page);

  // The Comments button during a comparison: the comments come in front, the compare panel is
  // not drawn under them (hidden, not a sliver at their left), and they say how to go back.
  await page.getByTestId('action-comments').click();
  await comments.waitFor();
  assert.equal(await compare.isVisible(), false, 'the compare panel is not drawn under the comments');
  const box = await comments.boundingBox();
  const left = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.dataset.testid, [box.x - 20, box.y + 200]);
  assert.notEqual(left, 'compare-panel', 'no part of the compare panel shows beside the comments');
  assert.equal(await page.locator('[data-diff]').count() > 0, true, 'the canvas keeps the marks of the change');
  await noControlCovered(comments, 'comments panel');
  await screenshot(page, 'compare-panels-2-comments-in-front');

  // Back to the changes: the compare panel as it was, at the same place.
  await page.getByTestId('comments-to-compare').click();
  await comments.waitFor({ state: 'detached' });
  assert.equal(await compare.isVisible(), true);
  assert.deepEqual(await topLine(page), place, 'the list kept its place');
  await noControlCovered(compare, 'compare panel, again');
  await screenshot(page, 'compare-panels-3-back-to-changes');

  // The toolbar's button does the same both ways; closing the comparison leaves the comments.
  await page.getByTestId('action-comments').click();
  await comments.waitFor();
  await page.getByTestId('action-comments').click();
  await comments.waitFor({ state: 'detached' });
  await page.getByTestId('compare-close').click();
  await compare.waitFor({ state: 'detached' });
  await page.getByTestId('action-comments').click();
  await comments.waitFor();
  assert.equal(await page.getByTestId('comments-to-compare').count(), 0, 'no way back to a comparison that is closed');
});
