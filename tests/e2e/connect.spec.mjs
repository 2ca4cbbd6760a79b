// Draw two aggregates and connect them: a recommendation appears. Make the children unbounded:
// the recommendation flips to a reference and an unbounded-array finding appears.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, newBlank, addAggregate, connect, findings, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('connecting two aggregates gives a live recommendation that follows the facts', async () => {
  const { page, errors, context } = await openApp(browser);
  await newBlank(page);
  await addAggregate(page);
  await addAggregate(page);
  await connect(page, 'collection', 'collection_2');
  await page.getByTestId('relation-inspector').waitFor();
  const verdict = page.getByTestId('relation-verdict');
  await verdict.waitFor();
  assert.match(await verdict.innerText(), /^embed/i, 'a few bounded children: embed');
  assert.equal(await findings(page, 'DS101').count(), 0);
  await page.getByTestId('tab-inspector').click();
  await page.getByTestId('unbounded').check();
  await page.waitForFunction(() => /reference|bucket/i.test(document.querySelector('[data-testid="relation-verdict"]')?.innerText ?? ''));
  assert.match(await verdict.innerText(), /reference|bucket/i);
  await page.getByTestId('tab-advisor').click();
  await findings(page, 'DS101').first().waitFor();
  await screenshot(page, 'connect-unbounded');
  assert.deepEqual(errors, []);
  await context.close();
});
