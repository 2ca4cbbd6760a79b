// Every template loads from the gallery and shows the findings it is meant to.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// Findings each template is meant to show (by rule code).
const EXPECTED = {
  'orders-lookup': ['DS105'],
};

test('every template loads and shows its findings', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByTestId('action-new').click();
  const ids = await page.locator('[data-testid="template"]').evaluateAll((els) => els.map((e) => e.dataset.template));
  assert.ok(ids.length >= 7, `templates: ${ids}`);
  await page.keyboard.press('Escape');
  for (const id of ids) {
    await page.getByTestId('action-new').click();
    await page.locator(`[data-testid="template"][data-template="${id}"]`).click();
    await page.waitForSelector('[data-testid="entity"]');
    await page.getByTestId('tab-advisor').click();
    const codes = await page.locator('[data-testid="finding"]').evaluateAll((els) => els.map((e) => e.dataset.code));
    for (const code of EXPECTED[id] ?? []) {
      assert.ok(codes.includes(code), `${id} should show ${code}, shows ${codes}`);
    }
    assert.ok(!codes.includes('DS001'), `${id} is structurally clean`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
