//! Self-collision, with real figures: a sheet folded onto itself never has
//! two points that are not grid neighbours closer than the thickness after
//! any step (where the original's layers pass through each other); the
//! spatial hash finds every close pair wherever it falls among the cells;
//! a hash kept from pass to pass gives the bits of a fresh one; pinned
//! points and the floor do not give way, and the points they wedge are the
//! only ones left closer; runs repeat to the bit.

use cloth_demo::sim::general::self_collision::{SETTLE_SLACK, SETTLE_SWEEPS, SLACK};
use cloth_demo::sim::general::{Settled, SpatialHash};
use cloth_demo::sim::{Cloth, Damping, Model, Pins, Scene, Simulation, Thickness, FLOOR_Y};
use proptest::prelude::*;

const T: f64 = 0.05;

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The closest two points that are not grid neighbours (more than
/// `reach` apart in `j` or `i`), by looking at every pair (sorted along
/// `x`, so pairs further apart along `x` than the closest so far are
/// passed over: they cannot be closer).
fn closest_pair(c: &Cloth, reach: usize) -> f64 {
    let n = c.n();
    let pts: Vec<[f64; 3]> = c.points().collect();
    let mut order: Vec<usize> = (0..n * n).collect();
    order.sort_by(|&a, &b| pts[a][0].total_cmp(&pts[b][0]));
    let mut best = f64::INFINITY;
    for (at, &a) in order.iter().enumerate() {
        for &b in &order[at + 1..] {
            if pts[b][0] - pts[a][0] > best {
                break;
            }
            if (a / n).abs_diff(b / n) <= reach && (a % n).abs_diff(b % n) <= reach {
                continue;
            }
            best = best.min(dist(pts[a], pts[b]));
        }
    }
    best
}

/// The demo's sheet moved 8 to the right (clear of the spheres) and folded
/// in half onto the floor along row 16: rows 0 to 15 flat on the floor,
/// rows 17 to 31 lying back over them `gap` higher (row 17 over row 15,
/// row 31 over row 1), row 16 the crease between. Every spring at rest.
fn folded_sheet(gap: f64) -> Cloth {
    let n = 32;
    let crease = (SPACING_SQ - gap * gap / 4.0).sqrt();
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = (k / n, k % n);
            let x = 8.0 + (i as f64 - 16.0) * 0.1;
            match j {
                0..=15 => [x, FLOOR_Y, (j as f64 - 16.0) * 0.1],
                16 => [x, FLOOR_Y + gap / 2.0, -0.1 + crease],
                _ => [x, FLOOR_Y + gap, (16.0 - j as f64) * 0.1],
            }
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

const SPACING_SQ: f64 = 0.01;

/// How close the closest two points that are not grid neighbours come
/// after each of `steps` steps of `start` under `model`.
fn closest_each_step(start: &Cloth, model: Model, steps: usize) -> Vec<f64> {
    let mut sim = Simulation::resume_with(start.clone(), 0, model);
    (0..steps)
        .map(|_| {
            sim.step();
            closest_pair(&sim.cloth, 1)
        })
        .collect()
}

#[test]
fn a_sheet_folded_onto_itself_never_has_two_points_closer_than_the_thickness() {
    // The top layer starts 1.5 thicknesses above the bottom one and falls
    // onto it. Without self-collision it falls straight through to the
    // floor (its points within a hundredth of the bottom layer's). With
    // it, after every one of 800 steps, at the default thickness and at
    // 0.08, with no inertia, heavy damping and almost none: no two points
    // that are not grid neighbours closer than the thickness (the step
    // ends with sweeps until none are; see the `self_collision` module
    // docs). The default thickness lets the top layer's points sink
    // through the middles of the bottom layer's squares (0.071 from their
    // corners) until both lie on the floor, interleaved, jostling: the
    // hardest case; 0.08 keeps the layers one above the other.
    let mut original = Simulation::resume(folded_sheet(0.075), 0);
    original.run(400);
    let through = closest_pair(&original.cloth, 1);
    assert!(through < 0.01, "{through}");
    for (t, inertia) in [
        (T, None),
        (T, Some(0.5)),
        (T, Some(0.01)),
        (0.08, None),
        (0.08, Some(0.01)),
    ] {
        let mut m = Model::ORIGINAL;
        m.self_collision = Some(Thickness::new(t).unwrap());
        m.inertia = inertia.map(|d| Damping::new(d).unwrap());
        let closest = closest_each_step(&folded_sheet(1.5 * t), m, 800);
        let (worst, at) = closest
            .iter()
            .enumerate()
            .map(|(k, &c)| (c, k))
            .fold((f64::INFINITY, 0), |a, b| if b.0 < a.0 { b } else { a });
        eprintln!(
            "thickness {t}, inertia {inertia:?}: closest {:.6} T, after step {}",
            worst / t,
            at + 1
        );
        assert!(
            worst >= t,
            "thickness {t}, inertia {inertia:?}: {worst} after step {}",
            at + 1
        );
        // The layers do not fly apart either: the closest pair is pushed
        // to the thickness and a hundredth at most.
        assert!(
            worst <= t * (1.0 + SETTLE_SLACK) * (1.0 + 1e-9),
            "thickness {t}, inertia {inertia:?}: {worst}"
        );
    }
}

/// The drape's heap at step 300, each point's height above the floor
/// squashed to `squash` of it: pairs closer than the thickness all over.
fn squashed_heap(squash: f64) -> Cloth {
    static HEAP: std::sync::OnceLock<Cloth> = std::sync::OnceLock::new();
    let mut c = HEAP
        .get_or_init(|| {
            let mut sim = Scene::Drape.simulation();
            sim.run(300);
            sim.cloth
        })
        .clone();
    for y in &mut c.y {
        *y = FLOOR_Y + (*y - FLOOR_Y) * squash;
    }
    c
}

fn bits(c: &Cloth) -> Vec<[u64; 3]> {
    c.points().map(|p| p.map(f64::to_bits)).collect()
}

#[test]
fn a_hash_kept_from_pass_to_pass_gives_the_bits_of_a_fresh_one() {
    // The pair list is kept between passes and made afresh only when the
    // points have moved (see the module docs); a sweep goes through the
    // pairs in index order, so what the list holds never changes a bit.
    // One hash through a run of squashed heaps (each a little more
    // squashed, so points move on and the list is remade), against a
    // fresh hash for each, pass by pass and at each step's end.
    let mut kept = SpatialHash::new();
    let mut pushed = 0;
    for k in 0..12 {
        let squash = 0.97 - 0.02 * k as f64;
        for reach in [1, 2] {
            let (mut a, mut b) = (squashed_heap(squash), squashed_heap(squash));
            let na = kept.separate(&mut a, T, reach, Pins::None);
            let nb = SpatialHash::new().separate(&mut b, T, reach, Pins::None);
            assert_eq!(
                (na, bits(&a)),
                (nb, bits(&b)),
                "squash {squash}, reach {reach}"
            );
            pushed += na;
            let sa = kept.settle(&mut a, T, reach, Pins::None);
            let sb = SpatialHash::new().settle(&mut b, T, reach, Pins::None);
            assert_eq!(
                (sa, bits(&a)),
                (sb, bits(&b)),
                "squash {squash}, reach {reach}"
            );
            assert_eq!(sa.left, 0);
            assert!(closest_pair(&a, reach) >= T);
        }
    }
    assert!(pushed > 10_000, "{pushed}");
}

#[test]
fn a_hash_kept_through_the_drape_s_fall_gives_the_bits_of_a_fresh_one() {
    // The drape from its start to its heap, every fourth step, each state
    // squashed down to 90% of its height (so there are pairs to push in
    // the fall too) and carried a little further along a common move each
    // time (a cloth moving as a whole, which the list follows by its
    // shift rather than moving every point on). The list is wide while the
    // cloth touches itself in few places and narrow once it lies on
    // itself; one hash kept through them all pushes what a fresh hash for
    // each pushes, to the bit.
    let mut sim = Scene::Drape.simulation();
    let mut kept = SpatialHash::new();
    let (mut pushed, mut pushed_early) = (0, 0);
    for k in 0..150 {
        let mut state = sim.cloth.clone();
        for p in 0..state.x.len() {
            state.x[p] += 0.003 * k as f64;
            state.y[p] = FLOOR_Y + (state.y[p] - FLOOR_Y) * 0.9;
            state.z[p] -= 0.002 * k as f64;
        }
        let (mut a, mut b) = (state.clone(), state);
        let na = kept.separate(&mut a, T, 1, Pins::None);
        let nb = SpatialHash::new().separate(&mut b, T, 1, Pins::None);
        assert_eq!((na, bits(&a)), (nb, bits(&b)), "step {}", 4 * k);
        let sa = kept.settle(&mut a, T, 1, Pins::None);
        let sb = SpatialHash::new().settle(&mut b, T, 1, Pins::None);
        assert_eq!((sa, bits(&a)), (sb, bits(&b)), "step {}", 4 * k);
        pushed += na + sa.pushes;
        if k < 50 {
            pushed_early += na + sa.pushes;
        }
        sim.run(4);
    }
    assert!(pushed_early > 100, "{pushed_early}");
    assert!(pushed > 10_000, "{pushed}");
}

#[test]
fn the_step_end_settles_a_squashed_heap_in_a_few_sweeps() {
    // Every point of the drape's heap pushed down to 80% of its height:
    // pairs closer than the thickness all over. The step's end leaves
    // none, in well under its limit of sweeps, and a second finds nothing
    // to do.
    let mut c = squashed_heap(0.8);
    let before = closest_pair(&c, 1);
    assert!(before < 0.85 * T, "{before}");
    let mut hash = SpatialHash::new();
    let s = hash.settle(&mut c, T, 1, Pins::None);
    eprintln!("{s:?}");
    assert_eq!(s.left, 0);
    assert!(s.sweeps > 1 && s.sweeps <= 40, "{s:?}");
    assert!(closest_pair(&c, 1) >= T);
    assert_eq!(
        hash.settle(&mut c, T, 1, Pins::None),
        Settled {
            sweeps: 1,
            pushes: 0,
            left: 0
        }
    );
}

#[test]
fn wedged_points_are_the_only_ones_left_closer() {
    // A free point on the floor right under a pinned one, closer than the
    // thickness: pushed down through the floor, it is lifted back to it,
    // every sweep. The step's end gives up after its limit of sweeps and
    // says one pair is left; the pinned point has not moved a bit, the
    // free one is on the floor. Every other pair is apart.
    let spread = |k: usize| [k as f64, 10.0, 0.0];
    let mut pts: Vec<[f64; 3]> = (0..9).map(spread).collect();
    // [0][1] pinned (Top) 0.02 above the floor; [2][1] under it.
    pts[1] = [1.0, FLOOR_Y + 0.02, 0.0];
    pts[7] = [1.0, FLOOR_Y, 0.0];
    let mut c = Cloth::from_points(&pts).unwrap();
    let s = SpatialHash::new().settle(&mut c, T, 1, Pins::Top);
    assert_eq!((s.sweeps, s.left), (SETTLE_SWEEPS, 1), "{s:?}");
    assert_eq!(c.point(0, 1).map(f64::to_bits), pts[1].map(f64::to_bits));
    assert_eq!(c.point(2, 1), [1.0, FLOOR_Y, 0.0]);

    // A free point on the line between two pinned points 0.1 apart, with a
    // thickness of 0.08: each pushes it back towards the other.
    let mut pts: Vec<[f64; 3]> = (0..16).map(|k| [k as f64, 10.0, 0.0]).collect();
    // [0][1] and [0][2] (pinned, Top) at x = 0 and 0.1; [2][0] between.
    pts[1] = [0.0, 0.0, 0.0];
    pts[2] = [0.1, 0.0, 0.0];
    pts[8] = [0.05, 0.0, 0.0];
    let mut c = Cloth::from_points(&pts).unwrap();
    let s = SpatialHash::new().settle(&mut c, 0.08, 1, Pins::Top);
    assert_eq!((s.sweeps, s.left), (SETTLE_SWEEPS, 1), "{s:?}");
    let p = c.point(2, 0);
    assert!(
        p[1] == 0.0 && p[2] == 0.0 && (0.0..=0.1).contains(&p[0]),
        "{p:?}"
    );

    // Unwedged, the same free point just off the line goes round: the
    // pair list settles with nothing left.
    pts[8] = [0.05, 0.001, 0.0];
    let mut c = Cloth::from_points(&pts).unwrap();
    let s = SpatialHash::new().settle(&mut c, 0.08, 1, Pins::Top);
    assert_eq!(s.left, 0, "{s:?}");
    assert!(
        dist(c.point(2, 0), c.point(0, 1)) >= 0.08 && dist(c.point(2, 0), c.point(0, 2)) >= 0.08
    );
}

#[test]
fn grid_neighbours_are_never_pushed() {
    // A sheet squashed to a tenth of its size: every point is closer than
    // the thickness to every other. In a 2 x 2 sheet all are neighbours and
    // none is pushed; in 3 x 3 the points two apart are pushed (the
    // neighbours only as they go); with the bending springs' reach of 2,
    // all of 3 x 3 are neighbours again.
    let squashed = |n: usize| {
        let pts: Vec<[f64; 3]> = (0..n * n)
            .map(|k| [(k % n) as f64 * 0.01, 0.0, (k / n) as f64 * 0.01])
            .collect();
        Cloth::from_points(&pts).unwrap()
    };
    let mut hash = SpatialHash::new();
    let mut c = squashed(2);
    assert_eq!(hash.separate(&mut c, T, 1, Pins::None), 0);
    assert_eq!(c, squashed(2));
    let mut c = squashed(3);
    assert!(hash.separate(&mut c, T, 1, Pins::None) > 0);
    assert!(dist(c.point(0, 0), c.point(0, 2)) > 0.02);
    let mut c = squashed(3);
    assert_eq!(hash.separate(&mut c, T, 2, Pins::None), 0);
    assert_eq!(c, squashed(3));
}

#[test]
fn pinned_points_the_floor_and_coincident_points() {
    let spread = |k: usize| [k as f64, 10.0, 0.0];
    let mut pts: Vec<[f64; 3]> = (0..9).map(spread).collect();
    // Point [0][0] (pinned under Top) and [2][2], 0.02 apart along x.
    pts[8] = [pts[0][0] + 0.02, pts[0][1], 0.0];
    let mut c = Cloth::from_points(&pts).unwrap();
    SpatialHash::new().separate(&mut c, T, 1, Pins::Top);
    assert_eq!(c.point(0, 0), pts[0], "the pinned point does not move");
    let d = dist(c.point(0, 0), c.point(2, 2));
    assert!((T..=T * (1.0 + 2.0 * SLACK)).contains(&d), "{d}");

    // On the floor, one above the other: the push down would take the
    // lower point through the floor, so the pair is lifted instead.
    let mut pts: Vec<[f64; 3]> = (0..9).map(spread).collect();
    pts[0] = [0.0, FLOOR_Y, 0.0];
    pts[8] = [0.0, FLOOR_Y + 0.01, 0.0];
    let mut c = Cloth::from_points(&pts).unwrap();
    SpatialHash::new().separate(&mut c, T, 1, Pins::None);
    let (low, high) = (c.point(0, 0), c.point(2, 2));
    assert!(
        low[1] >= FLOOR_Y - 1e-15 && low[1] < FLOOR_Y + 1e-15,
        "{low:?}"
    );
    assert!((high[1] - low[1] - T).abs() < 2.0 * SLACK * T, "{high:?}");

    // Coincident: no line between them; the later one goes up.
    let mut pts: Vec<[f64; 3]> = (0..9).map(spread).collect();
    pts[8] = pts[0];
    let mut c = Cloth::from_points(&pts).unwrap();
    SpatialHash::new().separate(&mut c, T, 1, Pins::None);
    let (a, b) = (c.point(0, 0), c.point(2, 2));
    assert_eq!((a[0], a[2], b[0], b[2]), (0.0, 0.0, 0.0, 0.0));
    assert!((b[1] - a[1] - T).abs() < 2.0 * SLACK * T && (a[1] + b[1] - 20.0).abs() < 1e-12);
}

#[test]
fn the_drape_repeats_to_the_bit() {
    let run = || {
        let mut sim = Scene::Drape.simulation();
        sim.run(150);
        sim.cloth
            .points()
            .map(|p| p.map(f64::to_bits))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

proptest! {
    #![proptest_config(crate::common::proptest_config(200))]

    #[test]
    fn the_hash_finds_every_close_pair_wherever_it_falls(
        // The cloth spans `origin.y` to `origin.y + 5`: wholly below the
        // floor or wholly above it, as a pair pushed from on or above the
        // floor to below it is lifted (its middle moves; tested apart).
        ox in -20.0f64..20.0,
        oy in prop_oneof![-20.0f64..-9.0, (FLOOR_Y + 0.1)..20.0],
        oz in -20.0f64..20.0,
        pairs in prop::collection::vec((0usize..36, 0usize..36, prop::array::uniform3(-1.0f64..1.0), 0.0f64..1.0), 1..8),
    ) {
        // A 6 x 6 cloth spread out 1 apart (no two points near), then
        // some non-neighbour pairs put closer than the thickness, each
        // point in one pair at most, anywhere among the cells (negative
        // coordinates, cell corners). After one pass of the hash every
        // such pair is the thickness apart, pushed equally (its middle
        // stays), and every other point is where it was.
        let origin = [ox, oy, oz];
        let n = 6;
        let mut pts: Vec<[f64; 3]> = (0..n * n)
            .map(|k| [origin[0] + (k % n) as f64, origin[1] + (k / n) as f64, origin[2]])
            .collect();
        let mut used = vec![false; n * n];
        let mut chosen = Vec::new();
        for (a, b, dir, frac) in pairs {
            let near = (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1;
            let len = (dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]).sqrt();
            if near || used[a] || used[b] || len < 1e-3 {
                continue;
            }
            used[a] = true;
            used[b] = true;
            let d = frac * 0.999 * T;
            pts[b] = [pts[a][0] + dir[0] / len * d, pts[a][1] + dir[1] / len * d, pts[a][2] + dir[2] / len * d];
            chosen.push((a, b));
        }
        let mut c = Cloth::from_points(&pts).unwrap();
        SpatialHash::new().separate(&mut c, T, 1, Pins::None);
        let after: Vec<[f64; 3]> = c.points().collect();
        for &(a, b) in &chosen {
            let d = dist(after[a], after[b]);
            prop_assert!((T..=T * (1.0 + 1e-8)).contains(&d), "pair {} {}: {}", a, b, d);
            for axis in 0..3 {
                let (m0, m1) = (pts[a][axis] + pts[b][axis], after[a][axis] + after[b][axis]);
                prop_assert!((m0 - m1).abs() < 1e-12, "middle moved: {} {}", m0, m1);
            }
        }
        for k in 0..n * n {
            if !used[k] {
                prop_assert_eq!(after[k], pts[k]);
            }
        }
    }
}
