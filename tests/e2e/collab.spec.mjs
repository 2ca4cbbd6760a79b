// "Edit together": two and three people in one room through the real sync server that run.mjs
// starts (SYNC_URL; this spec stops and restarts it for the offline journey). Each browser is
// pointed at that server by its own setting (localStorage `docshape.sync`), as a person would
// point one browser at another server.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchErrors, entityBox, OUTPUT, BASE_URL, chooseLanguage } from './app.mjs';
import { SYNC_URL, VIEWPORT, person as personIn, model, status, waitLive, converged, startRoom, rename, sideBySide as sheetOf } from './room.mjs';
import { startSync } from './sync.mjs';
import { join } from 'node:path';

let browser;
const person = (...args) => personIn(browser, ...args);
const sideBySide = (...args) => sheetOf(browser, ...args);
let restarted;
before(async () => {
  assert.ok(SYNC_URL, 'run through tests/e2e/run.mjs, which starts the sync server');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await restarted?.stop();
});

/** A box on screen in both pages, other than `not`. */
async function boxIds(page) {
  return page.locator('[data-testid="entity"]').evaluateAll((els) => els.map((e) => e.dataset.id));
}

test('two people edit one design live: join by link, edits both ways, concurrent edits converge, presence, personal undo', async () => {
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  await waitLive(a.page);

  const b = await person('Bo', link);
  await waitLive(b.page);
  const start = await converged([a.page, b.page]);
  assert.ok(start.entities.length > 3, 'B sees A\'s design (BiblioRed)');
  assert.equal((await model(b.page)).name, (await model(a.page)).name);

  // Presence: each sees the other in the list.
  await a.page.getByTestId('together-peer-name').filter({ hasText: 'Bo' }).waitFor();
  await b.page.getByTestId('together-peer-name').filter({ hasText: 'Ana' }).waitFor();
  assert.match(await status(a.page).textContent(), /Live · 2 people/);

  const ids = (await boxIds(a.page)).filter((id) => (start.entities.find((e) => e.id === id)?.fields?.length ?? 0) > 0);
  const [x, y, z] = ids;
  assert.ok(x && y && z, `three boxes on screen: ${ids}`);

  // A renames a box: B sees it.
  await rename(a.page, x, 'renamed_by_ana');
  await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === x)?.name === 'renamed_by_ana');
  await b.page.locator('[data-testid="entity"][data-name="renamed_by_ana"]').waitFor();

  // B adds a field: A sees it.
  const fieldsBefore = start.entities.find((e) => e.id === z).fields.length;
  await b.page.locator(`[data-testid="entity"][data-id="${z}"]`).click({ position: { x: 30, y: 12 } });
  await b.page.getByTestId('tab-inspector').click();
  await b.page.getByTestId('add-field').click();
  await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === z).fields.length === fieldsBefore + 1);

  // B's pointer and selection show on A's canvas, with B's name.
  const zBox = await b.page.locator(`[data-testid="entity"][data-id="${z}"]`).boundingBox();
  await b.page.mouse.move(zBox.x + 40, zBox.y + 60, { steps: 5 });
  await b.page.mouse.move(zBox.x + 60, zBox.y + 70, { steps: 5 });
  const pointer = a.page.getByTestId('peer-pointer');
  await pointer.waitFor();
  assert.equal((await pointer.textContent()).trim(), 'Bo');
  // Where B points on the diagram, relative to the box: the same place on A's screen.
  const zOnA = await a.page.locator(`[data-testid="entity"][data-id="${z}"]`).boundingBox();
  const scale = zOnA.width / zBox.width;
  const expected = { x: zOnA.x + 60 * scale, y: zOnA.y + 70 * scale };
  let shown;
  for (let i = 0; i < 50; i++) {
    shown = await pointer.boundingBox();
    if (Math.abs(shown.x - expected.x) < 6 && Math.abs(shown.y - expected.y) < 6) break;
    await a.page.waitForTimeout(100);
  }
  assert.ok(Math.abs(shown.x - expected.x) < 6 && Math.abs(shown.y - expected.y) < 6, `B's pointer at ${JSON.stringify(shown)} on A's screen, expected ${JSON.stringify(expected)}`);
  await a.page.getByTestId('peer-selection').first().waitFor();
  await sideBySide('collab-presence', a.page, b.page);

  // Both edit different boxes at once.
  await Promise.all([rename(a.page, y, 'ana_at_once'), rename(b.page, z, 'bo_at_once')]);
  const both = await converged([a.page, b.page], (m) => {
    const names = m.entities.map((e) => e.name);
    return names.includes('ana_at_once') && names.includes('bo_at_once');
  });
  assert.equal(both.entities.find((e) => e.id === x).name, 'renamed_by_ana');
  await sideBySide('collab-converged', a.page, b.page);

  // Ctrl+Z in A undoes A's last edit only (B's rename stays).
  const yName = start.entities.find((e) => e.id === y).name;
  await a.page.locator('footer.status').click();
  await a.page.keyboard.press('Control+z');
  const undone = await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === y).name === yName);
  assert.equal(undone.entities.find((e) => e.id === z).name, 'bo_at_once', "B's edit stays");
  assert.equal(undone.entities.find((e) => e.id === x).name, 'renamed_by_ana', "A's earlier edit stays");
  await a.page.keyboard.press('Control+Shift+z');
  await converged([a.page, b.page], (m) => m.entities.find((e) => e.id === y).name === 'ana_at_once');

  // B types in an input while A's edit arrives: B keeps the focus and every character.
  const typing = b.page.getByTestId('entity-name');
  await typing.click();
  await typing.press('End');
  for (const ch of '_typed') {
    await typing.press(ch);
    if (ch === 'y') await rename(a.page, x, 'while_bo_types');
    await b.page.waitForTimeout(40);
  }
  await b.page.waitForFunction(() => document.querySelector('[data-testid="entity"][data-name="while_bo_types"]'));
  assert.equal(await b.page.evaluate(() => document.activeElement?.dataset.testid), 'entity-name', 'B still types in the same input');
  assert.equal(await typing.inputValue(), 'bo_at_once_typed');
  await converged([a.page, b.page], (m) => {
    const names = m.entities.map((e) => e.name);
    return names.includes('bo_at_once_typed') && names.includes('while_bo_types');
  });
  await typing.press('Tab');

  // B leaves: A's list and canvas lose B.
  await b.page.getByTestId('together-leave').click();
  await a.page.waitForFunction(() => !document.querySelector('[data-testid="together-peer"]') && !document.querySelector('[data-testid="peer-pointer"]'));
  assert.match(await status(a.page).textContent(), /Live · only you/);
  // B keeps the design as its own, in My designs, and edits it alone now.
  assert.match(await b.page.getByTestId('notice').textContent(), /You left the room/);
  assert.equal(await b.page.evaluate(() => location.hash), '');
  const kept = await model(b.page);
  assert.ok(kept.entities.some((e) => e.name === 'bo_at_once_typed'));
  await a.context.close();
  await b.context.close();
});

