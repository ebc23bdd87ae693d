//! Tic-tac-toe for the judge's side of the interactive protocol: the board, its rules, perfect
//! play (all the best moves, not just one) and a drawing of the board for a person.

use std::fmt;

/// A player's mark; `o` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    O,
    X,
}

impl Mark {
    pub fn other(self) -> Mark {
        match self {
            Mark::O => Mark::X,
            Mark::X => Mark::O,
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Mark::O => 'o',
            Mark::X => 'x',
        }
    }
}

/// The eight lines as bitmasks of cells (bit i = cell i, row-major).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// A board as two bitmasks, the cells of `o` and of `x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Board {
    o: u16,
    x: u16,
}

impl Board {
    pub fn to_move(self) -> Mark {
        if self.o.count_ones() == self.x.count_ones() {
            Mark::O
        } else {
            Mark::X
        }
    }

    pub fn is_free(self, cell: usize) -> bool {
        cell < 9 && (self.o | self.x) & 1 << cell == 0
    }

    pub fn free_cells(self) -> Vec<usize> {
        (0..9).filter(|&cell| self.is_free(cell)).collect()
    }

    /// The board after the side to move takes `cell` (which must be free).
    pub fn play(self, cell: usize) -> Board {
        debug_assert!(self.is_free(cell));
        match self.to_move() {
            Mark::O => Board {
                o: self.o | 1 << cell,
                ..self
            },
            Mark::X => Board {
                x: self.x | 1 << cell,
                ..self
            },
        }
    }

    /// The mark at a cell, if any.
    pub fn at(self, cell: usize) -> Option<Mark> {
        if self.o & 1 << cell != 0 {
            Some(Mark::O)
        } else if self.x & 1 << cell != 0 {
            Some(Mark::X)
        } else {
            None
        }
    }

    /// The player with a whole line, if any.
    pub fn winner(self) -> Option<Mark> {
        let has_line = |cells: u16| LINES.iter().any(|&line| line & !cells == 0);
        if has_line(self.o) {
            Some(Mark::O)
        } else if has_line(self.x) {
            Some(Mark::X)
        } else {
            None
        }
    }

    pub fn is_over(self) -> bool {
        self.winner().is_some() || (self.o | self.x) == 0o777
    }

    fn key(self) -> usize {
        (self.o as usize) << 9 | self.x as usize
    }
}

/// The board drawn for a person: marks, and the numbers of the free cells.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .map(|column| {
                    let cell = row * 3 + column;
                    self.at(cell)
                        .map_or_else(|| cell.to_string(), |mark| mark.symbol().to_string())
                })
                .collect();
            writeln!(f, " {}", cells.join(" | "))?;
            if row < 2 {
                writeln!(f, "---+---+---")?;
            }
        }
        Ok(())
    }
}

/// Perfect play: the minimax value of every position, memoised, and every best move.
pub struct Minimax {
    /// Value for the side to move (+1 win, 0 draw, -1 loss), or `UNKNOWN`.
    memo: Vec<i8>,
}

const UNKNOWN: i8 = 2;

impl Default for Minimax {
    fn default() -> Self {
        Minimax {
            memo: vec![UNKNOWN; 1 << 18],
        }
    }
}

impl Minimax {
    /// The value of a position for the side to move: +1 win, 0 draw, -1 loss.
    pub fn value(&mut self, board: Board) -> i8 {
        if let Some(winner) = board.winner() {
            // The side that just moved won, so the side to move has lost.
            return if winner == board.to_move() { 1 } else { -1 };
        }
        if board.is_over() {
            return 0;
        }
        let key = board.key();
        if self.memo[key] == UNKNOWN {
            self.memo[key] = board
                .free_cells()
                .into_iter()
                .map(|cell| -self.value(board.play(cell)))
                .max()
                .unwrap_or(0);
        }
        self.memo[key]
    }

    /// Every move that keeps the best value for the side to move.
    pub fn best_moves(&mut self, board: Board) -> Vec<usize> {
        let best = self.value(board);
        board
            .free_cells()
            .into_iter()
            .filter(|&cell| -self.value(board.play(cell)) == best)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[usize]) -> Board {
        moves
            .iter()
            .fold(Board::default(), |board, &cell| board.play(cell))
    }

    #[test]
    fn rules() {
        let won = board(&[0, 3, 1, 4, 2]);
        assert_eq!(won.winner(), Some(Mark::O));
        assert!(won.is_over());
        assert_eq!(board(&[4]).to_move(), Mark::X);
        assert!(!board(&[4]).is_free(4) && !board(&[]).is_free(9));
        let full = board(&[0, 1, 2, 4, 3, 5, 7, 6, 8]);
        assert!(full.is_over() && full.winner().is_none());
    }

    #[test]
    fn perfect_play_knows_the_classic_results() {
        let mut minimax = Minimax::default();
        assert_eq!(minimax.value(Board::default()), 0);
        assert_eq!(
            minimax.best_moves(Board::default()).len(),
            9,
            "every opening draws"
        );
        // After o takes the centre and x an edge, o wins.
        assert_eq!(minimax.value(board(&[4, 1])), 1);
        // x must answer a corner opening with the centre.
        assert_eq!(minimax.best_moves(board(&[0])), vec![4]);
    }

    #[test]
    fn draws_the_board_with_free_cell_numbers() {
        assert_eq!(
            board(&[4, 0]).to_string(),
            " x | 1 | 2\n---+---+---\n 3 | o | 5\n---+---+---\n 6 | 7 | 8\n"
        );
    }
}
