//! `judge verify` against problemtools' `verifyproblem -p submissions` on the same package (the
//! guess fixture: interactive, a Python output validator, two submissions), each run to the
//! end 7 times, alternating. Both build their submissions: the judge once into its cache,
//! verifyproblem anew every time. Without verifyproblem on the PATH the part says so and stops.

use crate::measure::{header, measure_pair, row, run_ok};
use std::path::Path;
use std::process::Command;

pub fn bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kattis/guess");
    header("verify: a package's submissions checked (tests/fixtures/kattis/guess)");
    if Command::new("verifyproblem")
        .arg("--version")
        .output()
        .is_err()
    {
        println!("skipped: verifyproblem is not installed (pip install problemtools; it runs Python with pypy3)");
        return;
    }
    let (theirs, ours) = measure_pair(
        || {
            run_ok(
                Command::new("verifyproblem")
                    .arg(&package)
                    .args(["-p", "submissions"]),
            )
        },
        || run_ok(Command::new(judge).arg("verify").arg(&package)),
    );
    row(
        "verifyproblem PKG -p submissions (problemtools)",
        &theirs,
        None,
    );
    row("judge verify PKG", &ours, Some(&theirs));
}
