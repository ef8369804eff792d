//! Every combination of every model choice (the article's what-ifs, and
//! pins, wind, gusts, inertia and self-collision), from random and
//! degenerate start states: no panic, and every coordinate finite after
//! every step; the pass (worked a row at a time) equal to the article's
//! point-by-point loop to the bit; switching models mid-run, as the
//! window's keys do.

use crate::common;

use cloth_demo::sim::general::{wind, SpatialHash};
use cloth_demo::sim::{
    collide, general, Buffering, Cloth, Damping, Model, Order, Passes, Pins, Simulation, Spheres,
    SpringLaw, Thickness, Wind,
};
use proptest::prelude::*;

/// The issue-14 choices: pins, wind (its extremes included), gusts,
/// inertia (damping 0 and 1 included) and self-collision (the thinnest
/// and thickest included), each off half the time.
fn any_new_choices() -> impl Strategy<Value = (Pins, Wind, bool, Option<Damping>, Option<Thickness>)>
{
    let component = prop_oneof![2 => Just(0.0), 2 => -0.003f64..0.003, 1 => Just(Wind::MAX), 1 => Just(-Wind::MAX)];
    (
        prop::sample::select(Pins::ALL.to_vec()),
        prop_oneof![1 => Just(Wind::CALM), 1 => prop::array::uniform3(component).prop_map(|w| Wind::new(w).unwrap())],
        any::<bool>(),
        prop_oneof![1 => Just(None), 1 => prop_oneof![Just(0.0), Just(1.0), 0.0f64..1.0].prop_map(|d| Some(Damping::new(d).unwrap()))],
        prop_oneof![1 => Just(None), 1 => prop_oneof![Just(Thickness::MIN), Just(Thickness::MAX), 0.001f64..0.2].prop_map(|t| Some(Thickness::new(t).unwrap()))],
    )
}

/// Any model: every field, every value (passes weighted to the small end,
/// where runs are quick, with the extremes always possible).
fn any_model() -> impl Strategy<Value = Model> {
    (any_what_if(), any_new_choices()).prop_map(
        |(mut m, (pins, wind, gusts, inertia, self_collision))| {
            m.pins = pins;
            m.wind = wind;
            m.gusts = gusts;
            m.inertia = inertia;
            m.self_collision = self_collision;
            m
        },
    )
}

/// Any of the article's what-ifs (issue 13's fields), the rest original.
fn any_what_if() -> impl Strategy<Value = Model> {
    (
        prop_oneof![4 => 1usize..=20, 1 => Just(100usize), 1 => 21usize..=100],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(Order::ALL.to_vec()),
        prop::sample::select(vec![SpringLaw::Article, SpringLaw::Hooke]),
    )
        .prop_map(|(passes, diagonals, bend, in_place, order, law)| {
            let mut m = Model::ORIGINAL;
            m.passes = Passes::new(passes).unwrap();
            m.springs.diagonals = diagonals;
            m.springs.bend = bend;
            m.buffering = if in_place {
                Buffering::InPlace
            } else {
                Buffering::Double
            };
            m.order = order;
            m.law = law;
            m
        })
}

/// One of the 32 combinations of the article's what-ifs with `passes`
/// passes: bit 0 keeps the diagonals, 1 adds bending springs, 2 moves in
/// place, 3 visits in reverse, 4 takes Hooke's law; the rest original.
fn what_if(passes: usize, bits: u32) -> Model {
    let mut m = Model::ORIGINAL;
    m.passes = Passes::new(passes).unwrap();
    m.springs.diagonals = bits & 1 != 0;
    m.springs.bend = bits & 2 != 0;
    m.buffering = if bits & 4 != 0 {
        Buffering::InPlace
    } else {
        Buffering::Double
    };
    m.order = if bits & 8 != 0 {
        Order::Reversed
    } else {
        Order::Rows
    };
    m.law = if bits & 16 != 0 {
        SpringLaw::Hooke
    } else {
        SpringLaw::Article
    };
    m
}

