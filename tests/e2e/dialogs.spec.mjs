// Dialogs and focus (issue 33), at 1280×720: every dialog takes the focus when it opens, keeps
// Tab inside itself, lets no key through to the app behind it, closes on Escape and gives the
// focus back to where it was; a new item puts the focus where one types next; Escape leaves an
// input with what was typed kept.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, entityBox } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** Where the focus is: its test id (or tag), and whether it is inside the open dialog. */
const focus = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const dialog = document.querySelector('[role="dialog"]');
    return {
      testid: el?.dataset?.testid ?? el?.tagName?.toLowerCase() ?? null,
      inside: Boolean(dialog && el && dialog.contains(el)),
      isCanvas: el?.id === 'canvas',
    };
  });

/** Opens with `open`, checks the focus went to `first`, walks Tab and Shift+Tab around, types
 * letters that are shortcuts behind it, and closes with Escape: the focus is back where it was
 * when the dialog opened (`back`: the canvas, or the test id of the button that opened it). */
async function journey(page, { name, open, first, dialog = 'dialog', canType = true, stops = 2, back = 'canvas' }) {
  await page.getByTestId('canvas').focus();
  await open();
  await page.getByTestId(dialog).waitFor();
  await page.waitForFunction(
    (id) => document.activeElement?.closest('[role="dialog"]') && (!id || document.activeElement?.dataset?.testid === id),
    first,
    { timeout: 5000 },
  );
  const at = await focus(page);
  assert.ok(at.inside, `${name}: the focus is in the dialog (${at.testid})`);
  if (first) assert.equal(at.testid, first, `${name}: the focus is on its first field or main action`);
  await screenshot(page, `dialogs-${name}`);
  // Tab goes round inside (more presses than the dialog has stops), and so does Shift+Tab.
  const seen = new Set();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const f = await focus(page);
    assert.ok(f.inside, `${name}: Tab ${i + 1} left the dialog for ${f.testid}`);
    seen.add(f.testid);
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab');
    assert.ok((await focus(page)).inside, `${name}: Shift+Tab ${i + 1} left the dialog`);
  }
  assert.ok(seen.size >= stops, `${name}: Tab moves between its controls: ${[...seen]}`);
  // Letters that are shortcuts of the app behind (theme, My designs, add a box) do nothing there,
  // with the focus on a button of the dialog (not in a text field).
  if (canType) {
    await page.evaluate((d) => document.querySelector(`[data-testid="${d}"] button:not([disabled])`)?.focus(), dialog);
    const boxes = await page.locator('[data-testid="entity"]').count();
    for (const key of ['t', 'm', 'a', 'p']) await page.keyboard.press(key);
    assert.equal(await page.locator('html.dark').count(), 0, `${name}: t did not switch the theme`);
    assert.equal(await page.locator('[role="dialog"]').count(), 1, `${name}: m opened no second dialog`);
    assert.equal(await page.locator('[data-testid="entity"]').count(), boxes, `${name}: a added no box`);
    assert.equal(await page.locator('.app.presenting').count(), 0, `${name}: p started no presentation`);
  }
  await page.keyboard.press('Escape');
  await page.getByTestId(dialog).waitFor({ state: 'detached' });
  await page.waitForFunction(
    (back) => document.activeElement?.id === back || document.activeElement?.dataset?.testid === back,
    back,
    { timeout: 2000 },
  );
}

test('every dialog takes the focus, keeps Tab inside, lets no key through and gives the focus back on Escape', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  // It took 61 Tab presses to reach "Blank": now it has the focus, and Enter takes it.
  await journey(page, { name: 'new', open: () => page.keyboard.press('Alt+n'), first: 'template-blank' });
  await journey(page, { name: 'export', open: () => page.keyboard.press('Control+e'), first: 'export-tab' });
  await journey(page, { name: 'shortcuts', open: () => page.keyboard.press('?'), first: 'dialog-close', stops: 1 });
  // No saved design yet: its close button is its only control.
  await journey(page, { name: 'designs', open: () => page.keyboard.press('m'), stops: 1 });
  await journey(page, { name: 'versions', open: () => page.keyboard.press('v'), first: 'version-name' });
  await journey(page, { name: 'import', open: () => page.keyboard.press('i'), first: 'import-text' });
  // The toolbar's buttons open them too; the focus goes back to the button.
  await page.getByTestId('action-help').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'action-help');
  await context.close();
});

