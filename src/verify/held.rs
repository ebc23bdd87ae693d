//! A submission held to the 2025-09 format's rules (`cases::submissions_yaml`), judged from its
//! cases' verdicts: every case a rule covers must get a verdict its `permitted` lists, one of
//! them at least a verdict its `required` lists. Under the time limit a case slower than the
//! limit is a TLE; a rule that bounds the time limit from above (`required: [TLE]`) is judged
//! under the higher limit, as the format's time limit inference asks.

use super::submission::CaseRun;
use super::time_limit::TimeLimits;
use crate::cases::submissions::{Rules, Ruling};
use crate::cases::submissions_yaml::{verdict_names, Rule};
use std::time::Duration;

/// Whether a verdict is in a list as the format names verdicts (a memory or output limit is an
/// RTE, no output a WA).
fn in_list(ruling: Ruling, list: &[Ruling]) -> bool {
    list.iter()
        .any(|&listed| ruling.meets(listed, Rules::Kattis))
}

/// A case's verdict under the time limit (`None` for a judge error).
pub fn within(run: &CaseRun, limits: &TimeLimits) -> Option<Ruling> {
    match run.ruling {
        Some(_) if run.cpu > limits.limit => Some(Ruling::TimeLimit),
        ruling => ruling,
    }
}

/// Under which limit a verdict is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// The time limit.
    Limit,
    /// The higher limit the runs had.
    Higher,
}

/// A rule broken, and where it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// Why, naming the rule (and the case).
    pub why: String,
    /// The case the report names: one whose verdict is outside a `permitted` list, or, for a
    /// `required` list, the slowest of the cases the rule covers (none got a verdict in it).
    pub case: Option<usize>,
    /// Whether the case's own detail tells more (a verdict outside a `permitted` list).
    pub with_detail: bool,
    /// The cases the rule names (its group), where no case that ran shows it.
    pub group: Option<String>,
}

/// The first rule broken, naming it and the case; `None` when every rule holds. The runs
/// must hold no judge error. The `permitted` lists are checked first: a run stopped at a case
/// outside one did not run the cases after it.
pub fn first_broken(
    rules: &[Rule],
    runs: &[CaseRun],
    limits: &TimeLimits,
    under: Under,
) -> Option<Broken> {
    let high = |rule: &Rule| under == Under::Higher || rule.is_upper_bound();
    let verdict = |rule: &Rule, run: &CaseRun| match high(rule) {
        true => run.ruling,
        false => within(run, limits),
    };
    let covered = |rule: &Rule| -> Vec<usize> {
        (0..runs.len())
            .filter(|&index| rule.covers(&runs[index].label))
            .collect()
    };
    // Two rules that permit no verdict in common on a case contradict each other (the format
    // asks tools to check that): a fault of the package, whatever the submission got.
    for (index, run) in runs.iter().enumerate() {
        let lists: Vec<(&Rule, &Vec<Ruling>)> = rules
            .iter()
            .filter(|rule| rule.covers(&run.label))
            .filter_map(|rule| rule.permitted.as_ref().map(|list| (rule, list)))
            .collect();
        for (at, (first, one)) in lists.iter().enumerate() {
            if let Some((second, _)) = lists[at + 1..]
                .iter()
                .find(|(_, other)| !one.iter().any(|ruling| other.contains(ruling)))
            {
                return Some(Broken {
                    why: format!(
                        "{} and {} permit no verdict in common on {}",
                        first.named(),
                        second.named(),
                        run.label
                    ),
                    case: Some(index),
                    with_detail: true,
                    group: None,
                });
            }
        }
    }
    for rule in rules {
        let Some(permitted) = &rule.permitted else {
            continue;
        };
        let outside = covered(rule)
            .into_iter()
            .find(|&index| verdict(rule, &runs[index]).is_some_and(|got| !in_list(got, permitted)));
        if let Some(index) = outside {
            let got = verdict(rule, &runs[index]).map_or("JE", |got| got.name(Rules::Kattis));
            return Some(Broken {
                why: format!(
                    "{}: permitted {}, but {} got {got}",
                    rule.named(),
                    verdict_names(permitted),
                    runs[index].label
                ),
                case: Some(index),
                with_detail: true,
                group: None,
            });
        }
    }
    for rule in rules {
        let covered = covered(rule);
        if covered.is_empty() && rule.cases.is_some() {
            return Some(Broken {
                why: format!("{} matches no case that ran", rule.named()),
                case: None,
                with_detail: false,
                group: rule.cases.clone(),
            });
        }
        let Some(required) = &rule.required else {
            continue;
        };
        let hit = covered
            .iter()
            .any(|&index| verdict(rule, &runs[index]).is_some_and(|got| in_list(got, required)));
        if !hit {
            let slowest = covered.iter().copied().max_by_key(|&index| runs[index].cpu);
            return Some(Broken {
                why: format!(
                    "{}: required {} on one case, but none of its {} got it{}",
                    rule.named(),
                    verdict_names(required),
                    covered.len(),
                    match high(rule) && under == Under::Limit {
                        true => " (under the higher limit, as an upper bound of the time limit)",
                        false => "",
                    }
                ),
                case: slowest,
                with_detail: false,
                group: match slowest {
                    Some(_) => None,
                    None => rule.cases.clone(),
                },
            });
        }
    }
    None
}

