//! Review comments: threads anchored to an element of the design (format version 3).
//!
//! A thread is its first comment, which carries the anchor and the resolved flag; each reply is
//! a comment of its own that names the comment it answers. Every comment is one record, so two
//! people replying to one thread at the same time add two records and neither reply is lost.

use super::{Id, Model, Place, Problem};
use crate::text;
use serde::{Deserialize, Serialize};

/// What a thread is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Anchor {
    /// The design as a whole.
    Model,
    /// An aggregate or sub-document (a box).
    Entity {
        entity: String,
    },
    /// A field of a box, by its dotted path (`valoracion.media`).
    Field {
        entity: String,
        path: String,
    },
    Relation {
        relation: String,
    },
    Query {
        query: String,
    },
    /// An advisor finding: its rule code and the element it points at.
    Finding {
        code: String,
        on: Box<Anchor>,
    },
}

impl Anchor {
    /// The element the anchor names is in the model (a finding's, for a finding).
    pub fn exists_in(&self, model: &Model) -> bool {
        match self {
            Anchor::Model => true,
            Anchor::Entity { entity } | Anchor::Field { entity, .. } => model.entity(entity).is_some(),
            Anchor::Relation { relation } => model.relation(relation).is_some(),
            Anchor::Query { query } => model.query(query).is_some(),
            Anchor::Finding { on, .. } => on.exists_in(model),
        }
    }

    /// The place of the element, for selecting it on the canvas.
    pub fn place(&self) -> Place {
        match self {
            Anchor::Model => Place::Model,
            Anchor::Entity { entity } => Place::Entity { id: Id::new(entity) },
            Anchor::Field { entity, path } => Place::Field { entity: Id::new(entity), path: Id::new(path) },
            Anchor::Relation { relation } => Place::Relation { id: Id::new(relation) },
            Anchor::Query { query } => Place::Query { id: Id::new(query) },
            Anchor::Finding { on, .. } => on.place(),
        }
    }

    /// The anchor of a place (the inverse of [`Anchor::place`]).
    pub fn of_place(place: &Place) -> Anchor {
        match place {
            Place::Model => Anchor::Model,
            Place::Entity { id } => Anchor::Entity { entity: id.to_string() },
            Place::Field { entity, path } => Anchor::Field { entity: entity.to_string(), path: path.to_string() },
            Place::Relation { id } => Anchor::Relation { relation: id.to_string() },
            Place::Query { id } => Anchor::Query { query: id.to_string() },
        }
    }
}

/// One comment: a thread's first comment (with `anchor`) or a reply (with `reply_to`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    pub id: String,
    /// The thread's first comment this one answers; `None` for a thread's first comment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// What the thread is about (on a thread's first comment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<Anchor>,
    /// The name the author gave.
    pub author: String,
    /// When it was written, in milliseconds since 1970-01-01 UTC.
    pub at: u64,
    pub text: String,
    /// A thread marked resolved (on a thread's first comment); reopening clears it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resolved: bool,
}

impl Comment {
    /// A thread's first comment.
    pub fn thread(id: &str, anchor: Anchor, author: &str, at: u64, text: &str) -> Comment {
        Comment {
            id: id.to_string(),
            reply_to: None,
            anchor: Some(anchor),
            author: author.to_string(),
            at,
            text: text.to_string(),
            resolved: false,
        }
    }

    /// A reply to the thread that starts with `thread`.
    pub fn reply(id: &str, thread: &str, author: &str, at: u64, text: &str) -> Comment {
        Comment {
            id: id.to_string(),
            reply_to: Some(thread.to_string()),
            anchor: None,
            author: author.to_string(),
            at,
            text: text.to_string(),
            resolved: false,
        }
    }
}

/// A thread: its first comment and its replies, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Thread<'a> {
    pub first: &'a Comment,
    pub replies: Vec<&'a Comment>,
}

impl Model {
    /// The review threads, in the order their first comments have in the model; replies by time.
    pub fn threads(&self) -> Vec<Thread<'_>> {
        let mut threads: Vec<Thread> = self
            .comments
            .iter()
            .filter(|c| c.reply_to.is_none())
            .map(|first| Thread { first, replies: Vec::new() })
            .collect();
        for reply in self.comments.iter().filter(|c| c.reply_to.is_some()) {
            if let Some(t) = threads.iter_mut().find(|t| Some(&t.first.id) == reply.reply_to.as_ref()) {
                t.replies.push(reply);
            }
        }
        for t in &mut threads {
            t.replies.sort_by(|a, b| (a.at, &a.id).cmp(&(b.at, &b.id)));
        }
        threads
    }

    pub fn comment(&self, id: &str) -> Option<&Comment> {
        self.comments.iter().find(|c| c.id == id)
    }
}

