// Accessibility (issue 33): axe-core (the npm package, injected into the page) finds no serious or
// critical violation on the main screen, in each dialog, in review mode and in presentation mode,
// at 1280×720, in the light and the dark theme. And a keyboard-only journey: a new model, blank,
// an access pattern, two boxes, connected, exported, with no mouse event at all.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, screenshot, entityBox, OUTPUT } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
const AXE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'axe-core', 'axe.min.js');
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** The serious and critical violations axe finds on the page now (all are written to a file). */
async function violations(page, name) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
  writeFileSync(join(OUTPUT, `a11y-${name}.json`), JSON.stringify(found, null, 2));
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const none = (found, where) =>
  assert.deepEqual(
    found.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).join('\n    ')}`),
    [],
    `axe on ${where}`,
  );

test('axe: the main screen, each dialog, light and dark, have no serious or critical violation', async () => {
  for (const scheme of ['light', 'dark']) {
    const { page, context } = await openApp(browser, { viewport: VIEWPORT, colorScheme: scheme });
    await page.waitForSelector('[data-testid="entity"] .fname');
    none(await violations(page, `main-${scheme}`), `the main screen (${scheme})`);
    // A box selected: the inspector with its fields; an access pattern open; the comments.
    await entityBox(page, 'catalogo').locator('.entity-header').click();
    await page.getByTestId('tab-inspector').click();
    none(await violations(page, `inspector-${scheme}`), `the inspector (${scheme})`);
    await page.getByTestId('toggle-panel-left').click();
    await page.getByTestId('query-item').first().click();
    none(await violations(page, `access-pattern-${scheme}`), `an access pattern (${scheme})`);
    await page.getByTestId('action-comments').click();
    none(await violations(page, `comments-${scheme}`), `the comments panel (${scheme})`);
    await page.getByTestId('action-comments').click();
    if (scheme === 'light') {
      for (const [name, key] of [['new', 'Alt+n'], ['export', 'Control+e'], ['shortcuts', '?'], ['designs', 'm'], ['versions', 'v'], ['import', 'i']]) {
        await page.getByTestId('canvas').focus();
        await page.keyboard.press(key);
        await page.getByTestId('dialog').waitFor();
        // Its content drawn (Versions comes in a chunk; Export asks the worker for its text).
        await page.waitForTimeout(name === 'export' ? 1500 : 400);
        none(await violations(page, `dialog-${name}`), `the ${name} dialog`);
        if (name === 'export') await screenshot(page, 'a11y-export-preview');
        await page.keyboard.press('Escape');
        await page.getByTestId('dialog').waitFor({ state: 'detached' });
      }
      // The comment form.
      await page.evaluate(() => localStorage.setItem('docshape.name', 'Rita'));
      await entityBox(page, 'catalogo').locator('.entity-header').click({ button: 'right' });
      await page.getByTestId('menu-comment').click();
      await page.getByTestId('comment-draft').waitFor();
      none(await violations(page, 'comment-form'), 'the comment form');
      await page.keyboard.press('Escape');
      // The zoom menu.
      await page.getByTestId('zoom').click();
      none(await violations(page, 'zoom-menu'), 'the zoom menu');
      await page.keyboard.press('Escape');
      // Edit together's dialog.
      await page.evaluate((url) => localStorage.setItem('docshape.sync', url), process.env.SYNC_URL ?? 'ws://127.0.0.1:9/');
      await page.getByTestId('action-together').click();
      await page.getByTestId('together-dialog').waitFor();
      await page.waitForTimeout(300);
      none(await violations(page, 'dialog-together'), 'the Edit together dialog');
      await page.keyboard.press('Escape');
      await page.getByTestId('together-leave').click();
    }
    await context.close();
  }
});

test('axe: review mode and presentation mode have no serious or critical violation', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('action-share').click();
  await page.getByTestId('notice').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // Presentation: the first slides.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('p');
  await page.getByTestId('slide').waitFor();
  none(await violations(page, 'presentation'), 'presentation mode');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  none(await violations(page, 'presentation-slide'), 'a slide of the presentation');
  await page.keyboard.press('Escape');
  // Review: a share link opened in another browser.
  const other = await browser.newContext({ viewport: VIEWPORT });
  const viewer = await other.newPage();
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  await viewer.waitForSelector('[data-testid="entity"]');
  await viewer.waitForTimeout(300);
  none(await violations(viewer, 'review'), 'review mode');
  await viewer.getByTestId('review-show-advisor').click();
  none(await violations(viewer, 'review-advisor'), 'review mode with the advisor');
  await other.close();
  await context.close();
});

test('a keyboard-only journey: new model, blank, an access pattern, two boxes, connected, exported; no mouse event', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  // Every pointer, mouse and wheel event the page receives from now on is counted.
  await page.evaluate(() => {
    window.mouseEvents = [];
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'mousedown', 'mouseup', 'mousemove', 'wheel', 'contextmenu', 'dblclick']) {
      window.addEventListener(type, (e) => window.mouseEvents.push(`${type}${e.isTrusted ? '' : ' (synthetic)'}`), true);
    }
  });
  const focused = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);
  const boxes = () => page.locator('footer.status > span').first().innerText();

  // New model: Alt+N, the focus is on "Blank", Enter.
  await page.keyboard.press('Alt+n');
  await page.getByTestId('dialog').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'template-blank');
  await page.keyboard.press('Enter');
  await page.getByTestId('dialog').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 0);

  // An access pattern: Q, its name, Escape leaves the field.
  await page.keyboard.press('q');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'query-name');
  await page.keyboard.type('Pedidos de un cliente');
  await page.keyboard.press('Escape');
  assert.notEqual(await focused(), 'query-name');
  // Two boxes: A, type the name, Enter.
  for (const name of ['clientes', 'pedidos']) {
    await page.keyboard.press('a');
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'rename');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await entityBox(page, name).waitFor();
  }
  assert.match(await boxes(), /2 boxes/);

  await screenshot(page, 'keyboard-1-boxes-and-pattern');

  // Connect them: Tab to a box, Space selects; Shift+Space adds the other; C connects.
  const reach = async (name) => {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((n) => document.activeElement?.dataset?.name === n, name)) return;
    }
    assert.fail(`Tab never reached the box ${name}`);
  };
  await reach('clientes');
  await page.keyboard.press('Space');
  await reach('pedidos');
  await page.keyboard.press('Shift+Space');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"].selected').length === 2);
  await page.keyboard.press('c');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="relation"]').length === 1);
  assert.match(await boxes(), /1 relation/);
  await screenshot(page, 'keyboard-2-connected');

  // Export: Ctrl+E, Tab to Download, Enter: the file comes.
  await page.keyboard.press('Control+e');
  await page.getByTestId('dialog').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="dialog"] .primary:not([disabled])'));
  let onDownload = false;
  for (let i = 0; i < 40 && !onDownload; i++) {
    await page.keyboard.press('Tab');
    onDownload = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Download');
  }
  assert.ok(onDownload, 'Tab reaches Download');
  await screenshot(page, 'keyboard-3-export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.ok(download.suggestedFilename().length > 3, download.suggestedFilename());
  assert.ok((await download.path()) !== null, 'the file was written');
  await page.keyboard.press('Escape');
  await page.getByTestId('dialog').waitFor({ state: 'detached' });

  const seen = await page.evaluate(() => window.mouseEvents);
  assert.deepEqual(seen, [], 'no mouse event from start to end');
  await context.close();
});
