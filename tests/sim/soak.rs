//! Long runs of the demo scene: every coordinate stays finite, the cloth
//! stays in a sane box around the scene, and memory does not grow (on
//! Linux, from /proc).
//!
//! `long_run_stays_sane` runs 20,000 steps in every `cargo test`;
//! `million_steps_stay_sane` is the full soak, ignored by default:
//! `cargo test --release --test sim -- --ignored soak::`.

use cloth_demo::sim::{Simulation, FLOOR_Y};

/// Resident memory of this process in bytes, from /proc: on Linux, where
/// it must be readable (a failure to read it fails the test rather than
/// leaving memory unchecked). Elsewhere there is no /proc: `None`, and only
/// the coordinates are checked.
fn resident_bytes() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("/proc/self/statm without a resident count: {statm:?}"));
    Some(pages * 4096)
}

/// Run `steps` steps, checking the state every `every` steps.
fn soak(steps: u64, every: u64) {
    let mut sim = Simulation::new();
    let mut rss_after_warmup = None;
    let mut done = 0;
    while done < steps {
        let chunk = every.min(steps - done);
        sim.run(chunk);
        done += chunk;
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for p in sim.cloth.points() {
            for c in 0..3 {
                assert!(p[c].is_finite(), "step {done}: coordinate {c} is {}", p[c]);
                lo[c] = lo[c].min(p[c]);
                hi[c] = hi[c].max(p[c]);
            }
        }
        // The cloth is 3.1 across; draped, heaped or spread on the floor it
        // stays near the spheres. The floor clamp comes before the spheres,
        // so a sphere sunk into the floor (sphere 3 goes down to -3.25) can
        // push a point below it, but never below that sphere's bottom.
        assert!(
            lo[1] >= FLOOR_Y - 0.75,
            "step {done}: far below the floor: {lo:?}"
        );
        assert!(hi[1] < 3.5, "step {done}: flew up: {hi:?}");
        for c in [0, 2] {
            assert!(
                lo[c] > -8.0 && hi[c] < 8.0,
                "step {done}: wandered off: {lo:?} {hi:?}"
            );
        }
        if done >= every {
            let rss = resident_bytes();
            match (rss_after_warmup, rss) {
                (None, _) => rss_after_warmup = rss,
                (Some(first), Some(now)) => assert!(
                    now <= first + 4 * 1024 * 1024,
                    "step {done}: memory grew from {first} to {now} bytes"
                ),
                _ => {}
            }
        }
    }
    assert_eq!(sim.steps(), steps);
}

#[test]
fn long_run_stays_sane() {
    soak(20_000, 1_000);
}

#[test]
#[ignore = "the full soak, a million steps: minutes"]
fn million_steps_stay_sane() {
    soak(1_000_000, 10_000);
}
