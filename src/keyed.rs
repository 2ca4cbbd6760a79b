//! The hash maps and sets of the decision core, keyed at random.
//!
//! Ids, names and field paths arrive in share links, files and dumps from strangers, and the
//! advisor hashes them on every edit. A hasher whose key an attacker knows lets a crafted model
//! put every id in one bucket and make each look-up walk all of them. std's `RandomState` draws
//! its key from the OS natively, but on `wasm32-unknown-unknown` (the page and its workers) it
//! has no source of randomness and its keys are the same in every page
//! (`keyed_maps_differ_between_processes` shows the native side; the page's side is why this
//! module exists). ahash's `RandomState` derives each map's key from a seed drawn once per
//! process from the OS or, in the browser, from `crypto.getRandomValues`, and hashes short
//! strings in a fraction of SipHash's time. Build these maps with `default()`,
//! [`map_with_capacity`] or `collect()`.

/// A `HashMap` keyed from a seed drawn at random once per process.
pub type HashMap<K, V> = std::collections::HashMap<K, V, ahash::RandomState>;

/// A `HashSet` keyed from a seed drawn at random once per process.
pub type HashSet<T> = std::collections::HashSet<T, ahash::RandomState>;

/// An empty map with room for `n` entries.
pub fn map_with_capacity<K, V>(n: usize) -> HashMap<K, V> {
    HashMap::with_capacity_and_hasher(n, Default::default())
}

#[cfg(test)]
mod tests {
    /// A map built from these works, and the key is not a constant: a child process (this test
    /// binary run again) hashes the same text differently.
    #[test]
    fn keyed_maps_differ_between_processes() {
        let here = ahash::RandomState::new().hash_one("usuario-seguidores");
        if std::env::var_os("DOCSHAPE_KEYED_CHILD").is_some() {
            println!("hash={here}");
            return;
        }
        let map: super::HashMap<&str, u8> = [("a", 1), ("b", 2)].into_iter().collect();
        assert_eq!(map.get("b"), Some(&2));
        let exe = std::env::current_exe().expect("the test binary");
        let child = std::process::Command::new(exe)
            .args(["--exact", "keyed::tests::keyed_maps_differ_between_processes", "--nocapture"])
            .env("DOCSHAPE_KEYED_CHILD", "1")
            .output()
            .expect("the test binary runs again");
        let out = String::from_utf8_lossy(&child.stdout);
        let theirs: u64 = out
            .lines()
            .find_map(|l| l.strip_prefix("hash="))
            .and_then(|h| h.trim().parse().ok())
            .expect("the child prints its hash");
        assert_ne!(theirs, here, "the key is drawn per process, not fixed");
    }
}
