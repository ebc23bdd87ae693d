//! Shrinking a failing input: pure logic over a predicate ("does this input still fail, and is
//! it valid?"), with no process in sight.
//!
//! The input is whitespace-separated tokens in lines. One pass, largest reductions first:
//! 1. drop runs of whole lines, the longest runs (a power of two) first;
//! 2. in the first pass only, the numbers coarsely (skipped by [`Strategy::NeighboursOnly`]):
//!    groups of them set to 0 at once, all first, then halves of them, quarters, down to one
//!    (as delta debugging drops parts); then all of them scaled toward 0 together (by 1/2,
//!    else 3/4 or 7/8; else halves of them, quarters, … pairs, by 1/2) while that keeps the
//!    failure: ratios and signs survive, so `a > b + c` does, and a ten-digit grid is small in
//!    a few dozen runs; then groups to 0 again;
//! 3. each number, then each pair of numbers together, lowered toward 0 by the largest step
//!    that keeps the failure (see `Shrinker::lower`): a single number to 0 first; then by 1,
//!    which losing the failure ends it; else a binary search for the step (a pair's by
//!    doubling first, as a pair seldom goes far), about 32 runs for a ten-digit number rather
//!    than one per power of two and per neighbour (a pair moved together keeps its
//!    difference, or its sum when the signs differ, so `a > b + c` or an odd sum survive);
//! 4. drop single tokens.
//!
//! Passes repeat until one changes nothing: the result is then locally minimal, no single step
//! (see [`neighbours`]) keeps the failure. Every accepted step lowers the number of lines, of
//! tokens or the sum of |numbers|, so it ends; `max_runs` bounds the predicate's runs. A
//! candidate is never run twice: what lost the failure once (or was refused) is not asked again.

use std::collections::HashSet;
use std::fmt;

/// An input as lines of whitespace-separated tokens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tokens {
    pub lines: Vec<Vec<String>>,
}

impl Tokens {
    /// Splits `text` into lines of tokens (blank lines kept as empty lines).
    pub fn parse(text: &str) -> Tokens {
        Tokens {
            lines: text
                .lines()
                .map(|line| line.split_whitespace().map(str::to_string).collect())
                .collect(),
        }
    }

    /// How many tokens each line holds: what a shrinker that must not change the input's
    /// shape keeps.
    pub fn shape(&self) -> Vec<usize> {
        self.lines.iter().map(Vec::len).collect()
    }

    /// The largest |number|, 0 when there is none.
    fn largest(&self) -> u64 {
        self.lines
            .iter()
            .flatten()
            .filter_map(|token| number(token))
            .map(i64::unsigned_abs)
            .max()
            .unwrap_or(0)
    }
}

impl fmt::Display for Tokens {
    /// Tokens joined by single spaces, each line ended by a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// A token's value when it is an integer written as Rust writes it (no `+`, no leading zeros),
/// so that changing it changes nothing else; i64::MIN is left alone (its |value| overflows).
fn number(token: &str) -> Option<i64> {
    token
        .parse::<i64>()
        .ok()
        .filter(|value| value.to_string() == token && *value != i64::MIN)
}

/// `value` moved toward 0 by `step`, stopping at 0.
fn toward_zero(value: i64, step: u64) -> i64 {
    let moved = value.unsigned_abs().saturating_sub(step) as i64;
    if value < 0 {
        -moved
    } else {
        moved
    }
}

/// What the predicate says of a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// It ran, and the input still fails (and is valid): keep it.
    Kept,
    /// It ran, and the failure is gone (or the input turned out invalid).
    Lost,
    /// Refused by the validator, before the program and the reference run: not counted as a
    /// run.
    Refused,
}

/// Which steps the shrinker takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// The coarse steps on the numbers first (groups to 0, scaling), then each number and
    /// each pair lowered as far as the failure lets it.
    CoarseFirst,
    /// Without the coarse steps: line runs, each number and pair lowered, tokens; the
    /// baseline the bench compares with.
    NeighboursOnly,
}

