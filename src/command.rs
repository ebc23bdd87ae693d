//! The `judge` command from arguments to exit status: find the cases (saying on stderr which
//! layout and limits each folder has, and what was skipped), build the solvers, judge, report.
//! The one place where outcomes become exit statuses.

use crate::cases::folder_limits::resolve;
use crate::cases::solvers::named_solver_cases;
use crate::cases::Interactor;
use crate::cases::{answers, cases_at, CaseFolder, Judging};
use crate::cli;
use crate::cli::{Format, Options, Parsed, Target};
use crate::grade::Settings;
use crate::limits::DEFAULT_MEMORY_MIB;
use crate::limits::DEFAULT_TIME_LIMIT;
use crate::play;
use crate::problems::build::build_solvers;
use crate::process;
use crate::process::stop;
use crate::process::{adopt_orphans, sys, Program};
use crate::report::json;
use crate::report::{case_report, label_width, summary, use_colour};
use crate::runner::{judge_all, Finished, Flow, Task};
use crate::text::printable;
use crate::validate;
use crate::verdict::Code;
use std::collections::HashMap;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::thread;

/// Exit status for a usage or I/O error (a case not AC is 1).
const USAGE_OR_IO_ERROR: u8 = 2;

/// Prints each problem as `error: …` and gives the usage-or-I/O exit status.
fn fail(messages: &[impl Display]) -> ExitCode {
    for message in messages {
        eprintln!("error: {}", printable(&message.to_string()));
    }
    ExitCode::from(USAGE_OR_IO_ERROR)
}

/// `path` from the current folder when it is below it (as a person would type it), else as is.
fn relative(path: &Path) -> &Path {
    std::env::current_dir()
        .ok()
        .and_then(|here| path.strip_prefix(here).ok())
        .map_or(path, |below| below)
}

/// The tasks of one folder, each reported as `name/case`: says on stderr the folder's layout,
/// case count and limits (flag > folder > default), and warns about every skipped file.
fn folder_tasks(
    options: &Options,
    dir: &Path,
    name: &str,
    folder: CaseFolder,
    program: Program,
) -> Vec<Task> {
    let (time, memory_mib, said) = resolve(
        options.time_limit,
        options.memory_mib,
        &folder.limits,
        DEFAULT_TIME_LIMIT,
        DEFAULT_MEMORY_MIB,
    );
    for warning in &folder.warnings {
        eprintln!("warning: {}", printable(warning));
    }
    let count = folder.cases.len();
    let judged_by = match &folder.judging {
        Judging::Checker { dir: judge_dir, .. } => {
            // Shown as the folder's own name was given, when it is the usual sibling.
            let sibling = dir.with_file_name(format!(
                "{}.judge",
                dir.file_name().unwrap_or_default().to_string_lossy()
            ));
            let shown = match judge_dir.file_name() == sibling.file_name() {
                true => sibling,
                false => relative(judge_dir).to_path_buf(),
            };
            format!("; checker in {}", shown.display())
        }
        Judging::Validator { program } => {
            format!("; output validator {}", relative(program).display())
        }
        Judging::Interactive(Interactor::BuiltIn(builtin)) => {
            format!(
                "; interactive, against the judge's {} opponent",
                builtin.name()
            )
        }
        Judging::Interactive(Interactor::Program { command, .. }) => {
            format!("; interactor `{command}`")
        }
        Judging::Compare => String::new(),
    };
    eprintln!(
        "{}",
        printable(&format!(
            "{}: {}: {count} case{}; limits {said}{judged_by}",
            dir.display(),
            folder.layout.describe(answers(&folder.judging)),
            if count == 1 { "" } else { "s" }
        ))
    );
    let limits = options.limits_with(time, memory_mib);
    let judging = folder.judging;
    folder
        .cases
        .into_iter()
        .map(|case| Task {
            label: format!("{name}/{}", case.name),
            program: program.clone(),
            case,
            judging: judging.clone(),
            limits,
        })
        .collect()
}

/// The tasks for the options: built solvers on their folders, or a command on one folder.
fn tasks(root: &Path, options: &Options) -> Result<Vec<Task>, ExitCode> {
    match &options.target {
        Target::Solvers(names) => {
            let problems = named_solver_cases(root, names).map_err(|errors| fail(&errors))?;
            let names: Vec<String> = problems
                .iter()
                .map(|problem| problem.name.clone())
                .collect();
            let binaries = build_solvers(root, &names).map_err(|error| fail(&[error]))?;
            let cases = Path::new("cases");
            Ok(problems
                .into_iter()
                .zip(binaries)
                .flat_map(|(problem, binary)| {
                    let dir = cases.join(&problem.name);
                    let program = Program::Binary(binary);
                    folder_tasks(options, &dir, &problem.name, problem.folder, program)
                })
                .collect())
        }
        Target::Play(_) | Target::Validate { .. } | Target::Stress(_) => Ok(Vec::new()),
        Target::Command {
            command,
            dir,
            interactor,
        } => {
            if let Some(why) = Program::Shell(command.clone()).cannot_run() {
                eprintln!("error: --cmd '{}': {}", printable(command), printable(&why));
                return Err(ExitCode::from(USAGE_OR_IO_ERROR));
            }
            let (name, folder) =
                cases_at(dir, interactor.as_deref()).map_err(|errors| fail(&errors))?;
            let program = Program::Shell(command.clone());
            Ok(folder_tasks(options, dir, &name, folder, program))
        }
    }
}

