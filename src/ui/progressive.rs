//! Long lists rendered in steps: the first items at once, the rest in chunks after the next
//! frame has been painted, so a model with thousands of findings does not hold back the
//! diagram (or the page) while the whole list is built. Every item is rendered in the end,
//! in order; nothing is virtualised away.

use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;

/// Items rendered before the first paint (enough to fill the side panel).
pub const FIRST: usize = 60;
/// Items added per later step.
const CHUNK: usize = 250;

/// Renders `items` with `render`: the first `FIRST` now, the rest `CHUNK` at a time, one step
/// per frame, each in a task of its own after the frame, so painting and input come in between.
pub fn progressive<T, V>(items: Vec<T>, render: impl Fn(T) -> V + Send + Sync + 'static) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let total = items.len();
    let items = Arc::new(items);
    let shown = RwSignal::new(total.min(FIRST));
    if total > FIRST {
        // One chunk per frame, in a task after that frame has painted, so frames (and input)
        // keep coming while the list fills.
        fn step(shown: RwSignal<usize>, total: usize) {
            request_animation_frame(move || {
                set_timeout(
                    move || {
                        let more = shown.try_update(|s| {
                            *s = (*s + CHUNK).min(total);
                            *s < total
                        });
                        if more == Some(true) {
                            step(shown, total);
                        }
                    },
                    Duration::ZERO,
                )
            });
        }
        step(shown, total);
    }
    let render = Arc::new(render);
    view! {
        <For each=move || 0..shown.get() key=|i| *i let:i>
            {items.get(i).cloned().map(|item| render(item))}
        </For>
    }
}