/// Whether the case just run decides the submission fails: its verdict, under the limit and
/// under the higher one, is outside a `permitted` list of a rule that covers it (or a judge
/// error). Later cases need not run then.
pub fn breaks_a_rule(rules: &[Rule], run: &CaseRun, limits: &TimeLimits) -> bool {
    let Some(ruling) = run.ruling else {
        return true;
    };
    let low = within(run, limits).unwrap_or(ruling);
    rules
        .iter()
        .filter(|rule| rule.covers(&run.label))
        .any(|rule| {
            rule.permitted
                .as_ref()
                .is_some_and(|permitted| !in_list(ruling, permitted) && !in_list(low, permitted))
        })
}

/// The verdicts a run got under the time limit, each once, in the format's order: `AC,WA`.
pub fn got(runs: &[CaseRun], limits: &TimeLimits) -> String {
    let seen: Vec<Ruling> = runs.iter().filter_map(|run| within(run, limits)).collect();
    let names: Vec<&str> = [
        Ruling::Accepted,
        Ruling::WrongAnswer,
        Ruling::TimeLimit,
        Ruling::RunError,
    ]
    .into_iter()
    .filter(|listed| seen.iter().any(|got| got.meets(*listed, Rules::Kattis)))
    .map(|listed| listed.name(Rules::Kattis))
    .collect();
    match names.is_empty() {
        true => "-".to_string(),
        false => names.join(","),
    }
}

