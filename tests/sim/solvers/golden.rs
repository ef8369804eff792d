//! Each solver's 300 steps from the demo's flat start, byte for byte
//! against a record of this port (`tests/data/solver_<name>_00300.csv`,
//! with `px,py,pz`). Unlike the original's golden files these are made by
//! the port itself: `CLOTH_DEMO_BLESS=1` writes them afresh, for a change
//! meant to change the bits (tests/data/README.md).

use super::model;
use crate::common;
use cloth_demo::sim::{Simulation, Solver};

#[test]
fn each_solver_matches_its_300_step_record() {
    let bless = std::env::var_os("CLOTH_DEMO_BLESS").is_some_and(|v| v == "1");
    for (name, solver) in [
        ("mass_spring", Solver::MassSpring),
        ("relaxation", Solver::Relaxation),
        ("xpbd", Solver::Xpbd),
    ] {
        let mut sim = Simulation::with_model(model(solver));
        sim.run(300);
        let got = sim.to_state_file();
        let path = common::data_path(&format!("solver_{name}_00300.csv"));
        if bless {
            std::fs::write(&path, &got).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (CLOTH_DEMO_BLESS=1 makes it)", path.display()));
        if let Some((line, (g, w))) = got
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (g, w))| g != w)
        {
            panic!(
                "{name}: {} line {}: got {g}, want {w}",
                path.display(),
                line + 1
            );
        }
        assert_eq!(
            got.len(),
            want.len(),
            "{name}: {} differs in length",
            path.display()
        );
    }
}
