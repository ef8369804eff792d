//! The article's hanging strip, run: a line of points hanging from a fixed
//! top point, each joined to the next by an edge spring, relaxed with the
//! sim's own spring (`sim::spring_term`) and gravity until nothing moves.
//!
//!     cargo run --release --example hanging_strip
//!
//! "The bottom point ... stops when that spring pulls up 0.001 to cancel
//! gravity: 0.03 x (len - 0.1) / len = 0.001, which is a length of about
//! 0.1034. The point above that has to hold up its own 0.001 as well as the
//! 0.001 pulling down from below, so its spring stretches to about 0.1071,
//! and so on up the strip." The k-th spring from the bottom carries k
//! points' weight, `0.03 (len - 0.1) / len = k * 0.001`, so
//! `len = 0.1 / (1 - k / 30)`: printed beside each length.

use cloth_demo::sim::{spring_term, DIST, GRAVITY, SPACING, STIFFNESS};

/// Points hanging below the fixed top point.
const POINTS: usize = 8;

fn main() {
    // y[0] is the fixed top; y[1..] hang below it, 0.1 apart to start.
    let mut y: Vec<f64> = (0..=POINTS).map(|k| -(k as f64) * SPACING).collect();
    let rest = SPACING * DIST[1][2];
    let mut passes = 0;
    loop {
        // One double-buffered pass, as the sim does: every new height from
        // the old ones.
        let mut next = y.clone();
        for k in 1..=POINTS {
            let mut m = -GRAVITY;
            for nb in [k - 1, k + 1] {
                if nb <= POINTS {
                    m += spring_term([0.0, y[k], 0.0], [0.0, y[nb], 0.0], rest)[1];
                }
            }
            next[k] = y[k] + m;
        }
        passes += 1;
        let settled = next.iter().zip(&y).all(|(a, b)| (a - b).abs() < 1e-15);
        y = next;
        if settled || passes == 1_000_000 {
            break;
        }
    }
    println!("{POINTS} points hanging from a fixed one, settled after {passes} passes:");
    println!("spring (from the bottom)   length    closed form 0.1/(1 - k/30)");
    for k in 1..=POINTS {
        // The k-th spring from the bottom joins points POINTS-k and POINTS-k+1.
        let len = y[POINTS - k] - y[POINTS - k + 1];
        let closed = rest / (1.0 - k as f64 * GRAVITY / STIFFNESS);
        println!("{k:>24}   {len:.4}    {closed:.4}");
    }
}
