//! A cut (`Simulation::cut`) in the sim, scripted: the springs joining
//! two rows of the hands scene's curtain cut across leave it in two
//! pieces (`Torn::pieces`), the lower falls and the upper hangs on; a
//! spring the model lacks is not cut.

use cloth_demo::sim::{Scene, Simulation, Spring};

/// Every spring of the hands scene's grid (structural, shear, and the
/// two-apart bending ones) with one end in a row at or above `j` and the
/// other below it.
fn across(n: usize, j: usize) -> Vec<Spring> {
    let mut out = Vec::new();
    for a in j.saturating_sub(1)..=j {
        for i in 0..n {
            for (dj, di) in [(1, -1), (1, 0), (1, 1), (2, 0), (2, -2), (2, 2)] {
                let (jj, ii) = (a as isize + dj, i as isize + di);
                if jj > j as isize && jj < n as isize && ii >= 0 && ii < n as isize {
                    out.push(Spring { j: a, i, dj, di });
                }
            }
        }
    }
    out
}

#[test]
fn a_cut_across_the_hands_curtain_leaves_two_pieces_the_lower_falls() {
    let scene = Scene::Hands;
    let n = scene.grid().get();
    let mut sim = Simulation::resume_with(scene.start_cloth_on(n), 0, scene.model());
    sim.run(60);
    assert_eq!(sim.torn().pieces(), vec![0; n * n], "whole before the cut");
    let cut = sim.cut(across(n, n / 2 - 1));
    // The springs XPBD's grid has across a row: n vertical, 2 (n - 1)
    // diagonal, and the bending ones two rows apart.
    assert!(cut >= 3 * n - 2, "{cut} springs cut");
    let piece = sim.torn().pieces();
    assert_eq!(piece.iter().max(), Some(&1), "two pieces");
    for j in 0..n {
        for i in 0..n {
            assert_eq!(piece[j * n + i], usize::from(j >= n / 2), "[{j}][{i}]");
        }
    }
    // Cut again: nothing more to cut.
    assert_eq!(sim.cut(across(n, n / 2 - 1)), 0);
    let hem = |sim: &Simulation| {
        (0..n)
            .map(|i| sim.cloth.point(n - 1, i)[1])
            .fold(f64::MAX, f64::min)
    };
    let row = |sim: &Simulation, j: usize| sim.cloth.point(j, n / 2)[1];
    let (hem0, edge0) = (hem(&sim), row(&sim, n / 2 - 1));
    sim.run(60);
    // A second later the lower piece has fallen a metre or more (onto
    // the spheres and the floor); the upper's cut edge hangs where it was.
    assert!(hem(&sim) < hem0 - 1.0, "hem from {hem0} to {}", hem(&sim));
    assert!(
        (row(&sim, n / 2 - 1) - edge0).abs() < 0.1,
        "the upper piece's edge from {edge0} to {}",
        row(&sim, n / 2 - 1)
    );
    assert_eq!(sim.torn().pieces().iter().max(), Some(&1));
}

#[test]
fn a_cut_tears_only_springs_the_model_has() {
    // The article's model has no bending springs: a cut of one tears
    // nothing; a structural one tears.
    let mut sim = Simulation::new();
    assert_eq!(
        sim.cut([Spring {
            j: 5,
            i: 5,
            dj: 2,
            di: 0
        }]),
        0
    );
    assert_eq!(
        sim.cut([Spring {
            j: 5,
            i: 5,
            dj: 1,
            di: 0
        }]),
        1
    );
    assert_eq!(sim.torn().len(), 1);
}
