//! The `judge` command from arguments to exit status: parse the command line, print the help or
//! the version, run the command it names, and turn how that ended into the exit status (the only
//! place that does).

use crate::cli::{self, usage, Help, Options, Parsed, Target};
use crate::judge;
use crate::limits::DEFAULT_TIME_LIMIT;
use crate::merge;
use crate::outcome::Outcome;
use crate::play;
use crate::problems::project::Project;
use crate::stress;
use crate::validate;
use crate::verify;
use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

/// Runs the judge command for the arguments after the program name; `built_from` is the
/// checkout the judge was built from, one of the places its solvers are looked for.
pub fn run(built_from: &Path, arguments: impl IntoIterator<Item = OsString>) -> ExitCode {
    let arguments: Result<Vec<String>, OsString> =
        arguments.into_iter().map(OsString::into_string).collect();
    let outcome = match arguments.map(cli::parse) {
        Err(argument) => {
            eprintln!(
                "error: the argument {:?} is not UTF-8: the judge takes names, paths and commands in UTF-8\nrun `judge --help` for usage",
                argument
            );
            Outcome::Error
        }
        Ok(parsed) => match parsed {
            Ok(Parsed::Run(mut options)) => {
                let project = Project::locate(built_from);
                match cli::judge_a_contest_folder(&mut options, &project) {
                    Ok(()) => {
                        for note in &options.notes {
                            eprintln!("note: {note}");
                        }
                        command(&project, *options)
                    }
                    Err(error) => {
                        eprintln!("error: {error}\nrun `judge --help` for usage");
                        Outcome::Error
                    }
                }
            }
            Ok(Parsed::Help(help)) => {
                print!(
                    "{}",
                    match help {
                        Help::Short => usage::short_usage(),
                        Help::Long => usage::usage(),
                        Help::Command(section) => usage::command_usage(section),
                    }
                );
                Outcome::Passed
            }
            Ok(Parsed::Version) => {
                println!("judge {}", env!("CARGO_PKG_VERSION"));
                Outcome::Passed
            }
            Err(error) => {
                eprintln!("error: {error}\nrun `judge --help` for usage");
                Outcome::Error
            }
        },
    };
    ExitCode::from(outcome.code())
}

/// Runs the command the options name, with the project's solvers where `project` finds them.
fn command(project: &Project, options: Options) -> Outcome {
    let common = options.common;
    let time_limit = common.limits.time.unwrap_or(DEFAULT_TIME_LIMIT);
    if let Some(wall) = common.limits.wall.filter(|&wall| wall < time_limit) {
        eprintln!(
            "warning: --wall-limit {} s is below the CPU time limit of {} s: where idle time cannot be measured, the wall bound counts wall time and ends a busy run first (TLE)",
            wall.as_secs_f64(),
            time_limit.as_secs_f64()
        );
    }
    match &options.target {
        Target::Judge(target) => judge::run(project, target, &common),
        Target::Play(play) => play::run(project, play, common.limits.limits()),
        Target::Validate(validate) => validate::run(project, validate, common.limits.limits()),
        Target::Stress(stress) => stress::run(project, stress, &common.settings()),
        Target::Verify(verify) => verify::run(
            verify,
            &common.limits,
            common.format,
            &common.settings(),
            common.shard,
        ),
        Target::Merge(merge) => merge::run(merge, common.format),
    }
}
