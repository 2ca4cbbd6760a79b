// A share link round-trips to an identical model in review mode; a broken link shows its
// message and leaves the autosaved model alone.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

test('a design too large for a link is refused with the reason, and its file is offered instead', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  // Notes that do not compress: the file is 2.3 MB, its link would pass the 2,097,152
  // characters docshape opens.
  const notes = randomBytes(1_700_000).toString('base64url');
  const file = JSON.stringify({ format: 'docshape', formatVersion: 1, name: 'Too large to link', notes, entities: [] });
  await page.getByTestId('open-file').setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'Too large to link');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));

  await page.getByTestId('action-share').click();
  const notice = page.getByTestId('notice').filter({ hasText: 'No share link was made' });
  await notice.waitFor({ timeout: 60000 });
  const text = await notice.innerText();
  assert.match(text, /it would be [\d,]+ characters long, and docshape opens links of up to 2,097,152\. Share the model file instead\./);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'nothing copied yet', 'no link was copied');
  await screenshot(page, 'share-refused');

  const [download] = await Promise.all([page.waitForEvent('download'), notice.getByTestId('notice-action').click()]);
  assert.equal(download.suggestedFilename(), 'too-large-to-link.docshape.json');
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(saved.name, 'Too large to link');
  assert.equal(saved.notes, notes, 'the file carries the whole design');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link to a design with hostile names shows them as text and runs nothing', async () => {
  const hostile = '<img src=x onerror="window.pwned=1">';
  const script = '<script>window.pwned=2</script>';
  const design = {
    format: 'docshape',
    formatVersion: 1,
    name: `Review ${script}`,
    notes: hostile,
    entities: [
      { id: 'a', name: hostile, position: { x: 100, y: 100 }, notes: script, fields: [{ name: '_id', type: 'objectId' }, { name: `x"><svg onload=window.pwned=3>`, type: 'string' }] },
      { id: 'b', name: 'b\u202Egnp.exe', position: { x: 500, y: 100 }, fields: [{ name: '_id', type: 'objectId' }] },
    ],
    relations: [{ id: 'r', parent: 'a', child: 'b', storage: 'reference', field: `${script}_id` }],
    queries: [{ id: 'Q1', name: hostile, kind: 'read', entity: 'a', rate: 10 }],
  };
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('open-file').setInputFiles({ name: 'hostile.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(design)) });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 2);
  await page.getByTestId('action-share').click();
  await page.getByTestId('notice').filter({ hasText: 'characters' }).waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());

  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const viewer = await other.newPage();
  const viewerErrors = [];
  const dialogs = [];
  viewer.on('pageerror', (e) => viewerErrors.push(String(e)));
  viewer.on('dialog', (d) => dialogs.push(d.message()) && d.dismiss());
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  // A shared design opens with its panels collapsed when the diagram needs the room: open both,
  // so the advisor and the access patterns below are read as shown.
  for (const side of ['left', 'right']) {
    const toggle = viewer.getByTestId(`toggle-panel-${side}`);
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  await viewer.getByTestId('tab-advisor').click();
  await viewer.waitForSelector('[data-testid="finding"]');
  // The names are on screen as the text they are...
  assert.equal(await viewer.locator('[data-testid="entity"]').first().getAttribute('data-name'), hostile);
  assert.ok((await viewer.getByTestId('canvas').innerText()).includes(hostile), 'the name is drawn as text');
  // ...no element came from them, and nothing ran.
  assert.equal(await viewer.locator('img[src="x"], [data-testid="canvas"] script, svg[onload]').count(), 0);
  assert.equal(await viewer.evaluate(() => window.pwned), undefined);
  // A bidi override in a name is shown, not obeyed: "b\u202Egnp.exe" would read "bexe.png" on
  // the box and reverse the rest of every sentence that quotes it.
  assert.ok((await viewer.getByTestId('canvas').innerText()).includes('b<U+202E>gnp.exe'));
  const advice = await viewer.getByTestId('advisor').innerText();
  assert.ok(!advice.includes('\u202E') && advice.includes('b<U+202E>gnp.exe'), advice);
  assert.ok(!(await viewer.getByTestId('queries').innerText()).includes('\u202E'));
  assert.match(await viewer.locator('[data-testid="finding"][data-code="DS002"]').first().innerText(), /U\+202E/);
  await screenshot(viewer, 'share-hostile-names');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(viewerErrors, []);
  assert.deepEqual(errors, []);
  await other.close();
  await context.close();
});