test('closing the tab takes the person out of the room', async () => {
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const b = await person('Bo', link);
  await waitLive(b.page);
  const box = await b.page.getByTestId('canvas').boundingBox();
  await b.page.mouse.move(box.x + 200, box.y + 200, { steps: 4 });
  await a.page.getByTestId('peer-pointer').waitFor();
  await b.context.close();
  await a.page.waitForFunction(() => !document.querySelector('[data-testid="peer-pointer"]'), null, { timeout: 60000 });
  await a.page.waitForFunction(() => !document.querySelector('[data-testid="together-peer"]'));
  await a.context.close();
});

test('the name given for a comment is the name the others see in the room', async () => {
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const b = await person(null, link);
  await waitLive(b.page);
  await a.page.getByTestId('together-peer-name').filter({ hasText: /^Guest \d+$/ }).waitFor();
  // B comments on a box: the comments panel asks for a name, once.
  await entityBox(b.page, 'catalogo').locator('.entity-header').click({ button: 'right' });
  await b.page.getByTestId('menu-comment').click();
  await b.page.getByTestId('comment-text').fill('Why embed the reviews?');
  await b.page.getByTestId('comment-author').fill('Bea');
  await b.page.getByTestId('comment-post').click();
  // A sees B under that name, without a reload.
  await a.page.getByTestId('together-peer-name').filter({ hasText: 'Bea' }).waitFor({ timeout: 10000 });
  assert.deepEqual(await a.page.getByTestId('together-peer-name').filter({ hasText: /^Guest \d+$/ }).count(), 0);
  for (const p of [a, b]) await p.context.close();
});

test('a room link that is cut or changed is refused and the design stays', async () => {
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const key = link.split('key=')[1];
  const wrong = link.replace(`key=${key}`, `key=${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`);
  for (const [url, lang, message] of [
    [wrong, 'en', 'This room link is not valid'],
    [link.replace(/&key=.*/, ''), 'es', 'Este enlace de sala no es válido'],
    [wrong, 'pt', 'Este link de sala não é válido'],
  ]) {
    const c = await person('Cy');
    await chooseLanguage(c.page, lang);
    const before = await c.page.getByTestId('model-name').inputValue();
    await c.page.evaluate((u) => (location.href = u), url);
    await c.page.getByTestId('notice').filter({ hasText: message }).waitFor();
    assert.equal(await c.page.getByTestId('model-name').inputValue(), before, 'the design is not replaced');
    assert.equal(await c.page.getByTestId('together-banner').count(), 0, 'not in a room');
    if (lang === 'en') await c.page.screenshot({ path: join(OUTPUT, 'collab-refused.png') });
    await c.context.close();
  }
  await a.context.close();
});

