//! The built-in Othello opponent, an interactor inside the judge: it plays the protocol of
//! `othello_player` (its header and docs/GUIDE.md) game after game against one run of the player,
//! with random or greedy moves (`crate::games::othello`), the player's colour alternating from `X`.
//!
//! A case file (`NAME.in`) holds `key value` lines (`#` starts a comment): `opponent
//! random|greedy`, `seed N` (the opponent's random choices), `games N` and `win-percent P` (the
//! bar: the player must win at least P% of the games). What it decides: an illegal move, an
//! unreadable line or a `PS` with a legal move is wrong (which game, which move); too few games
//! won is wrong; the player's output ending before the games are over is the player gone (RE).

use crate::games::othello::opponent::{parse_match, Strategy};
use crate::games::othello::{greedy_move, parse_move, random_move, Board, Color, Move};
use crate::grade::interactive::Decision;
use crate::process::conversation::{read_reply, Reply};
use crate::random::Random;
use crate::text::{count, quote};
use std::fs;
use std::io::{BufRead, Write};
use std::path::Path;

/// How the player forfeited the games, stopping them early: it broke a rule (WA), or its output
/// ended.
enum Forfeit {
    Wrong(String),
    Gone(String),
}

/// Counts of finished games, from the player's side.
#[derive(Default)]
struct Tally {
    won: usize,
    /// Games won as black (`X`).
    won_as_black: usize,
    drawn: usize,
    lost: usize,
}

/// Plays one game with the player as `me`.
fn play_game(
    game: usize,
    me: Color,
    from_player: &mut dyn BufRead,
    to_player: &mut dyn Write,
    choose: &mut dyn FnMut(Board) -> Move,
) -> Result<Board, Forfeit> {
    let mut send = |text: String| {
        writeln!(to_player, "{text}")
            .and_then(|()| to_player.flush())
            .map_err(|_| Forfeit::Gone(format!("game {game}: the player's input is closed")))
    };
    send(me.letter().to_string())?;
    let mut board = Board::start();
    let mut moves: Vec<Move> = Vec::new();
    while !board.is_over() {
        let at = |moves: &[Move]| {
            format!(
                "game {game} (player {}), move {}",
                me.letter(),
                moves.len() + 1
            )
        };
        let chosen = if board.to_move() == me {
            let line = match read_reply(from_player) {
                Reply::Ended => {
                    return Err(Forfeit::Gone(format!(
                        "{}: waiting for the player's move, its output ended",
                        at(&moves)
                    )))
                }
                Reply::Garbage(garbage) => {
                    return Err(Forfeit::Wrong(format!(
                        "{}: the player wrote {garbage}",
                        at(&moves)
                    )))
                }
                Reply::Line(line) => line,
            };
            let refused = |why: String| {
                let played: Vec<String> = moves.iter().map(Move::to_string).collect();
                Forfeit::Wrong(format!(
                    "{}: the player wrote {}: {why} (moves so far: {})",
                    at(&moves),
                    quote(&line),
                    played.join(" ")
                ))
            };
            let chosen = parse_move(&line).map_err(|why| refused(why.to_string()))?;
            board = board
                .try_move(chosen)
                .map_err(|why| refused(why.to_string()))?;
            chosen
        } else {
            let chosen = choose(board);
            board = board.try_move(chosen).unwrap_or(board);
            send(chosen.to_string())?;
            chosen
        };
        moves.push(chosen);
    }
    Ok(board)
}

