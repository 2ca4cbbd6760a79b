//! The Comments panel: the toolbar button with the count of open threads, the list of threads
//! (filter open / resolved / all; a click on what a thread is about selects and frames it), a
//! thread being started, replies, resolve and reopen, changing or deleting one's own comment
//! (the name given in this browser is the author's: no accounts); and the badge on a box or an
//! arrow with open threads. Every name and text is rendered as text.

use super::comments::{apply, now, show_anchor, Comments, Filter};
use super::state::Editor;
use super::text::{shown_name, shown_sentence};
use crate::editor::comments::{
    badges, can_delete, edit_text, is_author, open_threads, reply, set_resolved, start_thread, Badges,
};
use crate::i18n::{pick, Lang};
use crate::model::{Anchor, Comment, Model, PlaceLabels};
use leptos::prelude::*;

fn l(editor: Editor, forms: [&'static str; 3]) -> impl Fn() -> &'static str + Copy {
    move || pick(editor.lang.get(), forms)
}

/// What a thread is about, readable ("catalogo.titulo", "catalogo → etiquetas"), and whether
/// the element is gone.
fn about(model: &Model, anchor: &Anchor, lang: Lang) -> String {
    let labels = PlaceLabels::new(model);
    let name = match anchor {
        Anchor::Model => pick(lang, ["The design", "El diseño", "O design"]).to_string(),
        Anchor::Finding { code, on } => format!("{code} · {}", labels.label(&on.place(), lang)),
        other => labels.label(&other.place(), lang),
    };
    let name = shown_name(&name);
    if anchor.exists_in(model) {
        name
    } else {
        format!("{name} {}", pick(lang, ["(deleted)", "(borrado)", "(excluído)"]))
    }
}

/// `2026-12-02 10:15`, in the browser's time zone.
fn when(at: u64, lang: Lang) -> String {
    String::from(
        js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at as f64))
            .to_locale_string(lang.code(), &wasm_bindgen::JsValue::UNDEFINED),
    )
}

/// The toolbar's Comments button, with the count of open threads.
#[component]
pub fn CommentsButton() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    let count = Memo::new(move |_| editor.model.with(open_threads));
    view! {
        <button
            class="tool comments-button"
            class:on=move || comments.open.get()
            data-testid="action-comments"
            aria-pressed=move || comments.open.get().to_string()
            title=move || format!("{} (R)", editor.t(crate::i18n::Msg::ActComments))
            // The count is part of the name: what is seen is what a voice control says (axe
            // does not find "0" in "Review comments (0)": the count follows a colon).
            aria-label=move || format!("{}: {}", editor.t(crate::i18n::Msg::ActComments), count.get())
            on:click=move |_| comments.open.update(|o| *o = !*o)
        >
            <svg viewBox="0 0 16 14" width="16" height="14" aria-hidden="true"><path d=BUBBLE /></svg>
            <span class="count" data-testid="comments-count">{move || count.get()}</span>
        </button>
    }
}

/// The author's name, asked once.
#[component]
fn NameInput(name: RwSignal<String>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    view! {
        <Show when=move || comments.author.with(String::is_empty)>
            <input
                data-testid="comment-author"
                maxlength="80"
                placeholder=l(editor, ["Your name", "Tu nombre", "Seu nome"])
                aria-label=l(editor, ["Your name", "Tu nombre", "Seu nome"])
                prop:value=move || name.get()
                on:input=move |ev| name.set(event_target_value(&ev))
            />
        </Show>
    }
}

/// The name to sign with: the remembered one, or the one just typed (then remembered); `None`
/// (and a notice) when there is none.
fn signer(editor: &Editor, comments: &Comments, typed: &str) -> Option<String> {
    let known = comments.author.get_untracked();
    if !known.is_empty() {
        return Some(known);
    }
    if typed.trim().is_empty() {
        let ask = pick(
            editor.lang.get_untracked(),
            [
                "Say who you are first: your name.",
                "Di primero quién eres: tu nombre.",
                "Diga primeiro quem você é: seu nome.",
            ],
        );
        editor.notify(super::state::NoticeKind::Info, ask);
        return None;
    }
    comments.remember(typed);
    Some(comments.author.get_untracked())
}

