//! The `arbiter` binary: parses the command line and runs a subcommand of the library.
//!
//! Exit status: 0 nothing wrong, 1 errors found in the input, 2 usage or I/O error.

mod cli;

use std::io;
use std::process::ExitCode;

use clap::Parser;

use arbiter::commands::{self, RunStatus};

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    arbiter::engine::interrupt::install();
    let result = match cli.command {
        cli::Command::Check(args) => args
            .into_options()
            .and_then(|options| commands::check::run(&options)),
        cli::Command::Audit(args) => args
            .into_options()
            .and_then(|options| commands::audit::run(&options)),
        cli::Command::Perft(args) => {
            let mut out = io::stdout().lock();
            commands::perft::run(&args.into_options(), &mut out).map(|()| RunStatus::Clean)
        }
        cli::Command::Fen(args) => args
            .into_options()
            .and_then(|options| commands::fen::run(&options)),
        cli::Command::Pgn(args) => args
            .into_options()
            .and_then(|options| commands::pgn::run(&options)),
        cli::Command::Stats(args) => args
            .into_options()
            .and_then(|options| commands::stats::run(&options)),
    };
    match result {
        Ok(status) => ExitCode::from(status.exit_code()),
        Err(err) => {
            let broken_pipe = err.chain().any(|cause| {
                cause
                    .downcast_ref::<io::Error>()
                    .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            eprintln!("arbiter: {err:#}");
            ExitCode::from(RunStatus::Failed.exit_code())
        }
    }
}
