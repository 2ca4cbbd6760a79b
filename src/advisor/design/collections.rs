//! Each collection's documents: their size estimate, what makes them grow, their largest
//! element and the load the access patterns put on the collection.

use crate::advisor::index_budget::{Load, Loads};
use crate::advisor::paths::Layout;
use crate::advisor::sizes::{Growth, Largest, Walked};
use crate::advisor::SizeEstimate;
use crate::model::ids::position_in;
use crate::model::Entity;

/// One collection of the design: a document entity no relation embeds.
#[derive(Debug)]
pub(crate) struct Collection<'a> {
    pub entity: &'a Entity,
    /// Its position in the model's entities.
    pub position: usize,
    /// Its documents' size: the average now, the worst case now and at the growth horizon.
    pub size: SizeEstimate,
    /// The relation whose unbounded growth adds the most bytes by the horizon, if one does.
    pub growth: Option<Growth<'a>>,
    /// Its documents' largest top-level element, on average.
    pub largest: Option<Largest<'a>>,
    /// The reads and writes per minute the access patterns put on it.
    pub load: Load,
}

/// The collections of `layout`, in model order, from the size walk's estimates (one per
/// collection, in the same order) and the loads.
pub(super) fn collections<'a>(
    layout: &Layout<'a>,
    sizes: Vec<SizeEstimate>,
    walked: Vec<Walked<'a>>,
    loads: &Loads,
) -> Vec<Collection<'a>> {
    let entities = &layout.model.entities;
    let found = layout.collections().zip(sizes).zip(walked);
    found
        .filter_map(|((entity, size), walked)| {
            let position = position_in(entities, entity)?;
            // Entities that share an id share the load a look-up by id finds.
            let load = layout.ids().entity_position(&entity.id).map_or(Load::default(), |at| loads.at(at));
            Some(Collection { entity, position, size, growth: walked.growth, largest: walked.largest, load })
        })
        .collect()
}
