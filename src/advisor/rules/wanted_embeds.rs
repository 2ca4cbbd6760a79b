//! The embeddings the criteria recommend and the design lacks (DS102 towards embed), seen from
//! the findings they would settle: a write across aggregates that the embedding makes one
//! document (DS106), a read it serves without a second read (DS105). Those findings name the
//! embedding before the general remedies, so the advice agrees across the design: one cause
//! (the storage), one remedy, instead of "wrap it in a transaction" for a child that belongs
//! inside its parent.

use super::storage_disagrees::disagrees;
use crate::advisor::Context;
use crate::i18n::Arg;
use crate::model::{Relation, Storage};

/// A relation the criteria want embedded, with the roots of the two aggregates it would join.
pub(crate) struct WantedEmbed<'a> {
    pub rel: &'a Relation,
    /// The root of the parent's aggregate: the collection the child would live in.
    pub into: &'a str,
    /// The root of the child's aggregate today (the child's own collection).
    pub from: &'a str,
}

/// Every relation DS102 reports with embed as the storage to set, whose parent is in the
/// model (an embedding needs somewhere to go).
pub(crate) fn wanted_embeds<'a>(cx: &Context<'a>) -> Vec<WantedEmbed<'a>> {
    let mut out = Vec::new();
    for rel in &cx.model.relations {
        if !matches!(disagrees(cx, rel), Some((_, Storage::Embed))) {
            continue;
        }
        let root = |id: &str| cx.design.aggregate_of(id).map(|e| e.id.as_str());
        if let (Some(into), Some(from)) = (root(&rel.parent), root(&rel.child)) {
            if into != from {
                out.push(WantedEmbed { rel, into, from });
            }
        }
    }
    out
}

/// The wanted embeddings that, applied together, put every aggregate of `roots` into one: the
/// relations used and the root that holds them all; `None` when some aggregate stays apart.
pub(crate) fn joining_all<'a, 'w>(
    wanted: &'w [WantedEmbed<'a>],
    roots: &[&str],
) -> Option<(Vec<&'w WantedEmbed<'a>>, &'a str)> {
    if roots.len() < 2 {
        return None;
    }
    // A tiny union-find over the written roots: `group[i]` is the index of i's representative.
    let mut group: Vec<usize> = (0..roots.len()).collect();
    fn find(group: &mut [usize], mut i: usize) -> usize {
        while group[i] != i {
            group[i] = group[group[i]];
            i = group[i];
        }
        i
    }
    let mut used = Vec::new();
    for w in wanted {
        let (Some(a), Some(b)) = (roots.iter().position(|r| *r == w.into), roots.iter().position(|r| *r == w.from))
        else {
            continue;
        };
        let (ra, rb) = (find(&mut group, a), find(&mut group, b));
        if ra != rb {
            group[rb] = ra;
            used.push(w);
        }
    }
    let first = find(&mut group, 0);
    if (1..roots.len()).any(|i| find(&mut group, i) != first) {
        return None;
    }
    // The root that holds them all is the one no used embedding moves.
    let top = used.iter().map(|w| w.into).find(|r| !used.iter().any(|w| w.from == *r))?;
    Some((used, top))
}

/// The children of `used`, by name, as one list argument.
pub(crate) fn children_arg(cx: &Context, used: &[&WantedEmbed]) -> Arg {
    let names: Vec<&str> =
        used.iter().map(|w| cx.design.entity(&w.rel.child).map_or(w.rel.child.as_str(), |e| e.name.as_str())).collect();
    Arg::list(&names)
}

/// An entity's name, or its id when it has none in the model.
pub(crate) fn name_of<'s>(cx: &'s Context<'_>, id: &'s str) -> &'s str {
    cx.design.entity(id).map_or(id, |e| e.name.as_str())
}
