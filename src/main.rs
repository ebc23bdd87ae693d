//! `judge`: runs solvers (or any program) on their cases and prints the verdicts an online judge
//! would give. Everything is in the library; see `game_judge::app`.

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    game_judge::app::run(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        std::env::args_os().skip(1),
    )
}
