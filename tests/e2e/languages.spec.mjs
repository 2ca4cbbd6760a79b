// The Spanish and Portuguese texts are a data file fetched with the wasm, not part of it
// (src/i18n/fetched.rs): a visitor whose browser speaks Spanish sees Spanish from the first
// paint, the export worker writes in Spanish, the texts are kept offline, and a broken or
// missing texts file leaves the app working in English with a notice, the design untouched.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, offlineReady, watchErrors, BASE_URL, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const VIEWPORT = { width: 1280, height: 720 };

/**
 * Records the language switch's tooltip and the advisor tab's text the first time they are in
 * the page, before any later render could change them: what the first paint showed.
 */
const RECORD_FIRST_TEXTS = () => {
  const seen = () => {
    const select = document.querySelector('[data-testid="language"]');
    const tab = document.querySelector('[data-testid="tab-advisor"]');
    if (select && tab && !window.firstTexts) {
      window.firstTexts = { title: select.title, tab: tab.textContent, lang: document.documentElement.lang };
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

const demoBoxes = (page) => page.locator('[data-testid="entity"]').count();

test('a Spanish browser starts in Spanish from the first paint, exports in Spanish, and keeps it offline', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: VIEWPORT, contextOptions: { locale: 'es-ES' } });
  await page.addInitScript(RECORD_FIRST_TEXTS);
  await page.reload();
  await page.waitForSelector('[data-testid="entity"]');
  const first = await page.evaluate(() => window.firstTexts);
  assert.equal(first.title, 'Idioma de la interfaz', 'the first render is in Spanish');
  assert.match(first.tab, /Asesor/);
  assert.equal(await page.getByTestId('language').inputValue(), 'es');
  assert.equal(await page.getByTestId('notice').count(), 0, 'no notice');
  // The advisor's sentences, compiled in English only, are Spanish too.
  await page.getByTestId('tab-advisor').click();
  const finding = await page.locator('.findings li.finding .message').first().textContent();
  assert.doesNotMatch(finding, /\{[a-z_]+\}/);
  await screenshot(page, 'languages-es-start');

  // The export worker writes the review report in Spanish (it gets the texts with the request).
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: 'Informe de revisión' }).click();
  await page.waitForFunction(() => /Revisión del diseño/.test(document.querySelector('[data-testid="export-text"]')?.textContent ?? ''));
  assert.match(await page.getByTestId('export-text').innerText(), /colecciones · \d+ relaciones/);
  await screenshot(page, 'languages-es-report');
  await page.getByTestId('dialog-close').click();

  // Offline after this visit: the reload is in Spanish, from the kept texts file.
  await offlineReady(page);
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-testid="entity"]');
  assert.equal((await page.evaluate(() => window.firstTexts)).title, 'Idioma de la interfaz', 'offline, still Spanish');
  assert.equal(await page.getByTestId('notice').count(), 0);
  // Portuguese was never chosen here, yet the service worker kept its file too.
  await chooseLanguage(page, 'pt');
  assert.equal(await page.getByTestId('language').getAttribute('title'), 'Idioma da interface');
  await page.getByTestId('language').selectOption('es');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a broken or missing texts file: the app opens in English, says so, and keeps the design', async () => {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'pt-BR' });
  // A hostile answer in the place of the Portuguese texts: an HTML error page with a script.
  await context.route('**/i18n/pt.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '<html><script>window.hacked = 1</script>502</html>' }),
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="entity"]');
  assert.equal(await page.getByTestId('language').inputValue(), 'en', 'English, not half a language');
  const notice = await page.getByTestId('notice').innerText();
  assert.match(notice, /The interface in Português \(Brasil\) could not be loaded \(not a texts file/);
  assert.equal(await page.evaluate(() => window.hacked), undefined);
  const boxes = await demoBoxes(page);
  assert.ok(boxes > 0, 'the demo design is there');
  await screenshot(page, 'languages-broken-file');

  // Choosing Spanish while its file cannot be fetched: a notice, the interface stays English.
  await context.route('**/i18n/es.json', (route) => route.abort());
  await page.getByTestId('language').selectOption('es');
  await page.waitForFunction(() => /Español could not be loaded/.test(document.querySelector('[data-testid="notice"]')?.textContent ?? ''));
  assert.equal(await page.getByTestId('language').inputValue(), 'en');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // Once the network answers, choosing it again works.
  await context.unroute('**/i18n/es.json');
  await chooseLanguage(page, 'es');
  assert.equal(await page.getByTestId('language').getAttribute('title'), 'Idioma de la interfaz');
  assert.equal(await demoBoxes(page), boxes, 'nothing lost');
  assert.deepEqual(errors.filter((e) => !/ERR_FAILED|net::/.test(e)), []);
  await context.close();
});
