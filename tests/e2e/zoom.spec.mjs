// Zoom (issue 33), at 1280×720: a Ctrl+wheel notch of a mouse is a step of about 1.1× (it was
// 2.7×: 41% to 112%), a trackpad pinch (many small ctrl+wheel events) zooms smoothly, Ctrl+0 is
// 100% and Ctrl+1 fits the diagram, and the zoom figure opens a menu of levels.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** The zoom figure, as a number (41 for "41%"). */
const zoom = async (page) => Number((await page.getByTestId('zoom').innerText()).replace(/\D/g, ''));
/** The drawn scale of the diagram: the world layer's transform. */
const scale = (page) =>
  page.evaluate(() => new DOMMatrix(getComputedStyle(document.querySelector('.world')).transform).a);

/** Sends a wheel event to the middle of the canvas. */
const wheel = (page, init) =>
  page.evaluate((init) => {
    const canvas = document.getElementById('canvas');
    const r = canvas.getBoundingClientRect();
    const ev = new WheelEvent('wheel', { bubbles: true, cancelable: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, ...init });
    canvas.dispatchEvent(ev);
  }, init);

test('a mouse notch zooms about 1.1×, a pinch stays smooth, Ctrl+0 is 100% and Ctrl+1 fits', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.waitForTimeout(300);
  const canvas = await page.getByTestId('canvas').boundingBox();
  const start = await scale(page);

  // A real mouse notch: Ctrl held, one wheel step of 100 px up.
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await page.waitForFunction((s) => new DOMMatrix(getComputedStyle(document.querySelector('.world')).transform).a !== s, start);
  const notch = (await scale(page)) / start;
  assert.ok(notch > 1.05 && notch < 1.15, `one notch zooms ${notch.toFixed(3)}×`);

  // Firefox's notch: 3 lines (deltaMode 1); zooms the same step.
  let before = await scale(page);
  await wheel(page, { deltaY: -3, deltaMode: 1, ctrlKey: true });
  const lines = (await scale(page)) / before;
  assert.ok(lines > 1.05 && lines < 1.15, `a notch in lines zooms ${lines.toFixed(3)}×`);

  // A pinch: 40 events of a couple of pixels each; every one a small step, together a real zoom.
  before = await scale(page);
  let last = before;
  let largest = 1;
  for (let i = 0; i < 40; i++) {
    await wheel(page, { deltaY: -2.5, ctrlKey: true });
    const now = await scale(page);
    largest = Math.max(largest, now / last);
    last = now;
  }
  assert.ok(largest < 1.03, `each pinch event moves the zoom a little: at most ${largest.toFixed(3)}×`);
  assert.ok(last / before > 2, `the pinch as a whole zoomed ${(last / before).toFixed(2)}×`);
  await screenshot(page, 'zoom-1-pinched');

  // Ctrl+0: 100%; Ctrl+1: the whole diagram, as F fits it.
  await page.getByTestId('canvas').focus();
  await page.keyboard.press('Control+0');
  assert.equal(await zoom(page), 100);
  assert.ok(Math.abs((await scale(page)) - 1) < 1e-6);
  await screenshot(page, 'zoom-2-100');
  await page.keyboard.press('Control+1');
  const fitted = await zoom(page);
  await page.keyboard.press('Control+0');
  await page.keyboard.press('f');
  assert.equal(await zoom(page), fitted, 'Ctrl+1 fits as F does');
  assert.notEqual(fitted, 100);
  await context.close();
});

test('the zoom figure opens a menu: fit, 50%, 100%, 200%, by pointer and by keyboard', async () => {
  const { page, context } = await openApp(browser, { viewport: VIEWPORT });
  await page.waitForTimeout(300);
  const fitted = await zoom(page);
  const figure = page.getByTestId('zoom');
  assert.match(await figure.getAttribute('title'), /Ctrl\+0.*Ctrl\+1/, 'its tooltip says the keys');
  await figure.click();
  const menu = page.getByTestId('zoom-menu');
  await menu.waitFor();
  assert.deepEqual(await menu.locator('[role="menuitem"] span').allInnerTexts(), ['Fit diagram to screen', '50%', '100%', '200%']);
  await screenshot(page, 'zoom-3-menu');
  await page.getByTestId('zoom-200').click();
  await menu.waitFor({ state: 'detached' });
  assert.equal(await zoom(page), 200);
  assert.ok(Math.abs((await scale(page)) - 2) < 1e-6);

  // The keyboard: Enter opens it with the first item focused, ↓ moves, Enter picks.
  await figure.focus();
  await page.keyboard.press('Enter');
  await menu.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'zoom-fit');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await zoom(page), 50);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'zoom', 'the focus is back on the figure');
  // Escape closes it without a change; "fit" fits.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  assert.equal(await zoom(page), 50);
  await figure.click();
  await page.getByTestId('zoom-fit').click();
  assert.equal(await zoom(page), fitted);
  await context.close();
});
