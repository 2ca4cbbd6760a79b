// Review comments at 1280×720: a reviewer opens a share link (review mode), comments on a box and
// on an arrow from the context menu (the name asked once), replies, resolves and reopens; the
// names and texts are hostile and stay text; the comments survive a reload (the link in the
// address bar carries them); the link the reviewer copies opens with them; the author edits a
// copy, where a comment is one undo step, downloads the file with the comments in it, and the
// review report lists them.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openApp, screenshot, entityBox, watchErrors } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const HOSTILE_NAME = 'Rev "<b>iewer</b>\u202e';
const HOSTILE_TEXT = '<img src=x onerror="window.__xss=1"> why embed \u202eth? </script>';

/** How the screen shows a hostile text: the bidi override as `<U+202E>`, never obeyed. */
const shown = (s) => s.trim().replaceAll('\u202e', '<U+202E>');

const thread = (page, i) => page.locator('[data-testid="thread"]').nth(i);

/** Waits until the address bar's link changed from `before` (a comment edit in review mode). */
const linkChanged = (page, before) => page.waitForFunction((b) => location.hash !== b, before, { timeout: 30000 });

test('a reviewer comments on a box and an arrow, replies, resolves, reopens; the author gets them', async () => {
  const { page: author, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await entityBox(author, 'catalogo').waitFor();
  await author.getByTestId('action-share').click();
  await author.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));
  const link = await author.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#m=/);

  // The reviewer, in a browser of their own.
  const other = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await other.grantPermissions(['clipboard-read', 'clipboard-write']);
  const viewer = await other.newPage();
  watchErrors(viewer);
  await viewer.goto(link);
  await viewer.getByTestId('review-banner').waitFor();
  await entityBox(viewer, 'catalogo').waitFor();
  assert.equal(await viewer.getByTestId('comments-count').innerText(), '0');

  // A comment on a box: right-click, "Comment…", the name asked once.
  await entityBox(viewer, 'catalogo').locator('.entity-header').click({ button: 'right' });
  await viewer.getByTestId('menu-comment').click();
  await viewer.getByTestId('comment-draft').waitFor();
  assert.equal(await viewer.getByTestId('draft-about').innerText(), 'catalogo');
  await viewer.getByTestId('comment-text').fill(HOSTILE_TEXT);
  await viewer.getByTestId('comment-post').click();
  assert.equal(await viewer.getByTestId('comment-draft').count(), 1, 'no name, no comment');
  await viewer.getByTestId('comment-author').fill(HOSTILE_NAME);
  let before = await viewer.evaluate(() => location.hash);
  await viewer.getByTestId('comment-post').click();
  await thread(viewer, 0).waitFor();
  await linkChanged(viewer, before);
  assert.equal(await viewer.getByTestId('comment-draft').count(), 0);
  assert.equal(await thread(viewer, 0).getByTestId('comment-body').innerText(), shown(HOSTILE_TEXT));
  assert.equal(await thread(viewer, 0).getByTestId('comment-by').innerText(), shown(HOSTILE_NAME));
  assert.equal(await viewer.locator('[data-testid="comments-panel"] img, [data-testid="comments-panel"] b').count(), 0);
  assert.equal(await viewer.evaluate(() => window.__xss), undefined);
  assert.equal(await viewer.evaluate(() => localStorage.getItem('docshape.name')), HOSTILE_NAME.trim());
  assert.equal(await entityBox(viewer, 'catalogo').getByTestId('comment-badge').innerText(), '1');

  // A comment on an arrow (from its cardinality label, drawn in the words layer above the
  // lines): the name is not asked again.
  const arrow = viewer.locator('[data-testid="relation-words"]').filter({ has: viewer.locator('[data-testid="cardinality"]') }).first();
  const arrowId = await arrow.getAttribute('data-id');
  await arrow.locator('[data-testid="cardinality"]').first().click({ button: 'right' });
  await viewer.getByTestId('menu-comment').click();
  await viewer.getByTestId('comment-draft').waitFor();
  assert.equal(await viewer.getByTestId('comment-author').count(), 0, 'the name is remembered');
  await viewer.getByTestId('comment-text').fill('Reference this one?');
  before = await viewer.evaluate(() => location.hash);
  await viewer.getByTestId('comment-post').click();
  await thread(viewer, 1).waitFor();
  await linkChanged(viewer, before);
  assert.equal(await viewer.getByTestId('comments-count').innerText(), '2');
  assert.equal(await viewer.locator(`[data-testid="relation"][data-id="${arrowId}"] [data-testid="comment-badge"]`).count(), 1);

  // A reply to the first thread.
  await thread(viewer, 0).getByTestId('reply-text').fill('Because they are read together.');
  before = await viewer.evaluate(() => location.hash);
  await thread(viewer, 0).getByTestId('reply-post').click();
  await viewer.waitForFunction(() => document.querySelectorAll('[data-testid="thread"]')[0]?.querySelectorAll('[data-testid="comment"]').length === 2);
  await linkChanged(viewer, before);
  await screenshot(viewer, 'comments-1-reviewer-two-threads');

  // Resolve the arrow's thread: it leaves the open list, shows under Resolved, and reopens.
  before = await viewer.evaluate(() => location.hash);
  await thread(viewer, 1).getByTestId('thread-resolve').click();
  await viewer.waitForFunction(() => document.querySelectorAll('[data-testid="thread"]').length === 1);
  await linkChanged(viewer, before);
  assert.equal(await viewer.getByTestId('comments-count').innerText(), '1');
  assert.equal(await viewer.locator(`[data-testid="relation"][data-id="${arrowId}"] [data-testid="comment-badge"]`).count(), 0);
  await viewer.getByTestId('comments-resolved').click();
  await thread(viewer, 0).getByTestId('thread-resolved').waitFor();
  await screenshot(viewer, 'comments-2-resolved-filter');
  before = await viewer.evaluate(() => location.hash);
  await thread(viewer, 0).getByTestId('thread-reopen').click();
  await viewer.getByTestId('comments-empty').waitFor();
  await linkChanged(viewer, before);
  assert.equal(await viewer.getByTestId('comments-count').innerText(), '2');

  // Clicking what a thread is about selects it and brings it into view (the canvas is panned
  // away from it first).
  await viewer.getByTestId('comments-open').click();
  await viewer.mouse.move(400, 400);
  await viewer.mouse.wheel(-3000, -2000);
  await viewer.waitForFunction(() => {
    const box = document.querySelector('[data-testid="entity"][data-name="catalogo"]');
    return !box || box.getBoundingClientRect().left > innerWidth;
  });
  await thread(viewer, 0).getByTestId('thread-about').click();
  await viewer.waitForFunction(() => {
    const box = document.querySelector('[data-testid="entity"][data-name="catalogo"]');
    const canvas = document.querySelector('[data-testid="canvas"]').getBoundingClientRect();
    const r = box?.getBoundingClientRect();
    return box?.classList.contains('selected') && r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.top < canvas.bottom;
  });
  await screenshot(viewer, 'comments-2b-thread-framed');

  // The comments survive a reload: the address bar's link carries them.
  await viewer.reload();
  await viewer.getByTestId('review-banner').waitFor();
  await entityBox(viewer, 'catalogo').waitFor();
  assert.equal(await viewer.getByTestId('comments-count').innerText(), '2');
  await viewer.getByTestId('action-comments').click();
  assert.equal(await viewer.locator('[data-testid="thread"]').count(), 2);
  assert.equal(await thread(viewer, 0).locator('[data-testid="comment"]').count(), 2, 'the reply too');
  await screenshot(viewer, 'comments-3-after-reload');

  // The link the reviewer copies carries them: the author opens it.
  await viewer.getByTestId('action-share').click();
  await viewer.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="notice"]')?.innerText ?? ''));
  const reviewed = await viewer.evaluate(() => navigator.clipboard.readText());
  await author.goto(reviewed);
  await author.getByTestId('review-banner').waitFor();
  await author.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '2');

  // The author keeps a copy: a reply there is one undo step.
  await author.getByTestId('edit-copy').click();
  await author.getByTestId('review-banner').waitFor({ state: 'detached' });
  await author.getByTestId('action-comments').click();
  await thread(author, 0).getByTestId('comment-author').fill('Author');
  await thread(author, 0).getByTestId('reply-text').fill('Agreed.');
  await thread(author, 0).getByTestId('reply-post').click();
  await author.waitForFunction(() => document.querySelectorAll('[data-testid="thread"]')[0]?.querySelectorAll('[data-testid="comment"]').length === 3);
  await author.getByTestId('action-undo').click();
  await author.waitForFunction(() => document.querySelectorAll('[data-testid="thread"]')[0]?.querySelectorAll('[data-testid="comment"]').length === 2);
  await author.getByTestId('action-redo').click();
  await author.waitForFunction(() => document.querySelectorAll('[data-testid="thread"]')[0]?.querySelectorAll('[data-testid="comment"]').length === 3);

  // A thread on an access pattern, from its editor.
  await author.locator('[data-testid="query-item"]').first().click();
  await author.getByTestId('query-comment').click();
  await author.getByTestId('comment-draft').waitFor();
  const query = await author.getByTestId('draft-about').innerText();
  assert.ok(query.length > 0);
  await author.getByTestId('comment-text').fill('Is 3,000/min measured?');
  await author.getByTestId('comment-post').click();
  await author.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '3');
  assert.equal(await author.locator('[data-testid="thread-about"]').filter({ hasText: query }).count(), 1);
  await screenshot(author, 'comments-4-author-copy');

  // The model file has them.
  const [download] = await Promise.all([author.waitForEvent('download'), author.getByTestId('action-save').click()]);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(saved.formatVersion, 3);
  assert.equal(saved.comments.length, 5, JSON.stringify(saved.comments));
  assert.ok(saved.comments.some((c) => c.anchor?.kind === 'query' && c.text === 'Is 3,000/min measured?'));
  const first = saved.comments.find((c) => c.anchor?.kind === 'entity');
  assert.equal(first.text, HOSTILE_TEXT.trim());
  assert.equal(first.author, HOSTILE_NAME.trim());
  assert.ok(saved.comments.some((c) => c.anchor?.kind === 'relation' && c.anchor.relation === arrowId && !c.resolved));

  // The review report lists them, escaped.
  await author.getByTestId('comments-close').click();
  await author.getByTestId('action-export').click();
  await author.getByTestId('export-tab').filter({ hasText: 'Review report' }).click();
  await author.waitForFunction(() => /Review comments/.test(document.querySelector('[data-testid="export-text"]')?.innerText ?? ''), null, { timeout: 60000 });
  const report = await author.getByTestId('export-text').innerText();
  const section = report.slice(report.indexOf('## Review comments'));
  assert.match(section, /Agreed\./);
  assert.match(section, /Reference this one\?/);
  assert.ok(!section.includes('<img src=x'), 'the hostile text is escaped in the report');
  assert.ok(!section.includes('\u202e'), 'no bidi override reaches the report raw');
  await other.close();
});