/// Coordinates of very different sizes, all finite.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => -3.5f64..3.5,
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e150),
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e-300),
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e300),
        1 => (-1.0f64..1.0).prop_map(|v| v * f64::MAX),
        1 => Just(0.0),
    ]
}

/// An `n x n` state: random points, or the flat sheet crumpled by noise,
/// then made degenerate in places: points stacked on others, a hair apart,
/// a row collapsed onto a line, points on a sphere's surface or centre.
fn start_state(n: usize) -> impl Strategy<Value = Cloth> {
    let random = prop::collection::vec(prop::array::uniform3(coordinate()), n * n);
    let crumpled = prop::collection::vec(prop::array::uniform3(-0.08f64..0.08), n * n).prop_map(
        move |noise| {
            Cloth::flat(n)
                .points()
                .zip(noise)
                .map(|(p, d)| [p[0] + d[0], p[1] - 2.0 + d[1], p[2] + d[2]])
                .collect::<Vec<_>>()
        },
    );
    (
        prop_oneof![random, crumpled],
        prop::collection::vec((0..n * n, 0..n * n, 0u8..6, -1.0f64..1.0), 0..n * n),
    )
        .prop_map(move |(mut pts, edits)| {
            for (a, b, how, t) in edits {
                match how {
                    0 => pts[a] = pts[b],
                    1 => pts[a] = pts[b].map(|v| v + t * 1e-300),
                    2 => pts[a] = pts[b].map(|v| v + t * 1e-160),
                    3 => {
                        let row = a / n;
                        for i in 0..n {
                            pts[row * n + i] = [t, pts[row * n + i][1], 0.0];
                        }
                    }
                    4 => {
                        let c = Spheres::after_steps(100).centres[b % 5];
                        pts[a] = [c[0] + 0.5 * t, c[1] + 0.5 * (1.0 - t * t).sqrt(), c[2]];
                    }
                    _ => pts[a] = Spheres::after_steps(100).centres[b % 5],
                }
            }
            Cloth::from_points(&pts).unwrap()
        })
}