/// The result of shrinking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub input: Tokens,
    /// How many candidates ran (the predicate's `Kept` and `Lost` answers).
    pub runs: usize,
    /// Whether it ended by a pass that changed nothing (false: stopped at `max_runs`).
    pub minimal: bool,
}

/// The positions (line, token) of the numbers of an input.
fn number_positions(input: &Tokens) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (row, line) in input.lines.iter().enumerate() {
        for (column, token) in line.iter().enumerate() {
            if number(token).is_some() {
                found.push((row, column));
            }
        }
    }
    found
}

/// The moves of a step size, as the numbers each moves: every single number, then every pair.
fn move_plans(input: &Tokens) -> Vec<Vec<(usize, usize)>> {
    let positions = number_positions(input);
    let mut plans: Vec<Vec<(usize, usize)>> = positions.iter().map(|&p| vec![p]).collect();
    for (i, &first) in positions.iter().enumerate() {
        for &second in &positions[i + 1..] {
            plans.push(vec![first, second]);
        }
    }
    plans
}

/// `input` with the numbers at `plan` moved toward 0 by `step`; `None` when one of them is 0
/// (a pair with a 0 is a single move, tried already) or is no longer a number.
fn moved(input: &Tokens, plan: &[(usize, usize)], step: u64) -> Option<Tokens> {
    let mut candidate = input.clone();
    for &(row, column) in plan {
        let value = number(input.lines.get(row)?.get(column)?).filter(|&value| value != 0)?;
        candidate.lines[row][column] = toward_zero(value, step).to_string();
    }
    Some(candidate)
}

/// Every run of `length` lines dropped, from the first line on.
fn line_drops(input: &Tokens, length: usize) -> Vec<Tokens> {
    (0..input.lines.len().saturating_sub(length - 1))
        .step_by(length)
        .map(|start| {
            let mut candidate = input.clone();
            candidate.lines.drain(start..start + length);
            candidate
        })
        .collect()
}

/// The lengths of line runs to drop: powers of two from the largest at or below the line count
/// down to 1.
fn drop_lengths(input: &Tokens) -> Vec<usize> {
    let count = input.lines.len();
    if count == 0 {
        return Vec::new();
    }
    let top = 1 << (usize::BITS - 1 - count.leading_zeros());
    std::iter::successors(Some(top), |&length| (length > 1).then_some(length / 2)).collect()
}

/// `input` without its `index`-th token (counted over all lines), `None` past the last.
fn token_dropped(input: &Tokens, index: usize) -> Option<Tokens> {
    let mut before = 0;
    for (row, line) in input.lines.iter().enumerate() {
        if index < before + line.len() {
            let mut candidate = input.clone();
            candidate.lines[row].remove(index - before);
            return Some(candidate);
        }
        before += line.len();
    }
    None
}

/// Every single token dropped.
fn token_drops(input: &Tokens) -> Vec<Tokens> {
    (0..)
        .map_while(|index| token_dropped(input, index))
        .collect()
}

/// The smallest |number| at `plan` in `input`, when all are numbers and none is 0.
fn whole_step(input: &Tokens, plan: &[(usize, usize)]) -> Option<u64> {
    plan.iter()
        .map(|&(row, column)| number(input.lines.get(row)?.get(column)?).map(i64::unsigned_abs))
        .collect::<Option<Vec<u64>>>()?
        .into_iter()
        .min()
        .filter(|&whole| whole > 0)
}

/// Every input one step of the shrinker away from `input` (each line run dropped; each number
/// moved toward 0 by 1 and the whole way; each pair of them together by 1; each token
/// dropped): what "locally minimal" is measured against. (Where a step of 1 is refused, an odd
/// sum lost say, the shrinker tries 2 as well, and 1 or -1 for a number refused at 0.)
pub fn neighbours(input: &Tokens) -> Vec<Tokens> {
    let mut found = Vec::new();
    for length in drop_lengths(input) {
        found.extend(line_drops(input, length));
    }
    for plan in move_plans(input) {
        if let Some(whole) = whole_step(input, &plan) {
            let steps = match plan.len() {
                1 if whole > 1 => vec![1, whole],
                _ => vec![1],
            };
            found.extend(
                steps
                    .into_iter()
                    .filter_map(|step| moved(input, &plan, step)),
            );
        }
    }
    found.extend(token_drops(input));
    found
}

