//! The model value and the simulation's use of it: defaults, validation
//! and its messages, descriptions, switching mid-run, resuming and state
//! files under every model.

use crate::common::golden_cloth;
use cloth_demo::sim::{
    state_file, Buffering, Cloth, Model, ModelError, Order, Passes, Simulation, SpringLaw, Springs,
    BEND_SHARE, GRID,
};

fn model(f: impl FnOnce(&mut Model)) -> Model {
    let mut m = Model::ORIGINAL;
    f(&mut m);
    m
}

/// One model for each what-if on its own, and two together.
fn what_ifs() -> Vec<Model> {
    vec![
        model(|m| m.passes = Passes::new(1).unwrap()),
        model(|m| m.passes = Passes::new(5).unwrap()),
        model(|m| m.springs.diagonals = false),
        model(|m| m.springs.bend = true),
        model(|m| m.buffering = Buffering::InPlace),
        model(|m| m.order = Order::Reversed),
        model(|m| m.law = SpringLaw::Hooke),
        model(|m| {
            m.buffering = Buffering::InPlace;
            m.order = Order::Reversed;
            m.law = SpringLaw::Hooke;
            m.springs.bend = true;
        }),
    ]
}

fn same_bits(a: &Cloth, b: &Cloth) -> bool {
    a.points()
        .zip(b.points())
        .all(|(p, q)| p.map(f64::to_bits) == q.map(f64::to_bits))
}

#[test]
fn the_default_is_the_original() {
    let m = Model::default();
    assert_eq!(m, Model::ORIGINAL);
    assert!(m.is_original());
    assert_eq!(m.passes.get(), 15);
    assert_eq!(m.springs, Springs::ORIGINAL);
    assert!(m.springs.diagonals && !m.springs.bend);
    assert_eq!(m.buffering, Buffering::Double);
    assert_eq!(m.order, Order::Rows);
    assert_eq!(m.law, SpringLaw::Article);
    assert_eq!(Simulation::new().model(), Model::ORIGINAL);
    assert_eq!(
        Simulation::resume(Cloth::flat(4), 7).model(),
        Model::ORIGINAL
    );
    for m in what_ifs() {
        assert!(!m.is_original(), "{m:?}");
    }
}

#[test]
fn passes_from_1_to_100_and_clear_errors_otherwise() {
    for n in [1usize, 2, 15, 99, 100] {
        assert_eq!(Passes::new(n).unwrap().get(), n);
        assert_eq!(n.to_string().parse::<Passes>().unwrap().get(), n);
    }
    assert_eq!((Passes::MIN.get(), Passes::MAX.get()), (1, 100));
    assert_eq!(Passes::ORIGINAL.get(), 15);
    assert_eq!(Passes::default(), Passes::ORIGINAL);
    let msg = |e: ModelError| e.to_string();
    assert_eq!(
        msg(Passes::new(0).unwrap_err()),
        "passes must be a whole number from 1 to 100, got 0"
    );
    assert_eq!(
        msg(Passes::new(101).unwrap_err()),
        "passes must be a whole number from 1 to 100, got 101"
    );
    for (text, shown) in [
        ("0", "0"),
        ("1000", "1000"),
        ("99999999999999999999999", "99999999999999999999999"),
        ("-1", "\"-1\""),
        ("1.5", "\"1.5\""),
        ("fifteen", "\"fifteen\""),
        (" 5", "\" 5\""),
        ("", "\"\""),
    ] {
        assert_eq!(
            msg(text.parse::<Passes>().unwrap_err()),
            format!("passes must be a whole number from 1 to 100, got {shown}"),
            "{text:?}"
        );
    }
    assert_eq!(Passes::saturating(0), Passes::MIN);
    assert_eq!(Passes::saturating(7).get(), 7);
    assert_eq!(Passes::saturating(usize::MAX), Passes::MAX);
}

#[test]
fn orders_by_name() {
    assert_eq!(Order::NAMES, ["rows", "reversed"]);
    for (o, name) in Order::ALL.into_iter().zip(Order::NAMES) {
        assert_eq!(o.to_string(), name);
        assert_eq!(name.parse::<Order>().unwrap(), o);
    }
    for bad in ["", "Rows", "columns", "reversed "] {
        assert_eq!(
            bad.parse::<Order>().unwrap_err().to_string(),
            format!("unknown order {bad:?}: expected rows or reversed")
        );
    }
    // The visiting orders themselves.
    let rows: Vec<_> = Order::Rows.visit(2).collect();
    assert_eq!(rows, [(0, 0), (0, 1), (1, 0), (1, 1)]);
    let reversed: Vec<_> = Order::Reversed.visit(2).collect();
    assert_eq!(reversed, [(1, 1), (1, 0), (0, 1), (0, 0)]);
}

