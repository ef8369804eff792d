//! Every way the program can go wrong ends in a clear one-line error and
//! its exit code: no display server is one line and exit code 1, a bad
//! `CLOTH_DEMO_*` value is one line and exit code 2 (bad usage), for every
//! command; bad sizes, a missing output directory, no EGL driver and an
//! unloadable libEGL leave no file behind. (The GL contexts themselves,
//! their fallbacks and the driver's shader logs, are in
//! `tests/render/contexts.rs`.)

use std::path::Path;
use std::process::Output;

use crate::common::{assert_one_line_error, cloth_demo, run, stderr};

use cloth_demo::render::headless::ContextKind;

/// The environment variable that forces the context's GL kind.
const GL_ENV: &str = "CLOTH_DEMO_GL";
/// The environment variable that forces the way the context is made.
const CONTEXT_ENV: &str = "CLOTH_DEMO_CONTEXT";
/// The environment variable that forces the physics' instruction set.
const SIMD_ENV: &str = "CLOTH_DEMO_SIMD";

#[test]
fn a_bad_api_name_is_a_one_line_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(cloth_demo()
        .env(GL_ENV, "vulkan")
        .args(["render", "--steps", "0", "--out"])
        .arg(dir.path().join("x.png")));
    let err = assert_one_line_error(&out, 2, &["CLOTH_DEMO_GL=vulkan"]);
    assert!(err.contains("CLOTH_DEMO_GL=vulkan"), "{err}");
    assert!(err.contains("gl33, gles3, gles2"), "{err}");
    assert!(!dir.path().join("x.png").exists());
}

#[test]
fn a_bad_context_name_is_a_one_line_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    // `cgl` is macOS's; elsewhere `wgl` (Windows') is as foreign.
    let foreign = if cfg!(target_os = "macos") {
        "wgl"
    } else {
        "cgl"
    };
    for value in ["opengl", foreign] {
        let out = run(cloth_demo()
            .env(CONTEXT_ENV, value)
            .args(["render", "--steps", "0", "--out"])
            .arg(dir.path().join("x.png")));
        let err = assert_one_line_error(&out, 2, &[&format!("{CONTEXT_ENV}={value}")]);
        assert!(err.contains(&format!("{CONTEXT_ENV}={value}")), "{err}");
        let have: Vec<&str> = ContextKind::AVAILABLE
            .iter()
            .map(|k| k.short_name())
            .collect();
        assert!(err.contains(&have.join(", ")), "{err}");
        assert!(!dir.path().join("x.png").exists());
    }
}

#[test]
fn every_bad_environment_value_is_the_same_usage_error_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let (png, gif, csv) = (out_path("x.png"), out_path("x.gif"), out_path("x.csv"));
    let commands: [Vec<&str>; 4] = [
        vec![],
        vec!["render", "--steps", "1", "--out", &png],
        vec!["record", "--steps", "2", "--every", "1", "--out", &gif],
        vec!["simulate", "--steps", "1", "--csv", &csv],
    ];
    let foreign = if cfg!(windows) { "egl" } else { "wgl" };
    for (variable, value) in [
        (GL_ENV, "bogus"),
        (CONTEXT_ENV, "bogus"),
        (CONTEXT_ENV, foreign),
        (SIMD_ENV, "bogus"),
        (SIMD_ENV, "neon"),
    ] {
        for args in &commands {
            let what = format!("{variable}={value} cloth-demo {}", args.join(" "));
            let out = run(cloth_demo().env(variable, value).args(args));
            let err = assert_one_line_error(&out, 2, &[&format!("{variable}={value}")]);
            assert!(
                err.starts_with(&format!(
                    "cloth-demo: error: {variable}={value} is not one of "
                )),
                "{what}: {err}"
            );
            assert!(out.stdout.is_empty(), "{what}");
            let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
            assert!(left.is_empty(), "{what}: left {left:?}");
        }
    }
}

