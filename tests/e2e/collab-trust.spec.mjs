// "Edit together" where trust is at stake, at 1280×720: the sync server itself refuses a room
// (one at capacity) and the page says so with the design unchanged; a server that is down is
// retried with growing delays (a tiny TCP server counts the attempts); a room link opened while
// reviewing a share link leaves review mode and joins, the person's own design kept; and the
// others' selected arrows and access patterns are drawn in their colours, names as text.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, OUTPUT, savedDesigns, shareLink } from './app.mjs';
import { SYNC_URL, person as personIn, model, waitLive, converged, startRoom, rename, sideBySide as sheetOf } from './room.mjs';
import { startSync, freePort } from './sync.mjs';

let browser;
const person = (...args) => personIn(browser, ...args);
const sideBySide = (...args) => sheetOf(browser, ...args);
before(async () => {
  assert.ok(SYNC_URL, 'run through tests/e2e/run.mjs, which starts the sync server');
  browser = await launch();
});
after(async () => browser?.close());

test('a room at capacity is refused by the server itself: the page says so and the design stays', async () => {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'docshape-sync-full-'));
  const full = await startSync({ port, data, env: { SYNC_MAX_PEOPLE: '1' } });
  try {
    const sync = `ws://127.0.0.1:${port}`;
    const a = await person('Ana', undefined, { sync });
    const link = await startRoom(a.page);
    await a.page.getByTestId('together-close').click();
    await waitLive(a.page);

    // Bo's own design first: renamed, so "unchanged" means something.
    const b = await person('Bo', undefined, { sync });
    await b.page.getByTestId('model-name').fill('Bo own design');
    await b.page.getByTestId('model-name').press('Tab');
    await b.page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs') ?? '{"designs":[]}').designs.some((d) => d.name === 'Bo own design'));
    const before = await model(b.page);
    const asked = [];
    b.page.on('websocket', (ws) => asked.push(ws.url()));
    await b.page.evaluate((u) => (location.href = u), link);
    // The link is good (the page's own check passes): it is the server that says no.
    await b.page.getByTestId('notice').filter({ hasText: 'This room is full: the sync server lets no one else in. Your design is unchanged.' }).waitFor({ timeout: 20000 });
    assert.ok(asked.some((u) => u.startsWith(sync)), `the page asked the server: ${asked}`);
    assert.equal(await b.page.getByTestId('together-banner').count(), 0, 'not in a room');
    assert.equal(await b.page.getByTestId('model-name').inputValue(), 'Bo own design');
    assert.deepEqual(await model(b.page), before, 'the design is unchanged');
    assert.equal(await b.page.evaluate(() => location.hash), '', 'the room link leaves the address bar');
    await b.page.screenshot({ path: join(OUTPUT, 'collab-room-full.png') });
    // Refused is final: no retry comes after it.
    const tries = asked.length;
    await b.page.waitForTimeout(1500);
    assert.equal(asked.length, tries, `no reconnecting after a refusal: ${asked.length} attempts`);
    // Ana is still alone and live.
    assert.match(await a.page.getByTestId('together-status').textContent(), /Live · only you/);
    for (const p of [a, b]) await p.context.close();
  } finally {
    await full.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

test('a server that is down is retried with growing delays, and the page says it is offline', async () => {
  // A tiny server that takes each connection and drops it at once, noting when.
  const seen = [];
  const tiny = createServer((socket) => {
    seen.push(performance.now());
    socket.destroy();
  });
  await new Promise((r) => tiny.listen(0, '127.0.0.1', r));
  const sync = `ws://127.0.0.1:${tiny.address().port}`;
  try {
    const a = await person('Ana', undefined, { sync });
    const name = await a.page.getByTestId('model-name').inputValue();
    await a.page.getByTestId('action-together').click();
    await a.page.getByTestId('together-close').click();
    await a.page.waitForFunction(() => document.querySelector('[data-testid="together-status"]')?.dataset.state === 'offline', null, { timeout: 20000 });
    assert.match(await a.page.getByTestId('together-status').textContent(), /Offline — your edits are kept/);
    // 500 ms, then 1 s, 2 s, 4 s (doubling): five attempts come within ~8 s.
    const end = Date.now() + 30000;
    while (seen.length < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    assert.ok(seen.length >= 5, `five attempts: ${seen.length}`);
    const gaps = seen.slice(1, 5).map((t, i) => Math.round(t - seen[i]));
    console.log(`# reconnect delays seen by the tiny server (ms): ${gaps.join(', ')}`);
    for (let i = 1; i < gaps.length; i++) assert.ok(gaps[i] > gaps[i - 1], `each wait longer than the one before: ${gaps}`);
    // Edits go on meanwhile, kept.
    await a.page.getByTestId('model-name').fill(`${name} offline`);
    await a.page.getByTestId('model-name').press('Tab');
    assert.equal((await model(a.page)).name, `${name} offline`);
    await a.page.screenshot({ path: join(OUTPUT, 'collab-retrying.png') });
    await a.context.close();
  } finally {
    tiny.close();
  }
});

test('a room link opened while reviewing a share link leaves review mode and joins; the own design is kept', async () => {
  const a = await person('Ana', undefined, { permissions: ['clipboard-read', 'clipboard-write'] });
  const shared = await shareLink(a.page);
  assert.match(shared, /#m=/);
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  await waitLive(a.page);

  // Bo has a design of his own, then opens the share link (review mode) and comments on it.
  const b = await person('Bo');
  await b.page.getByTestId('model-name').fill('Bo own design');
  await b.page.getByTestId('model-name').press('Tab');
  await b.page.waitForFunction(() => JSON.parse(localStorage.getItem('docshape.designs') ?? '{"designs":[]}').designs.some((d) => d.name === 'Bo own design'));
  const own = await model(b.page);
  await b.page.goto(shared);
  await b.page.getByTestId('review-banner').waitFor();
  await b.page.locator('[data-testid="entity"][data-name="catalogo"] .entity-header').click({ button: 'right' });
  await b.page.getByTestId('menu-comment').click();
  await b.page.getByTestId('comment-text').fill('Reviewed before the call');
  await b.page.getByTestId('comment-post').click();
  await b.page.getByTestId('thread').waitFor();

  // The room link, pasted into the address bar (a hashchange, no reload).
  await b.page.evaluate((h) => (location.hash = h), new URL(link).hash);
  await b.page.getByTestId('review-banner').waitFor({ state: 'detached' });
  await waitLive(b.page);
  const start = await converged([a.page, b.page]);
  assert.equal(await b.page.getByTestId('model-name').inputValue(), start.name);
  // Bo edits: it is a room, not a review (the comments panel, still open, is closed first).
  await b.page.getByTestId('comments-close').click();
  const id = start.entities.find((e) => e.name === 'catalogo').id;
  await rename(b.page, id, 'renamed_by_bo');
  await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === id)?.name === 'renamed_by_bo');
  // Bo's own design is untouched in My designs.
  const designs = await savedDesigns(b.page);
  const entry = designs.find((d) => d.name === 'Bo own design');
  assert.ok(entry, `Bo's design is in My designs: ${designs.map((d) => d.name)}`);
  const stored = await b.page.evaluate((k) => JSON.parse(localStorage.getItem(`docshape.design.${k}`)), entry.id);
  assert.deepEqual(stored, own, 'the own design as it was');
  assert.equal(stored.comments?.length ?? 0, 0, 'no review comment leaked into it');
  await sideBySide('collab-room-from-review', a.page, b.page);
  // Bo leaves; Back (the browser's button) returns to the share link, with his comment on it.
  await b.page.getByTestId('together-leave').click();
  await b.page.goBack();
  await b.page.getByTestId('review-banner').waitFor();
  await b.page.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '1');
  assert.equal((await savedDesigns(b.page)).filter((d) => d.name === 'Bo own design').length, 1);
  for (const p of [a, b]) await p.context.close();
});

