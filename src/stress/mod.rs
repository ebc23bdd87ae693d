//! `judge stress`: a program against a reference on generated inputs until they differ; the
//! input found is shrunk to a locally minimal one that still fails and stays valid, reported,
//! and saved as a case when asked.
//!
//! The built-in generators are the problem table's (`crate::problems`); `trial` tries one input, `search` tries many, `shrink` reduces one,
//! `save` writes it as a case; what it finds goes to `report::reporter` as events.
//!
//! Safe by default: three programs of the user's without `--validator` are warned about (the
//! shrunk input is only as valid as the reference is strict), and `--save` into a folder of a
//! problem package or of this project's `cases/` is refused unless `--force` is given.

pub mod options;
mod progress;
pub mod save;
pub mod search;
pub mod shrink;
pub mod trial;

use crate::cases::judge_files;
use crate::grade::Settings;
use crate::outcome;
use crate::problems::project::Project;
use crate::problems::StressExpected;
use crate::process::stop;
use crate::process::{sandbox, Program, Session, Signals};
use crate::report::events::{Event, ShrinkEnd, ShrinkStop, StopPoint};
use crate::report::reporter::Reporter;
use crate::report::stress::reference_failures;
use crate::report::Format;
use crate::sources;
use crate::temp_folder::TempFolder;
use crate::text::{count, printable};
use options::StressOptions;
use progress::ProgressLine;
use search::{search, Ending, Source};
use shrink::{shrink, Attempt, Shrunk, Tokens};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use trial::{Failure, Outcome, OutputCheck, Setup, Validity};

/// The most runs the shrinker may use.
pub const MAX_SHRINK_RUNS: usize = 2000;

/// The most inputs a `--validator` command refuses for free while shrinking; past it, each
/// counts as a run.
pub const MAX_REFUSALS: usize = 4 * MAX_SHRINK_RUNS;

/// A usage error, or a broken generator or reference: said, and the outcome.
fn fail(message: &str) -> outcome::Outcome {
    eprintln!("error: {}", printable(message));
    outcome::Outcome::Error
}

/// What the command line's stress options resolve to: the setup, where inputs come from, and
/// how each is described in the report.
struct Plan {
    setup: Setup,
    source: Source,
    reference_said: String,
    source_said: String,
}

/// Resolves NAME's defaults (its solver, generator, validator, checker) and the flags that
/// replace them; errors are usage errors.
fn plan(
    project: &Project,
    stress: &StressOptions,
    settings: &Settings,
    scratch: &Path,
) -> Result<Plan, String> {
    let mut check = OutputCheck::Compare(settings.compare);
    let mut validity = Validity::Reference;
    let mut reference = None;
    let mut source = None;
    let (mut reference_said, mut source_said) = (String::new(), String::new());
    if let Some(name) = &stress.name {
        let known = project.solver_names()?;
        if !known.contains(name) {
            return Err(format!(
                "no solver named {:?} (solvers: {})",
                name,
                known.join(", ")
            ));
        }
        let problem = crate::problems::problem(name);
        // The judge files (a checker) are in the checkout's cases; installed solvers come
        // without them, and the problems stress checks by their move scores are those whose
        // checker is there.
        let files = match project.checkout() {
            Some(root) => judge_files::read(&root.join("cases").join(name))
                .map_err(|error| error.to_string())?,
            None if problem
                .is_some_and(|problem| problem.stress_expected == StressExpected::MoveScores) =>
            {
                project.cases(
                    &format!("stress {name} (its checker is in cases/{name}.judge/)"),
                    None,
                )?;
                judge_files::JudgeFiles::default()
            }
            None => judge_files::JudgeFiles::default(),
        };
        if files.interactive.is_some() || problem.is_some_and(|problem| problem.opponent.is_some())
        {
            return Err(format!(
                "{name} is interactive: stress compares the outputs of two programs on one input, and an interactive problem has no input of its own (judge {name} plays it)"
            ));
        }
        if let Some(command) = files.checker {
            let dir = files.dir.clone();
            check = match problem.map(|problem| problem.stress_expected) {
                Some(StressExpected::MoveScores) => OutputCheck::MoveScoresChecker { command, dir },
                _ => OutputCheck::Checker { command, dir },
            };
        }
        if let Some(problem) = problem {
            validity = Validity::BuiltIn(problem.validator);
        }
        if stress.generator.is_none() {
            let generate = problem
                .and_then(|problem| problem.generator)
                .ok_or_else(|| format!("no built-in generator for {name}: give one with --gen"))?;
            source = Some(Source::BuiltIn(generate));
            source_said = format!("the built-in generator for {name}");
        }
        if stress.reference.is_none() {
            let binary = project.binaries(std::slice::from_ref(name))?.remove(0);
            reference = Some(Program::Binary(binary));
            reference_said = format!("the solver {name}");
        }
    }
    if let Some(command) = &stress.reference {
        reference = Some(Program::Shell(command.clone()));
        reference_said = format!("`{command}`");
    }
    if let Some(command) = &stress.generator {
        source = Some(Source::Command(command.clone()));
        source_said = format!("`{command} SEED`");
    }
    if let Some(command) = &stress.validator {
        validity = Validity::Command(Program::Shell(command.clone()));
    }
    let (Some(reference), Some(source)) = (reference, source) else {
        return Err("stress needs a solver name, or --ref and --gen".into());
    };
    // A source file (or folder) as the candidate is built once the sandbox knows what to hide.
    let candidate = Some(&stress.command).filter(|line| sources::source_in(line).is_none());
    for (flag, command) in [
        ("--cmd", candidate),
        ("--ref", stress.reference.as_ref()),
        ("--gen", stress.generator.as_ref()),
        ("--validator", stress.validator.as_ref()),
    ] {
        if let Some(why) = command.and_then(|line| Program::Shell(line.clone()).cannot_run()) {
            return Err(format!(
                "{flag} '{}': {why}",
                command.map_or("", |c| c.as_str())
            ));
        }
    }
    Ok(Plan {
        setup: Setup {
            program: Program::Shell(stress.command.clone()),
            reference,
            validity,
            check,
            limits: settings.limits,
            scratch: scratch.to_path_buf(),
        },
        source,
        reference_said,
        source_said,
    })
}

