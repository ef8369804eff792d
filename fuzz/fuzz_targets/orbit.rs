//! `--orbit R1,R2` on any text: no panic; angles it accepts are finite and
//! read back to the same bits from its own display; an error names the
//! text.
#![no_main]

use cloth_demo::options::OrbitAngles;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<OrbitAngles>() {
        Ok(orbit) => {
            assert!(orbit.r1.is_finite() && orbit.r2.is_finite(), "{text:?}");
            let again = orbit.to_string().parse::<OrbitAngles>().expect("reads back");
            assert_eq!(orbit.r1.to_bits(), again.r1.to_bits(), "{text:?}");
            assert_eq!(orbit.r2.to_bits(), again.r2.to_bits(), "{text:?}");
        }
        Err(e) => assert!(e.starts_with("must be ") && e.contains(text), "{e}"),
    }
});
