//! What `judge stress` is asked to do: the program under test, the reference, generator and
//! validator (a solver name's, or commands), the seeds, how many inputs and for how long, where
//! to save (and whether into a package's folder); read from the flags the command line parser
//! hands over.

use std::path::PathBuf;
use std::time::Duration;

/// How many inputs stress tries when neither `--count` nor `--time` is given, at most.
pub const DEFAULT_COUNT: u64 = 1000;

/// How long stress tries new inputs when neither `--count` nor `--time` is given, at most: a
/// compiled program tries its 1000 inputs sooner, a Python one (about 3 a second) some 200.
pub const DEFAULT_TIME: Duration = Duration::from_secs(60);

/// What `judge stress` compares, on which inputs, for how long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StressOptions {
    /// The solver whose reference, generator, validator and checker are used by default.
    pub name: Option<String>,
    /// The program under test.
    pub command: String,
    pub reference: Option<String>,
    pub generator: Option<String>,
    pub validator: Option<String>,
    /// The first seed tried.
    pub seed: u64,
    /// How many inputs to try at most (`u64::MAX`: no bound but the time).
    pub count: u64,
    /// How long to keep trying new inputs; with `count`, whichever ends first.
    pub time: Option<Duration>,
    /// Where to save the shrunk case.
    pub save: Option<PathBuf>,
    /// Save even into a folder of a problem package or of the project's `cases/`.
    pub force: bool,
}

/// The stress flags as given (each value already read as its type), before they are checked
/// against each other.
#[derive(Clone, Debug, Default)]
pub struct StressFlags {
    pub command: Option<String>,
    pub reference: Option<String>,
    pub generator: Option<String>,
    pub validator: Option<String>,
    pub seed: Option<u64>,
    pub count: Option<u64>,
    pub time: Option<Duration>,
    pub save: Option<PathBuf>,
    pub force: bool,
}

impl StressFlags {
    /// The options for `judge stress NAMES` (the words after `stress`), or why they do not fit.
    pub fn into_options(self, names: &[String]) -> Result<StressOptions, String> {
        let Some(command) = self.command else {
            return Err(
                "stress needs the program to test: judge stress NAME --cmd 'PROGRAM'".into(),
            );
        };
        let name = match names {
            [] => None,
            [name] => Some(name.clone()),
            _ => {
                return Err(format!(
                    "stress takes one solver name, found {}: {}",
                    names.len(),
                    names.join(" ")
                ))
            }
        };
        if self.force && self.save.is_none() {
            return Err(
                "--force goes with --save DIR: it lets stress save into a package's folder".into(),
            );
        }
        if name.is_none() {
            let missing = match (&self.reference, &self.generator) {
                (None, None) => Some("--ref 'REFERENCE' and --gen 'GENERATOR'"),
                (None, Some(_)) => Some("--ref 'REFERENCE' (the program to compare with)"),
                (Some(_), None) => {
                    Some("--gen 'GENERATOR' (called as GENERATOR SEED, it prints one input)")
                }
                _ => None,
            };
            if let Some(missing) = missing {
                return Err(format!("stress without a solver name needs {missing}"));
            }
        }
        // Neither: a budget a person waits for, 1000 inputs or a minute; `--count` alone is
        // exactly that many inputs, as repeatable as a seed.
        let (count, time) = match (self.count, self.time) {
            (None, None) => (DEFAULT_COUNT, Some(DEFAULT_TIME)),
            (Some(count), time) => (count, time),
            (None, Some(time)) => (u64::MAX, Some(time)),
        };
        Ok(StressOptions {
            name,
            command,
            reference: self.reference,
            generator: self.generator,
            validator: self.validator,
            seed: self.seed.unwrap_or(1),
            count,
            time,
            save: self.save,
            force: self.force,
        })
    }
}
