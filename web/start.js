// The page's start-up. It loads the app (the browser compiles the wasm while it streams in,
// served as application/wasm) and, once the first frame is painted and the browser is idle,
// installs the service worker (web/sw.js) that keeps this release available offline, the
// export worker included. Until then nothing else is fetched but the start language's texts
// when it is Spanish or Portuguese, and the demo design when no design is saved here: the
// first paint has the network to itself. The build writes the hashed file names.
import init, * as bindings from './docshape-web.js';

// The interface's Spanish and Portuguese texts are a data file, not part of the wasm
// (src/i18n/fetched.rs): the start language's file is fetched while the wasm streams in, and
// the app installs it before its first render, so the first paint is in that language.
const wasm = fetch('./docshape-web_bg.wasm');
const lang = startLanguage();
// A visit with no design saved opens the demo design, a data file too (src/ui/storage.rs):
// fetched alongside, so the first paint has it; a visit with designs never fetches it.
const demo = hasSavedDesign() ? null : fetchData('templates/bibliored.json');
const texts = lang === 'en' ? null : fetchData(`i18n/${lang}.json`);
if (texts) window.docshapeTexts = { lang, ...(await texts) };
if (demo) window.docshapeDemo = (await demo).text;
await init({ module_or_path: wasm });
// The app is mounted (its `main` ran during `init`); the UI benchmark reads the bindings.
window.wasmBindings = bindings;
performance.mark('docshape:started');

/**
 * The language the app starts in, as src/ui/storage.rs (`initial_lang`) picks it: the saved
 * choice, else the browser's language, else English.
 */
function startLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem('docshape.lang');
  } catch {
    // Storage turned off: the browser's language decides.
  }
  if (['en', 'es', 'pt'].includes(saved)) return saved;
  const primary = (navigator.language ?? '').trim().split(/[-_]/)[0].toLowerCase();
  return primary === 'es' || primary === 'pt' ? primary : 'en';
}

/**
 * Whether this browser keeps a design (src/ui/designs.rs: `docshape.design.<id>`, or the
 * single autosave of earlier versions, `docshape.model`).
 */
function hasSavedDesign() {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('docshape.design.') || key === 'docshape.model') return true;
    }
  } catch {
    // Storage turned off: nothing saved.
  }
  return false;
}

/**
 * `{text}` of a file of the data folder, or `{error}` when it cannot be had (the app then
 * starts in English, or fetches the demo again, and says why).
 */
async function fetchData(path) {
  const data = document.querySelector('meta[name="docshape-data"]')?.content ?? 'data/';
  try {
    const response = await fetch(`${data}${path}`);
    if (!response.ok) return { error: `${response.status}` };
    return { text: await response.text() };
  } catch (error) {
    return { error: String(error.message ?? error) };
  }
}

/**
 * Runs `work` when the browser is idle after the first paint: the first frame with content on
 * screen, which holds the diagram (the app mounts before the browser paints). A frame's
 * callbacks run before its pixels are shown, so the paint is known from its timing entry.
 */
function afterFirstPaint(work) {
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
  const then = () => idle(work, { timeout: 5000 });
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 100));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      then();
    }
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstPaint(async () => {
  performance.mark('docshape:background');
  if (!('serviceWorker' in navigator)) return prefetchWorker();
  try {
    watchForUpdates(await navigator.serviceWorker.register('./sw.js'));
  } catch {
    // Not allowed here (a plain-http address other than localhost, or blocked by the browser):
    // no offline copy, but the export worker is still fetched ahead of the first export.
    prefetchWorker();
  }
});

/** Asks the HTTP cache for the export worker's files (they are served immutable). */
function prefetchWorker() {
  for (const href of ['web/docshape-worker_loader.js', './docshape-worker.js', './docshape-worker_bg.wasm']) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * A new release is installed in the background by the browser (on a visit, and when asked
 * below); it waits until every tab of the old one is closed, or until the user takes it: the
 * app shows "a new version is ready" when the page says so (the `docshape-update` event) and
 * calls `window.docshapeUpdate()` on the user's click, once the design is saved.
 */
function watchForUpdates(registration) {
  let asked = false;
  let hadController = Boolean(navigator.serviceWorker.controller);
  const announce = () => dispatchEvent(new Event('docshape-update'));
  window.docshapeUpdate = async () => {
    asked = true;
    // A registration that cannot say (a browser blocking service workers) reloads all the same.
    const next = await newest(registration).catch(() => null);
    if (next) next.postMessage('take-over');
    else location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // This tab asked: reload into the new release. Another tab took it (or this is the first
    // install taking control): this page keeps working on its own release's files, and the
    // notice offers the reload.
    if (asked) location.reload();
    else if (hadController) announce();
    hadController = true;
  });
  const waiting = () => registration.waiting && navigator.serviceWorker.controller && announce();
  waiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && waiting());
  });
  // A tab left open through a workshop still hears of a release published meanwhile.
  const check = () => registration.update().catch(() => {});
  setInterval(check, 30 * 60 * 1000);
  addEventListener('online', check);
}

/**
 * The release waiting to take over, once installed: asked of the server first when none is
 * known yet (a part of the app that this tab's release lost on the server brings the person
 * here before the browser's own check may have run). `null` when there is none.
 */
async function newest(registration) {
  // Bounded: a browser that never answers (the worker blocked) reloads all the same.
  const within = (ms, promise) => Promise.race([promise, new Promise((done) => setTimeout(done, ms))]);
  if (!registration.waiting && !registration.installing) await within(3000, registration.update().catch(() => {}));
  const installing = registration.installing;
  if (installing) {
    await within(
      20000,
      new Promise((done) => {
        const settled = () => installing.state !== 'installing' && done();
        installing.addEventListener('statechange', settled);
        settled();
      }),
    );
  }
  return registration.waiting;
}