/// The coarse steps are taken while some |number| is above this; below it the single steps
/// alone are as quick and reach a smaller input.
const COARSE_ABOVE: u64 = 16;

/// The runs are used up.
struct OutOfRuns;

/// The shrinker's state: the input so far, the runs used, what was asked already, the
/// predicate, and how many candidates it asks about at once.
struct Shrinker<F> {
    current: Tokens,
    runs: usize,
    max_runs: usize,
    jobs: usize,
    /// Candidates that lost the failure or were refused: never asked again.
    asked: HashSet<Tokens>,
    /// Those of them that were refused.
    refused: HashSet<Tokens>,
    /// Whether the coarse steps are still to be taken: in the first pass only.
    coarse_first: bool,
    strategy: Strategy,
    check: F,
}

impl<F: Fn(&Tokens) -> Attempt + Sync> Shrinker<F> {
    /// Tries one candidate; true when it keeps the failure (and becomes the current input).
    fn try_candidate(&mut self, candidate: Tokens) -> Result<bool, OutOfRuns> {
        Ok(self.first_kept(vec![candidate])?.is_some())
    }

    /// Tries one candidate: whether it keeps the failure (and becomes the current input), or
    /// `None` when it is refused (now or before).
    fn ask(&mut self, candidate: Tokens) -> Result<Option<bool>, OutOfRuns> {
        let refused = |shrinker: &Self, candidate: &Tokens| shrinker.refused.contains(candidate);
        if refused(self, &candidate) {
            return Ok(None);
        }
        let key = candidate.clone();
        let kept = self.try_candidate(candidate)?;
        Ok(match kept || !refused(self, &key) {
            true => Some(kept),
            false => None,
        })
    }

    /// Asks about `candidates` (each built from the current input) in their order, as a
    /// shrinker asking one at a time would, and returns the index of the first that keeps the
    /// failure (it becomes the current input), or `None`. Those never asked before are run
    /// at once (at most `jobs` of them are given); the answers are then taken in order, so the
    /// runs counted, the inputs asked and the input kept are the same at any `jobs`: runs after
    /// the one kept were spent for nothing, and are not counted.
    fn first_kept(&mut self, candidates: Vec<Tokens>) -> Result<Option<usize>, OutOfRuns> {
        let fresh: Vec<bool> = candidates
            .iter()
            .enumerate()
            .map(|(index, candidate)| {
                *candidate != self.current
                    && !self.asked.contains(candidate)
                    && !candidates[..index].contains(candidate)
            })
            .collect();
        if fresh.contains(&true) && self.runs >= self.max_runs {
            return Err(OutOfRuns);
        }
        let check = &self.check;
        let answers: Vec<Option<Attempt>> = match candidates.len() {
            0 | 1 => candidates
                .iter()
                .zip(&fresh)
                .map(|(candidate, &fresh)| fresh.then(|| check(candidate)))
                .collect(),
            _ => std::thread::scope(|scope| {
                let running: Vec<_> = candidates
                    .iter()
                    .zip(&fresh)
                    .map(|(candidate, &fresh)| fresh.then(|| scope.spawn(move || check(candidate))))
                    .collect();
                running
                    .into_iter()
                    .map(|run| run.map(|run| run.join().unwrap_or(Attempt::Lost)))
                    .collect()
            }),
        };
        for (index, (candidate, answer)) in candidates.into_iter().zip(answers).enumerate() {
            let Some(answer) = answer else { continue };
            if self.runs >= self.max_runs {
                return Err(OutOfRuns);
            }
            match answer {
                Attempt::Refused => {
                    self.refused.insert(candidate.clone());
                    self.asked.insert(candidate);
                }
                Attempt::Lost => {
                    self.runs += 1;
                    self.asked.insert(candidate);
                }
                Attempt::Kept => {
                    self.runs += 1;
                    self.current = candidate;
                    return Ok(Some(index));
                }
            }
        }
        Ok(None)
    }

