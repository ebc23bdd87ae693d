//! `judge`: lists the solvers and how to run one (the full judge command comes next).

use game_judge::case_set::solver_names;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match solver_names(&root.join("src/bin")) {
        Ok(names) => {
            println!("solvers (src/bin), each with its cases in cases/<name>/:");
            for name in names {
                println!("  {name}: cargo run --release --bin {name} < cases/{name}/sample-1.in");
            }
            println!("run every case: cargo test");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