test('hostile names reach the others as text', async () => {
  const hostile = ['<img src=x onerror="window.pwned=1">', '\u202Eevil\u202C "quoted" \u2067x', '<script>window.pwned=2</script>'];
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const others = [];
  for (const name of hostile.slice(0, 2)) others.push(await person(name, link));
  for (const o of others) await waitLive(o.page);
  // The third person renames themself in the link dialog.
  const c = others[1];
  await c.page.getByTestId('together-invite').click();
  await c.page.getByTestId('together-name').fill(hostile[2]);
  await c.page.getByTestId('together-name').press('Enter');
  await c.page.getByTestId('together-close').click();
  const names = a.page.getByTestId('together-peer-name');
  await a.page.waitForFunction((n) => document.querySelectorAll('[data-testid="together-peer-name"]').length === n, 2);
  await a.page.getByTestId('together-peer-name').filter({ hasText: '<script>' }).waitFor();
  const shown = await names.allTextContents();
  assert.deepEqual(shown.sort(), [hostile[0], hostile[2]].sort());
  for (const o of others) {
    const box = await o.page.getByTestId('canvas').boundingBox();
    await o.page.mouse.move(box.x + 150 + 100 * others.indexOf(o), box.y + 150, { steps: 4 });
  }
  await a.page.waitForFunction(() => document.querySelectorAll('[data-testid="peer-pointer"]').length === 2);
  assert.equal(await a.page.locator('.together-banner img, .together-banner script, .peer-pointer img').count(), 0);
  assert.equal(await a.page.evaluate(() => window.pwned ?? null), null);
  // Three people: "Live · 3 people".
  assert.match(await status(a.page).textContent(), /Live · 3 people/);
  await a.page.screenshot({ path: join(OUTPUT, 'collab-hostile-names.png') });
  for (const p of [a, ...others]) await p.context.close();
});

test('the server stops while both edit: both keep editing and converge when it is back', async () => {
  const a = await person('Ana');
  const link = await startRoom(a.page);
  await a.page.getByTestId('together-close').click();
  const b = await person('Bo', link);
  await waitLive(a.page);
  await waitLive(b.page);
  const start = await converged([a.page, b.page]);
  const [x, y] = (await boxIds(a.page)).filter((id) => start.entities.some((e) => e.id === id));

  // Stop the server (as a crash would).
  process.kill(Number(process.env.SYNC_PID), 'SIGKILL');
  for (const p of [a.page, b.page]) {
    await p.waitForFunction(() => document.querySelector('[data-testid="together-status"]')?.dataset.state === 'offline');
    assert.match(await status(p).textContent(), /Offline — your edits are kept/);
  }
  await rename(a.page, x, 'offline_ana');
  await rename(b.page, y, 'offline_bo');
  await sideBySide('collab-offline', a.page, b.page);

  restarted = await startSync({ port: Number(process.env.SYNC_PORT), data: process.env.SYNC_DATA });
  await waitLive(a.page);
  await waitLive(b.page);
  const merged = await converged([a.page, b.page], (m) => {
    const names = m.entities.map((e) => e.name);
    return names.includes('offline_ana') && names.includes('offline_bo');
  }, 30000);
  assert.equal(merged.entities.length, start.entities.length);
  await sideBySide('collab-back-online', a.page, b.page);
  await a.context.close();
  await b.context.close();
});

test('the room worker is loaded only when a room starts, never with the page', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((sync) => localStorage.setItem('docshape.sync', sync), SYNC_URL);
  const page = await context.newPage();
  watchErrors(page);
  const asked = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="entity"]');
  // The export worker is fetched once the browser is idle after the first paint: wait for it.
  await page.waitForTimeout(2500);
  assert.deepEqual(asked.filter((u) => /docshape-collab/.test(u)), [], 'nothing of the room worker at start');
  await page.getByTestId('action-together').click();
  await waitLive(page);
  assert.ok(asked.some((u) => /docshape-collab_bg-[0-9a-f]{16}\.wasm$/.test(u)), `the room worker's wasm once a room starts: ${asked.filter((u) => /collab/.test(u))}`);
  await context.close();
});
