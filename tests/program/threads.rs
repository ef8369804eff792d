//! `simulate --threads N` and `CLOTH_DEMO_SIMD`: every thread count and
//! every path the CPU has writes the golden file, and bad values are
//! usage errors.

use std::process::Output;

use cloth_demo::sim::InstructionSet;

use crate::common::{self, cloth_demo, run};

/// The environment variable that forces the instruction set.
const SIMD_VARIABLE: &str = "CLOTH_DEMO_SIMD";

/// `cloth-demo simulate ARGS`, with `CLOTH_DEMO_SIMD` set to `path` or
/// unset.
fn simulate(args: &[&str], path: Option<&str>) -> Output {
    let mut cmd = cloth_demo();
    cmd.arg("simulate").args(args);
    if let Some(p) = path {
        cmd.env(SIMD_VARIABLE, p);
    }
    run(&mut cmd)
}

#[test]
fn every_thread_count_and_path_writes_the_golden_300_file() {
    let golden = std::fs::read_to_string(common::data_path("cloth_step_00300.csv")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for path in InstructionSet::available() {
        for threads in ["1", "2", "3"] {
            let csv = dir.path().join(format!("{path}-{threads}.csv"));
            let out = simulate(
                &[
                    "--steps",
                    "300",
                    "--threads",
                    threads,
                    "--csv",
                    csv.to_str().unwrap(),
                ],
                Some(path.name()),
            );
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                std::fs::read_to_string(&csv).unwrap(),
                golden,
                "{path} on {threads} threads"
            );
        }
    }
}

#[test]
fn bad_thread_counts_are_usage_errors() {
    for (bad, said) in [
        ("0", "--threads"),
        ("257", "--threads"),
        ("two", "--threads"),
        ("", "--threads"),
        ("-1", "--threads"),
    ] {
        let out = simulate(&["--steps", "1", "--threads", bad], None);
        common::assert_one_line_error(&out, 2, &[said]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "must be a whole number from 1 to 256, not `{bad}`"
            )),
            "{err}"
        );
    }
}

#[test]
fn a_path_that_is_not_there_is_a_usage_error() {
    common::assert_one_line_error(
        &simulate(&["--steps", "1"], Some("sse9")),
        2,
        &[SIMD_VARIABLE],
    );
    for path in InstructionSet::ALL
        .into_iter()
        .filter(|p| !p.is_available())
    {
        common::assert_one_line_error(
            &simulate(&["--steps", "1"], Some(path.name())),
            2,
            &[path.name()],
        );
    }
    // Unset or empty: the best path, no error.
    for ok in [None, Some("")] {
        assert!(simulate(&["--steps", "1"], ok).status.success());
    }
}
