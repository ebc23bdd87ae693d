//! The shipped cases: every solver in `src/bin` on every case of its folder in `cases/`, through
//! the same library as the `judge` command (discovery, limits, comparison, verdicts, report).
//!
//! Each case prints one line with its verdict, details under a failure; all failures are
//! collected and the run fails once at the end with `N of M cases failed`. Run
//! `cargo test --test solvers -- shipped_cases:: --nocapture` to see every line when all pass.

use assert_cmd::cargo::cargo_bin;
use game_judge::cases::solvers::discover;
use game_judge::compare::Mode;
use game_judge::grade::Settings;
use game_judge::limits::Limits;
use game_judge::process::Program;
use game_judge::report::{case_report, label_width, summary};
use game_judge::runner::{judge_all, Flow, Task};
use std::path::Path;
use std::time::Duration;

#[test]
fn every_solver_passes_every_case_of_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = discover(&root.join("cases"), &root.join("src/bin")).unwrap_or_else(|errors| {
        let listed: Vec<String> = errors
            .iter()
            .map(|error| format!("error: {error}"))
            .collect();
        panic!("the case set is broken:\n{}", listed.join("\n"))
    });
    // Generous limits: debug builds on a busy machine; speed is measured by `cargo bench`.
    let limits = Limits::with_cpu(Duration::from_secs(20));
    let tasks: Vec<Task> = problems
        .iter()
        .flat_map(|problem| {
            let binary = cargo_bin(&problem.name);
            problem.folder.cases.iter().map(move |case| Task {
                label: format!("{}/{}", problem.name, case.name),
                program: Program::Binary(binary.clone()),
                case: case.clone(),
                judging: problem.folder.judging.clone(),
                limits,
            })
        })
        .collect();
    assert!(
        !tasks.is_empty(),
        "no cases found under cases/: an empty suite is not a pass"
    );
    all_accepted(&tasks, limits, 2);
}

/// Judges `tasks` (`jobs` at a time, no sandbox), one line a case and the summary, and fails
/// once at the end with `N of M cases failed` unless every case is accepted.
pub fn all_accepted(tasks: &[Task], limits: Limits, jobs: usize) {
    let settings = Settings {
        limits,
        compare: Mode::Lines,
        jobs,
        sandbox: false,
    };
    let width = label_width(tasks.iter().map(|task| task.label.as_str()));
    let results = judge_all(tasks, &settings, |finished| {
        println!("{}", case_report(finished, width, &settings.limits, false));
        Flow::Continue
    });
    println!("{}", summary(&results));
    let failed = results
        .iter()
        .filter(|result| !result.is_accepted())
        .count();
    assert_eq!(failed, 0, "{failed} of {} cases failed", results.len());
}
