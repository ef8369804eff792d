//! Tearing: springs stretched past the factor break for good, the longest
//! first; runs repeat; a torn state goes through the state file and a run
//! split there is the whole run; with nothing torn the fast pass runs the
//! original's bits.

use crate::common::golden_cloth;
use cloth_demo::sim::general::{self, springs};
use cloth_demo::sim::state_file::State;
use cloth_demo::sim::{
    collide, state_file, Cloth, Model, Pins, Simulation, Spheres, TearFactor, Torn, GRAVITY, GRID,
};

fn tearing(f: f64) -> Model {
    let mut m = Model::ORIGINAL;
    m.tear = Some(TearFactor::new(f).unwrap());
    m
}

/// Every spring's length over its rest length, `(ratio, j, i, dj, di)`,
/// seen from its first end.
fn stretches(sim: &Simulation) -> Vec<(f64, usize, usize, isize, isize)> {
    let c = &sim.cloth;
    let n = c.n();
    let mut out = Vec::new();
    for j in 0..n {
        for i in 0..n {
            for (dj, di, rest) in springs(&sim.model()) {
                let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
                if !(dj > 0 || (dj == 0 && di > 0)) || jj >= n || ii >= n {
                    continue;
                }
                let (a, b) = (c.point(j, i), c.point(jj, ii));
                let d =
                    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt();
                out.push((d / rest, j, i, dj, di));
            }
        }
    }
    out
}

/// A sheet hanging from its top row, its bottom middle pulled down a
/// little further each step.
fn pulled(f: f64) -> Simulation {
    let mut m = tearing(f);
    m.pins = Pins::Top;
    Simulation::with_model(m)
}

#[test]
fn a_pulled_strip_breaks_at_its_longest_spring_first() {
    let mut sim = pulled(3.0);
    let start = sim.cloth.point(31, 16);
    let mut step = 0;
    while sim.torn().is_empty() {
        step += 1;
        assert!(step < 2000, "nothing tore");
        sim.hold(31, 16, [start[0], start[1] - 0.01 * step as f64, start[2]])
            .unwrap();
        sim.step();
    }
    let torn: Vec<_> = sim.torn().iter().collect();
    let longest = stretches(&sim)
        .into_iter()
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    assert!(longest.0 > 3.0);
    assert!(
        torn.iter()
            .any(|s| (s.j, s.i, s.dj, s.di) == (longest.1, longest.2, longest.3, longest.4)),
        "at step {step} the longest spring {longest:?} is among the torn {torn:?}"
    );
    // And every one torn was longer than the factor; none whole is.
    for (ratio, j, i, dj, di) in stretches(&sim) {
        assert_eq!(
            ratio > 3.0,
            sim.torn().contains(j, i, dj, di),
            "[{j}][{i}] {dj},{di}: {ratio}"
        );
    }
}

#[test]
fn torn_springs_stay_torn_and_pull_nothing() {
    let mut sim = pulled(2.0);
    let start = sim.cloth.point(31, 16);
    for step in 1..=400 {
        sim.hold(31, 16, [start[0], start[1] - 0.02 * step as f64, start[2]])
            .unwrap();
        sim.step();
    }
    let torn = sim.torn().clone();
    assert!(torn.len() >= 3, "it tore: {}", torn.len());
    sim.release();
    sim.run(100);
    for s in torn.iter() {
        assert!(sim.torn().contains(s.j, s.i, s.dj, s.di), "for good");
    }
}

#[test]
fn a_torn_run_repeats_exactly_and_splits_through_the_state_file() {
    // The original with a low factor tears by itself where it lands on
    // the spheres (its springs stretch 3.2 times there).
    let m = tearing(1.6);
    let mut whole = Simulation::with_model(m);
    whole.run(600);
    assert!(!whole.torn().is_empty());
    let mut again = Simulation::with_model(m);
    again.run(600);
    assert_eq!(whole, again, "the same springs torn, the same bits");

    let mut first = Simulation::with_model(m);
    first.run(250);
    assert!(!first.torn().is_empty(), "torn by step 250");
    let text = first.to_state_file();
    assert!(text.starts_with("j,i,x,y,z,torn\n"));
    let state = state_file::parse_state(text.as_bytes(), GRID).unwrap();
    assert_eq!(&state.torn, first.torn());
    let mut second = Simulation::resume_state(state, 250, m);
    second.run(350);
    assert_eq!(second.to_state_file(), whole.to_state_file());
}

