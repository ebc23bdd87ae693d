//! The built-in tic-tac-toe grader: the judge plays the opponent through the protocol
//! (`tic_tac_toe_player`'s header and the README), game after game, in one run of the player.
//!
//! Verdicts: a lost game or a move that is not a free cell's number is WA (which game, which
//! move); output closed or the process gone before the games are over, or a non-zero exit at
//! the end, is RE; the player's limits hold over the whole run (`-t` is its CPU time for all
//! the games, the wall bound catches a player that never answers): TLE or MLE. AC: no game lost
//! and a clean exit once the input is closed.

use super::player::{Player, Said};
use super::Judged;
use crate::opponents::{parse_opponent, Schedule};
use crate::process::{Limits, Program, Stop, Termination};
use crate::tic_tac_toe::Board;
use crate::verdict::{run_failure, Code, Verdict, Wrong};
use std::fs;
use std::path::Path;

/// Why the games stopped early: the player broke a rule (WA), or its output ended (then the way
/// it ended decides).
enum Early {
    Wrong(String),
    /// Where the games were, and what happened there.
    Gone {
        at: String,
        what: String,
    },
}

/// Counts of finished games, from the player's side.
#[derive(Default)]
struct Tally {
    games: usize,
    won: usize,
    drawn: usize,
}

/// Plays the schedule's games; the player's failures stop it.
fn play_games(
    player: &mut Player,
    schedule: &mut Schedule,
    tally: &mut Tally,
) -> Result<(), Early> {
    while let Some(me) = schedule.next_game() {
        tally.games += 1;
        let game = tally.games;
        let at = |moves: &[usize]| {
            format!(
                "game {game} (player {}), move {}",
                me.symbol(),
                moves.len() + 1
            )
        };
        player
            .send(&me.symbol().to_string())
            .map_err(|what| Early::Gone { at: at(&[]), what })?;
        let mut board = Board::default();
        let mut moves = Vec::new();
        while !board.is_over() {
            let cell = if board.to_move() == me {
                let line = match player.receive() {
                    Said::Ended => {
                        return Err(Early::Gone {
                            at: at(&moves),
                            what: "the player's output ended before the games were over".into(),
                        })
                    }
                    Said::Garbage(garbage) => {
                        return Err(Early::Wrong(format!(
                            "{}: the player wrote {garbage}",
                            at(&moves)
                        )))
                    }
                    Said::Line(line) => line,
                };
                match line.parse::<usize>() {
                    Ok(cell) if board.is_free(cell) => cell,
                    Ok(cell) if cell < 9 => {
                        return Err(Early::Wrong(format!(
                        "{}: the player took cell {cell}, which is taken (moves so far: {moves:?})",
                        at(&moves)
                    )))
                    }
                    _ => {
                        return Err(Early::Wrong(format!(
                            "{}: the player wrote {line:?}, not a cell number 0-8",
                            at(&moves)
                        )))
                    }
                }
            } else {
                let cell = schedule.choose(board);
                player.send(&cell.to_string()).map_err(|what| Early::Gone {
                    at: at(&moves),
                    what,
                })?;
                cell
            };
            moves.push(cell);
            board = board.play(cell);
        }
        match board.winner() {
            Some(winner) if winner == me => tally.won += 1,
            Some(_) => {
                return Err(Early::Wrong(format!(
                    "game {game} (player {}): the player lost; the moves were {moves:?}",
                    me.symbol()
                )))
            }
            None => tally.drawn += 1,
        }
    }
    Ok(())
}

/// Judges a tic-tac-toe player against the opponent that `case_input` describes.
pub fn judge(program: &Program, case_input: &Path, limits: Limits) -> Judged {
    let opponent = fs::read_to_string(case_input)
        .map_err(|error| format!("cannot read {}: {error}", case_input.display()))
        .and_then(|text| {
            parse_opponent(&text).map_err(|error| format!("{}: {error}", case_input.display()))
        });
    let opponent = match opponent {
        Ok(opponent) => opponent,
        Err(error) => return Judged::judge_error(error),
    };
    let mut schedule = Schedule::new(opponent);
    let mut player = match Player::start(program, limits, true) {
        Ok(player) => player,
        Err(error) => return Judged::judge_error(format!("cannot run {program}: {error}")),
    };
    let mut tally = Tally::default();
    let early = play_games(&mut player, &mut schedule, &mut tally).err();
    if let Some(Early::Wrong(_)) = early {
        player.stop(Stop::Requested);
    }
    let (ended, stderr_tail) = match player.finish() {
        Ok(finished) => finished,
        Err(error) => return Judged::judge_error(format!("cannot watch {program}: {error}")),
    };
    let failure = run_failure(&ended, &limits, &stderr_tail);
    let summary = format!(
        "{} games: {} won, {} drawn, 0 lost",
        tally.games, tally.won, tally.drawn
    );
    let (verdict, note) = match (early, failure) {
        // A limit passed counts before the rule the player broke at that moment.
        (Some(Early::Wrong(reason)), Some(failure)) if failure.code() != Code::RE => {
            (failure, Some(reason))
        }
        (Some(Early::Wrong(reason)), _) => (Verdict::WrongAnswer(Wrong::Because(reason)), None),
        // Killed at a limit: where it was waited for.
        (Some(Early::Gone { at, .. }), Some(failure)) if failure.code() != Code::RE => (
            failure,
            Some(format!("{at}: waiting for the player's move")),
        ),
        (Some(Early::Gone { at, what }), Some(failure)) => (failure, Some(format!("{at}: {what}"))),
        (Some(Early::Gone { at, what }), None) => (
            Verdict::RuntimeError {
                termination: ended.termination,
                stderr_tail: String::from_utf8_lossy(&stderr_tail).into_owned(),
            },
            Some(format!("{at}: {what}")),
        ),
        (None, Some(failure)) => (
            failure,
            Some(format!("{summary}; then a bad end after the input closed")),
        ),
        (None, None) => (Verdict::Accepted, Some(summary)),
    };
    debug_assert!(ended.termination == Termination::Exited(0) || !verdict.is_accepted());
    Judged {
        verdict,
        usage: Some(ended.usage),
        note,
    }
}
