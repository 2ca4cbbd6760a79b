// Builds the browser app into dist/ (what trunk did, in one readable file):
//
//   1. compile: cargo builds the app (docshape-web), its export worker (docshape-worker) and its
//      room worker (docshape-collab, "Edit together") for
//      wasm32 with the `wasm-release` profile (and the `wasm-split` feature); wasm-split-cli
//      moves the code behind the app's split points into chunks fetched when first used
//      (`split_<name>.wasm`, and `chunk_<n>.wasm` for code some of them share, loaded by
//      `__wasm_split.js`); wasm-bindgen writes their JavaScript glue (the app
//      as an ES module, the worker as a classic script); wasm-opt -Oz shrinks each wasm (skipped
//      when target/site/ already holds the result for the same input);
//   2. assemble: every file the page or the worker loads is named after its content
//      (`main-<hash>.css`, the rule docs, templates and Spanish and Portuguese texts under
//      `data-<hash>/`), the references
//      between them are rewritten to those names, and index.html and the service worker
//      (sw.js, with the list of files it keeps offline and their SHA-256) are written last.
//
// Only index.html and sw.js keep fixed names: a host serves them revalidated (`no-cache`) and
// everything else as immutable (README, "Deploying"; tests/e2e/server.mjs does the same).
//
//   3. compress: next to each text, wasm or svg file, its Brotli form (`<name>.br`, quality 11),
//      for a host that serves precompressed files (nginx `brotli_static`, tests/e2e/server.mjs):
//      the page's wasm is ~24% smaller in Brotli than in gzip.
//
//   node scripts/build.mjs            release build into dist/
//   node scripts/build.mjs --out DIR  into DIR
//   WASM_NAMES=1 node scripts/build.mjs --out target/dist-names
//                                     the same build, its wasm keeping the function names (the
//                                     "name" section, which wasm-opt strips otherwise), for a
//                                     CPU profile that says which Rust function the time is
//                                     spent in (scripts/profile-ui.mjs drag). Never shipped: the
//                                     names add ~25% to the page's wasm.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAGE = join(ROOT, 'target', 'site');
const APPS = [
  { bin: 'docshape-web', target: 'web' },
  // A Web Worker started with `new Worker(loader)`: a classic script, as browsers without module
  // workers need.
  { bin: 'docshape-worker', target: 'no-modules' },
  // The room worker of "Edit together" (the shared design and its WebSocket): started only when a
  // room starts or a room link opens, never prefetched.
  { bin: 'docshape-collab', target: 'no-modules' },
];

/**
 * The files the service worker keeps when first fetched instead of at install: the room worker
 * and the room's views (the page's `room` chunk, src/ui/chunks.rs): the code of "Edit together".
 */
const ON_DEMAND = /^\.\/(docshape-collab|split_room-)/;
const say = (text) => console.log(`\x1b[1mbuild:\x1b[0m ${text}`);

/** Runs a tool; its output goes to ours. Rejects when it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} failed (exit ${code})`))));
  });
}

const sha256 = (bytes) => createHash('sha256').update(bytes);
/** The 16 hex digits that name a file after its content. */
const contentHash = (bytes) => sha256(bytes).digest('hex').slice(0, 16);
/** The value of an `integrity` attribute (Subresource Integrity) for `bytes`. */
const integrity = (bytes) => `sha256-${sha256(bytes).digest('base64')}`;

