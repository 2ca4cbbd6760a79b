//! The third browser module: the room worker of "Edit together" (`docshape::together`), a Web
//! Worker the page starts only when a room starts or a room link opens, so the collaboration
//! code (yrs) never weighs on the page at start. It owns the shared design and the WebSocket
//! to the sync server; this file only moves bytes between the page, the socket and
//! [`docshape::together::host::Host`], and reconnects with backoff when the socket closes.

#[cfg(target_arch = "wasm32")]
mod shell {
    use docshape::together::host::{Effect, Host};
    use docshape::together::protocol::READY;
    use std::cell::{Cell, RefCell};
    use wasm_bindgen::{closure::Closure, JsCast, JsValue};

    /// Reconnecting waits this long first, doubling up to [`MAX_BACKOFF_MS`].
    const FIRST_BACKOFF_MS: u32 = 500;
    const MAX_BACKOFF_MS: u32 = 8_000;
    /// Presence is sent again this often (the server closes a connection silent for a minute).
    const HEARTBEAT_MS: u32 = 15_000;

    thread_local! {
        static HOST: RefCell<Host> = RefCell::new(Host::new(now));
        static SOCKET: RefCell<Option<web_sys::WebSocket>> = const { RefCell::new(None) };
        static URL: RefCell<String> = const { RefCell::new(String::new()) };
        static BACKOFF: Cell<u32> = const { Cell::new(FIRST_BACKOFF_MS) };
        static RETRY_PENDING: Cell<bool> = const { Cell::new(false) };
    }

    fn now() -> u64 {
        js_sys::Date::now() as u64
    }

    fn scope() -> web_sys::DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    fn run(effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                // The page may be gone; nothing else can be done with a message that cannot go.
                Effect::Post(message) => {
                    let _ = scope().post_message(&JsValue::from_str(&message.to_json()));
                }
                Effect::Send(frame) => SOCKET.with_borrow(|s| {
                    if let Some(socket) = s.as_ref().filter(|s| s.ready_state() == web_sys::WebSocket::OPEN) {
                        let _ = socket.send_with_u8_array(&frame);
                    }
                }),
                Effect::Connect(url) => {
                    URL.with_borrow_mut(|u| *u = url);
                    connect();
                }
                Effect::Close => {
                    if let Some(socket) = SOCKET.with_borrow_mut(Option::take) {
                        let _ = socket.close();
                    }
                }
            }
        }
    }

    fn with_host(f: impl FnOnce(&mut Host) -> Vec<Effect>) {
        let effects = HOST.with_borrow_mut(f);
        run(effects);
    }

    fn connect() {
        if let Some(old) = SOCKET.with_borrow_mut(Option::take) {
            old.set_onclose(None);
            let _ = old.close();
        }
        let url = URL.with_borrow(Clone::clone);
        let socket = match web_sys::WebSocket::new(&url) {
            Ok(s) => s,
            Err(_) => return retry_later(),
        };
        socket.set_binary_type(web_sys::BinaryType::Arraybuffer);
        let on_open = Closure::<dyn FnMut()>::new(|| {
            BACKOFF.set(FIRST_BACKOFF_MS);
            with_host(Host::opened);
        });
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            if let Ok(buffer) = event.data().dyn_into::<js_sys::ArrayBuffer>() {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                with_host(|h| h.received(&bytes));
            }
        });
        let mine = socket.clone();
        let on_close = Closure::<dyn FnMut()>::new(move || {
            // A socket replaced meanwhile closes quietly.
            let current = SOCKET.with_borrow(|s| s.as_ref().is_some_and(|s| s == &mine));
            if current {
                SOCKET.with_borrow_mut(|s| *s = None);
            }
            with_host(Host::closed);
            retry_later();
        });
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        // Owned by the socket's life; a few closures per connection.
        on_open.forget();
        on_message.forget();
        on_close.forget();
        SOCKET.with_borrow_mut(|s| *s = Some(socket));
    }

    /// Reconnects after the backoff, unless the room was left or refused.
    fn retry_later() {
        if RETRY_PENDING.get() || !HOST.with_borrow(Host::wants_connection) {
            return;
        }
        RETRY_PENDING.set(true);
        let wait = BACKOFF.get();
        BACKOFF.set((wait * 2).min(MAX_BACKOFF_MS));
        gloo::timers::callback::Timeout::new(wait, || {
            RETRY_PENDING.set(false);
            if HOST.with_borrow(Host::wants_connection) && SOCKET.with_borrow(Option::is_none) {
                connect();
            }
        })
        .forget();
    }

    pub fn main() {
        console_error_panic_hook::set_once();
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            with_host(|h| h.message(&text));
        });
        scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        gloo::timers::callback::Interval::new(HEARTBEAT_MS, || with_host(Host::heartbeat)).forget();
        let _ = scope().post_message(&JsValue::from_str(READY));
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    shell::main();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "docshape-collab is the browser app's room worker: run `make serve`. The command-line tool is `docshape`."
    );
    std::process::exit(2);
}
