// The page's bytes are what a first visit waits for: the build writes a Brotli copy of each file
// (`<file>.br`, ~24% smaller than gzip for the wasm), and a host that serves them (as the test
// server does) sends the browser those; the wasm is still compiled as it streams in. A browser
// or client that does not take Brotli gets gzip, and every encoding decodes to the same file.
// (offline.spec.mjs installs the offline copy after such a first visit and reloads from it.)
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { launch, firstRender, BASE_URL } from './app.mjs';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const appWasm = () => readdirSync(DIST).find((f) => /^docshape-web_bg-[0-9a-f]{16}\.wasm$/.test(f));

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('a first visit receives the Brotli copies, and the wasm compiles as it streams in', async () => {
  const wasm = appWasm();
  assert.ok(wasm, 'a built app in dist/');
  const brotli = statSync(join(DIST, `${wasm}.br`)).size;
  // Listening from the first request: a context whose page is opened by hand.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (m) => /instantiateStreaming/.test(m.text()) && warnings.push(m.text()));
  const headers = new Map();
  page.on('response', async (r) => headers.set(new URL(r.url()).pathname.slice(1), await r.allHeaders()));
  await page.goto(BASE_URL);
  const { drawn } = await firstRender(page);
  assert.ok(drawn > 0, 'the demo is drawn');

  const sent = headers.get(wasm);
  assert.equal(sent['content-encoding'], 'br');
  assert.equal(sent['content-type'], 'application/wasm');
  // What crossed the network is the build's Brotli copy, byte for byte in size.
  const entry = await page.evaluate(
    (name) => performance.getEntriesByType('resource').find((r) => r.name.endsWith(`/${name}`))?.toJSON(),
    wasm,
  );
  assert.equal(entry.encodedBodySize, brotli);
  assert.equal(entry.decodedBodySize, statSync(join(DIST, wasm)).size);
  for (const name of ['index.html', readdirSync(DIST).find((f) => /^main-[0-9a-f]{16}\.css$/.test(f))]) {
    assert.equal(headers.get(name === 'index.html' ? '' : name)?.['content-encoding'], 'br', name);
  }
  assert.deepEqual(warnings, [], 'no fallback from streaming compilation');
  await context.close();
});

test('without Brotli a client gets gzip; each encoding decodes to the built file', async () => {
  const wasm = appWasm();
  const original = readFileSync(join(DIST, wasm));
  const get = (accept) => fetch(new URL(wasm, BASE_URL), { headers: { 'accept-encoding': accept } });
  // Node's fetch decodes what it receives: the decoded body is compared, the encoding read from
  // the headers; the raw bytes are checked below with a plain request.
  const gz = await get('gzip');
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  assert.ok(Buffer.from(await gz.arrayBuffer()).equals(original));
  const br = await get('gzip, br');
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.ok(Buffer.from(await br.arrayBuffer()).equals(original));
  assert.notEqual(gz.headers.get('etag'), br.headers.get('etag'), 'each encoding has its own tag');
  const plain = await get('identity');
  assert.equal(plain.headers.get('content-encoding'), null);
  assert.ok(Buffer.from(await plain.arrayBuffer()).equals(original));
  // The Brotli copy on disk is this build's file, compressed.
  assert.ok(brotliDecompressSync(readFileSync(join(DIST, `${wasm}.br`))).equals(original));
  // And gzip is a real fallback: the bytes on the wire are gzip's, not Brotli's under its name.
  const raw = await new Promise((resolve, reject) => {
    httpGet(new URL(wasm, BASE_URL), { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
  assert.ok(gunzipSync(raw).equals(original));
});
