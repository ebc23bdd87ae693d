//! online-judge-tools reads the same case folders: `oj test -c BINARY -d cases/<problem>` passes
//! for every solver that is not interactive, with a folder's checker given to oj as
//! `--judge-command` (oj calls it as `COMMAND INPUT ACTUAL EXPECTED`, our order; it runs in the
//! current folder, so oj is started in `cases/<problem>.judge/`, where our checker runs).
//!
//! It needs oj (`pip install online-judge-tools`), so it is ignored unless asked for:
//! `cargo test --test solvers -- oj_compatibility:: --ignored` (CI installs oj and runs it).

use assert_cmd::cargo::cargo_bin;
use game_judge::cases::judge_files::judge_folder;
use game_judge::cases::solvers::discover;
use game_judge::cases::Judging;
use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "needs online-judge-tools: pip install online-judge-tools"]
fn oj_test_passes_on_every_folder_that_is_not_interactive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = root.join("cases");
    let problems = discover(&cases, &root.join("src/bin"))
        .unwrap_or_else(|errors| panic!("the case set is broken: {}", errors[0]));
    let mut failed = Vec::new();
    let mut judged = 0;
    for problem in &problems {
        let dir = cases.join(&problem.name);
        let mut oj = Command::new("oj");
        oj.arg("test")
            .arg("-c")
            .arg(cargo_bin(&problem.name))
            .arg("-d")
            .arg(&dir);
        match &problem.folder.judging {
            Judging::Interactive(_) => continue,
            Judging::Checker { command, dir } => {
                oj.args(["--judge-command", command]).current_dir(dir);
            }
            Judging::Validator { .. } | Judging::KattisDefault(_) | Judging::Testlib { .. } => {
                panic!("{}: no Kattis or Polygon package in cases/", problem.name)
            }
            Judging::Compare => {}
        }
        assert!(!judge_folder(&dir).join("interactive").exists());
        let output = oj.output().unwrap_or_else(|error| {
            panic!("cannot run oj (pip install online-judge-tools): {error}")
        });
        judged += 1;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let count = problem.folder.cases.len();
        let said = format!("test success: {count} cases");
        println!("{}: {}", problem.name, stdout.lines().last().unwrap_or(""));
        if !output.status.success() || !stdout.contains(&said) {
            failed.push(format!(
                "{}: oj did not say {said:?}:\n{stdout}{}",
                problem.name,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(judged >= 5, "only {judged} folders judged by oj");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