/// The warning of three programs without a validator.
pub const NO_VALIDATOR: &str = "warning: no --validator: shrinking keeps the input's shape (its lines, and the tokens of each) and moves numbers only, but a shrunk input may still leave the problem's constraints (a bound, a sum); give --validator 'COMMAND' (the input on stdin, exit 0 = valid) to keep every input valid";

/// Runs `judge stress`.
pub fn run(project: &Project, stress: &StressOptions, settings: &Settings) -> outcome::Outcome {
    if let (Some(dir), false) = (&stress.save, stress.force) {
        if let Some(why) = save::package_folder(dir, project.checkout()) {
            return fail(&format!(
                "--save {}: a folder of a problem package or of this project's cases ({why}): a shrunk input saved there becomes one of its cases; save it elsewhere, or give --force to save there all the same",
                dir.display()
            ));
        }
    }
    let scratch = match TempFolder::new("stress") {
        Ok(folder) => folder,
        Err(error) => return fail(&format!("cannot make a temporary folder: {error}")),
    };
    let plan = match plan(project, stress, settings, &scratch.dir) {
        Ok(plan) => plan,
        Err(message) => return fail(&message),
    };
    // The candidate is boxed; the folder it would be saved to, and those of the files the
    // reference, the generator and the validator name, are hidden from it.
    let here = std::env::current_dir().unwrap_or_default();
    let mut hidden: Vec<PathBuf> = stress.save.iter().cloned().collect();
    for helper in [&stress.reference, &stress.generator, &stress.validator]
        .into_iter()
        .flatten()
    {
        hidden.extend(sandbox::folders_named(helper, &here));
    }
    let availability = sandbox::configure(settings.sandbox, hidden, &sources::caches_to_cover());
    eprintln!("{}", availability.describe());
    let mut plan = plan;
    if let Some(source) = sources::source_in(&stress.command) {
        plan.setup.program = match sources::program_for(source, &sources::Dialect::default()) {
            Ok(program) => program,
            // The candidate does not build: its failure (exit 1), the compiler's lines shown.
            Err(why) => {
                eprintln!("{}", crate::text::error_lines(&why));
                return outcome::Outcome::Failed;
            }
        };
    }
    if stress.name.is_none() && stress.validator.is_none() {
        eprintln!("{NO_VALIDATOR}");
    }
    let _session = Session::start(Signals::Noted);
    stress_with(stress, settings, &plan)
}

/// Where a shrink runs its candidates and what it counts: the inputs a validator refused, and
/// how many candidates the reference failed on (with how, on the last).
struct ShrinkCounts {
    refusals: AtomicUsize,
    reference_failed: Mutex<(usize, Option<String>)>,
}

