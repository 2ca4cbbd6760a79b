//! `docshape`: check, export and generate from a model file, reusing the core.
//!
//! ```text
//! docshape check MODEL.json [--format human|json] [--lang en|es|pt]
//! docshape rules [--lang en|es|pt] [--format markdown|json]
//! docshape infer FILE... [--name NAME] [--format auto|ndjson|ejson|shell] [--out MODEL.json]
//! docshape export MODEL.json --what examples|ejson|ejson-canonical|schema|mongosh|sheets|sizes|mongoose|typescript|zod|pydantic|rust|java|mermaid|dbml [--collection NAME] [--lang L]
//! docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE] [--format relaxed|canonical]
//! docshape report MODEL.json [--out report.md] [--svg diagram.svg] [--theme light|dark] [--base URL] [--lang L]
//! docshape share MODEL.json [--base URL] | docshape share --decode LINK|-
//! docshape diff OLD.json[@VERSION] NEW.json[@VERSION] [--format md|json|mongosh] [--fail-on new-errors|any-finding] [--lang L] [--out FILE]
//! docshape versions MODEL.json [--format text|json]
//! docshape synth [--entities N] [--seed S]
//! docshape completions bash|zsh|fish|elvish|powershell
//! ```
//!
//! The command line is clap's (derive): each command declares its arguments beside its `run`,
//! and its help is their doc comments. A usage error exits 2, as does a command that cannot
//! run (`docshape: ` and the reason on stderr).
//!
//! The command line is native only. `cargo test --target wasm32-unknown-unknown` builds every
//! binary of the package, so for wasm32 this crate is empty (no clap, no `main`).
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

mod args;
mod check;
mod diff;
mod disk;
mod export;
mod generate;
mod infer;
mod output;
mod report;
mod rules;
mod share;
mod synth;
mod versioned;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// check and export MongoDB document designs
#[derive(Parser)]
#[command(name = "docshape", version, arg_required_else_help = true, after_help = args::LANGUAGES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
// An option given twice takes its last value, as it did before clap.
#[command(args_override_self = true)]
enum Command {
    Check(check::Args),
    Rules(rules::Args),
    Infer(infer::Args),
    Export(export::Args),
    Generate(generate::Args),
    Report(report::Args),
    Share(share::Args),
    Diff(diff::Args),
    Versions(versioned::Args),
    Synth(synth::Args),
    /// A shell's completion script for docshape's commands, options and values.
    ///
    /// For bash: `docshape completions bash > ~/.local/share/bash-completion/completions/docshape`;
    /// zsh: `docshape completions zsh > ~/.zfunc/_docshape` (with ~/.zfunc in fpath); fish:
    /// `docshape completions fish > ~/.config/fish/completions/docshape.fish`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    // A usage error (an unknown command or option, a value not among the allowed ones, a
    // missing argument) exits 2 with clap's message; `--help` and `--version` exit 0.
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Infer(args) => infer::run(args),
        Command::Export(args) => export::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Report(args) => report::run(args),
        Command::Share(args) => share::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Versions(args) => versioned::run(args),
        Command::Synth(args) => synth::run(args),
        Command::Completions { shell } => completions(shell),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("docshape: {message}");
            ExitCode::from(2)
        }
    }
}

/// The completion script for `shell`, on stdout.
fn completions(shell: clap_complete::Shell) -> Result<ExitCode, String> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "docshape", &mut script);
    args::emit(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}
