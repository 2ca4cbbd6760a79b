// The teacher's journey: a workshop on a projector. In Spanish, at 1280×720 with a device scale
// of 1.5 (and again at 1920×1080): open BiblioRed, collapse both panels, read the field text
// from the back of the room, no sideways scroll in any language, then step through the
// presentation with the diagram beside each slide, framed on its element, every word in
// Spanish, long slides visibly continued; leave it.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE_URL, screenshot, fieldTextPx, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function openProjector(viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1.5, locale: 'es-ES' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(BASE_URL);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0);
  return { context, page, errors };
}

const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Boxes drawn inside the canvas with a nonzero size, and the canvas' own size. */
const visibleBoxes = (page, selector = '[data-testid="entity"]', line = false) =>
  page.evaluate(([selector, line]) => {
    const c = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    const inside = [...document.querySelectorAll(selector)].filter((el) => {
      const r = el.getBoundingClientRect();
      const sized = line ? r.width + r.height > 1 : r.width > 1 && r.height > 1;
      return sized && r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom;
    });
    return { canvas: { w: c.width, h: c.height }, count: inside.length };
  }, [selector, line]);

/** Whether every box matching `selector` lies wholly inside the canvas, and the share of the
 * canvas their union covers (0..1, the larger of width and height). */
const framed = (page, selector) =>
  page.evaluate((selector) => {
    const c = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    const rs = [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
    if (!rs.length) return { count: 0, inside: false, cover: 0 };
    const u = {
      l: Math.min(...rs.map((r) => r.left)),
      r: Math.max(...rs.map((r) => r.right)),
      t: Math.min(...rs.map((r) => r.top)),
      b: Math.max(...rs.map((r) => r.bottom)),
    };
    const inside = u.l >= c.left - 1 && u.r <= c.right + 1 && u.t >= c.top - 1 && u.b <= c.bottom + 1;
    return { count: rs.length, inside, cover: Math.max((u.r - u.l) / c.width, (u.b - u.t) / c.height) };
  }, selector);

// Words that only English has: a Spanish slide with one of them is half-translated.
const ENGLISH = /\b(the|and|with|because|which|when|each|every|one document|reads?|writes?|embed|reference|cardinality|volatility|growth|size|atomicity|access patterns|collections|relations)\b/i;

async function collapseAndMeasure(page, tag) {
  // Both panels open (a first visit at 1280×720 folds the access patterns so the diagram reads:
  // the teacher opens them): nothing scrolls sideways, in any language, with an aggregate
  // inspected.
  if ((await page.getByTestId('toggle-panel-left').getAttribute('aria-expanded')) === 'false') await page.getByTestId('toggle-panel-left').click();
  await page.locator('[data-testid="entity"][data-name="catalogo"]').click();
  await page.getByTestId('entity-inspector').waitFor();
  for (const lang of ['en', 'pt', 'es']) {
    await chooseLanguage(page, lang);
    assert.ok((await sideways(page)) <= 0, `${lang}: the page scrolls sideways by ${await sideways(page)} px`);
    const clipped = await page.evaluate(() => {
      const side = document.querySelector('.side').getBoundingClientRect();
      return [...document.querySelectorAll('.side input, .side select, .toolbar select, .toolbar button')]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .filter((el) => el.getBoundingClientRect().right > Math.min(window.innerWidth, el.closest('.side') ? side.right : Infinity) + 0.5)
        .map((el) => el.outerHTML.slice(0, 80));
    });
    assert.deepEqual(clipped, [], `${lang}: controls cut off at the right edge`);
  }
  await screenshot(page, `teacher-${tag}-1-panels-open`);
  await page.keyboard.press('Escape');

  // Collapse: the left panel with its button, the right one with its key.
  const left = page.getByTestId('toggle-panel-left');
  assert.equal(await left.getAttribute('aria-expanded'), 'true');
  assert.ok((await left.getAttribute('aria-label')).length > 10, 'the toggle says what it does');
  await left.click();
  await page.keyboard.press(']');
  await page.getByTestId('queries').waitFor({ state: 'hidden' });
  await page.locator('.side').waitFor({ state: 'hidden' });
  assert.equal(await left.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('f');
  await page.waitForTimeout(100);
  const boxes = await visibleBoxes(page);
  const width = page.viewportSize().width;
  assert.ok(boxes.canvas.w >= width - 2, `the canvas takes the width (${boxes.canvas.w} of ${width})`);
  assert.ok(boxes.count >= 3, `boxes on screen: ${boxes.count}`);
  const text = await fieldTextPx(page);
  console.log(`${tag}: field text ${text.min.toFixed(1)} px on screen (${text.count} fields), zoom ${await page.getByTestId('zoom').innerText()}`);
  assert.ok(text.count > 10 && text.min >= 11, `field text is ${text.min.toFixed(1)} px`);
  assert.ok((await sideways(page)) <= 0);
  await screenshot(page, `teacher-${tag}-2-panels-collapsed`);

  // Remembered across a reload.
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0);
  assert.ok(!(await page.getByTestId('queries').isVisible()), 'still collapsed after a reload');
  assert.equal(await page.getByTestId('toggle-panel-right').getAttribute('aria-expanded'), 'false');
}

async function present(page, tag, { expectContinuation }) {
  await page.keyboard.press('p');
  const slide = page.getByTestId('slide');
  await slide.waitFor();
  const count = await page.getByTestId('slide-count').innerText();
  const total = Number(count.split('/')[1]);
  assert.ok(total > 10, `slides: ${count}`);
  let continued = 0;
  let relationSlides = 0;
  for (let i = 1; i <= total; i++) {
    await page.waitForFunction((i) => document.querySelector('[data-testid="slide-count"]').innerText.startsWith(`${i} /`), i);
    await page.waitForTimeout(60);
    const words = await slide.innerText();
    assert.doesNotMatch(words, ENGLISH, `slide ${i} is not all Spanish: ${words}`);
    const boxes = await visibleBoxes(page);
    assert.ok(boxes.canvas.w > 300 && boxes.canvas.h > 200, `slide ${i}: the canvas is ${boxes.canvas.w}×${boxes.canvas.h}`);
    assert.ok(boxes.count > 0, `slide ${i}: no box in view`);
    const onRelation = (await page.locator('[data-testid="relation"].selected').count()) > 0;
    if (onRelation) {
      relationSlides++;
      const f = await framed(page, '[data-testid="entity"].selected');
      assert.equal(f.count, 2, `slide ${i}: both ends of the relation are highlighted`);
      assert.ok(f.inside && f.cover > 0.35, `slide ${i}: the relation is framed (${JSON.stringify(f)})`);
      assert.ok((await visibleBoxes(page, '[data-testid="relation"].selected .line', true)).count >= 1, 'the arrow is in view');
    } else if (i > 1) {
      const f = await framed(page, '[data-testid="entity"].highlighted');
      assert.ok(f.count > 0 && f.inside, `slide ${i}: the query's boxes are highlighted and framed (${JSON.stringify(f)})`);
    }
    if (i === 1 || i === 2 || (onRelation && relationSlides === 1)) await screenshot(page, `teacher-${tag}-3-slide-${i}`);
    // A slide longer than its column says so, and → shows the rest before moving on.
    const more = page.getByTestId('more-below');
    if (await more.isVisible()) {
      continued++;
      if (continued === 1) await screenshot(page, `teacher-${tag}-4-more-below`);
      const before = await page.getByTestId('slide-lines').evaluate((el) => el.scrollTop);
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(60);
      assert.ok((await page.getByTestId('slide-lines').evaluate((el) => el.scrollTop)) > before, 'the rest of the slide scrolls in');
      assert.ok((await page.getByTestId('slide-count').innerText()).startsWith(`${i} /`), 'still on the same slide');
      for (let n = 0; (await more.isVisible()) && n < 20; n++) {
        await page.keyboard.press('ArrowRight');
        await page.waitForTimeout(120);
      }
      assert.ok(!(await more.isVisible()), 'the end of the slide is reached');
      if (continued === 1) await screenshot(page, `teacher-${tag}-5-rest-of-slide`);
    }
    if (i < total) await page.keyboard.press('ArrowRight');
  }
  console.log(`${tag}: ${total} slides, ${relationSlides} decisions, ${continued} continued below`);
  assert.ok(relationSlides >= 3);
  if (expectContinuation) assert.ok(continued > 0, 'at this size some decision slide runs longer than its column');
  await page.keyboard.press('Escape');
  await slide.waitFor({ state: 'detached' });
  assert.ok(!(await page.getByTestId('queries').isVisible()), 'the panels stay as the teacher left them');
  assert.ok((await visibleBoxes(page)).count >= 3);
  await screenshot(page, `teacher-${tag}-6-after`);
}

test('a teacher projects BiblioRed in Spanish at 1280×720 (device scale 1.5) and presents it', async () => {
  const { page, context, errors } = await openProjector({ width: 1280, height: 720 });
  await collapseAndMeasure(page, '1280');
  await present(page, '1280', { expectContinuation: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the same workshop at 1920×1080', async () => {
  const { page, context, errors } = await openProjector({ width: 1920, height: 1080 });
  await collapseAndMeasure(page, '1920');
  await present(page, '1920', { expectContinuation: false });
  assert.deepEqual(errors, []);
  await context.close();
});
