//! The second browser module: a Web Worker running the exporters, the importer and the review
//! report (`docshape::offload`), loaded by the UI only when a dialog needs them. It answers
//! each JSON request message with one JSON response message.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let request = event.data().as_string().unwrap_or_default();
        // A long job (a dropped dump) says how far it is before it answers.
        let answer = docshape::offload::handle_reporting(&request, &mut |progress| {
            let _ = reply.post_message(&JsValue::from_str(&progress));
        });
        // The page may be gone; nothing else can be done with an answer that cannot be sent.
        let _ = reply.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the module had loaded were dropped: the UI waits for this one.
    let _ = scope.post_message(&JsValue::from_str(docshape::offload::protocol::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "docshape-worker is the browser app's Web Worker: run `make serve`. The command-line tool is `docshape`."
    );
    std::process::exit(2);
}
