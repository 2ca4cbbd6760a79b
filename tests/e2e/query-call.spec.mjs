// An access pattern in MongoDB's own language (issue 34), at 1280×720: the pattern's call under
// its form, copied with the keyboard; a bad call answered with its line and column and nothing
// changed; a good call filling the pattern's filters, sort and page size in one undoable step.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, seriousViolations } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a pattern shows its call, copies it, and a pasted call fills it in one undoable step", async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.waitForSelector('[data-testid="entity"]');
  if (!(await page.getByTestId('query-item').first().isVisible())) await page.getByTestId('toggle-panel-left').click();
  // C1: a catalogue item's page, by its _id.
  await page.locator('[data-testid="query-item"][data-id="C1"]').click();
  const call = page.getByTestId('query-call');
  await call.waitFor();
  const shown = await call.innerText();
  assert.match(shown, /^db\.catalogo\.find\(\{ _id: /, shown);
  const filters = page.getByTestId('query-filters');
  assert.equal(await filters.inputValue(), '_id');
  // Copy, from the keyboard.
  await page.getByTestId('query-call-copy').focus();
  await page.keyboard.press('Enter');
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /Copied/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown);
  await screenshot(page, 'query-call-copied');
  // The toast leaves by itself.
  await notice.waitFor({ state: 'detached', timeout: 9000 });

  // A call that cannot be read: where, and nothing changes.
  const input = page.getByTestId('query-call-input');
  await input.fill('db.catalogo.find({ tipo: "libro",\n  anio: { $gte: } })');
  await page.getByTestId('query-call-apply').click();
  const problem = page.getByTestId('query-call-problem');
  await problem.waitFor();
  assert.match(await problem.innerText(), /^Line 2, column \d+: .+Nothing was changed\.$/s);
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  assert.equal(await filters.inputValue(), '_id');
  assert.equal(await call.innerText(), shown);
  await screenshot(page, 'query-call-bad');
  assert.deepEqual(await seriousViolations(page, 'query-call'), [], 'axe on the call block with its error');

  // A different call, pasted: the pattern's filters, sort and page size follow it.
  await input.fill('');
  await input.focus();
  const pasted = 'db.catalogo.find({ tipo: "libro", anio: { $gte: 2000 } }).sort({ valoracion: -1 }).limit(10)';
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await page.keyboard.press('Control+v');
  assert.equal(await input.inputValue(), pasted);
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="query-filters"]').value !== '_id');
  assert.equal(await filters.inputValue(), 'tipo, anio>');
  assert.equal(await problem.count(), 0, 'the answer to the bad call is gone');
  assert.equal(await input.inputValue(), '', 'the field is emptied once read');
  const now = await call.innerText();
  assert.match(now, /^db\.catalogo\.find\(\{ tipo: .+, anio: \{ \$gte: .+ \} \}\)\.sort\(\{ valoracion: -1 \}\)\.limit\(10\)$/, now);
  await screenshot(page, 'query-call-filled');

  // One undo gives the pattern back as it was.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('[data-testid="query-filters"]')?.value === '_id');
  assert.equal(await call.innerText(), shown);
  assert.deepEqual(errors, []);
  await context.close();
});
