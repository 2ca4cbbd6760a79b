// Review comments at 1280×720: a reviewer opens a share link (review mode), comments on a box and
// on an arrow from the context menu (the name asked once), replies, resolves and reopens; the
// names and texts are hostile and stay text; the comments survive a reload (the link in the
// address bar carries them); the link the reviewer copies opens with them; the author edits a
// copy, where a comment is one undo step, downloads the file with the comments in it, and the
// review report lists them.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openApp, screenshot, entityBox, watchErrors, BASE_URL, shareLink } from './app.mjs';

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
  const link = await shareLink(author);
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
  await openComments(viewer);
  assert.equal(await viewer.locator('[data-testid="thread"]').count(), 2);
  assert.equal(await thread(viewer, 0).locator('[data-testid="comment"]').count(), 2, 'the reply too');
  await screenshot(viewer, 'comments-3-after-reload');

  // The link the reviewer copies carries them: the author opens it.
  const reviewed = await shareLink(viewer);
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

  // A thread on an access pattern, from its editor (the list opened: a first visit at
  // 1280×720 folds it so the diagram reads).
  if ((await author.getByTestId('toggle-panel-left').getAttribute('aria-expanded')) === 'false') await author.getByTestId('toggle-panel-left').click();
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
  assert.equal(saved.formatVersion, 4);
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

/** The share link of the demo design, made in a page of its own. */
async function demoLink() {
  const { page, context } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await entityBox(page, 'catalogo').waitFor();
  const link = await shareLink(page);
  await context.close();
  assert.match(link, /#m=/);
  return link;
}

/** A reviewer with a name already given, on `link`, at `viewport`, in `lang`. */
async function reviewer(link, viewport = { width: 1280, height: 720 }, lang = 'en') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((lang) => {
    localStorage.setItem('docshape.name', 'Rita');
    localStorage.setItem('docshape.lang', lang);
  }, lang);
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(link);
  await page.getByTestId('review-banner').waitFor();
  await entityBox(page, 'catalogo').waitFor();
  return { page, context };
}

/** Posts a comment on box `name` through its context menu. */
/** Opens the Comments panel and waits for it: its code is a chunk fetched the first time (src/ui/chunks.rs). */
async function openComments(page) {
  await page.getByTestId('action-comments').click();
  await page.getByTestId('comments-panel').waitFor();
}

async function commentOn(page, name, text) {
  await entityBox(page, name).locator('.entity-header').click({ button: 'right' });
  await page.getByTestId('menu-comment').click();
  await page.getByTestId('comment-text').fill(text);
  await page.getByTestId('comment-post').click();
}

/**
 * Whether the address bar carries the design on screen: nothing is held for a reload
 * (`review_keep`), or what is held is marked carried (kept for a reload already on its way).
 */
const carried = () => {
  const held = JSON.parse(sessionStorage.getItem('docshape.review.pending') ?? 'null');
  return held === null || held.carried === true;
};

test('a comment made in review mode survives a reload at once, before the address bar caught up', async () => {
  const link = await demoLink();
  const { page, context } = await reviewer(link);
  const before = await page.evaluate(() => location.hash);
  await commentOn(page, 'catalogo', 'First, then reload');
  // No wait: reload while the worker may still be making the new link.
  const caughtUp = await page.evaluate((b) => location.hash !== b, before);
  console.log(`# the address bar had caught up before the reload: ${caughtUp}`);
  await page.reload();
  await page.getByTestId('review-banner').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '1');
  await openComments(page);
  assert.equal(await thread(page, 0).getByTestId('comment-body').innerText(), 'First, then reload');

  // Two more at once, then a reload: both there.
  await commentOn(page, 'resenas', 'Second');
  await thread(page, 1).getByTestId('reply-text').fill('A reply');
  await thread(page, 1).getByTestId('reply-post').click();
  // On screen at once (no wait for the address bar), then the reload.
  assert.equal(await page.locator('[data-testid="comment"]').count(), 3);
  await page.reload();
  await page.getByTestId('review-banner').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '2');
  // The address bar catches up on its own (the held design stays, marked carried, for a reload
  // already on its way to the old link), and then the link alone carries them: the page that
  // opens the newer link drops what was held for the old one.
  await page.waitForFunction(carried, null, { timeout: 30000 });
  assert.notEqual(await page.evaluate(() => location.hash), before);
  await page.reload();
  await page.getByTestId('review-banner').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '2');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('docshape.review.pending')), null, 'nothing held: the link carried them');
  await openComments(page);
  assert.equal(await page.locator('[data-testid="comment"]').count(), 3, 'two threads and the reply');
  // Review mode has no undo: deleting one's own reply offers to bring it back, and that too
  // is in the link a reload opens.
  await page.locator('[data-testid="comment"]').filter({ hasText: 'A reply' }).getByTestId('comment-delete').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 2);
  await page.getByTestId('notice').filter({ hasText: 'Comment deleted.' }).waitFor();
  await page.getByTestId('notice-action').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 3);
  await page.waitForFunction(carried, null, { timeout: 30000 });
  await page.reload();
  await page.getByTestId('review-banner').waitFor();
  await openComments(page);
  assert.deepEqual(await page.getByTestId('comment-body').allInnerTexts(), ['First, then reload', 'Second', 'A reply']);
  // The same link opened in another tab has none of this tab's comments held (the link it had
  // then did not carry them).
  const fresh = await context.newPage();
  await fresh.goto(link);
  await fresh.getByTestId('review-banner').waitFor();
  assert.equal(await fresh.getByTestId('comments-count').innerText(), '0');
  await context.close();
});