test('Edit together: its dialog takes the focus, letters typed in it stay there, Escape closes it', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.evaluate((url) => localStorage.setItem('docshape.sync', url), process.env.SYNC_URL ?? 'ws://127.0.0.1:9/');
  await page.getByTestId('canvas').focus();
  await journey(page, {
    name: 'together',
    dialog: 'together-dialog',
    first: 'together-copy',
    back: 'action-together',
    open: async () => {
      await page.getByTestId('action-together').focus();
      await page.keyboard.press('Enter');
    },
  }).catch(async (e) => {
    await screenshot(page, 'dialogs-together-failed');
    throw e;
  });
  // Typing a name in it: "tm" are letters of a name, not the theme and My designs.
  await page.getByTestId('action-together').click();
  await page.getByTestId('together-name').fill('');
  await page.getByTestId('together-name').type('Tomás');
  assert.equal(await page.locator('html.dark').count(), 0);
  assert.equal(await page.locator('[role="dialog"]').count(), 1);
  // Escape leaves with the name kept.
  await page.keyboard.press('Escape');
  await page.getByTestId('together-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('together-invite').click();
  assert.equal(await page.getByTestId('together-name').inputValue(), 'Tomás');
  await page.keyboard.press('Escape');
  await page.getByTestId('together-leave').click();
  await context.close();
});

test('the comment form takes the focus, keeps Tab inside, and Escape closes it without losing the text', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.evaluate(() => localStorage.setItem('docshape.name', 'Rita'));
  await page.reload();
  await page.waitForSelector('[data-testid="entity"]');
  const openForm = async () => {
    await entityBox(page, 'catalogo').locator('.entity-header').click({ button: 'right' });
    await page.getByTestId('menu-comment').click();
  };
  await openForm();
  await page.getByTestId('comment-draft').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'comment-text');
  await page.keyboard.type('Why are the reviews embedded?');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.querySelector('[data-testid="comment-draft"]').contains(document.activeElement)), `Tab ${i + 1} stays in the form`);
  }
  await screenshot(page, 'dialogs-comment');
  await page.keyboard.press('Escape');
  await page.getByTestId('comment-draft').waitFor({ state: 'detached' });
  assert.ok(await page.evaluate(() => document.activeElement?.id === 'canvas'), 'the focus is back where it was');
  // Opened again on the same box, the text is there.
  await openForm();
  await page.getByTestId('comment-draft').waitFor();
  assert.equal(await page.getByTestId('comment-text').inputValue(), 'Why are the reviews embedded?');
  await context.close();
});

test('a new item puts the focus where one types next, and Escape leaves an input keeping what was typed', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  // "+ Add" in the access patterns: the new one's name has the focus, its text selected.
  await page.getByTestId('toggle-panel-left').click();
  await page.getByTestId('add-query').click();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'query-name');
  await page.keyboard.type('Orders of a customer');
  assert.equal(await page.getByTestId('query-name').inputValue(), 'Orders of a customer', 'the typing replaced the placeholder name');
  // Escape leaves the input; the name stays, and the keys are shortcuts again.
  await page.keyboard.press('Escape');
  assert.notEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'query-name');
  assert.equal(await page.getByTestId('query-name').inputValue(), 'Orders of a customer');
  assert.match(await page.getByTestId('queries').innerText(), /Orders of a customer/);
  await page.keyboard.press('?');
  await page.getByTestId('shortcuts').waitFor();
  await page.keyboard.press('Escape');
  await screenshot(page, 'dialogs-new-query');

  // `Q` on the canvas: the same.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('q');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'query-name' && document.activeElement.value !== 'Orders of a customer');
  await page.keyboard.type('Stock by shelf');
  await page.keyboard.press('Escape');
  assert.match(await page.getByTestId('queries').innerText(), /Stock by shelf/);

  // "+ Add field" in the inspector: the new field's name.
  await entityBox(page, 'socios').locator('.entity-header').click();
  await page.getByTestId('tab-inspector').click();
  const before = await page.getByTestId('field-name').count();
  await page.getByTestId('add-field').click();
  await page.waitForFunction((n) => {
    const names = document.querySelectorAll('[data-testid="field-name"]');
    return names.length === n + 1 && document.activeElement === names[n];
  }, before);
  await page.keyboard.type('telefono');
  await page.keyboard.press('Escape');
  assert.notEqual(await page.evaluate(() => document.activeElement?.dataset.testid), 'field-name', 'Escape left the name');
  // The box shows it (zoomed in to read its fields).
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+0');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="entity"][data-name="socios"] .fname')].some((f) => f.textContent === 'telefono'));
  await screenshot(page, 'dialogs-new-field');
  await context.close();
});
