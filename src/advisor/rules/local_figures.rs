//! Figures the size and index rules print, handed to each language.
//!
//! These rules print bytes as `human_bytes` does (`150.0 KB`, one decimal always) and rates
//! as `number` does (`0.02`, `2000`), which differ from the `i18n` figures (`150 KB`,
//! `2,000`). To keep their English byte for byte while Spanish and Portuguese get a decimal
//! comma, the English figure is kept as written, an [`Arg::Decimal`].

use crate::advisor::sizes::{human_bytes, number};
use crate::i18n::Arg;

/// An English figure without thousands separators (`150.0 KB`, `0.02`, `96 B`), with the
/// decimal point as a comma in Spanish and Portuguese.
pub(in crate::advisor) fn decimal(english: String) -> Arg {
    Arg::Decimal(english)
}

/// Bytes as `human_bytes` prints them: `150.0 KB` / `150,0 KB`.
pub(super) fn bytes(b: u64) -> Arg {
    decimal(human_bytes(b))
}

/// A rate as `number` prints it: `0.02` / `0,02`, `2000`.
pub(super) fn rate(v: f64) -> Arg {
    decimal(number(v))
}

/// A whole number in a sentence, grouped as the reader's language writes it (`16,000` in
/// English, `16.000` in Spanish and Portuguese), like every other count the advisor prints: a
/// sentence never shows `16000` beside `5,300`.
pub(super) fn count(n: u64) -> Arg {
    Arg::Int(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::text;

    fn render(a: Arg, lang: Lang) -> String {
        text!(en: "{a}", es: "{a}", pt: "{a}"; a).render(lang)
    }

    #[test]
    fn english_stays_and_the_others_get_a_decimal_comma() {
        assert_eq!(render(bytes(150_000), Lang::En), "150.0 KB");
        assert_eq!(render(bytes(150_000), Lang::Es), "150,0 KB");
        assert_eq!(render(bytes(1_234_567), Lang::Pt), "1,2 MB");
        assert_eq!(render(bytes(96), Lang::Es), "96 B");
        assert_eq!(render(rate(0.02), Lang::Pt), "0,02");
        assert_eq!(render(rate(2000.0), Lang::Es), "2000");
        assert_eq!(render(count(50_000), Lang::Es), "50.000");
        assert_eq!(render(count(50_000), Lang::En), "50,000");
        assert_eq!(render(count(999), Lang::Pt), "999");
    }
}
