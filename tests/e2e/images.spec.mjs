// SVG and PNG exports are non-empty and have the diagram's dimensions.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { launch, openApp } from './app.mjs';

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('SVG and PNG exports carry the whole diagram', async () => {
  const { page, context, errors } = await openApp(browser);
  await page.getByTestId('action-export').click();
  await page.getByRole('tab', { name: 'Diagram image' }).click();
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-svg').click()]);
  const svg = await readFile(await svgDownload.path(), 'utf8');
  const w = Number(svg.match(/<svg[^>]* width="([\d.]+)"/)[1]);
  const h = Number(svg.match(/<svg[^>]* height="([\d.]+)"/)[1]);
  assert.ok(w > 400 && h > 400, `svg ${w}×${h}`);
  assert.match(svg, /catalogo/);
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-png').click()]);
  const png = await readFile(await pngDownload.path());
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  // PNG header: width and height at bytes 16..24, drawn at twice the SVG's size.
  assert.equal(png.readUInt32BE(16), Math.round(w) * 2);
  assert.equal(png.readUInt32BE(20), Math.round(h) * 2);
  assert.ok(png.length > 10000, `png is ${png.length} bytes`);
  assert.deepEqual(errors, []);
  await context.close();
});
