//! Share links: every template survives the trip, BiblioRed fits in a chat message, and bad
//! links (changed, cut, oversized, bombs, not a model) give their own clear error.

use docshape::model::{load, LoadError, Model};
use docshape::share::{base64url_encode, decode_link, encode_link, ShareError, MAX_LINK_CHARS, MAX_MODEL_BYTES};

fn templates() -> Vec<(String, Model)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("templates folder") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let text = std::fs::read_to_string(&path).expect("readable template");
            let model = load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((path.display().to_string(), model));
        }
    }
    assert!(!out.is_empty(), "no templates found");
    out
}

fn bibliored() -> Model {
    let text = include_str!("../public/templates/bibliored.json");
    load(text).expect("BiblioRed loads")
}

/// A link whose payload is `bytes` deflated, as the encoder would write it.
fn link_of(bytes: &[u8]) -> String {
    format!("#m={}", base64url_encode(&miniz_oxide::deflate::compress_to_vec(bytes, 6)))
}

#[test]
fn every_template_round_trips_identically() {
    for (path, model) in templates() {
        let link = encode_link(&model);
        let back = decode_link(&link).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(back, model, "{path}");
        // Deterministic: the same model always gives the same link.
        assert_eq!(encode_link(&back), link, "{path}");
    }
}

#[test]
fn bibliored_link_is_short_enough_for_chat() {
    let model = bibliored();
    let link = encode_link(&model);
    let pretty = model.to_json().len();
    let compact = serde_json::to_string(&model).unwrap().len();
    let minified = docshape::share::compact_json(&model).len();
    println!(
        "BiblioRed share link: {} characters (pretty JSON {pretty} B, compact {compact} B, without defaults {minified} B)",
        link.len()
    );
    assert!(link.len() < 8_000, "BiblioRed link is {} characters", link.len());
    assert!(minified < compact, "dropping defaults gains nothing: {minified} vs {compact}");
}

#[test]
fn a_changed_character_is_caught() {
    let model = bibliored();
    let link = encode_link(&model);
    let payload = &link[3..];
    // A character early in the payload sits in the Huffman tables: the stream cannot decode.
    let mut early: Vec<char> = payload.chars().collect();
    early[5] = if early[5] == 'A' { 'B' } else { 'A' };
    let tampered = format!("#m={}", early.iter().collect::<String>());
    let err = decode_link(&tampered).expect_err("a changed Huffman table must not decode");
    assert!(
        matches!(
            err,
            ShareError::Corrupt
                | ShareError::Truncated
                | ShareError::TrailingData(_)
                | ShareError::NotText
                | ShareError::Model(_)
        ),
        "{err:?}"
    );

    // Every other position, changed to another character: never a panic; count what is caught.
    // Raw DEFLATE has no checksum, so a change inside a run of literals can still decode to
    // a valid model with one character changed; the bound below keeps that a small minority.
    let chars: Vec<char> = payload.chars().collect();
    let (mut caught, mut silent_same, mut silent_different) = (0, 0, 0);
    for i in (0..chars.len()).step_by(2) {
        let mut changed = chars.clone();
        changed[i] = if chars[i] == 'A' { 'z' } else { 'A' };
        match decode_link(&format!("#m={}", changed.iter().collect::<String>())) {
            Err(e) => {
                assert!(!e.to_string().is_empty());
                caught += 1;
            }
            Ok(m) if m == model => silent_same += 1,
            Ok(_) => silent_different += 1,
        }
    }
    let total = caught + silent_same + silent_different;
    println!("tampered links: {caught} of {total} refused, {silent_same} gave the same model, {silent_different} a different one");
    assert!(caught * 100 >= total * 90, "only {caught} of {total} tampered links refused");
}

#[test]
fn a_cut_link_says_it_is_cut() {
    let link = encode_link(&bibliored());
    for keep in [link.len() / 2, link.len() - 1, link.len() - 3, 10] {
        let err = decode_link(&link[..keep]).expect_err("a cut link must not decode");
        assert_eq!(err, ShareError::Truncated, "cut to {keep}: {err}");
        assert!(err.to_string().contains("cut short"), "{err}");
    }
}

#[test]
fn bad_base64_names_the_position() {
    let link = encode_link(&bibliored());
    let broken = format!("{}*{}", &link[..40], &link[41..]);
    let err = decode_link(&broken).unwrap_err();
    assert_eq!(err, ShareError::BadCharacter { position: 38, character: '*' });
    assert!(err.to_string().contains("character 38"), "{err}");
}

#[test]
fn oversized_links_and_bombs_are_refused() {
    let long = format!("#m={}", "A".repeat(MAX_LINK_CHARS));
    let err = decode_link(&long).unwrap_err();
    assert_eq!(err, ShareError::TooLong(MAX_LINK_CHARS + 3));
    assert!(err.to_string().contains("characters"), "{err}");

    // 64 MiB of spaces deflate to ~64 KB; inflating must stop at the cap, not allocate 64 MiB.
    let bomb = link_of(&vec![b' '; 64 * 1024 * 1024]);
    assert!(bomb.len() < MAX_LINK_CHARS, "the bomb itself is small: {}", bomb.len());
    let err = decode_link(&bomb).unwrap_err();
    assert_eq!(err, ShareError::TooLarge);
    assert!(err.to_string().contains(&MAX_MODEL_BYTES.to_string()), "{err}");
}

#[test]
fn payloads_that_are_not_models() {
    let err = decode_link(&link_of(br#"{"format":"drawio"}"#)).unwrap_err();
    assert!(matches!(err, ShareError::Model(LoadError::NotAModel(_))), "{err:?}");
    assert!(err.to_string().contains("not a docshape model"), "{err}");

    let err = decode_link(&link_of(b"{\"format\":\"docshape\",")).unwrap_err();
    assert!(matches!(err, ShareError::Model(LoadError::Json { .. })), "{err:?}");

    let err = decode_link(&link_of(&[0xff, 0xfe, 0x00])).unwrap_err();
    assert_eq!(err, ShareError::NotText);

    // Base64 of bytes that are not DEFLATE at all.
    let err = decode_link(&format!("#m={}", base64url_encode(b"\xff\xff\xff\xff hello"))).unwrap_err();
    assert_eq!(err, ShareError::Corrupt, "{err}");
}
