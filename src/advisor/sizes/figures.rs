//! The figures the size estimates print: byte counts in decimal units (`704 KB`, `1.2 MB`),
//! plain numbers without needless decimals, and horizons (`5 years`), each written straight
//! into its destination.

/// "5 years", "1 year", "90 days".
pub fn horizon_span(days: u64) -> String {
    match days {
        d if d >= 365 && d % 365 == 0 => {
            let y = d / 365;
            format!("{y} year{}", if y == 1 { "" } else { "s" })
        }
        1 => "1 day".to_string(),
        d => format!("{d} days"),
    }
}

/// A figure without needless decimals: 40, 0.02, 1.5.
pub fn number(v: f64) -> String {
    Number(v).to_string()
}

/// [`number`]'s figure as a `Display` value, written where it goes (no `String` of its own
/// for a whole number).
pub(crate) struct Number(pub f64);

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0;
        if v.fract() == 0.0 && v.abs() < 1e15 {
            write!(f, "{}", v as i64)
        } else {
            let s = format!("{v:.2}");
            f.write_str(s.trim_end_matches('0').trim_end_matches('.'))
        }
    }
}

/// Bytes for people: 980 B, 12.3 KB, 4.1 MB (decimal units, as MongoDB's limits are quoted;
/// 16 MiB is shown as 16.8 MB).
///
/// The figure is what `format!("{:.1} KB", b as f64 / 1e3)` prints, computed with integers
/// (no float formatting) except on an exact tie (`1250` bytes), which is left to the formatter.
pub fn human_bytes(b: u64) -> String {
    let mut s = String::with_capacity(10);
    // Writing into a `String` cannot fail.
    let _ = std::fmt::Write::write_fmt(&mut s, format_args!("{}", HumanBytes(b)));
    s
}

/// [`human_bytes`]'s figure as a `Display` value, written where it goes without a `String`.
pub(crate) struct HumanBytes(pub u64);

impl HumanBytes {
    /// The figure's parts, computed with integers alone (no formatter): the whole, the tenths
    /// digit (`None` under 1,000 bytes, printed without decimals) and the unit (` KB`). `None`
    /// on an exact tie (`1250` bytes) or from 10^15 bytes on, which are left to the float
    /// formatter.
    pub(crate) fn parts(&self) -> Option<(u64, Option<u8>, &'static [u8])> {
        let b = self.0;
        let (tenth, name): (u64, &[u8]) = match b {
            b if b < 1_000 => return Some((b, None, b" B")),
            b if b < 1_000_000 => (100, b" KB"),
            b if b < 1_000_000_000 => (100_000, b" MB"),
            b if b < 1_000_000_000_000_000 => (100_000_000, b" GB"),
            _ => return None,
        };
        let (tenths, rest) = (b / tenth, b % tenth);
        if rest * 2 == tenth {
            return None;
        }
        // Under 10^15 bytes the quotient's rounding error (under 10^-10 of a unit) is far
        // below the distance to a tie (at least one byte, 10^-9 GB).
        let tenths = if rest * 2 > tenth { tenths + 1 } else { tenths };
        Some((tenths / 10, Some((tenths % 10) as u8), name))
    }

    /// The figure written into `buffer` from [`Self::parts`], as ASCII bytes.
    pub(crate) fn digits<'b>(&self, buffer: &'b mut [u8; 24]) -> Option<&'b [u8]> {
        let (whole, tenths, name) = self.parts()?;
        // Written from the end: the unit, then the tenths digit and the point, then the whole.
        let mut end = buffer.len();
        let mut put = |bytes: &[u8], end: &mut usize| -> Option<()> {
            let start = end.checked_sub(bytes.len())?;
            buffer.get_mut(start..*end)?.copy_from_slice(bytes);
            *end = start;
            Some(())
        };
        put(name, &mut end)?;
        if let Some(tenths) = tenths {
            put(&[b'.', b'0' + tenths], &mut end)?;
        }
        put(decimal_bytes(whole, &mut [0; 20]), &mut end)?;
        buffer.get(end..)
    }
}

impl std::fmt::Display for HumanBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(s) = self.digits(&mut [0; 24]).and_then(|b| std::str::from_utf8(b).ok()) {
            return f.write_str(s);
        }
        let b = self.0;
        let (unit, name) = match b {
            b if b < 1_000_000 => (1e3, " KB"),
            b if b < 1_000_000_000 => (1e6, " MB"),
            _ => (1e9, " GB"),
        };
        write!(f, "{:.1}{name}", b as f64 / unit)
    }
}

/// The decimal digits of `n` (what `n.to_string()` gives) as ASCII bytes, written into
/// `buffer` without the formatter.
pub(crate) fn decimal_bytes(n: u64, buffer: &mut [u8; 20]) -> &[u8] {
    let mut start = buffer.len();
    let mut n = n;
    while let Some(slot) = start.checked_sub(1).and_then(|i| buffer.get_mut(i)) {
        *slot = b'0' + (n % 10) as u8;
        start -= 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buffer.get(start..).unwrap_or_default()
}
