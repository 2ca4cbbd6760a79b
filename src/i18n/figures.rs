//! How figures read in the advisor's sentences: `1,440`, `0.02`, `704 KB`, `0.2%`, `5 years`.
//!
//! Each figure is a `Display` wrapper (`Count(x)`, `Thousands(n)`, `Bytes(b)`, `Percent(s)`) in
//! English notation; the `write_*` functions write one in a language (what a sentence's
//! [`Arg`](super::Arg) says), with the separators swapped for Spanish and Portuguese.

use super::lang::{pick, Lang};
use std::fmt::{self, Display, Formatter, Write};

/// A figure in English notation, with the separators swapped for Spanish and Portuguese.
pub(super) fn figure(lang: Lang, value: impl Display, out: &mut impl Write) -> fmt::Result {
    if lang == Lang::En {
        return write!(out, "{value}");
    }
    for c in value.to_string().chars() {
        out.write_char(match c {
            ',' => '.',
            '.' => ',',
            c => c,
        })?;
    }
    Ok(())
}

/// An integer with thousands separators.
pub(super) fn write_int(lang: Lang, n: u64, out: &mut impl Write) -> fmt::Result {
    figure(lang, Thousands(n), out)
}

/// A count or rate ([`Count`]); "an unknown number" when it is not one.
pub(super) fn write_count(lang: Lang, x: f64, out: &mut impl Write) -> fmt::Result {
    if x.is_nan() {
        return out.write_str(pick(lang, ["an unknown number", "un número desconocido", "um número desconhecido"]));
    }
    figure(lang, Count(x), out)
}

/// Bytes ([`Bytes`]); "an unbounded size" when they are not a size.
pub(super) fn write_bytes(lang: Lang, b: f64, out: &mut impl Write) -> fmt::Result {
    if b.is_nan() || b == f64::INFINITY {
        return out.write_str(pick(lang, ["an unbounded size", "un tamaño sin límite", "um tamanho sem limite"]));
    }
    figure(lang, Bytes(b), out)
}

/// A share as a percentage ([`Percent`]); "an unknown share" when it is not one.
pub(super) fn write_percent(lang: Lang, p: f64, out: &mut impl Write) -> fmt::Result {
    if !p.is_finite() {
        return out
            .write_str(pick(lang, ["an unknown share", "una proporción desconocida", "uma proporção desconhecida"]));
    }
    figure(lang, Percent(p), out)
}

/// Days, as years when they make whole years: `5 years`, `1 day`, `30 days`.
pub(super) fn write_days(lang: Lang, d: u64, out: &mut impl Write) -> fmt::Result {
    let (one_year, years, one_day, days) = match lang {
        Lang::En => ("1 year", "years", "1 day", "days"),
        Lang::Es => ("1 año", "años", "1 día", "días"),
        Lang::Pt => ("1 ano", "anos", "1 dia", "dias"),
    };
    match d {
        365 => out.write_str(one_year),
        d if d % 365 == 0 && d > 0 => {
            write_int(lang, d / 365, out)?;
            write!(out, " {years}")
        }
        1 => out.write_str(one_day),
        d => {
            write_int(lang, d, out)?;
            write!(out, " {days}")
        }
    }
}

/// A count or rate: thousands separators for whole numbers and from 100 up, a few
/// significant digits below (`0.02`, `12.5`).
#[derive(Clone, Copy)]
pub(crate) struct Count(pub f64);

/// An integer with thousands separators.
#[derive(Clone, Copy)]
pub(crate) struct Thousands(pub u64);

/// Bytes in decimal units (the thresholds are decimal: 1 MB target, 2 MB Atlas flag), except
/// the BSON limit, which MongoDB states as 16 MiB.
#[derive(Clone, Copy)]
pub(crate) struct Bytes(pub f64);

/// A share (0..1) as a percentage: `0.2%`, `0.05%`, `20%`, `99.95%`.
#[derive(Clone, Copy)]
pub(crate) struct Percent(pub f64);

impl Display for Thousands {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        // Filled from the end: at most 20 digits and 6 separators; written in one call.
        let mut buf = [0u8; 26];
        let mut start = buf.len();
        let mut n = self.0;
        let mut digits = 0;
        loop {
            if digits > 0 && digits % 3 == 0 {
                start -= 1;
                buf[start] = b',';
            }
            start -= 1;
            buf[start] = b'0' + (n % 10) as u8;
            digits += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        f.write_str(std::str::from_utf8(&buf[start..]).map_err(|_| fmt::Error)?)
    }
}