/// Plays the match that `case_input` describes against the player at the other end.
pub fn play(
    case_input: &Path,
    from_player: &mut dyn BufRead,
    to_player: &mut dyn Write,
) -> Decision {
    let wanted = fs::read_to_string(case_input)
        .map_err(|error| format!("cannot read {}: {error}", case_input.display()))
        .and_then(|text| {
            parse_match(&text).map_err(|error| format!("{}: {error}", case_input.display()))
        });
    let wanted = match wanted {
        Ok(wanted) => wanted,
        Err(error) => return Decision::Broken(error),
    };
    let mut random = Random(wanted.seed);
    let mut choose = |board: Board| match wanted.strategy {
        Strategy::Random => random_move(board, &mut random),
        Strategy::Greedy => greedy_move(board, &mut random),
    };
    let mut tally = Tally::default();
    for game in 1..=wanted.games {
        let me = match game % 2 {
            1 => Color::Black,
            _ => Color::White,
        };
        match play_game(game, me, from_player, to_player, &mut choose) {
            Ok(end) => match end.winner() {
                Some(winner) if winner == me => {
                    tally.won += 1;
                    tally.won_as_black += usize::from(me == Color::Black);
                }
                Some(_) => tally.lost += 1,
                None => tally.drawn += 1,
            },
            Err(Forfeit::Wrong(reason)) => return Decision::Wrong(reason),
            Err(Forfeit::Gone(reason)) => return Decision::ProgramGone(reason),
        }
    }
    let summary = format!(
        "{}: {} won ({} as X, {} as O), {} drawn, {} lost",
        count(wanted.games, "game"),
        tally.won,
        tally.won_as_black,
        tally.won - tally.won_as_black,
        tally.drawn,
        tally.lost
    );
    if tally.won * 100 >= wanted.win_percent as usize * wanted.games {
        Decision::Accepted(Some(summary))
    } else {
        Decision::Wrong(format!(
            "{summary}: fewer than the {}% needed",
            wanted.win_percent
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays a scripted player's lines against the opponent; the decision and what the
    /// opponent wrote.
    fn against(case: &str, player_lines: &str) -> (Decision, String) {
        let dir = crate::test_folders::folder_with_files("othello-grader", &["case.in"]);
        fs::write(dir.join("case.in"), case).unwrap();
        let mut from_player = player_lines.as_bytes();
        let mut to_player = Vec::new();
        let decision = play(&dir.join("case.in"), &mut from_player, &mut to_player);
        (decision, String::from_utf8(to_player).unwrap())
    }

    #[test]
    fn illegal_moves_are_wrong_and_name_game_and_move() {
        let case = "opponent random\nseed 1\ngames 1\nwin-percent 0\n";
        // As black the player moves first; d3, c4, f5 and e6 are the legal openings.
        let (decision, said) = against(case, "a1\n");
        assert_eq!(said, "X\n");
        assert_eq!(
            decision,
            Decision::Wrong(
                "game 1 (player X), move 1: the player wrote \"a1\": a1 flips nothing: a move must outflank at least one disc (moves so far: )".into()
            )
        );
        let (decision, _) = against(case, "d4\n");
        assert!(matches!(decision, Decision::Wrong(reason) if reason.contains("d4 is occupied")));
        let (decision, _) = against(case, "PS\n");
        assert!(matches!(decision, Decision::Wrong(reason) if reason.contains("cannot pass")));
        let (decision, _) = against(case, "z9\n");
        assert!(matches!(decision, Decision::Wrong(reason) if reason.contains("not a square")));
    }

    #[test]
    fn a_player_whose_output_ends_is_gone() {
        let case = "opponent greedy\nseed 1\ngames 2\nwin-percent 0\n";
        let (decision, _) = against(case, "D3\n");
        assert!(
            matches!(&decision, Decision::ProgramGone(reason) if reason.starts_with("game 1 (player X), move 3: waiting")),
            "{decision:?}"
        );
    }

    /// A player on the other end of two pipes that plays the first legal move.
    fn first_legal_move_player(from_judge: std::fs::File, mut to_judge: std::fs::File) {
        let mut lines = std::io::BufReader::new(from_judge).lines();
        while let Some(Ok(colour)) = lines.next() {
            let me = Color::from_letter(&colour).unwrap();
            let mut board = Board::start();
            while !board.is_over() {
                let chosen = if board.to_move() == me {
                    let chosen = board.moves()[0];
                    writeln!(to_judge, "{chosen}").unwrap();
                    chosen
                } else {
                    parse_move(&lines.next().unwrap().unwrap()).unwrap()
                };
                board = board.try_move(chosen).unwrap();
            }
        }
    }

    #[test]
    fn whole_games_are_counted_against_the_bar() {
        use crate::process::sys::pipe;
        for (bar, accepted) in [(0, true), (100, false)] {
            let dir = crate::test_folders::folder_with_files("othello-grader", &["case.in"]);
            let case = format!("opponent greedy\nseed 3\ngames 4\nwin-percent {bar}\n");
            fs::write(dir.join("case.in"), case).unwrap();
            let ((player_reads, judge_writes), (judge_reads, player_writes)) =
                (pipe().unwrap(), pipe().unwrap());
            let player =
                std::thread::spawn(move || first_legal_move_player(player_reads, player_writes));
            let mut from_player = std::io::BufReader::new(judge_reads);
            let mut to_player = judge_writes;
            let decision = play(&dir.join("case.in"), &mut from_player, &mut to_player);
            drop(to_player);
            player.join().unwrap();
            // The first legal move loses to greedy play in these games, so a bar of 100% fails.
            let summary = match (&decision, accepted) {
                (Decision::Accepted(Some(summary)), true) => summary.clone(),
                (Decision::Wrong(reason), false) => reason.clone(),
                _ => panic!("bar {bar}: {decision:?}"),
            };
            let counts: Vec<usize> = summary
                .split(|c: char| !c.is_ascii_digit())
                .filter_map(|number| number.parse().ok())
                .collect();
            // N games: W won (B as X, H as O), D drawn, L lost
            let [games, won, as_black, as_white, drawn, lost] = counts[..6] else {
                panic!("{summary}")
            };
            assert_eq!(games, 4, "{summary}");
            assert_eq!(won + drawn + lost, 4, "{summary}");
            assert_eq!(as_black + as_white, won, "{summary}");
        }
    }
}
