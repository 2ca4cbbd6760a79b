// A drag on a large diagram (400 aggregates, ~1,100 relations) at 1280×720: the box follows the
// pointer, and its arrows follow it to where the pointer stopped, even when the moves came
// faster than the arrows could be re-routed (past half a frame the canvas re-routes once a
// frame, a frame behind the box, for the latest position: ui::routes, `Routes::follow`). Released, the drag is
// one step: saved at once, undone and redone in one step each, and kept across a reload.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE_URL, savedModel, screenshot, watchErrors, seededContext } from './app.mjs';

const VIEWPORT = { width: 1280, height: 720 };
const SIDE = 20;

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const field = (name, type = 'string') => ({ name, type, required: true });
const id = (row, col) => `b${row}_${col}`;

/** A grid of SIDE × SIDE aggregates, each referencing its right, lower and lower-right neighbours. */
function grid() {
  const entities = [];
  const relations = [];
  for (let row = 0; row < SIDE; row++) {
    for (let col = 0; col < SIDE; col++) {
      entities.push({
        id: id(row, col),
        name: id(row, col),
        position: { x: col * 420, y: row * 320 },
        fields: [field('_id', 'objectId'), field('name'), field('left_id', 'objectId'), field('up_id', 'objectId')],
      });
      const link = (r, c, childField) => {
        if (r >= SIDE || c >= SIDE) return;
        relations.push({
          id: `${id(row, col)}-${id(r, c)}`,
          parent: id(row, col),
          child: id(r, c),
          storage: 'reference',
          reference: { childField },
          cardinality: { typical: 4 },
          readSeparately: true,
        });
      };
      link(row, col + 1, 'left_id');
      link(row + 1, col, 'up_id');
      link(row + 1, col + 1, 'up_id');
    }
  }
  return { format: 'docshape', formatVersion: 1, name: 'Grid', database: 'grid', entities, relations, queries: [] };
}

async function open(model) {
  const context = await seededContext(browser, JSON.stringify(model), VIEWPORT);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(BASE_URL);
  await page.waitForSelector('[data-testid="entity"]');
  return { context, page, errors };
}

/** The box's place on the diagram, from its drawn transform. */
const place = (page, name) =>
  page.evaluate((name) => {
    const m = document.querySelector(`[data-testid="entity"][data-name="${name}"]`).style.transform.match(/-?[\d.]+/g);
    return { x: Number(m[0]), y: Number(m[1]) };
  }, name);

/** Every end of `name`'s arrows that does not lie on the border of its box (screen pixels), and
 * every segment of any drawn arrow through a box that is not one of its ends. */
const misdrawn = (page, name, ends) =>
  page.evaluate(
    ({ name, ends }) => {
      const boxes = [...document.querySelectorAll('[data-testid="entity"]')].map((el) => ({ name: el.dataset.name, r: el.getBoundingClientRect() }));
      const mine = boxes.find((b) => b.name === name).r;
      const off = [];
      const through = [];
      let checked = 0;
      for (const g of document.querySelectorAll('[data-testid="relation"]')) {
        const own = ends[g.dataset.id] ?? [];
        for (const path of g.querySelectorAll('path.line')) {
          const m = path.getScreenCTM();
          const nums = path.getAttribute('d').match(/-?[\d.]+/g).map(Number);
          const pts = [];
          for (let i = 0; i + 1 < nums.length; i += 2) pts.push(new DOMPoint(nums[i], nums[i + 1]).matrixTransform(m));
          if (own.includes(name)) {
            const at = own[0] === name ? pts[0] : pts[pts.length - 1];
            const onX = at.x >= mine.left - 2 && at.x <= mine.right + 2;
            const onY = at.y >= mine.top - 2 && at.y <= mine.bottom + 2;
            const onBorder = onX && onY && (Math.abs(at.x - mine.left) < 2 || Math.abs(at.x - mine.right) < 2 || Math.abs(at.y - mine.top) < 2 || Math.abs(at.y - mine.bottom) < 2);
            checked += 1;
            if (!onBorder) off.push(`${g.dataset.id} ends at ${at.x.toFixed(0)},${at.y.toFixed(0)}`);
          }
          for (let i = 0; i + 1 < pts.length; i++) {
            const [x0, x1] = [Math.min(pts[i].x, pts[i + 1].x), Math.max(pts[i].x, pts[i + 1].x)];
            const [y0, y1] = [Math.min(pts[i].y, pts[i + 1].y), Math.max(pts[i].y, pts[i + 1].y)];
            for (const b of boxes) {
              if (own.includes(b.name)) continue;
              const r = { x0: b.r.left + 1, x1: b.r.right - 1, y0: b.r.top + 1, y1: b.r.bottom - 1 };
              if (x1 > r.x0 && x0 < r.x1 && y1 > r.y0 && y0 < r.y1) through.push(`${g.dataset.id} through ${b.name}`);
            }
          }
        }
      }
      return { off, through, checked };
    },
    { name, ends },
  );

const frames = (page, n = 3) =>
  page.evaluate((n) => new Promise((resolve) => {
    const step = (k) => (k === 0 ? resolve() : requestAnimationFrame(() => step(k - 1)));
    step(n);
  }), n);

