//! Members of a model file that docshape does not know (`cardinalty` for `cardinality`): the
//! loader skips them, so each is reported with its place and the nearest known member, and a
//! typo never silently changes what a design means.

use super::*;
use serde::de::{self, Deserialize, Visitor};
use std::fmt;

/// A member the loader skipped.
#[derive(Debug, Clone, PartialEq)]
pub struct UnknownMember {
    /// Where it is, as a path into the file (`relations[0].cardinalty`), with the element's
    /// name or id when it has one.
    pub place: String,
    /// The member's name.
    pub member: String,
    /// The known member it most likely means, if one is close.
    pub nearest: Option<&'static str>,
}

impl fmt::Display for UnknownMember {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: unknown member \"{}\" was ignored", self.place, self.member)?;
        match self.nearest {
            Some(n) => write!(f, " (did you mean \"{n}\"?)"),
            None => Ok(()),
        }
    }
}

/// The place and nearest known name of each skipped member, from serde_ignored's paths
/// (`relations.0.cardinalty`).
pub(super) fn describe(model: &Model, paths: &[String]) -> Vec<UnknownMember> {
    let known = vocabulary();
    paths
        .iter()
        .map(|path| {
            let parts: Vec<&str> = path.split('.').collect();
            let (member, parents) = parts.split_last().map_or(("", &[][..]), |(m, p)| (*m, p));
            UnknownMember { place: place(model, parents), member: member.to_string(), nearest: nearest(member, &known) }
        })
        .collect()
}

fn place(model: &Model, parts: &[&str]) -> String {
    let mut out = String::new();
    let mut previous = "";
    for part in parts {
        match part.parse::<usize>() {
            Ok(i) => {
                let label = match previous {
                    "entities" if out == "entities" => model.entities.get(i).map(|e| format!(" (\"{}\")", e.name)),
                    "relations" if out == "relations" => model.relations.get(i).map(|r| format!(" (\"{}\")", r.id)),
                    "queries" if out == "queries" => model.queries.get(i).map(|q| format!(" (\"{}\")", q.id)),
                    _ => None,
                };
                out.push_str(&format!("[{i}]{}", label.unwrap_or_default()));
            }
            Err(_) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(part);
            }
        }
        previous = part;
    }
    if out.is_empty() {
        "the top level".to_string()
    } else {
        out
    }
}

fn nearest(member: &str, known: &[&'static str]) -> Option<&'static str> {
    let lower = member.to_lowercase();
    known
        .iter()
        .map(|k| (strsim::levenshtein(&lower, &k.to_lowercase()), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

/// Every member name of the model's structures, as the loader spells them.
fn vocabulary() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = [
        members::<Model>(),
        members::<Entity>(),
        members::<Field>(),
        members::<Constraints>(),
        members::<SizeHint>(),
        members::<Variant>(),
        members::<CollectionSettings>(),
        members::<Measured>(),
        members::<MeasuredNote>(),
        members::<MeasuredShare>(),
        members::<IndexKey>(),
        members::<IndexSpec>(),
        members::<Filter>(),
        members::<SortKey>(),
        members::<AccessPattern>(),
        members::<RefPlacement>(),
        members::<Cardinality>(),
        members::<Outliers>(),
        members::<Relation>(),
        members::<Thresholds>(),
        members::<Point>(),
    ]
    .concat();
    all.sort_unstable();
    all.dedup();
    all
}

/// The member names serde's derive gave `T`, read by asking it to deserialize a struct.
fn members<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    let mut capture = Capture(&[]);
    let _ = T::deserialize(&mut capture);
    capture.0
}

struct Capture(&'static [&'static str]);

impl<'de> de::Deserializer<'de> for &mut Capture {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only structures are asked for"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0 = fields;
        Err(de::Error::custom("captured"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option
        unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_holds_the_members_as_spelt_in_files() {
        let known = vocabulary();
        for member in ["cardinality", "formatVersion", "schemaVersionField", "avgBytes", "growthPerDay", "perMinute"] {
            assert!(known.contains(&member), "{member}");
        }
    }

    #[test]
    fn a_misspelt_member_is_named_with_its_place_and_nearest_known_member() {
        let text = r#"{"format":"docshape","formatVersion":1,"name":"x",
            "entities":[{"id":"a","name":"orders"},{"id":"b","name":"lines","fields":[{"name":"f","type":"int","requird":true}]}],
            "relations":[{"id":"r1","parent":"a","child":"b","storage":"embed","cardinalty":{"typical":20}}],
            "zzzzzzzz":1}"#;
        let (_, unknown) = load_reporting(text).unwrap();
        let shown: Vec<String> = unknown.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "entities[1] (\"lines\").fields[0]: unknown member \"requird\" was ignored (did you mean \"required\"?)",
                "relations[0] (\"r1\"): unknown member \"cardinalty\" was ignored (did you mean \"cardinality\"?)",
                "the top level: unknown member \"zzzzzzzz\" was ignored",
            ]
        );
    }

    #[test]
    fn load_reads_what_load_reporting_reads_without_naming_the_unknown_members() {
        let misspelt =
            r#"{"format":"docshape","formatVersion":1,"name":"x","entities":[{"id":"a","name":"o","colour":1}]}"#;
        let wrong_shape = r#"{"format":"docshape","formatVersion":2,"name":"x","entities":[{"id":"a","name":7}]}"#;
        let trailing = r#"{"format":"docshape","formatVersion":2,"name":"x"} {"#;
        let files =
            crate::templates::TEMPLATES.iter().map(|t| t.json()).chain([misspelt, wrong_shape, trailing, "[1]", "{"]);
        for text in files {
            let plain = load(text);
            let reporting = load_reporting(text).map(|(model, _)| model);
            assert_eq!(plain, reporting, "{text}");
        }
        assert_eq!(load_reporting(misspelt).unwrap().1.len(), 1);
        assert!(matches!(load(wrong_shape), Err(LoadError::Shape { line: 1, .. })));
    }
}
