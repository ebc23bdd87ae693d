//! Othello's rules, as far as stress needs them: the legal moves of a position and the
//! position after one, for the generator's random playouts and for the expected output of
//! othello_endgame (the exact score of every legal move, the format its checker reads).

/// A position: 64 squares a1 b1 … h1, a2 … h8 (`X`, `O` or `-`) and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub squares: [u8; 64],
    pub mover: u8,
}

/// The eight directions as (row, column) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

fn opponent(side: u8) -> u8 {
    if side == b'X' {
        b'O'
    } else {
        b'X'
    }
}

impl Position {
    /// The start of a game: d4 and e5 white, e4 and d5 black, black to move.
    pub fn start() -> Position {
        let mut squares = [b'-'; 64];
        squares[27] = b'O';
        squares[28] = b'X';
        squares[35] = b'X';
        squares[36] = b'O';
        Position {
            squares,
            mover: b'X',
        }
    }

    /// Reads `BOARD SIDE` (anything after it ignored); `None` when it is not one.
    pub fn parse(line: &str) -> Option<Position> {
        let mut words = line.split_whitespace();
        let board = words.next()?.as_bytes();
        let mover = *words.next()?.as_bytes().first()?;
        let squares: [u8; 64] = board.try_into().ok()?;
        let known = |b: u8| b == b'X' || b == b'O';
        (squares.iter().all(|&b| known(b) || b == b'-') && known(mover))
            .then_some(Position { squares, mover })
    }

    /// The squares `side` would flip by playing at `square` (none: not a legal play).
    fn flips(&self, square: usize, side: u8) -> Vec<usize> {
        let mut flipped = Vec::new();
        if self.squares[square] != b'-' {
            return flipped;
        }
        let (row, column) = ((square / 8) as i32, (square % 8) as i32);
        for (dr, dc) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut r, mut c) = (row + dr, column + dc);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let at = (r * 8 + c) as usize;
                match self.squares[at] {
                    b if b == opponent(side) => run.push(at),
                    b if b == side => {
                        flipped.extend(&run);
                        break;
                    }
                    _ => break,
                }
                r += dr;
                c += dc;
            }
        }
        flipped
    }

    /// The squares where `side` may play, in square order.
    pub fn moves_of(&self, side: u8) -> Vec<usize> {
        (0..64)
            .filter(|&square| !self.flips(square, side).is_empty())
            .collect()
    }

    /// The mover's legal plays.
    pub fn moves(&self) -> Vec<usize> {
        self.moves_of(self.mover)
    }

    /// The position after the mover plays at `square` (a legal play): the opponent to move.
    pub fn play(&self, square: usize) -> Position {
        let mut next = self.clone();
        for at in self.flips(square, self.mover) {
            next.squares[at] = self.mover;
        }
        next.squares[square] = self.mover;
        next.mover = opponent(self.mover);
        next
    }

    /// The same board with the other side to move (a pass).
    pub fn pass(&self) -> Position {
        Position {
            squares: self.squares,
            mover: opponent(self.mover),
        }
    }

    pub fn empties(&self) -> usize {
        self.squares.iter().filter(|&&b| b == b'-').count()
    }

    /// The position as an input line: `BOARD SIDE`.
    pub fn line(&self) -> String {
        format!(
            "{} {}",
            String::from_utf8_lossy(&self.squares),
            self.mover as char
        )
    }
}

/// A square's name: `A1` … `H8`.
pub fn square_name(square: usize) -> String {
    format!("{}{}", (b'A' + (square % 8) as u8) as char, square / 8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_four_plays_and_one_flips_one_disc() {
        let start = Position::start();
        let names: Vec<String> = start.moves().into_iter().map(square_name).collect();
        assert_eq!(names, ["D3", "C4", "F5", "E6"]);
        let after = start.play(19); // D3 flips D4
        assert_eq!((after.squares[27], after.mover), (b'X', b'O'));
        assert_eq!(after.empties(), 59);
        assert_eq!(Position::parse(&after.line()), Some(after));
    }
}
