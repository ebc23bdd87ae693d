//! What the judge knows about each problem of `src/bin`, in one table: its input validator, its
//! built-in generator (the problems with an input of their own), the built-in opponent that
//! judges it (the interactive ones, which `judge play` also pits a person against), and how
//! `judge stress` gets the expected output its checker wants. `validate`, `stress` and `play`
//! look a problem up here, never by its name in their own code. `build` builds the solvers.

pub mod build;
pub mod generators;
pub mod project;
pub mod validators;

use crate::cases::BuiltIn;
use generators::Generator;
use validators::Validator;

/// What a checker of the problem is given as the expected output in `judge stress`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StressExpected {
    /// The reference's output.
    ReferenceOutput,
    /// The exact score of every legal move (othello_endgame's `.out` format), which the
    /// reference works out one child position at a time.
    MoveScores,
}

/// One problem: a solver in `src/bin` and what the judge has for it.
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    /// The solver's name (`src/bin/NAME.rs`, `cases/NAME/`).
    pub name: &'static str,
    /// Whether a case input is one the real judge can give.
    pub validator: Validator,
    /// Seeded inputs for `judge stress`; `None` for an interactive problem.
    pub generator: Option<Generator>,
    /// The built-in opponent of an interactive problem: it judges the cases, and `judge play`
    /// puts a person in its place against the solver.
    pub opponent: Option<BuiltIn>,
    pub stress_expected: StressExpected,
}

/// Every problem, by name.
pub const PROBLEMS: [Problem; 7] = [
    Problem {
        name: "board_winner",
        validator: validators::board_winner::validate,
        generator: Some(generators::board_winner),
        opponent: None,
        stress_expected: StressExpected::ReferenceOutput,
    },
    Problem {
        name: "move_values",
        validator: validators::move_values::validate,
        generator: Some(generators::move_values),
        opponent: None,
        stress_expected: StressExpected::ReferenceOutput,
    },
    Problem {
        name: "othello_endgame",
        validator: validators::othello_endgame::validate,
        generator: Some(generators::othello_endgame),
        opponent: None,
        stress_expected: StressExpected::MoveScores,
    },
    Problem {
        name: "othello_player",
        validator: validators::othello_player::validate,
        generator: None,
        opponent: Some(BuiltIn::Othello),
        stress_expected: StressExpected::ReferenceOutput,
    },
    Problem {
        name: "perfect_play",
        validator: validators::perfect_play::validate,
        generator: Some(generators::perfect_play),
        opponent: None,
        stress_expected: StressExpected::ReferenceOutput,
    },
    Problem {
        name: "tic_tac_toe_player",
        validator: validators::tic_tac_toe_player::validate,
        generator: None,
        opponent: Some(BuiltIn::TicTacToe),
        stress_expected: StressExpected::ReferenceOutput,
    },
    Problem {
        name: "weighted_tic_tac_toe",
        validator: validators::weighted_tic_tac_toe::validate,
        generator: Some(generators::weighted_tic_tac_toe),
        opponent: None,
        stress_expected: StressExpected::ReferenceOutput,
    },
];

/// The problem of the solver `name`, if the judge knows it.
pub fn problem(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|problem| problem.name == name)
}

/// The validator of the solver `name`, if it has one.
pub fn validator(name: &str) -> Option<Validator> {
    problem(name).map(|problem| problem.validator)
}

/// The problem a person plays against in `judge play`: the one judged by `opponent`.
pub fn played_against(opponent: BuiltIn) -> Option<&'static Problem> {
    PROBLEMS
        .iter()
        .find(|problem| problem.opponent == Some(opponent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn every_solver_is_in_the_table_and_every_entry_is_a_solver() {
        let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bin");
        let solvers = crate::cases::solvers::solver_names(&bin).unwrap();
        let table: Vec<&str> = PROBLEMS.iter().map(|problem| problem.name).collect();
        assert_eq!(solvers, table);
    }

    #[test]
    fn a_problem_has_a_generator_or_an_opponent_never_both() {
        for problem in PROBLEMS {
            assert!(
                problem.generator.is_some() != problem.opponent.is_some(),
                "{}",
                problem.name
            );
        }
        for opponent in BuiltIn::ALL {
            assert_eq!(played_against(opponent).unwrap().opponent, Some(opponent));
        }
    }
}