    /// How many candidates to build and ask about at once: `jobs`, but no more than the runs
    /// left.
    fn batch(&self) -> usize {
        self.jobs
            .clamp(1, self.max_runs.saturating_sub(self.runs).max(1))
    }

    /// The value of the number at `at` in the current input (0 when it is no longer one).
    fn value_at(&self, (row, column): (usize, usize)) -> i64 {
        number(&self.current.lines[row][column]).unwrap_or(0)
    }

    /// Groups of the nonzero numbers set to 0 at once: all, then halves, quarters, … singles.
    fn zero_groups(&mut self) -> Result<bool, OutOfRuns> {
        let mut changed = false;
        let mut size = number_positions(&self.current).len().max(1);
        loop {
            let nonzero: Vec<(usize, usize)> = number_positions(&self.current)
                .into_iter()
                .filter(|&at| self.value_at(at) != 0)
                .collect();
            let groups: Vec<&[(usize, usize)]> = nonzero.chunks(size).collect();
            let mut next = 0;
            while next < groups.len() {
                // Each group set to 0 in the current input: a kept one is built on.
                let candidates: Vec<Tokens> = groups[next..]
                    .iter()
                    .take(self.batch())
                    .map(|group| {
                        let mut candidate = self.current.clone();
                        for &(row, column) in group.iter() {
                            candidate.lines[row][column] = "0".to_string();
                        }
                        candidate
                    })
                    .collect();
                let asked = candidates.len();
                match self.first_kept(candidates)? {
                    Some(index) => {
                        changed = true;
                        next += index + 1;
                    }
                    None => next += asked,
                }
            }
            if size == 1 {
                return Ok(changed);
            }
            size = (size + 1) / 2;
        }
    }

