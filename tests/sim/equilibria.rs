//! Spring equilibria and the article's figures: the physics behaves as the
//! article explains it, number for number.

use cloth_demo::sim::spheres::{wave, REST_CENTRES};
use cloth_demo::sim::{
    collide, fast, reference, spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, PASSES,
    SPACING, SPHERE_RADIUS, STIFFNESS,
};

/// Signed distance one edge spring of length `len` moves its point in a
/// pass: positive towards the neighbour.
fn edge_spring_move(len: f64) -> f64 {
    // The neighbour sits `len` away along x.
    spring_term([0.0; 3], [len, 0.0, 0.0], SPACING * DIST[2][3])[0]
}

#[test]
fn edge_spring_moves_match_the_article_table() {
    // "How far one edge spring moves a point in a pass", with the article's
    // precision: (length, move towards the neighbour, decimals shown).
    let table = [
        (0.05, -0.030, 3),
        (0.08, -0.0075, 4),
        (0.10, 0.0, 3),
        (0.12, 0.005, 3),
        (0.15, 0.010, 3),
        (0.20, 0.015, 3),
        (1.00, 0.027, 3),
    ];
    for (len, want, decimals) in table {
        let got = edge_spring_move(len);
        let half_unit = 0.5 * 10f64.powi(-decimals);
        assert!(
            (got - want).abs() <= half_unit,
            "length {len}: moved {got}, article says {want}"
        );
    }
    // Never more than 0.03 of pull, however far it is stretched.
    for len in [2.0, 10.0, 1e3, 1e6] {
        let m = edge_spring_move(len);
        assert!(m > 0.0 && m < STIFFNESS, "length {len}: {m}");
    }
    // Squashed springs push harder and harder.
    assert!(edge_spring_move(0.01) < -0.2);
}

#[test]
fn rest_lengths_are_one_tenth_of_the_dist_table() {
    for dj in 0..5usize {
        for di in 0..5usize {
            let (a, b) = (di as f64 - 2.0, dj as f64 - 2.0);
            assert_eq!(DIST[dj][di], (a * a + b * b).sqrt(), "DIST[{dj}][{di}]");
        }
    }
    assert_eq!(SPACING * DIST[2][3], 0.1, "edge");
    assert_eq!(SPACING * DIST[1][1], 0.1 * 2f64.sqrt(), "diagonal");
    assert!((SPACING * DIST[3][3] - 0.141).abs() < 0.0005, "about 0.141");
}

/// A strip hanging from a fixed top point: `count` points below it in a
/// vertical line, each joined to the next by an edge spring, relaxed with
/// the sim's own spring until nothing moves. Returns the spring lengths from
/// the bottom up.
fn hanging_strip(count: usize) -> Vec<f64> {
    // y[0] is the fixed top; y[1..] hang below, 0.1 apart to start.
    let mut y: Vec<f64> = (0..=count).map(|k| -(k as f64) * 0.1).collect();
    let rest = SPACING * DIST[1][2];
    for _ in 0..200_000 {
        let mut next = y.clone();
        for k in 1..=count {
            let mut m = -GRAVITY;
            for nb in [k - 1, k + 1] {
                if nb <= count {
                    m += spring_term([0.0, y[k], 0.0], [0.0, y[nb], 0.0], rest)[1];
                }
            }
            next[k] = y[k] + m;
        }
        let settled = next.iter().zip(&y).all(|(a, b)| (a - b).abs() < 1e-15);
        y = next;
        if settled {
            break;
        }
    }
    (1..=count).rev().map(|k| y[k - 1] - y[k]).collect()
}

