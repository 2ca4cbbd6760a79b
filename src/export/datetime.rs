//! UTC dates as milliseconds since the Unix epoch: conversion to and from the civil calendar
//! and ISO-8601 text. Enough for example data; no time zones.

pub const MS_PER_DAY: i64 = 86_400_000;

/// The day generated examples revolve around: the seed's `ACT-14-2026-08-02`.
pub const REFERENCE_DAY: (i64, u32, u32) = (2026, 8, 2);

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // 0..=399
    let m = month as i64;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i64 - 1; // 0..=365
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // 0..=146096
    era * 146_097 + doe - 719_468
}

/// The civil date (year, month, day) of a day number since 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    (year, month, day)
}

/// Milliseconds of midnight UTC of a date.
pub fn date_ms(year: i64, month: u32, day: u32) -> i64 {
    days_from_civil(year, month, day) * MS_PER_DAY
}

/// Midnight of the reference day.
pub fn reference_ms() -> i64 {
    let (y, m, d) = REFERENCE_DAY;
    date_ms(y, m, d)
}

/// The year of a timestamp.
pub fn year_of(ms: i64) -> i64 {
    civil_from_days(ms.div_euclid(MS_PER_DAY)).0
}

/// `2026-08-02T10:15:00.000Z`.
pub fn iso(ms: i64) -> String {
    let mut out = String::with_capacity(24);
    push_iso(&mut out, ms);
    out
}

/// Appends [`iso`] of `ms` to `out` (no intermediate string).
pub fn push_iso(out: &mut String, ms: i64) {
    use std::fmt::Write;
    let days = ms.div_euclid(MS_PER_DAY);
    let rem = ms.rem_euclid(MS_PER_DAY);
    let (y, mo, d) = civil_from_days(days);
    let (h, mi, s, milli) = (rem / 3_600_000, rem / 60_000 % 60, rem / 1000 % 60, rem % 1000);
    if !(0..=9999).contains(&y) {
        // Writing to a String cannot fail.
        let _ = write!(out, "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{milli:03}Z");
        return;
    }
    push_digits(out, y, 4);
    out.push('-');
    push_digits(out, i64::from(mo), 2);
    out.push('-');
    push_digits(out, i64::from(d), 2);
    out.push('T');
    push_digits(out, h, 2);
    out.push(':');
    push_digits(out, mi, 2);
    out.push(':');
    push_digits(out, s, 2);
    out.push('.');
    push_digits(out, milli, 3);
    out.push('Z');
}

/// Appends the last `width` decimal digits of a non-negative `n`, zero-padded.
fn push_digits(out: &mut String, n: i64, width: u32) {
    for p in (0..width).rev() {
        out.push(char::from(b'0' + (n / 10_i64.pow(p) % 10) as u8));
    }
}

/// The last millisecond of the year 9999: later times (from a broken file) are shown as it.
const LAST_MS: i64 = 253_402_300_799_999;

/// `2026-12-01 10:15 UTC`: a time a person reads (a comment's, a kept version's), to the minute.
pub fn utc_minute(at: u64) -> String {
    let iso = iso(i64::try_from(at).unwrap_or(LAST_MS).min(LAST_MS));
    format!("{} {} UTC", &iso[..10], &iso[11..16])
}

/// `2026-08-02`.
pub fn iso_day(ms: i64) -> String {
    let (y, mo, d) = civil_from_days(ms.div_euclid(MS_PER_DAY));
    format!("{y:04}-{mo:02}-{d:02}")
}

/// The start of the period (`hour`, `day`, `week`, `month`, `year`) that contains `ms`.
pub fn period_start(ms: i64, period: &str) -> i64 {
    let days = ms.div_euclid(MS_PER_DAY);
    match period_kind(period) {
        Period::Minute => ms - ms.rem_euclid(60_000),
        Period::Hour => ms - ms.rem_euclid(3_600_000),
        Period::Day => days * MS_PER_DAY,
        // ISO weeks start on Monday; 1970-01-01 was a Thursday.
        Period::Week => (days - (days + 3).rem_euclid(7)) * MS_PER_DAY,
        Period::Month => {
            let (y, m, _) = civil_from_days(days);
            date_ms(y, m, 1)
        }
        Period::Year => date_ms(civil_from_days(days).0, 1, 1),
    }
}