thread_local! {
    /// The text of the comment form last closed without posting, and what it was about.
    static UNPOSTED: std::cell::RefCell<Option<(Anchor, String)>> = const { std::cell::RefCell::new(None) };
}

#[component]
fn Draft(anchor: Anchor) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    // A comment closed unposted (Escape, Cancel) comes back when the form opens on the same
    // element again: closing the form never loses what was typed.
    let kept = UNPOSTED.with_borrow_mut(|k| k.take_if(|(a, _)| *a == anchor).map(|(_, t)| t));
    let typed = std::sync::Arc::new(std::sync::Mutex::new(kept.clone().unwrap_or_default()));
    let text = RwSignal::new(kept.unwrap_or_default());
    let name = RwSignal::new(String::new());
    {
        let (typed, anchor) = (typed.clone(), anchor.clone());
        on_cleanup(move || {
            let text = typed.lock().map(|t| t.clone()).unwrap_or_default();
            if !text.trim().is_empty() {
                UNPOSTED.set(Some((anchor, text)));
            }
        });
    }
    let anchor = StoredValue::new(anchor);
    let what = move || editor.model.with(|m| about(m, &anchor.get_value(), editor.lang.get()));
    let post = {
        let typed = typed.clone();
        move || {
            let Some(author) = signer(&editor, &comments, &name.get_untracked()) else { return };
            let body = text.get_untracked();
            let anchor = anchor.get_value();
            if apply(&editor, |m| start_thread(m, anchor, &author, now(), &body).is_some()) {
                if let Ok(mut t) = typed.lock() {
                    t.clear();
                }
                comments.draft.set(None);
            }
        }
    };
    // The form takes the focus, keeps Tab inside itself and closes on Escape (`ui::modal`).
    let node = NodeRef::<leptos::html::Div>::new();
    let on_key = super::modal::hold_form(node, Callback::new(move |()| comments.draft.set(None)));
    view! {
        <div
            class="comment-draft"
            data-testid="comment-draft"
            role="dialog"
            aria-label=move || format!("{} {}", pick(editor.lang.get(), ["New comment on", "Nuevo comentario sobre", "Novo comentário sobre"]), what())
            node_ref=node
            on:keydown=on_key
        >
            <p class="about"><strong>{l(editor, ["New comment on", "Nuevo comentario sobre", "Novo comentário sobre"])}</strong>" "<span data-testid="draft-about">{what}</span></p>
            <NameInput name=name />
            <textarea
                data-testid="comment-text"
                rows="3"
                maxlength="4000"
                aria-label=l(editor, ["Comment", "Comentario", "Comentário"])
                prop:value=move || text.get()
                on:input=move |ev| {
                    let value = event_target_value(&ev);
                    if let Ok(mut t) = typed.lock() {
                        *t = value.clone();
                    }
                    text.set(value);
                }
                on:keydown={
                    let post = post.clone();
                    move |ev| if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) { post() }
                }
            ></textarea>
            <div class="row">
                <button class="primary" data-testid="comment-post" on:click=move |_| post()>{l(editor, ["Comment", "Comentar", "Comentar"])}</button>
                <button data-testid="comment-cancel" on:click=move |_| comments.draft.set(None)>{l(editor, ["Cancel", "Cancelar", "Cancelar"])}</button>
            </div>
        </div>
    }
}

/// A thread's comment being changed: which one, and its text as typed.
#[derive(Clone, Copy)]
struct Changing {
    id: RwSignal<Option<String>>,
    text: RwSignal<String>,
}

