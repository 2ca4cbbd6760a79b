// Every template loads from the gallery and shows the findings it is meant to.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot, chooseLanguage } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

// Findings each template is meant to show (by rule code).
const EXPECTED = {
  'orders-lookup': ['DS105'],
};

test('every template loads and shows its findings', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByTestId('action-new').click();
  // The cards come with the gallery's list, fetched when the dialog opens: wait for them.
  await page.locator('[data-testid="template"]').first().waitFor();
  const ids = await page.locator('[data-testid="template"]').evaluateAll((els) => els.map((e) => e.dataset.template));
  assert.ok(ids.length >= 7, `templates: ${ids}`);
  await page.keyboard.press('Escape');
  for (const id of ids) {
    await page.getByTestId('action-new').click();
    await page.locator(`[data-testid="template"][data-template="${id}"]`).click();
    await page.waitForSelector('[data-testid="entity"]');
    await page.getByTestId('tab-advisor').click();
    const codes = await page.locator('[data-testid="finding"]').evaluateAll((els) => els.map((e) => e.dataset.code));
    for (const code of EXPECTED[id] ?? []) {
      assert.ok(codes.includes(code), `${id} should show ${code}, shows ${codes}`);
    }
    assert.ok(!codes.includes('DS001'), `${id} is structurally clean`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// The gallery in the interface's language (issue 33): the card's title, and the design it opens,
// are in the language chosen: collections, fields, access patterns and notes.
const ORDERS = {
  en: { title: 'Orders', boxes: ['customers', 'items', 'orders'], field: 'created_at', pattern: 'Order page', name: 'Orders (one aggregate, one read)' },
  es: { title: 'Pedidos', boxes: ['articulos', 'clientes', 'pedidos'], field: 'creado_en', pattern: 'Página del pedido', name: 'Pedidos (un agregado, una lectura)' },
  pt: { title: 'Pedidos', boxes: ['clientes', 'itens', 'pedidos'], field: 'criado_em', pattern: 'Tela do pedido', name: 'Pedidos (um agregado, uma leitura)' },
};

test("the Orders card opens the design in the interface's language, at 1280×720", async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  for (const [lang, want] of Object.entries(ORDERS)) {
    if (lang !== 'en') await chooseLanguage(page, lang);
    await page.getByTestId('action-new').click();
    const card = page.locator('[data-testid="template"][data-template="orders"]');
    assert.equal(await card.locator('strong').innerText(), want.title);
    if (lang === 'en') await screenshot(page, 'templates-gallery-en');
    await card.click();
    await page.waitForFunction((name) => document.querySelector('[data-testid="model-name"]')?.value === name, want.name);
    const boxes = await page.locator('[data-testid="entity"]').evaluateAll((els) => els.map((e) => e.dataset.name).sort());
    assert.deepEqual(boxes, want.boxes, lang);
    const order = page.locator(`[data-testid="entity"][data-name="${want.boxes[2]}"]`);
    assert.equal(await order.locator(`li.field[data-path="${want.field}"]`).count(), 1, `${lang}: ${want.field}`);
    if (!(await page.getByTestId('query-item').first().isVisible())) await page.getByTestId('toggle-panel-left').click();
    const patterns = await page.getByTestId('query-item').allInnerTexts();
    assert.ok(patterns.some((p) => p.includes(want.pattern)), `${lang}: ${patterns}`);
    await screenshot(page, `templates-orders-${lang}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
