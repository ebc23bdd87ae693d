//! `judge play`: a person plays tic-tac-toe (`tic_tac_toe`) or Othello (`othello`) against the
//! computer in the terminal, game after game with a running score, until `q`, a "no" to
//! another game, or the end of input. A computer that is a program (the project's solver, or
//! `--computer 'COMMAND'`) runs under the judge's supervisor through the protocol it is judged
//! with; the tic-tac-toe strategies of the library (`strategies`) run in the judge.

pub mod options;
mod othello;
mod person;
mod tic_tac_toe;

use crate::cases::BuiltIn;
use crate::limits::Limits;
use crate::outcome::Outcome as CommandOutcome;
use crate::problems::played_against;
use crate::problems::project::Project;
use crate::process::conversation::{Player, Reply};
use crate::process::{Program, Session, Signals, Stop};
use options::{ComputerChoice, Game, PlayOptions};
use person::{Answer, Person};
use std::io::{self, BufRead, IsTerminal, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a session may last: the computer's limits are per session, and a person thinks.
const SESSION: Duration = Duration::from_secs(24 * 60 * 60);

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    PersonWon,
    ComputerWon,
    Draw,
    /// `q` during the game.
    Quit,
    /// The input ended during the game.
    InputEnded,
}

/// The running score of a session.
#[derive(Debug, Default)]
struct Score {
    person: u32,
    computer: u32,
    draws: u32,
}

impl Score {
    fn line(&self) -> String {
        format!(
            "score: you {}, the computer {}, draws {}\n",
            self.person, self.computer, self.draws
        )
    }
}

/// Plays games until the person stops; `game` plays one. Errors are the computer's.
fn session<R: BufRead, W: Write>(
    person: &mut Person<R, W>,
    mut game: impl FnMut(&mut Person<R, W>) -> Result<Outcome, String>,
) -> Result<(), String> {
    let mut score = Score::default();
    loop {
        match game(person)? {
            Outcome::Quit => {
                person.say("you quit: game abandoned\n");
                break;
            }
            Outcome::InputEnded => {
                person.say("input ended: game abandoned\n");
                break;
            }
            Outcome::PersonWon => score.person += 1,
            Outcome::ComputerWon => score.computer += 1,
            Outcome::Draw => score.draws += 1,
        }
        person.say(&score.line());
        if !play_again(person) {
            break;
        }
        person.say("\n");
    }
    person.say("bye\n");
    Ok(())
}

/// Asks whether to play again until the answer is yes or no (`y`, `yes`, `n`, `no`, any case);
/// `q` or the end of input is no.
fn play_again<R: BufRead, W: Write>(person: &mut Person<R, W>) -> bool {
    loop {
        match person.ask("play again? [y/n, q quits] ") {
            Answer::Line(line) => match line.trim().to_ascii_lowercase().as_str() {
                "y" | "yes" => return true,
                "n" | "no" => return false,
                _ => person.say("answer y or n (q quits)\n"),
            },
            _ => return false,
        }
    }
}

/// How long the person waits for a move of a computer that is a program: a program that hangs
/// (or waits for input the protocol does not give) ends the session instead of holding it.
pub const MOVE_BOUND: Duration = Duration::from_secs(10);

/// The computer's next line, within `MOVE_BOUND`, or what went wrong with it.
fn receive(computer: &mut Player) -> Result<String, String> {
    match computer.receive_within(MOVE_BOUND) {
        Some(Reply::Line(line)) => Ok(line),
        Some(Reply::Garbage(garbage)) => Err(format!("the computer wrote {garbage}")),
        Some(Reply::Ended) => Err("the computer stopped playing".to_string()),
        None => Err(format!(
            "the computer gave no move within {} s: stopped",
            MOVE_BOUND.as_secs()
        )),
    }
}

/// Starts the computer program for `game`: the built solver, or the `--computer` command.
fn start_program(
    project: &Project,
    solver: &str,
    choice: &ComputerChoice,
    limits: Limits,
) -> Result<Player, String> {
    let program = match choice {
        ComputerChoice::Command(line) => {
            let program = Program::Shell(line.clone());
            if let Some(why) = program.cannot_run() {
                return Err(format!("--computer: {why}"));
            }
            program
        }
        _ => Program::Binary(project.binaries(&[solver.to_string()])?.remove(0)),
    };
    let limits = Limits {
        cpu: SESSION,
        wall: SESSION,
        ..limits
    };
    Player::start(&program, limits, false)
        .map_err(|error| format!("cannot start the computer player: {error}"))
}