fn one(c: &Comment, lang: Lang, changing: Changing) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    // As text, with any bidirectional control or invisible character shown as `<U+XXXX>`.
    let author = if c.author.trim().is_empty() { "?".to_string() } else { shown_name(&c.author) };
    let me = comments.author.get_untracked();
    let (mine, deletable) = editor.model.with_untracked(|m| (is_author(m, &c.id, &me), can_delete(m, &c.id, &me)));
    let id = StoredValue::new(c.id.clone());
    let original = StoredValue::new(c.text.clone());
    let being_changed = changing.id.with_untracked(|e| e.as_deref() == Some(c.id.as_str()));
    let save = move || {
        let me = comments.author.get_untracked();
        let text = changing.text.get_untracked();
        apply(&editor, |m| edit_text(m, &id.get_value(), &me, &text));
        changing.id.set(None);
    };
    let body = if being_changed {
        view! {
            <textarea
                data-testid="comment-edit-text"
                rows="3"
                maxlength="4000"
                aria-label=pick(lang, ["Comment", "Comentario", "Comentário"])
                prop:value=move || changing.text.get()
                on:input=move |ev| changing.text.set(event_target_value(&ev))
                on:keydown=move |ev| {
                    ev.stop_propagation();
                    if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) { save() }
                    // Leaves the text as typed (Cancel drops the change).
                    super::form::leave_on_escape(&editor, &ev);
                }
            ></textarea>
            <div class="row">
                <button class="primary" data-testid="comment-save" on:click=move |_| save()>{pick(lang, ["Save", "Guardar", "Salvar"])}</button>
                <button data-testid="comment-edit-cancel" on:click=move |_| changing.id.set(None)>{pick(lang, ["Cancel", "Cancelar", "Cancelar"])}</button>
            </div>
        }
        .into_any()
    } else {
        view! { <p class="text" data-testid="comment-body">{shown_sentence(&c.text)}</p> }.into_any()
    };
    let own = (mine && !being_changed).then(|| {
        view! {
            <span class="own">
                <button class="link" data-testid="comment-edit" on:click=move |_| {
                    changing.text.set(original.get_value());
                    changing.id.set(Some(id.get_value()));
                }>{pick(lang, ["Edit", "Editar", "Editar"])}</button>
                {deletable.then(|| view! {
                    <button class="link" data-testid="comment-delete" on:click=move |_| {
                        super::comments::delete_own(&editor, &id.get_value(), &comments.author.get_untracked());
                    }>{pick(lang, ["Delete", "Borrar", "Excluir"])}</button>
                })}
            </span>
        }
    });
    view! {
        <li class="comment" data-testid="comment" data-id=c.id.clone()>
            <p class="meta"><strong data-testid="comment-by">{author}</strong>" "<small>{when(c.at, lang)}</small>{own}</p>
            {body}
        </li>
    }
}

#[component]
fn ThreadView(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    let id = StoredValue::new(id);
    let text = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let changing = Changing { id: RwSignal::new(None), text: RwSignal::new(String::new()) };
    let thread = Memo::new(move |_| {
        editor.model.with(|m| {
            let t = m.threads().into_iter().find(|t| t.first.id == id.get_value())?;
            let comments: Vec<Comment> = std::iter::once(t.first).chain(t.replies).cloned().collect();
            Some((t.first.anchor.clone().unwrap_or(Anchor::Model), t.first.resolved, comments))
        })
    });
    let send = move || {
        let Some(author) = signer(&editor, &comments, &name.get_untracked()) else { return };
        let body = text.get_untracked();
        if apply(&editor, |m| reply(m, &id.get_value(), &author, now(), &body).is_some()) {
            text.set(String::new());
        }
    };
    let toggle = move |resolved: bool| {
        apply(&editor, |m| set_resolved(m, &id.get_value(), resolved));
    };
    move || {
        // Drawn again when a comment starts or stops being changed, or the name is given.
        changing.id.track();
        comments.author.track();
        thread.get().map(|(anchor, resolved, list)| {
            let lang = editor.lang.get();
            let what = editor.model.with(|m| about(m, &anchor, lang));
            let go = anchor.clone();
            view! {
                <li class="thread" class:resolved=resolved data-testid="thread" data-id=id.get_value() data-resolved=resolved.to_string()>
                    <button class="link about" data-testid="thread-about" on:click=move |_| show_anchor(&editor, &go)>{what}</button>
                    {resolved.then(|| view! { <span class="state" data-testid="thread-resolved">{pick(lang, ["resolved", "resuelto", "resolvido"])}</span> })}
                    <ul class="comments">{list.iter().map(|c| one(c, lang, changing)).collect_view()}</ul>
                    <NameInput name=name />
                    <textarea
                        data-testid="reply-text"
                        rows="2"
                        maxlength="4000"
                        placeholder=l(editor, ["Reply…", "Responder…", "Responder…"])
                        aria-label=l(editor, ["Reply", "Respuesta", "Resposta"])
                        prop:value=move || text.get()
                        on:input=move |ev| text.set(event_target_value(&ev))
                        on:keydown=move |ev| {
                            ev.stop_propagation();
                            if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) { send() }
                            super::form::leave_on_escape(&editor, &ev);
                        }
                    ></textarea>
                    <div class="row">
                        <button data-testid="reply-post" on:click=move |_| send()>{l(editor, ["Reply", "Responder", "Responder"])}</button>
                        {if resolved {
                            view! { <button data-testid="thread-reopen" on:click=move |_| toggle(false)>{l(editor, ["Reopen", "Reabrir", "Reabrir"])}</button> }.into_any()
                        } else {
                            view! { <button data-testid="thread-resolve" on:click=move |_| toggle(true)>{l(editor, ["Resolve", "Resolver", "Resolver"])}</button> }.into_any()
                        }}
                    </div>
                </li>
            }
        })
    }
}

