//! The built-in tic-tac-toe opponent, an interactor inside the judge: it plays the protocol
//! (`tic_tac_toe_player`'s header and docs/GUIDE.md) game after game against one run of the
//! player, on the lines the judge relays, like any interactor program.
//!
//! What it decides: a lost game or a move that is not a free cell's number is wrong (which
//! game, which move); the player's output ending before the games are over is the player gone
//! (RE, as the problem says, unless a limit stopped it); every game not lost is accepted, and
//! the player must then exit cleanly. Limits are the supervisor's, over the whole run.

use crate::games::tic_tac_toe::opponent::{parse_opponent, Schedule};
use crate::games::tic_tac_toe::Board;
use crate::grade::interactive::Decision;
use crate::process::conversation::{read_reply, Reply};
use crate::text::count;
use std::fs;
use std::io::{BufRead, Write};
use std::path::Path;

/// How the player forfeited the games, stopping them early: it broke a rule (WA), or its output
/// ended (then the way it ended decides).
enum Forfeit {
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
    from_player: &mut dyn BufRead,
    to_player: &mut dyn Write,
    schedule: &mut Schedule,
    tally: &mut Tally,
) -> Result<(), Forfeit> {
    let mut send = |text: String| {
        writeln!(to_player, "{text}")
            .and_then(|()| to_player.flush())
            .map_err(|_| "the player's input is closed: it has ended".to_string())
    };
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
        send(me.symbol().to_string()).map_err(|what| Forfeit::Gone { at: at(&[]), what })?;
        let mut board = Board::default();
        let mut moves = Vec::new();
        while !board.is_over() {
            let cell = if board.to_move() == me {
                let line = match read_reply(from_player) {
                    Reply::Ended => {
                        return Err(Forfeit::Gone {
                            at: at(&moves),
                            what: "waiting for the player's move, its output ended".into(),
                        })
                    }
                    Reply::Garbage(garbage) => {
                        return Err(Forfeit::Wrong(format!(
                            "{}: the player wrote {garbage}",
                            at(&moves)
                        )))
                    }
                    Reply::Line(line) => line,
                };
                // One digit, as the statement says: no sign, no leading zeros.
                let digit = match line.as_bytes() {
                    [digit @ b'0'..=b'9'] => Ok(usize::from(digit - b'0')),
                    _ => Err(()),
                };
                match digit {
                    Ok(cell) if board.is_free(cell) => cell,
                    Ok(cell) if cell < 9 => {
                        return Err(Forfeit::Wrong(format!(
                        "{}: the player took cell {cell}, which is taken (moves so far: {moves:?})",
                        at(&moves)
                    )))
                    }
                    _ => {
                        return Err(Forfeit::Wrong(format!(
                            "{}: the player wrote {line:?}, not a cell number 0-8",
                            at(&moves)
                        )))
                    }
                }
            } else {
                let cell = schedule.choose(board);
                send(cell.to_string()).map_err(|what| Forfeit::Gone {
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
                return Err(Forfeit::Wrong(format!(
                    "game {game} (player {}): the player lost; the moves were {moves:?}",
                    me.symbol()
                )))
            }
            None => tally.drawn += 1,
        }
    }
    Ok(())
}

/// Plays the opponent that `case_input` describes against the player at the other end of the
/// two streams.
pub fn play(
    case_input: &Path,
    from_player: &mut dyn BufRead,
    to_player: &mut dyn Write,
) -> Decision {
    let opponent = fs::read_to_string(case_input)
        .map_err(|error| format!("cannot read {}: {error}", case_input.display()))
        .and_then(|text| {
            parse_opponent(&text).map_err(|error| format!("{}: {error}", case_input.display()))
        });
    let mut schedule = match opponent {
        Ok(opponent) => Schedule::new(opponent),
        Err(error) => return Decision::Broken(error),
    };
    let mut tally = Tally::default();
    match play_games(from_player, to_player, &mut schedule, &mut tally) {
        Ok(()) => Decision::Accepted(Some(format!(
            "{}: {} won, {} drawn, 0 lost",
            count(tally.games, "game"),
            tally.won,
            tally.drawn
        ))),
        Err(Forfeit::Wrong(reason)) => Decision::Wrong(reason),
        Err(Forfeit::Gone { at, what }) => Decision::ProgramGone(format!("{at}: {what}")),
    }
}