/// Shrinks `start` (a failing input of `input_len` bytes, its spacing made regular), keeping
/// `shape` when only the reference judges validity, with a progress line on a terminal (its
/// time from `started`); gives
/// the result and the smallest failing input with its failure, if one was kept.
fn shrink_with_progress(
    plan: &Plan,
    settings: &Settings,
    start: Tokens,
    shape: Option<&Vec<usize>>,
    input_len: usize,
    started: Instant,
    counts: &ShrinkCounts,
) -> (Shrunk, Option<(String, Box<Failure>)>) {
    let ShrinkCounts {
        refusals,
        reference_failed,
    } = counts;
    // (The shrinker never asks about one input twice.) Up to `jobs` candidates run at
    // once; the failure of each kept one is noted, and the shrunk input's is reported.
    let progress = Mutex::new(ProgressLine::new());
    let runs = AtomicUsize::new(0);
    let smallest = AtomicUsize::new(input_len);
    let failures: Mutex<HashMap<String, Box<Failure>>> = Mutex::new(HashMap::new());
    let result = shrink(start, MAX_SHRINK_RUNS, settings.jobs, |candidate| {
        let text = candidate.to_string();
        if stop::received_signal().is_some() {
            return Attempt::Refused;
        }
        if shape
            .as_ref()
            .is_some_and(|shape| **shape != candidate.shape())
        {
            return Attempt::Refused;
        }
        let run = runs.fetch_add(1, Ordering::Relaxed) + 1;
        if let Ok(mut progress) = progress.lock() {
            progress.draw(&format!(
                "shrinking: {}, {:.1} s, the smallest failing input {} (Ctrl-C keeps it)",
                count(run, "run"),
                started.elapsed().as_secs_f64(),
                count(smallest.load(Ordering::Relaxed), "byte")
            ));
        }
        let outcome = plan.setup.attempt(&text);
        if stop::received_signal().is_some() {
            return Attempt::Refused; // the run was stopped: it says nothing
        }
        match outcome {
            Outcome::Failed(failure) => {
                smallest.fetch_min(text.len(), Ordering::Relaxed);
                if let Ok(mut failures) = failures.lock() {
                    failures.insert(text, failure);
                }
                Attempt::Kept
            }
            Outcome::Invalid(_) => match &plan.setup.validity {
                Validity::Command(_)
                    if refusals.fetch_add(1, Ordering::Relaxed) >= MAX_REFUSALS =>
                {
                    Attempt::Lost
                }
                _ => Attempt::Refused,
            },
            Outcome::ReferenceFailed(how) => {
                if let Ok(mut failed) = reference_failed.lock() {
                    *failed = (failed.0 + 1, Some(how));
                }
                Attempt::Lost
            }
            _ => Attempt::Lost,
        }
    });
    let shrunk_text = result.input.to_string();
    let kept = failures
        .into_inner()
        .ok()
        .and_then(|mut failures| failures.remove(&shrunk_text))
        .map(|failure| (shrunk_text, failure));
    let progress = progress
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    progress.clear();
    (result, kept)
}

/// The seeds the search tries, as its first line says them.
fn seeds_said(stress: &StressOptions) -> String {
    let first = stress.seed;
    let last = first.saturating_add(stress.count - 1);
    match (stress.count, stress.time) {
        (u64::MAX, Some(time)) => format!("seeds from {first} for {} s", time.as_secs_f64()),
        (_, Some(time)) => format!(
            "seeds {first} to {last} or {} s, whichever ends first",
            time.as_secs_f64()
        ),
        (_, None) => format!("seeds {first} to {last}"),
    }
}

/// Saves the shrunk input (found from `seed`) and the reference's output as a case in `dir`.
fn save_case(reporter: &mut Reporter, dir: &Path, seed: u64, input: &str, expected: &[u8]) {
    match save::save(dir, seed, input, expected) {
        Ok((input_path, expected_path)) => {
            let _ = reporter.emit(Event::CaseSaved {
                input: &input_path.display().to_string(),
                expected: &expected_path.display().to_string(),
            });
        }
        // The counterexample is printed above: the run still failed (exit 1), the save is
        // what went wrong.
        Err(why) => eprintln!("error: not saved: {}", printable(&why)),
    }
}

/// How the shrinking ended: stopped by a signal, at a minimal input, at the bound of runs, or
/// not begun (`shrunk` is none: with its spacing made regular the input no longer failed).
fn shrink_stop(shrunk: Option<&Shrunk>, stopped_by: Option<i32>) -> ShrinkStop {
    match (shrunk, stopped_by) {
        (_, Some(signal)) => ShrinkStop::Signal(signal),
        (Some(shrunk), None) if shrunk.minimal => ShrinkStop::Minimal { runs: shrunk.runs },
        (Some(shrunk), None) => ShrinkStop::Bounded { runs: shrunk.runs },
        (None, None) => ShrinkStop::Irregular,
    }
}

