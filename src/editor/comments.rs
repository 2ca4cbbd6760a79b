//! Review comments as edits: start a thread on an element, reply, resolve and reopen, change
//! or delete one's own comment, and the counts the canvas' badges and the toolbar show. Plain Rust over [`Model::comments`]; the UI
//! applies them as edits (undoable outside review mode).

use crate::model::{Anchor, Comment, Model};
use std::collections::HashMap;

/// The longest comment kept, in characters: a paste of a whole document is cut, not refused.
pub const MAX_TEXT: usize = 4_000;
/// The longest author name kept, in characters.
pub const MAX_AUTHOR: usize = 80;

fn clip(text: &str, max: usize) -> String {
    text.trim().chars().take(max).collect()
}

/// A comment id no comment of `model` uses.
fn fresh_id(model: &Model) -> String {
    (model.comments.len() + 1..).map(|n| format!("c{n}")).find(|id| model.comment(id).is_none()).unwrap_or_default()
}

/// Starts a thread about `anchor`; the new thread's id, or `None` when the text is empty.
pub fn start_thread(model: &mut Model, anchor: Anchor, author: &str, at: u64, text: &str) -> Option<String> {
    let text = clip(text, MAX_TEXT);
    if text.is_empty() {
        return None;
    }
    let id = fresh_id(model);
    model.comments.push(Comment::thread(&id, anchor, &clip(author, MAX_AUTHOR), at, &text));
    Some(id)
}

/// Replies to thread `thread`; the reply's id, or `None` when the text is empty or there is no
/// such thread.
pub fn reply(model: &mut Model, thread: &str, author: &str, at: u64, text: &str) -> Option<String> {
    let text = clip(text, MAX_TEXT);
    let is_thread = model.comment(thread).is_some_and(|c| c.reply_to.is_none());
    if text.is_empty() || !is_thread {
        return None;
    }
    let id = fresh_id(model);
    model.comments.push(Comment::reply(&id, thread, &clip(author, MAX_AUTHOR), at, &text));
    Some(id)
}

/// Marks thread `thread` resolved (or open again); true when that changed something.
pub fn set_resolved(model: &mut Model, thread: &str, resolved: bool) -> bool {
    match model.comments.iter_mut().find(|c| c.id == thread && c.reply_to.is_none()) {
        Some(c) if c.resolved != resolved => {
            c.resolved = resolved;
            true
        }
        _ => false,
    }
}

/// Whether `name` wrote comment `id`. There are no accounts: the name given in this browser
/// is the author's, so this keeps people from changing each other's words by mistake, not by
/// force (anyone can give any name).
pub fn is_author(model: &Model, id: &str, name: &str) -> bool {
    let name = clip(name, MAX_AUTHOR);
    !name.is_empty() && model.comment(id).is_some_and(|c| c.author == name)
}

/// Whether `name` may delete comment `id`: a reply of theirs, or a thread of theirs whose
/// replies are all theirs too (a colleague's answer is never deleted with it).
pub fn can_delete(model: &Model, id: &str, name: &str) -> bool {
    if !is_author(model, id, name) {
        return false;
    }
    let name = clip(name, MAX_AUTHOR);
    model.comments.iter().filter(|c| c.reply_to.as_deref() == Some(id)).all(|c| c.author == name)
}

/// Replaces the text of `name`'s comment `id`; true when that changed something (an empty
/// text, someone else's comment or the same text change nothing).
pub fn edit_text(model: &mut Model, id: &str, name: &str, text: &str) -> bool {
    let text = clip(text, MAX_TEXT);
    if text.is_empty() || !is_author(model, id, name) {
        return false;
    }
    match model.comments.iter_mut().find(|c| c.id == id) {
        Some(c) if c.text != text => {
            c.text = text;
            true
        }
        _ => false,
    }
}

/// Deletes `name`'s comment `id` (a thread with its replies, see [`can_delete`]); true when
/// something was deleted.
pub fn delete(model: &mut Model, id: &str, name: &str) -> bool {
    if !can_delete(model, id, name) {
        return false;
    }
    let before = model.comments.len();
    model.comments.retain(|c| c.id != id && c.reply_to.as_deref() != Some(id));
    model.comments.len() != before
}

/// How many threads are open.
pub fn open_threads(model: &Model) -> usize {
    model.comments.iter().filter(|c| c.reply_to.is_none() && !c.resolved).count()
}

/// The open threads about each box (its fields and its findings too) and each arrow, for the
/// badges on the canvas.
#[derive(Debug, Default, PartialEq)]
pub struct Badges {
    pub entities: HashMap<String, usize>,
    pub relations: HashMap<String, usize>,
}

