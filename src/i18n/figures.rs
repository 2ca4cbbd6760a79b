//! How figures read in the advisor's sentences: `1,440`, `0.02`, `704 KB`, `0.2%`.
//!
//! Each figure is a `Display` wrapper (`Count(x)`, `Bytes(b)`, `Percent(s)`, `List(items)`),
//! so a sentence is formatted in one pass without intermediate strings: the advisor writes
//! tens of thousands of them for a large model. The functions return owned strings.

use std::fmt::{self, Display, Formatter, Write};

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

/// `C2, C3 and C5`.
pub(crate) struct List<'a, S: AsRef<str>>(pub &'a [S]);

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

impl<S: AsRef<str>> Display for List<'_, S> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        for (i, item) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " and " } else { ", " })?;
            }
            f.write_str(item.as_ref())?;
        }
        Ok(())
    }
}

pub(crate) fn count(x: f64) -> String {
    Count(x).to_string()
}

pub(crate) fn thousands(n: u64) -> String {
    Thousands(n).to_string()
}

pub(crate) fn bytes(b: f64) -> String {
    Bytes(b).to_string()
}

pub(crate) fn percent(share: f64) -> String {
    Percent(share).to_string()
}

pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    List(items).to_string()
}

/// `catalogo's`, `socios'`.
pub(crate) fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// Days as years when they make whole years (`5 years`), else days.
#[derive(Clone, Copy)]
pub(crate) struct Span(pub u64);

impl Display for Span {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            365 => f.write_str("1 year"),
            d if d % 365 == 0 && d > 0 => write!(f, "{} years", Thousands(d / 365)),
            1 => f.write_str("1 day"),
            d => write!(f, "{} days", Thousands(d)),
        }
    }
}

pub(crate) fn span(days: u64) -> String {
    Span(days).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(63_072_000), "63,072,000");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(bytes(96.0), "96 B");
        assert_eq!(bytes(704_000.0), "704 KB");
        assert_eq!(bytes(70_900.0), "70.9 KB");
        assert_eq!(bytes(16.0 * 1024.0 * 1024.0), "16 MiB");
        assert_eq!(bytes(25_000_000.0), "25 MB");
        assert_eq!(bytes(94_608_000.0), "94.6 MB");
        assert_eq!(percent(0.002), "0.2%");
        assert_eq!(percent(0.0005), "0.05%");
        assert_eq!(percent(0.2), "20%");
        assert_eq!(percent(0.9995), "99.95%");
        assert_eq!(percent(0.01), "1%");
        assert_eq!(list(&["C2", "C3", "C5"]), "C2, C3 and C5");
        assert_eq!(list(&["C1"]), "C1");
        assert_eq!(list::<&str>(&[]), "");
        assert_eq!(span(1825), "5 years");
        assert_eq!(span(0), "0 days");
    }
}
