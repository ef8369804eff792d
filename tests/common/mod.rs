//! Helpers shared by the integration tests: the golden data under `tests/data/`.
#![allow(dead_code)]

use std::process::{Command, Output};

use cloth_demo::sim::{state_file, Cloth, GRID};

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

/// The binary, with no display server in its environment (where one is
/// named there: X11 and Wayland; under Wine, DISPLAY is how Windows'
/// OpenGL reaches the X server, as a Windows desktop is always there).
#[cfg(feature = "cli")]
pub fn cloth_demo() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cloth-demo"));
    if cfg!(free_unix) {
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    }
    c
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

/// Run `cmd` to the end and collect its output.
pub fn run(cmd: &mut Command) -> Output {
    cmd.output().expect("the cloth-demo binary runs")
}

/// A run's stderr as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The run failed with exit code `code` and exactly one line on stderr,
/// `cloth-demo: error: ...`, with no panic, containing every one of
/// `needles`. Returns that line (with its newline).
pub fn assert_one_line_error(out: &Output, code: i32, needles: &[&str]) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line, got: {err:?}");
    assert!(err.starts_with("cloth-demo: error: "), "{err:?}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{err:?} should mention {n:?}");
    }
    err
}

/// A run's stdout as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The scene's colours (SPEC section 2) as the renderer writes them. The
/// greys 0.9 and 0.1 fall exactly halfway between two bytes (229.5 and
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
