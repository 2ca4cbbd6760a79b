//! The `$lookup` stages of an access pattern: as the file states them (`lookups`, format 4),
//! else read from the pattern's `call` by the one reader of calls (`crate::mql`). The index
//! derivation and `lookup-unindexed` (DS312) read them here, so a report given only as its
//! aggregate call is judged like one whose stages are written out.

use crate::model::{AccessPattern, Lookup, Model};
use std::borrow::Cow;

/// The `$lookup` stages of `q` (none when its call cannot be read).
pub(crate) fn lookups_of<'q>(model: &Model, q: &'q AccessPattern) -> Cow<'q, [Lookup]> {
    if !q.lookups.is_empty() || !q.call.contains("$lookup") {
        return Cow::Borrowed(&q.lookups);
    }
    let mut read = q.clone();
    match crate::mql::read_into(&mut read, &q.call, model) {
        Ok(_) => Cow::Owned(read.lookups),
        Err(_) => Cow::Borrowed(&q.lookups),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    #[test]
    fn stages_come_from_the_file_else_from_the_call() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("o", "orders"));
        m.entities.push(Entity::new("i", "invoices"));
        let mut q = AccessPattern::new("A1", "a report", "o");
        q.call = "db.orders.aggregate([{ $lookup: { from: \"invoices\", localField: \"_id\", foreignField: \"order_id\", as: \"i\" } }])".into();
        let read = lookups_of(&m, &q);
        assert_eq!((read.len(), read[0].from.as_str(), read[0].foreign_field.as_str()), (1, "i", "order_id"));
        q.lookups.push(Lookup { from: "i".into(), local_field: "_id".into(), foreign_field: "ref".into() });
        assert_eq!(lookups_of(&m, &q)[0].foreign_field, "ref", "the file's stages win");
        q.lookups.clear();
        q.call = "db.orders.aggregate([{ $lookup: ".into();
        assert!(lookups_of(&m, &q).is_empty(), "a call that cannot be read gives none");
    }
}