/** Step 1: the three wasm modules, the page's chunks and their glue in target/site/stage/. Returns that folder. */
export async function compile() {
  const bins = APPS.flatMap(({ bin }) => ['--bin', bin]);
  say('cargo build (wasm32, wasm-release profile)');
  await run('cargo', ['build', '--locked', '--profile', 'wasm-release', '--target', 'wasm32-unknown-unknown', '--features', 'wasm-split', ...bins]);
  const stage = join(STAGE, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  await Promise.all(
    APPS.map(async ({ bin, target }) => {
      let wasm = join(ROOT, 'target', 'wasm32-unknown-unknown', 'wasm-release', `${bin}.wasm`);
      const keep = [];
      if (bin === PAGE) {
        wasm = await split(wasm, stage);
        // The chunks call into the page's module through exports wasm-bindgen would drop.
        keep.push('--keep-lld-exports');
      }
      await run('wasm-bindgen', ['--target', target, '--no-typescript', ...keep, '--out-dir', stage, '--out-name', bin, wasm]);
      await optimize(join(stage, `${bin}_bg.wasm`));
    }),
  );
  return stage;
}

/** The page's module: the one whose split points (`wasm_split`, src/main.rs, src/ui/chunks.rs) become chunks. */
const PAGE = 'docshape-web';

/**
 * wasm-split-cli (installed by scripts/setup.sh) moves the code behind each split point of the
 * page's wasm into a chunk of its own (`split_<name>.wasm`), wasm-opt'ed into `stage`, with the
 * loader that fetches them (`__wasm_split.js`). Returns the page's wasm without them, for
 * wasm-bindgen.
 */
async function split(wasm, stage) {
  const out = join(STAGE, 'split');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  say(`wasm-split-cli ${basename(wasm)}`);
  await run('wasm-split-cli', [wasm, out, '--out-name', PAGE, '--target', 'web']);
  const chunks = readdirSync(out).filter(isChunk);
  for (const name of [SPLIT_LOADER, ...chunks]) cpSync(join(out, name), join(stage, name));
  await Promise.all(chunks.map((name) => optimize(join(stage, name))));
  return join(out, `${PAGE}.wasm`);
}

/**
 * A chunk of the page as wasm-split-cli names it: `split_<name>.wasm` holds the code only split
 * point `<name>` reaches; `chunk_<n>.wasm`, code that several split points share (not the page),
 * loaded before the first of them.
 */
const isChunk = (name) => /^(split|chunk)_\w+\.wasm$/.test(name);

/** The loader of the page's chunks, as wasm-split-cli names it. */
const SPLIT_LOADER = '__wasm_split.js';

/** A profiling build (`WASM_NAMES=1`): wasm-opt keeps the function names (`-g`). */
const KEEP_NAMES = process.env.WASM_NAMES === '1';

/** wasm-opt -Oz in place, or the result kept from an earlier build of the same input. */
async function optimize(file) {
  const kept = join(STAGE, `opt-${KEEP_NAMES ? 'names-' : ''}${contentHash(readFileSync(file))}.wasm`);
  if (!existsSync(kept)) {
    say(`wasm-opt -Oz${KEEP_NAMES ? ' -g' : ''} ${basename(file)}`);
    await run('wasm-opt', ['-Oz', ...(KEEP_NAMES ? ['-g'] : []), '--low-memory-unused', file, '--output', `${kept}.tmp`]);
    renameSync(`${kept}.tmp`, kept);
  }
  cpSync(kept, file);
}

/**
 * Step 2: dist/ from the compiled modules in `stage` and the sources (style/, public/, web/,
 * index.html). `css` replaces style/main.css's text (the update spec builds a second release
 * with it). `brotli`: with step 3's `.br` copies. Written to a new folder and swapped in, so a
 * server never reads a half-built dist.
 */
export function assemble({ stage = join(STAGE, 'stage'), out = join(ROOT, 'dist'), css, brotli = false } = {}) {
  const next = `${out}.next`;
  recover(out);
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  // Source reference (as written in the sources) → the file's name in dist.
  const names = new Map();
  const files = [];
  const put = (reference, name, bytes) => {
    writeFileSync(join(next, name), bytes);
    names.set(reference, name);
    files.push({ name, bytes });
  };
  // `reference` is the file's path in the project (or, for the compiled modules, its name).
  const putHashed = (reference, bytes) => {
    const ext = extname(reference);
    put(reference, `${basename(reference, ext)}-${contentHash(bytes)}${ext}`, bytes);
  };
  const rewrite = (text) => rewriteReferences(text, names);

  // The rule docs and templates: fetched by path, so one hashed folder holds them all.
  const data = dataFolder();
  const dataName = `data-${data.hash}`;
  for (const { path, bytes } of data.files) {
    const name = `${dataName}/${path}`;
    mkdirSync(dirname(join(next, name)), { recursive: true });
    writeFileSync(join(next, name), bytes);
    files.push({ name, bytes });
  }
  names.set('data/', `${dataName}/`);

  // The page's chunks, then their loader and the page's glue, which name each other.
  for (const name of readdirSync(stage).filter(isChunk).sort()) {
    putHashed(name, readFileSync(join(stage, name)));
  }
  const page = splitLoader(stage, rewrite);
  for (const { bin } of APPS) {
    putHashed(`${bin}_bg.wasm`, readFileSync(join(stage, `${bin}_bg.wasm`)));
    putHashed(`${bin}.js`, bin === PAGE ? page.glue : readFileSync(join(stage, `${bin}.js`)));
  }
  if (page.loader) put(SPLIT_LOADER, page.loader.name, rewrite(page.loader.text));
  const source = (path) => readFileSync(join(ROOT, path));
  putHashed('web/docshape-worker_loader.js', rewrite(source('web/docshape-worker_loader.js').toString()));
  putHashed('web/docshape-collab_loader.js', rewrite(source('web/docshape-collab_loader.js').toString()));
  putHashed('style/main.css', css ?? source('style/main.css'));
  putHashed('public/favicon.svg', source('public/favicon.svg'));
  for (const icon of readdirSync(join(ROOT, 'public', 'icons')).sort()) {
    putHashed(`public/icons/${icon}`, source(`public/icons/${icon}`));
  }
  putHashed('web/manifest.webmanifest', rewrite(source('web/manifest.webmanifest').toString()));
  putHashed('web/start.js', rewrite(source('web/start.js').toString()));
  put('index.html', 'index.html', rewrite(source('index.html').toString()));

  // The service worker's list: every file above, with its SHA-256 (the worker refuses a file
  // that is not the one this build wrote), and the release named after all of them and the
  // service worker's own code.
  // The room worker's files and the room's chunk ("Edit together") are kept when a room first
  // loads them, not at install: most visitors never open a room, and a workshop's Wi-Fi should
  // not carry their ~300 KiB to each of them.
  const entries = files.map(({ name, bytes }) => ({ url: name === 'index.html' ? './' : `./${name}`, integrity: integrity(bytes) }));
  entries.sort((a, b) => a.url.localeCompare(b.url));
  const onDemand = entries.filter(({ url }) => ON_DEMAND.test(url));
  const precache = entries.filter(({ url }) => !ON_DEMAND.test(url));
  const worker = source('web/sw.js').toString();
  const release = contentHash(JSON.stringify(entries) + worker);
  const list = (items) => `[\n${items.map((entry) => `  ${JSON.stringify(entry)}`).join(',\n')},\n]`;
  const sw = worker
    .replace("'__RELEASE__'", () => JSON.stringify(release))
    .replace('[/* __PRECACHE__ */]', () => list(precache))
    .replace('[/* __ON_DEMAND__ */]', () => list(onDemand));
  writeFileSync(join(next, 'sw.js'), sw);
  const compressed = brotli ? precompress(next) : null;

  swapIn(next, out);
  return { release, files: precache.length, onDemand: onDemand.length, compressed };
}

/**
 * The page's glue and the chunks' loader import each other (the loader takes the page's memory
 * and table from the glue), so neither can be named after its final text. The loader is named
 * after everything its text is made from (its own text with the chunks' names, the page's glue
 * and wasm): same name, same content, as an immutable file needs. The glue imports it by that
 * name; only its `import` lines change (one per chunk): the wasm's imports stay keyed by `./__wasm_split.js`.
 * Returns the page's glue, and the loader to write once the glue has its name (`rewrite` then
 * gives it the glue's).
 */
function splitLoader(stage, rewrite) {
  const glue = readFileSync(join(stage, `${PAGE}.js`)).toString();
  if (!existsSync(join(stage, SPLIT_LOADER))) return { glue, loader: null };
  const text = rewrite(readFileSync(join(stage, SPLIT_LOADER)).toString());
  const hash = sha256(text).update(glue).update(readFileSync(join(stage, `${PAGE}_bg.wasm`))).digest('hex').slice(0, 16);
  const name = `__wasm_split-${hash}.js`;
  const from = `from "./${SPLIT_LOADER}"`;
  if (!glue.includes(from)) throw new Error(`${PAGE}.js does not import ./${SPLIT_LOADER}`);
  return { glue: glue.replaceAll(from, `from "./${name}"`), loader: { name, text } };
}

/**
 * Puts the finished folder `next` in the place of `out`: the old build is set aside as
 * `<out>.old`, `next` renamed to `out`, then the old one deleted. A server reads either the old
 * build or the new one, never half of each. Interrupted between the two renames, the build
 * leaves `out` missing and `<out>.old` holding the last complete one: `recover` (run first by
 * every swap and at the start of every build) puts it back, or deletes it once `out` exists, so
 * no stray folder outlives the next build (and .gitignore keeps both aside names out of git).
 */
export function swapIn(next, out) {
  const old = `${out}.old`;
  recover(out);
  if (existsSync(out)) renameSync(out, old);
  try {
    renameSync(next, out);
  } catch (error) {
    renameSync(old, out);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

/** Finishes a swap an interruption left halfway (see `swapIn`). */
export function recover(out) {
  const old = `${out}.old`;
  if (!existsSync(old)) return;
  if (existsSync(out)) rmSync(old, { recursive: true, force: true });
  else renameSync(old, out);
}

/**
 * Replaces each reference the sources make to a built file, written in quotes as the file's
 * path in the project (`"style/main.css"`) or a compiled module's name (`'./docshape-web.js'`),
 * by `./` and the file's name in dist.
 */
export function rewriteReferences(text, names) {
  let out = text;
  for (const [reference, name] of names) {
    const escaped = reference.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    out = out.replace(new RegExp(`(["'])(?:\\./)?${escaped}\\1`, 'g'), (_, q) => `${q}./${name}${q}`);
  }
  return out;
}

/** The files of public/templates, public/rules and public/i18n, and one hash of all of them. */
function dataFolder() {
  const files = [];
  for (const top of ['templates', 'rules', 'i18n']) {
    const walk = (dir) => {
      for (const entry of readdirSync(dir).sort()) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push({ path: relative(join(ROOT, 'public'), path), bytes: readFileSync(path) });
      }
    };
    walk(join(ROOT, 'public', top));
  }
  const all = sha256('');
  for (const { path, bytes } of files) all.update(path).update('\0').update(bytes);
  return { files, hash: all.digest('hex').slice(0, 16) };
}

/** The kinds of file worth compressing (the others, png icons, are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.wasm', '.css', '.json', '.webmanifest', '.md', '.svg']);

/**
 * Step 3: writes `<file>.br` (Brotli, quality 11, its largest standard window) next to each
 * compressible file of `out` from 1 KiB up. Returns the bytes before and after. The copies of
 * the large files (the wasm modules: ~10 s each on 2 cores) are kept in target/site/ for the
 * next build of the same content, as wasm-opt's results are.
 */
export function precompress(out) {
  let before = 0;
  let after = 0;
  const brotli = (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (COMPRESSIBLE.has(extname(entry)) && statSync(path).size >= 1024) {
        const bytes = readFileSync(path);
        let br;
        if (bytes.length >= 64 * 1024) {
          const kept = join(STAGE, `br-${contentHash(bytes)}.br`);
          if (!existsSync(kept)) {
            mkdirSync(STAGE, { recursive: true });
            writeFileSync(`${kept}.tmp`, brotli(bytes));
            renameSync(`${kept}.tmp`, kept);
          }
          br = readFileSync(kept);
        } else br = brotli(bytes);
        writeFileSync(`${path}.br`, br);
        before += bytes.length;
        after += br.length;
      }
    }
  };
  walk(out);
  return { before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? resolve(process.cwd(), process.argv[at + 1]) : join(ROOT, 'dist');
  const stage = await compile();
  const { release, files, onDemand, compressed } = assemble({ stage, out, brotli: true });
  say(`${relative(process.cwd(), out) || '.'}: release ${release}, ${files} files kept offline by sw.js, ${onDemand} more once used`);
  say(`Brotli copies (.br): ${(compressed.before / 1024).toFixed(0)} KiB → ${(compressed.after / 1024).toFixed(0)} KiB`);
}
