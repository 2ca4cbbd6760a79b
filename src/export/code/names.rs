//! Names of the generated code: a model's names mapped to identifiers every target accepts,
//! predictably. Letters with an accent lose it (`reseñas` → `resenas`), every other character
//! outside ASCII letters, digits and `_` becomes `_`, a leading digit gets a letter before it,
//! a reserved word gets `_` after it (`class` → `class_`), and a name already taken in the same
//! scope gets `_2`, `_3`… The documents keep the model's own names: each target writes the
//! original next to the identifier (an alias, a rename attribute, a quoted key) and a comment
//! says how the name was mapped.

use std::collections::HashSet;

/// `c` without its accent, for the Latin letters of the course material's languages.
fn unaccent(c: char) -> Option<char> {
    Some(match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'Á' | 'À' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'É' | 'È' | 'Ê' | 'Ë' => 'E',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'Í' | 'Ì' | 'Î' | 'Ï' => 'I',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'O',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'Ú' | 'Ù' | 'Û' | 'Ü' => 'U',
        'ñ' => 'n',
        'Ñ' => 'N',
        'ç' => 'c',
        'Ç' => 'C',
        _ => return None,
    })
}

/// `name` in ASCII letters, digits and `_`, starting with a letter or `_` (`lead` is put before
/// a leading digit, and stands for an empty name).
pub fn ascii(name: &str, lead: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { unaccent(c).unwrap_or('_') })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert_str(0, lead);
    }
    s
}

/// The longest type name given out: a Java class is a file named `Outer$Inner.class`, and file
/// names stop at 255 bytes.
pub const MAX_TYPE: usize = 60;

/// `name` cut to [`MAX_TYPE`] characters (type names are ASCII).
pub fn capped(mut name: String) -> String {
    name.truncate(MAX_TYPE);
    name
}

/// `name` as a PascalCase type name: its ASCII words capitalised and joined (`resenas_destacadas`
/// → `ResenasDestacadas`; `T` before a leading digit), cut to [`MAX_TYPE`] characters.
pub fn pascal(name: &str) -> String {
    let words = ascii(name, "T");
    let mut out = String::with_capacity(words.len());
    for word in words.split('_').filter(|w| !w.is_empty()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    capped(out)
}

/// Identifiers already given in one scope (a class's fields, a file's types).
#[derive(Default)]
pub struct Scope {
    reserved: &'static [&'static str],
    taken: HashSet<String>,
}

impl Scope {
    /// A scope whose reserved words are `reserved` (they are never given out as they are).
    pub fn new(reserved: &'static [&'static str]) -> Scope {
        Scope { reserved, taken: HashSet::new() }
    }

    /// `wanted` (`wanted_` when it is reserved), with `_2`, `_3`… when it is already given; taken.
    pub fn give(&mut self, wanted: &str) -> String {
        let mut base = wanted.to_string();
        if self.reserved.contains(&wanted) {
            base.push('_');
        }
        if self.taken.insert(base.clone()) {
            return base;
        }
        let mut n = 2;
        loop {
            let candidate = format!("{base}_{n}");
            if !self.reserved.contains(&candidate.as_str()) && self.taken.insert(candidate.clone()) {
                return candidate;
            }
            n += 1;
        }
    }

    /// The member name of a document field in Rust or Java: without leading `_` (`_id` → `id`,
    /// the BSON name is kept in an attribute), in ASCII, reserved words escaped, unique here.
    pub fn member(&mut self, field: &str) -> String {
        self.give(&ascii(field.trim_start_matches('_'), "f_"))
    }

    /// Marks `name` as taken.
    pub fn take(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }
}

/// Type names the generated files use or that a target's code would confuse with its own:
/// never given to a model's type.
pub const RESERVED_TYPES: &[&str] = &[
    "Any",
    "Annotated",
    "Array",
    "BaseModel",
    "BigDecimal",
    "Binary",
    "Bson",
    "BsonDiscriminator",
    "BsonId",
    "BsonProperty",
    "Boolean",
    "Box",
    "Buffer",
    "Byte",
    "Character",
    "Class",
    "ConfigDict",
    "Date",
    "DateTime",
    "Decimal",
    "Decimal128",
    "Deserialize",
    "Document",
    "Double",
    "Enum",
    "Err",
    "Error",
    "Field",
    "Float",
    "Function",
    "Infinity",
    "Int32",
    "Integer",
    "Iterable",
    "List",
    "Literal",
    "Long",
    "Map",
    "Math",
    "Model",
    "NaN",
    "None",
    "Number",
    "Object",
    "ObjectId",
    "Ok",
    "Option",
    "Optional",
    "Override",
    "Partial",
    "Promise",
    "Record",
    "Result",
    "Schema",
    "Self",
    "Serialize",
    "Set",
    "Short",
    "Some",
    "String",
    "Symbol",
    "System",
    "Thread",
    "Timestamp",
    "TypeAdapter",
    "Types",
    "Union",
    "Vec",
    "Void",
    "z",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_predictably() {
        assert_eq!(ascii("reseñas", "f"), "resenas");
        assert_eq!(ascii("año publicación", "f"), "ano_publicacion");
        assert_eq!(ascii("1st", "f"), "f1st");
        assert_eq!(ascii("", "f"), "f");
        assert_eq!(ascii("a\u{202e}b\"c", "f"), "a_b_c");
        assert_eq!(pascal("resenas_destacadas"), "ResenasDestacadas");
        assert_eq!(pascal("catálogo"), "Catalogo");
        assert_eq!(pascal("2024 ventas"), "T2024Ventas");
        assert_eq!(pascal("___"), "T");
        assert_eq!(pascal(&"l".repeat(300)).len(), MAX_TYPE);
    }

    #[test]
    fn scopes_escape_reserved_words_and_repeats() {
        let mut s = Scope::new(&["class", "String"]);
        assert_eq!(s.give("class"), "class_");
        assert_eq!(s.give("titulo"), "titulo");
        assert_eq!(s.give("titulo"), "titulo_2");
        assert_eq!(s.give("titulo"), "titulo_3");
        assert_eq!(s.give("String"), "String_");
    }
}
