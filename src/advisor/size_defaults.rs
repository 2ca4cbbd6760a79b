//! The figures the size estimate assumes when the model gives none: items of an array,
//! bytes of a string from its name, days of a bucket period.

/// Items assumed in an array that has no hint, cap or relation.
pub(crate) const DEFAULT_ITEMS: f64 = 3.0;

/// Days one bucket period covers.
pub(crate) fn period_days(period: &str) -> f64 {
    // Compared without case and without building a lower-case copy.
    const DAYS: [(&str, f64); 5] =
        [("minute", 1.0 / 1440.0), ("hour", 1.0 / 24.0), ("week", 7.0), ("month", 30.0), ("year", 365.0)];
    let period = period.trim();
    DAYS.iter().find(|(name, _)| period.eq_ignore_ascii_case(name)).map_or(1.0, |&(_, days)| days)
}

/// Name fragments and the bytes a string named with one is guessed to hold (first group wins).
const TABLE: &[(&[&str], f64)] = &[
    (&["descrip", "sinopsis", "synopsis", "texto", "text", "body", "content", "comment", "resumen", "summary"], 500.0),
    (&["url", "link", "href", "hash", "password", "token"], 60.0),
    (&["address", "direccion", "endereco"], 60.0),
    (&["title", "titulo"], 40.0),
    (&["email", "correo"], 24.0),
    (&["name", "nombre", "nome"], 20.0),
    (&["phone", "telefono", "telefone"], 15.0),
    (&["code", "codigo", "sku", "isbn", "issn"], 13.0),
    (&["status", "estado", "type", "tipo", "kind", "lang", "country", "pais"], 10.0),
];

/// Bytes of the shortest key [`guess_by_name`] looks for: a shorter name matches none.
pub(crate) const SHORTEST_KEY: usize = 3;

/// A guess of a string's bytes from its name (any case: the keys are compared without case,
/// byte by byte, with no lower-case copy of the name).
pub(crate) fn guess_by_name(name: &str) -> f64 {
    let name = name.as_bytes();
    if name.len() < SHORTEST_KEY {
        return 16.0;
    }
    let holds = |key: &str| {
        let key = key.as_bytes();
        key.len() <= name.len() && name.windows(key.len().max(1)).any(|w| w.eq_ignore_ascii_case(key))
    };
    TABLE.iter().find(|(keys, _)| keys.iter().any(|k| holds(k))).map_or(16.0, |(_, b)| *b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_periods() {
        assert_eq!(guess_by_name("sinopsis"), 500.0);
        assert_eq!(guess_by_name("titulo_normalizado"), 40.0);
        assert_eq!(guess_by_name("email"), 24.0);
        assert_eq!(guess_by_name("zzz"), 16.0);
        assert_eq!(period_days("hour"), 1.0 / 24.0);
        assert_eq!(period_days("Month"), 30.0);
        assert_eq!(period_days(" WEEK "), 7.0);
        assert_eq!(period_days("fortnight"), 1.0);
        // Any case, as the lower-case copy matched: the first group with a key inside wins.
        assert_eq!(guess_by_name("Product_Description"), 500.0);
        assert_eq!(guess_by_name("HomeURL"), 60.0);
        assert_eq!(guess_by_name("ab"), 16.0);
        assert_eq!(guess_by_name("sku"), 13.0);
        assert_eq!(guess_by_name("nombreTítulo"), 20.0, "í is not i");
        assert_eq!(guess_by_name(""), 16.0);
        assert_eq!(TABLE.iter().flat_map(|(keys, _)| keys.iter()).map(|k| k.len()).min(), Some(SHORTEST_KEY));
        // The same guesses as a lower-case copy searched with `str::contains`.
        let reference = |name: &str| {
            let lower = name.to_ascii_lowercase();
            let table: [(&[&str], f64); 3] = [(&["descrip", "body"], 500.0), (&["url"], 60.0), (&["name"], 20.0)];
            table.iter().find(|(keys, _)| keys.iter().any(|k| lower.contains(k))).map_or(16.0, |(_, b)| *b)
        };
        for name in ["BODY", "xUrL", "NameURL", "descriptor", "nam", "Ñame", "url", "u"] {
            assert_eq!(guess_by_name(name), reference(name), "{name}");
        }
    }
}
