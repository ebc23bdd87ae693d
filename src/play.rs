//! `judge play`: a person plays tic-tac-toe against the tic_tac_toe_player solver in the
//! terminal, through the same protocol the judge tests it with.

use crate::grade::player::{Player, Said};
use crate::process::{Limits, Program};
use crate::solvers;
use crate::tic_tac_toe::{Board, Mark};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// How long a session may last: the computer's limits are per session, and a person thinks.
const SESSION: Duration = Duration::from_secs(24 * 60 * 60);

/// The person's side of the game: reads moves, draws boards.
struct Person<R, W> {
    input: R,
    output: W,
}

/// How a game ended for the person, or that input ended first.
enum End {
    Finished,
    InputEnded,
}

impl<R: BufRead, W: Write> Person<R, W> {
    fn say(&mut self, text: &str) {
        let _ = write!(self.output, "{text}");
        let _ = self.output.flush();
    }

    /// Asks until the person names a free cell; `None` at the end of input.
    fn ask_move(&mut self, board: Board, me: Mark) -> Option<usize> {
        loop {
            self.say(&format!("your move ({}), a free cell 0-8: ", me.symbol()));
            let mut line = String::new();
            if self.input.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let answer = line.trim();
            match answer.parse::<usize>() {
                Ok(cell) if board.is_free(cell) => return Some(cell),
                Ok(cell) if cell < 9 => self.say(&format!("cell {cell} is taken; try again\n")),
                _ => self.say(&format!("{answer:?} is not a cell number 0-8; try again\n")),
            }
        }
    }

    /// Asks a yes/no question; no at the end of input.
    fn ask_yes(&mut self, question: &str) -> bool {
        self.say(question);
        let mut line = String::new();
        matches!(self.input.read_line(&mut line), Ok(n) if n > 0)
            && line.trim().eq_ignore_ascii_case("y")
    }
}

/// Plays one game; errors are the computer breaking the protocol.
fn play_game<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    computer: &mut Player,
    me: Mark,
) -> Result<End, String> {
    computer.send(&me.other().symbol().to_string())?;
    let mut board = Board::default();
    while !board.is_over() {
        person.say(&format!("\n{board}"));
        let cell = if board.to_move() == me {
            let Some(cell) = person.ask_move(board, me) else {
                person.say("\ninput ended: game abandoned\n");
                return Ok(End::InputEnded);
            };
            computer.send(&cell.to_string())?;
            cell
        } else {
            let line = match computer.receive() {
                Said::Line(line) => line,
                Said::Garbage(garbage) => return Err(format!("the computer wrote {garbage}")),
                Said::Ended => return Err("the computer stopped playing".to_string()),
            };
            match line.parse::<usize>() {
                Ok(cell) if board.is_free(cell) => {
                    person.say(&format!("the computer takes {cell}\n"));
                    cell
                }
                _ => return Err(format!("the computer wrote {line:?}, not a free cell")),
            }
        };
        board = board.play(cell);
    }
    let result = match board.winner() {
        Some(winner) if winner == me => "you win!",
        Some(_) => "the computer wins",
        None => "a draw",
    };
    person.say(&format!("\n{board}game over: {result}\n"));
    Ok(End::Finished)
}

/// Runs `judge play`: the computer plays o and starts when `computer_first`. The computer
/// runs under `limits`' memory and stack, with a day of time.
pub fn run(root: &Path, computer_first: bool, limits: Limits) -> ExitCode {
    let binary = match solvers::build(root, &["tic_tac_toe_player".to_string()]) {
        Ok(binaries) => binaries[0].clone(),
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        cpu: SESSION,
        wall: SESSION,
        ..limits
    };
    let mut computer = match Player::start(&Program::Binary(binary), limits, false) {
        Ok(player) => player,
        Err(error) => {
            eprintln!("error: cannot start the computer player: {error}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut person = Person {
        input: stdin.lock(),
        output: io::stdout(),
    };
    let me = if computer_first { Mark::X } else { Mark::O };
    person.say(if computer_first {
        "you are x; the computer (o) moves first. Type a free cell's number and Enter.\n"
    } else {
        "you are o and move first. Type a free cell's number and Enter.\n"
    });
    loop {
        match play_game(&mut person, &mut computer, me) {
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(1);
            }
            Ok(End::InputEnded) => return ExitCode::SUCCESS,
            Ok(End::Finished) => {
                if !person.ask_yes("play again? [y/N] ") {
                    person.say("bye\n");
                    let _ = computer.finish();
                    return ExitCode::SUCCESS;
                }
            }
        }
    }
}
