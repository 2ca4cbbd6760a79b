//! One aggregate on the canvas: header with name, kind and size badge, then its fields.

use super::field_rename::FieldName;
use super::lookup::Lookup;
use super::state::{Drag, Editor, FieldRename};
use super::text::tr;
use crate::advisor::{Severity, SizeLevel};
use crate::editor::geometry::{entity_rect, rows, INDENT};
use crate::i18n::Msg;
use crate::model::{Entity, EntityKind};
use crate::share::labels::{bytes_label, kind_label, type_label};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The ids of the entities embedded into a parent (drawn as sub-documents), a context the
/// canvas provides to its boxes.
#[derive(Clone, Copy)]
pub struct Embedded(pub Memo<std::collections::HashSet<String>>);

#[component]
pub fn EntityBox(id: String, far: Signal<bool>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let lookup = expect_context::<Lookup>();
    let entity = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| lookup.entity(m, &id).cloned()))
    };
    let selected = {
        let id = id.clone();
        Memo::new(move |_| editor.selection.with(|s| s.has_entity(&id)))
    };
    let highlighted = {
        let id = id.clone();
        Memo::new(move |_| {
            editor.active_query.with(|q| {
                q.as_ref()
                    .is_some_and(|q| editor.model.with(|m| m.query(q).is_some_and(|q| q.entities().any(|e| e == id))))
            })
        })
    };
    // Only the boxes being dragged see their offset change, so a pointer move re-renders them
    // alone (the memo runs for every box, but it is a set look-up, and it notifies on change).
    let offset = {
        let id = id.clone();
        Memo::new(move |_| editor.drag_offset(&id))
    };
    // The boxes grabbed last are drawn above the others, during the drag and after it.
    let front = {
        let id = id.clone();
        Memo::new(move |_| editor.front.with(|f| f.contains(&id)))
    };
    let renaming_field = {
        let id = id.clone();
        Memo::new(move |_| editor.renaming_field.with(|r| r.as_ref().filter(|r| r.entity == id).cloned()))
    };
    let transform = move || {
        let (dx, dy) = offset.get();
        entity.with(|e| {
            e.as_ref()
                .map(|e| format!("translate({}px, {}px)", e.position.x + dx, e.position.y + dy))
                .unwrap_or_default()
        })
    };
    let size = {
        let id = id.clone();
        move || editor.report.with(|r| r.size(&id).map(|s| (s.avg_bytes, s.worst_bytes, s.horizon_bytes, s.level)))
    };
    let worst = {
        let id = id.clone();
        move || lookup.worst(&id)
    };
    let on_down = {
        let id = id.clone();
        move |ev: web_sys::PointerEvent| {
            if ev.button() != 0 {
                return;
            }
            ev.stop_propagation();
            let additive = ev.shift_key() || ev.ctrl_key() || ev.meta_key();
            editor.select_entity(&id, additive);
            if additive {
                return;
            }
            let ids: std::collections::HashSet<String> =
                editor.selection.with_untracked(|s| s.entities.iter().cloned().collect());
            if editor.front.with_untracked(|f| f.len() != ids.len() || f.iter().any(|x| !ids.contains(x))) {
                editor.front.set(ids.iter().cloned().collect());
            }
            editor.drag_delta.set((0.0, 0.0));
            editor.drag.set(Some(Drag::Move { ids }));
            super::viewport::start_pointer(ev.client_x() as f64, ev.client_y() as f64);
        }
    };
    let on_handle = {
        let id = id.clone();
        move |ev: web_sys::PointerEvent| {
            ev.stop_propagation();
            let to = super::viewport::diagram_point(&editor, ev.client_x() as f64, ev.client_y() as f64);
            editor.drag.set(Some(Drag::Connect { from: id.clone(), to }));
        }
    };
    let (diff, field_diff) = super::compare::box_marks(&id);
    let name_id = id.clone();
    let embedded = expect_context::<Embedded>();
    view! {
        <div
            class="entity"
            data-testid="entity"
            data-id=id.clone()
            data-name=move || entity.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())
            class:selected=move || selected.get()
            class:front=move || front.get()
            class:highlighted=move || highlighted.get()
            class:external=move || entity.with(|e| e.as_ref().is_some_and(Entity::is_external))
            class:value=move || entity.with(|e| e.as_ref().is_some_and(|e| e.kind == EntityKind::Value))
            class:embedded=move || embedded.0.with(|set| set.contains(&name_id))
            data-diff=move || diff.get().map(String::from)
            style:transform=transform
            style:height=move || entity.with(|e| e.as_ref().map(|e| format!("{}px", entity_rect(e).h)).unwrap_or_default())
            tabindex="0"
            // A group named after the aggregate (its name, kind, size and fields are read
            // inside it): a button's name would have to hold all of that visible text.
            role="group"
            aria-label=move || entity.with(|e| e.as_ref().map(|e| Msg::AggregateNamed.fill(editor.lang.get(), &[&e.name])).unwrap_or_default())
            on:keydown={
                let id = id.clone();
                move |ev: web_sys::KeyboardEvent| {
                    if ev.key() == " " || (ev.key() == "Enter" && !editor.selection.with_untracked(|s| s.has_entity(&id))) {
                        ev.prevent_default();
                        ev.stop_propagation();
                        editor.select_entity(&id, ev.shift_key());
                    }
                }
            }
            on:pointerdown=on_down
            on:dblclick={
                let id = id.clone();
                move |ev: web_sys::MouseEvent| {
                    ev.stop_propagation();
                    if editor.review.get_untracked() {
                        return;
                    }
                    // On a field: rename that field; elsewhere: the box.
                    let field = ev
                        .target()
                        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
                        .and_then(|el| el.closest("li.field[data-path]").ok().flatten())
                        .and_then(|li| li.get_attribute("data-path"));
                    match field {
                        Some(path) => editor.renaming_field.set(Some(FieldRename { entity: id.clone(), path, fresh: false })),
                        None => editor.renaming.set(Some(id.clone())),
                    }
                }
            }
        >
            <header class="entity-header">
                {move || diff.get().map(super::compare_ui::mark_badge)}
                <Name id=id.clone() entity=entity />
                <span class="entity-kind">
                    {move || entity.with(|e| e.as_ref().map(|e| kind_label(e, editor.lang.get())).unwrap_or_default())}
                </span>
                {super::comments_ui::box_badge(id.clone())}
                {super::scale::box_badge(id.clone())}
                {move || worst().map(|s| view! { <span class=format!("dot {}", s.label()) title=tr(severity_msg(s))></span> })}
                {move || {
                    size().map(|(avg, worst, horizon, level)| {
                        let class = match level {
                            SizeLevel::Fine => "size",
                            SizeLevel::OverTarget | SizeLevel::OverAtlas => "size warn",
                            SizeLevel::OverLimit => "size error",
                        };
                        let lang = editor.lang.get();
                        let title = Msg::SizeBadgeTitle.fill(
                            lang,
                            &[&bytes_label(avg, lang), &bytes_label(worst, lang), &bytes_label(horizon, lang)],
                        );
                        view! { <span class=class title=title data-testid="size-badge">{format!("{} / {}", bytes_label(avg, lang), bytes_label(horizon, lang))}</span> }
                    })
                }}
            </header>
            // Zoomed far out, the rows are drawn as grey bars: a box reads as one with fields
            // (zoom in to read them), not as an empty collection.
            <Show when=move || !far.get() fallback=|| view! { <div class="far-rows" aria-hidden="true"></div> }>
                <ul class="fields">
                    {move || {
                        let renaming = renaming_field.get();
                        let marks = field_diff.get();
                        entity.with(|e| e.as_ref().map(|e| field_rows(e, renaming.as_ref(), &marks)).unwrap_or_default())
                    }}
                </ul>
            </Show>
            <div class="handle" title=tr(Msg::DragToConnect) on:pointerdown=on_handle></div>
        </div>
    }
}