/// The panel's frame around a note while its code loads or when it cannot (src/ui/chunks.rs):
/// in the page's wasm, as the toolbar's button and the badges are; the panel is in its chunk.
pub fn frame(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    let l = move |forms: [&'static str; 3]| move || pick(editor.lang.get(), forms);
    let title = l(["Review comments", "Comentarios de revisión", "Comentários de revisão"]);
    view! {
        <aside class="comments-panel" aria-label=title>
            <header>
                <h2>{title}</h2>
                <button class="link close" data-testid="comments-close" aria-label=l(["Close", "Cerrar", "Fechar"]) on:click=move |_| comments.open.set(false)>"×"</button>
            </header>
            {note}
        </aside>
    }
    .into_any()
}

/// The panel (shown while the toolbar's button is on; its code is a chunk of its own).
#[component]
pub fn CommentsPanel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    let listed = Memo::new(move |_| {
        let filter = comments.filter.get();
        editor.model.with(|m| {
            m.threads()
                .into_iter()
                .filter(|t| match filter {
                    Filter::Open => !t.first.resolved,
                    Filter::Resolved => t.first.resolved,
                    Filter::All => true,
                })
                .map(|t| t.first.id.clone())
                .collect::<Vec<_>>()
        })
    });
    let counts = Memo::new(move |_| {
        editor.model.with(|m| {
            let open = open_threads(m);
            (open, m.threads().len() - open)
        })
    });
    let tab = move |f: Filter, forms: [&'static str; 3], testid: &'static str| {
        view! {
            <button
                data-testid=testid
                aria-pressed=move || (comments.filter.get() == f).to_string()
                class:on=move || comments.filter.get() == f
                on:click=move |_| comments.filter.set(f)
            >
                {move || {
                    let (open, resolved) = counts.get();
                    let n = match f { Filter::Open => open, Filter::Resolved => resolved, Filter::All => open + resolved };
                    format!("{} ({n})", pick(editor.lang.get(), forms))
                }}
            </button>
        }
    };
    // The compare panel shares the right side: while a comparison is on screen, this panel is in
    // front of it and says how to go back to its changes.
    let compare = use_context::<super::compare::Compare>();
    let comparing =
        move || compare.is_some_and(|c| c.aside.with(|a| matches!(a, Some(super::compare::Aside::Compare { .. }))));
    view! {
        <Show when=move || comments.open.get()>
            <aside class="comments-panel" data-testid="comments-panel" aria-label=l(editor, ["Review comments", "Comentarios de revisión", "Comentários de revisão"])>
                <header>
                    <h2>{l(editor, ["Review comments", "Comentarios de revisión", "Comentários de revisão"])}</h2>
                    <button class="link close" data-testid="comments-close" aria-label=l(editor, ["Close", "Cerrar", "Fechar"]) on:click=move |_| comments.open.set(false)>"×"</button>
                </header>
                <Show when=comparing>
                    <p class="hint to-compare">
                        <button data-testid="comments-to-compare" on:click=move |_| comments.open.set(false)>
                            {l(editor, ["‹ Back to the changes", "‹ Volver a los cambios", "‹ Voltar às mudanças"])}
                        </button>
                        " "
                        {l(editor, [
                            "The comparison stays open behind this panel.",
                            "La comparación sigue abierta detrás de este panel.",
                            "A comparação continua aberta atrás deste painel.",
                        ])}
                    </p>
                </Show>
                <div class="filter" role="group">
                    {tab(Filter::Open, ["Open", "Abiertos", "Abertos"], "comments-open")}
                    {tab(Filter::Resolved, ["Resolved", "Resueltos", "Resolvidos"], "comments-resolved")}
                    {tab(Filter::All, ["All", "Todos", "Todos"], "comments-all")}
                </div>
                {move || comments.draft.get().map(|a| view! { <Draft anchor=a /> })}
                <ul class="threads">
                    <For each=move || listed.get() key=|id| id.clone() let:id>
                        <ThreadView id=id />
                    </For>
                </ul>
                <Show when=move || listed.with(Vec::is_empty) && comments.draft.with(Option::is_none)>
                    <p class="hint" data-testid="comments-empty">{l(editor, [
                        "No thread here. Right-click a box, a field or an arrow and choose “Comment…”.",
                        "No hay hilos aquí. Haz clic derecho en una caja, un campo o una flecha y elige «Comentar…».",
                        "Nenhum tópico aqui. Clique com o botão direito em uma caixa, um campo ou uma seta e escolha “Comentar…”.",
                    ])}</p>
                </Show>
            </aside>
        </Show>
    }
}

/// The open threads per box and arrow, for their badges (one computation per model change).
pub fn provide_badges() {
    let editor = expect_context::<Editor>();
    let memo = Memo::new(move |_| editor.model.with(badges));
    provide_context(memo);
}

/// The count of open threads about box or arrow `id`.
fn count(id: String, relation: bool) -> impl Fn() -> usize + Send + Sync + Copy + 'static {
    let memo = use_context::<Memo<Badges>>();
    let id = StoredValue::new(id);
    move || {
        memo.and_then(|m| {
            m.with(|b| id.with_value(|id| if relation { b.relations.get(id) } else { b.entities.get(id) }.copied()))
        })
        .unwrap_or(0)
    }
}

