// No traps (issue 33), at 1280×720: Enter commits a field's name typed on its box (it used to
// leave a stray field called "field" behind), a new box never lands on another, and every
// toolbar icon says what it does in a tooltip with its shortcut; the icons that misled (a
// magnifier for "add access pattern", a download tray for "import samples", "My designs" drawn
// as "Duplicate") are drawn anew.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, entityBox, newBlank } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const fieldsOf = (page, name) => entityBox(page, name).locator('li.field .fname').allInnerTexts();

test('Enter commits a field name on its box, and nothing called "field" is left behind', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+0');
  const before = await fieldsOf(page, 'socios');
  // Add a field from the box's menu, type its name, Enter; then click elsewhere, as people do.
  await entityBox(page, 'socios').locator('.entity-header').click({ button: 'right' });
  await page.getByTestId('menu-add-field').click();
  await page.getByTestId('field-rename').waitFor();
  await page.keyboard.type('telefono');
  await page.keyboard.press('Enter');
  await screenshot(page, 'traps-1-enter');
  const empty = await page.getByTestId('canvas').boundingBox();
  await page.mouse.click(empty.x + 30, empty.y + empty.height - 30);
  await page.waitForFunction(() => !document.querySelector('[data-testid="field-rename"]'));
  const after = await fieldsOf(page, 'socios');
  assert.deepEqual(after, [...before, 'telefono'], 'the name typed, committed; no stray "field"');
  await screenshot(page, 'traps-2-committed');

  // Enter on a name typed, then Escape on the next (untouched) one: the same.
  await entityBox(page, 'socios').locator('li.field[data-path="telefono"]').dblclick();
  await page.getByTestId('field-rename').waitFor();
  await page.keyboard.type('movil');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="field-rename"]'));
  assert.deepEqual(await fieldsOf(page, 'socios'), [...before, 'movil']);
  // Escape on a name being typed keeps it (Ctrl+Z takes a rename back).
  await entityBox(page, 'socios').locator('li.field[data-path="movil"]').dblclick();
  await page.getByTestId('field-rename').waitFor();
  await page.keyboard.type('celular');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="field-rename"]'));
  assert.deepEqual(await fieldsOf(page, 'socios'), [...before, 'celular']);
  await page.keyboard.press('Control+z');
  assert.deepEqual(await fieldsOf(page, 'socios'), [...before, 'movil']);
  await context.close();
});

test('boxes added with A, one after another, never land on another box', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  const rects = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="entity"]')].map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.dataset.name, x: r.x, y: r.y, w: r.width, h: r.height };
      }),
    );
  for (const n of [1, 2, 3, 4, 5, 6, 7]) {
    await page.getByTestId('canvas').focus();
    await page.keyboard.press('a');
    await page.getByTestId('rename').waitFor();
    await page.keyboard.type(`nueva_${n}`);
    await page.keyboard.press('Enter');
    await entityBox(page, `nueva_${n}`).waitFor();
    // Every box of the design, new and old, compared with every other (the view fits them).
    await page.keyboard.press('f');
    const all = await rects();
    for (const [i, a] of all.entries()) {
      for (const b of all.slice(i + 1)) {
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        assert.ok(!overlap, `${a.name} and ${b.name} overlap after adding nueva_${n}`);
      }
    }
  }
  await screenshot(page, 'traps-3-seven-new-boxes');
  // On a blank design too, zoomed in.
  await newBlank(page);
  await page.getByTestId('canvas').focus();
  for (const n of [1, 2, 3, 4]) {
    await page.keyboard.press('a');
    await page.getByTestId('rename').waitFor();
    await page.keyboard.press('Enter');
  }
  const blank = await rects();
  assert.equal(blank.length, 4);
  for (const [i, a] of blank.entries())
    for (const b of blank.slice(i + 1)) assert.ok(!(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h), `${a.name} / ${b.name}`);
  await context.close();
});

test('every toolbar control says what it does, with its shortcut; no icon misleads', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  const controls = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="toolbar"] button, [data-testid="toolbar"] select')]
      .filter((b) => b.getClientRects().length > 0)
      .map((b) => ({ id: b.dataset.testid ?? b.className, title: b.getAttribute('title') ?? '', name: b.getAttribute('aria-label') ?? b.textContent.trim(), icon: b.querySelector('svg path')?.getAttribute('d') ?? null })),
  );
  // The shortcut of each, as the help dialog lists them.
  const keys = {
    'action-designs': '(M)',
    'action-versions': '(V)',
    'action-new': '(Alt+N)',
    'action-open': '(Ctrl+O)',
    'action-save': '(Ctrl+S)',
    'action-import': '(I)',
    'action-undo': '(Ctrl+Z)',
    'action-redo': '(Ctrl+Shift+Z',
    'action-add-entity': '(A)',
    'action-add-query': '(Q)',
    'action-duplicate': '(Ctrl+D)',
    'action-delete': '(Delete)',
    'action-comments': '(R)',
    'action-zoom-out': '(−)',
    zoom: 'Ctrl+0',
    'action-zoom-in': '(+)',
    'action-fit': 'Ctrl+1',
    'action-layout': '(L)',
    'action-share': '(K)',
    'action-export': '(Ctrl+E)',
    'action-present': '(P)',
    'action-theme': '(T)',
    'action-help': '(?)',
    'toggle-panel-left': '([)',
    'toggle-panel-right': '(])',
  };
  for (const c of controls) {
    assert.ok(c.title.trim().length > 3, `${c.id} has a tooltip`);
    assert.ok(c.name.trim().length > 1, `${c.id} has a name`);
    if (keys[c.id]) assert.ok(c.title.includes(keys[c.id]), `${c.id}'s tooltip "${c.title}" says ${keys[c.id]}`);
  }
  for (const id of Object.keys(keys)) assert.ok(controls.some((c) => c.id === id), `${id} is in the toolbar`);
  assert.ok(controls.some((c) => /grid snapping \(G\)/i.test(c.title)), 'grid snapping says G');
  const icon = (id) => controls.find((c) => c.id === id).icon;
  assert.notEqual(icon('action-designs'), icon('action-duplicate'), 'My designs is not drawn as Duplicate');
  // No magnifier (a circle and a handle) for "add access pattern"; no download tray for import.
  assert.doesNotMatch(icon('action-add-query'), /a6 6 0/, 'not a magnifier');
  assert.notEqual(icon('action-import'), 'M12 3v12 M7 10l5 5 5-5 M4 17v3h16v-3', 'not a download tray');
  // The tooltip shows on hover, as a person sees it.
  await page.getByTestId('action-add-query').hover();
  assert.match(await page.getByTestId('action-add-query').getAttribute('title'), /Add access pattern \(Q\)/);
  await page.getByTestId('action-import').hover();
  assert.match(await page.getByTestId('action-import').getAttribute('title'), /Import sample documents… \(I\)/);
  await page.setViewportSize({ width: 1280, height: 160 });
  await screenshot(page, 'traps-4-toolbar');
  await context.close();
});
