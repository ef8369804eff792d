//! The scripted cut (`--cut X1,Y1:X2,Y2 --cut-step S`) through
//! `simulate` and `render`: a stroke across the hanging curtain from edge
//! to edge leaves it in two pieces and the lower one falls, as the same
//! cut made in this process (`render::cut::crossed`, `Simulation::cut`);
//! bad values as one-line usage errors.

use crate::common::{assert_one_line_error, cloth_demo, run, stderr};
use crate::record::render;
use crate::scenes::simulate;
use cloth_demo::render::cut::crossed;
use cloth_demo::render::Camera;
use cloth_demo::sim::{has_spring, state_file, Scene, Simulation, Solver};

/// How many pieces the cloth is in (`Torn::pieces`), and each point's.
fn pieces(sim: &Simulation) -> (usize, Vec<usize>) {
    let piece = sim.torn().pieces();
    (piece.iter().max().map_or(0, |m| m + 1), piece)
}

/// The curtain under XPBD on an `n x n` grid.
fn curtain(n: usize) -> Simulation {
    let mut model = Scene::Curtain.model();
    model.solver = Solver::Xpbd;
    Simulation::resume_with(Scene::Curtain.start_cloth_on(n), 0, model)
}

/// Across the default 792 x 573 view, level, a little above the middle of
/// the hanging curtain (rows 31 and 32 of 64 hang at about y = 250 and
/// 257 there), from one side of the picture to the other.
const STROKE: &str = "0,253:792,253";

#[test]
fn a_cut_across_the_curtain_leaves_two_pieces_and_the_lower_falls() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("cut.csv");
    let args = [
        "--scene",
        "curtain",
        "--solver",
        "xpbd",
        "--grid",
        "64",
        "--steps",
        "300",
        "--cut",
        STROKE,
        "--cut-step",
        "101",
    ];
    let (_, text) = simulate(&args, &csv);
    let state = state_file::parse_state(text.as_bytes(), 64).expect("a state file");
    let mut model = Scene::Curtain.model();
    model.solver = Solver::Xpbd;
    let sim = Simulation::resume_state(state, 300, model);
    let (count, piece) = pieces(&sim);
    assert_eq!(count, 2, "{} springs cut", sim.torn().len());
    // The rod's piece still hangs; the other lies on the floor, well
    // below where the curtain's hem hung before the cut.
    let n = 64;
    let top = piece[0];
    let mut hung = curtain(n);
    hung.run(100);
    let hem = (0..n)
        .map(|i| hung.cloth.point(n - 1, i)[1])
        .fold(f64::MAX, f64::min);
    let lowest = |p: usize| {
        (0..n * n)
            .filter(|&k| piece[k] == p)
            .map(|k| sim.cloth.y[k])
            .fold(f64::MAX, f64::min)
    };
    let fallen = lowest(1 - top);
    assert!(
        fallen < hem - 1.0,
        "the lower piece at {fallen}, the hem hung at {hem}"
    );
    // The rod's piece is whole below the rod and above the cut.
    assert!(lowest(top) > hem, "{}", lowest(top));
    // As the same cut made in this process.
    let mut here = curtain(n);
    here.run(100);
    let model = here.model();
    let springs = crossed(
        &Camera::default(),
        792,
        573,
        (0.0, 253.0),
        (792.0, 253.0),
        &here.cloth,
        here.torn(),
        |dj, di| has_spring(&model, dj, di),
    );
    let cut = here.cut(springs);
    assert_eq!(cut, sim.torn().len());
    here.run(200);
    assert_eq!(here.torn(), sim.torn());
    assert_eq!(here.cloth, sim.cloth);
}

#[test]
fn render_cuts_on_its_own_picture() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "--scene", "curtain", "--solver", "xpbd", "--steps", "200", "--size", "396x286",
    ];
    let (_, _, whole) = render(&base, dir.path());
    let mut args = base.to_vec();
    // Halfway down the curtain on the half-size picture.
    args.extend(["--cut", "0,126:396,126", "--cut-step", "101"]);
    let (w, h, cut) = render(&args, dir.path());
    assert_eq!((w, h), (396, 286));
    // The lower half is gone from where it hung.
    let differ = whole.iter().zip(&cut).filter(|(a, b)| a != b).count();
    assert!(differ > 2000, "{differ} pixels differ");
}

#[test]
fn bad_cuts_are_one_line_usage_errors() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["--cut", "1,2", "--cut-step", "5"],
            &["--cut", "X1,Y1:X2,Y2"],
        ),
        (
            &["--cut", "1,2:3", "--cut-step", "5"],
            &["--cut", "X1,Y1:X2,Y2"],
        ),
        (
            &["--cut", "a,1:2,3", "--cut-step", "5"],
            &["--cut", "not `a,1:2,3`"],
        ),
        (&["--cut", "nan,1:2,3", "--cut-step", "5"], &["--cut"]),
        (
            &["--cut", "0,253:800,253", "--cut-step", "5"],
            &["off the 792x573 picture"],
        ),
        (
            &["--cut=-1,3:4,5", "--cut-step", "5"],
            &["off the 792x573 picture"],
        ),
        (&["--cut", "1,2:3,4"], &["--cut-step"]),
        (&["--cut-step", "5"], &["--cut"]),
        (
            &["--cut", "1,2:3,4", "--cut-step", "0"],
            &["--cut-step", "at least 1"],
        ),
    ];
    for (args, needles) in cases {
        let out = run(cloth_demo().args(["simulate", "--steps", "5"]).args(*args));
        assert_one_line_error(&out, 2, needles);
    }
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let out = run(cloth_demo()
        .args(["render", "--steps", "5", "--size", "100x100", "--out"])
        .arg(&png)
        .args(["--cut", "1,2:300,4", "--cut-step", "3"]));
    assert_one_line_error(&out, 2, &["off the 100x100 picture"]);
    assert!(!png.exists(), "{}", stderr(&out));
}
