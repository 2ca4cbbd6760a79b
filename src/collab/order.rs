//! The order of a kind's records: each record carries an order key, a string that sorts
//! between its neighbours' (fractional indexing). A key is a base-36 fraction `0.d1d2…`
//! written with the digits `0-9a-z`, whose byte order is their numeric order, and never ends
//! in `0`, so a key always exists between any two. Moving or inserting a record writes only
//! its own key, and two people inserting at one place both keep their records (equal keys
//! sort by the document key).
//!
//! (The `fractional_index` crate was tried first: its `new_between` subtracts from a byte that
//! can be zero, which panics in a debug build after 128 insertions at the head of a list, and
//! a peer's key is input we do not control; the midpoint below is the textbook one.)

/// The digits, in their numeric order (also their byte order).
const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
const BASE: u8 = 36;
/// Longer keys from a peer are ignored (a key grows by about one digit per insertion at one
/// place, so a person never makes one this long).
const MAX_KEY: usize = 256;

fn digit(c: u8) -> Option<u8> {
    DIGITS.iter().position(|&d| d == c).map(|p| p as u8)
}

/// Whether `key` is a key this module could have made.
pub fn valid(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY && key.bytes().all(|c| digit(c).is_some()) && !key.ends_with('0')
}

/// A key strictly between `a` (or the start) and `b` (or the end); `a < b`, both valid.
/// Appending and prepending step one digit (`i`, `j`, `k`…), so a list built one record at a
/// time keeps short keys (about one more digit every 35 records); inserting between two keys
/// takes their midpoint.
pub fn between(a: Option<&str>, b: Option<&str>) -> String {
    let digits = |k: &str| -> Vec<u8> { k.bytes().filter_map(digit).collect() };
    let out = match (a.map(digits), b.map(digits)) {
        (None, None) => vec![BASE / 2],
        (Some(a), None) => after(&a),
        (None, Some(b)) => before(&b),
        (Some(a), Some(b)) => midpoint(&a, Some(&b)),
    };
    out.into_iter().map(|d| DIGITS[usize::from(d)] as char).collect()
}

/// A key after `a`: its first digit that can grow, grown (the rest dropped).
fn after(a: &[u8]) -> Vec<u8> {
    match a.iter().position(|&d| d < BASE - 1) {
        Some(i) => a[..i].iter().copied().chain([a[i] + 1]).collect(),
        None => a.iter().copied().chain([1]).collect(),
    }
}

/// A key before `b`: its first digit over 1, made smaller (the rest dropped); or its first 1
/// made `0z`.
fn before(b: &[u8]) -> Vec<u8> {
    match (b.iter().position(|&d| d > 1), b.iter().position(|&d| d == 1)) {
        (Some(i), _) => b[..i].iter().copied().chain([b[i] - 1]).collect(),
        (None, Some(i)) => b[..i].iter().copied().chain([0, BASE - 1]).collect(),
        (None, None) => midpoint(&[], Some(b)),
    }
}

/// The textbook midpoint of two digit strings read as fractions, `a < b` (`None`: 1.0).
fn midpoint(a: &[u8], b: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    // The common prefix (with `a` padded by zeros) is kept.
    if let Some(b) = b {
        while i < b.len() && a.get(i).copied().unwrap_or(0) == b[i] {
            out.push(b[i]);
            i += 1;
        }
    }
    let (a, b) = (a.get(i..).unwrap_or(&[]), b.map(|b| &b[i.min(b.len())..]));
    let da = a.first().copied().unwrap_or(0);
    let db = b.and_then(|b| b.first().copied()).unwrap_or(BASE);
    if db > da + 1 {
        out.push((da + db) / 2);
    } else if b.is_some_and(|b| b.len() > 1) {
        // b is `db` and more digits: `db` alone is between.
        out.push(db);
    } else {
        // Consecutive digits: keep a's digit and go after the rest of a.
        out.push(da);
        out.extend(midpoint(a.get(1..).unwrap_or(&[]), None));
    }
    out
}