fn stress_with(stress: &StressOptions, settings: &Settings, plan: &Plan) -> outcome::Outcome {
    let seeds = seeds_said(stress);
    let mut reporter = Reporter::new(Format::Human);
    let _ = reporter.emit(Event::StressStarted(&format!(
        "stress: `{}` against {}, inputs from {}, {seeds}",
        stress.command, plan.reference_said, plan.source_said
    )));
    let searched = search(
        &plan.setup,
        &plan.source,
        stress.seed,
        stress.count,
        stress.time,
        settings.jobs,
    );
    if let Some(signal) = stop::received_signal() {
        let at = StopPoint::Searching {
            tried: searched.tried,
        };
        let _ = reporter.emit(Event::Stopped { signal, at });
        return outcome::Outcome::Stopped(signal);
    }
    let (seed, input, failure) = match searched.ending.clone() {
        None => {
            let _ = reporter.emit(Event::NothingFound {
                tried: searched.tried,
                first: stress.seed,
                elapsed: searched.elapsed,
            });
            return reporter.outcome(outcome::Outcome::Passed);
        }
        Some((_, Ending::Broken(why))) => return fail(&why),
        Some((seed, Ending::Found { input, failure })) => (seed, input, failure),
    };
    let _ = reporter.emit(Event::InputFound {
        seed,
        first: stress.seed,
        verdict: &failure.verdict,
        elapsed: searched.elapsed,
        input: &input,
    });
    let started = Instant::now();
    // An input the validator refuses costs no run of the program or the reference, so it is
    // no run of the shrinker's (a command validator's refusals up to a bound of their own, as
    // each is a process); the built-in generator's form and the generic one then take the same
    // steps for the same validity.
    // How many candidates the reference failed on (steps not taken), and how on the last.
    let counts = ShrinkCounts {
        refusals: AtomicUsize::new(0),
        reference_failed: Mutex::new((0, None)),
    };
    let start = Tokens::parse(&input);
    // With no validator at all only the reference says which inputs are valid, and one that
    // reads leniently accepts a grid with a token gone: lines and tokens are then never dropped.
    let reference_judges_validity = matches!(plan.setup.validity, Validity::Reference);
    let shape = reference_judges_validity.then(|| start.shape());
    let mut last_failure = failure;
    let mut last_input = input.clone();
    let mut shrunk = None;
    // The shrinker works on the input with its spacing made regular: that must fail too.
    let regular_fails = start.to_string() == input
        || matches!(plan.setup.attempt(&start.to_string()), Outcome::Failed(_));
    if regular_fails {
        let shape = shape.as_ref();
        let (result, kept) =
            shrink_with_progress(plan, settings, start, shape, input.len(), started, &counts);
        if let Some((input, failure)) = kept {
            last_input = input;
            last_failure = failure;
        }
        shrunk = Some(result);
    }
    // Stopped while shrinking: what was found so far is reported and saved all the same.
    let stopped_by = stop::received_signal();
    let _ = reporter.emit(Event::InputShrunk(&ShrinkEnd {
        stop: shrink_stop(shrunk.as_ref(), stopped_by),
        most_runs: MAX_SHRINK_RUNS,
        refused: match &plan.setup.validity {
            Validity::Command(_) => counts.refusals.load(Ordering::Relaxed).min(MAX_REFUSALS),
            _ => 0,
        },
        elapsed: started.elapsed(),
        input: &last_input,
        reference_output: &last_failure.reference_output,
        program_output: &last_failure.program_output,
        verdict: &last_failure.verdict,
        limits: &plan.setup.limits,
    }));
    // With no validator the reference's failures are what tells an invalid input: no warning.
    let (failures, last_failed) = counts.reference_failed.into_inner().unwrap_or_default();
    if let (Some(result), Some(how), false) = (&shrunk, last_failed, reference_judges_validity) {
        eprintln!(
            "{}",
            printable(&reference_failures(failures, result.runs, &how))
        );
    }
    if let Some(dir) = &stress.save {
        save_case(
            &mut reporter,
            dir,
            seed,
            &last_input,
            &last_failure.expected,
        );
    }
    match stopped_by {
        Some(signal) => outcome::Outcome::Stopped(signal),
        None => reporter.outcome(outcome::Outcome::Failed),
    }
}
