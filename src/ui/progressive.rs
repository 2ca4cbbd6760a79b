//! Long lists rendered in steps: the first items at once, the rest in chunks after the next
//! frame has been painted, so a model with thousands of findings does not hold back the
//! diagram (or the page) while the whole list is built. Every item is rendered in the end,
//! in order; nothing is virtualised away.
//!
//! All lists share one queue, served one chunk per frame (the lists in the order they were
//! made: findings first), so the work after a frame stays small whatever the number of lists.

use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

/// Items rendered before the first paint (enough to fill the side panel).
pub const FIRST: usize = 40;
/// Items added per frame after that.
const CHUNK: usize = 120;

thread_local! {
    /// Lists still growing: how many items each shows, and how many it has.
    static QUEUE: RefCell<VecDeque<(RwSignal<usize>, usize)>> = const { RefCell::new(VecDeque::new()) };
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
}

/// Asks for one step after the next frame, unless one is already asked for.
fn schedule() {
    if SCHEDULED.replace(true) {
        return;
    }
    request_animation_frame(|| set_timeout(step, Duration::ZERO));
}

/// Grows the first list in the queue by one chunk; a list that is disposed (its view was
/// replaced) or complete leaves the queue.
fn step() {
    SCHEDULED.set(false);
    while let Some((shown, total)) = QUEUE.with_borrow_mut(VecDeque::pop_front) {
        let more = shown.try_update(|s| {
            *s = (*s + CHUNK).min(total);
            *s < total
        });
        match more {
            // Disposed: its list is gone; serve the next one in this step.
            None => continue,
            Some(true) => QUEUE.with_borrow_mut(|q| q.push_front((shown, total))),
            Some(false) => {}
        }
        break;
    }
    if QUEUE.with_borrow(|q| !q.is_empty()) {
        schedule();
    }
}

/// Renders `items` with `render`: the first `FIRST` now, the rest `CHUNK` per frame, each step
/// in a task of its own after the frame, so painting and input come in between.
pub fn progressive<T, V>(items: Vec<T>, render: impl Fn(T) -> V + Send + Sync + 'static) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let total = items.len();
    let items = Arc::new(items);
    let shown = RwSignal::new(total.min(FIRST));
    if total > FIRST {
        QUEUE.with_borrow_mut(|q| q.push_back((shown, total)));
        schedule();
    }
    let render = Arc::new(render);
    view! {
        <For each=move || 0..shown.get() key=|i| *i let:i>
            {items.get(i).cloned().map(|item| render(item))}
        </For>
    }
}
