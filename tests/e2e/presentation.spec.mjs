// Presentation mode hides the panels and steps through the access patterns and decisions.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('presentation mode steps through queries then decisions', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.keyboard.press('p');
  const slide = page.getByTestId('slide');
  await slide.waitFor();
  assert.ok(!(await page.getByTestId('queries').isVisible()), 'panels are hidden');
  await page.keyboard.press('ArrowRight');
  assert.match(await slide.innerText(), /C1/);
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
  assert.match(await slide.innerText(), /→/);
  assert.match(await slide.innerText(), /Cardinality/);
  await screenshot(page, 'presentation');
  await page.keyboard.press('Escape');
  await slide.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await context.close();
});