/// The advisor panel's heading for findings of this severity (the dot's tooltip).
pub fn severity_msg(s: Severity) -> Msg {
    match s {
        Severity::Error => Msg::Errors,
        Severity::Warning => Msg::Warnings,
        Severity::Info => Msg::Suggestions,
    }
}

/// The rows of a box's fields; `marks` are the compare view's marks of its fields, by path.
fn field_rows(e: &Entity, renaming: Option<&FieldRename>, marks: &super::compare::FieldMarks) -> Vec<AnyView> {
    if e.kind == EntityKind::Value {
        let t = e.value_type.map(|t| t.name()).unwrap_or("string");
        // Inset as the fields of other boxes are (their padding is set per depth).
        return vec![view! { <li class="field" style:padding-left="10px"><span class="fname">{tr(Msg::ValueRow)}</span><span class="ftype">{t}</span></li> }
            .into_any()];
    }
    rows(e)
        .into_iter()
        .map(|row| {
            let pad = format!("{}px", 10.0 + row.depth as f64 * INDENT);
            let name = super::text::shown_name(&row.field.name);
            let required = row.field.required;
            let t = type_label(row.field);
            let here = renaming.filter(|r| r.path == row.path).cloned();
            let name = match here {
                Some(r) => view! { <FieldName rename=r name=name /> }.into_any(),
                None => view! { <span class="fname">{name}</span> }.into_any(),
            };
            let mark = marks.get(&row.path).copied();
            view! {
                <li class="field" data-path=row.path style:padding-left=pad data-diff=mark.map(String::from)>
                    {mark.map(super::compare_ui::mark_badge)}
                    {name}
                    {required.then(|| view! { <span class="req" title=tr(Msg::Required)>"*"</span> })}
                    <span class="ftype">{t}</span>
                </li>
            }
            .into_any()
        })
        .collect()
}