/// A speech bubble, 16 by 14, its corner at (0, 0).
const BUBBLE: &str = "M1 1h14v9H7l-4 3.5V10H1z";

/// The badge in a box's header: a bubble and the count of its open threads (none when none);
/// a click opens the panel.
pub fn box_badge(id: String) -> impl IntoView {
    let n = count(id, false);
    let comments = use_context::<Comments>();
    let lang = use_context::<Editor>().map(|e| e.lang);
    move || {
        let k = n();
        (k > 0).then(|| {
            let title = match lang.map(|l| l.get()).unwrap_or(Lang::En) {
                Lang::En => format!("{k} open comment thread(s)"),
                Lang::Es => format!("{k} hilo(s) de comentarios abierto(s)"),
                Lang::Pt => format!("{k} tópico(s) de comentários aberto(s)"),
            };
            view! {
                <button
                    class="comment-badge"
                    data-testid="comment-badge"
                    title=title.clone()
                    aria-label=title
                    on:pointerdown=|ev| ev.stop_propagation()
                    on:click=move |_| if let Some(c) = comments { c.open.set(true) }
                >
                    <svg viewBox="0 0 16 14" width="14" height="12" aria-hidden="true"><path d=BUBBLE /></svg>
                    {k}
                </button>
            }
        })
    }
}

/// The badge on an arrow, on the spot a compare mark takes (free of the arrow's labels): a
/// bubble with the count. Not drawn while the compare view marks the arrow (`marked`).
pub fn arrow_badge(
    id: String,
    spot: impl Fn() -> Option<(f64, f64)> + Send + Sync + 'static,
    marked: Memo<Option<char>>,
) -> impl IntoView {
    let n = count(id, true);
    move || {
        let k = n();
        if k == 0 || marked.get().is_some() {
            return None;
        }
        let (x, y) = spot()?;
        Some(view! {
            <g class="comment-badge" data-testid="comment-badge" transform=format!("translate({:.1} {:.1})", x - 15.0, y - 8.0)>
                <rect x="-2" y="-2" width="34" height="20" rx="5" />
                <path d=BUBBLE />
                <text x="20" y="12">{k}</text>
            </g>
        })
    }
}
