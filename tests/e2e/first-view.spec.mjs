// A first view that reads (issue 33): at 1280×720 the demo (BiblioRed) opens with its field text
// drawn readable (60% or more), with no shortcut to know. It opened at 41% with the field text
// drawn as grey bars between both panels; a first visit now folds the access patterns' list when
// the diagram would otherwise be too small to read (the advisor stays: it answers every edit).
// A person's own choice of panels is theirs: opened again, it is remembered.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, fieldTextPx } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const zoom = async (page) => Number((await page.getByTestId('zoom').innerText()).replace(/\D/g, ''));
const expanded = (page, which) => page.getByTestId(`toggle-panel-${which}`).getAttribute('aria-expanded');

test('at 1280×720 the demo opens readable, fields drawn, the advisor beside it', async () => {
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"] .fname').length > 0, null, { timeout: 10000 });
  await page.waitForTimeout(300);
  const z = await zoom(page);
  assert.ok(z >= 60, `opens at ${z}%`);
  const text = await fieldTextPx(page);
  assert.ok(text.count > 20, `field names drawn on screen: ${text.count}`);
  assert.ok(text.min >= 0.6 * 12.5 - 0.01, `the smallest field text is ${text.min.toFixed(2)} px on screen`);
  assert.equal(await page.locator('.far-rows').count(), 0, 'no box drawn as grey bars');
  // Every box of the demo is on screen (fitted, not cropped).
  const outside = await page.evaluate(() => {
    const c = document.getElementById('canvas').getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="entity"]')].filter((b) => {
      const r = b.getBoundingClientRect();
      return r.left < c.left || r.right > c.right || r.top < c.top || r.bottom > c.bottom;
    }).length;
  });
  assert.equal(outside, 0, 'the whole diagram is in view');
  assert.equal(await expanded(page, 'left'), 'false', 'the access patterns are folded');
  assert.equal(await expanded(page, 'right'), 'true', 'the advisor is open');
  assert.ok(await page.getByTestId('advisor').isVisible());
  await screenshot(page, 'first-view-1280');

  // The person opens the access patterns: their choice, remembered on the next visit.
  await page.getByTestId('toggle-panel-left').click();
  await page.getByTestId('queries').waitFor();
  await screenshot(page, 'first-view-1280-patterns-open');
  await page.reload();
  await page.waitForSelector('[data-testid="entity"]');
  assert.equal(await expanded(page, 'left'), 'true', 'the choice to show the access patterns is kept');
  assert.ok(await page.getByTestId('queries').isVisible());
  // And folding both is kept too.
  await page.keyboard.press('[');
  await page.keyboard.press(']');
  await page.reload();
  await page.waitForSelector('[data-testid="entity"]');
  assert.equal(await expanded(page, 'left'), 'false');
  assert.equal(await expanded(page, 'right'), 'false');
  await context.close();
});

test('a window with room for all keeps both panels; 1440×900 reads too', async () => {
  for (const viewport of [{ width: 1440, height: 900 }, { width: 1920, height: 1080 }]) {
    const { page, context } = await openApp(browser, { viewport });
    await page.waitForSelector('[data-testid="entity"] .fname');
    await page.waitForTimeout(300);
    const z = await zoom(page);
    assert.ok(z >= 60, `${viewport.width}×${viewport.height} opens at ${z}%`);
    if (viewport.width === 1920) {
      assert.equal(await expanded(page, 'left'), 'true', 'a wide window shows the access patterns');
      assert.equal(await expanded(page, 'right'), 'true');
    }
    await screenshot(page, `first-view-${viewport.width}`);
    await context.close();
  }
});
