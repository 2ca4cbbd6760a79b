// Feedback (issue 33), at 1280×720: a notice (toast) leaves by itself after a few seconds (an
// information after 6 s, one with a button after 10, an error after 15; held while the pointer
// is on it) and on Escape; a one-click fix says what it did, with Undo; two people renaming the
// same box at once: the one whose name was not kept is told who kept theirs, with their own name
// one click away; "Edit together" offline says so, with no error in the console.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openApp, screenshot } from './app.mjs';
import { person as personIn, startRoom, waitLive, converged, rename, sideBySide as sheetOf } from './room.mjs';
import { startSync, freePort } from './sync.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('a notice leaves by itself after a few seconds, stays while pointed at, and goes on Escape', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  // `c` with no two boxes selected says how to connect: an information.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('c');
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  await screenshot(page, 'feedback-1-notice');
  const shown = Date.now();
  await page.waitForTimeout(3000);
  assert.ok(await notice.isVisible(), 'still there after 3 s: time to read it');
  await notice.waitFor({ state: 'detached', timeout: 6000 });
  const lasted = Date.now() - shown;
  assert.ok(lasted >= 5000 && lasted < 8500, `it left by itself after ${lasted} ms`);

  // Pointed at, it stays; left, it goes a few seconds later.
  await page.keyboard.press('c');
  await notice.waitFor();
  await notice.hover();
  await page.waitForTimeout(7500);
  assert.ok(await notice.isVisible(), 'held while the pointer is on it');
  await page.mouse.move(600, 400);
  await notice.waitFor({ state: 'detached', timeout: 6000 });

  // Escape sends it away at once.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('c');
  await notice.waitFor();
  await page.keyboard.press('Escape');
  await notice.waitFor({ state: 'detached', timeout: 500 });
  await context.close();
});

test('a one-click fix says what it did, and Undo takes it back', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  const finding = page.locator('[data-testid="finding"][data-code="DS402"]');
  await finding.first().waitFor();
  const count = await finding.count();
  const fix = finding.first().getByTestId('apply-fix');
  const label = (await fix.innerText()).trim();
  await fix.click();
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), new RegExp(`Done: ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), 'it says what it did');
  assert.equal(await notice.getByTestId('notice-action').innerText(), 'Undo');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="finding"][data-code="DS402"]').length === n - 1, count);
  await screenshot(page, 'feedback-2-fix-done');
  await notice.getByTestId('notice-action').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="finding"][data-code="DS402"]').length === n, count);
  await notice.waitFor({ state: 'detached', timeout: 500 });
  await screenshot(page, 'feedback-3-fix-undone');
  await context.close();
});

test('offline, "Edit together" says you are offline, and the console stays clean', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT });
  // The connection drops once the page has loaded what it loads after paint (the export
  // worker, the service worker): a page cut off halfway through its own load is another story.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.getByTestId('action-together').click();
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.innerText(), /You are offline: editing together needs a connection/);
  assert.equal(await page.getByTestId('together-dialog').count(), 0, 'no room dialog');
  assert.equal(await page.getByTestId('together-banner').count(), 0, 'no room banner');
  await page.waitForTimeout(1000);
  assert.deepEqual(errors, [], 'nothing in the console');
  await screenshot(page, 'feedback-4-offline-together');
  // Back online, it starts.
  await context.setOffline(false);
  await page.evaluate((url) => localStorage.setItem('docshape.sync', url), process.env.SYNC_URL);
  await page.getByTestId('action-together').click();
  await page.getByTestId('together-dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('together-leave').click();
  await context.close();
});

test('two people rename one box at once: the one whose name lost is told who, and gets theirs back in one click', async () => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'docshape-sync-conflict-'));
  const url = `ws://127.0.0.1:${port}`;
  let sync = await startSync({ port, data });
  const a = await personIn(browser, 'Ana', undefined, { sync: url });
  const link = await startRoom(a.page);
  await a.page.keyboard.press('Escape');
  const b = await personIn(browser, 'Bruno', link, { sync: url });
  try {
    await waitLive(a.page);
    await waitLive(b.page);
    const start = await converged([a.page, b.page]);
    const id = start.entities.find((e) => e.name === 'socios').id;

    // The network between them goes (the server stops); each renames the same box.
    await sync.stop();
    for (const p of [a.page, b.page]) {
      await p.waitForFunction(() => document.querySelector('[data-testid="together-status"]')?.dataset.state === 'offline');
    }
    await rename(a.page, id, 'miembros');
    await rename(b.page, id, 'lectores');
    sync = await startSync({ port, data });
    await waitLive(a.page);
    await waitLive(b.page);
    const merged = await converged([a.page, b.page], (m) => ['miembros', 'lectores'].includes(m.entities.find((e) => e.id === id)?.name));
    const kept = merged.entities.find((e) => e.id === id).name;
    const [winner, loser, mine, other] = kept === 'miembros' ? [a, b, 'lectores', 'Ana'] : [b, a, 'miembros', 'Bruno'];

    // The one whose name lost is told, by name, with theirs one click away; the other is not.
    const notice = loser.page.getByTestId('notice');
    await notice.waitFor({ timeout: 10000 });
    const said = await notice.innerText();
    assert.ok(said.includes(other), `it names ${other}: ${said}`);
    assert.ok(said.includes(`“${kept}” was kept, not your “${mine}”`), said);
    assert.equal(await notice.getByTestId('notice-action').innerText(), 'Use mine');
    assert.equal(await winner.page.getByTestId('notice').count(), 0, 'the person whose name was kept is not told');
    await sheetOf(browser, 'feedback-5-concurrent-rename', a.page, b.page);
    await notice.getByTestId('notice-action').click();
    await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === id)?.name === mine);
    await sheetOf(browser, 'feedback-6-use-mine', a.page, b.page);
  } finally {
    await a.context.close();
    await b.context.close();
    await sync.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