test('a box dragged on a 400-aggregate diagram takes its arrows with it, and the drop is one saved, undoable step', async () => {
  const model = grid();
  const ends = Object.fromEntries(model.relations.map((r) => [r.id, [r.parent, r.child]]));
  const { page, context, errors } = await open(model);
  // Zoomed in to 100% on the middle of the grid: the boxes are read, not specks.
  await page.getByTestId('zoom').waitFor();
  while (parseFloat(await page.getByTestId('zoom').innerText()) < 95) await page.getByTestId('action-zoom-in').click();
  // The box nearest the middle of the canvas whose header is where the press goes (not under a
  // panel).
  const dragged = await page.evaluate(() => {
    const c = document.getElementById('canvas').getBoundingClientRect();
    const [x, y] = [c.left + c.width / 2, c.top + c.height / 2];
    const pressable = (b) => document.elementFromPoint(b.r.left + 30, b.r.top + 8)?.closest('[data-testid="entity"]')?.dataset.name === b.name;
    return [...document.querySelectorAll('[data-testid="entity"]')]
      .map((el) => ({ name: el.dataset.name, r: el.querySelector('.entity-header').getBoundingClientRect() }))
      .filter(pressable)
      .sort((a, b) => Math.hypot(a.r.x + a.r.width / 2 - x, a.r.y - y) - Math.hypot(b.r.x + b.r.width / 2 - x, b.r.y - y))[0].name;
  });
  const header = page.locator(`[data-testid="entity"][data-name="${dragged}"] .entity-header`);
  const zoom = parseFloat(await page.getByTestId('zoom').innerText()) / 100;
  const from = await place(page, dragged);
  const box = await header.boundingBox();
  await page.evaluate(() => window.wasmBindings.drag_reroute_ms());

  // Down, then 40 moves as fast as the browser takes them (no wait for a frame between them),
  // up and left, into the free channel beside the box (it stays in view).
  const [dx, dy] = [-90, -70];
  await page.mouse.move(box.x + 30, box.y + 8);
  await page.mouse.down();
  await page.mouse.move(box.x + 30 + dx, box.y + 8 + dy, { steps: 40 });
  await frames(page, 4);
  await page.waitForTimeout(150);
  const reroutes = await page.evaluate(() => [...window.wasmBindings.drag_reroute_ms()]);
  console.log(`  re-routes while dragging: ${reroutes.length}, ${reroutes.map((ms) => ms.toFixed(1)).join(' ')} ms`);
  const holding = await misdrawn(page, dragged, ends);
  await screenshot(page, 'drag-1-holding');
  assert.ok(holding.checked >= 3, `the box's arrows are drawn (${holding.checked})`);
  assert.deepEqual(holding.off, [], 'while held: the arrows end on the box where the pointer stopped');
  assert.deepEqual(holding.through, [], 'while held: no arrow through a box');
  const moving = await place(page, dragged);
  assert.ok(Math.abs(moving.x - from.x - dx / zoom) < 2 && Math.abs(moving.y - from.y - dy / zoom) < 2, `the box follows the pointer: ${JSON.stringify({ from, moving })}`);

  await page.mouse.up();
  await frames(page, 3);
  const dropped = await place(page, dragged);
  const atRest = await misdrawn(page, dragged, ends);
  await screenshot(page, 'drag-2-dropped');
  assert.deepEqual(atRest.off, [], 'dropped: the arrows end on the box');
  assert.deepEqual(atRest.through, [], 'dropped: no arrow through a box');
  // Saved at once, where it is drawn (snapped to the grid).
  const saved = () => savedModel(page).then((text) => JSON.parse(text).entities.find((e) => e.name === dragged).position);
  await page.waitForFunction(
    ({ name, at }) => {
      const id = sessionStorage.getItem('docshape.tab.design');
      const text = id && localStorage.getItem(id === 'legacy' ? 'docshape.model' : `docshape.design.${id}`);
      const p = text && JSON.parse(text).entities.find((e) => e.name === name)?.position;
      return p && p.x === at.x && p.y === at.y;
    },
    { name: dragged, at: dropped },
  );
  assert.notDeepEqual(dropped, from, 'the box moved');

  // One undo puts it back, one redo moves it again.
  await page.locator('body').click({ position: { x: 640, y: 705 } });
  await page.keyboard.press('Control+z');
  await page.waitForFunction(({ name, at }) => document.querySelector(`[data-testid="entity"][data-name="${name}"]`).style.transform === `translate(${at.x}px, ${at.y}px)`, { name: dragged, at: from });
  assert.deepEqual(await saved(), from, 'the undo is saved');
  assert.deepEqual((await misdrawn(page, dragged, ends)).off, [], 'undone: the arrows end on the box');
  await page.keyboard.press('Control+Shift+z');
  await page.waitForFunction(({ name, at }) => document.querySelector(`[data-testid="entity"][data-name="${name}"]`).style.transform === `translate(${at.x}px, ${at.y}px)`, { name: dragged, at: dropped });
  assert.deepEqual(await saved(), dropped);

  // A reload finds the box where it was dropped.
  await page.reload();
  await page.waitForSelector(`[data-testid="entity"][data-name="${dragged}"]`);
  assert.deepEqual(await place(page, dragged), dropped, 'drawn where it was dropped after a reload');
  assert.deepEqual(await saved(), dropped, 'kept across a reload');
  await screenshot(page, 'drag-3-reloaded');
  assert.deepEqual(errors, []);
  await context.close();
});