/// The slowest case among those the rules bounding the time limit from below cover: the time
/// the time limit is set from.
pub fn lower_bound_time(rules: &[Rule], runs: &[CaseRun]) -> Option<Duration> {
    runs.iter()
        .filter(|run| {
            rules
                .iter()
                .any(|rule| rule.is_lower_bound() && rule.covers(&run.label))
        })
        .map(|run| run.cpu)
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::submissions_yaml::SubmissionsYaml;
    use Ruling::*;

    fn run(label: &str, ruling: Ruling, ms: u64) -> CaseRun {
        CaseRun {
            label: label.to_string(),
            ruling: Some(ruling),
            cpu: Duration::from_millis(ms),
            detail: String::new(),
        }
    }

    const LIMITS: TimeLimits = TimeLimits {
        limit: Duration::from_secs(1),
        high: Duration::from_secs(2),
    };

    fn rules(text: &str, path: &str) -> Vec<Rule> {
        SubmissionsYaml::parse(text).unwrap().said_of(path).rules
    }

    #[test]
    fn every_case_must_be_permitted_and_one_must_be_required() {
        let wrong = rules("", "wrong_answer/w.py");
        let runs = [
            run("sample/1", Accepted, 10),
            run("secret/1", WrongAnswer, 10),
        ];
        assert_eq!(first_broken(&wrong, &runs, &LIMITS, Under::Limit), None);
        // All accepted: the required WA is missing.
        // The case named is the slowest the rule covers, whose verdict is not the required one.
        let runs = [run("sample/1", Accepted, 10), run("secret/1", Accepted, 20)];
        let broken = first_broken(&wrong, &runs, &LIMITS, Under::Limit).unwrap();
        assert_eq!(
            broken.why,
            "the default rule of wrong_answer/: required WA on one case, but none of its 2 got it"
        );
        assert_eq!((broken.case, broken.with_detail), (Some(1), false));
        // A crash is not permitted; a memory limit counts as a crash.
        let runs = [
            run("sample/1", MemoryLimit, 10),
            run("secret/1", WrongAnswer, 10),
        ];
        let broken = first_broken(&wrong, &runs, &LIMITS, Under::Limit).unwrap();
        assert_eq!(
            broken.why,
            "the default rule of wrong_answer/: permitted AC,WA, but sample/1 got RTE"
        );
        assert_eq!((broken.case, broken.with_detail), (Some(0), true));
        assert!(breaks_a_rule(&wrong, &runs[0], &LIMITS));
        assert!(!breaks_a_rule(&wrong, &runs[1], &LIMITS));
    }

    #[test]
    fn a_slow_case_is_a_time_out_under_the_limit_and_an_upper_bound_is_judged_under_the_higher() {
        let accepted = rules("", "accepted/a.py");
        let runs = [run("secret/1", Accepted, 1500)];
        assert!(first_broken(&accepted, &runs, &LIMITS, Under::Limit)
            .unwrap()
            .why
            .ends_with("secret/1 got TLE"));
        assert_eq!(first_broken(&accepted, &runs, &LIMITS, Under::Higher), None);
        assert_eq!(got(&runs, &LIMITS), "TLE");
        // A TLE submission that only ran 1.5 s, inside the higher limit: its required TLE is
        // not met, under the limit too.
        let slow = rules("", "time_limit_exceeded/t.py");
        let why = first_broken(&slow, &runs, &LIMITS, Under::Limit)
            .unwrap()
            .why;
        assert!(
            why.contains("required TLE") && why.contains("higher limit"),
            "{why}"
        );
        let runs = [run("secret/1", TimeLimit, 2000)];
        assert_eq!(first_broken(&slow, &runs, &LIMITS, Under::Limit), None);
    }

    #[test]
    fn a_group_rule_covers_its_cases_only_and_one_that_covers_none_is_broken() {
        let text = "accepted/a.py:\n  secret/g1:\n    permitted: [AC]\nwrong_answer/w.py:\n  secret/g2:\n    required: [WA]\n  secret/nine:\n    permitted: [AC]\n";
        let runs = [
            run("secret/g1/1", Accepted, 10),
            run("secret/g2/1", WrongAnswer, 10),
        ];
        // accepted/a.py: its default rule (every case AC) fails on g2 whatever g1 says.
        let why = first_broken(&rules(text, "accepted/a.py"), &runs, &LIMITS, Under::Limit)
            .unwrap()
            .why;
        assert!(why.starts_with("the default rule of accepted/"), "{why}");
        let broken = first_broken(
            &rules(text, "wrong_answer/w.py"),
            &runs,
            &LIMITS,
            Under::Limit,
        )
        .unwrap();
        assert_eq!(
            broken.why,
            "submissions.yaml \"wrong_answer/w.py\", secret/nine matches no case that ran"
        );
        // No case shows it: the group itself is named.
        assert_eq!(broken.case, None);
        assert_eq!(broken.group.as_deref(), Some("secret/nine"));
        // A group's required verdict missing: the case named is the group's, not another's.
        let runs = [
            run("secret/g1/1", Accepted, 90),
            run("secret/g2/1", Accepted, 10),
            run("secret/g2/2", Accepted, 30),
        ];
        let broken = first_broken(
            &rules(
                "accepted/a.py:\n  secret/g2:\n    required: [WA]\n",
                "accepted/a.py",
            ),
            &runs,
            &LIMITS,
            Under::Limit,
        )
        .unwrap();
        assert!(broken.why.contains("secret/g2: required WA"), "{broken:?}");
        assert_eq!(broken.case, Some(2));
        let lower = rules("", "wrong_answer/w.py");
        assert_eq!(
            lower_bound_time(&lower, &[run("a", Accepted, 30), run("b", WrongAnswer, 70)]),
            Some(Duration::from_millis(70))
        );
        // Two permitted lists with nothing in common on a case: the rules contradict.
        let both = rules(
            "accepted/a.py:\n  secret/*:\n    permitted: [WA]\n",
            "accepted/a.py",
        );
        let broken = first_broken(&both, &runs, &LIMITS, Under::Limit).unwrap();
        assert_eq!(
            broken.why,
            "the default rule of accepted/ and submissions.yaml \"accepted/a.py\", secret/* permit no verdict in common on secret/g1/1"
        );
        assert_eq!(broken.case, Some(0));
        let none = rules(
            "wrong_answer:\n  use_for_time_limit: false\n",
            "wrong_answer/w.py",
        );
        assert_eq!(lower_bound_time(&none, &[run("a", Accepted, 30)]), None);
    }
}
