//! The one helper that runs the program ([`common::cloth_demo`]) leaves
//! the test process's environment behind: every `CLOTH_DEMO_*` variable
//! (those the program reads and any other), `RUST_LOG` and, on a free
//! Unix, the display server are removed from the program's environment,
//! so `CLOTH_DEMO_CONTEXT=glx cargo test` still tests the defaults; a
//! variable a test sets on the helper's command on purpose still reaches
//! the program.
//!
//! The test process's own environment is never changed here (`set_var`
//! would race the other tests' threads, which read it): the helper's
//! core ([`common::without_environment`]) is given a made-up one, and the
//! real helper's command is read back with `Command::get_envs`.

use std::ffi::OsStr;
use std::process::Command;

use crate::common::{
    self, assert_one_line_error, cloth_demo, run, stderr, without_environment, CLOTH_DEMO,
    DISPLAY_VARIABLES, PROGRAM_PREFIX, PROGRAM_VARIABLES,
};

/// What `cmd` does with the variable `name`: `None` when it leaves it as
/// the test process has it, `Some(None)` when it removes it, `Some(Some(v))`
/// when it sets it to `v`.
fn setting<'a>(cmd: &'a Command, name: &str) -> Option<Option<&'a OsStr>> {
    cmd.get_envs()
        .find(|(k, _)| *k == OsStr::new(name))
        .map(|(_, v)| v)
}

/// A user's environment with every kind of variable the helper decides on.
const EXPORTED: [(&str, &str); 10] = [
    ("CLOTH_DEMO_CONTEXT", "bogus"),
    ("CLOTH_DEMO_GL", "bogus"),
    ("CLOTH_DEMO_SIMD", "bogus"),
    ("CLOTH_DEMO_NOT_YET_READ", "1"),
    ("RUST_LOG", "trace"),
    ("RUST_LOG_STYLE", "always"),
    ("DISPLAY", ":0"),
    ("WAYLAND_DISPLAY", "wayland-0"),
    ("HOME", "/home/someone"),
    ("CLOTH_DEMOLITION", "not ours"),
];

#[test]
fn every_program_variable_of_the_environment_is_removed() {
    let mut cmd = Command::new(CLOTH_DEMO);
    without_environment(
        &mut cmd,
        EXPORTED.iter().map(|&(k, v)| (k.into(), v.into())),
    );
    for name in [
        "CLOTH_DEMO_CONTEXT",
        "CLOTH_DEMO_GL",
        "CLOTH_DEMO_SIMD",
        "CLOTH_DEMO_NOT_YET_READ",
        "RUST_LOG",
        "RUST_LOG_STYLE",
    ] {
        assert_eq!(setting(&cmd, name), Some(None), "{name}: {cmd:?}");
    }
    // The display server: removed where windows come from one named in
    // the environment; under Wine DISPLAY is how WGL reaches the X server.
    for name in DISPLAY_VARIABLES {
        let want = if cfg!(free_unix) { Some(None) } else { None };
        assert_eq!(setting(&cmd, name), want, "{name}: {cmd:?}");
    }
    // Everything else is inherited as it is.
    for name in ["HOME", "CLOTH_DEMOLITION"] {
        assert_eq!(setting(&cmd, name), None, "{name}: {cmd:?}");
    }
}

#[test]
fn the_program_variables_are_removed_even_where_the_environment_lacks_them() {
    let mut cmd = Command::new(CLOTH_DEMO);
    without_environment(&mut cmd, std::iter::empty());
    for name in PROGRAM_VARIABLES {
        assert_eq!(setting(&cmd, name), Some(None), "{name}: {cmd:?}");
    }
}

#[test]
fn the_helper_removes_what_this_test_process_was_started_with() {
    let cmd = cloth_demo();
    for name in PROGRAM_VARIABLES {
        assert_eq!(setting(&cmd, name), Some(None), "{name}: {cmd:?}");
    }
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy();
        if name.starts_with(PROGRAM_PREFIX) || name == "RUST_LOG" {
            assert_eq!(setting(&cmd, &name), Some(None), "{name}: {cmd:?}");
        }
    }
    if cfg!(free_unix) {
        for name in DISPLAY_VARIABLES {
            assert_eq!(setting(&cmd, name), Some(None), "{name}: {cmd:?}");
        }
    }
}

#[test]
fn what_the_helper_removes_never_reaches_the_program() {
    // The values reach the program when set on the helper's command: a bad
    // context is a usage error, and RUST_LOG=trace logs the GL it made.
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let render = ["render", "--steps", "0", "--size", "8x8", "--out"];
    let out = run(cloth_demo()
        .env("CLOTH_DEMO_CONTEXT", "bogus")
        .args(["simulate", "--steps", "1"]));
    assert_one_line_error(&out, 2, &["CLOTH_DEMO_CONTEXT=bogus"]);
    let out = run(cloth_demo().env("RUST_LOG", "trace").args(render).arg(&png));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("GL_VERSION"), "{}", stderr(&out));
    // The same values in the command's environment before the helper's
    // removal (as a variable the test process inherited is): none of them
    // reaches the program, which runs with its defaults, quietly.
    // (Not the display server nor HOME: under Wine DISPLAY stays, and must
    // stay the X server's.)
    let mut cmd = Command::new(CLOTH_DEMO);
    for (name, value) in EXPORTED {
        if !DISPLAY_VARIABLES.contains(&name) && name != "HOME" {
            cmd.env(name, value);
        }
    }
    without_environment(
        &mut cmd,
        EXPORTED.iter().map(|&(k, v)| (k.into(), v.into())),
    );
    let out = run(cmd.args(render).arg(&png));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "nothing logged, no error");
    assert!(common::decode_png(&png).rgba.len() == 8 * 8 * 4);
}