/// The name, or an input while renaming in place: Enter, Escape or leaving it commits what
/// was typed. Its state is plain cells, not signals: the blur that follows Enter or Esc can
/// arrive after the input is gone, when the component's signals are disposed.
#[component]
fn Name(id: String, entity: Memo<Option<Entity>>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let renaming = {
        let id = id.clone();
        Memo::new(move |_| editor.renaming.with(|r| r.as_deref() == Some(id.as_str())))
    };
    let name = move || entity.with(|e| e.as_ref().map(|e| super::text::shown_name(&e.name)).unwrap_or_default());
    let id = StoredValue::new(id);
    view! {
        <Show
            when=move || renaming.get()
            fallback=move || view! { <span class="entity-name">{name}</span> }
        >
            {move || {
                let id = id.get_value();
                let initial = entity.with_untracked(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default());
                let draft = Rc::new(RefCell::new(initial.clone()));
                let done = Rc::new(Cell::new(false));
                let finish = {
                    let (draft, done, id) = (draft.clone(), done.clone(), id.clone());
                    move || {
                        if done.replace(true) {
                            return;
                        }
                        let text = draft.borrow().trim().to_string();
                        if !text.is_empty() {
                            let unchanged = editor.model.with_untracked(|m| m.entity(&id).is_some_and(|e| e.name == text));
                            if !unchanged {
                                editor.edit(None, |m| {
                                    if let Some(e) = m.entity_mut(&id) {
                                        e.name = text;
                                    }
                                });
                            }
                        }
                        if editor.renaming.with_untracked(|r| r.as_deref() == Some(id.as_str())) {
                            editor.renaming.set(None);
                        }
                    }
                };
                let on_key = {
                    let (finish, id) = (finish.clone(), id.clone());
                    move |ev: web_sys::KeyboardEvent| {
                        ev.stop_propagation();
                        let key = ev.key();
                        // Both leave the name with what was typed (Escape too: it never
                        // loses typing; undo takes a rename back).
                        if key == "Enter" || key == "Escape" {
                            ev.prevent_default();
                            finish();
                            focus_box(&id);
                        }
                    }
                };
                let input = NodeRef::<leptos::html::Input>::new();
                // The value is set before selecting it (see `FieldName`).
                let shown = initial.clone();
                input.on_load(move |el| {
                    el.set_value(&shown);
                    let _ = el.focus();
                    el.select();
                });
                view! {
                    <input
                        class="rename"
                        data-testid="rename"
                        aria-label=tr(Msg::AggregateName)
                        prop:value=initial
                        node_ref=input
                        on:pointerdown=|ev| ev.stop_propagation()
                        on:dblclick=|ev| ev.stop_propagation()
                        on:keydown=on_key
                        on:input=move |ev| *draft.borrow_mut() = event_target_value(&ev)
                        on:blur=move |_| finish()
                    />
                }
            }}
        </Show>
    }
}

/// Gives the keyboard focus to the box of entity `id` (after its rename box closes).
fn focus_box(id: &str) {
    let selector = format!("[data-testid=\"entity\"][data-id=\"{}\"]", id.replace(['"', '\\'], ""));
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&selector).ok().flatten())
        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
    {
        let _ = el.focus();
    }
}
