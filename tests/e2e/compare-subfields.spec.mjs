// A change inside a sub-document is marked where it is, at 1280×720: BiblioRed compared with a
// file of it in which `catalogo.autores` had no `autor_id`, an optional `nombre` and a `rol` the
// design has since dropped; the rows of those three sub-fields carry their own marks (`+`, `~`,
// and `-` on `rol`, drawn back where it was), the `autores` row above them `~` (something inside
// changed), and no other row of the box is marked.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, openApp, screenshot, entityBox } from './app.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('a changed sub-field is marked at its own row, its parent as changed', async () => {
  const base = JSON.parse(readFileSync(join(ROOT, 'public', 'templates', 'bibliored.json'), 'utf8'));
  const autores = base.entities.find((e) => e.id === 'material').fields.find((f) => f.name === 'autores');
  autores.fields = autores.fields.filter((f) => f.name !== 'autor_id');
  autores.fields.find((f) => f.name === 'nombre').required = false;
  autores.fields.push({ name: 'rol', type: 'string' });

  const { page } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  const box = entityBox(page, 'catalogo');
  await box.waitFor();
  await page.getByTestId('action-versions').click();
  await page.getByTestId('compare-file').setInputFiles({ name: 'older.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(base)) });
  await page.getByTestId('compare-panel').waitFor({ timeout: 60000 });

  // The comparison is fitted to the whole design (fields not drawn at that zoom): zoom in on the
  // box as a person does, Ctrl+wheel over its header.
  const header = await box.locator('.entity-header').boundingBox();
  await page.mouse.move(header.x + header.width / 2, header.y + header.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -90);
  await page.keyboard.up('Control');
  const row = (path) => box.locator(`li.field[data-path="${path}"]`);
  await row('autores').waitFor();
  assert.equal(await row('autores.autor_id').getAttribute('data-diff'), '+');
  assert.equal(await row('autores.nombre').getAttribute('data-diff'), '~');
  assert.equal(await row('autores').getAttribute('data-diff'), '~');
  assert.equal(await row('autores.rol').getAttribute('data-diff'), '-', 'the removed sub-field is drawn back, marked');
  assert.equal(await row('autores.nombre').locator('[data-testid="diff-mark"] text').textContent(), '~');
  assert.equal(await box.locator('li.field[data-diff]').count(), 4, 'no other row is marked');
  assert.equal(await box.getAttribute('data-diff'), '~', 'the box changed');
  await screenshot(page, 'compare-subfields-1-marks');
});