    /// The numbers above 1 in size scaled toward 0 while that keeps the failure: all of them
    /// by 1/2, else 3/4, else 7/8; else halves of them by 1/2, then quarters, down to pairs;
    /// after each kept step, all of them by 1/2 again. Scaling keeps ratios and signs, so
    /// relations such as `a > b + c` survive it. True when a step was kept.
    fn scale_numbers(&mut self) -> Result<bool, OutOfRuns> {
        let mut changed = false;
        'scaling: loop {
            for (numerator, denominator) in [(1, 2), (3, 4), (7, 8)] {
                let large = self.large_numbers();
                if !large.is_empty() && self.scale_group(&large, numerator, denominator)? {
                    changed = true;
                    continue 'scaling;
                }
            }
            let large = self.large_numbers();
            let mut size = large.len() / 2;
            while size >= 2 {
                for group in large.chunks(size) {
                    if self.scale_group(group, 1, 2)? {
                        changed = true;
                        continue 'scaling;
                    }
                }
                size /= 2;
            }
            return Ok(changed);
        }
    }

    /// The numbers above 1 in size at `group` scaled by `numerator / denominator` (toward 0)
    /// at once; when that is refused (an odd sum lost, say), the same with one of them a step
    /// further from 0, each refusal free; one that runs and loses ends the try.
    fn scale_group(
        &mut self,
        group: &[(usize, usize)],
        numerator: i64,
        denominator: i64,
    ) -> Result<bool, OutOfRuns> {
        let mut scaled = self.current.clone();
        for &(row, column) in group {
            let value = number(&scaled.lines[row][column]).unwrap_or(0);
            let value = (value as i128 * numerator as i128 / denominator as i128) as i64;
            scaled.lines[row][column] = value.to_string();
        }
        let before = self.runs;
        for variant in std::iter::once(None).chain(group.iter().copied().map(Some)) {
            let mut candidate = scaled.clone();
            if let Some((row, column)) = variant {
                let value = number(&candidate.lines[row][column]).unwrap_or(0);
                candidate.lines[row][column] = (value + value.signum()).to_string();
            }
            if self.try_candidate(candidate)? {
                return Ok(true);
            }
            if self.runs > before {
                return Ok(false);
            }
        }
        Ok(false)
    }

    /// The positions of the numbers above 1 in size.
    fn large_numbers(&self) -> Vec<(usize, usize)> {
        number_positions(&self.current)
            .into_iter()
            .filter(|&at| self.value_at(at).unsigned_abs() > 1)
            .collect()
    }

    /// The numbers at `plan` moved toward 0 together by the largest step that keeps the
    /// failure: a single number the whole way first (to 0); then by 1 (by 2 when 1 is
    /// refused, an odd sum lost, say), which failing to keep ends it (no step keeps it, as far
    /// as the shrinker can tell without trying them all); a pair then the whole way (the
    /// smaller of the two to 0); then a binary search between the step kept and the one lost,
    /// a refused step tried one further. So a number of ten digits takes about 32 runs, not
    /// one per power of two and per neighbour, and a pair that no step of 1 or 2 helps costs
    /// one run or two. True when a step was kept.
    fn lower(&mut self, plan: &[(usize, usize)]) -> Result<bool, OutOfRuns> {
        let base = self.current.clone();
        let Some(whole) = whole_step(&base, plan) else {
            return Ok(false);
        };
        let try_step = |shrinker: &mut Self, step: u64| match moved(&base, plan, step) {
            Some(candidate) => shrinker.ask(candidate),
            None => Ok(None),
        };
        if plan.len() == 1 {
            // The whole way, else (refused: an odd sum lost, say) to 1 or -1.
            match try_step(self, whole)? {
                Some(true) => return Ok(true),
                None if whole > 1 && try_step(self, whole - 1)? == Some(true) => return Ok(true),
                _ => {}
            }
        }
        // The smallest step that is not refused, and whether it keeps the failure.
        let mut kept = 0;
        for step in [1, 2].into_iter().filter(|&step| step <= whole) {
            if step == whole && plan.len() == 1 {
                break; // tried first
            }
            match try_step(self, step)? {
                Some(true) => {
                    kept = step;
                    break;
                }
                Some(false) => return Ok(false),
                None => continue,
            }
        }
        if kept == 0 {
            return Ok(false);
        }
        if plan.len() > 1 && kept < whole && try_step(self, whole)? == Some(true) {
            return Ok(true);
        }
        // Kept at `kept`, lost (or refused) at `whole`. A pair seldom goes far (a single
        // move has gone as far as it could): steps twice as long until one loses.
        let mut lost = whole;
        if plan.len() > 1 {
            while kept * 2 < lost {
                match try_step(self, kept * 2)? {
                    Some(true) => kept *= 2,
                    _ => lost = kept * 2,
                }
            }
        }
        while lost - kept > 1 {
            let middle = kept + (lost - kept) / 2;
            let mut answer = try_step(self, middle)?;
            let mut tried = middle;
            if answer.is_none() && middle + 1 < lost {
                tried = middle + 1;
                answer = try_step(self, tried)?;
            }
            match answer {
                Some(true) => kept = tried,
                _ => lost = middle,
            }
        }
        Ok(true)
    }

    /// One pass (line runs, the numbers coarsely, moves, tokens); true when it changed the
    /// input.
    fn pass(&mut self) -> Result<bool, OutOfRuns> {
        let mut changed = false;
        for length in drop_lengths(&self.current) {
            let mut start = 0;
            while start + length <= self.current.lines.len() {
                // The runs from `start` on dropped from the current input; one kept is built on
                // at the same place.
                let candidates: Vec<Tokens> = (start..=self.current.lines.len() - length)
                    .step_by(length)
                    .take(self.batch())
                    .map(|from| {
                        let mut candidate = self.current.clone();
                        candidate.lines.drain(from..from + length);
                        candidate
                    })
                    .collect();
                let asked = candidates.len();
                match self.first_kept(candidates)? {
                    Some(index) => {
                        changed = true;
                        start += index * length;
                    }
                    None => start += asked * length,
                }
            }
        }
        if self.strategy == Strategy::CoarseFirst
            && self.coarse_first
            && self.current.largest() > COARSE_ABOVE
        {
            changed |= self.zero_groups()?;
            changed |= self.scale_numbers()?;
            changed |= self.zero_groups()?;
            // Taken in the first pass only: the single steps finish the work.
            self.coarse_first = false;
        }
        // Each number, then each pair of them, lowered as far as the failure lets it; the
        // plans keep the positions of the numbers, so each is applied to the current input.
        for plan in move_plans(&self.current) {
            changed |= self.lower(&plan)?;
        }
        let mut index = 0;
        loop {
            // The tokens from `index` on dropped from the current input; one kept is built on
            // at the same place.
            let candidates: Vec<Tokens> = (index..)
                .map_while(|at| token_dropped(&self.current, at))
                .take(self.batch())
                .collect();
            if candidates.is_empty() {
                break;
            }
            let asked = candidates.len();
            match self.first_kept(candidates)? {
                Some(kept) => {
                    changed = true;
                    index += kept;
                }
                None => index += asked,
            }
        }
        Ok(changed)
    }
}

