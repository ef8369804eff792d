//! Self-collision: no two points that are not grid neighbours closer than
//! the thickness.
//!
//! The original has "nothing to stop the cloth passing through itself":
//! once off the spheres it settles as a heap whose folds lie inside each
//! other. With self-collision, after each pass's moves and collisions,
//! every pair of points closer than the thickness `T` is pushed apart
//! along the line between them, each point by half the shortfall, to `T`
//! apart; so the folds of the heap lie in layers `T` apart.
//!
//! Grid neighbours are never pushed: points up to the springs' reach
//! apart in both `j` and `i` (one, or two with bending springs), which the
//! springs already keep apart (diagonal neighbours rest 0.141 apart, more
//! than any thickness they are allowed to be within).
//!
//! **Finding the pairs** is a spatial hash, not a look at every pair, and
//! its pairs are kept from pass to pass while the points stay near where
//! they were (a Verlet list, as molecular dynamics calls it; `pairs.rs`
//! in the source):
//!
//! - *Making the list.* Every point goes in the cell of a uniform grid of
//!   cubes [`WIDE_NEAR`]` T` across that holds it, the cells into a table
//!   of at least eight times as many slots as points by a hash of their
//!   coordinates (the column `(y, z)` scattered by Fibonacci hashing, plus
//!   `x`, so the three cells along `x` of a column have consecutive
//!   slots), one chain of points a slot, and each point looks in the 27
//!   cells round its own, nine runs of the table, for the points after it
//!   in the grid within `WIDE_NEAR T` that are not its grid neighbours:
//!   its partners. A cost per point that does not grow with the grid.
//! - *Wide or narrow.* That is a *wide* list, for a cloth that touches
//!   itself in few places (a falling or draping sheet's points that are
//!   not grid neighbours lie two spacings apart): its points may move far
//!   before the list must change. Where it finds many pairs within
//!   [`NEAR`]` T` (one for every [`DENSE`] points: a cloth lying on
//!   itself, a heap's layers), it keeps only those: a *narrow* list, which
//!   every sweep can go through quickly.
//! - *Keeping it.* Each point has an anchor, where it was when the list
//!   was made. While every point is within its drift allowance of its
//!   anchor ([`DRIFT`]` T` in a narrow list, [`WIDE_DRIFT`]` T` in a wide
//!   one), two points now closer than `T` had anchors close enough to be
//!   in the list. The allowance is measured after a move shared by every
//!   point, the mean of their moves, is taken off (two points' distance
//!   does not change when both move alike), so a sheet falling or sliding
//!   as a whole keeps its list. A point that moves further is *moved on*:
//!   its anchor becomes where it is, and its pairs with every point whose
//!   anchor is near enough are listed afresh (from the table and the
//!   points moved on before it); a point once moved on may then go twice
//!   as far ([`LOOSE_DRIFT`], [`WIDE_LOOSE_DRIFT`]; in a heap a few points
//!   are jostled by much of the thickness every pass). When an eighth of
//!   the points have been moved on, or the pairs found so are many, the
//!   list is made afresh. So the list holds every pair closer than `T`, at
//!   every moment, with a few points' worth of work a pass.
//!
//! **Pushing them apart**: a *sweep* goes through every pair `(a, b)`,
//! `a < b` by row-major index, in that order, and pushes it apart as soon
//! as it is found closer than `T`, with the positions as the earlier pushes
//! left them. The list holds every pair that could be pushed, so a sweep
//! does what a sweep through all `n^4 / 2` pairs would, to the bit:
//! whatever the list holds (made this pass, or many passes ago) the result
//! is the same, so a hash kept from pass to pass gives the bits of a fresh
//! one, and a run resumed from a state file goes on as the run would have.
//! A sweep passes over a pair neither of whose points moved in the last
//! sweep or this one (it was not pushed then, so it is not closer than `T`
//! now).
//!
//! - Each pass ends with one sweep ([`SWEEPS`], [`SpatialHash::separate`]).
//! - Each step ends ([`SpatialHash::settle`]) with sweeps until one pushes
//!   nothing, up to [`SETTLE_SWEEPS`], each pair pushed to `T` and a
//!   hundredth ([`SETTLE_SLACK`]), so that they get there in a few.
//! - A pass's push takes a pair to `T (1 + 1e-9)` apart ([`SLACK`]), a
//!   billionth more than `T`, so that rounding cannot leave it closer
//!   than `T`.
//! - A pinned point is not pushed (it stays where it is to the bit); its
//!   partner takes the whole push. Two pinned points are never pushed.
//! - The floor does not give way: where a push would take a point from on
//!   or above the floor to below it, the pair's free points are lifted by
//!   the difference (a free pair's distance is the same).
//! - Coincident points (or closer than about 1e-154) have no line between
//!   them: the later one in the grid goes up, the earlier down.
//!
//! **What it guarantees.** After every step, no two points that are not
//! grid neighbours are closer than `T`, unless points are *wedged*: the
//! step's sweeps stop at [`SETTLE_SWEEPS`] and leave them as the last
//! sweep did ([`Settled::left`] counts the pairs left closer). Pushes
//! cannot free a point held
//!
//! - between a pinned point and the floor (pushed down through the floor,
//!   it is lifted back to it), or
//! - on the line between two pinned points less than `2 T` apart (each
//!   pushes it back towards the other);
//!
//! and two pinned points closer than `T` stay so. No scene pins a point
//! near the floor or another pinned point closer than `T`; a state file
//! or an embedder can. Elsewhere the sweeps have got there every time
//! they were measured: in `tests/sim/self_collision.rs`, on a sheet folded
//! onto itself on the floor, with and without inertia, at the default
//! thickness and at 0.08, over 800 steps, no two points are closer than
//! `T` after any step (the original, with no self-collision, lets them
//! meet, 0.01 apart or less); the step's end needed at most 25 sweeps
//! there, and at most 25 in the drape's first 2,000 steps (15 on
//! average). Within a step, between passes, they can be closer: each pass
//! the springs (whose squashed push grows without limit) drag points back
//! into each other, and its one sweep need not undo all of that. The
//! pushes can also move a point a little way into a sphere (the next pass
//! pushes it out).
//!
//! **Layers.** Points, not triangles, keep their distance: with the
//! default thickness, half the spacing, a point of one layer fits through
//! the middle of a square of another (0.071 from its corners), so a layer
//! lying on another can sink into it, its points between the other's, and
//! settle as one interleaved sheet. A thickness above `0.1 / sqrt 2`
//! (0.0707) closes that gap.

#![forbid(unsafe_code)]

mod hash;
mod pairs;
mod push;
mod table;
mod tuning;

pub use hash::{Settled, SpatialHash};
pub use tuning::{
    DENSE, DRIFT, LOOSE_DRIFT, NEAR, SETTLE_SLACK, SETTLE_SWEEPS, SLACK, SWEEPS, WIDE_DRIFT,
    WIDE_LOOSE_DRIFT, WIDE_NEAR,
};
