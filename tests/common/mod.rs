//! What every test binary shares, one implementation of each (each
//! binary's `main.rs` includes this file as `mod common;` with
//! `#[path = "../common/mod.rs"]`): the golden data under `tests/data/`,
//! proptest's configuration, and, with the program built (feature `cli`),
//! the one way to run `cloth-demo` ([`cloth_demo`], [`run`]), the one
//! check of its one-line errors ([`assert_one_line_error`]), its PNGs
//! decoded and the scene's colours.
#![allow(dead_code)]

use std::ffi::OsString;
use std::process::{Command, Output};

use cloth_demo::sim::{state_file, Cloth, GRID};
use proptest::test_runner::{Config, FileFailurePersistence};

/// Path of a file under `tests/data/`.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The golden cloth after `steps` steps (made by the original's code in
/// double precision).
pub fn golden_cloth(steps: u64) -> Cloth {
    let path = data_path(&format!("cloth_step_{steps:05}.csv"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    state_file::parse(&bytes, GRID).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Golden sphere rows `(step, k, [x, y, z], r)` from `spheres.csv`.
pub fn golden_spheres() -> Vec<(u64, usize, [f64; 3], f64)> {
    let text = std::fs::read_to_string(data_path("spheres.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("step,k,x,y,z,r"));
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 6, "{l}");
            let num = |s: &str| s.parse::<f64>().unwrap();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                [num(f[2]), num(f[3]), num(f[4])],
                num(f[5]),
            )
        })
        .collect()
}

/// Proptest's configuration with `cases` cases, its failures kept in (and
/// replayed from) the file beside the test's source file:
/// `tests/sim/degenerate.rs`'s in `tests/sim/degenerate.proptest-regressions`.
///
/// Proptest's default (`SourceParallel`) walks up from the source file to
/// the first folder with a `main.rs` or `lib.rs` and keeps them in a tree
/// beside that folder (`tests/proptest-regressions/degenerate.txt`, as each
/// binary is a folder with a `main.rs`); `WithSource` names the file
/// beside the source, wherever the test lives.
pub fn proptest_config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

/// The built program, `cloth-demo`.
#[cfg(feature = "cli")]
pub const CLOTH_DEMO: &str = env!("CARGO_BIN_EXE_cloth-demo");

/// The variables the program reads, always removed from its environment
/// by [`without_environment`] (with every other `CLOTH_DEMO_*` the
/// environment has): its own, and env_logger's.
pub const PROGRAM_VARIABLES: [&str; 5] = [
    "CLOTH_DEMO_CONTEXT",
    "CLOTH_DEMO_GL",
    "CLOTH_DEMO_SIMD",
    "RUST_LOG",
    "RUST_LOG_STYLE",
];

/// The prefix of the program's variables, present and future.
pub const PROGRAM_PREFIX: &str = "CLOTH_DEMO_";

/// The variables that name a display server, removed on a Unix whose
/// windows come from one (X11, Wayland). Elsewhere the desktop is always
/// there, and under Wine `DISPLAY` is how Windows' OpenGL reaches the X
/// server: kept.
pub const DISPLAY_VARIABLES: [&str; 3] = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"];

/// Whether `name` begins with [`PROGRAM_PREFIX`], as the platform
/// compares names (Windows ignores case).
fn is_program_variable(name: &std::ffi::OsStr) -> bool {
    let (name, prefix) = (name.as_encoded_bytes(), PROGRAM_PREFIX.as_bytes());
    name.len() >= prefix.len()
        && if cfg!(windows) {
            name[..prefix.len()].eq_ignore_ascii_case(prefix)
        } else {
            name[..prefix.len()] == *prefix
        }
}

/// `cmd` with none of the program's variables (every `CLOTH_DEMO_*` in
/// `environment`, and [`PROGRAM_VARIABLES`] whether there or not) and, on a free Unix, no [`DISPLAY_VARIABLES`]: what the
/// test process was started with does not reach the program. A test that
/// means to set one sets it on the returned command, after this.
///
/// `environment` is the test process's ([`without_user_environment`]), or
/// a made-up one for the test of this function.
pub fn without_environment(
    cmd: &mut Command,
    environment: impl IntoIterator<Item = (OsString, OsString)>,
) -> &mut Command {
    for name in PROGRAM_VARIABLES {
        cmd.env_remove(name);
    }
    for (name, _) in environment {
        if is_program_variable(&name) {
            cmd.env_remove(name);
        }
    }
    if cfg!(free_unix) {
        for name in DISPLAY_VARIABLES {
            cmd.env_remove(name);
        }
    }
    cmd
}

/// `cmd` without the test process's program variables and display server
/// ([`without_environment`] of [`std::env::vars_os`]): for a command that
/// runs the program through another (`script`, `strace`).
pub fn without_user_environment(cmd: &mut Command) -> &mut Command {
    without_environment(cmd, std::env::vars_os())
}

/// The binary, with no `CLOTH_DEMO_*` variable, no `RUST_LOG` and (on a
/// free Unix) no display server in its environment, whatever the test
/// process was started with ([`without_user_environment`]). Every test
/// that runs the program starts here.
#[cfg(feature = "cli")]
pub fn cloth_demo() -> Command {
    let mut c = Command::new(CLOTH_DEMO);
    without_user_environment(&mut c);
    c
}

/// Windows' ERROR_INTERNAL_ERROR: what Wine's `CreateProcess` returns now
/// and then on a loaded machine, before the child has run at all.
const WINE_NOT_STARTED: i32 = 1359;

/// Run `cmd` to the end and collect its output.
///
/// On Windows a start that fails with [`WINE_NOT_STARTED`] is tried again,
/// up to four more times, a little later each time: the child never ran,
/// so nothing of the test has happened yet. Any other error panics at once.
pub fn run(cmd: &mut Command) -> Output {
    let mut tries = 1;
    loop {
        match cmd.output() {
            Ok(out) => return out,
            Err(e) if cfg!(windows) && e.raw_os_error() == Some(WINE_NOT_STARTED) && tries < 5 => {
                std::thread::sleep(std::time::Duration::from_millis(200 * tries));
                tries += 1;
            }
            Err(e) => panic!("the cloth-demo binary runs: {e}"),
        }
    }
}

/// A run's stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A run's stdout as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The run failed with exit code `code` and exactly one line on stderr,
/// `cloth-demo: error: ...`, with no panic, containing every one of
/// `needles`. Returns that line (with its newline).
pub fn assert_one_line_error(out: &Output, code: i32, needles: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err:?}");
    assert_eq!(err.lines().count(), 1, "one line, got: {err:?}");
    assert!(err.starts_with("cloth-demo: error: "), "{err:?}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{err:?} should mention {n:?}");
    }
    err
}

