//! Sentences built when read, from items kept in shared blocks.
//!
//! Some sentences are written by the hundred and read a few at a time (a query's explanation,
//! a pattern's change), and building each at once would allocate its arguments. Their items
//! (the names and figures a sentence needs) are kept instead, in one shared block per
//! [`BLOCK`] of them, and each is handed out as a [`Text::deferred`] that names its item.

use super::{Deferred, Text};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Items per shared block (a deferred text names its sentence with a `u8`).
pub const BLOCK: usize = 256;

/// An item that says one sentence when read.
pub trait Sentence: fmt::Debug + Send + Sync + 'static {
    /// What the items of one block share (lists they name by range, say): `()` when nothing.
    type Pool: fmt::Debug + Default + Send + Sync + 'static;
    /// The sentence, with the pool of the item's block.
    fn sentence(&self, pool: &Self::Pool) -> Text;
}

/// Up to [`BLOCK`] items, shared by their sentences: named as the texts are handed out, set
/// once the block is full or the store is done.
#[derive(Debug)]
struct Block<T: Sentence>(OnceLock<(Vec<T>, T::Pool)>);

impl<T: Sentence> Deferred for Block<T> {
    fn text(&self, which: u8) -> Text {
        self.0
            .get()
            .and_then(|(items, pool)| Some(items.get(usize::from(which))?.sentence(pool)))
            .unwrap_or_else(Text::empty)
    }
}

/// The block being filled: the shared source its texts name, and its items so far. Dropping
/// the store sets its last block, so every text it handed out reads its item.
pub struct Later<T: Sentence> {
    block: Arc<Block<T>>,
    items: Vec<T>,
    /// What the items of the block being filled share.
    pool: T::Pool,
    /// At most how many items are still to come (room is made for them, up to a block, so a
    /// block never grows by copying its items).
    expected: usize,
}

impl<T: Sentence> Later<T> {
    /// A store for at most `expected` items (more are taken; they only cost a regrowth).
    pub fn new(expected: usize) -> Later<T> {
        Later { block: Arc::new(Block(OnceLock::new())), items: Vec::new(), pool: T::Pool::default(), expected }
    }

    /// `item`'s sentence, built when read.
    #[inline]
    pub fn push(&mut self, item: T) -> Text {
        if self.items.capacity() == 0 {
            self.items.reserve_exact(self.expected.clamp(1, BLOCK));
        }
        let which = u8::try_from(self.items.len()).unwrap_or(u8::MAX);
        let text = Text::deferred(Arc::clone(&self.block) as Arc<dyn Deferred>, which);
        self.items.push(item);
        if self.items.len() == BLOCK {
            self.flush();
        }
        text
    }

    /// The pool of the block the next item goes to (what it names must be added before it is
    /// pushed: a full block is set as it is).
    pub fn pool(&mut self) -> &mut T::Pool {
        &mut self.pool
    }

    /// Sets the items pushed so far in the block their texts name, and starts another.
    fn flush(&mut self) {
        if self.items.is_empty() {
            return;
        }
        self.expected = self.expected.saturating_sub(self.items.len());
        let _ = self.block.0.set((std::mem::take(&mut self.items), std::mem::take(&mut self.pool)));
        self.block = Arc::new(Block(OnceLock::new()));
    }
}

impl<T: Sentence> Drop for Later<T> {
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Arg, Lang};
    use crate::text;

    #[derive(Debug)]
    struct Numbered(u64);

    impl Sentence for Numbered {
        type Pool = ();
        fn sentence(&self, _: &()) -> Text {
            text!(en: "Item {n}.", es: "Elemento {n}.", pt: "Item nº {n}."; n = Arg::Int(self.0))
        }
    }

    /// Each text reads its own item, across blocks, once the store is dropped, and not before.
    #[test]
    fn texts_read_their_own_items_across_blocks() {
        let mut later = Later::new(2);
        let texts: Vec<Text> = (0..300).map(|n| later.push(Numbered(n))).collect();
        assert_eq!(texts[0].en(), "Item 0.", "a full block is set at once");
        assert_eq!(texts[299].en(), "", "the last block is set when the store is done");
        drop(later);
        for (n, t) in texts.iter().enumerate() {
            assert_eq!(t.en(), format!("Item {n}."));
        }
        assert_eq!(texts[299].render(Lang::Es), "Elemento 299.");
        let mut later = Later::new(1);
        let big = later.push(Numbered(40_000));
        drop(later);
        assert_eq!((big.en(), big.render(Lang::Pt)), ("Item 40,000.".to_string(), "Item nº 40.000.".to_string()));
    }
}
