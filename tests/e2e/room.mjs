// Page object of "Edit together" for the browser specs: people (each a fresh browser context
// with a name, pointed at a sync server by its own setting, localStorage `docshape.sync`, as a
// person would point one browser at another server), rooms, and waiting for the designs to
// converge. Used by collab.spec.mjs and collab-trust.spec.mjs.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { watchErrors, savedModel, OUTPUT, BASE_URL } from './app.mjs';

export const SYNC_URL = process.env.SYNC_URL;
export const VIEWPORT = { width: 1280, height: 720 };

/**
 * A person: a fresh browser context with a name (`null`: none yet), pointed at `sync` (the
 * test's sync server unless told), with `init` run in every page before the app (more storage).
 */
export async function person(browser, name, url = BASE_URL, { sync = SYNC_URL, colour = null, permissions = [] } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  if (permissions.length) await context.grantPermissions(permissions);
  await context.addInitScript(
    ([sync, name, colour]) => {
      localStorage.setItem('docshape.sync', sync);
      if (name !== null) localStorage.setItem('docshape.name', name);
      if (colour !== null) localStorage.setItem('docshape.colour', colour);
    },
    [sync, name, colour],
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  page.on('dialog', (d) => {
    errors.push(`a dialog opened: ${d.message()}`);
    d.dismiss();
  });
  await page.goto(url);
  await page.waitForSelector('[data-testid="canvas"]');
  return { context, page, errors };
}

/** The design this page shows, as it saved it (the serialised model). */
export const model = async (page) => JSON.parse((await savedModel(page)) ?? 'null');

export const status = (page) => page.getByTestId('together-status');

export async function waitLive(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="together-status"]')?.dataset.state === 'live', null, { timeout: 20000 });
}

/** Waits until every page saved the same design, and returns it. */
export async function converged(pages, check = () => true, timeout = 20000) {
  const end = Date.now() + timeout;
  let models = [];
  while (Date.now() < end) {
    models = await Promise.all(pages.map(model));
    const same = models.every((m) => m && JSON.stringify(m) === JSON.stringify(models[0]));
    if (same && check(models[0])) return models[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the designs did not converge:\n${models.map((m) => JSON.stringify(m?.entities?.map((e) => [e.name, e.fields?.length]))).join('\n')}`);
}

/** Starts a room in `page`; returns the link from the dialog. */
export async function startRoom(page) {
  await page.getByTestId('action-together').click();
  const dialog = page.getByTestId('together-dialog');
  await dialog.waitFor();
  const link = await page.getByTestId('together-link').inputValue();
  assert.match(link, /#room=[0-9a-f]{32}&key=[A-Za-z0-9_-]{43}$/);
  assert.equal(await page.evaluate(() => location.href), link, 'the address bar holds the link');
  assert.match(await dialog.textContent(), /Whoever has this link can edit/);
  return link;
}

/** Renames box `id` through the inspector. */
export async function rename(page, id, name) {
  await page.locator(`[data-testid="entity"][data-id="${id}"]`).click({ position: { x: 30, y: 12 } });
  await page.getByTestId('tab-inspector').click();
  const input = page.getByTestId('entity-name');
  await input.fill(name);
  await input.press('Tab');
}

/** Two screenshots side by side in one image (A left, B right). */
export async function sideBySide(browser, name, left, right) {
  const shots = await Promise.all([left, right].map(async (p) => (await p.screenshot()).toString('base64')));
  const sheet = await browser.newPage({ viewport: { width: 2 * VIEWPORT.width + 10, height: VIEWPORT.height } });
  await sheet.setContent(
    `<body style="margin:0;background:#333;display:flex;gap:10px">${shots.map((s) => `<img src="data:image/png;base64,${s}">`).join('')}</body>`,
  );
  await sheet.screenshot({ path: join(OUTPUT, `${name}.png`) });
  await sheet.close();
}
