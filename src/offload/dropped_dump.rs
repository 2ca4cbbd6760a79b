//! A dump dropped on the import dialog, read in the worker: the files' bytes (base64 in the
//! request) through `crate::dump::preview`, with progress over the three passes.

use super::protocol::DroppedFile;
use crate::dump::preview::{read_dropped, DumpPreview};
use crate::dump::{BytesInput, DumpOptions, Progress};
use crate::model::Model;
use base64::Engine;

/// The preview of `files`, or why it cannot be read (the file and the offset or line).
/// The summary is in `lang`. `progress` hears how far the reading is, at most a hundred times.
pub fn preview(
    files: &[DroppedFile],
    sample: Option<u64>,
    model: &Model,
    lang: crate::i18n::Lang,
    progress: &mut dyn FnMut(f64),
) -> Result<DumpPreview, String> {
    let mut inputs = Vec::with_capacity(files.len());
    for f in files {
        // A `data:` URL carries its base64 after the first comma.
        let text = if f.base64.starts_with("data:") {
            f.base64.split_once(',').map_or("", |(_, b)| b)
        } else {
            f.base64.as_str()
        };
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(|e| format!("{}: the page sent bytes that are not base64 ({e})", f.name))?;
        inputs.push(BytesInput { name: f.name.clone(), bytes });
    }
    let input_bytes: u64 = inputs.iter().map(|i| i.bytes.len() as u64).sum::<u64>().max(1);
    let options = DumpOptions { sample: sample.unwrap_or(crate::dump::DEFAULT_SAMPLE), ..DumpOptions::default() };
    let mut said = -1.0;
    let mut report = |p: Progress| {
        let total = if p.total > 0 { p.total } else { input_bytes };
        let within = (p.bytes as f64 / total as f64).min(1.0);
        let share = ((f64::from(p.pass) - 1.0 + within) / 3.0).clamp(0.0, 1.0);
        if share - said >= 0.01 {
            said = share;
            progress(share);
        }
    };
    read_dropped(inputs, model, &options, lang, &mut report).map_err(|e| e.to_string())
}
