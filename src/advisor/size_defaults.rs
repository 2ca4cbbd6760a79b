//! The figures the size estimate assumes when the model gives none: items of an array,
//! bytes of a string from its name, days of a bucket period.

/// Items assumed in an array that has no hint, cap or relation.
pub(crate) const DEFAULT_ITEMS: f64 = 3.0;

/// Days one bucket period covers.
pub(crate) fn period_days(period: &str) -> f64 {
    match period.trim().to_ascii_lowercase().as_str() {
        "minute" => 1.0 / 1440.0,
        "hour" => 1.0 / 24.0,
        "week" => 7.0,
        "month" => 30.0,
        "year" => 365.0,
        _ => 1.0,
    }
}

/// A guess of a string's bytes from its (lower-case) name.
pub(crate) fn guess_by_name(name: &str) -> f64 {
    const TABLE: &[(&[&str], f64)] = &[
        (
            &["descrip", "sinopsis", "synopsis", "texto", "text", "body", "content", "comment", "resumen", "summary"],
            500.0,
        ),
        (&["url", "link", "href", "hash", "password", "token"], 60.0),
        (&["address", "direccion", "endereco"], 60.0),
        (&["title", "titulo"], 40.0),
        (&["email", "correo"], 24.0),
        (&["name", "nombre", "nome"], 20.0),
        (&["phone", "telefono", "telefone"], 15.0),
        (&["code", "codigo", "sku", "isbn", "issn"], 13.0),
        (&["status", "estado", "type", "tipo", "kind", "lang", "country", "pais"], 10.0),
    ];
    TABLE.iter().find(|(keys, _)| keys.iter().any(|k| name.contains(k))).map_or(16.0, |(_, b)| *b)
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
    }
}
