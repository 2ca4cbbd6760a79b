//! Base64url without padding (RFC 4648 §5): the alphabet that travels in a URL fragment
//! without escaping. Decoding is strict: it names the first bad character and rejects
//! non-canonical endings, so a damaged link is caught here rather than later.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a base64url text could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Base64Error {
    /// A character outside the base64url alphabet, at this 0-based character position.
    BadCharacter { position: usize, character: char },
    /// The length leaves a single dangling character (`len % 4 == 1`): the text was cut.
    BadLength(usize),
    /// The last character carries bits that no encoder sets: the text was changed.
    NonCanonicalEnd { position: usize },
}

/// Encodes bytes as base64url without `=` padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(ALPHABET[index as usize] as char);
        }
    }
    out
}

/// Standard base64 with `+`, `/` and `=` padding (RFC 4648 §4), as `data:` URIs need.
pub fn encode_standard(bytes: &[u8]) -> String {
    let mut out: String = encode(bytes)
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    while out.len() % 4 != 0 {
        out.push('=');
    }
    out
}

fn value_of(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// Decodes base64url without padding. Never panics.
pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    // Positions are reported in characters, which is what a person counts.
    let mut values = Vec::with_capacity(text.len());
    for (position, character) in text.chars().enumerate() {
        let v = u8::try_from(character).ok().and_then(value_of);
        match v {
            Some(v) => values.push(v),
            None => return Err(Base64Error::BadCharacter { position, character }),
        }
    }
    if values.len() % 4 == 1 {
        return Err(Base64Error::BadLength(values.len()));
    }
    let mut out = Vec::with_capacity(values.len() / 4 * 3 + 2);
    for (i, chunk) in values.chunks(4).enumerate() {
        let n = chunk.iter().enumerate().fold(0u32, |n, (k, v)| n | (v << (18 - 6 * k)));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = chunk.len() - 1;
        // The bits below the kept bytes must be zero in a canonical encoding.
        let unused = match keep {
            1 => n & 0xFFFF,
            2 => n & 0xFF,
            _ => 0,
        };
        if unused != 0 {
            return Err(Base64Error::NonCanonicalEnd { position: i * 4 + chunk.len() - 1 });
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_4648_vectors_without_padding() {
        let cases = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE")];
        for (plain, coded) in cases {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).unwrap(), plain.as_bytes());
        }
        assert_eq!(encode(b"foobar"), "Zm9vYmFy");
        assert_eq!(encode_standard(b"fo"), "Zm8=");
        assert_eq!(encode_standard(b"f"), "Zg==");
        assert_eq!(encode_standard(&[0xfb, 0xff, 0xbf, 0x01]), "+/+/AQ==");
    }

    #[test]
    fn url_alphabet_replaces_plus_and_slash() {
        assert_eq!(encode(&[0xfb, 0xff, 0xbf]), "-_-_");
        assert_eq!(decode("-_-_").unwrap(), vec![0xfb, 0xff, 0xbf]);
        assert_eq!(decode("+/+/"), Err(Base64Error::BadCharacter { position: 0, character: '+' }));
    }

    #[test]
    fn every_byte_value_round_trips_at_every_length() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        for len in 0..bytes.len() {
            assert_eq!(decode(&encode(&bytes[..len])).unwrap(), &bytes[..len], "length {len}");
        }
    }

    #[test]
    fn errors_name_the_position() {
        assert_eq!(decode("Zm9v=Zg"), Err(Base64Error::BadCharacter { position: 4, character: '=' }));
        assert_eq!(decode("Zm9vé"), Err(Base64Error::BadCharacter { position: 4, character: 'é' }));
        assert_eq!(decode("Zm9vY"), Err(Base64Error::BadLength(5)));
        // "Zh" decodes to 'f' only if the low 4 bits of 'h' are zero; they are not.
        assert_eq!(decode("Zh"), Err(Base64Error::NonCanonicalEnd { position: 1 }));
    }
}