/// Shrinks `start` (which fails) while `check` keeps the failure, running it at most
/// `max_runs` times, asking about up to `jobs` candidates at once (the result and the runs
/// counted are the same at any `jobs`).
pub fn shrink(
    start: Tokens,
    max_runs: usize,
    jobs: usize,
    check: impl Fn(&Tokens) -> Attempt + Sync,
) -> Shrunk {
    shrink_with(Strategy::CoarseFirst, start, max_runs, jobs, check)
}

/// As [`shrink`], with the steps `strategy` names.
pub fn shrink_with(
    strategy: Strategy,
    start: Tokens,
    max_runs: usize,
    jobs: usize,
    check: impl Fn(&Tokens) -> Attempt + Sync,
) -> Shrunk {
    let mut shrinker = Shrinker {
        current: start,
        runs: 0,
        max_runs,
        jobs: jobs.max(1),
        asked: HashSet::new(),
        refused: HashSet::new(),
        coarse_first: true,
        strategy,
        check,
    };
    let minimal = loop {
        match shrinker.pass() {
            Ok(true) => continue,
            Ok(false) => break true,
            Err(OutOfRuns) => break false,
        }
    };
    Shrunk {
        input: shrinker.current,
        runs: shrinker.runs,
        minimal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three numbers on one line, or `None`.
    fn three(input: &Tokens) -> Option<[i64; 3]> {
        match input.lines.as_slice() {
            [line] if line.len() == 3 => {
                let values: Vec<i64> = line.iter().filter_map(|t| t.parse().ok()).collect();
                values.try_into().ok()
            }
            _ => None,
        }
    }

    /// Fails while a > b + c; valid while there are three numbers with an odd sum.
    fn a_above_b_plus_c(input: &Tokens) -> Attempt {
        match three(input) {
            Some([a, b, c]) if (a + b + c) % 2 != 0 => {
                if a > b + c {
                    Attempt::Kept
                } else {
                    Attempt::Lost
                }
            }
            _ => Attempt::Refused,
        }
    }

    fn assert_locally_minimal(input: &Tokens, check: impl Fn(&Tokens) -> Attempt) {
        for neighbour in neighbours(input) {
            assert_ne!(
                check(&neighbour),
                Attempt::Kept,
                "{input} is not minimal: {neighbour} still fails"
            );
        }
    }

    #[test]
    fn a_relation_and_an_odd_sum_survive_and_the_numbers_become_small() {
        let start = Tokens::parse("1000000000 123456789 -876543210\n");
        assert_eq!(a_above_b_plus_c(&start), Attempt::Kept);
        let shrunk = shrink(start, 10_000, 1, a_above_b_plus_c);
        assert!(shrunk.minimal);
        let [a, b, c] = three(&shrunk.input).unwrap();
        assert!(a > b + c && (a + b + c) % 2 != 0, "{}", shrunk.input);
        assert!(
            a.abs() <= 1 && b.abs() <= 1 && c.abs() <= 1,
            "{}",
            shrunk.input
        );
        assert_locally_minimal(&shrunk.input, a_above_b_plus_c);
        assert!(shrunk.runs < 1000, "{} runs", shrunk.runs);
    }

    #[test]
    fn a_pair_moved_together_keeps_a_difference_single_moves_cannot() {
        // Fails only when a - b == 7 exactly: no single move keeps it, a pair move does.
        let check = |input: &Tokens| match three(input) {
            Some([a, b, _]) if a - b == 7 => Attempt::Kept,
            Some(_) => Attempt::Lost,
            None => Attempt::Refused,
        };
        let shrunk = shrink(Tokens::parse("1007 1000 5\n"), 10_000, 1, check);
        assert_eq!(shrunk.input.to_string(), "7 0 0\n");
        assert_locally_minimal(&shrunk.input, check);
    }

    #[test]
    fn a_sum_past_a_bound_ends_at_the_bound() {
        // Fails while a + b >= 100, as a sum past 2^31 - 1 does in a 32-bit integer. By hand:
        // all to 0 and the halves lose, but c alone to 0 keeps (70 80 0); a or b alone to 0
        // loses; scaled by 1/2 (75) loses, by 3/4 (52 60, 112) keeps, then 1/2 (56), 3/4 (84)
        // and 7/8 (45 52, 97) lose. Lowered: 52 to 0 loses, by 1 keeps, and the binary search
        // between 1 and 52 keeps 12 (40 60, 100) and loses 13; 60 to 0 or 59 loses, and the
        // pair by 1 (39 59) loses: 40 60 0, where every step loses.
        let check = |input: &Tokens| match three(input) {
            Some([a, b, _]) if a + b >= 100 => Attempt::Kept,
            Some(_) => Attempt::Lost,
            None => Attempt::Refused,
        };
        let shrunk = shrink(Tokens::parse("70 80 5\n"), 10_000, 1, check);
        assert_eq!(shrunk.input.to_string(), "40 60 0\n");
        assert!(shrunk.minimal);
        assert_locally_minimal(&shrunk.input, check);
        let neighbours: Vec<String> = neighbours(&shrunk.input)
            .iter()
            .map(Tokens::to_string)
            .collect();
        assert_eq!(
            neighbours,
            [
                "",
                "39 60 0\n",
                "0 60 0\n",
                "40 59 0\n",
                "40 0 0\n",
                "39 59 0\n",
                "60 0\n",
                "40 0\n",
                "40 60\n"
            ]
        );
    }

    #[test]
    fn lines_and_tokens_are_dropped_but_never_to_an_invalid_input() {
        let mut text = String::new();
        for line in 0..20 {
            text.push_str(&format!("a{line} b{line}\n"));
        }
        text.push_str("x bug y\n");
        // Fails while some token is "bug"; the empty input is invalid.
        let check = |input: &Tokens| {
            if input.lines.iter().all(Vec::is_empty) {
                Attempt::Refused
            } else if input.lines.iter().flatten().any(|t| t == "bug") {
                Attempt::Kept
            } else {
                Attempt::Lost
            }
        };
        let shrunk = shrink(Tokens::parse(&text), 10_000, 1, check);
        assert_eq!(shrunk.input.to_string(), "bug\n");
        assert!(shrunk.minimal);
        assert_locally_minimal(&shrunk.input, check);
    }

    #[test]
    fn passes_repeat_until_one_changes_nothing() {
        // The number may shrink only once the word before it is gone, which the first pass's
        // last phase does: a second pass is needed.
        let check = |input: &Tokens| {
            let tokens: Vec<&String> = input.lines.iter().flatten().collect();
            match tokens.as_slice() {
                [word, n] if *word == "x" => match n.parse::<i64>() {
                    Ok(8) => Attempt::Kept,
                    _ => Attempt::Lost,
                },
                [n] => match n.parse::<i64>() {
                    Ok(value) if value >= 1 => Attempt::Kept,
                    Ok(_) => Attempt::Lost,
                    Err(_) => Attempt::Refused,
                },
                _ => Attempt::Refused,
            }
        };
        let shrunk = shrink(Tokens::parse("x 8\n"), 100, 1, check);
        assert_eq!(
            (shrunk.input.to_string().as_str(), shrunk.minimal),
            ("1\n", true)
        );
        assert_locally_minimal(&shrunk.input, check);
    }

    #[test]
    fn the_runs_are_bounded_and_counted_refusals_are_free() {
        // Six positive numbers on a line fail: dozens of moves would keep it.
        let six = |input: &Tokens| match input.lines.as_slice() {
            [line] if line.len() == 6 && line.iter().all(|t| t.parse::<i64>().unwrap() > 0) => {
                Attempt::Kept
            }
            _ => Attempt::Refused,
        };
        for jobs in [1, 4] {
            let shrunk = shrink(Tokens::parse("1000 2000 3000 4 5 6\n"), 10, jobs, six);
            assert_eq!((shrunk.runs, shrunk.minimal), (10, false), "-j {jobs}");
        }
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let shrunk = shrink(Tokens::parse("5 6\n"), 3, 1, |_| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Attempt::Refused
        });
        let calls = calls.into_inner();
        assert_eq!(shrunk.runs, 0);
        assert!(shrunk.minimal && calls > 3, "{calls} calls");
        assert_eq!(shrunk.input.to_string(), "5 6\n");
    }

    #[test]
    fn any_number_of_jobs_gives_the_same_input_in_the_same_runs() {
        // Candidates asked at once are taken in their order: the first kept wins, and the
        // runs after it are not counted, so nothing depends on how many ran together.
        let odd_sum = |input: &Tokens| match three(input) {
            Some([a, b, c]) if a > b + c && (a + b + c) % 2 == 1 => Attempt::Kept,
            Some(_) => Attempt::Lost,
            None => Attempt::Refused,
        };
        for start in ["1007 1000 5\n", "9999 17 3\n", "123456789 1 1\n"] {
            let one = shrink(Tokens::parse(start), 10_000, 1, odd_sum);
            for jobs in [2, 3, 8] {
                assert_eq!(
                    shrink(Tokens::parse(start), 10_000, jobs, odd_sum),
                    one,
                    "{start} -j {jobs}"
                );
            }
            // Out of runs midway, too.
            let cut = shrink(Tokens::parse(start), 7, 1, odd_sum);
            assert_eq!(shrink(Tokens::parse(start), 7, 5, odd_sum), cut, "{start}");
        }
    }

    #[test]
    fn moves_stop_at_zero_and_lines_drop_in_powers_of_two() {
        assert_eq!(
            (toward_zero(5, 8), toward_zero(-5, 4), toward_zero(-5, 1)),
            (0, -1, -4)
        );
        assert_eq!(drop_lengths(&Tokens::parse("a\nb\nc\n")), vec![2, 1]);
    }

    #[test]
    fn the_neighbours_are_the_drops_and_the_moves_by_1_and_the_whole_way() {
        let texts: Vec<String> = neighbours(&Tokens::parse("5 -3\n"))
            .iter()
            .map(Tokens::to_string)
            .collect();
        let expected = [
            "", // the one line dropped
            "4 -3\n", "0 -3\n", // 5 by 1 and 5
            "5 -2\n", "5 0\n",  // -3 by 1 and 3
            "4 -2\n", // both by 1
            "-3\n", "5\n", // each token dropped
        ];
        assert_eq!(texts, expected);
        // A 1 moved by 1 is at 0; a pair with a 0 is no pair.
        let texts: Vec<String> = neighbours(&Tokens::parse("1 0\n"))
            .iter()
            .map(Tokens::to_string)
            .collect();
        assert_eq!(texts, ["", "0 0\n", "0\n", "1\n"]);
    }
}
