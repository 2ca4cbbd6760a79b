//! How many items an array of a generated document holds, and in which order a subset keeps them.

use super::facts::{self, EXAMPLE_ITEMS};
use super::rng::Rng;
use super::shape::{self, Node};

/// `votos_utiles:-1`, `-votos_utiles` or `votos_utiles` → (field, direction).
pub fn order_key(order_by: &str) -> (String, i8) {
    let s = order_by.trim();
    if let Some((f, d)) = s.split_once(':') {
        return (f.trim().to_string(), if d.trim().starts_with('-') { -1 } else { 1 });
    }
    match s.strip_prefix('-') {
        Some(f) => (f.to_string(), -1),
        None => (s.to_string(), 1),
    }
}

pub fn array_len(node: &Node, rng: &mut Rng, example: bool) -> u64 {
    let count = node.count.unwrap_or(shape::Count { typical: 3.0, max: None, outliers: None });
    let min = node.constraints.min_items.unwrap_or(0);
    let hard = node.constraints.max_items.unwrap_or(u64::MAX);
    let n = if example {
        let typical = count.typical.round() as u64;
        let at_least_one = (count.typical >= 0.5) as u64;
        typical.max(at_least_one).min(EXAMPLE_ITEMS)
    } else {
        facts::sample(&count, rng).0
    };
    n.min(hard).max(min).min(facts::MAX_ITEMS)
}

/// Items shown of `n` (capped for examples and by the array's cap).
pub fn shown(n: u64, node: &Node, example: bool) -> u64 {
    let n = if example { n.min(EXAMPLE_ITEMS) } else { n };
    n.min(node.constraints.max_items.unwrap_or(u64::MAX)).min(facts::MAX_ITEMS)
}
