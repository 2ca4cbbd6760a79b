// Apply a recommendation in one click, undo it, redo it.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, newBlank, addAggregate, connect, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const storage = (page) => page.getByTestId('storage').inputValue();

test('a recommendation is applied in one click and undone and redone', async () => {
  const { page, errors, context } = await openApp(browser);
  await newBlank(page);
  await addAggregate(page);
  await addAggregate(page);
  await connect(page, 'collection', 'collection_2');
  await page.getByTestId('unbounded').check();
  assert.equal(await storage(page), 'embed');
  await page.getByTestId('tab-advisor').click();
  const apply = page.locator('[data-testid="finding"][data-code="DS101"] [data-testid="apply-fix"]').first();
  await apply.click();
  await page.locator('[data-testid="recommendation"] button').first().click();
  assert.notEqual(await storage(page), 'embed', 'the fix changed the storage');
  const fixed = await storage(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('[data-testid="storage"]')?.value === 'embed');
  await page.keyboard.press('Control+Shift+z');
  await page.waitForFunction((v) => document.querySelector('[data-testid="storage"]')?.value === v, fixed);
  await screenshot(page, 'undo-redo');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a price typed double is flagged, made decimal in one click, and undone', async () => {
  const { page, errors, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await newBlank(page);
  await addAggregate(page);
  await page.getByTestId('add-field').click();
  const row = page.getByTestId('field-row').last();
  const name = row.locator('[data-testid="field-name"] input, input[data-testid="field-name"]').first();
  await name.fill('price');
  await name.press('Tab');
  const type = row.locator('[data-testid="field-type"] select, select[data-testid="field-type"]').first();
  await type.selectOption('double');
  await page.getByTestId('tab-advisor').click();
  const finding = page.locator('[data-testid="finding"][data-code="DS404"]').first();
  // The advisor's list is redrawn as the edits land: wait for the finding's words.
  await page.waitForFunction(() =>
    /price holds money as a double/.test(document.querySelector('[data-testid="finding"][data-code="DS404"]')?.innerText ?? ''),
  );
  await screenshot(page, 'undo-money-as-double');
  await finding.locator('[data-testid="apply-fix"]').click();
  await finding.waitFor({ state: 'detached' });
  await page.getByTestId('tab-inspector').click();
  assert.equal(await type.inputValue(), 'decimal', 'the fix made the price decimal');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="field-row"] select')].some((s) => s.value === 'double'));
  assert.deepEqual(errors, []);
  await context.close();
});