test('a reload already on its way when the new link lands still opens with the comment', async () => {
  // A reload does not stop the page at once: until the new page arrives, the old one runs, and
  // the worker's newer link can land in it. That must not lose what the reload will need.
  const link = await demoLink();
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('docshape.name', 'Rita'));
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(link);
  await page.getByTestId('review-banner').waitFor();
  await entityBox(page, 'catalogo').waitFor();
  // A first comment starts the worker: the next link then comes in a moment.
  let before = await page.evaluate(() => location.hash);
  await commentOn(page, 'catalogo', 'Warming up');
  await linkChanged(page, before);
  // The reload's page comes slowly (a workshop's Wi-Fi): the link for the next comment lands
  // in the old page while the reload is on its way to the link before it.
  let delayed = 0;
  await page.route('**/*', async (route) => {
    if (route.request().isNavigationRequest()) {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    await route.continue();
  });
  await entityBox(page, 'resenas').locator('.entity-header').click({ button: 'right' });
  await page.getByTestId('menu-comment').click();
  await page.getByTestId('comment-text').fill('Just before the reload');
  // Post, and reload in the same moment (before the worker can answer).
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    document.querySelector('[data-testid="comment-post"]').click();
    location.reload();
  });
  await reloaded;
  assert.equal(delayed, 1, 'the reload was held back');
  await page.getByTestId('review-banner').waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="comments-count"]')?.innerText === '2', null, { timeout: 15000 });
  await openComments(page);
  assert.deepEqual((await page.getByTestId('comment-body').allInnerTexts()).sort(), ['Just before the reload', 'Warming up']);
  await context.close();
});

test("the open comments panel leaves the review banner's buttons uncovered (1280×720, 1920×1080; en, es, pt)", async () => {
  const link = await demoLink();
  for (const viewport of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
    for (const lang of ['en', 'es', 'pt']) {
      const { page, context } = await reviewer(link, viewport, lang);
      await page.getByTestId('action-comments').click();
      await page.getByTestId('comments-panel').waitFor();
      for (const id of ['edit-copy', 'close-review']) {
        const hit = await page.getByTestId(id).evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return { on: el.contains(top), inside: r.right <= innerWidth && r.bottom <= innerHeight && r.width > 0 };
        });
        assert.ok(hit.on && hit.inside, `${id} is visible and on top at ${viewport.width}×${viewport.height} in ${lang}: ${JSON.stringify(hit)}`);
      }
      // The panel starts below the banner.
      const [banner, panel] = await Promise.all([page.getByTestId('review-banner').boundingBox(), page.getByTestId('comments-panel').boundingBox()]);
      assert.ok(panel.y >= banner.y + banner.height - 1, `panel top ${panel.y} below the banner's bottom ${banner.y + banner.height}`);
      await screenshot(page, `comments-banner-${viewport.width}-${lang}`);
      if (lang === 'pt') {
        // And it is clickable: a copy to edit, the panel still open.
        await page.getByTestId('edit-copy').click();
        await page.getByTestId('review-banner').waitFor({ state: 'detached' });
        assert.equal(await page.getByTestId('comments-panel').count(), 1);
      }
      await context.close();
    }
  }
});