/// The exit status of a judge stopped by `signal`: 128 + its number.
fn stopped_by(signal: i32) -> ExitCode {
    ExitCode::from(128 + signal as u8)
}

/// Runs the judge command for the arguments after the program name; `root` is the project.
pub fn run(root: &Path, arguments: impl IntoIterator<Item = String>) -> ExitCode {
    let options = match cli::parse(arguments) {
        Ok(Parsed::Run(options)) => options,
        Ok(Parsed::Help) => {
            print!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Ok(Parsed::Version) => {
            println!("judge {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            eprintln!("error: {error}\nrun `judge --help` for usage");
            return ExitCode::from(USAGE_OR_IO_ERROR);
        }
    };
    let time_limit = options.time_limit.unwrap_or(DEFAULT_TIME_LIMIT);
    if let Some(wall) = options.wall_limit.filter(|&wall| wall < time_limit) {
        eprintln!(
            "warning: --wall-limit {} s is below the CPU time limit of {} s: the wall bound ends a busy run first (TLE)",
            wall.as_secs_f64(),
            time_limit.as_secs_f64()
        );
    }
    if let Target::Play(play) = &options.target {
        let code = play::run(root, play, options.limits());
        process::finish();
        return code;
    }
    if let Target::Stress(stress) = &options.target {
        return crate::stress::run(root, stress, &options);
    }
    if let Target::Validate { names, command } = &options.target {
        return validate::run(root, names, command.as_deref(), options.limits());
    }
    let tasks = match tasks(root, &options) {
        Ok(tasks) => tasks,
        Err(code) => return code,
    };
    if tasks.is_empty() {
        return fail(&["no cases to judge: an empty suite is not a pass".to_string()]);
    }
    let settings = Settings {
        limits: options.limits(),
        compare: options.compare,
        jobs: options
            .jobs
            .unwrap_or_else(|| thread::available_parallelism().map_or(1, |count| count.get())),
    };
    adopt_orphans();
    stop::note_termination_signals();
    let json = options.format == Format::Json;
    // With --format json, stdout carries the JSON lines and the report for people goes to stderr.
    let human_is_terminal = if json {
        io::stderr().is_terminal()
    } else {
        io::stdout().is_terminal()
    };
    let colour = use_colour(human_is_terminal, std::env::var_os("NO_COLOR"));
    let width = label_width(tasks.iter().map(|task| task.label.as_str()));
    let limits: HashMap<&str, _> = tasks
        .iter()
        .map(|task| (task.label.as_str(), task.limits))
        .collect();
    let human = |text: &str| -> io::Result<()> {
        if json {
            let mut err = io::stderr().lock();
            writeln!(err, "{text}").and_then(|()| err.flush())
        } else {
            let mut out = io::stdout().lock();
            writeln!(out, "{text}").and_then(|()| out.flush())
        }
    };
    let machine = |text: &str| -> io::Result<()> {
        let mut out = io::stdout().lock();
        writeln!(out, "{text}").and_then(|()| out.flush())
    };
    let results = judge_all(&tasks, &settings, |finished| {
        let limits = limits
            .get(finished.label.as_str())
            .unwrap_or(&settings.limits);
        let mut written = human(&case_report(finished, width, limits, colour));
        if json {
            written = written.and_then(|()| machine(&json::case_line(finished, limits)));
        }
        match written {
            Ok(()) => Flow::Continue,
            Err(_) => Flow::Stop,
        }
    });
    process::finish();
    let status = exit_status(&results, stop::received_signal());
    let mut summary_written = human(&summary(&results)).is_ok();
    if json {
        summary_written &= machine(&json::summary_line(&results, status)).is_ok();
    }
    match stop::received_signal() {
        // The report's reader went away (`judge | head -1`): stop quietly.
        Some(sys::SIGPIPE) => {}
        Some(signal) => eprintln!(
            "error: stopped by signal {signal} after {} of {} cases; the running ones were killed, with everything they started",
            results.len(),
            tasks.len()
        ),
        None if !summary_written => return stopped_by(sys::SIGPIPE),
        None => {}
    }
    ExitCode::from(status)
}

/// The exit status for the judged cases: 128 + the signal that stopped the judge, else 2 for
/// any JE, 1 for any other case not AC, 0 when all are AC.
fn exit_status(results: &[Finished], signal: Option<i32>) -> u8 {
    if let Some(signal) = signal {
        128 + signal as u8
    } else if results
        .iter()
        .any(|result| result.judged.verdict.code() == Code::JE)
    {
        USAGE_OR_IO_ERROR
    } else if results.iter().all(Finished::is_accepted) {
        0
    } else {
        1
    }
}