fn all_finite(sim: &Simulation, what: &str) -> Result<(), TestCaseError> {
    for (k, p) in sim.cloth.points().enumerate() {
        prop_assert!(
            p.iter().all(|v| v.is_finite()),
            "{}: point {} = {:?} under {:?}",
            what,
            k,
            p,
            sim.model()
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config(300))]

    #[test]
    fn every_model_from_every_small_state_stays_finite(
        model in any_model(),
        cloth in (2usize..=6).prop_flat_map(start_state),
    ) {
        // Step 99 on: the spheres are up and about.
        let mut sim = Simulation::resume_with(cloth, 99, model);
        for step in 0..3 {
            sim.step();
            all_finite(&sim, &format!("step {step}"))?;
        }
    }

    #[test]
    fn a_pass_is_each_point_moved_then_collided(
        model in any_model(),
        cloth in (2usize..=7).prop_flat_map(start_state),
    ) {
        // The pass (worked a row at a time) against the article's loop,
        // point by point with `moved_point_in_wind`, bit for bit, for every
        // law, set of springs, buffering, order, pins, wind and gusts,
        // degenerate states too: the wind's push from the points as they
        // were at the start of the pass, pinned points left alone, then
        // (with self-collision) the spatial hash's pushes.
        let spheres = Spheres::after_steps(100);
        let n = cloth.n();
        let mut want = cloth.clone();
        let w = general::wind_at(&model, spheres.a());
        for (j, i) in model.order.visit(n) {
            if model.pins.holds(n, j, i) {
                continue;
            }
            let push = w.map_or([0.0; 3], |w| wind::push(&cloth, j, i, w));
            let from = if model.buffering == Buffering::Double { &cloth } else { &want };
            let [x, y, z] = collide(general::moved_point_in_wind(from, j, i, &model, push), &spheres);
            let k = j * n + i;
            (want.x[k], want.y[k], want.z[k]) = (x, y, z);
        }
        if let Some(t) = model.self_collision {
            SpatialHash::new().separate(&mut want, t.get(), model.springs.reach(), model.pins);
        }
        let (mut got, mut back) = (cloth.clone(), cloth);
        general::pass(&mut got, &mut back, &spheres, &model);
        let bits = |c: &Cloth| c.points().map(|p| p.map(f64::to_bits)).collect::<Vec<_>>();
        prop_assert_eq!(bits(&got), bits(&want));
    }

    #[test]
    fn switching_models_mid_run_stays_finite(
        models in prop::collection::vec(any_model(), 1..5),
        cloth in (2usize..=5).prop_flat_map(start_state),
    ) {
        let mut sim = Simulation::resume(cloth, 99);
        for (k, model) in models.into_iter().enumerate() {
            sim.set_model(model);
            sim.step();
            all_finite(&sim, &format!("model {k}"))?;
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(100))]

    #[test]
    fn every_model_with_inertia_carries_on_finitely(
        model in any_model(),
        cloth in (2usize..=6).prop_flat_map(start_state),
        previous in (2usize..=6).prop_flat_map(start_state),
    ) {
        // Any previous positions, even far from the cloth or of another
        // size (then dropped: at rest), any damping, 3 steps.
        let mut m = model;
        m.inertia.get_or_insert(Damping::new(0.0).unwrap());
        let state = cloth_demo::sim::state_file::State {
            previous: Some(previous),
            ..cloth_demo::sim::state_file::State::of(cloth)
        };
        let mut sim = Simulation::resume_state(state, 99, m);
        for step in 0..3 {
            sim.step();
            all_finite(&sim, &format!("step {step}"))?;
            for p in sim.previous().unwrap().points() {
                prop_assert!(p.iter().all(|v| v.is_finite()), "previous {:?}", p);
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(24))]

    #[test]
    fn every_model_on_the_demo_grid_stays_finite(
        model in any_model(),
        cloth in start_state(32),
    ) {
        let mut sim = Simulation::resume_with(cloth, 99, model);
        sim.step();
        all_finite(&sim, "32 x 32")?;
    }
}

#[test]
fn every_model_runs_the_draped_demo_finitely() {
    // Every combination of the choices, with 1 and 15 passes, for 30 steps
    // from the golden state at step 300 (draped over the spheres, the heap
    // starting on the floor): 64 runs.
    let draped = common::golden_cloth(300);
    for passes in [1, 15] {
        for bits in 0..32u32 {
            let m = what_if(passes, bits);
            let mut sim = Simulation::resume_with(draped.clone(), 300, m);
            sim.run(30);
            assert!(sim.cloth.points().flatten().all(f64::is_finite), "{m:?}");
        }
    }
}

#[test]
fn every_new_choice_with_every_what_if_runs_the_draped_demo_finitely() {
    // The issue-14 choices, every combination (pins 3 x wind, still or
    // gusty or none 3 x inertia 0, 0.5 or none 3 x self-collision 2: 54),
    // each under one of the 64 combinations of the article's what-ifs in
    // turn, for 20 steps from the golden state at step 300.
    let draped = common::golden_cloth(300);
    let mut runs = 0;
    for pins in Pins::ALL {
        for wind in 0..3 {
            for inertia in [None, Some(0.0), Some(0.5)] {
                for self_collision in [None, Some(Thickness::default())] {
                    let bits = runs as u32 * 37 % 64;
                    let mut m = what_if(if bits & 32 != 0 { 1 } else { 15 }, bits);
                    m.pins = pins;
                    if wind > 0 {
                        m.wind = Wind::new([0.002, -0.001, 0.003]).unwrap();
                        m.gusts = wind == 2;
                    }
                    m.inertia = inertia.map(|d| Damping::new(d).unwrap());
                    m.self_collision = self_collision;
                    let mut sim = Simulation::resume_with(draped.clone(), 300, m);
                    sim.run(20);
                    assert!(sim.cloth.points().flatten().all(f64::is_finite), "{m:?}");
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 54);
}