// Only where windows come from a display server named in the environment
// (X11, Wayland): on Windows and macOS the desktop is always there, and the
// window would open (and run until closed) whatever DISPLAY says.
#[cfg(free_unix)]
#[test]
fn the_window_without_a_display_server_is_one_line_exit_1() {
    let out = run(&mut cloth_demo());
    let err = assert_one_line_error(&out, 1, &["no display server"]);
    assert!(err.contains("no display server"), "{err}");
    assert!(err.contains("DISPLAY"), "{err}");
    assert!(err.contains("WAYLAND_DISPLAY"), "{err}");
    assert!(out.stdout.is_empty());
    for flag in ["--fullscreen", "--uncapped"] {
        let out = run(cloth_demo().arg(flag));
        let err = assert_one_line_error(&out, 1, &["no display server"]);
        assert!(err.contains("no display server"), "{flag}: {err}");
    }
}

// X11 only, as above.
#[cfg(free_unix)]
#[test]
fn the_window_with_an_unreachable_x_display_is_one_line_exit_1() {
    // A display number no server listens on.
    let out = run(cloth_demo().env("DISPLAY", ":4093"));
    let err = assert_one_line_error(&out, 1, &[":4093"]);
    assert!(err.contains("cannot open a window"), "{err}");
    assert!(err.contains(":4093"), "{err}");
}

#[test]
fn help_documents_the_environment_variable() {
    for sub in ["render", "record"] {
        let out = run(cloth_demo().args([sub, "--help"]));
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(
            help.contains("CLOTH_DEMO_GL=gl33|gles3|gles2"),
            "{sub}: {help}"
        );
    }
}

/// A failed run: the exit code, a single `cloth-demo: error:` line
/// ([`assert_one_line_error`]), nothing on stdout, and no output file (nor
/// any temporary file beside it).
fn assert_fails(out: &Output, code: i32, dir: &Path, what: &str) {
    assert_one_line_error(out, code, &[]);
    assert!(out.stdout.is_empty(), "{what}");
    let left: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{what}: left {left:?}");
}

#[test]
fn bad_sizes_are_usage_errors() {
    for size in ["0x0", "99999x10", "10x0", "792", "axb"] {
        let dir = tempfile::tempdir().unwrap();
        let out = run(cloth_demo()
            .args(["render", "--steps", "0", "--size", size, "--out"])
            .arg(dir.path().join("x.png")));
        assert_fails(&out, 2, dir.path(), &format!("--size {size}"));
        assert!(stderr(&out).contains(size), "{}", stderr(&out));
    }
}

#[test]
fn missing_output_directory_is_a_runtime_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(cloth_demo()
        .args(["render", "--steps", "0", "--out"])
        .arg(dir.path().join("no/such/dir/x.png")));
    assert_fails(&out, 1, dir.path(), "missing directory");
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
}

// EGL is the headless path on Linux and the BSDs only; these two tests hide
// it the Linux ways (libglvnd's vendor list, the library path). Windows
// draws through WGL and macOS through CGL, which every such machine has.
#[cfg(free_unix)]
#[test]
fn no_egl_driver_is_a_one_line_runtime_error() {
    let dir = tempfile::tempdir().unwrap();
    // libglvnd with no vendor library: EGL loads but offers no devices.
    let out = run(cloth_demo()
        .env(
            "__EGL_VENDOR_LIBRARY_FILENAMES",
            dir.path().join("none.json"),
        )
        .args(["render", "--steps", "0", "--out"])
        .arg(dir.path().join("x.png")));
    assert_fails(&out, 1, dir.path(), "no EGL vendor");
    assert!(stderr(&out).contains("apt-get install"), "{}", stderr(&out));
}

#[cfg(free_unix)]
#[test]
fn unloadable_libegl_is_a_one_line_runtime_error() {
    let dir = tempfile::tempdir().unwrap();
    let libs = tempfile::tempdir().unwrap();
    // Not a shared object: the loader finds it first and gives up.
    for name in ["libEGL.so.1", "libEGL.so"] {
        std::fs::write(libs.path().join(name), b"not a library").unwrap();
    }
    let out = run(cloth_demo()
        .env("LD_LIBRARY_PATH", libs.path())
        .args(["render", "--steps", "0", "--out"])
        .arg(dir.path().join("x.png")));
    assert_fails(&out, 1, dir.path(), "unloadable libEGL");
    assert!(
        stderr(&out).contains("could not load libEGL"),
        "{}",
        stderr(&out)
    );
}
