//! `cargo bench`: how fast the solvers and the judge are, each against a baseline measured in
//! the same run (a floor process, a plain search, the solver run directly).
//!
//! Each measurement runs 7 times; the tables show the median, min and max and the ratio of the
//! medians. Inputs come from fixed seeds. Nothing here asserts a time: the bench prints, and
//! `cargo test` checks behaviour. `cargo bench -- othello` (or `solvers`, `weighted`, `judge`, `relay`,
//! `shrink`, `stress_generic`, `win_rates`, `verify`) runs one part; `cargo bench --bench speed -- othello-deep`
//! (the FFO positions #45-#59, hours), `cargo bench --bench speed -- othello-threads` (two threads against
//! one on #45-#49, minutes) and `cargo bench --bench speed -- othello-edax --edax PATH` (against Edax, node
//! for node, minutes) run only when named, as do `cargo bench --bench speed -- othello-fit` (fits the Othello
//! evaluation's weights and prints them, about 20 minutes) and `cargo bench --bench speed -- othello-selfplay`
//! (othello_player's midgame against the one before it, 644 games, about a minute).

#[path = "../../tests/common/mod.rs"]
mod common;
mod judge;
mod measure;
mod othello;
mod othello_deep;
mod othello_edax;
mod othello_fit;
mod othello_selfplay;
mod othello_threads;
mod relay;
mod shrink;
mod solvers;
mod stress_generic;
mod verify;
mod win_rates;
// The solver files themselves, for othello_endgame's `solve` and othello_player's midgame (their
// unit tests are compiled out here, hence the allow).
#[path = "../../src/bin/othello_endgame.rs"]
#[allow(dead_code, unused_imports)]
mod othello_endgame;
#[path = "../../src/bin/othello_player.rs"]
#[allow(dead_code, unused_imports)]
mod othello_player;
#[path = "../../src/bin/weighted_tic_tac_toe.rs"]
#[allow(dead_code, unused_imports)]
mod weighted_tic_tac_toe;

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if arguments.iter().any(|argument| argument == "--list") {
        return; // `cargo test --benches` asks for a list of benchmarks: there is none to give
    }
    if let [flag, line] = &arguments[..] {
        if flag == "--othello-deep-one" {
            return othello_deep::solve_one(line); // one deep position, in a process of its own
        }
    }
    // Opt-in only: they take hours and minutes.
    if arguments.iter().any(|argument| argument == "othello-deep") {
        return othello_deep::bench(&arguments);
    }
    if arguments.iter().any(|argument| argument == "othello-fit") {
        return othello_fit::bench(&arguments);
    }
    if arguments
        .iter()
        .any(|argument| argument == "othello-selfplay")
    {
        return othello_selfplay::bench(&arguments);
    }
    if arguments.iter().any(|argument| argument == "othello-edax") {
        return othello_edax::bench(&arguments);
    }
    if arguments
        .iter()
        .any(|argument| argument == "othello-threads")
    {
        return othello_threads::bench(&arguments);
    }
    let wanted = |part: &str| {
        let names: Vec<&String> = arguments.iter().filter(|a| !a.starts_with('-')).collect();
        names.is_empty() || names.iter().any(|name| name.as_str() == part)
    };
    if wanted("solvers") {
        solvers::line_solvers();
    }
    if wanted("weighted") {
        solvers::weighted();
    }
    if wanted("judge") {
        judge::bench();
    }
    if wanted("othello") {
        othello::bench();
    }
    if wanted("relay") {
        relay::bench();
    }
    if wanted("shrink") {
        shrink::bench();
    }
    if wanted("stress_generic") {
        stress_generic::bench();
    }
    if wanted("verify") {
        verify::bench();
    }
    if wanted("win_rates") {
        win_rates::bench();
    }
}
