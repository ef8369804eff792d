//! The spheres' waves, call by call, against `waves.csv`: the argument the
//! sim computes for each wave and its correctly rounded `cos` (`sin` for
//! sphere 2), bit for bit.
//!
//! The rows are every wave call of steps 1 to 2,000 and every call in the
//! first million steps where glibc's `cos`/`sin` are not correctly rounded,
//! so this fails on any maths library that is not correctly rounded
//! (swapping `pxfm` for `f64::cos` in `sim::spheres` fails it at step 143).

use crate::common;

use cloth_demo::sim::spheres::{wave_argument, wave_trig, Spheres, AMPLITUDES, REST_CENTRES};
use cloth_demo::sim::SPHERE_COUNT;

/// Rows `(step, k, argument, trig value)` of `waves.csv`.
fn golden_waves() -> Vec<(u64, usize, f64, f64)> {
    let path = common::data_path("waves.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("step,k,x,y"));
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 4, "{l}");
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn every_wave_call_matches_to_the_bit() {
    let rows = golden_waves();
    assert_eq!(rows.len(), 16_888);
    let mut wrong = Vec::new();
    for &(step, k, x, y) in &rows {
        let (got_x, got_y) = (wave_argument(k, step), wave_trig(k, step));
        if got_x.to_bits() != x.to_bits() || got_y.to_bits() != y.to_bits() {
            wrong.push(format!(
                "step {step} sphere {k}: argument {got_x:e} (want {x:e}), value {got_y:e} (want {y:e})"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} wave calls differ; first: {}",
        wrong.len(),
        rows.len(),
        wrong[0]
    );
}

#[test]
fn the_rows_cover_the_first_2000_steps_and_the_hard_cases_beyond() {
    let rows = golden_waves();
    let early = rows.iter().filter(|r| r.0 <= 2000).count();
    assert_eq!(early, 2000 * SPHERE_COUNT, "every call of steps 1-2000");
    let last = rows.iter().map(|r| r.0).max().unwrap();
    assert!(last > 900_000 && last <= 1_000_000, "last step {last}");
}

#[test]
fn sphere_heights_are_rest_plus_amplitude_times_wave() {
    // The table's heights come from those same values: the spheres after a
    // hard step sit exactly where its row puts them.
    for (step, k, _, y) in golden_waves().into_iter().step_by(97) {
        let spheres = Spheres::after_steps(step);
        let want = REST_CENTRES[k][1] + AMPLITUDES[k] * y;
        assert_eq!(
            spheres.centres[k][1].to_bits(),
            want.to_bits(),
            "sphere {k} after step {step}"
        );
    }
}
