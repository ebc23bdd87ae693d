//! Tic-tac-toe in `judge play`: the board drawn once per turn (before the person's move), the
//! computer's move announced, the finished line in capitals, the result by the session's rules.

use super::options::PlayOptions;
use super::person::{Answer, Person};
use super::{receive, session, Outcome};
use crate::games::tic_tac_toe::strategies::{Computer, Strategy};
use crate::games::tic_tac_toe::{Board, Mark, Rules};
use crate::process::conversation::Player;
use std::io::{BufRead, Write};

/// The computer: a library strategy, or a program speaking tic_tac_toe_player's protocol.
enum Rival<'a> {
    Library(Computer),
    Program(&'a mut Player),
}

impl Rival<'_> {
    /// A new game in which the computer plays `mark`.
    fn new_game(&mut self, mark: Mark) -> Result<(), String> {
        match self {
            Rival::Library(_) => Ok(()),
            Rival::Program(player) => player.send(&mark.symbol().to_string()),
        }
    }

    /// The person took `cell`.
    fn told(&mut self, cell: usize) -> Result<(), String> {
        match self {
            Rival::Library(_) => Ok(()),
            Rival::Program(player) => player.send(&cell.to_string()),
        }
    }

    /// The computer's move.
    fn reply(&mut self, board: Board) -> Result<usize, String> {
        match self {
            Rival::Library(computer) => Ok(computer.choose(board)),
            Rival::Program(player) => {
                let line = receive(player)?;
                match line.parse::<usize>() {
                    Ok(cell) if board.is_free(cell) => Ok(cell),
                    _ => Err(format!("the computer wrote {line:?}, not a free cell")),
                }
            }
        }
    }
}

/// A session against a library strategy.
pub(super) fn play_library<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    options: &PlayOptions,
    strategy: Strategy,
    seed: u64,
) -> Result<(), String> {
    let who = format!(
        "the computer plays {} (seed {seed}: --seed {seed} replays it)",
        strategy.describe()
    );
    let rival = Rival::Library(Computer::new(strategy, options.rules, seed));
    play(person, options, &who, rival)
}

/// A session against a program (the solver, or `--computer`).
pub(super) fn play_program<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    options: &PlayOptions,
    program: &mut Player,
) -> Result<(), String> {
    play(
        person,
        options,
        "the computer is a program",
        Rival::Program(program),
    )
}

fn play<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    options: &PlayOptions,
    who: &str,
    mut rival: Rival,
) -> Result<(), String> {
    let rules = match options.rules {
        Rules::Normal => "normal rules: three in a row wins",
        Rules::Misere => "misère rules: three in a row loses",
    };
    let me = if options.computer_first {
        Mark::X
    } else {
        Mark::O
    };
    person.say(&format!("tic-tac-toe, {rules}; {who}.\n"));
    person.say(if options.computer_first {
        "you are x; the computer (o) moves first. Type a free cell's number and Enter; q quits.\n"
    } else {
        "you are o and move first. Type a free cell's number and Enter; q quits.\n"
    });
    session(person, |person| game(person, &mut rival, me, options.rules))
}

/// Asks until the person names a free cell.
fn ask_cell<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    board: Board,
    me: Mark,
) -> Result<usize, Outcome> {
    loop {
        let prompt = format!("your move ({}), a free cell 0-8 (q quits): ", me.symbol());
        let answer = match person.ask(&prompt) {
            Answer::Line(answer) => answer,
            Answer::Quit => return Err(Outcome::Quit),
            Answer::Ended => return Err(Outcome::InputEnded),
        };
        match answer.parse::<usize>() {
            Ok(cell) if board.is_free(cell) => return Ok(cell),
            Ok(cell) if cell < 9 => person.say(&format!("cell {cell} is taken; try again\n")),
            _ => person.say(&format!("{answer:?} is not a cell number 0-8; try again\n")),
        }
    }
}

/// One game; errors are the computer breaking the protocol.
fn game<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    rival: &mut Rival,
    me: Mark,
    rules: Rules,
) -> Result<Outcome, String> {
    rival.new_game(me.other())?;
    let mut board = Board::default();
    while !board.is_over() {
        let cell = if board.to_move() == me {
            person.say(&format!("\n{board}"));
            let cell = match ask_cell(person, board, me) {
                Ok(cell) => cell,
                Err(outcome) => return Ok(outcome),
            };
            rival.told(cell)?;
            cell
        } else {
            let cell = rival.reply(board)?;
            person.say(&format!("the computer takes {cell}\n"));
            cell
        };
        board = board.play(cell);
    }
    person.say(&format!("\n{}", board.drawing_with_line()));
    let line = match (board.winner(), rules) {
        (None, _) => String::new(),
        (Some(lined), Rules::Normal) => {
            format!("{} has three in a row (in capitals): ", lined.symbol())
        }
        (Some(lined), Rules::Misere) => format!(
            "{} has three in a row (in capitals), which loses: ",
            lined.symbol()
        ),
    };
    let (result, outcome) = match rules.winner(board) {
        Some(winner) if winner == me => ("you win!", Outcome::PersonWon),
        Some(_) => ("the computer wins", Outcome::ComputerWon),
        None => ("a draw", Outcome::Draw),
    };
    person.say(&format!("game over: {line}{result}\n"));
    Ok(outcome)
}