/// The session's seed: the one given, else one from the clock.
fn seed(given: Option<u64>) -> u64 {
    given.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |time| time.as_nanos() as u64)
    })
}

/// Runs `judge play` with the computer's memory and stack from `limits` and a day of time.
/// Passed when the person stops, failed when the computer breaks the protocol, an error when it
/// cannot be built or started.
pub fn run(project: &Project, options: &PlayOptions, limits: Limits) -> CommandOutcome {
    let _session = Session::start(Signals::Default);
    let opponent = match options.game {
        Game::TicTacToe => BuiltIn::TicTacToe,
        Game::Othello => BuiltIn::Othello,
    };
    // The solver judged against this game's built-in opponent plays the person.
    let solver = played_against(opponent).map_or("", |problem| problem.name);
    let mut program = match &options.computer {
        ComputerChoice::Strategy(_) => None,
        choice => match start_program(project, solver, choice, limits) {
            Ok(player) => Some(player),
            Err(error) => {
                eprintln!("error: {error}");
                return CommandOutcome::Error;
            }
        },
    };
    let stdin = io::stdin();
    let typed = stdin.is_terminal();
    let mut person = Person::new(stdin.lock(), io::stdout(), !typed);
    let played = match (options.game, &options.computer) {
        (Game::TicTacToe, ComputerChoice::Strategy(strategy)) => {
            let seed = seed(options.seed);
            tic_tac_toe::play_library(&mut person, options, *strategy, seed)
        }
        (Game::TicTacToe, _) => program.as_mut().map_or(Ok(()), |computer| {
            tic_tac_toe::play_program(&mut person, options, computer)
        }),
        (Game::Othello, _) => program.as_mut().map_or(Ok(()), |computer| {
            othello::play(&mut person, options, computer)
        }),
    };
    if let Some(computer) = program {
        // A game left unfinished leaves the program waiting for a move: stop it.
        computer.stop(Stop::Requested);
        let _ = computer.finish();
    }
    match played {
        Ok(()) => CommandOutcome::Passed,
        Err(error) => {
            eprintln!("error: {error}");
            CommandOutcome::Failed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_again_takes_yes_and_no_and_asks_again_otherwise() {
        let mut output = Vec::new();
        let mut person = Person::new(&b"YES\nmaybe\n\nno\n"[..], &mut output, false);
        let mut outcomes = [Outcome::Draw, Outcome::Draw].into_iter();
        session(&mut person, |_| Ok(outcomes.next().unwrap())).unwrap();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("draws 2"), "{text}");
        assert_eq!(text.matches("answer y or n (q quits)").count(), 2, "{text}");
        assert!(text.ends_with("bye\n"), "{text}");
    }

    #[test]
    fn the_session_keeps_score_until_no_and_says_bye() {
        let mut output = Vec::new();
        let mut person = Person::new(&b"y\ny\nn\n"[..], &mut output, false);
        let mut outcomes = [Outcome::PersonWon, Outcome::Draw, Outcome::ComputerWon].into_iter();
        session(&mut person, |_| Ok(outcomes.next().unwrap())).unwrap();
        let text = String::from_utf8(output).unwrap();
        assert!(text.contains("score: you 1, the computer 0, draws 0\n"));
        assert!(text.contains("score: you 1, the computer 0, draws 1\n"));
        assert!(text
            .ends_with("score: you 1, the computer 1, draws 1\nplay again? [y/n, q quits] bye\n"));
    }

    #[test]
    fn quit_mid_game_and_at_the_again_prompt() {
        let mut output = Vec::new();
        let mut person = Person::new(&b""[..], &mut output, false);
        session(&mut person, |_| Ok(Outcome::Quit)).unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "you quit: game abandoned\nbye\n"
        );
        let mut output = Vec::new();
        let mut person = Person::new(&b"q\n"[..], &mut output, false);
        let mut games = 0;
        session(&mut person, |_| {
            games += 1;
            Ok(Outcome::Draw)
        })
        .unwrap();
        assert_eq!(games, 1);
        assert!(String::from_utf8(output)
            .unwrap()
            .ends_with("[y/n, q quits] bye\n"));
    }
}
