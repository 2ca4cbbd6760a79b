// Page object for docshape's browser specs: launches Debian's Chromium through
// playwright-core and offers the app's stable data-testid hooks.
import { chromium } from 'playwright-core';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'output');
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

/** Opens the app in a fresh context (empty storage) and records console errors. */
export async function openApp(browser, { url = BASE_URL, viewport = { width: 1440, height: 900 }, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(url);
  await page.waitForSelector('[data-testid="canvas"]');
  return { context, page, errors };
}

export const entityBox = (page, name) => page.locator(`[data-testid="entity"][data-name="${name}"]`);

export async function screenshot(page, name) {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`) });
}