#[test]
fn which_springs_join_a_point() {
    let joined = |s: Springs| {
        let mut v = Vec::new();
        for dj in -2isize..=2 {
            for di in -2isize..=2 {
                if s.joins(dj, di) {
                    v.push((dj, di));
                }
            }
        }
        v
    };
    let original = joined(Springs::ORIGINAL);
    assert_eq!(
        original,
        [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1)
        ]
    );
    let no_diagonals = Springs {
        diagonals: false,
        ..Springs::ORIGINAL
    };
    assert_eq!(joined(no_diagonals), [(-1, 0), (0, -1), (0, 1), (1, 0)]);
    let bend = Springs {
        bend: true,
        ..Springs::ORIGINAL
    };
    // The whole 5 x 5 table but the point itself.
    assert_eq!(joined(bend).len(), 24);
    assert!(!bend.joins(0, 0) && !bend.joins(3, 0));
    let both = Springs {
        diagonals: false,
        bend: true,
    };
    assert_eq!(joined(both).len(), 20);
    assert!(!both.joins(1, 1) && both.joins(2, 2) && both.joins(-1, 2));
    for (s, count, reach, share) in [
        (Springs::ORIGINAL, 8, 1, 1.0),
        (no_diagonals, 4, 1, 1.0),
        (bend, 24, 2, BEND_SHARE),
        (both, 20, 2, BEND_SHARE),
    ] {
        assert_eq!(
            (s.count(), s.reach(), s.share()),
            (count, reach, share),
            "{s:?}"
        );
    }
    assert_eq!(BEND_SHARE, 1.0 / 3.0);
}

#[test]
fn what_differs_in_words() {
    assert_eq!(Model::ORIGINAL.to_string(), "the original");
    assert!(Model::ORIGINAL.differences().is_empty());
    let phrases: Vec<String> = what_ifs().iter().map(Model::to_string).collect();
    assert_eq!(
        phrases,
        [
            "1 pass",
            "5 passes",
            "no diagonals",
            "bending springs",
            "in place",
            "reversed order",
            "Hooke's law",
            "bending springs, in place, reversed order, Hooke's law",
        ]
    );
    assert_eq!(
        what_ifs()[7].differences(),
        [
            "bending springs",
            "in place",
            "reversed order",
            "Hooke's law"
        ]
    );
}

#[test]
fn a_simulation_runs_its_model() {
    // Through Simulation::step, a model other than the original runs the
    // general pass: the same bits as step_general.
    for m in what_ifs() {
        let mut sim = Simulation::resume_with(golden_cloth(300), 300, m);
        assert_eq!(sim.model(), m);
        let mut general_run = sim.clone();
        sim.run(3);
        for _ in 0..3 {
            general_run.step_general();
        }
        assert_eq!(sim.steps(), 303);
        assert!(same_bits(&sim.cloth, &general_run.cloth), "{m}");
        // And it is not the original's run, but for the original visited
        // in reverse, which double buffering makes the same.
        let mut original = Simulation::resume(golden_cloth(300), 300);
        original.run(3);
        let only_reversed = m == model(|m| m.order = Order::Reversed);
        assert_eq!(same_bits(&sim.cloth, &original.cloth), only_reversed, "{m}");
    }
    let five = Simulation::with_model(what_ifs()[1]);
    assert_eq!(five.cloth, Cloth::flat(GRID));
    assert_eq!(five.steps(), 0);
}

#[test]
fn switching_models_mid_run_takes_effect_from_the_next_step() {
    // As a key would: 5 passes from step 301, then the original again from
    // step 302, which is then the fast pass on that state.
    let five = what_ifs()[1];
    let mut sim = Simulation::resume(golden_cloth(300), 300);
    sim.set_model(five);
    assert_eq!(sim.model(), five);
    sim.step();
    let mut want = Simulation::resume_with(golden_cloth(300), 300, five);
    want.step();
    assert_eq!(sim, want);
    let after_five = sim.cloth.clone();
    sim.set_model(Model::ORIGINAL);
    sim.step();
    let mut want = Simulation::resume(after_five, 301);
    want.step();
    assert_eq!(sim, want);
    // Equality counts the model.
    let mut other = want.clone();
    other.set_model(five);
    assert_ne!(other, want);
}

#[test]
fn every_model_resumes_from_its_state_file_exactly() {
    // The model is not in the state file: resuming a written state under
    // the same model continues the run to the bit.
    for m in what_ifs() {
        let mut straight = Simulation::resume_with(golden_cloth(300), 300, m);
        straight.run(10);
        let text = state_file::to_string(&straight.cloth);
        straight.run(10);
        let cloth = state_file::parse(text.as_bytes(), GRID).unwrap();
        let mut resumed = Simulation::resume_with(cloth, 310, m);
        resumed.run(10);
        assert_eq!(resumed.steps(), 320);
        assert!(same_bits(&resumed.cloth, &straight.cloth), "{m}");
    }
}

#[test]
fn a_grid_of_another_size_runs_every_model() {
    // The general pass keeps its second buffer the cloth's size, even when
    // the caller swaps in a cloth of another size mid-run.
    for m in what_ifs() {
        let mut sim = Simulation::with_model(m);
        sim.step();
        sim.cloth = Cloth::flat(5);
        sim.step();
        assert_eq!(sim.cloth.n(), 5);
        assert!(sim.cloth.points().flatten().all(f64::is_finite));
    }
}