test("one's own comment can be changed and deleted (undo brings it back); a colleague's cannot", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('named')) {
      localStorage.setItem('docshape.name', 'Ana');
      sessionStorage.setItem('named', '1');
    }
  });
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(BASE_URL);
  await entityBox(page, 'catalogo').waitFor();
  await commentOn(page, 'catalogo', 'Why embed the tags?');
  await thread(page, 0).getByTestId('reply-text').fill('Answering myself');
  await thread(page, 0).getByTestId('reply-post').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 2);

  // Luis (another name in this browser: there are no accounts) answers.
  await page.evaluate(() => localStorage.setItem('docshape.name', 'Luis'));
  await page.reload();
  await openComments(page);
  assert.equal(await page.getByTestId('comment-edit').count(), 0, 'nothing of Luis to change');
  await thread(page, 0).getByTestId('reply-text').fill('Agreed.');
  await thread(page, 0).getByTestId('reply-post').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 3);

  // Ana again: her two comments can be changed; her reply deleted; her thread not (Luis answered it).
  await page.evaluate(() => localStorage.setItem('docshape.name', 'Ana'));
  await page.reload();
  await openComments(page);
  const comment = (i) => thread(page, 0).getByTestId('comment').nth(i);
  assert.deepEqual(await Promise.all([0, 1, 2].map((i) => comment(i).getByTestId('comment-edit').count())), [1, 1, 0]);
  assert.deepEqual(await Promise.all([0, 1, 2].map((i) => comment(i).getByTestId('comment-delete').count())), [0, 1, 0]);

  // Change the thread's text (hostile: it stays text).
  await comment(0).getByTestId('comment-edit').click();
  await page.getByTestId('comment-edit-text').fill(HOSTILE_TEXT);
  await page.getByTestId('comment-save').click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="comment-body"]')?.innerText === t, shown(HOSTILE_TEXT));
  assert.equal(await page.locator('[data-testid="comments-panel"] img').count(), 0);
  assert.equal(await page.evaluate(() => window.__xss), undefined);

  // Delete her reply: gone; undo brings it back, a second undo the old text.
  await comment(1).getByTestId('comment-delete').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 2);
  assert.deepEqual(await page.getByTestId('comment-body').allInnerTexts(), [shown(HOSTILE_TEXT), 'Agreed.']);
  await screenshot(page, 'comments-5-own-comment-changed');
  await page.getByTestId('action-undo').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length === 3);
  assert.equal(await comment(1).getByTestId('comment-body').innerText(), 'Answering myself');
  await page.getByTestId('action-undo').click();
  await page.waitForFunction(() => document.querySelector('[data-testid="comment-body"]')?.innerText === 'Why embed the tags?');
  await context.close();
});

test("the panel's code comes when the panel first opens; a failed fetch says so, loses nothing, and Try again loads it", async () => {
  // No service worker: every fetch of the chunk is the page's own (and meets the route below).
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('docshape.name', 'Ana'));
  const page = await context.newPage();
  const errors = watchErrors(page);
  const chunks = [];
  page.on('request', (r) => /\/split_comments_panel-[0-9a-f]{16}\.wasm$/.test(r.url()) && chunks.push(r.url()));
  // The first fetch of the chunk fails, as on a train going through a tunnel.
  let refused = 0;
  // The second comes slowly: the panel says it is loading meanwhile.
  let slow = null;
  await page.route(/\/split_comments_panel-[0-9a-f]{16}\.wasm$/, (route) => {
    if (refused++ === 0) return route.abort('internetdisconnected');
    slow = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => route.continue());
    return slow;
  });
  await page.goto(BASE_URL);
  await entityBox(page, 'catalogo').waitFor();
  assert.deepEqual(chunks, [], 'not fetched at start');

  // A comment started from the canvas opens the panel: the chunk cannot be had.
  await entityBox(page, 'catalogo').locator('.entity-header').click({ button: 'right' });
  await page.getByTestId('menu-comment').click();
  await page.getByTestId('comments-unavailable').waitFor();
  assert.equal(chunks.length, 1);
  await screenshot(page, 'comments-chunk-unavailable');
  assert.equal(await page.getByTestId('comments-count').innerText(), '0');

  // Try again: the panel, with the comment still to write (the draft waited in the design's state).
  await page.getByTestId('comments-retry').click();
  await page.getByTestId('comments-loading').waitFor();
  await screenshot(page, 'comments-chunk-loading');
  await page.getByTestId('comments-panel').waitFor();
  assert.equal(await page.getByTestId('comments-loading').count(), 0);
  assert.equal(await page.getByTestId('comments-unavailable').count(), 0);
  await page.getByTestId('comment-text').fill('After the tunnel');
  await page.getByTestId('comment-post').click();
  await thread(page, 0).waitFor();
  assert.equal(await thread(page, 0).getByTestId('comment-body').innerText(), 'After the tunnel');

  // Closed and opened again: no new fetch, the panel at once.
  await page.getByTestId('comments-close').click();
  await page.getByTestId('comments-panel').waitFor({ state: 'detached' });
  await page.getByTestId('action-comments').click();
  await page.getByTestId('comments-panel').waitFor();
  assert.equal(chunks.length, 2, 'one failed fetch, one that loaded');
  // The one failed fetch is the only error the page logged.
  assert.ok(errors.length <= 2 && errors.every((e) => /split_comments_panel|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e)), errors.join('\n'));
  errors.length = 0;
  await context.close();
});

