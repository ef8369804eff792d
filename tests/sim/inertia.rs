//! Inertia, with real figures: a free sheet falls faster and faster, a
//! hanging strip swings past the vertical and its swing dies away (where
//! the original creeps to the vertical and stops), damping 1 is the
//! original to the bit; and the previous positions in the state and its
//! file: round trips to the bit, exact resumes, one-line errors.

use crate::common::{data_path, golden_cloth};
use cloth_demo::sim::general::{self, inertia};
use cloth_demo::sim::state_file::{self, State, MOVING_HEADER};
use cloth_demo::sim::{
    Cloth, Damping, Model, PinSet, Pins, Scene, Simulation, Spheres, GRID, SPACING,
};

fn model(f: impl FnOnce(&mut Model)) -> Model {
    let mut m = Model::ORIGINAL;
    f(&mut m);
    m
}

fn inertia(d: f64) -> Model {
    model(|m| m.inertia = Some(Damping::new(d).unwrap()))
}

fn bits(c: &Cloth) -> Vec<[u64; 3]> {
    c.points().map(|p| p.map(f64::to_bits)).collect()
}

#[test]
fn with_damping_1_it_is_the_original_to_the_bit() {
    // x + (1 - 1) (x - x_prev) = x: no inertia at all, and the golden
    // trajectory, with the previous positions kept all the while.
    let mut sim = Simulation::with_model(inertia(1.0));
    for target in [1u64, 2, 15, 300] {
        sim.run(target - sim.steps());
        assert_eq!(
            bits(&sim.cloth),
            bits(&golden_cloth(target)),
            "step {target}"
        );
    }
    // The previous positions are the original's state a step before.
    let mut before = Simulation::new();
    before.run(299);
    assert_eq!(sim.previous().map(bits), Some(bits(&before.cloth)));
}

#[test]
fn a_free_sheet_falls_faster_and_faster() {
    // The original's sheet falls 0.015 a step, always. With inertia each
    // step's fall is the last one's, less the damping (and at most 0.1,
    // `MAX_CARRY`), plus the passes' 0.015: 0.015, 0.03, 0.045, ... with
    // none, up to 0.115 from step 8; with 0.5, 0.015, 0.0225, 0.02625, ...
    // towards 0.03, twice the original's. Ten steps, before any sphere
    // comes near.
    for d in [0.0, 0.01, 0.5] {
        let mut sim = Simulation::with_model(inertia(d));
        let (mut y, mut fall) = (1.5, 0.0);
        for step in 1..=10 {
            sim.step();
            fall = ((1.0 - d) * fall).min(inertia::MAX_CARRY) + 0.015;
            y -= fall;
            let y0 = sim.cloth.y[0];
            assert!(sim.cloth.y.iter().all(|&v| v == y0), "level");
            assert!(
                (y0 - y).abs() < 1e-12,
                "damping {d}, step {step}: {y0}, want {y}"
            );
        }
    }
}

