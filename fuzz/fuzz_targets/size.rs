//! `--size WxH` on any text: no panic; a size it accepts has both sides in
//! 1..=16384 and reads back from its own display; an error names the text.
#![no_main]

use cloth_demo::options::{Size, MAX_SIDE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Size>() {
        Ok(size) => {
            assert!((1..=MAX_SIDE).contains(&size.width), "{text:?}: {size:?}");
            assert!((1..=MAX_SIDE).contains(&size.height), "{text:?}: {size:?}");
            assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
        Err(e) => assert!(e.starts_with("must be ") && e.contains(text), "{e}"),
    }
});
