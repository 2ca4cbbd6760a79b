//! Whether the disk can hold what a command is about to write, asked before the first byte.
//! The free space comes from `fs4` (statvfs through rustix, `GetDiskFreeSpaceEx` on Windows):
//! a well-kept crate, and no unsafe code of ours.

use std::path::Path;

/// How an estimated output compares with the space left on the disk that will hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// Comfortably more free space than the output needs.
    Enough,
    /// The output fits, but within the estimate's margin: it may not.
    Tight { available: u64 },
    /// The output needs more than the free space.
    Short { available: u64 },
    /// The free space could not be read (an unusual file system): nothing is said.
    Unknown,
}

/// How far an estimate from the first documents may be off: an output within this share of
/// the free space "may not fit".
const MARGIN: f64 = 0.10;

/// The room for `bytes` more on the disk that holds `out` (a file that may not exist yet).
pub fn room_for(out: &Path, bytes: u64) -> Room {
    let folder = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match available_space(folder) {
        Some(available) => verdict(bytes, available),
        None => Room::Unknown,
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn available_space(folder: &Path) -> Option<u64> {
    fs4::available_space(folder).ok()
}

/// The command line is never run in a browser, but the crate's checks build every binary for
/// wasm32 too, where there is no disk to ask.
#[cfg(target_arch = "wasm32")]
fn available_space(_: &Path) -> Option<u64> {
    None
}

/// The verdict for `bytes` on a disk with `available` bytes free.
pub fn verdict(bytes: u64, available: u64) -> Room {
    if bytes > available {
        Room::Short { available }
    } else if bytes as f64 * (1.0 + MARGIN) > available as f64 {
        Room::Tight { available }
    } else {
        Room::Enough
    }
}

/// A size for people: `3.3 TB`, `1.5 GB`, `340.2 MB`, `12.0 kB`.
pub fn size(bytes: u64) -> String {
    let b = bytes as f64;
    if b >= 1e12 {
        format!("{:.1} TB", b / 1e12)
    } else if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.1} MB", b / 1e6)
    } else {
        format!("{:.1} kB", b / 1e3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_tight_and_enough() {
        assert_eq!(verdict(2_000, 1_000), Room::Short { available: 1_000 });
        assert_eq!(verdict(1_000, 1_000), Room::Tight { available: 1_000 });
        assert_eq!(verdict(950, 1_000), Room::Tight { available: 1_000 });
        assert_eq!(verdict(900, 1_000), Room::Enough);
        assert_eq!(verdict(0, 0), Room::Enough);
    }

    #[test]
    fn the_real_disk_is_asked() {
        // The folder of a file that does not exist yet is the one measured.
        let here = std::env::temp_dir().join("no-such-file.ndjson");
        assert_eq!(room_for(&here, 1), Room::Enough);
        assert!(matches!(room_for(&here, u64::MAX), Room::Short { available } if available > 0));
        assert_eq!(room_for(Path::new("/no/such/folder/out.ndjson"), 1), Room::Unknown);
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(size(12_000), "12.0 kB");
        assert_eq!(size(340_200_000), "340.2 MB");
        assert_eq!(size(1_500_000_000), "1.5 GB");
        assert_eq!(size(3_322_000_000_000_000), "3322.0 TB");
    }
}
