// A share link round-trips to an identical model in review mode; a broken link shows its
// message and leaves the autosaved model alone.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, BASE_URL, screenshot, savedModel, savedDesigns } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const modelJson = savedModel;

test('a share link opens the same model read-only, and a copy can be edited', async () => {
  const { page, context, errors } = await openApp(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('model-name').fill('Shared design');
  const own = JSON.parse(await modelJson(page));
  await page.getByTestId('action-share').click();
  await page.getByTestId('notice').waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#m=/);
  console.log(`share link length: ${link.length} characters`);

  // Open the link in a second page of a fresh context: same model, review mode.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const viewer = await other.newPage();
  const viewerErrors = [];
  viewer.on('pageerror', (e) => viewerErrors.push(String(e)));
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  assert.equal(await viewer.getByTestId('model-name').inputValue(), 'Shared design');
  assert.equal(await viewer.locator('[data-testid="entity"]').count(), own.entities.length);
  assert.deepEqual(await savedDesigns(viewer), [], 'review mode does not autosave');
  await screenshot(viewer, 'review-mode');
  await viewer.getByTestId('edit-copy').click();
  await viewer.getByTestId('review-banner').waitFor({ state: 'detached' });
  await viewer.waitForFunction(() => sessionStorage.getItem('docshape.tab.design'));
  const copy = JSON.parse(await modelJson(viewer));
  assert.deepEqual(copy, own, 'the copy equals the shared model');
  assert.deepEqual(viewerErrors, []);
  assert.deepEqual(errors, []);
  await other.close();
  await context.close();
});

test('a broken link shows its reason and leaves the autosaved model alone', async () => {
  const { page, context } = await openApp(browser);
  await page.getByTestId('model-name').fill('My own work');
  const before = await modelJson(page);
  for (const bad of ['#m=AAAA', '#m=not*base64!', '#m=' + 'A'.repeat(100)]) {
    await page.goto(BASE_URL + bad);
    await page.waitForSelector('[data-testid="canvas"]');
    const notice = await page.getByTestId('notice').innerText();
    assert.match(notice, /share link cannot be opened/i, notice);
    assert.equal(await page.getByTestId('model-name').inputValue(), 'My own work');
    assert.equal(await modelJson(page), before);
  }
  await context.close();
});
