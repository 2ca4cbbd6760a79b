// Opening a broken file shows a clear message and keeps the current model.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('a malformed file is refused with its line and nothing is lost', async () => {
  const { page, errors, context } = await openApp(browser);
  const before = await page.locator('[data-testid="entity"]').count();
  await page.getByTestId('open-file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{\n  "format": "docshape",\n  "formatVersion": 1,\n  "entities": [ oops ]\n}'),
  });
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  const text = await notice.innerText();
  assert.match(text, /broken\.json/);
  assert.match(text, /line 4/);
  assert.match(text, /unchanged/);
  assert.equal(await page.locator('[data-testid="entity"]').count(), before);
  await page.getByTestId('open-file').setInputFiles({
    name: 'future.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"docshape","formatVersion":99,"name":"x"}'),
  });
  await page.waitForFunction(() => /newer docshape/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));
  assert.equal(await page.locator('[data-testid="entity"]').count(), before);
  await screenshot(page, 'open-broken');
  assert.deepEqual(errors, []);
  await context.close();
});