/// An 8 x 8 strip hung from its top row (pinned), well clear of the floor
/// and the spheres, swung 30 degrees out of the vertical towards `+z`:
/// point `[j][i]` at `x = 10 + 0.1 i`, `y = 10 - 0.1 j cos 30`,
/// `z = 5 + 0.1 j sin 30`.
fn swung_strip() -> Cloth {
    let n = 8;
    let (c, s) = (3f64.sqrt() / 2.0, 0.5);
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [
                10.0 + i * SPACING,
                10.0 - j * SPACING * c,
                5.0 + j * SPACING * s,
            ]
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

/// The bottom row's mean offset along z from the rod, each step for
/// `steps` steps, of steps as a simulation's on the demo's grid: the
/// article's constants as they are (a simulation of an 8 x 8 grid runs
/// them scaled to a 3.1-wide sheet, `general::GridLaw`): with inertia
/// Verlet's move, the passes, with inertia the step's limit.
fn swing(m: Model, steps: usize) -> Vec<f64> {
    let (mut cloth, mut spheres) = (swung_strip(), Spheres::default());
    let (mut previous, mut back) = (cloth.clone(), cloth.clone());
    let pins = PinSet::from_pins(m.pins, cloth.n());
    (0..steps)
        .map(|_| {
            spheres.step();
            if let Some(damping) = m.inertia {
                inertia::predict(&mut cloth, &mut previous, damping.get(), &pins);
            }
            general::passes(&mut cloth, &mut back, &spheres, &m);
            if m.inertia.is_some() {
                inertia::limit(&mut cloth, &previous, &pins);
            }
            (0..8).map(|i| cloth.point(7, i)[2] - 5.0).sum::<f64>() / 8.0
        })
        .collect()
}

#[test]
fn a_hanging_strip_with_inertia_swings_past_the_vertical_and_dies_away() {
    let top = model(|m| m.pins = Pins::Top);
    let mut m = top;
    m.inertia = Some(Damping::new(0.01).unwrap());
    let z = swing(m, 1500);
    // The swings: the extreme offset between each two crossings of the
    // vertical.
    let mut extremes = Vec::new();
    let mut extreme = 0.0f64;
    for w in z.windows(2) {
        if w[1].abs() > extreme.abs() {
            extreme = w[1];
        }
        if (w[0] > 0.0) != (w[1] > 0.0) {
            extremes.push(extreme);
            extreme = w[1];
        }
    }
    assert!(extremes.len() >= 6, "crossings: {extremes:?}");
    // It swings through to the other side, most of the way it started out
    // (0.347 out, 0.278 to the other side, then 0.191, 0.134, 0.094, ...:
    // each swing about 0.7 of the last), each swing smaller than the one
    // before while they are larger than a hundredth (below that a second,
    // slower sway of the strip shows through), down to a ten-thousandth.
    assert!(z[0] > 0.3, "{}", z[0]);
    assert!(extremes[1] < -0.25, "{extremes:?}");
    let large: Vec<f64> = extremes
        .iter()
        .copied()
        .take_while(|e| e.abs() > 0.01)
        .collect();
    assert!(large.len() >= 10, "{extremes:?}");
    for w in large.windows(2) {
        assert!(
            w[1].abs() < 0.85 * w[0].abs(),
            "not dying away: {extremes:?}"
        );
        assert!(w[1].abs() > 0.6 * w[0].abs(), "not swinging: {extremes:?}");
        assert!(w[0].signum() != w[1].signum(), "{extremes:?}");
    }
    let last = extremes.last().unwrap().abs();
    assert!(last < 0.001, "dying away: {extremes:?}");

    // The original creeps back to the vertical and stops there: it never
    // swings past it.
    let creep = swing(top, 1500);
    assert!(
        creep.iter().all(|&v| v > -1e-9),
        "past the vertical: {:?}",
        creep.iter().cloned().fold(f64::INFINITY, f64::min)
    );
    assert!(
        creep.windows(2).all(|w| w[1] <= w[0] + 1e-12),
        "not monotonic"
    );
    assert!(creep[1499] < 0.01, "{}", creep[1499]);
}

// --- The previous positions in the state and its file ---

#[test]
fn the_previous_positions_come_and_go_with_inertia() {
    let mut sim = Simulation::new();
    assert!(sim.previous().is_none());
    sim.run(3);
    // Turning inertia on starts at rest: the previous positions are the
    // cloth.
    sim.set_model(inertia(0.1));
    assert_eq!(sim.previous(), Some(&sim.cloth));
    sim.step();
    let before = sim.cloth.clone();
    sim.step();
    assert_ne!(sim.previous(), Some(&sim.cloth));
    assert_eq!(sim.previous(), Some(&before));
    // Another damping keeps the velocities; no inertia drops them.
    sim.set_model(inertia(0.2));
    assert_eq!(sim.previous(), Some(&before));
    sim.set_model(Model::ORIGINAL);
    assert!(sim.previous().is_none());
    // A plain state under inertia starts at rest; a moving state without
    // inertia drops its previous positions.
    let plain = Simulation::resume_with(golden_cloth(300), 300, inertia(0.1));
    assert_eq!(plain.previous(), Some(&golden_cloth(300)));
    let moving = State {
        previous: Some(golden_cloth(15)),
        ..State::of(golden_cloth(300))
    };
    let dropped = Simulation::resume_state(moving.clone(), 300, Model::ORIGINAL);
    assert!(dropped.previous().is_none());
    let kept = Simulation::resume_state(moving, 300, inertia(0.1));
    assert_eq!(kept.previous(), Some(&golden_cloth(15)));
}

#[test]
fn the_originals_state_files_are_the_plain_format_byte_for_byte() {
    // Every golden file reads as a state with no previous positions and
    // writes back to the same bytes, through either function; a
    // simulation without inertia writes the plain format.
    for steps in [0u64, 1, 2, 15, 300, 1000, 3000] {
        let path = data_path(&format!("cloth_step_{steps:05}.csv"));
        let bytes = std::fs::read(&path).unwrap();
        let state = state_file::parse_state(&bytes, GRID).unwrap();
        assert!(state.previous.is_none());
        assert_eq!(
            state_file::state_to_string(&state.cloth, None, &state.torn).as_bytes(),
            &bytes[..]
        );
        assert_eq!(state_file::to_string(&state.cloth).as_bytes(), &bytes[..]);
        let sim = Simulation::resume(state.cloth, steps);
        assert_eq!(sim.to_state_file().as_bytes(), &bytes[..]);
    }
}

#[test]
fn states_with_previous_positions_round_trip_and_resume_exactly() {
    for scene in [Scene::Curtain, Scene::Flag, Scene::Drape] {
        let mut straight = scene.simulation();
        straight.run(40);
        let text = straight.to_state_file();
        assert_eq!(text.lines().next(), Some(MOVING_HEADER));
        assert_eq!(text.lines().count(), 1 + 32 * 32);
        let state = state_file::parse_state(text.as_bytes(), GRID).unwrap();
        assert_eq!(state, straight.state());
        assert_eq!(
            bits(state.previous.as_ref().unwrap()),
            bits(straight.previous().unwrap()),
            "{scene}"
        );
        assert_eq!(
            state_file::state_to_string(&state.cloth, state.previous.as_ref(), &state.torn),
            text
        );
        let mut resumed = Simulation::resume_state(state, 40, scene.model());
        assert_eq!(resumed, straight);
        straight.run(30);
        resumed.run(30);
        assert_eq!(resumed, straight, "{scene}");
        assert_eq!(bits(&resumed.cloth), bits(&straight.cloth), "{scene}");
        // Resumed from the plain file instead, it starts at rest and goes
        // another way.
        let plain = state_file::to_string(
            &Simulation::resume_state(
                state_file::parse_state(text.as_bytes(), GRID).unwrap(),
                40,
                scene.model(),
            )
            .cloth,
        );
        let mut at_rest = Simulation::resume_with(
            state_file::parse(plain.as_bytes(), GRID).unwrap(),
            40,
            scene.model(),
        );
        at_rest.run(30);
        assert_ne!(at_rest.cloth, straight.cloth, "{scene}");
    }
}

#[test]
fn bad_files_with_previous_positions_give_one_line_errors_naming_the_line() {
    let mut sim = Scene::Curtain.simulation();
    sim.run(5);
    let text = sim.to_state_file();
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let join = |ls: &[String]| ls.join("\n") + "\n";
    let edit = |row: usize, new: &str| {
        let mut l = lines.clone();
        l[row] = new.to_owned();
        join(&l)
    };
    let mut missing = lines.clone();
    missing.remove(700);
    let mut extra = lines.clone();
    extra.push("31,31,0,0,0,0,0,0".into());
    let cases = [
        (
            edit(4, "0,3,1,2,3"),
            "line 5: expected 8 fields j,i,x,y,z,px,py,pz, found 5",
        ),
        (
            edit(4, "0,3,1,2,3,4,5,6,7"),
            "line 5: expected 8 fields j,i,x,y,z,px,py,pz, found 9",
        ),
        (
            edit(9, "0,8,1,2,3,oops,5,6"),
            "line 10: px = `oops` is not a number",
        ),
        (
            edit(9, "0,8,1,2,3,4,inf,6"),
            "line 10: py = `inf` is not a finite number",
        ),
        (
            edit(9, "0,8,1,2,3,4,5,NaN"),
            "line 10: pz = `NaN` is not a finite number",
        ),
        (
            edit(9, "0,8,1,2,3,4,5,1e999"),
            "line 10: pz = `1e999` is not a finite number",
        ),
        (edit(3, &lines[2]), "line 4: duplicate row for j=0, i=1"),
        (
            edit(9, "32,8,1,2,3,4,5,6"),
            "line 10: j = 32 is out of range 0..32",
        ),
        (
            join(&missing),
            "missing row for j=21, i=27 (1023 of 1024 rows present)",
        ),
        (join(&extra), "line 1026: extra row: expected 1024 rows"),
        (
            edit(0, "j,i,x,y,z,px,py"),
            "line 1: expected the header `j,i,x,y,z`, `j,i,x,y,z,px,py,pz`, `j,i,x,y,z,torn` \
             or `j,i,x,y,z,px,py,pz,torn`, found `j,i,x,y,z,px,py`",
        ),
    ];
    for (bad, want) in cases {
        let e = state_file::parse_state(bad.as_bytes(), GRID).unwrap_err();
        assert_eq!(e.to_string(), want);
        assert!(!e.to_string().contains('\n'));
    }
    // The plain reader keeps its own messages, the format with previous
    // positions among what it does not take.
    let e = state_file::parse(text.as_bytes(), GRID).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1: expected the header `j,i,x,y,z`, found `j,i,x,y,z,px,py,pz`"
    );
    let e = state_file::parse(b"j,i,x,y,z\n0,0,1,2,3,4,5,6\n", 2).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: expected 5 fields j,i,x,y,z, found 8"
    );
}
