//! How figures read in the advisor's sentences: `1,440`, `0.02`, `704 KB`, `0.2%`.

/// A count or rate: thousands separators from 100 up, a few significant digits below.
pub(crate) fn count(x: f64) -> String {
    if !x.is_finite() {
        return "an unknown number".to_string();
    }
    let x = x.max(0.0);
    if x >= 100.0 {
        return thousands(x.round().min(1e18) as u64);
    }
    let text = if x >= 10.0 { format!("{x:.1}") } else { format!("{x:.3}") };
    trim_zeros(&text)
}

/// An integer with thousands separators.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes in decimal units (the thresholds are decimal: 1 MB target, 2 MB Atlas flag), except
/// the BSON limit, which MongoDB states as 16 MiB.
pub(crate) fn bytes(b: f64) -> String {
    if !b.is_finite() {
        return "an unbounded size".to_string();
    }
    let b = b.max(0.0);
    if (b - 16.0 * 1024.0 * 1024.0).abs() < 0.5 {
        "16 MiB".to_string()
    } else if b < 1_000.0 {
        format!("{} B", b.round())
    } else if b < 1_000_000.0 {
        format!("{} KB", trim_zeros(&format!("{:.1}", b / 1_000.0)))
    } else if b < 1e12 {
        format!("{} MB", trim_zeros(&format!("{:.1}", b / 1_000_000.0)))
    } else {
        format!("{} TB", count(b / 1e12))
    }
}

/// A share (0..1) as a percentage: `0.2%`, `0.05%`, `20%`.
pub(crate) fn percent(share: f64) -> String {
    if !share.is_finite() {
        return "an unknown share".to_string();
    }
    let p = share * 100.0;
    let whole = (p - p.round()).abs() < 0.005;
    let text = if p >= 10.0 && whole { format!("{p:.0}") } else { format!("{p:.2}") };
    format!("{}%", trim_zeros(&text))
}

/// `C2, C3 and C5`.
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let head: Vec<&str> = init.iter().map(|s| s.as_ref()).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
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
pub(crate) fn span(days: u64) -> String {
    match days {
        365 => "1 year".to_string(),
        d if d % 365 == 0 => format!("{} years", d / 365),
        1 => "1 day".to_string(),
        d => format!("{} days", thousands(d)),
    }
}

fn trim_zeros(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_naturally() {
        assert_eq!(count(5.0), "5");
        assert_eq!(count(0.02), "0.02");
        assert_eq!(count(0.0333333), "0.033");
        assert_eq!(count(1440.0), "1,440");
        assert_eq!(count(12.25), "12.2");
        assert_eq!(count(f64::NAN), "an unknown number");
        assert_eq!(thousands(63_072_000), "63,072,000");
        assert_eq!(bytes(96.0), "96 B");
        assert_eq!(bytes(704_000.0), "704 KB");
        assert_eq!(bytes(16.0 * 1024.0 * 1024.0), "16 MiB");
        assert_eq!(bytes(25_000_000.0), "25 MB");
        assert_eq!(percent(0.002), "0.2%");
        assert_eq!(percent(0.0005), "0.05%");
        assert_eq!(percent(0.2), "20%");
        assert_eq!(percent(0.9995), "99.95%");
        assert_eq!(list(&["C2", "C3", "C5"]), "C2, C3 and C5");
        assert_eq!(span(1825), "5 years");
    }
}
