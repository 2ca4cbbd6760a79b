//! Pattern sentences built when read: the long ones (a subset kept in use, a bucket in use)
//! carry more arguments than a [`Text`] keeps inline, so building each at once would allocate
//! its arguments, for a handful the user reads. Their names and figures are kept instead, in
//! one shared [`Block`] per [`BLOCK`] sentences, and each suggestion's change is a
//! [`Text::deferred`] naming its item.

use super::bucket::flat_sentence;
use super::relation::subset_sentence;
use crate::advisor::{PatternKind, PatternSuggestion};
use crate::i18n::{Arg, Deferred, Text};
use crate::model::Place;
use std::sync::{Arc, OnceLock};

/// Sentences per shared block (a deferred text names its sentence with a `u8`).
const BLOCK: usize = 256;

/// The names and figures of one sentence built when read.
#[derive(Debug)]
pub(super) enum Item {
    /// A subset in use (`relation::subset_sentence`).
    Subset { size: Arg, child: Arg, order: Arg, field: Arg, count: Option<Arg>, parent: Arg },
    /// A bucket in use in the common shape (`bucket::flat_sentence`).
    Bucket(BucketItem),
}

/// The arguments of a bucket in use in the common shape.
#[derive(Debug)]
pub(super) struct BucketItem {
    pub child: Arg,
    pub parent: Arg,
    pub period: Arg,
    pub n: Arg,
    pub field: Arg,
    pub key: Arg,
    pub token: Arg,
    pub counter: Arg,
    /// The TTL in seconds and the field it is on, or none.
    pub ttl: Option<(u64, Arg)>,
}

impl Item {
    fn sentence(&self) -> Text {
        match self {
            Item::Subset { size, child, order, field, count, parent } => {
                subset_sentence(size, child, order, field, count.as_ref(), parent)
            }
            Item::Bucket(b) => flat_sentence(b),
        }
    }
}

/// Up to [`BLOCK`] items, shared by their sentences: named by the suggestions as they are
/// made, set once the block is full or the suggestions are done.
#[derive(Debug, Default)]
struct Block(OnceLock<Vec<Item>>);

impl Deferred for Block {
    fn text(&self, which: u8) -> Text {
        self.0.get().and_then(|items| items.get(usize::from(which))).map(Item::sentence).unwrap_or_else(Text::empty)
    }
}

/// The block being filled: the shared source its suggestions name, and its items so far.
pub(super) struct Later {
    block: Arc<Block>,
    items: Vec<Item>,
    /// At most how many items are still to come (room is made for them, up to a block, so
    /// the block never grows by copying its items).
    expected: usize,
}

impl Later {
    /// A store for at most `expected` items.
    pub fn new(expected: usize) -> Later {
        Later { block: Arc::default(), items: Vec::new(), expected }
    }

    /// Pushes a suggestion whose change is `item`'s sentence, built when read.
    #[inline]
    pub fn push(
        &mut self,
        out: &mut Vec<PatternSuggestion>,
        pattern: PatternKind,
        place: Place,
        in_use: bool,
        item: Item,
    ) {
        if self.items.capacity() == 0 {
            self.items.reserve_exact(self.expected.clamp(1, BLOCK));
        }
        let which = u8::try_from(self.items.len()).unwrap_or(u8::MAX);
        let change = Text::deferred(Arc::clone(&self.block) as Arc<dyn Deferred>, which);
        out.push(PatternSuggestion { pattern, place, change, in_use });
        self.items.push(item);
        if self.items.len() == BLOCK {
            self.flush();
        }
    }

    /// Sets the items pushed so far in the block their suggestions name, and starts another.
    pub fn flush(&mut self) {
        if self.items.is_empty() {
            return;
        }
        self.expected = self.expected.saturating_sub(self.items.len());
        let _ = self.block.0.set(std::mem::take(&mut self.items));
        self.block = Arc::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// Each suggestion reads its own item, across blocks, once the store is flushed.
    #[test]
    fn suggestions_read_their_own_items_across_blocks() {
        let mut later = Later::new(2);
        let mut out = Vec::new();
        for n in 0..300u32 {
            let item = Item::Subset {
                size: Arg::from(n),
                child: Arg::str("resenas"),
                order: Text::empty().into(),
                field: Arg::str("top"),
                count: None,
                parent: Arg::str("libros"),
            };
            later.push(&mut out, PatternKind::Subset, Place::Model, true, item);
        }
        later.flush();
        assert_eq!(out.len(), 300);
        for (n, s) in out.iter().enumerate() {
            assert!(s.change.en().starts_with(&format!("keep the {n} resenas in top ")), "{n}");
        }
        assert!(out[299].change.render(Lang::Es).starts_with("guarda 299 resenas en top "));
    }
}
