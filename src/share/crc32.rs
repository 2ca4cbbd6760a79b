//! CRC-32 (IEEE 802.3, the polynomial of zlib, PNG and gzip), computed plainly with one
//! 256-entry table built at compile time.
//!
//! Share links carry it over their compressed bytes. A CRC-32 catches every error burst up
//! to 32 bits long, and one changed base64url character alters at most 6 adjacent bits, so
//! any single changed character is caught with certainty (a sum such as Adler-32 gives no such
//! guarantee). Written here rather than taken from a crate because the decoder ships in the
//! page bundle, where the crate's 16 KiB of slice-by-16 tables would cost more than it saves:
//! links are kilobytes, and this table is 1 KiB.

const POLY: u32 = 0xEDB8_8320;

const TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 { POLY ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// The CRC-32 of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |c, b| TABLE[((c ^ u32::from(*b)) & 0xFF) as usize] ^ (c >> 8))
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn known_vectors() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"The quick brown fox jumps over the lazy dog"), 0x414F_A339);
    }

    #[test]
    fn every_single_bit_flip_changes_it() {
        let data: Vec<u8> = (0..200u8).collect();
        let base = crc32(&data);
        for i in 0..data.len() * 8 {
            let mut d = data.clone();
            d[i / 8] ^= 1 << (i % 8);
            assert_ne!(crc32(&d), base, "bit {i}");
        }
    }
}
