//! A run split into shards that machines judge apart (`--shard K/N`, or `--shard auto`: K and N
//! from the variables a CI engine sets on each copy of a parallel job), and the run id that tells
//! their reports belong together (`judge merge` joins them). The split depends only on the run's
//! list, in the report's order: position `i` (from 0) goes to shard `i mod N + 1`, so every
//! machine that lists the same run agrees, and slow cases that lie together are spread.

use crate::cases::Case;
use crate::sources::fingerprint;
use std::fmt;
use std::path::Path;

/// Part `index` of `count` (1 <= index <= count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The most shards a run may be split into.
pub const MAX_SHARDS: usize = 1_000_000;

impl Shard {
    /// The whole run: what an unsplit run's report says it is.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// `K/N`, as `--shard` and the JSON report give it.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let wrong = || {
            format!(
                "--shard expects K/N, part K of N (1 <= K <= N <= {MAX_SHARDS}), found {text:?}"
            )
        };
        let (index, count) = text.split_once('/').ok_or_else(wrong)?;
        let whole = |part: &str| {
            part.parse::<usize>()
                .ok()
                .filter(|_| part.bytes().all(|byte| byte.is_ascii_digit()))
        };
        match (whole(index), whole(count)) {
            (Some(index), Some(count)) if 1 <= index && index <= count && count <= MAX_SHARDS => {
                Ok(Shard { index, count })
            }
            _ => Err(wrong()),
        }
    }

    /// Whether the item at `position` (from 0) of the run's list is this shard's.
    pub fn keeps(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// How many of a list of `total` items are this shard's.
    pub fn size_of(&self, total: usize) -> usize {
        match total >= self.index {
            true => (total - self.index) / self.count + 1,
            false => 0,
        }
    }
}

/// A CI engine that starts copies of one job in parallel and tells each copy which it is by an
/// index and a total in its environment.
struct Engine {
    name: &'static str,
    index: &'static str,
    total: &'static str,
    /// What the first copy's index is: 0 or 1.
    first: usize,
}

/// The engines whose variables `--shard auto` reads, in the order it reads them (Slurm's job
/// arrays and Kubernetes' indexed Jobs, which say it otherwise, come after).
const ENGINES: [Engine; 3] = [
    Engine {
        name: "GitLab",
        index: "CI_NODE_INDEX",
        total: "CI_NODE_TOTAL",
        first: 1,
    },
    Engine {
        name: "CircleCI",
        index: "CIRCLE_NODE_INDEX",
        total: "CIRCLE_NODE_TOTAL",
        first: 0,
    },
    Engine {
        name: "Buildkite",
        index: "BUILDKITE_PARALLEL_JOB",
        total: "BUILDKITE_PARALLEL_JOB_COUNT",
        first: 0,
    },
];

/// Slurm's job array: a task's id, the lowest id, the number of tasks, the step between ids
/// (`--array=0-15:4`), the highest id.
const SLURM: [&str; 5] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_STEP",
    "SLURM_ARRAY_TASK_MAX",
];

/// A Kubernetes indexed Job's index (from 0); the Job's completions, the total, are not in the
/// environment, so `--shard auto/N` gives it.
const KUBERNETES: &str = "JOB_COMPLETION_INDEX";

/// The shard one engine's variables name, and the words that say where it came from.
#[derive(Clone, Debug)]
struct EngineShard {
    shard: Shard,
    source: String,
    /// Whether only a total of 1 was set: a job that is not split, which gives way to an engine
    /// that names a shard.
    unsplit: bool,
}

impl EngineShard {
    fn new(shard: Shard, source: String) -> EngineShard {
        EngineShard {
            shard,
            source,
            unsplit: false,
        }
    }
}

/// `--shard auto`'s reading of the environment: the variable's value, `None` when it is unset or
/// empty.
fn variable(lookup: &impl Fn(&str) -> Option<String>, name: &str) -> Option<String> {
    lookup(name).filter(|value| !value.is_empty())
}

/// A variable's value as a whole number, or the error that names it.
fn whole_number(name: &str, value: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|_| value.bytes().all(|byte| byte.is_ascii_digit()))
        .ok_or_else(|| format!("--shard auto: {name}={value:?} is not a whole number"))
}

