//! The inspector shows what is selected: an aggregate, a relation, or a hint. Its code comes in
//! a chunk of its own (`ui::chunks`), fetched the first time the Inspector tab shows.

use super::entity_inspector::EntityInspector;
use super::relation_inspector::RelationInspector;
use super::state::Editor;
use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;

#[component]
pub fn Inspector() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let target = Memo::new(move |_| editor.selection.with(|s| (s.entities.clone(), s.relation.clone())));
    move || {
        match target.get() {
        (_, Some(rel)) => view! { <RelationInspector id=rel /> }.into_any(),
        (entities, None) if entities.len() == 1 => {
            let id = entities.into_iter().next().unwrap_or_default();
            view! { <EntityInspector id=id /> }.into_any()
        }
        (entities, None) if entities.len() > 1 => {
            view! { <div class="panel inspector"><p class="calm">{move || Msg::NSelected.fill(editor.lang.get(), &[&entities.len()])}</p></div> }.into_any()
        }
        _ => view! {
            <div class="panel inspector">
                <p class="calm">{tr(Msg::SelectHint)}</p>
            </div>
        }
        .into_any(),
    }
    }
}

/// The inspector's place while its chunk loads (or cannot): the panel around the note.
pub fn frame(note: AnyView) -> AnyView {
    view! { <div class="panel inspector">{note}</div> }.into_any()
}