impl Display for Count {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x.is_nan() {
            return f.write_str("an unknown number");
        }
        let x = x.max(0.0);
        if x >= 100.0 || x.fract() == 0.0 {
            return Thousands(x.round().min(1e18) as u64).fmt(f);
        }
        // Below 100 and fractional: one decimal from 10 up, three below, trailing zeros cut.
        let (scale, places) = if x >= 10.0 { (10.0, 1) } else { (1000.0, 3) };
        let scaled = (x * scale).round() as u64;
        let (whole, mut frac) = (scaled / scale as u64, scaled % scale as u64);
        Thousands(whole).fmt(f)?;
        if frac == 0 {
            return Ok(());
        }
        let mut width = places;
        while frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        write!(f, ".{frac:0width$}")
    }
}

/// Tenths as `12.3`, or `12` when whole.
fn tenths(f: &mut Formatter<'_>, tenths: u64, unit: &str) -> fmt::Result {
    Thousands(tenths / 10).fmt(f)?;
    match tenths % 10 {
        0 => write!(f, " {unit}"),
        d => write!(f, ".{d} {unit}"),
    }
}

impl Display for Bytes {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let b = self.0;
        if b.is_nan() || b == f64::INFINITY {
            return f.write_str("an unbounded size");
        }
        let b = b.max(0.0);
        if (b - 16.0 * 1024.0 * 1024.0).abs() < 0.5 {
            f.write_str("16 MiB")
        } else if b < 1_000.0 {
            write!(f, "{} B", b.round() as u64)
        } else if b < 1_000_000.0 {
            tenths(f, (b / 100.0).round() as u64, "KB")
        } else if b < 1e12 {
            tenths(f, (b / 100_000.0).round() as u64, "MB")
        } else {
            write!(f, "{} TB", Count((b / 1e12).round()))
        }
    }
}

impl Display for Percent {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        if !self.0.is_finite() {
            return f.write_str("an unknown share");
        }
        let hundredths = (self.0 * 10_000.0).round().clamp(0.0, 1e15) as u64;
        Thousands(hundredths / 100).fmt(f)?;
        match hundredths % 100 {
            0 => {}
            d if d % 10 == 0 => write!(f, ".{}", d / 10)?,
            d => write!(f, ".{d:02}")?,
        }
        f.write_char('%')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(x: f64) -> String {
        Count(x).to_string()
    }

    #[test]
    fn figures_read_naturally() {
        assert_eq!(count(5.0), "5");
        assert_eq!(count(0.02), "0.02");
        assert_eq!(count(0.0333333), "0.033");
        assert_eq!(count(0.365), "0.365");
        assert_eq!(count(7.3), "7.3");
        assert_eq!(count(1440.0), "1,440");
        assert_eq!(count(12.25), "12.3");
        assert_eq!(count(56.5), "56.5");
        assert_eq!(count(f64::NAN), "an unknown number");
        assert_eq!(count(f64::INFINITY), "1,000,000,000,000,000,000");
        assert_eq!(Thousands(0).to_string(), "0");
        assert_eq!(Thousands(63_072_000).to_string(), "63,072,000");
        assert_eq!(Thousands(u64::MAX).to_string(), "18,446,744,073,709,551,615");
        assert_eq!(Bytes(96.0).to_string(), "96 B");
        assert_eq!(Bytes(704_000.0).to_string(), "704 KB");
        assert_eq!(Bytes(70_900.0).to_string(), "70.9 KB");
        assert_eq!(Bytes(16.0 * 1024.0 * 1024.0).to_string(), "16 MiB");
        assert_eq!(Bytes(25_000_000.0).to_string(), "25 MB");
        assert_eq!(Bytes(94_608_000.0).to_string(), "94.6 MB");
        assert_eq!(Percent(0.002).to_string(), "0.2%");
        assert_eq!(Percent(0.0005).to_string(), "0.05%");
        assert_eq!(Percent(0.2).to_string(), "20%");
        assert_eq!(Percent(0.9995).to_string(), "99.95%");
        assert_eq!(Percent(0.01).to_string(), "1%");
    }
}