#[test]
fn hanging_strip_settles_with_each_spring_carrying_the_points_below() {
    let lengths = hanging_strip(8);
    // The article's figures for the bottom two springs.
    assert!((lengths[0] - 0.1034).abs() < 0.00005, "{}", lengths[0]);
    assert!((lengths[1] - 0.1071).abs() < 0.00005, "{}", lengths[1]);
    // Closed form: the spring with k points below it stops when
    // 0.03 (len - 0.1) / len = 0.001 k, i.e. len = 0.003 / (0.03 - 0.001 k).
    for (below, len) in lengths.iter().enumerate().map(|(i, l)| (i + 1, l)) {
        let want = STIFFNESS * SPACING / (STIFFNESS - GRAVITY * below as f64);
        assert!(
            (len - want).abs() < 1e-9,
            "spring with {below} points below: {len}, closed form {want}"
        );
    }
    // Each spring up is longer: it carries more.
    assert!(lengths.windows(2).all(|w| w[1] > w[0]));
}

#[test]
fn flat_sheet_falls_0_015_a_step_with_every_spring_at_rest() {
    let mut sim = Simulation::new();
    for step in 1..=10u64 {
        sim.step();
        let y0 = sim.cloth.y[0];
        assert!(
            sim.cloth.y.iter().all(|&y| y == y0),
            "step {step}: the sheet stays level"
        );
        let want = 1.5 - 0.015 * step as f64;
        assert!(
            (y0 - want).abs() < 1e-12,
            "step {step}: y = {y0}, want {want}"
        );
        let n = sim.cloth.n();
        for j in 0..n {
            for i in 0..n {
                let p = sim.cloth.point(j, i);
                for (jj, ii) in [(j + 1, i), (j, i + 1), (j + 1, i + 1)] {
                    if jj < n && ii < n {
                        let q = sim.cloth.point(jj, ii);
                        let len = ((q[0] - p[0]).powi(2) + (q[2] - p[2]).powi(2)).sqrt();
                        let rest = SPACING * DIST[2 + jj - j][2 + ii - i];
                        assert!((len - rest).abs() < 1e-12, "spring at rest");
                    }
                }
            }
        }
    }
    // 15 passes of 0.001 each.
    assert_eq!(PASSES as f64 * GRAVITY, 0.015);
}

#[test]
fn point_inside_a_sphere_ends_exactly_on_its_surface() {
    let spheres = Spheres::after_steps(0);
    let [sx, sy, sz] = spheres.centres[0];
    // 0.4 from the centre: scaled by 0.5 / 0.4 = 1.25 onto the surface.
    let inside = [sx + 0.4, sy, sz];
    let out = collide(inside, &spheres);
    assert_eq!(out, [sx + 0.5, sy, sz]);
    // Along a slanted direction too.
    let dir = [0.48, 0.64, 0.6]; // unit length
    let inside = [sx + 0.4 * dir[0], sy + 0.4 * dir[1], sz + 0.4 * dir[2]];
    let out = collide(inside, &spheres);
    let r = ((out[0] - sx).powi(2) + (out[1] - sy).powi(2) + (out[2] - sz).powi(2)).sqrt();
    assert!((r - SPHERE_RADIUS).abs() < 1e-15, "{r}");
    for c in 0..3 {
        assert!((out[c] - [sx, sy, sz][c] - 0.5 * dir[c]).abs() < 1e-15);
    }
    // A point outside is left alone.
    let outside = [sx + 0.6, sy, sz];
    assert_eq!(collide(outside, &spheres), outside);
}

#[test]
fn point_on_a_sphere_slides_about_0_001_sin_theta_a_pass() {
    let spheres = Spheres::after_steps(0);
    let [sx, sy, sz] = spheres.centres[2];
    for degrees in [0.0f64, 10.0, 30.0, 45.0, 60.0, 80.0] {
        let theta = degrees.to_radians();
        // On the surface, theta from the top, in the x-y plane; pushed 1e-12
        // outwards so rounding does not count it inside.
        let r = SPHERE_RADIUS + 1e-12;
        let p = [sx + r * pxfm::f_sin(theta), sy + r * pxfm::f_cos(theta), sz];
        // Gravity in, the sphere pushes out: one pass for a lone point.
        let moved = collide([p[0], p[1] - GRAVITY, p[2]], &spheres);
        let slide = ((moved[0] - p[0]).powi(2) + (moved[1] - p[1]).powi(2)).sqrt();
        let want = GRAVITY * pxfm::f_sin(theta);
        assert!(
            (slide - want).abs() < 2e-6,
            "theta {degrees}: slid {slide}, about {want}"
        );
        if degrees > 0.0 {
            assert!(
                moved[0] > p[0],
                "theta {degrees}: slides downhill, away from the top"
            );
        }
    }
}