/// The keys to write so that records read in the order given: `existing[i]` is the i-th
/// record's current key (`None`: new, or a key that is not valid). The records whose keys
/// already increase the longest way keep them (`None` in the answer); the others get a key
/// between their new neighbours.
pub fn assign(existing: &[Option<&str>]) -> Vec<Option<String>> {
    let keep = longest_increasing(existing);
    let mut out = vec![None; existing.len()];
    // The next kept key at or after each position.
    let mut next_kept: Vec<Option<&str>> = vec![None; existing.len() + 1];
    for i in (0..existing.len()).rev() {
        next_kept[i] = if keep[i] { existing[i] } else { next_kept[i + 1] };
    }
    let mut prev: Option<String> = None;
    for i in 0..existing.len() {
        if keep[i] {
            prev = existing[i].map(str::to_string);
        } else {
            let key = between(prev.as_deref(), next_kept[i + 1]);
            prev = Some(key.clone());
            out[i] = Some(key);
        }
    }
    out
}

/// Marks a longest strictly increasing run of the valid keys (patience sorting, n log n).
fn longest_increasing(keys: &[Option<&str>]) -> Vec<bool> {
    // tails[k]: position of the smallest last key of an increasing run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; keys.len()];
    for (i, key) in keys.iter().enumerate() {
        let Some(key) = key.filter(|k| valid(k)) else { continue };
        let at = tails.partition_point(|&t| keys[t].is_some_and(|k| k < key));
        before[i] = at.checked_sub(1).map(|p| tails[p]);
        if at == tails.len() {
            tails.push(i);
        } else {
            tails[at] = i;
        }
    }
    let mut keep = vec![false; keys.len()];
    let mut at = tails.last().copied();
    while let Some(i) = at {
        keep[i] = true;
        at = before[i];
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_is_strictly_between_and_valid() {
        let mut rng = crate::rng::Rng::new(7);
        let mut keys = vec![between(None, None)];
        for _ in 0..3000 {
            // Insert at a random place, often at the head or tail (the hard cases).
            let at = match rng.below(4) {
                0 => 0,
                1 => keys.len(),
                _ => rng.below(keys.len() as u64 + 1) as usize,
            };
            let a = at.checked_sub(1).map(|i| keys[i].as_str());
            let b = keys.get(at).map(String::as_str);
            let k = between(a, b);
            assert!(valid(&k), "{k}");
            assert!(a.is_none_or(|a| a < k.as_str()) && b.is_none_or(|b| k.as_str() < b), "{a:?} {k} {b:?}");
            keys.insert(at, k);
        }
        // 1,000 records appended one by one, or prepended, keep short keys.
        let (mut head, mut tail) = (between(None, None), between(None, None));
        for _ in 0..1000 {
            let (h, t) = (between(None, Some(&head)), between(Some(&tail), None));
            assert!(valid(&h) && h < head && valid(&t) && t > tail, "{h} {head} {t} {tail}");
            (head, tail) = (h, t);
        }
        assert!(head.len() <= 40 && tail.len() <= 40, "{} {}", head.len(), tail.len());
    }

    #[test]
    fn assign_keeps_the_longest_run_and_fills_between() {
        let k: Vec<String> = ["2", "4", "6", "8"].map(String::from).to_vec();
        // d moved to the front: only d gets a new key.
        let order = [Some(k[3].as_str()), Some(&k[0]), Some(&k[1]), Some(&k[2])];
        let out = assign(&order);
        assert_eq!(out.iter().filter(|o| o.is_some()).count(), 1);
        assert!(out[0].as_deref().unwrap() < "2");
        // A new record between b and c, and a record with an invalid key at the end.
        let order = [Some("2"), Some("4"), None, Some("6"), Some("bad!")];
        let out = assign(&order);
        let mid = out[2].as_deref().unwrap();
        assert!("4" < mid && mid < "6");
        assert!(out[4].as_deref().unwrap() > "6");
        assert!(out[..2].iter().chain(&out[3..4]).all(Option::is_none));
        // Equal keys (two people inserted at one place): one of them moves.
        let out = assign(&[Some("5"), Some("5")]);
        assert_eq!(out.iter().filter(|o| o.is_some()).count(), 1);
        let keys: Vec<&str> = out.iter().zip(["5", "5"]).map(|(n, o)| n.as_deref().unwrap_or(o)).collect();
        assert!(keys[0] < keys[1]);
    }

    #[test]
    fn keys_from_a_peer_are_checked() {
        for bad in ["", "A", "5 ", "10", "ü", &"5".repeat(MAX_KEY + 1)] {
            assert!(!valid(bad), "{bad:?}");
        }
        assert!(valid("5") && valid("0z"));
    }
}
