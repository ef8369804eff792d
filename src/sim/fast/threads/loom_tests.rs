//! The bands' hand-off, model-checked with loom: every interleaving of
//! the bands' waits, posts and mailbox copies, under the C11 memory model,
//! with the real counts (`Progress`, whose atomics are loom's under
//! `--cfg loom`), the real sweep directions (`up`) and the real choice of
//! which count each band waits for (`facing`).
//!
//! A band's pass is modelled by what it shares: before it first reads the
//! row beyond an edge it waits for the neighbour's count and copies the
//! neighbour's edge row of the last pass out of its mailbox (`fetch`);
//! once it has stored an edge row it copies it into its own mailbox for
//! this pass's parity and publishes its count (`post`). A mailbox holds a
//! tag saying whose row it is and of which pass, in a loom `UnsafeCell`,
//! so loom fails the test on a read or write that races another, and the
//! test fails on a copy of the wrong pass. Short bands reach their far
//! edge before posting their near one, so both orders are checked.
//!
//!     RUSTFLAGS="--cfg loom" CARGO_TARGET_DIR=target/loom \
//!         cargo test --release --no-default-features --features parallel --lib loom

use loom::cell::UnsafeCell;
use loom::sync::Arc;

use super::buffers::Edge;
use super::progress::{facing, up, Kind, Progress};

/// Each band's mailbox for each edge and pass parity: the tag of the row
/// last copied in.
struct Mail {
    cells: Vec<UnsafeCell<u64>>,
}

/// The tag of band `b`'s edge row of pass `q`.
fn tag(b: usize, q: u64) -> u64 {
    (b as u64) << 32 | q
}

impl Mail {
    fn new(bands: usize) -> Self {
        Mail {
            cells: (0..bands * 4).map(|_| UnsafeCell::new(u64::MAX)).collect(),
        }
    }

    fn cell(&self, b: usize, edge: Edge, parity: u64) -> &UnsafeCell<u64> {
        let e = usize::from(edge == Edge::Bottom);
        &self.cells[b * 4 + e * 2 + parity as usize]
    }

    /// The tag in band `b`'s mailbox.
    fn get(&self, b: usize, edge: Edge, parity: u64) -> u64 {
        // SAFETY: the pointer is the cell's own; loom fails the model
        // where a write races this read, which is what the test is for.
        self.cell(b, edge, parity).with(|p| unsafe { *p })
    }

    /// Copy a row tagged `v` into band `b`'s mailbox.
    fn put(&self, b: usize, edge: Edge, parity: u64, v: u64) {
        // SAFETY: as for `get`: loom fails the model where another access
        // races this write.
        self.cell(b, edge, parity).with_mut(|p| unsafe { *p = v })
    }
}

/// One neighbour of a band: its index, this band's edge there, and which
/// of its counts tells about that edge.
#[derive(Clone, Copy)]
struct Side {
    nb: usize,
    edge: Edge,
    kind: Kind,
}

/// Band `b`'s `passes` passes.
fn band(b: usize, bands: usize, passes: u64, far_first: bool, progress: &Progress, mail: &Mail) {
    let side = |nb: usize, edge: Edge| Side {
        nb,
        edge,
        kind: facing(nb, b, bands),
    };
    let above = b.checked_sub(1).map(|nb| side(nb, Edge::Top));
    let below = (b + 1 < bands).then(|| side(b + 1, Edge::Bottom));
    let (near, far) = if up(b, bands) {
        (below, above)
    } else {
        (above, below)
    };
    for q in 0..passes {
        let parity = q % 2;
        let fetch = |side: Option<Side>| {
            if let (Some(s), true) = (side, q > 0) {
                progress.wait_for(s.nb, s.kind, q);
                let got = mail.get(s.nb, s.edge.opposite(), 1 - parity);
                assert_eq!(
                    got,
                    tag(s.nb, q - 1),
                    "band {b}, pass {q}: a stale or torn row"
                );
            }
        };
        let post = |side: Option<Side>, kind: Kind| {
            if let Some(s) = side {
                mail.put(b, s.edge, parity, tag(b, q));
            }
            progress.publish(b, kind, q + 1);
        };
        fetch(near);
        if far_first {
            fetch(far);
            post(near, Kind::Near);
        } else {
            post(near, Kind::Near);
            fetch(far);
        }
        post(far, Kind::Done);
    }
}

/// Every interleaving of `bands` bands running `passes` passes.
fn check(bands: usize, passes: u64, far_first: bool, preemptions: usize) {
    let mut model = loom::model::Builder::new();
    model.preemption_bound = Some(preemptions);
    // A wait is a loop that yields: each turn round it is a branch.
    model.max_branches = 100_000;
    model.check(move || {
        // No spinning: with loom every wait yields at once.
        let progress = Arc::new(Progress::new(bands, 0));
        let mail = Arc::new(Mail::new(bands));
        let others: Vec<_> = (1..bands)
            .map(|b| {
                let (progress, mail) = (progress.clone(), mail.clone());
                loom::thread::spawn(move || band(b, bands, passes, far_first, &progress, &mail))
            })
            .collect();
        band(0, bands, passes, far_first, &progress, &mail);
        for other in others {
            other.join().unwrap();
        }
    });
}

#[test]
fn two_bands_hand_their_edge_rows_over_exactly() {
    // Both start at the edge between them (`Near` counts), through two
    // reuses of each mailbox, with up to three preemptions.
    check(2, 4, false, 3);
    check(2, 4, true, 3);
}

#[test]
fn three_and_four_bands_hand_their_edge_rows_over_exactly() {
    // Edges where one band starts and the other ends (`Done` counts), and
    // with four bands an edge where both end. Every interleaving of the
    // waits, and every store each load may read, but no preemption
    // between them: with more, three bands are past what loom can
    // explore in minutes.
    for bands in [3, 4] {
        check(bands, 3, false, 0);
        check(bands, 3, true, 0);
    }
}
