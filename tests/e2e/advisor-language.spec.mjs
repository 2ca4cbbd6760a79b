// The advisor speaks the interface's language: switching to Spanish or Portuguese re-renders
// every finding, its explanation (the rule's translated documentation, fetched on demand) and
// a relation's six reasons, with local number formats; switching back restores the English.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, screenshot, chooseLanguage } from './app.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** The first section of a translated rule file, as the panel shows it (one line). */
function firstSection(lang, code) {
  const text = readFileSync(join(ROOT, 'public', 'rules', lang, `${code}.md`), 'utf8');
  const body = text.split(/^##[^\n]*\n/m)[1] ?? '';
  // Inline Markdown is shown as formatting: the markers are not part of the text.
  return body.trim().split(/\n\s*\n/)[0].replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim();
}

/** Every finding's message, routine groups included (their heading and, opened, each finding). */
const messages = (page) =>
  page.locator('.findings li.finding > .finding-head .message').evaluateAll((els) => els.map((e) => e.textContent));

/** Opens every collapsed group of routine findings (BiblioRed's DS403 holds the 40,000 figure). */
async function openGroups(page) {
  const closed = page.locator('[data-testid="finding-group"] > .finding-head[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

test('findings, explanations and reasons follow the language switch', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByTestId('tab-advisor').click();
  await page.waitForSelector('[data-testid="finding"]');
  assert.ok((await page.locator('[data-testid="finding-group"]').count()) > 0, 'BiblioRed has a group of routine findings');
  await openGroups(page);
  const english = await messages(page);
  assert.ok(english.length > 0, 'the demo model has findings');
  // Figures in English notation: one in a finding always shown (DS307's document size), one
  // inside the routine group (catalogo's 40,000 documents, DS403).
  const allEnglish = english.join('\n');
  assert.ok(allEnglish.includes('3.5 KB') && allEnglish.includes('40,000'), allEnglish);

  for (const [lang, word] of [['es', 'documentos'], ['pt', 'documentos']]) {
    await chooseLanguage(page, lang);
    await openGroups(page);
    const translated = await messages(page);
    assert.equal(translated.length, english.length, 'the same findings, in another language');
    for (let i = 0; i < english.length; i++) {
      assert.notEqual(translated[i], english[i], `finding ${i} is translated to ${lang}`);
      assert.ok(!/\{[a-z_]+\}/.test(translated[i]), `no unfilled placeholder: ${translated[i]}`);
    }
    // Figures follow the language: 3,5 KB and 40.000.
    const all = translated.join('\n');
    assert.ok(all.includes('3,5 KB') && !all.includes('3.5 KB'), `${lang} writes 3,5 KB: ${all}`);
    assert.ok(all.includes('40.000') && !all.includes('40,000'), `${lang} writes 40.000: ${all}`);
    assert.ok(all.includes(word), `${lang} reads as ${lang}: ${all}`);

    // The explanation of a finding is the rule's translated documentation.
    const finding = page.locator('[data-testid="finding"]').first();
    const code = await finding.getAttribute('data-code');
    await finding.locator('.finding-head').click();
    const expected = firstSection(lang, code);
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('.explain .rule')].some((p) => p.textContent.replace(/\s+/g, ' ').includes(text.slice(0, 60))),
      expected,
    );
    await screenshot(page, `advisor-${lang}`);
    await finding.locator('.finding-head').click();
  }

  // A relation's six reasons are translated too (tags of BiblioRed's catalogo).
  await page.locator('[data-testid="relation"]').first().dispatchEvent('pointerdown');
  await page.waitForSelector('[data-testid="criterion-vote"]');
  const ptReasons = await page.locator('[data-testid="criterion-vote"]').evaluateAll((els) => els.map((e) => e.textContent));
  await chooseLanguage(page, 'en');
  const enReasons = await page.locator('[data-testid="criterion-vote"]').evaluateAll((els) => els.map((e) => e.textContent));
  assert.equal(ptReasons.length, 6);
  assert.equal(enReasons.length, 6);
  for (let i = 0; i < 6; i++) assert.notEqual(ptReasons[i], enReasons[i], `criterion ${i} is translated`);

  await page.getByTestId('tab-advisor').click();
  await openGroups(page);
  assert.deepEqual(await messages(page), english, 'back in English');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pattern reads as its name, a colon, then the change: no line starts with the colon', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await chooseLanguage(page, 'es');
  await page.getByTestId('tab-advisor').click();
  await page.locator('[data-testid="pattern"]').first().scrollIntoViewIfNeeded();
  // Each text that opens with ":" must follow the name on its line, not begin a line of its own.
  const stranded = await page.locator('[data-testid="pattern"]').evaluateAll((items) =>
    items.flatMap((li) => {
      const left = li.getBoundingClientRect().left;
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
      const out = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.search(/\S/);
        if (at < 0 || node.textContent[at] !== ':') continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        if (Math.abs(range.getBoundingClientRect().left - left) < 2) out.push(li.textContent.trim().slice(0, 60));
      }
      return out;
    }),
  );
  assert.ok((await page.locator('[data-testid="pattern"]').count()) > 0, 'BiblioRed shows patterns');
  assert.deepEqual(stranded, [], 'lines that start with a colon');
  await screenshot(page, 'advisor-patterns-es');
  assert.deepEqual(errors, []);
  await context.close();
});
