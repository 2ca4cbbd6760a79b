//! Figures the size and index rules print, handed to each language.
//!
//! These rules print bytes as `human_bytes` does (`150.0 KB`, one decimal always) and rates
//! as `number` does (`0.02`, `2000`), which differ from the `i18n` figures (`150 KB`,
//! `2,000`). To keep their English byte for byte while Spanish and Portuguese get a decimal
//! comma, the English figure is split at its decimal point into a small nested `Text`.

use crate::advisor::sizes::{decimal_bytes, decimal_digits, HumanBytes, Number};
use crate::i18n::{Arg, ShortStr};
use crate::text;

/// An English figure without thousands separators (`150.0 KB`, `0.02`, `96 B`), with the
/// decimal point as a comma in Spanish and Portuguese.
pub(super) fn decimal(english: String) -> Arg {
    let split = english.split_once('.');
    // Kept inline when it fits (it always does for `human_bytes` and `number`).
    if let (Some(_), Some(short)) = (split, ShortStr::new(&english)) {
        return Arg::Decimal(short);
    }
    match split {
        Some((whole, frac)) => {
            Arg::from(text!(en: "{whole}.{frac}", es: "{whole},{frac}", pt: "{whole},{frac}"; whole, frac))
        }
        None => Arg::from(english),
    }
}

/// Bytes as `human_bytes` prints them: `150.0 KB` / `150,0 KB`.
pub(super) fn bytes(b: u64) -> Arg {
    // Written inline (it always fits): no `String` built to be copied and freed, and no
    // formatter for the digits.
    let mut buffer = [0; 24];
    if let Some((s, short)) = HumanBytes(b).digits(&mut buffer).and_then(|s| Some((s, ShortStr::from_ascii(s)?))) {
        return if s.contains(&b'.') { Arg::Decimal(short) } else { Arg::Short(short) };
    }
    Arg::decimal_display(HumanBytes(b)).unwrap_or_else(|| decimal(HumanBytes(b).to_string()))
}

/// A rate as `number` prints it: `0.02` / `0,02`, `2000`.
pub(super) fn rate(v: f64) -> Arg {
    Arg::decimal_display(Number(v)).unwrap_or_else(|| decimal(Number(v).to_string()))
}

/// An integer as the rules print it, without separators (`50000`), the same in every language.
pub(super) fn digits(n: u64) -> Arg {
    // ASCII digits (at most 20): inline without reading them back as a `&str`.
    match ShortStr::from_ascii(decimal_bytes(n, &mut [0; 20])) {
        Some(short) => Arg::Short(short),
        None => Arg::from(decimal_digits(n, &mut [0; 20])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

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
        assert_eq!(render(digits(50_000), Lang::Es), "50000");
    }

    #[test]
    fn figures_written_inline_are_the_ones_their_strings_give() {
        use crate::advisor::sizes::{human_bytes, number};
        for b in [0, 96, 999, 1_000, 1_250, 150_000, 999_950, 1_234_567, 16_777_216, 2_500_000_000, u64::MAX] {
            assert_eq!(bytes(b), decimal(human_bytes(b)), "{b}");
        }
        for v in [0.0, 0.02, 1.5, 2000.0, -3.25, 1e15, 1e30, 123_456_789.125, f64::NAN, f64::INFINITY] {
            assert_eq!(rate(v), decimal(number(v)), "{v}");
        }
        assert!(matches!(bytes(150_000), Arg::Decimal(_)) && matches!(bytes(96), Arg::Short(_)));
        for n in [0, 7, 10, 50_000, 1_000_000_007, u64::MAX] {
            assert_eq!(digits(n), Arg::from(n.to_string()), "{n}");
        }
    }
}
