//! Bit-exact physics: the port against the original's trajectory.
//!
//! Every coordinate must equal the golden value exactly (`==` on `f64`, no
//! tolerance): the motion is chaotic, so one ulp off anywhere grows to
//! visible differences within a few hundred steps.

use crate::common::{self, golden_cloth, golden_spheres};
use cloth_demo::sim::{state_file, Cloth, InstructionSet, Simulation};

/// Compare every coordinate bit for bit; report the first mismatch.
fn assert_same_bits(got: &Cloth, want: &Cloth, what: &str) {
    assert_eq!(got.n(), want.n());
    let mut mismatches = 0;
    let mut first = None;
    for (k, (g, w)) in got.points().zip(want.points()).enumerate() {
        for c in 0..3 {
            if g[c].to_bits() != w[c].to_bits() {
                mismatches += 1;
                first.get_or_insert((k, c, g[c], w[c]));
            }
        }
    }
    if let Some((k, c, g, w)) = first {
        panic!(
            "{what}: {mismatches} coordinates differ; first at j={}, i={}, axis {}: got {g:e}, want {w:e}",
            k / got.n(),
            k % got.n(),
            ["x", "y", "z"][c]
        );
    }
}

#[test]
fn start_state_is_golden() {
    assert_same_bits(&Simulation::new().cloth, &golden_cloth(0), "step 0");
}

#[test]
fn every_golden_step_matches_to_the_bit() {
    let mut sim = Simulation::new();
    for target in [1u64, 2, 15, 300, 1000, 3000] {
        sim.run(target - sim.steps());
        assert_eq!(sim.steps(), target);
        assert_same_bits(&sim.cloth, &golden_cloth(target), &format!("step {target}"));
    }
}

#[test]
fn every_instruction_set_and_thread_count_is_golden() {
    for set in InstructionSet::available() {
        for threads in [1, 2] {
            let mut sim = Simulation::new();
            sim.set_instruction_set(set).unwrap();
            sim.set_threads(Some(threads));
            for target in [1u64, 2, 15, 300, 1000, 3000] {
                sim.run(target - sim.steps());
                let what = format!("{set}, {threads} threads, step {target}");
                assert_same_bits(&sim.cloth, &golden_cloth(target), &what);
            }
        }
    }
}

#[test]
fn the_general_pass_is_golden_on_every_instruction_set() {
    // The general pass runs every other model; given the original it must
    // be the original, on whatever instruction set it runs.
    for set in InstructionSet::available() {
        let mut sim = Simulation::new();
        sim.set_instruction_set(set).unwrap();
        for target in [1u64, 2, 15, 300, 1000] {
            while sim.steps() < target {
                sim.step_general();
            }
            let what = format!("general pass on {set}, step {target}");
            assert_same_bits(&sim.cloth, &golden_cloth(target), &what);
        }
    }
}

#[test]
fn sphere_centres_match_to_the_bit() {
    let rows = golden_spheres();
    assert_eq!(rows.len(), 30, "six steps x five spheres");
    let mut sim = Simulation::new();
    for (step, k, centre, r) in rows {
        sim.run(step - sim.steps());
        for (c, (got, want)) in sim.spheres.centres[k].iter().zip(centre).enumerate() {
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "sphere {k} axis {c} after step {step}"
            );
        }
        assert_eq!(sim.spheres.radii[k], r);
    }
}

#[test]
fn resuming_from_step_1000_reaches_step_3000_exactly() {
    let mut sim = Simulation::resume(golden_cloth(1000), 1000);
    sim.run(2000);
    assert_eq!(sim.steps(), 3000);
    assert_same_bits(&sim.cloth, &golden_cloth(3000), "resumed to 3000");
}

#[test]
fn written_state_is_byte_for_byte_the_golden_file() {
    for steps in [0u64, 1, 2, 15, 300, 1000, 3000] {
        let path = common::data_path(&format!("cloth_step_{steps:05}.csv"));
        let golden = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            state_file::to_string(&golden_cloth(steps)),
            golden,
            "{}",
            path.display()
        );
    }
}

#[test]
fn reference_step_is_golden_too() {
    // The plain, line-by-line pass is the oracle of the fast one: it must be
    // exact in its own right.
    let mut sim = Simulation::new();
    for target in [1u64, 2, 15, 300] {
        while sim.steps() < target {
            cloth_demo::sim::reference::step(&mut sim);
        }
        assert_same_bits(
            &sim.cloth,
            &golden_cloth(target),
            &format!("reference step {target}"),
        );
    }
}
