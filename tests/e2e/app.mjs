// Page object for docshape's browser specs: launches Debian's Chromium through
// playwright-core and offers the app's stable data-testid hooks.
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'output');
const AXE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', 'axe-core', 'axe.min.js');
export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8091/';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: FLAGS });
}

/**
 * A context whose first page load finds `model` (a model file's text) as the autosaved model,
 * as a returning user would: the benchmarks open generated models this way.
 */
export async function seededContext(browser, model, viewport = { width: 1600, height: 1000 }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((text) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('docshape.model', text);
      sessionStorage.setItem('seeded', '1');
    }
  }, model);
  return context;
}

/** The text saved for the design this page shows (`null` before its first save). */
export const savedModel = (page) =>
  page.evaluate(() => {
    const id = sessionStorage.getItem('docshape.tab.design');
    if (!id) return null;
    return localStorage.getItem(id === 'legacy' ? 'docshape.model' : `docshape.design.${id}`);
  });

/** The saved designs' entries (My designs), as stored. */
export const savedDesigns = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('docshape.designs') ?? '{"designs":[]}').designs);

/** What a Rust panic in the wasm app prints (the panic hook's message, then the trap). */
const PANIC = /panicked at|RuntimeError|already disposed|unreachable/i;

/**
 * Throws when the page reported an uncaught exception (`pageerror`) or printed a panic or a
 * wasm trap to the console. Every page `openApp` opens is checked after each test (below), so
 * a spec fails on a panic even when it does not look at `errors`.
 */
export function assertNoPanic(errors) {
  const panics = [...(errors.pageErrors ?? []), ...errors.filter((e) => PANIC.test(e))];
  if (panics.length) {
    throw new Error(`the app panicked or threw:\n${[...new Set(panics)].join('\n')}`);
  }
}

/** The error lists of the pages opened during the current test. */
const opened = [];

// Under `node --test` (run.mjs), check every page opened by a test when the test ends.
if (process.env.NODE_TEST_CONTEXT) {
  const { afterEach } = await import('node:test');
  afterEach(() => {
    const lists = opened.splice(0);
    for (const errors of lists) assertNoPanic(errors);
  });
}

/** Records a page's console errors and uncaught exceptions in a list `assertNoPanic` reads. */
export function watchErrors(page) {
  const errors = [];
  // Not enumerable, so a spec can still assert `deepStrictEqual(errors, [])`.
  Object.defineProperty(errors, 'pageErrors', { value: [], enumerable: false });
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => {
    errors.push(String(err));
    errors.pageErrors.push(`pageerror: ${err}`);
  });
  opened.push(errors);
  return errors;
}

/** Opens the app in a fresh context (empty storage) and records console errors. */
export async function openApp(
  browser,
  { url = BASE_URL, viewport = { width: 1440, height: 900 }, colorScheme = 'light', contextOptions = {} } = {},
) {
  const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true, ...contextOptions });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await page.waitForSelector('[data-testid="canvas"]');
  return { context, page, errors };
}

/** When the first render is painted: the app fits the diagram on start and renders what is on
 * screen (culling), so wait until the number of boxes in the DOM is stable across two frames and
 * take the next frame's time (ms since navigation) and the boxes drawn. */
export async function firstRender(page) {
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length > 0, null, { timeout: 120000 });
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = -1;
        const tick = () => {
          const count = document.querySelectorAll('[data-testid="entity"]').length;
          if (count === last) {
            requestAnimationFrame(() => resolve({ firstPaint: performance.now(), drawn: count }));
          } else {
            last = count;
            requestAnimationFrame(tick);
          }
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** The on-screen size (CSS px) of the field text: its font size times the canvas zoom, read from
 * the rectangle the browser draws for it against its untransformed layout height. */
export const fieldTextPx = (page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    const sizes = [...document.querySelectorAll('[data-testid="entity"] .fname')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= canvas.left && r.right <= canvas.right && r.top >= canvas.top && r.bottom <= canvas.bottom;
      })
      .map((el) => (parseFloat(getComputedStyle(el).fontSize) * el.getBoundingClientRect().height) / el.offsetHeight);
    return { count: sizes.length, min: Math.min(...sizes) };
  });

/**
 * Waits until the service worker has kept this release (it is active: its install fetched every
 * file) and controls the page, so the app works offline from here on.
 */
export async function offlineReady(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  });
}

export const entityBox = (page, name) => page.locator(`[data-testid="entity"][data-name="${name}"]`);

export async function screenshot(page, name) {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`) });
}

/** Starts a blank model through the New dialog. */
export async function newBlank(page) {
  await page.getByTestId('action-new').click();
  await page.getByTestId('template-blank').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="entity"]').length === 0);
}

/** The number of boxes in the design, from the status bar ("3 collections · 6 boxes · …", in
 * every language): the canvas draws only the boxes on screen, and adding one at a distant zoom
 * zooms in on it, so counting the boxes drawn undercounts. */
export const boxCount = (page) =>
  page.evaluate(() => {
    const counts = document.querySelector('footer.status > span')?.textContent ?? '';
    return Number((counts.split(' · ')[1] ?? '').replace(/\D/g, ''));
  });

/** Adds an aggregate with the toolbar and leaves in-place renaming. */
export async function addAggregate(page) {
  const before = await boxCount(page);
  await page.getByTestId('action-add-entity').click();
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    (n) => Number(((document.querySelector('footer.status > span')?.textContent ?? '').split(' · ')[1] ?? '').replace(/\D/g, '')) === n,
    before + 1,
  );
}

/** Drags from the connection handle of one box to the middle of another. */
export async function connect(page, fromName, toName) {
  const from = entityBox(page, fromName);
  await from.hover();
  const handle = await from.locator('.handle').boundingBox();
  const target = await entityBox(page, toName).boundingBox();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}

/**
 * Chooses the interface language `lang` in the toolbar and waits until the interface is in it
 * (Spanish and Portuguese are fetched first, `src/ui/texts.rs`: the switch is not immediate).
 */
export async function chooseLanguage(page, lang) {
  await page.getByTestId('language').selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/** The share link of the design in `page`, through the Share button and the clipboard (the
 * context must grant clipboard-read and clipboard-write). */
export async function shareLink(page) {
  await page.getByTestId('action-share').click();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));
  return page.evaluate(() => navigator.clipboard.readText());
}

export const findings = (page, code) => page.locator(`[data-testid="finding"][data-code="${code}"]`);

/** The boxes of the design on screen, from the status line ("6 boxes"): the canvas draws only
 * the boxes on screen, so counting them would miss one added out of view. */
export const shownBoxes = (page) =>
  page.evaluate(() => Number(/(\d+) box/.exec(document.querySelector('footer.status span').innerText)?.[1] ?? -1));

/** Waits until the status line counts `n` boxes. */
export const boxesAre = (page, n) =>
  page.waitForFunction((n) => new RegExp(`\\b${n} box`).test(document.querySelector('footer.status span').innerText), n);

/** The serious and critical violations axe-core finds on the page now (all of them are written
 * to tests/output/a11y-NAME.json). */
export async function seriousViolations(page, name) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  writeFileSync(join(OUTPUT, `a11y-${name}.json`), JSON.stringify(found, null, 2));
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
