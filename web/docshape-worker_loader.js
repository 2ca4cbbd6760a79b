// The export worker's entry (`new Worker(...)` in src/ui/worker_client.rs): loads the glue, then
// the wasm, whose `main` answers the page's messages. The build writes the hashed names.
importScripts('./docshape-worker.js');
wasm_bindgen({ module_or_path: './docshape-worker_bg.wasm' });