pub fn badges(model: &Model) -> Badges {
    fn element(a: &Anchor) -> &Anchor {
        match a {
            Anchor::Finding { on, .. } => element(on),
            other => other,
        }
    }
    let mut out = Badges::default();
    for c in model.comments.iter().filter(|c| c.reply_to.is_none() && !c.resolved) {
        match c.anchor.as_ref().map(element) {
            Some(Anchor::Entity { entity } | Anchor::Field { entity, .. }) => {
                *out.entities.entry(entity.clone()).or_default() += 1
            }
            Some(Anchor::Relation { relation }) => *out.relations.entry(relation.clone()).or_default() += 1,
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{check_structure, Entity};

    fn design() -> Model {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "orders"));
        m
    }

    #[test]
    fn a_thread_gets_replies_and_is_resolved_then_reopened() {
        let mut m = design();
        let t =
            start_thread(&mut m, Anchor::Entity { entity: "a".into() }, " Ana ", 10, " Why embed? ").expect("a thread");
        let r = reply(&mut m, &t, "Luis", 20, "Read together.").expect("a reply");
        assert_ne!(t, r);
        assert_eq!(open_threads(&m), 1);
        assert!(set_resolved(&mut m, &t, true));
        assert!(!set_resolved(&mut m, &t, true), "resolving twice changes nothing");
        assert_eq!(open_threads(&m), 0);
        assert!(set_resolved(&mut m, &t, false));
        let threads = m.threads();
        assert_eq!(threads[0].first.author, "Ana");
        assert_eq!(threads[0].first.text, "Why embed?");
        assert_eq!(threads[0].replies[0].text, "Read together.");
        assert!(check_structure(&m).is_empty(), "{:?}", check_structure(&m));
    }

    #[test]
    fn empty_text_and_replies_to_replies_are_refused() {
        let mut m = design();
        assert!(start_thread(&mut m, Anchor::Model, "Ana", 1, "   ").is_none());
        let t = start_thread(&mut m, Anchor::Model, "Ana", 1, "x").expect("thread");
        let r = reply(&mut m, &t, "B", 2, "y").expect("reply");
        assert!(reply(&mut m, &r, "C", 3, "to a reply").is_none(), "a reply answers a thread");
        assert!(reply(&mut m, "nope", "C", 3, "z").is_none());
        assert!(!set_resolved(&mut m, &r, true), "a reply is not resolved on its own");
        assert_eq!(m.comments.len(), 2);
    }

    #[test]
    fn ids_stay_unique_after_a_file_with_gaps() {
        let mut m = design();
        m.comments.push(Comment::thread("c2", Anchor::Model, "x", 1, "y"));
        let a = start_thread(&mut m, Anchor::Model, "x", 2, "a").expect("a");
        let b = start_thread(&mut m, Anchor::Model, "x", 3, "b").expect("b");
        let ids: std::collections::HashSet<&str> = m.comments.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids.len(), 3, "{a} {b}");
    }

    #[test]
    fn long_text_is_cut_and_hostile_text_kept_as_written() {
        let mut m = design();
        let hostile = "<img src=x onerror=alert(1)> \u{202e}gnp.exe";
        let t = start_thread(&mut m, Anchor::Model, &"n".repeat(500), 1, &"x".repeat(10_000)).expect("t");
        assert_eq!(m.comment(&t).map(|c| c.text.chars().count()), Some(MAX_TEXT));
        assert_eq!(m.comment(&t).map(|c| c.author.chars().count()), Some(MAX_AUTHOR));
        let h = reply(&mut m, &t, "x", 2, hostile).expect("h");
        assert_eq!(m.comment(&h).map(|c| c.text.as_str()), Some(hostile));
    }

    #[test]
    fn only_the_author_changes_or_deletes_a_comment() {
        let mut m = design();
        let t = start_thread(&mut m, Anchor::Model, "Ana", 1, "Why embed?").expect("t");
        let mine = reply(&mut m, &t, "Ana", 2, "Read together.").expect("r");
        let theirs = reply(&mut m, &t, "Luis", 3, "Agreed.").expect("r");
        assert!(!edit_text(&mut m, &theirs, "Ana", "changed"), "not Ana's");
        assert!(!edit_text(&mut m, &mine, " ", "x"), "no name, no author");
        assert!(!edit_text(&mut m, &mine, "Ana", "   "), "an empty text is no edit");
        assert!(edit_text(&mut m, &mine, " Ana ", " Read together, always. "));
        assert_eq!(m.comment(&mine).map(|c| c.text.as_str()), Some("Read together, always."));
        assert!(!edit_text(&mut m, &mine, "Ana", "Read together, always."), "the same text changes nothing");
        // Ana's thread has Luis' answer: it stays; her own reply goes.
        assert!(!can_delete(&m, &t, "Ana"));
        assert!(!delete(&mut m, &t, "Ana"));
        assert!(!delete(&mut m, &theirs, "Ana"));
        assert!(delete(&mut m, &mine, "Ana"));
        assert_eq!(m.comments.len(), 2);
        // Luis deletes his answer; then Ana's thread goes whole.
        assert!(delete(&mut m, &theirs, "Luis"));
        assert!(can_delete(&m, &t, "Ana"));
        reply(&mut m, &t, "Ana", 4, "A note to myself");
        assert!(delete(&mut m, &t, "Ana"));
        assert!(m.comments.is_empty());
        assert!(check_structure(&m).is_empty());
    }

    #[test]
    fn badges_count_open_threads_on_boxes_fields_findings_and_arrows() {
        let mut m = design();
        start_thread(&mut m, Anchor::Entity { entity: "a".into() }, "x", 1, "box");
        start_thread(&mut m, Anchor::Field { entity: "a".into(), path: "p.q".into() }, "x", 2, "field");
        let on = Box::new(Anchor::Entity { entity: "a".into() });
        start_thread(&mut m, Anchor::Finding { code: "DS101".into(), on }, "x", 3, "finding");
        let done = start_thread(&mut m, Anchor::Relation { relation: "r".into() }, "x", 4, "arrow").expect("r");
        let open = start_thread(&mut m, Anchor::Relation { relation: "r".into() }, "x", 5, "arrow 2").expect("r");
        reply(&mut m, &open, "y", 6, "a reply is not a thread");
        set_resolved(&mut m, &done, true);
        let b = badges(&m);
        assert_eq!(b.entities.get("a"), Some(&3));
        assert_eq!(b.relations.get("r"), Some(&1));
    }
}
