//! `state_file::parse` and `parse_state` on any bytes: no panic, no hang;
//! a file they accept writes back (`to_string`, `state_to_string`, with
//! the previous positions of a run with inertia) to text that parses to
//! the very same bits.
//! Parsed as the demo's 32 x 32 grid (the golden files are its seeds) and
//! as a 2 x 2 one, whose whole files the fuzzer reaches by itself.
#![no_main]

use cloth_demo::sim::{state_file, GRID};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for n in [GRID, 2] {
        let Ok(cloth) = state_file::parse(data, n) else {
            continue;
        };
        assert_eq!(cloth.n(), n);
        let text = state_file::to_string(&cloth);
        let again = state_file::parse(text.as_bytes(), n).expect("what was written reads back");
        for (a, b) in cloth.points().zip(again.points()) {
            assert!(a.iter().all(|c| c.is_finite()), "{a:?}");
            assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits));
        }
        assert_eq!(text, state_file::to_string(&again));
    }
    for n in [GRID, 2] {
        let Ok(state) = state_file::parse_state(data, n) else {
            continue;
        };
        let text = state_file::state_to_string(&state.cloth, state.previous.as_ref(), &state.torn);
        let again =
            state_file::parse_state(text.as_bytes(), n).expect("what was written reads back");
        let bits = |c: &cloth_demo::sim::Cloth| {
            c.points().map(|p| p.map(f64::to_bits)).collect::<Vec<_>>()
        };
        assert_eq!(bits(&state.cloth), bits(&again.cloth));
        assert_eq!(
            state.previous.as_ref().map(bits),
            again.previous.as_ref().map(bits)
        );
        assert_eq!(
            text,
            state_file::state_to_string(&again.cloth, again.previous.as_ref(), &again.torn)
        );
    }
});