/// The 8-bit RGBA PNG the program wrote at `path`, decoded (`png`).
///
/// # Panics
/// If the file cannot be read, is not a PNG, or is not 8-bit RGBA.
#[cfg(feature = "cli")]
pub fn decode_png(path: &std::path::Path) -> cloth_demo::render::headless::Image {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG image data");
    assert_eq!(info.color_type, png::ColorType::Rgba);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    cloth_demo::render::headless::Image {
        width: info.width,
        height: info.height,
        rgba: buf,
    }
}

/// The scene's flat colours (black, the cloth's yellow and blue, the
/// spheres' red and white, the floor's greys) as the renderer writes them.
/// The greys 0.9 and 0.1 fall exactly halfway between two bytes (229.5 and
/// 25.5), and the interpolated colour lands on either side, so each grey is
/// two byte values; everything else is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    Yellow,
    Blue,
    Red,
    White,
    LightGrey,
    DarkGrey,
}

/// The scene colour of an RGB pixel, or `None` for anything else.
pub fn classify_rgb(p: [u8; 3]) -> Option<Colour> {
    use Colour::*;
    match p {
        [0, 0, 0] => Some(Black),
        [255, 255, 0] => Some(Yellow),
        [0, 0, 255] => Some(Blue),
        [255, 0, 0] => Some(Red),
        [255, 255, 255] => Some(White),
        [229, 229, 229] | [230, 230, 230] => Some(LightGrey),
        [25, 25, 25] | [26, 26, 26] => Some(DarkGrey),
        _ => None,
    }
}
