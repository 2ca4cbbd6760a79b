// The advisor panel ranks findings as the CLI does: within a severity, the findings about this
// design come first, and a routine finding repeated on several collections (no validator) is
// one collapsed line; opened, each collection's finding keeps its own one-click fix, and
// applying one leaves the group with the others.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** The top-level lines of the warnings section: [code, kind]. */
const warningLines = (page) =>
  page
    .locator('.findings.warning > ul > li')
    .evaluateAll((els) => els.map((e) => [e.dataset.code, e.dataset.testid]));

test('routine findings come last, collapsed into one line per rule', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.getByTestId('action-new').click();
  await page.locator('[data-testid="template"][data-template="orders-lookup"]').click();
  await page.waitForSelector('[data-testid="entity"]');
  await page.getByTestId('tab-advisor').click();
  const group = page.locator('[data-testid="finding-group"][data-code="DS401"]');
  await group.waitFor();

  const lines = await warningLines(page);
  assert.deepEqual(lines.at(-1), ['DS401', 'finding-group'], `the routine group comes last: ${lines}`);
  assert.ok(lines.slice(0, -1).every(([code, kind]) => kind === 'finding' && code !== 'DS401'), `${lines}`);
  assert.equal(await group.getAttribute('data-count'), '3');
  assert.match(await group.locator('.message').first().textContent(), /on 3 places: orders, items and customers/);
  assert.equal(await group.locator('[data-testid="finding"]').count(), 0, 'collapsed until opened');
  assert.equal(await page.locator('.findings.warning h3 .count').textContent(), '6', 'the count is of findings');
  await screenshot(page, 'advisor-ranking-collapsed');

  await group.locator('.finding-head').first().click();
  const inner = group.locator('[data-testid="finding"][data-code="DS401"]');
  assert.equal(await inner.count(), 3);
  await screenshot(page, 'advisor-ranking-open');

  await inner.first().locator('[data-testid="apply-fix"]').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="finding-group"][data-code="DS401"]')?.dataset.count === '2',
  );
  assert.equal(await page.locator('.findings.warning h3 .count').textContent(), '5');
  await screenshot(page, 'advisor-ranking-fixed');
  assert.deepEqual(errors, []);
  await context.close();
});