/// Length of the period in milliseconds (a month counts 30 days).
pub fn period_ms(period: &str) -> i64 {
    match period_kind(period) {
        Period::Minute => 60_000,
        Period::Hour => 3_600_000,
        Period::Day => MS_PER_DAY,
        Period::Week => 7 * MS_PER_DAY,
        Period::Month => 30 * MS_PER_DAY,
        Period::Year => 365 * MS_PER_DAY,
    }
}

/// The period start as it appears in a bucket `_id`: `2026-08-02`, `2026-08-02T10`, `2026-08`.
pub fn period_label(ms: i64, period: &str) -> String {
    let day = iso_day(ms);
    match period_kind(period) {
        Period::Minute => iso(ms)[..16].to_string(),
        Period::Hour => iso(ms)[..13].to_string(),
        Period::Month => day[..7].to_string(),
        Period::Year => day[..4].to_string(),
        Period::Day | Period::Week => day,
    }
}

/// How many characters of `toISOString()` the period label keeps (for mongosh snippets).
pub fn period_label_len(period: &str) -> usize {
    match period_kind(period) {
        Period::Minute => 16,
        Period::Hour => 13,
        Period::Month => 7,
        Period::Year => 4,
        Period::Day | Period::Week => 10,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Year,
}

/// Reads a period name in English, Spanish or Portuguese; unknown names count as a day.
pub fn period_kind(period: &str) -> Period {
    match period.to_ascii_lowercase().as_str() {
        "minute" | "minuto" | "min" => Period::Minute,
        "hour" | "hora" | "h" => Period::Hour,
        "week" | "semana" => Period::Week,
        "month" | "mes" | "mês" => Period::Month,
        "year" | "anio" | "año" | "ano" => Period::Year,
        _ => Period::Day,
    }
}

/// Parses `2026-08-02`, `2026-08-02T10:15Z`, `2026-08-02T10:15:00.250Z` (UTC only).
pub fn parse_iso(text: &str) -> Option<i64> {
    let text = text.trim().trim_end_matches('Z');
    let (date, time) = match text.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (text, None),
    };
    let mut parts = date.split('-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let mut ms = date_ms(y, m, d);
    if let Some(time) = time {
        let (hms, frac) = match time.split_once('.') {
            Some((a, b)) => (a, Some(b)),
            None => (time, None),
        };
        let mut t = hms.split(':');
        let h: i64 = t.next()?.parse().ok()?;
        let mi: i64 = t.next().map(str::parse).transpose().ok()?.unwrap_or(0);
        let s: i64 = t.next().map(str::parse).transpose().ok()?.unwrap_or(0);
        let milli: i64 = match frac {
            Some(f) => format!("{:0<3}", f.chars().take(3).collect::<String>()).parse().ok()?,
            None => 0,
        };
        ms += ((h * 60 + mi) * 60 + s) * 1000 + milli;
    }
    Some(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trips() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        for days in [-800_000, -1, 0, 59, 60, 11_016, 20_000, 2_000_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn iso_formats_and_parses() {
        let ms = parse_iso("2026-08-02T10:15:30.250Z").unwrap();
        assert_eq!(iso(ms), "2026-08-02T10:15:30.250Z");
        assert_eq!(iso_day(parse_iso("2026-08-02").unwrap()), "2026-08-02");
        assert_eq!(parse_iso("2024-01-01T10:00Z"), Some(date_ms(2024, 1, 1) + 36_000_000));
        assert_eq!(parse_iso("not a date"), None);
    }

    #[test]
    fn periods_truncate() {
        let ms = parse_iso("2026-08-02T10:15:30Z").unwrap();
        assert_eq!(iso(period_start(ms, "day")), "2026-08-02T00:00:00.000Z");
        assert_eq!(iso(period_start(ms, "hour")), "2026-08-02T10:00:00.000Z");
        assert_eq!(iso(period_start(ms, "month")), "2026-08-01T00:00:00.000Z");
        // 2026-08-02 is a Sunday; its ISO week starts on Monday 2026-07-27.
        assert_eq!(iso_day(period_start(ms, "week")), "2026-07-27");
        assert_eq!(period_label(ms, "hour"), "2026-08-02T10");
    }
}
