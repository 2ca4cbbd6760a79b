// Presentation mode hides the panels and steps through the access patterns and decisions, at
// 1280×720 in English (the teacher's journey does it in Spanish).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('presentation mode steps through queries then decisions', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.keyboard.press('p');
  const slide = page.getByTestId('slide');
  await slide.waitFor();
  assert.ok(!(await page.getByTestId('queries').isVisible()), 'panels are hidden');
  await page.keyboard.press('ArrowRight');
  assert.match(await slide.innerText(), /C1/);
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
  assert.match(await slide.innerText(), /→/);
  assert.match(await slide.innerText(), /Cardinality/);
  // The verdict is said once: the summary opens with it ("Embed: …", not "embed — Embed: …").
  const first = await slide.locator('li').first().innerText();
  assert.doesNotMatch(first, /^(.+?) — \1\b/i, first);
  assert.match(first, /^[A-Z][^:]+: /, `the summary opens with the verdict: ${first}`);
  // Each criterion reads "Cardinality: embed — typically …": its reason goes on from the vote,
  // never a lower-case sentence after a full stop ("embed. typically").
  const criteria = (await slide.locator('li').allInnerTexts()).slice(1);
  assert.ok(criteria.length >= 6, `six criteria on the slide: ${criteria.join(' | ')}`);
  for (const line of criteria) assert.match(line, /^[A-Z][^:]+: (\S+ — )?[^—]/, line);
  assert.ok(criteria.every((line) => !/\. [a-z]/.test(line.split(': ')[1].slice(0, 40))), criteria.join(' | '));
  // The framed boxes are highlighted, not being edited: no connection handle over a label.
  const handles = await page.locator('[data-testid="entity"] .handle').evaluateAll((els) =>
    els.filter((el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).opacity !== '0').length,
  );
  assert.equal(handles, 0, 'connection handles shown while presenting');
  await screenshot(page, 'presentation');
  await page.keyboard.press('Escape');
  await slide.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await context.close();
});
