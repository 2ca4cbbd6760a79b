//! Walking a stored document's values by field path, without converting it: the values that
//! may refer to another collection, and the values at one path.

use bson::raw::{RawBsonRef, RawDocument};

/// Deepest sub-document level at which references are looked for.
const MAX_DEPTH: usize = 4;

/// Calls `f(path, in_array, value)` for every scalar value of `doc`, through sub-documents and
/// arrays of sub-documents (their fields under the array's name: `lines.product_id`).
/// `in_array` says the value is an element of an array at `path` (`tag_ids: [...]`). The
/// top-level `_id` is left out: it is the document's own identity. Elements the crate cannot
/// read are skipped (a sampled document's conversion reports them).
pub fn scalars(doc: &RawDocument, f: &mut impl FnMut(&str, bool, RawBsonRef<'_>)) {
    walk(doc, "", 1, f);
}

fn walk(doc: &RawDocument, prefix: &str, depth: usize, f: &mut impl FnMut(&str, bool, RawBsonRef<'_>)) {
    for element in doc.iter() {
        let Ok((key, value)) = element else { return };
        let key = key.as_str();
        if prefix.is_empty() && key == "_id" {
            continue;
        }
        let path = if prefix.is_empty() { key.to_string() } else { format!("{prefix}.{key}") };
        match value {
            RawBsonRef::Document(sub) if depth < MAX_DEPTH => walk(sub, &path, depth + 1, f),
            RawBsonRef::Array(items) => {
                for item in items {
                    match item {
                        Ok(RawBsonRef::Document(sub)) if depth < MAX_DEPTH => walk(sub, &path, depth + 1, f),
                        Ok(RawBsonRef::Document(_) | RawBsonRef::Array(_)) => {}
                        Ok(v) => f(&path, true, v),
                        Err(_) => break,
                    }
                }
            }
            RawBsonRef::Document(_) => {}
            v => f(&path, false, v),
        }
    }
}

/// Calls `f(value)` for each value at the dotted `path` of `doc`, through arrays of
/// sub-documents; with `in_array`, for each element of the array found there.
pub fn values_at(doc: &RawDocument, path: &[&str], in_array: bool, f: &mut impl FnMut(RawBsonRef<'_>)) {
    let Some((first, rest)) = path.split_first() else { return };
    let Ok(Some(value)) = doc.get(first) else { return };
    if rest.is_empty() {
        match value {
            RawBsonRef::Array(items) if in_array => {
                for item in items.into_iter().flatten() {
                    if !matches!(item, RawBsonRef::Document(_) | RawBsonRef::Array(_)) {
                        f(item);
                    }
                }
            }
            RawBsonRef::Array(_) | RawBsonRef::Document(_) => {}
            v if !in_array => f(v),
            _ => {}
        }
        return;
    }
    match value {
        RawBsonRef::Document(sub) => values_at(sub, rest, in_array, f),
        RawBsonRef::Array(items) => {
            for item in items.into_iter().flatten() {
                if let RawBsonRef::Document(sub) = item {
                    values_at(sub, rest, in_array, f);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::rawdoc;

    #[test]
    fn scalars_and_values_by_path() {
        let doc = rawdoc! { "_id": 1, "customer_id": "c1", "tags": ["a", "b"], "lines": [{ "sku": "x" }, { "sku": "y" }], "at": { "city": "Lima" } };
        let mut seen = Vec::new();
        scalars(&doc, &mut |path, in_array, v| seen.push((path.to_string(), in_array, v.as_str().map(str::to_string))));
        let paths: Vec<(&str, bool)> = seen.iter().map(|(p, a, _)| (p.as_str(), *a)).collect();
        assert_eq!(
            paths,
            [
                ("customer_id", false),
                ("tags", true),
                ("tags", true),
                ("lines.sku", false),
                ("lines.sku", false),
                ("at.city", false)
            ]
        );
        let mut skus = Vec::new();
        values_at(&doc, &["lines", "sku"], false, &mut |v| skus.push(v.as_str().unwrap_or_default().to_string()));
        assert_eq!(skus, ["x", "y"]);
        let mut tags = 0;
        values_at(&doc, &["tags"], true, &mut |_| tags += 1);
        assert_eq!(tags, 2);
        let mut none = 0;
        values_at(&doc, &["tags"], false, &mut |_| none += 1);
        assert_eq!(none, 0, "an array is not a scalar reference");
    }
}