#[test]
fn with_nothing_torn_tearing_keeps_the_original_s_bits() {
    // A factor the original never reaches: the fast pass, step by step,
    // then the springs checked; the golden data to the bit.
    let mut sim = Simulation::with_model(tearing(10.0));
    sim.run(3000);
    assert!(sim.torn().is_empty());
    assert_eq!(sim.cloth, golden_cloth(3000));
    assert_eq!(
        sim.to_state_file(),
        state_file::to_string(&golden_cloth(3000)),
        "the plain format, byte for byte"
    );
}

#[test]
fn the_torn_column_is_checked_as_user_input() {
    let mut torn = Torn::new(GRID);
    torn.tear(3, 4, 1, 0);
    let text = state_file::state_to_string(&golden_cloth(0), None, &torn);
    let line = text.lines().nth(1 + 3 * GRID + 4).unwrap();
    assert!(
        line.ends_with(",16"),
        "bit 4 is the spring to the point below: {line}"
    );
    let edit = |row: usize, field: &str| {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let l = &mut lines[row];
        let cut = l.rfind(',').unwrap();
        l.truncate(cut + 1);
        l.push_str(field);
        lines.join("\n") + "\n"
    };
    let cases = [
        (
            edit(1, "4096"),
            "line 2: torn = `4096` is not a whole number from 0 to 4095",
        ),
        (
            edit(1, "-1"),
            "line 2: torn = `-1` is not a whole number from 0 to 4095",
        ),
        (
            edit(32, "1"),
            "line 33: torn names a spring from [0][31] to [0][32], off the 32 x 32 grid",
        ),
        (
            edit(1024, "16"),
            "line 1025: torn names a spring from [31][31] to [32][31], off the 32 x 32 grid",
        ),
        (
            edit(33, "4"),
            "line 34: torn names a spring from [1][0] to [2][-2], off the 32 x 32 grid",
        ),
    ];
    for (bad, want) in cases {
        assert_eq!(
            state_file::parse_state(bad.as_bytes(), GRID)
                .unwrap_err()
                .to_string(),
            want
        );
    }
    let back = state_file::parse_state(text.as_bytes(), GRID).unwrap();
    assert_eq!(back.torn, torn);
}

/// One pass of the article's loop, double buffered, by hand: each point
/// moved by gravity and the springs `torn` leaves whole, then collided.
fn pass_by_hand(cloth: &Cloth, model: &Model, spheres: &Spheres, torn: &Torn) -> Cloth {
    let n = cloth.n();
    let share = model.springs.share();
    let mut out = cloth.clone();
    for j in 0..n {
        for i in 0..n {
            let p = cloth.point(j, i);
            let mut m = [0.0, -GRAVITY, 0.0];
            for (dj, di, rest) in springs(model) {
                let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
                if jj >= n || ii >= n || torn.contains(j, i, dj, di) {
                    continue;
                }
                let t = general::spring(model.law, p, cloth.point(jj, ii), rest);
                for a in 0..3 {
                    m[a] += t[a] * share;
                }
            }
            let [x, y, z] = collide([p[0] + m[0], p[1] + m[1], p[2] + m[2]], spheres);
            let k = j * n + i;
            (out.x[k], out.y[k], out.z[k]) = (x, y, z);
        }
    }
    out
}

#[test]
fn a_torn_spring_pulls_neither_end() {
    // A step's passes worked by hand, torn springs left out, against the
    // simulation's, to the bit; with nothing torn the same hand gives the
    // fast pass's step, which checks the hand.
    let model = tearing(100.0);
    let cloth = golden_cloth(300);
    let mut torn = Torn::new(GRID);
    let mut k = 0;
    for j in 0..GRID {
        for i in 0..GRID {
            for (dj, di, _) in springs(&model) {
                k += 1;
                if k % 7 == 0 {
                    torn.tear(j, i, dj, di);
                }
            }
        }
    }
    assert!(torn.len() > 500, "{} torn", torn.len());
    let spheres = Spheres::after_steps(301);
    for torn in [Torn::new(GRID), torn] {
        let mut want = cloth.clone();
        for _ in 0..model.passes.get() {
            want = pass_by_hand(&want, &model, &spheres, &torn);
        }
        let state = State {
            cloth: cloth.clone(),
            previous: None,
            torn: torn.clone(),
        };
        let mut sim = Simulation::resume_state(state, 300, model);
        sim.step();
        assert_eq!(sim.torn(), &torn, "nothing more tears at 100 times");
        let bits = |c: &Cloth| c.points().map(|p| p.map(f64::to_bits)).collect::<Vec<_>>();
        assert!(bits(&sim.cloth) == bits(&want), "{} torn", torn.len());
    }
}
