//! The shared block `legal`: `Illegal` and `check_legal`: why a board cannot arise in a game where
//! `o` moves first.
//!
//! This file is its one source. A submission must be a single file, so move_values.rs and
//! perfect_play.rs carry a copy of it between `// ---- shared: legal` and
//! `// ---- end shared: legal ----`. Edit it here, never in a copy, then write it into them with
//! `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a copy
//! differs from this file.

/// Why a board cannot arise in a game where `o` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    Counts { o: u32, x: u32 },
    BothLines,
    OLineButXMoved,
    XLineButOMoved,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Illegal::Counts { o, x } => write!(
                f,
                "illegal position: {o} o and {x} x (o moves first, so o must have as many as x or one more)"
            ),
            Illegal::BothLines => write!(f, "illegal position: both o and x have three in a row"),
            Illegal::OLineButXMoved => write!(
                f,
                "illegal position: o has three in a row but x moved after it (equal counts)"
            ),
            Illegal::XLineButOMoved => write!(
                f,
                "illegal position: x has three in a row but o moved after it (o has one more)"
            ),
        }
    }
}

/// The legality rules of the statement.
fn check_legal(board: Board) -> Result<(), Illegal> {
    let (o, x) = (board.o.count_ones(), board.x.count_ones());
    let o_to_move = board.o_to_move();
    if !o_to_move && o != x + 1 {
        return Err(Illegal::Counts { o, x });
    }
    match (has_line(board.o), has_line(board.x)) {
        (true, true) => Err(Illegal::BothLines),
        (true, false) if o_to_move => Err(Illegal::OLineButXMoved),
        (false, true) if !o_to_move => Err(Illegal::XLineButOMoved),
        _ => Ok(()),
    }
}
