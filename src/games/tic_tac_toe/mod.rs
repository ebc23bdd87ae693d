//! Tic-tac-toe for the judge's side of the interactive protocol and for `judge play`: the board,
//! its rules (normal, or misère: three in a row loses), perfect play (all the best moves, not
//! just one) and a drawing of the board for a person, with a finished line in capitals.

pub mod opponent;
pub mod strategies;

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

/// What a line does: `Normal`, three in a row wins; `Misere`, three in a row loses. Either way
/// the game ends at the first line or a full board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    #[default]
    Normal,
    Misere,
}

impl Rules {
    /// The winner of a board under these rules: the player with a line (normal), or the other
    /// player (misère); `None` without a line.
    pub fn winner(self, board: Board) -> Option<Mark> {
        match self {
            Rules::Normal => board.winner(),
            Rules::Misere => board.winner().map(Mark::other),
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

    /// The board after these moves from the empty board, o first (each cell must be free).
    pub fn after(moves: &[usize]) -> Board {
        moves
            .iter()
            .fold(Board::default(), |board, &cell| board.play(cell))
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

    /// The cells of every finished line, as a bitmask (0 when there is none).
    pub fn lines_made(self) -> u16 {
        LINES
            .iter()
            .filter(|&&line| line & !self.o == 0 || line & !self.x == 0)
            .fold(0, |cells, &line| cells | line)
    }

    /// The board drawn with the cells of a finished line in capitals (`X`, `O`), so it reads
    /// without colour.
    pub fn drawing_with_line(self) -> String {
        self.drawing(self.lines_made())
    }

    /// Marks, free cell numbers, and the cells in `capitals` upper-cased.
    fn drawing(self, capitals: u16) -> String {
        let mut text = String::new();
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .map(|column| {
                    let cell = row * 3 + column;
                    match self.at(cell) {
                        None => cell.to_string(),
                        Some(mark) if capitals & 1 << cell != 0 => {
                            mark.symbol().to_ascii_uppercase().to_string()
                        }
                        Some(mark) => mark.symbol().to_string(),
                    }
                })
                .collect();
            text.push_str(&format!(" {}\n", cells.join(" | ")));
            if row < 2 {
                text.push_str("---+---+---\n");
            }
        }
        text
    }

    fn key(self) -> usize {
        (self.o as usize) << 9 | self.x as usize
    }
}

/// The board drawn for a person: marks, and the numbers of the free cells.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.drawing(0))
    }
}

/// Perfect play under some rules: the minimax value of every position, memoised, and every
/// best move.
pub struct Minimax {
    rules: Rules,
    /// Value for the side to move (+1 win, 0 draw, -1 loss), or `UNKNOWN`.
    memo: Vec<i8>,
}

const UNKNOWN: i8 = 2;

/// Perfect play by normal rules.
impl Default for Minimax {
    fn default() -> Self {
        Minimax::new(Rules::Normal)
    }
}

impl Minimax {
    pub fn new(rules: Rules) -> Minimax {
        Minimax {
            rules,
            memo: vec![UNKNOWN; 1 << 18],
        }
    }

    /// The value of a position for the side to move: +1 win, 0 draw, -1 loss.
    pub fn value(&mut self, board: Board) -> i8 {
        if let Some(winner) = self.rules.winner(board) {
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
        Board::after(moves)
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
    fn misere_every_opening_loses_but_the_centre_which_draws() {
        // The known result (three in a row loses, perfect play by both): the first player's
        // every opening loses, except the centre, which draws; so the game is a draw.
        let mut minimax = Minimax::new(Rules::Misere);
        for cell in 0..9 {
            let for_x = minimax.value(board(&[cell]));
            let expected = if cell == 4 { 0 } else { 1 };
            assert_eq!(for_x, expected, "o opens on {cell}");
        }
        assert_eq!(minimax.value(Board::default()), 0);
        assert_eq!(minimax.best_moves(Board::default()), vec![4]);
    }

    #[test]
    fn misere_winner_is_the_player_without_the_line() {
        let line = board(&[0, 3, 1, 4, 2]);
        assert_eq!(Rules::Normal.winner(line), Some(Mark::O));
        assert_eq!(Rules::Misere.winner(line), Some(Mark::X));
        assert_eq!(Rules::Misere.winner(board(&[0])), None);
        // x completing 3 4 5 has lost: o, to move, has won.
        let mut minimax = Minimax::new(Rules::Misere);
        assert_eq!(minimax.value(board(&[0, 3, 1, 4, 8, 5])), 1);
        // So with x to move on 3 and 4, 5 is never among x's best moves.
        assert!(!minimax.best_moves(board(&[0, 3, 8, 4, 6])).contains(&5));
    }

    #[test]
    fn a_finished_line_is_drawn_in_capitals() {
        let won = board(&[0, 3, 4, 5, 8]);
        assert_eq!(won.lines_made(), 0o421);
        assert_eq!(
            won.drawing_with_line(),
            " O | 1 | 2\n---+---+---\n x | O | x\n---+---+---\n 6 | 7 | O\n"
        );
        assert_eq!(board(&[4]).lines_made(), 0);
    }

    #[test]
    fn draws_the_board_with_free_cell_numbers() {
        assert_eq!(
            board(&[4, 0]).to_string(),
            " x | 1 | 2\n---+---+---\n 3 | o | 5\n---+---+---\n 6 | 7 | 8\n"
        );
    }
}
