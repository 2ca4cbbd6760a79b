// A developer takes the design into the application: the export dialog's Code tab, a language
// picked, its code copied and downloaded, at 1280x720.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openApp, screenshot } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('the Code tab gives TypeScript, Java and Mermaid to copy and download', async () => {
  const { page, context, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('action-export').click();
  const dialog = page.getByTestId('export');
  await dialog.getByRole('tab', { name: 'Code' }).click();
  const text = dialog.getByTestId('export-text');

  // Mongoose comes first: the models of BiblioRed's three collections.
  await assert.doesNotReject(text.waitFor());
  assert.match(await text.innerText(), /export const Catalogo = mongoose\.model\("Catalogo", CatalogoBaseSchema, "catalogo"\);/);

  await dialog.getByTestId('code-target').selectOption('typescript');
  await page.waitForFunction(() => document.querySelector('[data-testid="export-text"]')?.innerText.includes('export interface Collections'));
  const ts = await text.innerText();
  assert.match(ts, /export type Catalogo = CatalogoLibro \| CatalogoRevista \| CatalogoAudiolibro;/);
  assert.match(ts, /import type \{ ObjectId \} from "mongodb";/);
  // Copy and Download are in view at 720 px, below the code.
  for (const name of ['Copy', 'Download']) {
    const box = await dialog.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(box && box.y + box.height <= 720, `${name} is off screen: ${JSON.stringify(box)}`);
  }
  await screenshot(page, 'code-export-typescript');

  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied.trim(), ts.trim());

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'bibliored.types.ts');
  assert.equal(readFileSync(await download.path(), 'utf8').trim(), ts.trim());

  // Java's file is named after its public class.
  await dialog.getByTestId('code-target').selectOption('java');
  await page.waitForFunction(() => document.querySelector('[data-testid="export-text"]')?.innerText.includes('public final class'));
  const [java] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  assert.equal(java.suggestedFilename(), 'BiblioRedDocuments.java');
  assert.match(readFileSync(await java.path(), 'utf8'), /public final class BiblioRedDocuments \{/);

  await dialog.getByTestId('code-target').selectOption('mermaid');
  await page.waitForFunction(() => document.querySelector('[data-testid="export-text"]')?.innerText.includes('erDiagram'));
  assert.match(await text.innerText(), /\|\|\.\.o\{/, 'a dashed reference line');
  await screenshot(page, 'code-export-mermaid');
  assert.deepEqual(errors, []);
  await context.close();
});
