//! Figures the size and index rules print, handed to each language.
//!
//! These rules print bytes as `human_bytes` does (`150.0 KB`, one decimal always) and rates
//! as `number` does (`0.02`, `2000`), which differ from the `i18n` figures (`150 KB`,
//! `2,000`). To keep their English byte for byte while Spanish and Portuguese get a decimal
//! comma, the English figure is split at its decimal point into a small nested `Text`.

use crate::advisor::sizes::{HumanBytes, Number};
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
    // Written in place (it always fits): no `String` built to be copied and freed, and no
    // formatter for the digits.
    let inline = HumanBytes(b).parts().and_then(|(whole, tenths, unit)| {
        let figure = ShortStr::EMPTY.with_digits(whole)?;
        Some(match tenths {
            Some(tenths) => Arg::Decimal(figure.with_ascii(&[b'.', b'0' + tenths])?.with_ascii(unit)?),
            None => Arg::Short(figure.with_ascii(unit)?),
        })
    });
    inline.or_else(|| Arg::decimal_display(HumanBytes(b))).unwrap_or_else(|| decimal(HumanBytes(b).to_string()))
}

/// A rate as `number` prints it: `0.02` / `0,02`, `2000`.
pub(super) fn rate(v: f64) -> Arg {
    // Written in place with integers when it can be (nearly always): no formatter.
    let inline = rate_parts(v).and_then(|(whole, hundredths)| {
        let sign: &[u8] = if v < 0.0 { b"-" } else { b"" };
        let figure = ShortStr::EMPTY.with_ascii(sign)?.with_digits(whole)?;
        if hundredths == 0 {
            return Some(Arg::Short(figure));
        }
        let figure = figure.with_ascii(&[b'.', b'0' + (hundredths / 10) as u8])?;
        Some(Arg::Decimal(match hundredths % 10 {
            0 => figure,
            units => figure.with_ascii(&[b'0' + units as u8])?,
        }))
    });
    inline.or_else(|| Arg::decimal_display(Number(v))).unwrap_or_else(|| decimal(Number(v).to_string()))
}

/// What `number` prints for `v`, computed with integers: the whole part and the hundredths
/// rounded to the nearest (written without trailing zeros, after a `-` when `v` is negative).
/// `None` where the float formatter decides: an exact tie between two hundredths, a magnitude
/// from 2^53 on, NaN and infinities.
fn rate_parts(v: f64) -> Option<(u64, u64)> {
    let magnitude = v.abs();
    if !magnitude.is_finite() || magnitude >= 9_007_199_254_740_992.0 {
        return None;
    }
    let (mut whole, mut hundredths) = (magnitude.trunc() as u64, 0);
    // The fraction is exact (`magnitude - trunc` loses nothing): `mantissa × 2^-shift`.
    let fraction = (magnitude - magnitude.trunc()).to_bits();
    let shift = 1075 - (fraction >> 52) as u32;
    // From a shift of 121 on the fraction is under 2^-67: zero hundredths, far from a tie.
    if fraction != 0 && shift <= 120 {
        let scaled = u128::from(fraction & ((1 << 52) - 1) | 1 << 52) * 100;
        let (rest, half) = (scaled & ((1 << shift) - 1), 1u128 << (shift - 1));
        hundredths = (scaled >> shift) as u64 + u64::from(rest > half);
        if rest == half {
            return None;
        }
        if hundredths == 100 {
            (whole, hundredths) = (whole + 1, 0);
        }
    }
    Some((whole, hundredths))
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
        assert!(matches!(rate(0.02), Arg::Decimal(_)) && matches!(rate(2000.0), Arg::Short(_)));
    }

    #[test]
    fn rates_written_with_integers_are_what_the_float_formatter_prints() {
        use crate::advisor::sizes::number;
        let check = |v: f64| assert_eq!(rate(v), decimal(number(v)), "{v:e}");
        let mut rng = crate::rng::Rng::new(12);
        for _ in 0..300_000 {
            // Rates as people write them, hundredths and their neighbours, and any magnitude.
            let cents = rng.range(-1_000_000, 1_000_000) as f64 / 100.0;
            check(cents);
            check(f64::from_bits(cents.to_bits() + 1));
            check(f64::from_bits(cents.to_bits().saturating_sub(1)));
            check(rng.real(-10.0, 10.0));
            check(rng.real(0.0, 1e6) * 1e-3);
            check(f64::from_bits(rng.next_u64()));
            check(rng.unit() * 2f64.powi(rng.range(-80, 60) as i32));
        }
        for v in [0.0, -0.0, 0.005, 0.015, 0.125, -0.125, 0.995, 9.995, 1e-30, -1e-30, 4503599627370495.5, 1e15 + 0.5] {
            check(v);
        }
        for v in [-0.001, 2f64.powi(53) - 1.0, 2f64.powi(53), 5e-324, f64::MIN_POSITIVE, 99.999, -99.999] {
            check(v);
        }
    }
}
