//! Named spans on the browser's performance timeline (`performance.measure`), so a profile or
//! the DevTools performance panel shows where start-up time goes (`scripts/profile-ui.mjs`
//! prints them). Costs two calls to the browser per span.

/// Runs `f` and records it as the span `docshape:{name}`.
pub fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let perf = web_sys::window().and_then(|w| w.performance());
    let start = format!("docshape:{name}:start");
    if let Some(p) = &perf {
        let _ = p.mark(&start);
    }
    let out = f();
    if let Some(p) = &perf {
        let _ = p.measure_with_start_mark(&format!("docshape:{name}"), &start);
        p.clear_marks_with_mark_name(&start);
    }
    out
}