/// The comments' structural problems: a repeated comment id, a reply to no thread, a thread
/// with no anchor. (A thread about an element that was deleted is not a problem: the
/// discussion stays, and says its element is gone.)
pub(crate) fn check_comments(model: &Model, out: &mut Vec<Problem>) {
    let mut seen = crate::keyed::HashSet::default();
    for c in &model.comments {
        if !seen.insert(c.id.as_str()) {
            out.push(Problem::new(
                Place::Model,
                text!(
                    en: "the comment id \"{id}\" is used twice",
                    es: "el id de comentario \"{id}\" se usa dos veces",
                    pt: "o id de comentário \"{id}\" é usado duas vezes";
                    id = &c.id
                ),
            ));
        }
        match (&c.reply_to, &c.anchor) {
            (Some(to), _) if !model.comments.iter().any(|t| &t.id == to && t.reply_to.is_none()) => {
                out.push(Problem::new(
                    Place::Model,
                    text!(
                        en: "the comment \"{id}\" answers \"{to}\", which is not a thread",
                        es: "el comentario \"{id}\" responde a \"{to}\", que no es un hilo",
                        pt: "o comentário \"{id}\" responde a \"{to}\", que não é um tópico";
                        id = &c.id, to
                    ),
                ))
            }
            (None, None) => out.push(Problem::new(
                Place::Model,
                text!(
                    en: "the comment \"{id}\" starts a thread but says about what",
                    es: "el comentario \"{id}\" abre un hilo pero no dice sobre qué",
                    pt: "o comentário \"{id}\" abre um tópico mas não diz sobre o quê";
                    id = &c.id
                ),
            )),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{check_structure, load, Entity};

    fn with_thread() -> Model {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "orders"));
        m.comments.push(Comment::thread("c1", Anchor::Entity { entity: "a".into() }, "Ana", 10, "Why embed?"));
        m.comments.push(Comment::reply("c3", "c1", "Luis", 30, "Read together."));
        m.comments.push(Comment::reply("c2", "c1", "Ana", 20, "Or not?"));
        m
    }

    #[test]
    fn threads_group_replies_by_time() {
        let m = with_thread();
        let threads = m.threads();
        assert_eq!(threads.len(), 1);
        assert_eq!(threads[0].first.id, "c1");
        let replies: Vec<&str> = threads[0].replies.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(replies, ["c2", "c3"]);
    }

    #[test]
    fn comments_round_trip_through_the_file() {
        let mut m = with_thread();
        m.comments[0].resolved = true;
        m.comments.push(Comment::thread(
            "c4",
            Anchor::Finding {
                code: "DS101".into(),
                on: Box::new(Anchor::Field { entity: "a".into(), path: "x.y".into() }),
            },
            "Eva",
            40,
            "</script><b>bold</b>",
        ));
        let back = load(&m.to_json()).expect("loads");
        assert_eq!(back, m);
        assert!(m.to_json().contains("\"kind\": \"finding\""));
    }

    #[test]
    fn a_version_2_file_keeps_loading_and_saves_as_the_newest_version() {
        let v2 = r#"{"format":"docshape","formatVersion":2,"name":"old","entities":[{"id":"a","name":"orders"}]}"#;
        let m = load(v2).expect("a version 2 file loads");
        assert!(m.comments.is_empty());
        assert_eq!(m.format_version, super::super::FORMAT_VERSION);
        let saved = m.to_json();
        assert!(saved.contains("\"formatVersion\": 4") && !saved.contains("comments"), "{saved}");
        assert_eq!(load(&saved).expect("reads back"), m);
    }

    #[test]
    fn a_share_link_carries_the_threads() {
        let mut m = with_thread();
        m.comments[0].resolved = true;
        let link = crate::share::share_link(&m).expect("a link");
        assert_eq!(crate::share::decode_link(&link).expect("opens"), m);
    }

    #[test]
    fn a_reply_to_nothing_and_a_repeated_id_are_problems() {
        let mut m = with_thread();
        assert!(check_structure(&m).is_empty());
        m.comments.push(Comment::reply("c9", "nope", "X", 1, "?"));
        m.comments.push(Comment::reply("c2", "c1", "X", 1, "again"));
        let problems: Vec<String> = check_structure(&m).iter().map(|p| p.message.to_string()).collect();
        assert!(problems.iter().any(|p| p.contains("\"c9\" answers \"nope\"")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("\"c2\" is used twice")), "{problems:?}");
    }

    #[test]
    fn a_thread_on_a_deleted_element_stays_and_says_so() {
        let mut m = with_thread();
        m.entities.clear();
        assert!(!m.comments[0].anchor.as_ref().unwrap().exists_in(&m));
        assert!(check_structure(&m).is_empty());
    }
}
