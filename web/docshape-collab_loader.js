// The room worker's entry ("Edit together"; `new Worker(...)` in src/ui/together.rs): loads the
// glue, then the wasm, whose `main` owns the room and its WebSocket. Started only when a room
// starts or a room link opens. The build writes the hashed names.
importScripts('./docshape-collab.js');
wasm_bindgen({ module_or_path: './docshape-collab_bg.wasm' });
