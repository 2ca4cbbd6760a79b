//! Pattern sentences built when read: the long ones (a subset kept in use, a bucket in use)
//! carry more arguments than a [`Text`] keeps inline, so building each at once would allocate
//! its arguments, for a handful the user reads. Their names and figures are kept instead, as
//! [`Item`]s in the shared blocks of [`crate::i18n::later`].

use super::bucket::flat_sentence;
use super::relation::subset_sentence;
use crate::i18n::later::Sentence;
use crate::i18n::{Arg, Text};

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

impl Sentence for Item {
    type Pool = ();
    fn sentence(&self, _: &()) -> Text {
        match self {
            Item::Subset { size, child, order, field, count, parent } => {
                subset_sentence(size, child, order, field, count.as_ref(), parent)
            }
            Item::Bucket(b) => flat_sentence(b),
        }
    }
}

/// The store of pattern sentences built when read (see [`crate::i18n::later`]).
pub(super) type Later = crate::i18n::later::Later<Item>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// Each suggestion reads its own item, across blocks, once the store is dropped.
    #[test]
    fn suggestions_read_their_own_items_across_blocks() {
        let mut later = Later::new(2);
        let mut out: Vec<Text> = Vec::new();
        for n in 0..300u32 {
            let item = Item::Subset {
                size: Arg::from(n),
                child: Arg::str("resenas"),
                order: Text::empty().into(),
                field: Arg::str("top"),
                count: None,
                parent: Arg::str("libros"),
            };
            out.push(later.push(item));
        }
        drop(later);
        assert_eq!(out.len(), 300);
        for (n, s) in out.iter().enumerate() {
            assert!(s.en().starts_with(&format!("keep the {n} resenas in top ")), "{n}");
        }
        assert!(out[299].render(Lang::Es).starts_with("guarda 299 resenas en top "));
    }
}
