//! `docshape report MODEL.json [--out report.md] [--svg diagram.svg] [--theme light|dark]
//! [--base URL] [--lang en|es|pt]`: the design review in Markdown, with the diagram as a sibling
//! SVG file, both in the language asked for (English by default).
//!
//! With `--out` and no `--svg`, the diagram goes beside the report (`report.svg`). With
//! neither, the report goes to stdout and the diagram is inlined as a `data:` URI. Either way the
//! report also carries the diagram as a Mermaid block, which GitHub draws.

use crate::args::{lang, read_model, LANGUAGES};
use clap::{ValueEnum, ValueHint};
use docshape::advisor::analyze;
use docshape::i18n::Lang;
use docshape::share::{diagram_svg, review_markdown, share_link, Diagram, ReportOptions, SvgOptions, Theme};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

/// A design review in Markdown, with the diagram as a sibling .svg file.
///
/// With --out and no --svg, the diagram goes beside the report (review.md, review.svg); with
/// neither, the report goes to stdout with the diagram inlined as a data: URI. Either way the
/// report also carries the diagram as a Mermaid block, which GitHub draws.
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// Write the report to this file instead of stdout.
    #[arg(long, value_name = "report.md", value_hint = ValueHint::FilePath)]
    out: Option<String>,
    /// Write the diagram to this file.
    #[arg(long, value_name = "diagram.svg", value_hint = ValueHint::FilePath)]
    svg: Option<String>,
    /// The diagram's colours.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    theme: ThemeArg,
    /// Add the model's share link on this address (the app's URL).
    #[arg(long, value_name = "URL", value_hint = ValueHint::Url)]
    base: Option<String>,
    /// The language of the report and the diagram's words.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
}

#[derive(Clone, Copy, ValueEnum)]
enum ThemeArg {
    Light,
    Dark,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, out, svg, theme, base, lang } = args;
    let path = path.as_str();
    let theme = match theme {
        ThemeArg::Dark => Theme::Dark,
        ThemeArg::Light => Theme::Light,
    };
    let model = read_model(path)?;
    let report = analyze(&model);
    let svg_opts = SvgOptions { theme, lang, ..SvgOptions::default() };
    let out = out.map(PathBuf::from);
    let svg_path = match (svg, &out) {
        (Some(svg), _) => Some(PathBuf::from(svg)),
        (None, Some(out)) => Some(out.with_extension("svg")),
        (None, None) => None,
    };
    for target in out.iter().chain(&svg_path) {
        crate::output::refuse_input(target, &[path])?;
    }
    if let (Some(out), Some(svg)) = (&out, &svg_path) {
        if out == svg {
            return Err(format!("--out and --svg name the same file {}", out.display()));
        }
    }
    let diagram = match &svg_path {
        Some(svg) => {
            crate::output::write_text(svg, &diagram_svg(&model, Some(&report), &svg_opts))?;
            let from = out.as_deref().and_then(Path::parent).unwrap_or(Path::new(""));
            Diagram::File(relative(svg, from))
        }
        None => {
            eprintln!("docshape: the diagram is inlined as a data: URI, which GitHub does not show (it does draw the Mermaid block); use --out or --svg for a sibling .svg file");
            Diagram::Inline(svg_opts)
        }
    };
    let share_url = match base {
        Some(base) => match share_link(&model) {
            Ok(link) => Some(format!("{base}{link}")),
            Err(e) => {
                eprintln!("docshape: the report has no share link: {e}");
                None
            }
        },
        None => None,
    };
    let markdown = review_markdown(&model, &report, &ReportOptions { diagram, share_url, lang });
    match &out {
        Some(out) => crate::output::write_text(out, &markdown)?,
        None => crate::args::emit(&markdown)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `target` as a path relative to the directory `from` (both as given, relative to the same
/// working directory), with `/` separators for Markdown. Absolute paths that share no prefix
/// stay absolute.
fn relative(target: &Path, from: &Path) -> String {
    fn normal(p: &Path) -> Vec<Component<'_>> {
        p.components().filter(|c| *c != Component::CurDir).collect()
    }
    let (t, f) = (normal(target), normal(from));
    let common = t.iter().zip(&f).take_while(|(a, b)| a == b).count();
    if target.is_absolute() != from.is_absolute() || f[common..].contains(&Component::ParentDir) {
        return target.to_string_lossy().replace('\\', "/");
    }
    let ups = std::iter::repeat_n("..".to_string(), f.len() - common);
    let rest = t[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned());
    ups.chain(rest).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::relative;
    use std::path::Path;

    #[test]
    fn relative_paths() {
        assert_eq!(relative(Path::new("docs/review.svg"), Path::new("docs")), "review.svg");
        assert_eq!(relative(Path::new("./docs/img/d.svg"), Path::new("docs")), "img/d.svg");
        assert_eq!(relative(Path::new("img/d.svg"), Path::new("docs/reviews")), "../../img/d.svg");
        assert_eq!(relative(Path::new("d.svg"), Path::new("")), "d.svg");
        assert_eq!(relative(Path::new("/tmp/d.svg"), Path::new("docs")), "/tmp/d.svg");
        assert_eq!(relative(Path::new("/tmp/a/d.svg"), Path::new("/tmp/b")), "../a/d.svg");
    }
}
