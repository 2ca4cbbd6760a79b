// The Scale view (issue 35), at 1280×720: a design whose readings outgrow one replica set
// (tests/fixtures/scale/telemetry.json: 1.2 million smart meters, a reading every 15 minutes,
// kept 400 days) shows the figures against one replica set, the recommended shard key with its
// reasons and the access patterns that go to every shard; the box carries a "Sharded" badge with
// the key; presentation mode has the key's slide; the focus comes back where it was. The demo
// design needs no sharding: the view says so, and no box has a badge.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, chooseLanguage, launch, openApp, screenshot, entityBox, watchErrors } from './app.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VIEWPORT = { width: 1280, height: 720 };
const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const TELEMETRY = readFileSync(join(ROOT, 'tests', 'fixtures', 'scale', 'telemetry.json'));

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const focused = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);

/** The serious and critical violations axe finds inside `selector`. */
async function violations(page, selector) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (sel) => {
    const result = await window.axe.run(document.querySelector(sel), { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  }, selector);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).join(' | ')}`);
}

/** Whether two boxes (getBoundingClientRect) overlap. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a design that outgrows one replica set: the Scale view, the badge, the slide, the focus', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.getByTestId('open-file').setInputFiles({ name: 'telemetry.json', mimeType: 'application/json', buffer: TELEMETRY });
  await page.waitForFunction(() => document.querySelector('[data-testid="model-name"]').value === 'Device telemetry');
  const readings = entityBox(page, 'readings');
  await readings.waitFor();

  // The badge: on the readings box only, "Sharded" and the key in words, named for a screen reader.
  const badge = readings.getByTestId('shard-badge');
  await badge.waitFor();
  assert.equal(await page.getByTestId('shard-badge').count(), 1, 'only the readings are sharded');
  const badgeKey = await badge.locator('code').innerText();
  assert.match((await badge.textContent()).replace(/\s+/g, ' '), /^Sharded \{ device_id/);
  const badgeName = await badge.getAttribute('aria-label');
  assert.ok(badgeName.startsWith(`Sharded ${badgeKey}`), badgeName);
  assert.match(badgeName, /shard key/);
  // It sits on the box's top edge: not over the name, the size badge or a field row, and not
  // out beyond the box's sides (where an arrow would be read into it).
  const geometry = await readings.evaluate((box) => {
    const r = (el) => el.getBoundingClientRect().toJSON();
    return {
      box: r(box),
      badge: r(box.querySelector('.shard-badge')),
      name: r(box.querySelector('.entity-name')),
      size: r(box.querySelector('[data-testid="size-badge"]')),
      fields: [...box.querySelectorAll('li.field')].map(r),
    };
  });
  assert.ok(!overlap(geometry.badge, geometry.name), 'the badge covers the box name');
  assert.ok(!overlap(geometry.badge, geometry.size), 'the badge covers the size badge');
  assert.ok(geometry.fields.every((f) => !overlap(geometry.badge, f)), 'the badge covers a field');
  assert.ok(geometry.badge.x >= geometry.box.x && geometry.badge.x + geometry.badge.width <= geometry.box.x + geometry.box.width, 'the badge stays within the box width');
  assert.ok(geometry.badge.y < geometry.box.y && geometry.badge.y + geometry.badge.height > geometry.box.y, 'the badge sits on the top edge');

  // The toolbar button says what the view is and its key.
  assert.equal(await page.getByTestId('action-scale').getAttribute('title'), 'Scale: when one replica set is not enough (S)');

  // Opened by keyboard, from the canvas: the focus goes to the view's heading.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('s');
  const view = page.getByTestId('scale-view');
  await view.waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'scale-title');
  assert.equal(await page.getByTestId('action-scale').getAttribute('aria-pressed'), 'true');
  assert.match(await page.getByTestId('scale-verdict').innerText(), /^To shard by the horizon \(5 years\): readings\. One replica set is enough for the others\.$/);

  const section = view.locator('[data-testid="scale-collection"][data-entity="reading"]');
  assert.equal(await view.getByTestId('scale-collection').count(), 1);
  assert.match(await section.getByTestId('scale-why').innerText(), /^Outgrows one replica set already: a working set of [\d.]+ TB at the horizon/);
  // The key, the same as on the badge.
  const key = await section.getByTestId('scale-key').innerText();
  assert.equal(key, badgeKey);
  assert.match(key, /device_id/);
  // Its reasons: the six criteria, each with its fit and reason.
  const votes = await section.getByTestId('scale-votes').locator('li').allInnerTexts();
  assert.equal(votes.length, 6, votes.join(' | '));
  assert.match(votes[0], /^Cardinality: (good|weak|poor) — /);
  // The patterns: reading a meter and recording a reading are targeted; the alerting scan over
  // all companies (by status and time) goes to every shard.
  const reach = async (q) => section.locator(`[data-testid="scale-pattern"][data-query="${q}"]`).getAttribute('data-reach');
  assert.equal(await reach('R1'), 'targeted');
  assert.equal(await reach('R2'), 'targeted');
  assert.equal(await reach('R3'), 'every');
  assert.match(await section.locator('[data-query="R3"]').innerText(), /^Every shard R3 Tampered meters of the last hour, all companies \(alerting\) · 0% of its executions reach one shard$/);
  // The figures: the working set is over one node's RAM, said in words.
  const figures = section.getByTestId('scale-figures');
  const workingSet = figures.locator('tr', { hasText: 'Working set' });
  assert.match(await workingSet.innerText(), /over/);
  assert.match(await workingSet.innerText(), /RAM of an M60 node/);
  assert.doesNotMatch(await figures.locator('tr', { hasText: 'Writes a second' }).innerText(), /over/);
  // The others: one sentence each.
  const within = await view.getByTestId('scale-within').allInnerTexts();
  assert.equal(within.length, 2, within.join(' | '));
  for (const line of within) assert.match(line, /^(tenants|devices): .* at the horizon: one replica set holds it$/, line);

  assert.deepEqual(await violations(page, '[data-testid="scale-view"]'), [], 'axe in the Scale view');
  // Nothing in the view is wider than it (a key or a table cut off at its right edge).
  const spill = await view.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(spill <= 0, `the view scrolls sideways by ${spill}px`);
  await screenshot(page, 'scale-view');
  await view.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await screenshot(page, 'scale-view-end');

  // Escape closes it; the focus goes back to the canvas, where it was.
  await page.keyboard.press('Escape');
  await view.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'canvas');

  // The collection's name in the view frames it on the canvas.
  await page.keyboard.press('s');
  await view.waitFor();
  await section.locator('h3 button').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="entity"][data-name="readings"]')?.classList.contains('selected'));
  await screenshot(page, 'scale-badge');

  // Presentation from inside the view (the focus on its heading): the key's slide, then back.
  await page.getByTestId('scale-title').focus();
  await page.keyboard.press('p');
  const slide = page.getByTestId('slide');
  await slide.waitFor();
  let title = '';
  for (let i = 0; i < 60 && !/shard key/.test(title); i++) {
    await page.keyboard.press('ArrowRight');
    title = await slide.locator('h1').innerText();
  }
  assert.equal(title, `readings: shard key ${key}`);
  const lines = await slide.locator('li').allInnerTexts();
  assert.match(lines[0], /^Outgrows one replica set already: /);
  assert.match(lines[1], /R3 goes to several or every shard/);
  assert.ok(lines.some((l) => /^Cardinality: /.test(l)), lines.join(' | '));
  assert.match(lines.at(-1), /^Now: [\d.]+ GB of data, .* at the horizon \(5 years\): [\d.]+ TB of data/);
  // The slide frames the readings box, badge included.
  assert.ok(await readings.getByTestId('shard-badge').isVisible());
  await screenshot(page, 'scale-slide');
  await page.keyboard.press('Escape');
  await slide.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'scale-title');
  await context.close();
});

test('the demo design, in the dark theme: one replica set is enough, and no badge; in Spanish too', async () => {
  // Without a service worker, so every chunk is fetched by the page, seen from the start: the
  // view's code is a chunk of its own, fetched when the view first opens.
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', colorScheme: 'dark' });
  const page = await context.newPage();
  watchErrors(page);
  const fetched = [];
  page.on('request', (r) => /\/split_scale-[0-9a-f]{16}\.wasm$/.test(r.url()) && fetched.push(r.url()));
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="entity"] .fname');
  assert.equal(await page.getByTestId('shard-badge').count(), 0);
  assert.deepEqual(fetched, [], 'the Scale view is not fetched at start');
  await page.getByTestId('action-scale').click();
  const view = page.getByTestId('scale-view');
  await view.waitFor();
  assert.equal(fetched.length, 1, 'the Scale view comes in its chunk');
  assert.match(
    await page.getByTestId('scale-verdict').innerText(),
    /^One replica set is enough: no collection of this design outgrows it by the horizon \(5 years\)\.$/,
  );
  assert.equal(await view.getByTestId('scale-collection').count(), 0);
  const collections = await page.evaluate(() => document.querySelectorAll('[data-testid="entity"]').length);
  const within = await view.getByTestId('scale-within').allInnerTexts();
  assert.ok(within.length >= 1 && within.length <= collections, within.join(' | '));
  for (const line of within) assert.match(line, /one replica set holds it$/, line);
  // Opening the Comments panel closes the view (they take the same place).
  await page.getByTestId('action-comments').click();
  await view.waitFor({ state: 'detached' });
  await page.getByTestId('action-comments').click();
  await page.getByTestId('action-scale').click();
  await view.waitFor();
  assert.deepEqual(await violations(page, '[data-testid="scale-view"]'), [], 'axe in the Scale view (dark)');
  await screenshot(page, 'scale-none');
  // In Spanish: the verdict and the button's tooltip.
  await chooseLanguage(page, 'es');
  await page.waitForFunction(() => document.querySelector('[data-testid="scale-verdict"]')?.innerText.startsWith('Un replica set basta'));
  assert.match(await page.getByTestId('scale-verdict').innerText(), /^Un replica set basta: ninguna colección de este diseño lo supera antes del horizonte \(5 años\)\.$/);
  assert.equal(await page.getByTestId('action-scale').getAttribute('title'), 'Escala: cuando un replica set no basta (S)');
  await chooseLanguage(page, 'en');
  // Its close button: the focus goes back to the toolbar's button that opened it.
  await page.getByTestId('scale-close').click();
  await view.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'action-scale');
  assert.equal(await focused(page), 'action-scale');
  await context.close();
});
