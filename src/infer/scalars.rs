//! Scalar text helpers shared by the parsers: numbers, ISO-8601 dates, encoded binary lengths.

use super::value::Value;

/// A JSON/JavaScript number literal as BSON would store it from relaxed Extended JSON or the
/// shell: an integer that fits int32 is an int32, one that fits int64 an int64, anything else
/// (fraction, exponent, overflow) a double.
pub fn number(text: &str) -> Option<Value> {
    let is_integer = !text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'));
    if is_integer {
        if let Ok(n) = text.parse::<i64>() {
            return Some(match i32::try_from(n) {
                Ok(small) => Value::Int32(small),
                Err(_) => Value::Int64(n),
            });
        }
    }
    let digits = text.trim_start_matches(['-', '+']);
    if digits.is_empty() || !digits.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Value::Double)
}

/// An integer from text or a number value (for `NumberLong("5")`, `{"$numberLong": "5"}`).
pub fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Int32(n) => Some(*n as i64),
        Value::Int64(n) => Some(*n),
        Value::Double(f) if f.fract() == 0.0 && f.abs() < 9.3e18 => Some(*f as i64),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    }
}

/// A float from a number value or text, including `Infinity`, `-Infinity` and `NaN`.
pub fn float(value: &Value) -> Option<f64> {
    match value {
        Value::Int32(n) => Some(*n as f64),
        Value::Int64(n) => Some(*n as f64),
        Value::Double(f) => Some(*f),
        Value::String(s) => match s.trim() {
            "Infinity" | "+Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            "NaN" => Some(f64::NAN),
            t => t.parse::<f64>().ok(),
        },
        _ => None,
    }
}

/// Milliseconds since the epoch of an ISO-8601 date: `2024-01-01`, `2024-01-01T10:00Z`,
/// `2024-01-01T10:00:05.123+02:00`, a space instead of `T`, no zone meaning UTC.
pub fn iso_date(text: &str) -> Option<i64> {
    let s = text.trim().as_bytes();
    let num = |from: usize, len: usize| -> Option<i64> {
        let part = s.get(from..from + len)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(part).ok()?.parse().ok()
    };
    let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
    if s.get(4) != Some(&b'-') || s.get(7) != Some(&b'-') || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let mut ms = days_from_civil(year, month, day) * 86_400_000;
    let mut i = 10;
    if matches!(s.get(i), Some(b'T' | b't' | b' ')) {
        let (h, m) = (num(i + 1, 2)?, num(i + 4, 2)?);
        if s.get(i + 3) != Some(&b':') || h > 23 || m > 59 {
            return None;
        }
        ms += (h * 60 + m) * 60_000;
        i += 6;
        if s.get(i) == Some(&b':') {
            let sec = num(i + 1, 2)?;
            if sec > 60 {
                return None;
            }
            ms += sec * 1000;
            i += 3;
            if s.get(i) == Some(&b'.') {
                let start = i + 1;
                let mut end = start;
                while s.get(end).is_some_and(u8::is_ascii_digit) {
                    end += 1;
                }
                let frac = std::str::from_utf8(s.get(start..end)?).ok()?;
                let millis: String = frac.chars().chain("000".chars()).take(3).collect();
                ms += millis.parse::<i64>().ok()?;
                i = end;
            }
        }
    }
    match s.get(i) {
        None => Some(ms),
        Some(b'Z' | b'z') if i + 1 == s.len() => Some(ms),
        Some(&sign @ (b'+' | b'-')) => {
            let h = num(i + 1, 2)?;
            let m = match (s.get(i + 3), s.len() - i) {
                (Some(b':'), 6) => num(i + 4, 2)?,
                (_, 5) => num(i + 3, 2)?,
                (_, 3) => 0,
                _ => return None,
            };
            let offset = (h * 60 + m) * 60_000;
            Some(if sign == b'+' { ms - offset } else { ms + offset })
        }
        _ => None,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (negative before 1970).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    // Shift the year to start in March so the leap day is the last day of the year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let shifted_month = (month + 9) % 12; // March = 0
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Decoded length of base64 text (padding and whitespace ignored).
pub fn base64_len(text: &str) -> u64 {
    let chars = text.bytes().filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_')).count();
    (chars as u64 * 6) / 8
}

/// Decoded length of hexadecimal text.
pub fn hex_len(text: &str) -> u64 {
    text.bytes().filter(u8::is_ascii_hexdigit).count() as u64 / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_their_bson_type() {
        assert_eq!(number("42"), Some(Value::Int32(42)));
        assert_eq!(number("-2147483648"), Some(Value::Int32(i32::MIN)));
        assert_eq!(number("2147483648"), Some(Value::Int64(2_147_483_648)));
        assert_eq!(number("22.5"), Some(Value::Double(22.5)));
        assert_eq!(number("1e3"), Some(Value::Double(1000.0)));
        assert_eq!(number("99999999999999999999"), Some(Value::Double(1e20)));
        assert_eq!(number("-"), None);
        assert_eq!(number("1.2.3"), None);
    }

    #[test]
    fn iso_dates_become_epoch_millis() {
        assert_eq!(iso_date("1970-01-01"), Some(0));
        assert_eq!(iso_date("2000-03-01T00:00:00Z"), Some(951_868_800_000));
        assert_eq!(iso_date("2024-01-01T10:00Z"), Some(1_704_103_200_000));
        assert_eq!(iso_date("2024-01-01T10:00:05.5Z"), Some(1_704_103_205_500));
        assert_eq!(iso_date("2024-01-01T12:00:00+02:00"), Some(1_704_103_200_000));
        assert_eq!(iso_date("1969-12-31T23:59:59.999Z"), Some(-1));
        assert_eq!(iso_date("...T00:00:00Z"), None);
        assert_eq!(iso_date("2024-13-01"), None);
        assert_eq!(iso_date("2024-01-01T10:00Zjunk"), None);
    }

    #[test]
    fn encoded_lengths() {
        assert_eq!(base64_len("aGVsbG8="), 5);
        assert_eq!(base64_len("AAAAAAAAAAAAAAAAAAAAAA=="), 16);
        assert_eq!(hex_len("00ff10"), 3);
    }
}
