//! Othello in `judge play`: the person against othello_player (or `--computer`) through its
//! protocol; the board with coordinates, the person's legal moves marked `*` and the disc
//! count before each of the person's moves, the computer's move and every pass announced, a
//! refused move explained.

use super::options::PlayOptions;
use super::person::{Answer, Person};
use super::{receive, session, Outcome};
use crate::games::othello::{parse_move, Board, Color, Move};
use crate::process::conversation::Player;
use std::io::{BufRead, Write};

pub(super) fn play<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    options: &PlayOptions,
    computer: &mut Player,
) -> Result<(), String> {
    let me = if options.computer_first {
        Color::White
    } else {
        Color::Black
    };
    person.say(&format!(
        "othello: you are {} ({}){}; the computer is {} ({}).\n",
        me.letter(),
        me.name(),
        if options.computer_first {
            ""
        } else {
            " and move first"
        },
        me.other().letter(),
        me.other().name(),
    ));
    person.say(
        "Type a square (column a-h, row 1-8, like d3) and Enter; * marks your legal moves; q quits.\n",
    );
    session(person, |person| game(person, computer, me))
}

/// Asks until the person types a legal move; the board after it.
fn ask_move<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    board: Board,
    me: Color,
) -> Result<(Move, Board), Outcome> {
    loop {
        let prompt = format!("your move ({}), like d3 (q quits): ", me.letter());
        let answer = match person.ask(&prompt) {
            Answer::Line(answer) => answer,
            Answer::Quit => return Err(Outcome::Quit),
            Answer::Ended => return Err(Outcome::InputEnded),
        };
        match board.try_typed(&answer) {
            Ok(played) => return Ok(played),
            Err(refusal) => person.say(&format!("{refusal}; try again\n")),
        }
    }
}

/// The computer's move, checked against the rules.
fn computer_move(computer: &mut Player, board: Board) -> Result<(Move, Board), String> {
    let line = receive(computer)?;
    let chosen = parse_move(&line)
        .map_err(|_| format!("the computer wrote {line:?}, not a square or PS"))?;
    let after = board
        .try_move(chosen)
        .map_err(|refusal| format!("the computer played {chosen}, which is refused: {refusal}"))?;
    Ok((chosen, after))
}

/// One game; errors are the computer breaking the protocol.
fn game<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    computer: &mut Player,
    me: Color,
) -> Result<Outcome, String> {
    computer.send(&me.other().letter().to_string())?;
    let mut board = Board::start();
    while !board.is_over() {
        if board.to_move() == me {
            person.say(&format!("\n{}", board.render(true)));
            if board.must_pass() {
                person.say("you have no legal move: you pass\n");
                computer.send("PS")?;
                board = board.pass();
                continue;
            }
            let (chosen, after) = match ask_move(person, board, me) {
                Ok(played) => played,
                Err(outcome) => return Ok(outcome),
            };
            computer.send(&chosen.to_string())?;
            board = after;
        } else {
            let (chosen, after) = computer_move(computer, board)?;
            let them = me.other().letter();
            person.say(&match chosen {
                Move::Pass => format!("the computer ({them}) has no legal move: it passes\n"),
                Move::Square(_) => format!("the computer ({them}) plays {chosen}\n"),
            });
            board = after;
        }
    }
    person.say(&format!("\n{}", board.render(false)));
    let (mine, theirs) = (board.count(me), board.count(me.other()));
    let (result, outcome) = match board.winner() {
        Some(winner) if winner == me => ("you win!", Outcome::PersonWon),
        Some(_) => ("the computer wins", Outcome::ComputerWon),
        None => ("a draw", Outcome::Draw),
    };
    person.say(&format!(
        "game over: you {mine}, the computer {theirs}: {result}\n"
    ));
    Ok(outcome)
}
