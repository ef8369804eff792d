//! The other option values on any text: counts (`--steps`, `--start`,
//! `--every`, with bounds from the first bytes) and the format an output
//! path's extension names. No panic; a count it accepts is in its bounds
//! and is the number written; a format it accepts is one of those asked
//! for, named by the extension (or the default, with none).
#![no_main]

use std::path::Path;

use cloth_demo::options::{count, Format};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (min, max) = match pick % 4 {
        0 => (0, u64::MAX),
        1 => (1, 36_000),
        2 => (u64::from(pick), u64::from(pick) * 1000),
        _ => (u64::MAX, u64::MAX),
    };
    match count(text, min, max) {
        Ok(n) => {
            assert!((min..=max).contains(&n), "{text:?}: {n}");
            assert_eq!(text.parse::<u64>(), Ok(n));
        }
        Err(e) => assert!(
            e.starts_with("must be a whole number ") && e.contains(text),
            "{e}"
        ),
    }
    let supported: &[Format] = if pick & 1 == 0 {
        &[Format::Png]
    } else {
        &[Format::Gif, Format::Apng]
    };
    let path = Path::new(text);
    match Format::for_path(path, supported) {
        Ok(format) => {
            assert!(supported.contains(&format));
            match path.extension() {
                None => assert_eq!(format, supported[0]),
                Some(ext) => {
                    let ext = ext.to_string_lossy().to_ascii_lowercase();
                    assert!(format.extensions().contains(&ext.as_str()), "{text:?}");
                }
            }
        }
        Err(e) => assert!(e.contains("is not supported"), "{e}"),
    }
});
