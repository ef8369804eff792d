//! The article's constants: the grid, the passes, gravity, the spring
//! strength, the spacing and the rest-length table, the floor and the
//! start height.

#![forbid(unsafe_code)]

/// Points along each side of the demo's cloth (the original's 32).
pub const GRID: usize = 32;

/// Passes per step (the original's 15).
pub const PASSES: usize = 15;

/// Gravity: the move every point starts each pass with, in world units per
/// pass, along `-y`.
pub const GRAVITY: f64 = 0.001;

/// Spring strength: the fraction of `(len - rest) / len` a point moves along
/// each spring in a pass.
pub const STIFFNESS: f64 = 0.03;

/// Grid spacing of the flat cloth and scale of the rest lengths, world units.
pub const SPACING: f64 = 0.1;

/// Height the physics clamps points to; the drawn floor is at -3.
pub const FLOOR_Y: f64 = -2.999;

/// Height of the flat cloth at the start, world units.
pub const START_Y: f64 = 1.5;

/// Rest lengths in grid units by neighbour offset:
/// `DIST[2 + dj][2 + di] = sqrt(di^2 + dj^2)` for offsets `-2..=2`, computed
/// as the original's Initialise() does (integer sum, then `sqrt`). Only the
/// middle 3 x 3 is used: the springs reach one point out.
pub const DIST: [[f64; 5]; 5] = dist_table();

const fn dist_table() -> [[f64; 5]; 5] {
    // sqrt is not const; the sums are 0, 1, 2, 4, 5, 8, and their square
    // roots are written out below, checked against `f64::sqrt` in the tests.
    const ROOT: [f64; 9] = [
        0.0,
        1.0,
        std::f64::consts::SQRT_2,
        0.0,
        2.0,
        2.236_067_977_499_79,
        0.0,
        0.0,
        2.828_427_124_746_190_3,
    ];
    let mut t = [[0.0; 5]; 5];
    let mut j = 0;
    while j < 5 {
        let mut i = 0;
        while i < 5 {
            let di = 2 - i as i64;
            let dj = 2 - j as i64;
            t[j][i] = ROOT[(di * di + dj * dj) as usize];
            i += 1;
        }
        j += 1;
    }
    t
}
