//! The case folders reject wrong solutions: every mutant in `tests/mutants/<problem>/` (a Python
//! program with one mistake a contestant makes, its docstring says which) is judged on
//! `cases/<problem>` through the `judge` binary and must get WA on at least one case: for an
//! interactive folder, the built-in opponent's WA (a lost game, too few won, an illegal move).
//! A mutant that only gets TLE, RE or MLE survives: a case that catches it by its mistake is
//! missing. Each mutant prints one line; all survivors are listed at the end
//! (`N of M mutants survived: …`).

use crate::common::judge;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The mutants, as (problem, path relative to the project root), sorted.
fn mutants() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for problem in fs::read_dir(root.join("tests/mutants")).unwrap() {
        let problem = problem.unwrap().path();
        let name = problem.file_name().unwrap().to_string_lossy().into_owned();
        for mutant in fs::read_dir(&problem).unwrap() {
            let mutant = mutant.unwrap().path();
            if mutant.extension().is_some_and(|ext| ext == "py") {
                let relative = mutant.strip_prefix(root).unwrap().to_path_buf();
                found.push((name.clone(), relative));
            }
        }
    }
    found.sort();
    found
}

/// The verdicts of the case lines of a `--format json` report, as (case, verdict).
fn verdicts(report: &str) -> Vec<(String, String)> {
    let field = |line: &str, key: &str| -> Option<String> {
        let start = line.find(&format!("\"{key}\":\""))? + key.len() + 4;
        let end = start + line[start..].find('"')?;
        Some(line[start..end].to_string())
    };
    report
        .lines()
        .filter(|line| line.starts_with("{\"type\":\"case\""))
        .filter_map(|line| Some((field(line, "case")?, field(line, "verdict")?)))
        .collect()
}

/// A mutant's fate: `Ok(the cases with WA)` when caught, `Err(what happened)` when it survived.
type Fate = Result<Vec<String>, String>;

/// Judges one mutant on its folder.
fn judge_mutant(problem: &str, mutant: &Path) -> Fate {
    let command = format!("python3 {}", mutant.display());
    let output = judge()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--format", "json", "--cmd", &command])
        .arg(format!("cases/{problem}"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    let verdicts = verdicts(&report);
    if verdicts.is_empty() {
        return Err(format!(
            "no case judged (exit {:?}): {}",
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let wrong: Vec<String> = verdicts
        .iter()
        .filter(|(_, verdict)| verdict == "WA")
        .map(|(case, _)| case.clone())
        .collect();
    if wrong.is_empty() {
        let mut counts: Vec<String> = Vec::new();
        for (_, verdict) in &verdicts {
            if !counts.contains(verdict) {
                counts.push(verdict.clone());
            }
        }
        let summary: Vec<String> = counts
            .iter()
            .map(|verdict| {
                let n = verdicts.iter().filter(|(_, v)| v == verdict).count();
                format!("{n} {verdict}")
            })
            .collect();
        Err(format!(
            "{} cases: {}, no WA",
            verdicts.len(),
            summary.join(", ")
        ))
    } else {
        Ok(wrong)
    }
}

#[test]
fn every_mutant_gets_wa_on_some_case_of_its_folder() {
    let mutants = mutants();
    assert!(
        mutants.len() >= 7 * 8,
        "at least 8 mutants per problem, found {}",
        mutants.len()
    );
    // A few at a time: each judge runs its cases two at a time on a busy machine.
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Fate>>> = Mutex::new(vec![None; mutants.len()]);
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some((problem, mutant)) = mutants.get(index) else {
                    return;
                };
                let result = judge_mutant(problem, mutant);
                results.lock().unwrap()[index] = Some(result);
            });
        }
    });
    let results = results.into_inner().unwrap();
    let mut survivors = Vec::new();
    for ((_, mutant), result) in mutants.iter().zip(results) {
        match result.unwrap() {
            Ok(wrong) => println!(
                "mutant {} caught: WA on {}",
                mutant.display(),
                wrong.join(", ")
            ),
            Err(what) => {
                println!("mutant {} SURVIVED: {what}", mutant.display());
                survivors.push(mutant.display().to_string());
            }
        }
    }
    assert!(
        survivors.is_empty(),
        "{} of {} mutants survived: {}",
        survivors.len(),
        mutants.len(),
        survivors.join(", ")
    );
}
