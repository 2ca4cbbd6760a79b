// A static file server for the built app (dist/), sending what a real host should (README,
// "Deploying"): files named after their content (`main-<16 hex>.css`, `data-<16 hex>/...`) as
// immutable, everything else (index.html, sw.js) revalidated with an ETag; the build's Brotli copy
// (`<file>.br`, scripts/build.mjs) when there is one and the browser accepts it, else gzip when
// it accepts that; wasm as application/wasm, so the browser compiles it while it streams in.
// Used by the browser specs, the UI benchmark and `make serve` (scripts/serve.mjs).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const COMPRESSED = new Set(['.html', '.js', '.wasm', '.css', '.json', '.webmanifest', '.md', '.svg']);
/** A file or folder named after its content: it never changes under that name. */
export const HASHED = /(^|\/)[^/]+-[0-9a-f]{16}(\.[a-z]+)?(\/|$)/;

export const cacheControl = (path) => (HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');

/**
 * Serves `root` on 127.0.0.1:`port`. The returned server's `root` can be changed while it runs
 * (the update spec publishes a second release that way). `options.cacheControl` (path → header)
 * serves another app by its own naming (the load benchmark's comparison); `options.brotli:
 * false` leaves the `.br` copies unused (gzip only, as the load benchmark's targets were set).
 */
export function serve(root, port, options = {}) {
  const caching = options.cacheControl ?? cacheControl;
  const brotli = options.brotli ?? true;
  const kept = new Map(); // file → { mtime, etag, body, gzipped, brotli }
  const read = async (file) => {
    const { mtimeMs } = await stat(file);
    const known = kept.get(file);
    if (known?.mtime === mtimeMs) return known;
    const body = await readFile(file);
    const entry = { mtime: mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
    if (COMPRESSED.has(extname(file))) {
      entry.gzipped = gzipSync(body, { level: 9 });
      entry.brotli = brotli ? await readFile(`${file}.br`).catch(() => undefined) : undefined;
    }
    kept.set(file, entry);
    return entry;
  };
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(server.root, path.endsWith('/') ? join(path, 'index.html') : path);
    let entry;
    try {
      entry = await read(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-cache' });
      res.end('not found');
      return;
    }
    const accepts = (coding) => new RegExp(`\\b${coding}\\b`).test(req.headers['accept-encoding'] ?? '');
    const encoding = entry.brotli && accepts('br') ? 'br' : entry.gzipped && accepts('gzip') ? 'gzip' : null;
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': caching(path),
      // Each encoding is its own representation, with its own tag.
      etag: encoding ? entry.etag.replace(/"$/, `-${encoding}"`) : entry.etag,
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === headers.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = encoding === 'br' ? entry.brotli : encoding === 'gzip' ? entry.gzipped : entry.body;
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  server.root = root;
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