/// A total of shards read from the variable `name`, in range.
fn shard_count(name: &str, value: &str) -> Result<usize, String> {
    match whole_number(name, value)? {
        count if (1..=MAX_SHARDS).contains(&count) => Ok(count),
        _ => Err(format!(
            "--shard auto: {name}={value} is out of range (1 to {MAX_SHARDS} shards)"
        )),
    }
}

/// What one engine's index and total say, or `None` when neither is set. A total of 1 alone is
/// a job that is not split (GitLab sets `CI_NODE_TOTAL=1` on every job): the whole run.
fn read_engine(
    engine: &Engine,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Option<Result<EngineShard, String>> {
    let (name, index_name, total_name) = (engine.name, engine.index, engine.total);
    let (index, total) = match (variable(lookup, index_name), variable(lookup, total_name)) {
        (None, None) => return None,
        (None, Some(total)) if total == "1" => {
            return Some(Ok(EngineShard {
                shard: Shard::WHOLE,
                source: format!("{name}'s {total_name}=1 (a job not split)"),
                unsplit: true,
            }))
        }
        (None, Some(total)) => {
            return Some(Err(format!(
                "--shard auto: {total_name}={total} is set but {index_name} is not ({name} sets both on a parallel job)"
            )))
        }
        (Some(index), None) => {
            return Some(Err(format!(
                "--shard auto: {index_name}={index} is set but {total_name} is not ({name} sets both on a parallel job)"
            )))
        }
        (Some(index), Some(total)) => (index, total),
    };
    let read = || -> Result<EngineShard, String> {
        let count = shard_count(total_name, &total)?;
        let position = whole_number(index_name, &index)?;
        let last = count - 1 + engine.first;
        if position < engine.first || position > last {
            return Err(format!(
                "--shard auto: {index_name}={index} is out of range: {name} counts from {} to {last} when {total_name}={total}",
                engine.first
            ));
        }
        let shard = Shard {
            index: position - engine.first + 1,
            count,
        };
        Ok(EngineShard::new(
            shard,
            format!("{name}'s {index_name}={index} and {total_name}={total}"),
        ))
    };
    Some(read())
}

/// What a Slurm job array's variables say, or `None` when `SLURM_ARRAY_TASK_ID` is not set. The
/// tasks' ids must be one range with one step (`--array=1-16`, `--array=0-15:4`): a list of
/// ids (`--array=1,5,9`) is refused, as a task cannot tell its place in it.
fn read_slurm(lookup: &impl Fn(&str) -> Option<String>) -> Option<Result<EngineShard, String>> {
    let [id_name, min_name, count_name, step_name, max_name] = SLURM;
    let id = variable(lookup, id_name)?;
    let read = || -> Result<EngineShard, String> {
        let needed = |name: &str| {
            variable(lookup, name).ok_or_else(|| {
                format!("--shard auto: {id_name}={id} is set but {name} is not (Slurm sets it on a job array's tasks)")
            })
        };
        let (min, count) = (needed(min_name)?, needed(count_name)?);
        let step = variable(lookup, step_name).unwrap_or_else(|| "1".to_string());
        let (task, lowest) = (whole_number(id_name, &id)?, whole_number(min_name, &min)?);
        let count_value = shard_count(count_name, &count)?;
        let stride = match whole_number(step_name, &step)? {
            0 => return Err(format!("--shard auto: {step_name}=0 is not a step")),
            stride => stride,
        };
        let said: Vec<String> = SLURM
            .iter()
            .filter_map(|name| variable(lookup, name).map(|value| format!("{name}={value}")))
            .collect();
        let not_a_range = || {
            format!(
                "--shard auto: the job array's ids are not one range with one step ({}): give --shard K/N",
                said.join(", ")
            )
        };
        // The highest id, where the range with its step ends.
        let last = (count_value - 1)
            .checked_mul(stride)
            .and_then(|span| span.checked_add(lowest))
            .ok_or_else(not_a_range)?;
        if let Some(max) = variable(lookup, max_name) {
            if whole_number(max_name, &max)? != last {
                return Err(not_a_range());
            }
        }
        if task < lowest || task > last {
            return Err(format!(
                "--shard auto: {id_name}={id} is out of range: the job array's ids run from {lowest} to {last} ({})",
                said.join(", ")
            ));
        }
        if (task - lowest) % stride != 0 {
            return Err(not_a_range());
        }
        let index = (task - lowest) / stride + 1;
        let shard = Shard {
            index,
            count: count_value,
        };
        let step_said = match step.as_str() {
            "1" => String::new(),
            _ => format!(", {step_name}={step}"),
        };
        Ok(EngineShard::new(
            shard,
            format!("Slurm's {id_name}={id}, {min_name}={min}{step_said} and {count_name}={count}"),
        ))
    };
    Some(read())
}

/// What a Kubernetes indexed Job's index says, with the total `count` from `auto/N`, or `None`
/// when `JOB_COMPLETION_INDEX` is not set.
fn read_kubernetes(
    count: Option<usize>,
    lookup: &impl Fn(&str) -> Option<String>,
) -> Option<Result<EngineShard, String>> {
    let index = variable(lookup, KUBERNETES)?;
    let read = || -> Result<EngineShard, String> {
        let position = whole_number(KUBERNETES, &index)?;
        let Some(count) = count else {
            return Err(format!(
                "--shard auto: {KUBERNETES}={index} (a Kubernetes indexed Job) gives no total: --shard auto/N, N the Job's completions"
            ));
        };
        if position >= count {
            return Err(format!(
                "--shard auto/{count}: {KUBERNETES}={index} is out of range: Kubernetes counts from 0 to {}",
                count - 1
            ));
        }
        let shard = Shard {
            index: position + 1,
            count,
        };
        Ok(EngineShard::new(
            shard,
            format!("Kubernetes' {KUBERNETES}={index} and --shard auto/{count}"),
        ))
    };
    Some(read())
}

impl Shard {
    /// `--shard`'s value: `K/N`, or `auto` (`auto/N`) read from the environment through
    /// `lookup` (see `from_environment`); with the words that say where an automatic shard
    /// came from, for a note.
    pub fn from_flag(
        text: &str,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<(Shard, Option<String>), String> {
        let count = match text.strip_prefix("auto") {
            Some("") => None,
            Some(count) => match count.strip_prefix('/') {
                Some(count) => Some(shard_count("--shard auto/N's N", count).map_err(|_| {
                    format!("--shard auto/N expects N, the number of shards (1 <= N <= {MAX_SHARDS}), found {text:?}")
                })?),
                None => return Shard::parse(text).map(|shard| (shard, None)),
            },
            None => return Shard::parse(text).map(|shard| (shard, None)),
        };
        let (shard, source) = Shard::from_environment(count, lookup)?;
        Ok((shard, Some(source)))
    }

    /// `--shard auto` (`count` `None`) or `auto/N`: the shard that the CI engine's variables
    /// name, read through `lookup` (`None` for a variable that is unset or empty), and the words
    /// that say which variables. The engines: GitLab (`CI_NODE_INDEX` from 1 of
    /// `CI_NODE_TOTAL`), CircleCI (`CIRCLE_NODE_INDEX` from 0 of `CIRCLE_NODE_TOTAL`), Buildkite
    /// (`BUILDKITE_PARALLEL_JOB` from 0 of `BUILDKITE_PARALLEL_JOB_COUNT`), Slurm (a job array's
    /// `SLURM_ARRAY_TASK_ID`, its place among `SLURM_ARRAY_TASK_MIN` and the next ids by
    /// `SLURM_ARRAY_TASK_STEP`, of `SLURM_ARRAY_TASK_COUNT`) and Kubernetes (an indexed Job's
    /// `JOB_COMPLETION_INDEX` from 0, of the `N` of `auto/N`). Where several engines' variables
    /// are set they must name the same shard; `auto/N`'s `N` must be the engine's total.
    /// Refused, with the variable and its value: no engine's variables, a value that is no
    /// whole number or out of range.
    pub fn from_environment(
        count: Option<usize>,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<(Shard, String), String> {
        let mut found: Vec<EngineShard> = Vec::new();
        let read = ENGINES
            .iter()
            .map(|engine| read_engine(engine, &lookup))
            .chain([read_slurm(&lookup), read_kubernetes(count, &lookup)]);
        for result in read.flatten() {
            found.push(result?);
        }
        // A job that is not split counts only where no engine names a shard.
        if found.iter().any(|found| !found.unsplit) {
            found.retain(|found| !found.unsplit);
        }
        let Some(first) = found.first() else {
            let engines: Vec<String> = ENGINES
                .iter()
                .map(|engine| format!("{} ({}, {})", engine.name, engine.index, engine.total))
                .collect();
            return Err(format!(
                "--shard auto found no CI engine's variables; it reads {}, Slurm ({} with {} and {}) and Kubernetes ({KUBERNETES}, with --shard auto/N): elsewhere give --shard K/N",
                engines.join(", "),
                SLURM[0],
                SLURM[1],
                SLURM[2]
            ));
        };
        let shard = first.shard;
        if let Some(other) = found.iter().find(|other| other.shard != shard) {
            return Err(format!(
                "--shard auto: the CI variables disagree: {} say {shard}, {} say {}: give --shard K/N",
                first.source, other.source, other.shard
            ));
        }
        if let Some(count) = count.filter(|&count| count != shard.count) {
            return Err(format!(
                "--shard auto/{count}: {} say {}, not {count}",
                first.source,
                crate::text::count(shard.count, "shard")
            ));
        }
        let sources: Vec<&str> = found.iter().map(|found| found.source.as_str()).collect();
        Ok((shard, sources.join("; ")))
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The id of a run, made from what every machine judging it shares (the judge's version, the
/// command as given, the items' names and the contents of their files, the limits), never from
/// absolute paths or built programs, so that shards judged on different machines merge.
pub struct RunId {
    parts: Vec<String>,
}

impl RunId {
    /// A run of the judge's `command` (its words as given, less what only says how to run it
    /// here: `--shard`, `--jobs`, `--format`).
    pub fn new(command: &str) -> RunId {
        RunId {
            parts: vec![
                format!("game-judge {}", env!("CARGO_PKG_VERSION")),
                command.to_string(),
            ],
        }
    }

    /// A name, a limit: any text every machine shares.
    pub fn add(&mut self, text: &str) {
        self.parts.push(text.to_string());
    }

    /// A file's contents (its fingerprint), or that there is none.
    pub fn add_file(&mut self, file: Option<&Path>) -> std::io::Result<()> {
        let part = match file {
            Some(file) => fingerprint(&[&std::fs::read(file)?]),
            None => "none".to_string(),
        };
        self.parts.push(part);
        Ok(())
    }

    /// A case: its name as the report gives it, and its input's and answer's contents.
    pub fn add_case(&mut self, label: &str, case: &Case) -> std::io::Result<()> {
        self.add(label);
        self.add_file(Some(&case.input))?;
        self.add_file(case.expected.as_deref())
    }

    /// The id: 32 hex digits.
    pub fn finish(&self) -> String {
        let parts: Vec<&[u8]> = self.parts.iter().map(|part| part.as_bytes()).collect();
        fingerprint(&parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_of_n_is_read_strictly() {
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        for wrong in [
            "0/3", "4/3", "3", "/3", "1/", "+1/3", "1/3/5", "a/b", " 1/3", "1/0",
        ] {
            let error = Shard::parse(wrong).unwrap_err();
            assert!(error.starts_with("--shard expects K/N"), "{wrong}: {error}");
        }
        assert_eq!(Shard { index: 2, count: 7 }.to_string(), "2/7");
    }

    /// A lookup over the variables given, as the environment would answer.
    fn environment(variables: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let variables: Vec<(String, String)> = variables
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        move |name: &str| {
            variables
                .iter()
                .find(|(variable, _)| variable == name)
                .map(|(_, value)| value.clone())
        }
    }

    /// `--shard auto` (or `auto/N` with `count`) in that environment: the shard, or the error.
    fn auto(count: Option<usize>, variables: &[(&str, &str)]) -> Result<Shard, String> {
        Shard::from_environment(count, environment(variables)).map(|(shard, _)| shard)
    }

    fn shard(index: usize, count: usize) -> Result<Shard, String> {
        Ok(Shard { index, count })
    }

    #[test]
    fn auto_reads_each_engines_index_from_its_first() {
        let gitlab = [("CI_NODE_INDEX", "2"), ("CI_NODE_TOTAL", "4")];
        assert_eq!(
            Shard::from_environment(None, environment(&gitlab)),
            Ok((
                Shard { index: 2, count: 4 },
                "GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=4".to_string()
            ))
        );
        // GitLab counts from 1, CircleCI and Buildkite from 0.
        let circle = |index| [("CIRCLE_NODE_INDEX", index), ("CIRCLE_NODE_TOTAL", "3")];
        assert_eq!(auto(None, &circle("0")), shard(1, 3));
        assert_eq!(auto(None, &circle("2")), shard(3, 3));
        let buildkite = [
            ("BUILDKITE_PARALLEL_JOB", "4"),
            ("BUILDKITE_PARALLEL_JOB_COUNT", "5"),
        ];
        assert_eq!(auto(None, &buildkite), shard(5, 5));
        assert_eq!(
            auto(None, &[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "1")]),
            Ok(Shard::WHOLE)
        );
        // A job that is not split: GitLab sets the total alone, 1.
        assert_eq!(auto(None, &[("CI_NODE_TOTAL", "1")]), Ok(Shard::WHOLE));
        // An empty variable is an unset one.
        assert_eq!(
            auto(
                None,
                &[
                    ("CI_NODE_INDEX", ""),
                    ("CIRCLE_NODE_INDEX", "1"),
                    ("CIRCLE_NODE_TOTAL", "2")
                ]
            ),
            shard(2, 2)
        );
    }

    #[test]
    fn auto_refuses_a_value_out_of_range_or_no_number_naming_it() {
        let error = |variables: &[(&str, &str)]| auto(None, variables).unwrap_err();
        assert_eq!(
            error(&[("CI_NODE_INDEX", "0"), ("CI_NODE_TOTAL", "4")]),
            "--shard auto: CI_NODE_INDEX=0 is out of range: GitLab counts from 1 to 4 when CI_NODE_TOTAL=4"
        );
        assert_eq!(
            error(&[("CI_NODE_INDEX", "5"), ("CI_NODE_TOTAL", "4")]),
            "--shard auto: CI_NODE_INDEX=5 is out of range: GitLab counts from 1 to 4 when CI_NODE_TOTAL=4"
        );
        assert_eq!(
            error(&[("CIRCLE_NODE_INDEX", "3"), ("CIRCLE_NODE_TOTAL", "3")]),
            "--shard auto: CIRCLE_NODE_INDEX=3 is out of range: CircleCI counts from 0 to 2 when CIRCLE_NODE_TOTAL=3"
        );
        for bad in ["x", "+1", " 1", "1.0", "-1"] {
            assert_eq!(
                error(&[("CI_NODE_INDEX", bad), ("CI_NODE_TOTAL", "4")]),
                format!("--shard auto: CI_NODE_INDEX={bad:?} is not a whole number")
            );
        }
        assert_eq!(
            error(&[
                ("BUILDKITE_PARALLEL_JOB", "0"),
                ("BUILDKITE_PARALLEL_JOB_COUNT", "0")
            ]),
            "--shard auto: BUILDKITE_PARALLEL_JOB_COUNT=0 is out of range (1 to 1000000 shards)"
        );
        assert_eq!(
            error(&[("CI_NODE_TOTAL", "3")]),
            "--shard auto: CI_NODE_TOTAL=3 is set but CI_NODE_INDEX is not (GitLab sets both on a parallel job)"
        );
        assert_eq!(
            error(&[("CIRCLE_NODE_INDEX", "1")]),
            "--shard auto: CIRCLE_NODE_INDEX=1 is set but CIRCLE_NODE_TOTAL is not (CircleCI sets both on a parallel job)"
        );
    }

    #[test]
    fn auto_finds_a_slurm_tasks_place_in_its_array() {
        let slurm = |id, min, count, step: Option<&str>, max: Option<&str>| {
            let mut variables = vec![
                ("SLURM_ARRAY_TASK_ID", id),
                ("SLURM_ARRAY_TASK_MIN", min),
                ("SLURM_ARRAY_TASK_COUNT", count),
            ];
            variables.extend(step.map(|step| ("SLURM_ARRAY_TASK_STEP", step)));
            variables.extend(max.map(|max| ("SLURM_ARRAY_TASK_MAX", max)));
            auto(None, &variables)
        };
        // --array=1-16: task 5 is the fifth of 16.
        assert_eq!(slurm("5", "1", "16", None, Some("16")), shard(5, 16));
        assert_eq!(slurm("1", "1", "16", Some("1"), Some("16")), shard(1, 16));
        // --array=0-15:4 runs tasks 0, 4, 8 and 12: task 8 is the third of 4.
        assert_eq!(slurm("8", "0", "4", Some("4"), Some("12")), shard(3, 4));
        assert_eq!(slurm("12", "0", "4", Some("4"), None), shard(4, 4));
        // --array=1,5,9,22: no one step reaches 22 from 1 in 4 tasks.
        let list = slurm("9", "1", "4", None, Some("22")).unwrap_err();
        assert_eq!(
            list,
            "--shard auto: the job array's ids are not one range with one step (SLURM_ARRAY_TASK_ID=9, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MAX=22): give --shard K/N"
        );
        // An id off the step, or past the range.
        assert!(slurm("6", "0", "4", Some("4"), Some("12"))
            .unwrap_err()
            .contains("not one range with one step"));
        assert_eq!(
            slurm("20", "0", "4", None, None).unwrap_err(),
            "--shard auto: SLURM_ARRAY_TASK_ID=20 is out of range: the job array's ids run from 0 to 3 (SLURM_ARRAY_TASK_ID=20, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_COUNT=4)"
        );
        assert!(slurm("3", "0", "4", Some("0"), None)
            .unwrap_err()
            .contains("SLURM_ARRAY_TASK_STEP=0 is not a step"));
        assert!(slurm("3", "0", "4", Some(&"9".repeat(25)), None)
            .unwrap_err()
            .contains("is not a whole number"));
        assert!(slurm("3", "0", "4", Some(&"9".repeat(19)), None)
            .unwrap_err()
            .contains("not one range with one step"));
        assert_eq!(
            auto(None, &[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "4")]).unwrap_err(),
            "--shard auto: SLURM_ARRAY_TASK_ID=3 is set but SLURM_ARRAY_TASK_MIN is not (Slurm sets it on a job array's tasks)"
        );
    }

    #[test]
    fn auto_over_n_gives_a_kubernetes_index_its_total() {
        let kubernetes = [("JOB_COMPLETION_INDEX", "3")];
        assert_eq!(auto(Some(4), &kubernetes), shard(4, 4));
        assert_eq!(
            auto(None, &kubernetes).unwrap_err(),
            "--shard auto: JOB_COMPLETION_INDEX=3 (a Kubernetes indexed Job) gives no total: --shard auto/N, N the Job's completions"
        );
        assert_eq!(
            auto(Some(3), &kubernetes).unwrap_err(),
            "--shard auto/3: JOB_COMPLETION_INDEX=3 is out of range: Kubernetes counts from 0 to 2"
        );
        // auto/N with an engine that sets its total: they must agree.
        let gitlab = [("CI_NODE_INDEX", "2"), ("CI_NODE_TOTAL", "4")];
        assert_eq!(auto(Some(4), &gitlab), shard(2, 4));
        assert_eq!(
            auto(Some(5), &gitlab).unwrap_err(),
            "--shard auto/5: GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=4 say 4 shards, not 5"
        );
    }

    #[test]
    fn auto_takes_several_engines_only_where_they_agree() {
        let both = [
            ("CI_NODE_INDEX", "2"),
            ("CI_NODE_TOTAL", "4"),
            ("CIRCLE_NODE_INDEX", "1"),
            ("CIRCLE_NODE_TOTAL", "4"),
        ];
        assert_eq!(
            Shard::from_environment(None, environment(&both)),
            Ok((
                Shard { index: 2, count: 4 },
                "GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=4; CircleCI's CIRCLE_NODE_INDEX=1 and CIRCLE_NODE_TOTAL=4".to_string()
            ))
        );
        let disagree = [
            ("CI_NODE_INDEX", "2"),
            ("CI_NODE_TOTAL", "4"),
            ("BUILDKITE_PARALLEL_JOB", "0"),
            ("BUILDKITE_PARALLEL_JOB_COUNT", "4"),
        ];
        assert_eq!(
            auto(None, &disagree).unwrap_err(),
            "--shard auto: the CI variables disagree: GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=4 say 2/4, Buildkite's BUILDKITE_PARALLEL_JOB=0 and BUILDKITE_PARALLEL_JOB_COUNT=4 say 1/4: give --shard K/N"
        );
        // GitLab's total of 1 on a job it does not split gives way to an engine that splits.
        let inside_gitlab = [("CI_NODE_TOTAL", "1"), ("JOB_COMPLETION_INDEX", "1")];
        assert_eq!(auto(Some(3), &inside_gitlab), shard(2, 3));
        // A malformed variable is refused even where another engine names a shard.
        let malformed = [
            ("CI_NODE_INDEX", "x"),
            ("CI_NODE_TOTAL", "4"),
            ("JOB_COMPLETION_INDEX", "1"),
        ];
        assert!(auto(Some(4), &malformed)
            .unwrap_err()
            .contains("CI_NODE_INDEX=\"x\""));
    }

    #[test]
    fn auto_without_a_ci_names_what_it_looked_for() {
        let error = auto(None, &[("HOME", "/root")]).unwrap_err();
        assert!(
            error.starts_with("--shard auto found no CI engine's variables; it reads "),
            "{error}"
        );
        for variable in [
            "CI_NODE_INDEX",
            "CI_NODE_TOTAL",
            "CIRCLE_NODE_INDEX",
            "CIRCLE_NODE_TOTAL",
            "BUILDKITE_PARALLEL_JOB",
            "BUILDKITE_PARALLEL_JOB_COUNT",
            "SLURM_ARRAY_TASK_ID",
            "SLURM_ARRAY_TASK_MIN",
            "SLURM_ARRAY_TASK_COUNT",
            "JOB_COMPLETION_INDEX",
            "--shard auto/N",
            "give --shard K/N",
        ] {
            assert!(error.contains(variable), "{variable}: {error}");
        }
        assert_eq!(
            auto(None, &[("CI_NODE_INDEX", ""), ("CI_NODE_TOTAL", "")]).unwrap_err(),
            error
        );
    }

    #[test]
    fn the_flag_is_k_of_n_or_auto() {
        let gitlab = environment(&[("CI_NODE_INDEX", "3"), ("CI_NODE_TOTAL", "3")]);
        let flag = |text: &str| Shard::from_flag(text, &gitlab);
        assert_eq!(flag("2/3"), Ok((Shard { index: 2, count: 3 }, None)));
        assert_eq!(
            flag("auto"),
            Ok((
                Shard { index: 3, count: 3 },
                Some("GitLab's CI_NODE_INDEX=3 and CI_NODE_TOTAL=3".to_string())
            ))
        );
        assert_eq!(flag("auto/3").map(|(shard, _)| shard), shard(3, 3));
        for wrong in ["auto/0", "auto/x", "auto/", "auto/1000001", "auto/+3"] {
            assert_eq!(
                flag(wrong).unwrap_err(),
                format!("--shard auto/N expects N, the number of shards (1 <= N <= 1000000), found {wrong:?}")
            );
        }
        for wrong in ["autox", "Auto", "auto3", " auto"] {
            assert!(
                flag(wrong).unwrap_err().starts_with("--shard expects K/N"),
                "{wrong}"
            );
        }
    }

    #[test]
    fn the_shards_of_a_run_are_disjoint_and_cover_it() {
        for total in 0..12 {
            for count in 1..=total + 2 {
                let mut owners = vec![0; total];
                for index in 1..=count {
                    let shard = Shard { index, count };
                    let kept: Vec<usize> = (0..total).filter(|&i| shard.keeps(i)).collect();
                    assert_eq!(kept.len(), shard.size_of(total));
                    for position in kept {
                        owners[position] += 1;
                    }
                }
                assert!(owners.iter().all(|&owners| owners == 1), "{total} {count}");
            }
        }
        // Round robin: neighbours go to different machines.
        let first = Shard { index: 1, count: 3 };
        assert_eq!(
            (0..7).filter(|&i| first.keeps(i)).collect::<Vec<_>>(),
            [0, 3, 6]
        );
    }

    #[test]
    fn the_run_id_changes_with_every_part() {
        let id = |command: &str, name: &str| {
            let mut run = RunId::new(command);
            run.add(name);
            run.finish()
        };
        let base = id("--cmd ./a.out cases/p", "p/1");
        assert_eq!(base.len(), 32);
        assert_eq!(base, id("--cmd ./a.out cases/p", "p/1"));
        assert_ne!(base, id("--cmd ./b.out cases/p", "p/1"));
        assert_ne!(base, id("--cmd ./a.out cases/p", "p/2"));
    }
}
