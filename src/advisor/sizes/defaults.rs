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

/// A name fragment with the set of its letters (bit `c - b'a'`): a name that lacks one of
/// them cannot hold the fragment, and most keys are ruled out by one mask test.
struct Key {
    key: &'static str,
    letters: u32,
}

/// [`Key`] of `key` (lower-case ASCII letters only, as every key of [`TABLE`] is).
const fn k(key: &'static str) -> Key {
    let bytes = key.as_bytes();
    let mut letters = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        letters |= 1 << ((bytes[i].wrapping_sub(b'a')) & 31);
        i += 1;
    }
    Key { key, letters }
}

/// Name fragments and the bytes a string named with one is guessed to hold (first group wins).
const TABLE: &[(&[Key], f64)] = &[
    (
        &[
            k("descrip"),
            k("sinopsis"),
            k("synopsis"),
            k("texto"),
            k("text"),
            k("body"),
            k("content"),
            k("comment"),
            k("resumen"),
            k("summary"),
        ],
        500.0,
    ),
    (&[k("url"), k("link"), k("href"), k("hash"), k("password"), k("token")], 60.0),
    (&[k("address"), k("direccion"), k("endereco")], 60.0),
    (&[k("title"), k("titulo")], 40.0),
    (&[k("email"), k("correo")], 24.0),
    (&[k("name"), k("nombre"), k("nome")], 20.0),
    (&[k("phone"), k("telefono"), k("telefone")], 15.0),
    (&[k("code"), k("codigo"), k("sku"), k("isbn"), k("issn")], 13.0),
    (&[k("status"), k("estado"), k("type"), k("tipo"), k("kind"), k("lang"), k("country"), k("pais")], 10.0),
];

/// Bytes of the shortest key [`guess_by_name`] looks for: a shorter name matches none.
pub(crate) const SHORTEST_KEY: usize = 3;

/// The letters of `name`, any case (bit `c - b'a'` for each ASCII letter `c`, lowered).
fn letters_of(name: &[u8]) -> u32 {
    name.iter().filter(|b| b.is_ascii_alphabetic()).fold(0, |m, b| m | 1 << ((b | 0x20) - b'a'))
}

/// A guess of a string's bytes from its name (any case: the keys are compared without case,
/// byte by byte, with no lower-case copy of the name). A key is searched for only when the
/// name has each of its letters.
pub(crate) fn guess_by_name(name: &str) -> f64 {
    let name = name.as_bytes();
    if name.len() < SHORTEST_KEY {
        return 16.0;
    }
    let letters = letters_of(name);
    let holds = |k: &Key| {
        let key = k.key.as_bytes();
        k.letters & !letters == 0
            && key.len() <= name.len()
            && name.windows(key.len().max(1)).any(|w| w.eq_ignore_ascii_case(key))
    };
    TABLE.iter().find(|(keys, _)| keys.iter().any(holds)).map_or(16.0, |(_, b)| *b)
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
        assert_eq!(TABLE.iter().flat_map(|(keys, _)| keys.iter()).map(|k| k.key.len()).min(), Some(SHORTEST_KEY));
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

    /// The letter masks rule out only keys a scan would not find: the same guesses as
    /// searching every key, for names of every case, with digits, separators and non-ASCII.
    #[test]
    fn masked_guesses_match_the_full_scan() {
        let full = |name: &str| {
            let lower = name.to_ascii_lowercase();
            TABLE.iter().find(|(keys, _)| keys.iter().any(|k| lower.contains(k.key))).map_or(16.0, |(_, b)| *b)
        };
        for (keys, _) in TABLE {
            for key in keys.iter() {
                assert!(key.key.bytes().all(|b| b.is_ascii_lowercase()), "{}", key.key);
                assert_eq!(key.letters, letters_of(key.key.as_bytes()), "{}", key.key);
            }
        }
        let alphabet: Vec<char> = "abcdeilmnoprstuxyzABCDEINOSTU_-.0129ñÑíé@".chars().collect();
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..50_000 {
            let len = rng.below(14) as usize;
            let name: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
            assert_eq!(guess_by_name(&name), full(&name), "{name:?}");
        }
        // Every key is found, in any case and inside a longer name.
        for (keys, _) in TABLE {
            for key in keys.iter() {
                for name in [key.key.to_string(), key.key.to_uppercase(), format!("x_{}_9", key.key)] {
                    assert_ne!(guess_by_name(&name), 16.0, "{name}");
                    assert_eq!(guess_by_name(&name), full(&name), "{name}");
                }
            }
        }
    }
}
