//! A room's key: 32 random bytes (from the browser's `crypto.getRandomValues`) written in
//! base64url without padding, the 43 characters a room link carries after `key=`.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` in base64url, unpadded.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collab::Invite;

    #[test]
    fn matches_rfc_4648_vectors() {
        // RFC 4648 §10, in the URL-safe alphabet and without padding.
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(b"foob"), "Zm9vYg");
        assert_eq!(base64url(b"fooba"), "Zm9vYmE");
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(&[0xfb, 0xff, 0xbf]), "-_-_");
    }

    #[test]
    fn a_key_of_32_bytes_makes_a_link_that_opens() {
        let bytes: Vec<u8> = (0..32u8).map(|b| b.wrapping_mul(37).wrapping_add(11)).collect();
        let key = base64url(&bytes);
        assert_eq!(key.len(), 43);
        let invite = Invite::for_key(&key).expect("a key docshape makes is one a link carries");
        assert_eq!(Invite::parse(&invite.fragment()), Ok(invite));
    }
}