#[test]
fn spheres_stay_in_the_article_range_and_repeat_after_their_cycle() {
    // (centre goes from, to, frames per cycle), from the article's table.
    let table = [
        (-1.86, 0.46, 2590u64),
        (-2.07, 1.27, 3213),
        (-1.72, 1.12, 4321),
        (-3.25, -0.15, 5368),
        (-2.91, 0.51, 11614),
    ];
    for (k, (lo, hi, cycle)) in table.into_iter().enumerate() {
        let heights: Vec<f64> = (1..=cycle)
            .map(|a| REST_CENTRES[k][1] + wave(k, a))
            .collect();
        let min = heights.iter().cloned().fold(f64::INFINITY, f64::min);
        let max = heights.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        assert!(
            (min - lo).abs() < 0.005,
            "sphere {k}: lowest {min}, article {lo}"
        );
        assert!(
            (max - hi).abs() < 0.005,
            "sphere {k}: highest {max}, article {hi}"
        );
        for a in [1u64, 100, 1000, cycle / 3] {
            let y0 = REST_CENTRES[k][1] + wave(k, a);
            let y1 = REST_CENTRES[k][1] + wave(k, a + cycle);
            let half = REST_CENTRES[k][1] + wave(k, a + cycle / 2);
            assert!((y1 - y0).abs() < 0.002, "sphere {k} repeats after {cycle}");
            assert!(
                (half - y0).abs() > (y1 - y0).abs(),
                "but not after half of it"
            );
        }
        // Only the height moves.
        let s = Spheres::after_steps(cycle / 2);
        assert_eq!(s.centres[k][0], REST_CENTRES[k][0]);
        assert_eq!(s.centres[k][2], REST_CENTRES[k][2]);
    }
}

#[test]
fn a_pass_does_not_depend_on_the_order_points_are_visited() {
    // A draped state, where springs and spheres are both at work.
    let mut sim = Simulation::new();
    sim.run(200);
    let cloth = sim.cloth.clone();
    let n = cloth.n();

    let mut by_pass = cloth.clone();
    fast::pass(&mut by_pass, &sim.spheres);

    // Visit in a scrambled order (a multiplicative walk over all indices),
    // each point from the old positions, written to a new buffer.
    let mut scrambled = vec![[0.0; 3]; n * n];
    let mut k = 0usize;
    for _ in 0..n * n {
        k = (k + 389) % (n * n); // 389 is prime, coprime to 1024
        let (j, i) = (k / n, k % n);
        scrambled[k] = collide(reference::moved_point(&cloth, j, i), &sim.spheres);
    }
    let scrambled = Cloth::from_points(&scrambled).unwrap();
    assert_eq!(scrambled, by_pass);

    // And the reverse order.
    let mut reversed = vec![[0.0; 3]; n * n];
    for k in (0..n * n).rev() {
        reversed[k] = collide(reference::moved_point(&cloth, k / n, k % n), &sim.spheres);
    }
    assert_eq!(Cloth::from_points(&reversed).unwrap(), by_pass);
}

#[test]
fn coincident_neighbours_are_skipped_not_divided_by_zero() {
    // Two neighbours on the same spot: the original divides by zero.
    let mut pts: Vec<[f64; 3]> = Cloth::flat(4).points().collect();
    pts[1] = pts[0];
    let mut cloth = Cloth::from_points(&pts).unwrap();
    let far_spheres = Spheres::new(0, [[100.0, 100.0, 100.0]; 5], [SPHERE_RADIUS; 5]);
    for _ in 0..PASSES {
        fast::pass(&mut cloth, &far_spheres);
    }
    assert!(cloth.points().flatten().all(f64::is_finite));
    assert_eq!(spring_term([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 0.1), [0.0; 3]);
}