test("another person's selected arrow and access pattern are drawn in their colour, the name as text", async () => {
  const hostile = '<img src=x onerror="window.pwned=1">Bo\u202e';
  const a = await person('Ana', undefined, { colour: '#1971c2' });
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const b = await person(hostile, link, { colour: '#c2255c' });
  await waitLive(b.page);
  await converged([a.page, b.page]);

  // B clicks an arrow (at the middle of its line, where nothing else lies over it).
  const spot = await b.page.evaluate(() => {
    for (const g of document.querySelectorAll('[data-testid="relation"]')) {
      const path = g.querySelector('path.line');
      if (!path) continue;
      const m = path.getScreenCTM();
      const p = path.getPointAtLength(path.getTotalLength() / 2);
      const x = m.a * p.x + m.c * p.y + m.e;
      const y = m.b * p.x + m.d * p.y + m.f;
      if (g.contains(document.elementFromPoint(x, y))) return { id: g.dataset.id, x, y };
    }
    return null;
  });
  assert.ok(spot, 'an arrow to click');
  const arrowId = spot.id;
  await b.page.mouse.click(spot.x, spot.y);
  await b.page.waitForFunction((id) => document.querySelector(`[data-testid="relation"][data-id="${id}"]`)?.classList.contains('selected'), arrowId);
  const outline = a.page.locator(`[data-testid="peer-arrow"][data-id="${arrowId}"]`);
  await outline.waitFor({ timeout: 10000 });
  assert.equal(await outline.evaluate((g) => getComputedStyle(g).stroke), 'rgb(194, 37, 92)', "in B's colour");
  // On A's screen the outline follows the arrow's own route (the same path), and is drawn.
  const [drawn, line] = await Promise.all([
    outline.locator('path').first().getAttribute('d'),
    a.page.locator(`[data-testid="relation"][data-id="${arrowId}"] path.line`).first().getAttribute('d'),
  ]);
  assert.ok(drawn && drawn === line, `the outline's path ${drawn} is the arrow's ${line}`);
  const size = await outline.locator('path').first().boundingBox();
  assert.ok(size.width + size.height > 20, `the outline has a size on screen: ${JSON.stringify(size)}`);
  assert.equal(await a.page.locator('[data-testid="peer-arrow"]').count(), 1, 'only the selected arrow');

  // B opens an access pattern: A's list marks it with B's colour and name (both show the list:
  // a first visit at 1280×720 folds it, so the diagram reads).
  for (const p of [a.page, b.page]) {
    if ((await p.getByTestId('toggle-panel-left').getAttribute('aria-expanded')) === 'false') await p.getByTestId('toggle-panel-left').click();
  }
  const query = b.page.locator('[data-testid="query-item"]').nth(1);
  const queryId = await query.getAttribute('data-id');
  await query.click();
  const mark = a.page.locator(`[data-testid="query-item"][data-id="${queryId}"] [data-testid="peer-query"]`);
  await mark.waitFor({ timeout: 10000 });
  assert.equal(await mark.innerText(), hostile.trim());
  assert.equal(await mark.locator('.swatch').evaluate((s) => getComputedStyle(s).backgroundColor), 'rgb(194, 37, 92)');
  assert.equal(await a.page.locator('[data-testid="peer-query"]').count(), 1, 'only that access pattern');
  // The arrow stays selected in B: both drawn at once.
  assert.equal(await outline.count(), 1);
  assert.equal(await a.page.locator('[data-testid="queries"] img').count(), 0);
  assert.equal(await a.page.evaluate(() => window.pwned ?? null), null);
  await sideBySide('collab-peer-arrow-query', a.page, b.page);
  await a.page.screenshot({ path: join(OUTPUT, 'collab-peer-arrow-query-a.png') });

  // B clears the selection: the marks go.
  await query.click();
  await b.page.keyboard.press('Escape');
  await a.page.waitForFunction(() => !document.querySelector('[data-testid="peer-query"], [data-testid="peer-arrow"]'), null, { timeout: 10000 });
  for (const p of [a, b]) await p.context.close();
});
