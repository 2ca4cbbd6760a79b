//! The text of a model file from its bytes: UTF-8, with a byte-order mark accepted (Windows
//! editors add one; it carries no meaning in UTF-8) and UTF-16 or invalid UTF-8 refused with a
//! message that says so and where.

use super::LoadError;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The file's text, and whether a UTF-8 byte-order mark was skipped.
pub fn text_of(bytes: &[u8]) -> Result<(&str, bool), LoadError> {
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") || looks_utf16(bytes) {
        return Err(LoadError::Utf16);
    }
    let (body, bom) = match bytes.strip_prefix(BOM) {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    match std::str::from_utf8(body) {
        Ok(text) => Ok((text, bom)),
        Err(e) => {
            let before = &body[..e.valid_up_to()];
            let line = before.iter().filter(|b| **b == b'\n').count() + 1;
            let start = before.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
            Err(LoadError::NotUtf8 { line, column })
        }
    }
}

/// UTF-16 without a byte-order mark: JSON starts with ASCII, so one of its first two bytes is 0.
fn looks_utf16(bytes: &[u8]) -> bool {
    matches!(bytes, [0, b, ..] | [b, 0, ..] if b.is_ascii() && *b != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_a_mark() {
        assert_eq!(text_of(b"{}").unwrap(), ("{}", false));
        assert_eq!(text_of(b"\xEF\xBB\xBF{}").unwrap(), ("{}", true));
    }

    #[test]
    fn utf16_and_bad_bytes_are_named() {
        assert_eq!(text_of(b"\xFF\xFE{\0}\0"), Err(LoadError::Utf16));
        assert_eq!(text_of(b"{\0}\0"), Err(LoadError::Utf16));
        assert_eq!(text_of(b"\0{\0}"), Err(LoadError::Utf16));
        assert_eq!(text_of(b"{\n  \"n\": \"caf\xE9\"}"), Err(LoadError::NotUtf8 { line: 2, column: 12 }));
        assert!(LoadError::Utf16.to_string().contains("UTF-16"));
    }
}
