//! The shared block `othello_search`: the inline module `search`, the exact search (the final score
//! under perfect play from any position, and a best play).
//!
//! This file is its one source. A submission must be a single file, so othello_endgame.rs and
//! othello_player.rs carry a copy of it between `// ---- shared: othello_search` and
//! `// ---- end shared: othello_search ----`. Edit it here, never in a copy, then write it into
//! them with `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while
//! a copy differs from this file.

/// The exact search: the final score under perfect play from any position, and a best play.
mod search {
    use super::board::{
        beside_corners, corner_stability, diagonal_to_corners, final_score, neighbours,
        stable_discs, ADJACENT, CORNERS, MAX_SCORE, X_SQUARES,
    };
    use super::evaluation::{Weights, PER_DISC};
    use super::moves::{after_move, flips, last_flip_count, moves};

    /// The best play from a position: the exact score and the move that gets it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Solution {
        pub score: i32,
        pub play: Play,
    }

    /// What the side to move does.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Play {
        Move(u32),
        Pass,
        GameOver,
    }

    /// Below every score: the best score of a node before any move is searched. Still this after
    /// the moves: there was no legal move.
    const NO_MOVE_YET: i32 = -MAX_SCORE - 1;
    /// Not a square: a table entry or a node without a best move.
    const NO_SQUARE: u8 = 64;

    /// At most this many empties: no table, and square by square (no move generation), but for
    /// a node with this many and at least `ORDERED_MOVES` moves, whose moves are ordered fastest
    /// first (`shallow_ordered`). Six: with 7 empties the moves ordered fastest first (as from
    /// 8) make 14% fewer nodes on FFO #20-#39 and 16% fewer on #40-#49 than 7 square by square
    /// (Edax's choice), in 1.5% less time, once the lists of moves near the end are sized to the
    /// position (`search_node`).
    const SHALLOW: u32 = 6;
    /// From this many empties, children are looked up in the table before any is searched. (A
    /// look up mostly misses the processor's caches: at 8 and 9 empties the nodes it saves cost
    /// less than the look ups.)
    const ETC_EMPTIES: u32 = 10;
    /// From this many empties, a node is looked up in the table and stored in it; at 7 and 8, in
    /// a small table of its own (`NEAR_BITS`), which stays in the processor's caches: the large
    /// one there cost more time than the nodes it saved, the small one saves as many nodes
    /// (9% on FFO #20-#39 and #40-#49) in 3% less time.
    const TABLE_EMPTIES: u32 = 9;
    /// log2 of the entry count of the table for 7 and 8 empties (2^14 entries of 24 bytes: 384
    /// KiB). 2^12 saved fewer nodes, 2^16 and more took more time.
    const NEAR_BITS: u32 = 14;
    /// log2 of the transposition table's largest entry count (2^21 entries of 24 bytes: 48 MiB).
    /// A position with fewer empties gets a smaller table (filling one costs time too).
    const TABLE_BITS: u32 = 21;
    /// log2 of the smallest table.
    const MIN_TABLE_BITS: u32 = 10;
    /// Above `SHALLOW`, the stability cutoff is tried only when alpha is at least this (below
    /// it, the other side would need more stable discs than endgames have) and the other side
    /// holds discs enough for the cut (a popcount first: counting stable discs costs more than a
    /// node).
    const STABILITY_ALPHA: i32 = 8;
    /// With 3 to 6 empties, the stability cutoff is tried when alpha is at least this (by
    /// empties; never with fewer than 3), as Edax does from 4 with thresholds a little higher: on
    /// FFO #20-#39 17% fewer nodes, on #40-#49 33% fewer (#48 65%; measured when 7 empties were
    /// searched square by square too, from +8), for a test that costs more than a node and so
    /// is made only where it can cut. At 3 empties from +2: 4-5% fewer nodes, in about the same
    /// time (from +0, or from +2 at 4 empties: 0.4-2% fewer nodes still, 2-3% more time).
    const SHALLOW_STABILITY_ALPHA: [i32; SHALLOW as usize + 1] =
        [MAX_SCORE + 1, MAX_SCORE + 1, MAX_SCORE + 1, 2, 4, 4, 6];
    /// With `SHALLOW` empties, the moves are ordered when there are at least this many (of
    /// two, the order costs more than it saves: 0.3-1.4% less time on FFO #20-#39 without it,
    /// for 0.2-0.6% more nodes).
    const ORDERED_MOVES: u32 = 3;
    /// Potential replies are counted in ordering only with at least this many empties.
    const POTENTIAL_EMPTIES: u32 = 10;
    /// Ordering (the weights were chosen by node counts on FFO endgames): each reply left to the
    /// other side weighs `REPLY_WEIGHT`, and a corner reply counts `1 + CORNER_REPLIES` times…
    const REPLY_WEIGHT: u32 = 16;
    const CORNER_REPLIES: u32 = 1;
    /// …each empty square next to a disc of the mover (a potential reply) this much…
    const POTENTIAL_WEIGHT: u32 = 4;
    /// …each stable disc of the mover on a corner or next to one along an edge this much in the
    /// move's favour…
    const CORNER_STABILITY_WEIGHT: u32 = 4;
    /// …and a move diagonally next to an empty corner this much against it, one next to an
    /// empty corner along an edge this much.
    const X_SQUARE_WEIGHT: u32 = 40;
    const C_SQUARE_WEIGHT: u32 = 8;
    /// From this many empties, the moves are ordered by a look ahead instead: a search one move
    /// deep (two from `TWO_MOVE_LOOK_AHEAD_EMPTIES`, four from `DEEP_LOOK_AHEAD_EMPTIES`) of
    /// the evaluation (`evaluation`; a finished game scores its disc difference), plus half the
    /// key of the order above (which alone would order a wipe-out badly: FFO #59 took 111 s
    /// instead of 0.1 s). Near the root a better first move saves far more than the look ahead
    /// costs: on FFO #49 (26 empties) it cut the nodes from 3.3 to 1.0 billion with mobility and
    /// corners as the evaluation, to 0.5 billion with the fitted patterns. The one-move look
    /// ahead at 14 and 15 empties took 5-8% off the nodes of FFO #20-#39, #40-#49 and 40 other
    /// positions of 20-23 empties (docs/OTHELLO.md); from 12 or 13, or deeper, it cost more
    /// time than it saved.
    const LOOK_AHEAD_EMPTIES: u32 = 14;
    const TWO_MOVE_LOOK_AHEAD_EMPTIES: u32 = 16;
    const DEEP_LOOK_AHEAD_EMPTIES: u32 = 18;
    /// A move whose look ahead is worse than the best so far by more than this (two and a half
    /// discs, about one move of mobility in the evaluation) is only bounded, not scored: a lower
    /// bound keeps it behind the best, and its search cuts far sooner.
    const LOOK_AHEAD_MARGIN: i32 = 20;
    /// A position whose best move the evaluation scores at a win (or a loss) by at least this
    /// many discs is searched with mobility and corners as the look ahead's score instead
    /// (`Scoring::Mobility`). Of FFO #40-#59 only #40 (+38; the evaluation's best move 33
    /// discs) and #59 (+64; 30.5) are; the next is #50 (+10; 16). (With the weights before, 35,
    /// 38 and 18.5, it was 32.)
    const LOPSIDED: i32 = 24;
    /// Mobility's scores: per move more than the other side has, per corner move more, per
    /// corner held more; a finished game scores its disc difference times `FINAL_WEIGHT`, above
    /// anything mobility can make (and within an `i16` key); one move's weight is the margin.
    const MOBILITY_WEIGHT: i32 = 16;
    const CORNER_MOVE_WEIGHT: i32 = 16;
    const CORNER_WEIGHT: i32 = 32;
    const FINAL_WEIGHT: i32 = 256;

    /// What the look ahead scores positions by, chosen once per position solved. The fitted
    /// evaluation orders the moves of endgames as played far better (FFO #53: 3.4 billion nodes
    /// against 6.3), but not those of a wipe-out: fitted to ordinary positions, it does not see
    /// that leaving the other side no move matters more than any pattern (FFO #59, +64, took 19
    /// billion nodes instead of 4 million, most of them as MTD(f) climbed past +40, and 309
    /// million with mobility ordering only the nodes whose window asked for more). Where the
    /// evaluation itself foresees such a margin, mobility and corners lead, as they did before.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    enum Scoring {
        #[default]
        Evaluation,
        Mobility,
    }

    impl Scoring {
        /// The scoring for `me`, who has the moves `legal` (at least one), to search with.
        fn for_position(weights: &Weights, me: u64, other: u64, legal: u64) -> Self {
            let mut best = i32::MIN;
            let mut rest = legal;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                let (next_me, next_other) = after_move(me, other, square, flips(me, other, square));
                let (replies, theirs) = (moves(next_me, next_other), moves(next_other, next_me));
                best = best.max(-weights.evaluate(next_me, next_other, replies, theirs));
            }
            if best.abs() >= LOPSIDED * PER_DISC {
                Scoring::Mobility
            } else {
                Scoring::Evaluation
            }
        }

        /// A finished game's score per disc of difference.
        fn per_disc(self) -> i32 {
            match self {
                Scoring::Evaluation => PER_DISC,
                Scoring::Mobility => FINAL_WEIGHT,
            }
        }

        /// How much worse than the best a move's look ahead may be and still be scored.
        fn margin(self) -> i32 {
            match self {
                Scoring::Evaluation => LOOK_AHEAD_MARGIN,
                Scoring::Mobility => MOBILITY_WEIGHT,
            }
        }

        /// The score of a position for `me`, who has the moves `legal`.
        #[inline(always)]
        fn score(self, weights: &Weights, me: u64, other: u64, legal: u64) -> i32 {
            let theirs = moves(other, me);
            if legal | theirs == 0 {
                return self.per_disc() * final_score(me, other);
            }
            if self == Scoring::Evaluation {
                return weights.evaluate(me, other, legal, theirs);
            }
            let difference =
                |mine: u64, theirs: u64| mine.count_ones() as i32 - theirs.count_ones() as i32;
            MOBILITY_WEIGHT * difference(legal, theirs)
                + CORNER_MOVE_WEIGHT * difference(legal & CORNERS, theirs & CORNERS)
                + CORNER_WEIGHT * difference(me & CORNERS, other & CORNERS)
        }
    }

    /// The most `me` can score with the other side's stable discs against it, when the other
    /// side holds discs enough for that to be at most `alpha` (a popcount first: counting stable
    /// discs costs more than a node); `None` when it cannot cut.
    #[inline(always)]
    fn stability_ceiling(me: u64, other: u64, alpha: i32) -> Option<i32> {
        if MAX_SCORE - 2 * other.count_ones() as i32 > alpha {
            return None;
        }
        Some(MAX_SCORE - 2 * stable_discs(other, me).count_ones() as i32)
    }

    /// With at most `SHALLOW` empties: the other side's stable discs cap this side's score, as
    /// in `search`; the cap when it is at most alpha (tried only from `SHALLOW_STABILITY_ALPHA`).
    #[inline(always)]
    fn shallow_stability_cut(me: u64, other: u64, alpha: i32, empties: u32) -> Option<i32> {
        if alpha < SHALLOW_STABILITY_ALPHA[empties as usize] {
            return None;
        }
        stability_ceiling(me, other, alpha).filter(|&ceiling| ceiling <= alpha)
    }

    /// The four quadrants (a1-d4, e1-h4, a5-d8, e5-h8): near the end, moves in a quadrant with
    /// an odd number of empties come first (parity: the last move in a region is worth having).
    pub const QUADRANTS: [u64; 4] = [
        0x0000_0000_0F0F_0F0F,
        0x0000_0000_F0F0_F0F0,
        0x0F0F_0F0F_0000_0000,
        0xF0F0_F0F0_0000_0000,
    ];

    /// The quadrant (0-3) of a square.
    #[inline(always)]
    fn quadrant(square: u32) -> u32 {
        (square >> 2 & 1) | (square >> 4 & 2)
    }

    /// Parity as four bits, one per quadrant holding an odd number of empties.
    pub fn parity(empty: u64) -> u32 {
        // Fold each quadrant onto its first square by xor: ranks 1-4 onto rank 1 and 5-8 onto
        // rank 5, then files a-d onto file a and e-h onto file e. Bits 0, 4, 32 and 36 remain.
        let mut folded = empty ^ empty >> 8;
        folded ^= folded >> 16;
        folded ^= folded >> 1;
        folded ^= folded >> 2;
        (folded & 1 | folded >> 3 & 2 | folded >> 30 & 4 | folded >> 33 & 8) as u32
    }

    /// `PARITY_SQUARES[parity]`: the squares of the quadrants whose parity bit is set.
    const PARITY_SQUARES: [u64; 16] = parity_squares();

    const fn parity_squares() -> [u64; 16] {
        let mut table = [0u64; 16];
        let mut parity = 0;
        while parity < 16 {
            let mut index = 0;
            while index < 4 {
                if parity & 1 << index != 0 {
                    table[parity] |= QUADRANTS[index];
                }
                index += 1;
            }
            parity += 1;
        }
        table
    }

    /// From this many empties, a search beside others (`Memory::SHARED`) tells them which
    /// moves it is searching, and puts off a move another is searching.
    const DEFER_EMPTIES: u32 = 12;

    /// One remembered position: its exact score lies in [lower, upper]; `best` was its best
    /// move.
    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
    pub struct Entry {
        pub me: u64,
        pub other: u64,
        pub lower: i8,
        pub upper: i8,
        pub best: u8,
        pub empties: u8,
    }

    impl Entry {
        /// What a search in (alpha, beta) that found `best` proves: a lower bound when it failed
        /// high, the exact score inside the window, an upper bound when it failed low.
        fn proven(me: u64, other: u64, empties: u32, window: (i32, i32), best: (i32, u8)) -> Self {
            let (alpha, beta) = window;
            let (score, square) = best;
            let (lower, upper) = if score >= beta {
                (score, MAX_SCORE)
            } else if score > alpha {
                (score, score)
            } else {
                (-MAX_SCORE, score)
            };
            Entry {
                me,
                other,
                lower: lower as i8,
                upper: upper as i8,
                best: square,
                empties: empties as u8,
            }
        }

        /// The bound that settles a search in (alpha, beta) without searching, if there is one.
        fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
            let (lower, upper) = (self.lower as i32, self.upper as i32);
            if lower >= beta {
                Some(lower)
            } else if upper <= alpha {
                Some(upper)
            } else {
                None
            }
        }
    }

    /// A move being ordered: its sort key, square, the discs it flips and the replies it leaves.
    #[derive(Clone, Copy, Default)]
    struct Child {
        flipped: u64,
        replies: u64,
        key: i16,
        square: u8,
    }

    /// With at most this many empties, a node's moves are ordered in a list of this length.
    const SHORT_LIST: u32 = 16;

    impl Child {
        /// The position after this move, from the view of the side that replies.
        #[inline(always)]
        fn position(&self, me: u64, other: u64) -> (u64, u64) {
            after_move(me, other, self.square as u32, self.flipped)
        }
    }

    /// log2 of the entry count of a table that suits a position with this many empties: an
    /// entry for every eighth of 2^empties, up to the largest. A fresh table's pages cost time
    /// as they are first written: at 20 empties 3 MiB instead of 48 MiB made FFO #40 5% faster
    /// for 0.2% more nodes.
    pub fn table_bits(empties: u32) -> u32 {
        empties.saturating_sub(3).clamp(MIN_TABLE_BITS, TABLE_BITS)
    }

    /// The first of the two entries a position may sit in, in a table of 2^`bits` entries.
    #[inline(always)]
    pub fn bucket(me: u64, other: u64, bits: u32) -> usize {
        let mixed = (me ^ other.rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - bits)) as usize & !1
    }

    /// Where a search keeps what it proved, and what it hears of searches beside it: `Table`
    /// for a search alone; othello_endgame's table shared by threads for `--threads`.
    pub trait Memory {
        /// Whether other threads search the same position with the same memory.
        const SHARED: bool;
        /// Makes room for a position with this many empties.
        fn fit(&mut self, empties: u32);
        fn probe(&self, me: u64, other: u64) -> Option<Entry>;
        fn store(&mut self, entry: Entry);
        /// Whether this thread's search below some node is no longer wanted (another thread
        /// finished the pass, or cut a node this thread is in): it then unwinds at once to that
        /// node (`cut_here` is asked first), storing nothing, and what it returns on the way
        /// means nothing.
        fn stopped(&self) -> bool {
            false
        }
        /// This thread starts searching the moves of a node in a window below `beta`.
        fn enter(&mut self, _me: u64, _other: u64, _beta: i32) {}
        /// …and is done with the node it entered last.
        fn leave(&mut self) {}
        /// Whether another thread has meanwhile cut a node this thread is in (the table holds
        /// a bound at least its beta): if so, this thread unwinds to it (`stopped`)…
        fn cut_above(&mut self) -> bool {
            false
        }
        /// …where this gives the bound and the move that cut it.
        fn cut_here(&mut self) -> Option<(i32, u8)> {
            None
        }
        /// Whether another thread is searching this position now.
        fn busy(&self, _me: u64, _other: u64) -> bool {
            false
        }
        /// This thread starts (`searching`) or ends searching this position.
        fn mark(&self, _me: u64, _other: u64, _searching: bool) {}
        /// What a pass of the root search found, as the threads agree on it (the first to
        /// finish the pass says; `found` is `None` when this one was stopped).
        fn agree(&mut self, found: Option<(i32, u8)>) -> Option<(i32, u8)> {
            found
        }
    }

    /// The transposition table of a search alone (and the small one of each search for 7 and 8
    /// empties): allocated when a position first needs it, grown for a larger one, kept between
    /// positions since exact bounds stay true.
    #[derive(Default)]
    pub struct Table {
        entries: Vec<Entry>,
        bits: u32,
    }

    impl Table {
        /// Grows the table (once, to stay) to at least 2^`bits` entries.
        fn grow(&mut self, bits: u32) {
            if bits > self.bits {
                self.entries = vec![Entry::default(); 1 << bits];
                self.bits = bits;
            }
        }
    }

    impl Memory for Table {
        const SHARED: bool = false;

        /// Grows the table to suit a position with this many empties.
        fn fit(&mut self, empties: u32) {
            self.grow(table_bits(empties));
        }

        fn probe(&self, me: u64, other: u64) -> Option<Entry> {
            let bucket = bucket(me, other, self.bits);
            self.entries[bucket..bucket + 2]
                .iter()
                .find(|entry| entry.me == me && entry.other == other)
                .copied()
        }

        /// Stores an entry over the same position, else over the shallower of the two.
        fn store(&mut self, entry: Entry) {
            let bucket = bucket(entry.me, entry.other, self.bits);
            let pair = &mut self.entries[bucket..bucket + 2];
            let same = pair
                .iter()
                .position(|old| old.me == entry.me && old.other == entry.other);
            let at = same.unwrap_or(if pair[0].empties <= pair[1].empties {
                0
            } else {
                1
            });
            pair[at] = entry;
        }
    }

    /// The search: what it remembers (`Memory`), the weights its look ahead evaluates with, how
    /// it scores (for the position being solved) and its node count.
    #[derive(Default)]
    pub struct Searcher<M> {
        memory: M,
        weights: Weights,
        scoring: Scoring,
        /// The positions searched below the root, each once (a pass searches its position again,
        /// for the other side), down to those with one empty square (the last move is scored,
        /// not searched), and each position of the look ahead. Edax counts so too, and also the
        /// root, each move it keys to order a node and each child its enhanced transposition
        /// cutoff looks up: counted so, FFO #20-#39 takes 58% more (docs/OTHELLO.md,
        /// "Counting nodes as Edax does").
        pub nodes: u64,
        /// What it proved of positions with fewer than `TABLE_EMPTIES` empties: its own, beside
        /// other threads too.
        near: Table,
    }

    /// The search of one thread, with a table of its own.
    pub type Solver = Searcher<Table>;

    impl<M: Memory> Searcher<M> {
        /// A search that keeps what it proves in `memory`.
        #[allow(dead_code)] // othello_player searches alone
        pub fn with_memory(memory: M) -> Self {
            Searcher {
                memory,
                weights: Weights::default(),
                scoring: Scoring::Evaluation,
                nodes: 0,
                near: Table::default(),
            }
        }

        /// Whether this search is to unwind (only ever beside other threads).
        #[inline(always)]
        fn stopped(&self) -> bool {
            M::SHARED && self.memory.stopped()
        }

        /// The exact score with one empty square left, `me` to move.
        #[inline(always)]
        fn last_one(&mut self, me: u64, other: u64, square: u32) -> i32 {
            self.nodes += 1;
            // With no empty square left the score is the disc difference: 2 * mine - 64.
            let flipped = last_flip_count(me, square);
            if flipped != 0 {
                return 2 * (me.count_ones() + flipped) as i32 + 2 - 64;
            }
            let flipped = last_flip_count(other, square);
            if flipped != 0 {
                return 64 - 2 * (other.count_ones() + flipped) as i32 - 2;
            }
            final_score(me, other)
        }

        /// The exact score with two empty squares left, `me` to move.
        fn last_two(
            &mut self,
            me: u64,
            other: u64,
            mut alpha: i32,
            beta: i32,
            passed: bool,
        ) -> i32 {
            self.nodes += 1;
            let empty = !(me | other);
            let first = empty.trailing_zeros();
            let second = (empty & (empty - 1)).trailing_zeros();
            let mut best = NO_MOVE_YET;
            for (square, last) in [(first, second), (second, first)] {
                if ADJACENT[square as usize] & other == 0 {
                    continue;
                }
                let flipped = flips(me, other, square);
                if flipped == 0 {
                    continue;
                }
                let (next_me, next_other) = after_move(me, other, square, flipped);
                let score = -self.last_one(next_me, next_other, last);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha = alpha.max(score);
                }
            }
            if best == NO_MOVE_YET {
                if passed {
                    return final_score(me, other);
                }
                return -self.last_two(other, me, -beta, -alpha, true);
            }
            best
        }

        /// With `SHALLOW` empties and at least `ORDERED_MOVES` moves (`legal`): the moves keyed
        /// and ordered as from 7 (`ordered_moves`, fewest replies first), in a list of `SHALLOW`,
        /// no table; below, square by square, each child's moves known. Against square by square
        /// here too: 9% fewer nodes on FFO #20-#39 and 6% on #40-#49, more of them cut at the
        /// first move, for a key per move that costs about as much as the nodes saved.
        fn shallow_ordered(
            &mut self,
            (me, other): (u64, u64),
            legal: u64,
            (mut alpha, beta): (i32, i32),
            parity: u32,
        ) -> i32 {
            self.nodes += 1;
            if let Some(cut) = shallow_stability_cut(me, other, alpha, SHALLOW) {
                return cut;
            }
            let mut list = [Child::default(); SHALLOW as usize];
            let count = Self::ordered_moves(me, other, legal, &mut list);
            let mut best = NO_MOVE_YET;
            for child in &list[..count] {
                let (next_me, next_other) = child.position(me, other);
                let next_parity = parity ^ 1 << quadrant(child.square as u32);
                let score = -self.shallow(
                    next_me,
                    next_other,
                    -beta,
                    -alpha,
                    SHALLOW - 1,
                    next_parity,
                    false,
                    child.replies,
                );
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha = alpha.max(score);
                }
            }
            best
        }

        /// Near the end: every square of `squares` (the empty ones, or the moves where they are
        /// known) is tried, those of odd quadrants first (`parity` has a bit per quadrant with an
        /// odd number of empties) and in each the squares diagonally next to a corner last; no
        /// table, no sorting.
        #[allow(clippy::too_many_arguments)]
        fn shallow(
            &mut self,
            me: u64,
            other: u64,
            mut alpha: i32,
            beta: i32,
            empties: u32,
            parity: u32,
            passed: bool,
            squares: u64,
        ) -> i32 {
            if empties == 2 {
                return self.last_two(me, other, alpha, beta, passed);
            }
            self.nodes += 1;
            if let Some(cut) = shallow_stability_cut(me, other, alpha, empties) {
                return cut;
            }
            let odd = PARITY_SQUARES[parity as usize];
            let mut best = NO_MOVE_YET;
            for mut group in [
                squares & odd & !X_SQUARES,
                squares & odd & X_SQUARES,
                squares & !odd & !X_SQUARES,
                squares & !odd & X_SQUARES,
            ] {
                while group != 0 {
                    let square = group.trailing_zeros();
                    group &= group - 1;
                    if ADJACENT[square as usize] & other == 0 {
                        continue;
                    }
                    let flipped = flips(me, other, square);
                    if flipped == 0 {
                        continue;
                    }
                    let (next_me, next_other) = after_move(me, other, square, flipped);
                    let next_parity = parity ^ 1 << quadrant(square);
                    let next_empty = !(next_me | next_other);
                    let score = -self.shallow(
                        next_me,
                        next_other,
                        -beta,
                        -alpha,
                        empties - 1,
                        next_parity,
                        false,
                        next_empty,
                    );
                    if score > best {
                        best = score;
                        if score >= beta {
                            return score;
                        }
                        alpha = alpha.max(score);
                    }
                }
            }
            if best == NO_MOVE_YET {
                // No move: pass, or the game is over.
                if passed {
                    return final_score(me, other);
                }
                let empty = !(me | other);
                return -self.shallow(other, me, -beta, -alpha, empties, parity, true, empty);
            }
            best
        }

        /// The score (by `scoring`) of a position `depth` moves ahead, `me` to move with
        /// the moves `legal`, by alpha-beta in (alpha, beta), fail-soft; no table. Each position
        /// counts as a node. Above the last move, the moves are searched fewest replies first:
        /// the score is the same in any order, but alpha-beta cuts sooner (on FFO #53, 11% fewer
        /// nodes in all; the look ahead had taken a quarter of the time on #52).
        #[allow(clippy::too_many_arguments)]
        fn look_ahead(
            &mut self,
            scoring: Scoring,
            me: u64,
            other: u64,
            legal: u64,
            depth: u32,
            mut alpha: i32,
            beta: i32,
        ) -> i32 {
            self.nodes += 1;
            if depth == 0 {
                return scoring.score(&self.weights, me, other, legal);
            }
            if legal == 0 {
                let replies = moves(other, me);
                if replies == 0 {
                    return scoring.per_disc() * final_score(me, other);
                }
                return -self.look_ahead(scoring, other, me, replies, depth - 1, -beta, -alpha);
            }
            let mut order = [(0u8, 0u8); 64]; // (replies, square)
            let mut count = 0;
            let mut rest = legal;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                let replies = if depth >= 2 {
                    let (next_me, next_other) =
                        after_move(me, other, square, flips(me, other, square));
                    moves(next_me, next_other).count_ones() as u8
                } else {
                    0
                };
                let mut at = count;
                while at > 0 && order[at - 1].0 > replies {
                    order[at] = order[at - 1];
                    at -= 1;
                }
                order[at] = (replies, square as u8);
                count += 1;
            }
            let mut best = i32::MIN;
            for &(_, square) in &order[..count] {
                let square = square as u32;
                let (next_me, next_other) = after_move(me, other, square, flips(me, other, square));
                let replies = moves(next_me, next_other);
                let score = -self.look_ahead(
                    scoring,
                    next_me,
                    next_other,
                    replies,
                    depth - 1,
                    -beta,
                    -alpha,
                );
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha = alpha.max(score);
                }
            }
            best
        }

        /// With at least `LOOK_AHEAD_EMPTIES` empties, the moves of `list` (keyed and ordered
        /// by `ordered_moves`) ordered again by a look ahead from each (a bound for those worse
        /// than the best before them by the scoring's margin) plus half their key, best for `me`
        /// first; the order they had breaks ties.
        fn order_by_look_ahead(&mut self, me: u64, other: u64, list: &mut [Child], empties: u32) {
            if empties < LOOK_AHEAD_EMPTIES {
                return;
            }
            let depth = if empties >= DEEP_LOOK_AHEAD_EMPTIES {
                4
            } else if empties >= TWO_MOVE_LOOK_AHEAD_EMPTIES {
                2
            } else {
                1
            };
            let scoring = self.scoring;
            let (limit, margin) = (scoring.per_disc() * MAX_SCORE + 1, scoring.margin());
            // The best (lowest) score so far, and so the window for the next move.
            let mut best = limit - margin;
            for child in list.iter_mut() {
                let (next_me, next_other) = child.position(me, other);
                // The score for the side that replies: the lower, the better the move.
                let ceiling = best + margin;
                let (replies, window) = (child.replies, (-limit, ceiling));
                let score = self.look_ahead(
                    scoring, next_me, next_other, replies, depth, window.0, window.1,
                );
                best = best.min(score);
                child.key = (score + child.key as i32 / 2) as i16;
            }
            list.sort_by_key(|child| child.key); // stable: ties keep their order
        }

        /// The moves of `me`, best first: the fewest replies for `other` (corners count more),
        /// fewest potential replies, most stable corner discs, and not next to an empty corner.
        /// Each comes with the discs it flips and the replies it leaves.
        fn ordered_moves(me: u64, other: u64, legal: u64, list: &mut [Child]) -> usize {
            let empties = 64 - (me | other).count_ones();
            // Moves next to an empty corner can open it to the other side.
            let empty_corners = !(me | other) & CORNERS;
            let (risky_x, risky_c) = (
                diagonal_to_corners(empty_corners),
                beside_corners(empty_corners),
            );
            let mut count = 0;
            let mut remaining = legal;
            while remaining != 0 {
                let square = remaining.trailing_zeros();
                remaining &= remaining - 1;
                let flipped = flips(me, other, square);
                let (next_me, next_other) = after_move(me, other, square, flipped);
                let replies = moves(next_me, next_other);
                let key = {
                    let mine = next_other;
                    let potential = if empties >= POTENTIAL_EMPTIES {
                        (neighbours(mine) & !(mine | other)).count_ones()
                    } else {
                        0
                    };
                    (REPLY_WEIGHT
                        * (replies.count_ones()
                            + CORNER_REPLIES * (replies & CORNERS).count_ones())
                        + POTENTIAL_WEIGHT * potential) as i32
                        - (CORNER_STABILITY_WEIGHT * corner_stability(mine)) as i32
                        + (X_SQUARE_WEIGHT * (risky_x >> square & 1) as u32) as i32
                        + (C_SQUARE_WEIGHT * (risky_c >> square & 1) as u32) as i32
                };
                let child = Child {
                    flipped,
                    replies,
                    key: key as i16,
                    square: square as u8,
                };
                // Insertion sort: the lists are short.
                let mut at = count;
                while at > 0 && list[at - 1].key > key as i16 {
                    list[at] = list[at - 1];
                    at -= 1;
                }
                list[at] = child;
                count += 1;
            }
            count
        }

        /// A move's score in (alpha, beta) by principal variation search: the first move of a
        /// node gets the whole window; a later one a null window at alpha first, which proves it
        /// no better, else it is searched again in the window above what it proved.
        #[inline(always)]
        fn child_score(
            &mut self,
            (next_me, next_other): (u64, u64),
            replies: u64,
            (alpha, beta): (i32, i32),
            first: bool,
        ) -> i32 {
            if first {
                return -self.search(next_me, next_other, replies, -beta, -alpha, false);
            }
            let score = -self.search(next_me, next_other, replies, -alpha - 1, -alpha, false);
            if score > alpha && score < beta && !self.stopped() {
                return -self.search(next_me, next_other, replies, -beta, -score, false);
            }
            score
        }

        /// `child_score`, with the threads beside this one told that this thread searches the
        /// move, at a node with `empties` empties.
        #[inline(always)]
        fn marked_child_score(
            &mut self,
            next: (u64, u64),
            replies: u64,
            window: (i32, i32),
            first: bool,
            empties: u32,
        ) -> i32 {
            let mark = M::SHARED && empties >= DEFER_EMPTIES;
            if mark {
                self.memory.mark(next.0, next.1, true);
            }
            let score = self.child_score(next, replies, window, first);
            if mark {
                self.memory.mark(next.0, next.1, false);
            }
            score
        }

        /// The moves of `list`, in order, in (alpha, beta) after the best found so far (`best`
        /// is `NO_MOVE_YET` before any): the best score and its square, or `None` if the search
        /// was stopped. Beside other threads, a move (after the first) that another thread is
        /// searching is put off until the others are done, when the table may hold its score
        /// (simplified ABDADA): so the threads spread over the moves of a node.
        fn search_list(
            &mut self,
            (me, other): (u64, u64),
            list: &[Child],
            (mut alpha, beta): (i32, i32),
            (mut best, mut best_square): (i32, u8),
            empties: u32,
        ) -> Option<(i32, u8)> {
            let mut waiting: u64 = (1 << list.len()) - 1;
            for may_put_off in [M::SHARED && empties >= DEFER_EMPTIES, false] {
                let mut left = waiting;
                while left != 0 {
                    let index = left.trailing_zeros() as usize;
                    left &= left - 1;
                    let child = &list[index];
                    let next = child.position(me, other);
                    let first = best == NO_MOVE_YET;
                    if may_put_off && !first {
                        if self.memory.cut_above() {
                            return self.memory.cut_here(); // here, or unwinding to it
                        }
                        if self.memory.busy(next.0, next.1) {
                            continue;
                        }
                    }
                    waiting &= !(1 << index);
                    let window = (alpha, beta);
                    let score =
                        self.marked_child_score(next, child.replies, window, first, empties);
                    if let Some(cut) = self.memory.cut_here() {
                        return Some(cut);
                    }
                    if self.stopped() {
                        return None;
                    }
                    if score > best {
                        best = score;
                        best_square = child.square;
                        if score >= beta {
                            return Some((best, best_square));
                        }
                        alpha = alpha.max(score);
                    }
                }
            }
            Some((best, best_square))
        }

        /// Exact negamax in (alpha, beta), fail-soft, `me` to move with the moves `legal`.
        fn search(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            mut alpha: i32,
            mut beta: i32,
            passed: bool,
        ) -> i32 {
            let empties = 64 - (me | other).count_ones();
            if empties <= SHALLOW {
                let parity = parity(!(me | other));
                if empties == SHALLOW && legal.count_ones() >= ORDERED_MOVES {
                    return self.shallow_ordered((me, other), legal, (alpha, beta), parity);
                }
                return self.shallow(me, other, alpha, beta, empties, parity, passed, legal);
            }
            self.nodes += 1;
            if legal == 0 {
                if passed {
                    return final_score(me, other);
                }
                let replies = moves(other, me);
                return -self.search(other, me, replies, -beta, -alpha, true);
            }
            // Stability: the other side's stable discs cap this side's score.
            if alpha >= STABILITY_ALPHA {
                if let Some(ceiling) = stability_ceiling(me, other, alpha) {
                    if ceiling <= alpha {
                        return ceiling;
                    }
                    beta = beta.min(ceiling);
                }
            }
            if self.stopped() {
                return 0;
            }
            let mut hint = NO_SQUARE;
            let known = if empties >= TABLE_EMPTIES {
                self.memory.probe(me, other)
            } else {
                self.near.probe(me, other)
            };
            if let Some(entry) = known {
                if let Some(bound) = entry.cutoff(alpha, beta) {
                    return bound;
                }
                alpha = alpha.max(entry.lower as i32);
                beta = beta.min(entry.upper as i32);
                hint = entry.best;
            }
            self.search_moves(me, other, legal, hint, (alpha, beta), empties)
        }

        /// The moves of a node in (alpha, beta), the table's move `hint` first; stores what the
        /// search proves. Beside other threads, they are told of the node (`Memory::enter`).
        fn search_moves(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            hint: u8,
            window: (i32, i32),
            empties: u32,
        ) -> i32 {
            if !(M::SHARED && empties >= DEFER_EMPTIES) {
                return self.search_node(me, other, legal, hint, window, empties);
            }
            self.memory.enter(me, other, window.1);
            let score = self.search_node(me, other, legal, hint, window, empties);
            self.memory.leave();
            score
        }

        /// `search_moves` itself.
        fn search_node(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            hint: u8,
            (mut alpha, beta): (i32, i32),
            empties: u32,
        ) -> i32 {
            let window = (alpha, beta);
            let (mut best, mut best_square) = (NO_MOVE_YET, NO_SQUARE);
            let mut rest = legal;
            // The table's move first, before the others are generated and sorted: at a node that
            // fails high it is often the only move ever searched.
            if hint != NO_SQUARE && legal & 1 << hint != 0 {
                rest &= !(1 << hint);
                let next = after_move(me, other, hint as u32, flips(me, other, hint as u32));
                let replies = moves(next.0, next.1);
                best = self.marked_child_score(next, replies, (alpha, beta), true, empties);
                if let Some((cut, _)) = self.memory.cut_here() {
                    return cut;
                }
                if self.stopped() {
                    return 0;
                }
                best_square = hint;
                alpha = alpha.max(best);
            }
            if best < beta && rest != 0 {
                // A node has at most a move per empty square: near the end a short list, as
                // zeroing one of 64 children (1.5 KiB) at every node costs time there.
                let (mut short, mut long);
                let list: &mut [Child] = if empties <= SHORT_LIST {
                    short = [Child::default(); SHORT_LIST as usize];
                    &mut short
                } else {
                    long = [Child::default(); 64]; // a position can have more than 32 moves
                    &mut long
                };
                let count = Self::ordered_moves(me, other, rest, list);
                // Before the look ahead, which a known refutation makes needless.
                if empties >= ETC_EMPTIES {
                    if let Some(bound) = self.known_refutation(me, other, &list[..count], beta) {
                        return bound;
                    }
                }
                self.order_by_look_ahead(me, other, &mut list[..count], empties);
                let found = (best, best_square);
                match self.search_list((me, other), &list[..count], (alpha, beta), found, empties) {
                    Some(found) => (best, best_square) = found,
                    None => return 0,
                }
            }
            let entry = Entry::proven(me, other, empties, window, (best, best_square));
            if empties >= TABLE_EMPTIES {
                self.memory.store(entry);
            } else {
                self.near.store(entry);
            }
            best
        }

        /// Enhanced transposition cutoff: a child the table already knows to be bad enough for
        /// the other side (its score for `me` at least `beta`) ends the search before any more
        /// is searched.
        fn known_refutation(&self, me: u64, other: u64, list: &[Child], beta: i32) -> Option<i32> {
            for child in list {
                let (next_me, next_other) = child.position(me, other);
                if let Some(entry) = self.memory.probe(next_me, next_other) {
                    if -(entry.upper as i32) >= beta {
                        return Some(-(entry.upper as i32));
                    }
                }
            }
            None
        }

        /// The exact score and a best play for `me` to move.
        pub fn solve(&mut self, me: u64, other: u64) -> Solution {
            self.memory.fit(64 - (me | other).count_ones());
            self.near.grow(NEAR_BITS);
            let legal = moves(me, other);
            if legal != 0 {
                let (score, square) = self.best_move(me, other, legal);
                return Solution {
                    score,
                    play: Play::Move(square as u32),
                };
            }
            let replies = moves(other, me);
            if replies == 0 {
                return Solution {
                    score: final_score(me, other),
                    play: Play::GameOver,
                };
            }
            let (score, _) = self.best_move(other, me, replies);
            Solution {
                score: -score,
                play: Play::Pass,
            }
        }

        /// The exact score and a best move of `me`, who has the moves `legal`. MTD(f): windows
        /// two wide around a guess, each proving a bound that moves the guess, until one holds
        /// the score. Narrow windows cut far more than one full window costs, and the table
        /// keeps what each pass learned for the next.
        fn best_move(&mut self, me: u64, other: u64, legal: u64) -> (i32, u8) {
            let mut list = [Child::default(); 64]; // a position can have more than 32 moves
            let count = Self::ordered_moves(me, other, legal, &mut list);
            let empties = 64 - (me | other).count_ones();
            self.scoring = Scoring::for_position(&self.weights, me, other, legal);
            self.order_by_look_ahead(me, other, &mut list[..count], empties);
            let mut guess = 0;
            loop {
                let window = (guess - 1, guess + 1);
                let found = self.root(me, other, &mut list[..count], window);
                let (score, square) = self.memory.agree(found).unwrap_or((guess, NO_SQUARE));
                if score == guess {
                    return (score, square);
                }
                guess = score;
            }
        }

        /// PVS over the root moves in (alpha, beta), fail-soft: a score in the window is exact,
        /// one outside it a bound (`None` if stopped). The best move goes to the front of `list`
        /// for the next pass.
        fn root(
            &mut self,
            me: u64,
            other: u64,
            list: &mut [Child],
            window: (i32, i32),
        ) -> Option<(i32, u8)> {
            let empties = 64 - (me | other).count_ones();
            let nothing = (NO_MOVE_YET, NO_SQUARE);
            let told = M::SHARED && empties >= DEFER_EMPTIES;
            if told {
                self.memory.enter(me, other, window.1);
            }
            let found = self.search_list((me, other), list, window, nothing, empties);
            if told {
                self.memory.leave();
            }
            let (best, square) = found?;
            let best_index = list.iter().position(|child| child.square == square);
            list[..=best_index.unwrap_or(0)].rotate_right(1);
            Some((best, list[0].square))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// A board of an .obf line (a1 … h8) as bitboards: X's discs, O's.
        fn bitboards(board: &str) -> (u64, u64) {
            let (mut black, mut white) = (0u64, 0u64);
            for (square, mark) in board.bytes().take(64).enumerate() {
                match mark {
                    b'X' => black |= 1 << square,
                    b'O' => white |= 1 << square,
                    _ => {}
                }
            }
            (black, white)
        }

        #[test]
        fn a_wipe_out_is_searched_by_mobility_and_an_even_endgame_by_the_evaluation() {
            let weights = Weights::default();
            // X to move in both.
            let scoring = |line: &str| {
                let (me, other) = bitboards(line);
                Scoring::for_position(&weights, me, other, moves(me, other))
            };
            // FFO #59 (+64) and #41 (+0).
            let wipe_out = "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X";
            let even = "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X";
            assert_eq!(scoring(wipe_out), Scoring::Mobility);
            assert_eq!(scoring(even), Scoring::Evaluation);
            // The same wipe-out seen from the side being wiped out (after a pass of X's, were it
            // possible): a loss by as many discs asks for mobility too.
            let (me, other) = bitboards(wipe_out);
            let theirs = moves(other, me);
            assert_eq!(
                Scoring::for_position(&weights, other, me, theirs),
                Scoring::Mobility
            );
        }

        #[test]
        fn a_position_with_34_moves_lists_them_all_and_the_look_ahead_keeps_them() {
            // Not from a game (a search for many moves made it): X has 34 moves, 34 empties.
            let line = "-X--OX---OOX--OX--X--OX--OX-X-X---OOOXO---OXOXO-O---O-O-XO------";
            let (me, other) = bitboards(line);
            let legal = moves(me, other);
            assert_eq!(legal.count_ones(), 34);
            let mut list = [Child::default(); 64];
            let count = Solver::ordered_moves(me, other, legal, &mut list);
            let squares = |list: &[Child]| list.iter().fold(0u64, |set, c| set | 1 << c.square);
            assert_eq!((count, squares(&list[..count])), (34, legal));
            let before: Vec<u8> = list[..count].iter().map(|child| child.square).collect();
            let mut solver = Solver::default();
            // Below its threshold the look ahead leaves the order alone.
            solver.order_by_look_ahead(me, other, &mut list[..count], LOOK_AHEAD_EMPTIES - 1);
            let after: Vec<u8> = list[..count].iter().map(|child| child.square).collect();
            assert_eq!(after, before);
            solver.order_by_look_ahead(me, other, &mut list[..count], 34);
            assert_eq!(squares(&list[..count]), legal);
            assert!(list[..count]
                .windows(2)
                .all(|pair| pair[0].key <= pair[1].key));
            assert!(
                solver.nodes > 34,
                "each move looked ahead: {}",
                solver.nodes
            );
        }
    }
}
