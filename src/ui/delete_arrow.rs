//! Deleting a reference arrow asks about its field: the child keeps it as a plain field, or it
//! goes with the arrow (one undo step either way). Shown in the one dialog mechanism
//! (`ui::modal`): the focus goes to "Keep the field", Escape cancels.

use super::state::Editor;
use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;

#[component]
pub fn DeleteArrow() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // The arrow selected when Delete was pressed: the dialog keeps the focus, so it stays so.
    let id = editor.selection.with_untracked(|s| s.relation.clone()).unwrap_or_default();
    let held = editor.model.with_untracked(|m| {
        let (child, field) = m.reference_field(&id)?;
        Some((m.entity(&child).map(|e| e.name.clone()).unwrap_or(child), field))
    });
    let Some((child, field)) = held else {
        return view! { <p class="hint">{tr(Msg::DeleteArrow)}</p> }.into_any();
    };
    let id = StoredValue::new(id);
    let done = move |keep: bool| {
        editor.dialog.set(None);
        editor.delete_arrow(&id.get_value(), keep);
    };
    view! {
        <p data-testid="delete-arrow-question">{move || editor.fill(Msg::DeleteArrowQuestion, &[&child, &field])}</p>
        <div class="buttons">
            <button class="primary" data-autofocus="" data-testid="delete-arrow-keep" on:click=move |_| done(true)>{tr(Msg::KeepField)}</button>
            <button data-testid="delete-arrow-field" on:click=move |_| done(false)>{tr(Msg::DeleteFieldToo)}</button>
            <button data-testid="delete-arrow-cancel" on:click=move |_| editor.dialog.set(None)>{tr(Msg::CancelAction)}</button>
        </div>
    }
    .into_any()
}
