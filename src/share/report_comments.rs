//! The review report's "Review comments" section: every thread with what it is about, whether
//! it is open or resolved, and its comments in order, each with its author and time. Names
//! and comment text are user text: they go through [`super::markdown`] like every other name.
//! A design without comments has no such section.

use super::markdown::{code, text};
use crate::export::pick;
use crate::i18n::Lang;
use crate::model::{Anchor, Comment, Model, PlaceLabels};
use crate::text;
use std::fmt::Write;

/// `2026-12-01 10:15 UTC`.
fn when(at: u64) -> String {
    crate::export::datetime::utc_minute(at)
}

/// What a thread is about, as Markdown: the element's readable name (a finding's rule code and
/// its element), and "(deleted)" when the element is gone.
fn about(anchor: &Anchor, model: &Model, labels: &PlaceLabels, lang: Lang) -> String {
    let name = match anchor {
        Anchor::Model => pick(lang, ["The design", "El diseño", "O design"]).to_string(),
        Anchor::Finding { code: rule, on } => text!(
            en: "Finding {rule} on {on}", es: "Hallazgo {rule} en {on}", pt: "Achado {rule} em {on}";
            rule = code(rule), on = code(&labels.label(&on.place(), lang))
        )
        .render(lang),
        other => code(&labels.label(&other.place(), lang)),
    };
    if anchor.exists_in(model) {
        name
    } else {
        format!("{name} {}", pick(lang, ["(deleted)", "(borrado)", "(excluído)"]))
    }
}

fn push_comment(out: &mut String, c: &Comment, indent: &str) {
    let author = if c.author.trim().is_empty() { "?" } else { c.author.as_str() };
    // One list item on one line: the text's line breaks become spaces (`text` writes one line).
    let _ = writeln!(out, "{indent}- **{}** ({}): {}", text(author), when(c.at), text(&c.text));
}

/// Appends the "Review comments" section to `out` (nothing when the design has none).
pub(super) fn comments_section(out: &mut String, model: &Model, lang: Lang) {
    let threads = model.threads();
    if threads.is_empty() {
        return;
    }
    out.push_str(pick(
        lang,
        ["## Review comments\n\n", "## Comentarios de revisión\n\n", "## Comentários de revisão\n\n"],
    ));
    let open = threads.iter().filter(|t| !t.first.resolved).count();
    out.push_str(
        &text!(
            en: "{n} threads, {open} open.\n\n", es: "{n} hilos, {open} abiertos.\n\n", pt: "{n} tópicos, {open} abertos.\n\n";
            n = threads.len().to_string(), open = open.to_string()
        )
        .render(lang),
    );
    let labels = PlaceLabels::new(model);
    for thread in &threads {
        let state = if thread.first.resolved {
            pick(lang, ["resolved", "resuelto", "resolvido"])
        } else {
            pick(lang, ["open", "abierto", "aberto"])
        };
        let subject = match &thread.first.anchor {
            Some(anchor) => about(anchor, model, &labels, lang),
            None => pick(lang, ["(no subject)", "(sin tema)", "(sem assunto)"]).to_string(),
        };
        let _ = writeln!(out, "### {subject} · {state}\n");
        push_comment(out, thread.first, "");
        for reply in &thread.replies {
            push_comment(out, reply, "  ");
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    fn model() -> Model {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "catalogo"));
        m.comments.push(Comment::thread(
            "c1",
            Anchor::Entity { entity: "a".into() },
            "Ana",
            1_764_583_200_000,
            "Why embed?",
        ));
        m.comments.push(Comment::reply("c2", "c1", "Luis", 1_764_583_260_000, "Read together."));
        let finding = Anchor::Finding { code: "DS101".into(), on: Box::new(Anchor::Entity { entity: "gone".into() }) };
        let mut resolved = Comment::thread("c3", finding, "Eva", 0, "Fixed.");
        resolved.resolved = true;
        m.comments.push(resolved);
        m
    }

    #[test]
    fn threads_list_their_subject_state_and_comments() {
        let mut out = String::new();
        comments_section(&mut out, &model(), Lang::En);
        assert!(out.starts_with("## Review comments\n\n2 threads, 1 open.\n\n"), "{out}");
        assert!(out.contains("### `catalogo` · open\n\n- **Ana** (2025-12-01 10:00 UTC): Why embed?\n"), "{out}");
        assert!(out.contains("\n  - **Luis** (2025-12-01 10:01 UTC): Read together.\n"), "{out}");
        assert!(out.contains("### Finding `DS101` on `gone` (deleted) · resolved\n"), "{out}");
        let mut es = String::new();
        comments_section(&mut es, &model(), Lang::Es);
        assert!(
            es.contains("## Comentarios de revisión") && es.contains("Hallazgo `DS101` en `gone` (borrado) · resuelto")
        );
    }

    #[test]
    fn no_comments_no_section_and_any_time_is_shown() {
        let mut out = String::new();
        comments_section(&mut out, &Model::new("t"), Lang::En);
        assert!(out.is_empty());
        assert_eq!(when(u64::MAX), "9999-12-31 23:59 UTC");
    }
}
