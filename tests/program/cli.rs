//! The command line: `simulate`, state files, and bad input of every kind.

use crate::common::{self, assert_one_line_error, run, stderr};

use std::path::{Path, PathBuf};
use std::process::Output;

/// `cloth-demo ARGS`, run through [`common::cloth_demo`] to the end.
fn cloth_demo_with(args: &[&str]) -> Output {
    run(common::cloth_demo().args(args))
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn golden_text(steps: u64) -> String {
    std::fs::read_to_string(common::data_path(&format!("cloth_step_{steps:05}.csv"))).unwrap()
}

#[test]
fn simulate_resumed_from_1000_writes_the_golden_3000_file() {
    let dir = temp_dir();
    let out_path = dir.path().join("out.csv");
    let from = common::data_path("cloth_step_01000.csv");
    let out = cloth_demo_with(&[
        "simulate",
        "--from",
        from.to_str().unwrap(),
        "--start",
        "1000",
        "--steps",
        "2000",
        "--csv",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("2,000 steps"), "{stdout}");
    assert!(stdout.contains("steps/s"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        golden_text(3000)
    );
}

#[test]
fn simulate_from_the_start_writes_the_golden_300_file() {
    let dir = temp_dir();
    let out_path = dir.path().join("s.csv");
    let out = cloth_demo_with(&[
        "simulate",
        "--steps",
        "300",
        "--csv",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(&out_path).unwrap(),
        golden_text(300)
    );
}

/// Write `content` as a state file and run `simulate --from` on it (at
/// step 0).
fn simulate_from(content: &[u8]) -> (Output, PathBuf, tempfile::TempDir) {
    let dir = temp_dir();
    let path = dir.path().join("state.csv");
    std::fs::write(&path, content).unwrap();
    let out_path = dir.path().join("never.csv");
    let out = cloth_demo_with(&[
        "simulate",
        "--steps",
        "1",
        "--from",
        path.to_str().unwrap(),
        "--start",
        "0",
        "--csv",
        out_path.to_str().unwrap(),
    ]);
    assert!(!out_path.exists() || out.status.success());
    (out, path, dir)
}

fn golden_lines() -> Vec<String> {
    golden_text(15).lines().map(str::to_owned).collect()
}

#[test]
fn bad_state_files_give_one_line_errors_naming_file_and_line() {
    let lines = golden_lines();
    let join = |ls: &[String]| ls.join("\n") + "\n";
    let mut cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "empty"),
        (
            "header only",
            b"j,i,x,y,z\n".to_vec(),
            "missing row for j=0, i=0",
        ),
        ("wrong header", b"a,b,c\n0,0,1,2,3\n".to_vec(), "line 1"),
        ("binary", vec![0xff, 0xfe, 0x00, 0x9c, 0x80], "line 1"),
    ];
    let mut missing = lines.clone();
    missing.remove(500);
    cases.push(("missing row", join(&missing).into_bytes(), "missing row"));
    let mut extra = lines.clone();
    extra.push("31,31,0,0,0".into());
    cases.push(("extra row", join(&extra).into_bytes(), "line 1026"));
    let mut dup = lines.clone();
    dup[3] = dup[2].clone();
    cases.push(("duplicate row", join(&dup).into_bytes(), "line 4"));
    let mut out_of_range = lines.clone();
    out_of_range[10] = "32,0,0,0,0".into();
    cases.push((
        "index out of range",
        join(&out_of_range).into_bytes(),
        "line 11",
    ));
    let mut few = lines.clone();
    few[7] = "0,6,1.0,2.0".into();
    cases.push(("too few fields", join(&few).into_bytes(), "line 8"));
    let mut many = lines.clone();
    many[7] = "0,6,1.0,2.0,3.0,4.0".into();
    cases.push(("too many fields", join(&many).into_bytes(), "line 8"));
    for (name, bad) in [
        ("word", "hello"),
        ("nan", "NaN"),
        ("inf", "inf"),
        ("overflow", "1e999"),
    ] {
        let mut l = lines.clone();
        l[20] = format!("0,19,{bad},1.0,1.0");
        cases.push((name, join(&l).into_bytes(), "line 21"));
    }
    for (name, content, needle) in cases {
        let (out, path, _dir) = simulate_from(&content);
        let file = path.display().to_string();
        assert_one_line_error(&out, 1, &[&file, needle]);
        eprintln!("{name}: {}", stderr(&out).trim());
    }
}

#[test]
fn crlf_and_trailing_blank_lines_are_accepted() {
    let text = golden_text(15).replace('\n', "\r\n") + "\r\n\r\n";
    let (out, _, _dir) = simulate_from(text.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["simulate", "--steps", "-1"][..],
        &["simulate", "--steps", "many"],
        &["simulate", "--steps", "999999999999999999999999"],
        &["simulate"],
        &["simulate", "--steps", "1", "--start", "5"],
        &["render", "--steps", "1", "--out", "x.png", "--size", "0x0"],
        &["render", "--steps", "1", "--out", "x.png", "--size", "wide"],
        &[
            "render", "--steps", "1", "--out", "x.png", "--orbit", "nan,0",
        ],
        &["render", "--steps", "1", "--out", "x.png", "--orbit", "1"],
        &[
            "render",
            "--steps",
            "1",
            "--out",
            "x.png",
            "--distance",
            "far",
        ],
        &["--no-such-flag"],
        &["dance"],
    ] {
        let out = cloth_demo_with(args);
        assert_one_line_error(&out, 2, &["error"]);
    }
    assert!(!Path::new("x.png").exists());
}

#[test]
fn negative_and_malformed_values_say_what_is_wrong() {
    let png = ["render", "--steps", "1", "--out", "x.png"];
    for (args, want) in [
        (
            &["simulate", "--steps", "-5"][..],
            "--steps must be a whole number of at least 0, not `-5`",
        ),
        (
            &["simulate", "--steps", "1.5"],
            "--steps must be a whole number of at least 0, not `1.5`",
        ),
        (
            &[
                "simulate", "--steps", "1", "--from", "x.csv", "--start", "-1",
            ],
            "--start must be a whole number of at least 0, not `-1`",
        ),
        (
            &[&png[..], &["--size", "-5x10"]].concat(),
            "--size must be WIDTHxHEIGHT, each side a whole number of pixels from 1 to 16384 \
             (e.g. 792x573), not `-5x10`",
        ),
        (
            &[&png[..], &["--orbit", "-1"]].concat(),
            "--orbit must be R1,R2, two finite numbers of pixels (e.g. 100,-50), not `-1`",
        ),
        (
            &["record", "--steps", "10", "--every", "-2", "--out", "x.gif"],
            "--every must be a whole number from 1 to 36000, not `-2`",
        ),
    ] {
        let out = cloth_demo_with(args);
        assert_one_line_error(
            &out,
            2,
            &[&format!("cloth-demo: error: {want} (see --help)")],
        );
    }
    assert!(!Path::new("x.png").exists());
}

/// `--distance` outside the camera's bounds, or not a number: one line
/// naming the rule, exit 2, for `render` and `record` alike, and no
/// output file.
#[test]
fn distances_outside_the_cameras_bounds_are_usage_errors() {
    let dir = temp_dir();
    let png = dir.path().join("x.png");
    let gif = dir.path().join("x.gif");
    let png = png.to_str().unwrap();
    let gif = gif.to_str().unwrap();
    for bad in ["-1", "0", "NaN", "1e9", "1.99", "20.5", "inf", "", "5,5"] {
        for command in [
            &["render", "--steps", "1", "--out", png][..],
            &["record", "--steps", "2", "--every", "1", "--out", gif],
        ] {
            let out = cloth_demo_with(&[command, &["--distance", bad]].concat());
            assert_one_line_error(
                &out,
                2,
                &[&format!(
                    "cloth-demo: error: --distance must be a number of world units from 2 to 20 \
                     (the original's is 5), not `{bad}` (see --help)"
                )],
            );
        }
    }
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

#[test]
fn counts_are_singular_for_one_and_zero_steps_give_no_rate() {
    let out = cloth_demo_with(&["simulate", "--steps", "1"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.starts_with("1 step in "), "{said:?}");
    assert!(said.contains(" steps/s ("), "{said:?}");
    let out = cloth_demo_with(&["simulate", "--steps", "0"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "0 steps run\n");
}

// script(1) and pseudo-terminals are Unix's; Windows' consoles are another
// mechanism (ConPTY), and Wine offers no script(1).
#[cfg(unix)]
#[test]
fn render_and_record_show_progress_bars_on_a_terminal_and_a_summary() {
    use crate::common::{without_user_environment, CLOTH_DEMO};
    use std::process::Command;

    // script(1) runs `cloth-demo ARGS` on a pseudo-terminal and copies
    // what it draws.
    let on_terminal = |args: String| -> String {
        let command = format!("'{CLOTH_DEMO}' {args}");
        let out = without_user_environment(&mut Command::new("script"))
            .args(["-q", "-e", "-c", &command, "/dev/null"])
            .output()
            .expect("script(1), from util-linux");
        let screen = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{screen}");
        screen
    };
    let dir = temp_dir();
    let png = dir.path().join("x.png");
    let screen = on_terminal(format!(
        "render --steps 20000 --size 64x48 --out '{}'",
        png.display()
    ));
    assert!(
        screen.contains("/20,000 ("),
        "a bar counting steps: {screen:?}"
    );
    let summary = "the state after 20,000 steps at 64x48, in ";
    assert!(screen.contains(summary), "{screen:?}");
    assert!(
        screen.contains(&format!("{} (", png.display())),
        "{screen:?}"
    );
    // record's bar counts frames with the same separators as steps.
    let gif = dir.path().join("x.gif");
    let screen = on_terminal(format!(
        "record --steps 1000 --every 1 --size 8x8 --out '{}'",
        gif.display()
    ));
    assert!(screen.contains("/1,000, frame "), "{screen:?}");
    assert!(!screen.contains("/1000"), "{screen:?}");
    assert!(screen.contains("1,000 frames of 8x8, "), "{screen:?}");
    // Not a terminal: the summary alone.
    let out = cloth_demo_with(&[
        "render",
        "--steps",
        "1",
        "--size",
        "64x48",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("the state after 1 step at 64x48, in "),
        "{said:?}"
    );
    assert!(
        said.trim_end().ends_with(" B)") || said.contains(" KiB)"),
        "{said:?}"
    );
}

#[test]
fn render_from_a_state_file_says_the_step_the_state_is_at() {
    let dir = temp_dir();
    let png = dir.path().join("out.png");
    let from = common::data_path("cloth_step_01000.csv");
    let out = cloth_demo_with(&[
        "render",
        "--from",
        from.to_str().unwrap(),
        "--start",
        "1000",
        "--steps",
        "10",
        "--size",
        "64x48",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with("the state after step 1,010 (10 steps from step 1,000) at 64x48, in "),
        "{said:?}"
    );
}

#[test]
fn from_without_start_is_a_one_line_usage_error() {
    let dir = temp_dir();
    let from = common::data_path("cloth_step_01000.csv");
    let from = from.to_str().unwrap();
    let (png, gif) = (dir.path().join("x.png"), dir.path().join("x.gif"));
    for args in [
        &[
            "render",
            "--steps",
            "1",
            "--from",
            from,
            "--out",
            png.to_str().unwrap(),
        ][..],
        &[
            "record",
            "--steps",
            "1",
            "--every",
            "1",
            "--from",
            from,
            "--out",
            gif.to_str().unwrap(),
        ],
        &["simulate", "--steps", "1", "--from", from],
    ] {
        let out = cloth_demo_with(args);
        let err = assert_one_line_error(&out, 2, &["--from needs --start K"]);
        assert_eq!(
            err.trim_end(),
            "cloth-demo: error: --from needs --start K: the steps that state had already run \
             (0 for a state at the start) (see --help)",
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn unwritable_output_exits_1_and_leaves_no_file() {
    let dir = temp_dir();
    let target = dir.path().join("no/such/dir/out.csv");
    let out = cloth_demo_with(&[
        "simulate",
        "--steps",
        "1",
        "--csv",
        target.to_str().unwrap(),
    ]);
    assert_one_line_error(&out, 1, &["cannot write", "out.csv"]);
    assert!(!target.exists());
    assert!(!dir.path().join("no").exists());
}

#[test]
fn missing_state_file_exits_1() {
    let out = cloth_demo_with(&[
        "simulate",
        "--steps",
        "1",
        "--from",
        "/no/such/state.csv",
        "--start",
        "0",
    ]);
    assert_one_line_error(&out, 1, &["cannot read", "/no/such/state.csv"]);
    // The system's words, without Rust's "(os error 2)".
    #[cfg(unix)]
    assert_eq!(
        stderr(&out).trim_end(),
        "cloth-demo: error: cannot read /no/such/state.csv: No such file or directory"
    );
}

#[test]
fn help_explains_every_option() {
    let out = cloth_demo_with(&["--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for word in ["--fullscreen", "--uncapped", "render", "simulate"] {
        assert!(help.contains(word), "{word} in {help}");
    }
    for (sub, words) in [
        (
            "render",
            &[
                "--steps",
                "--out",
                "--size",
                "--orbit",
                "--distance",
                "--from",
                "--start",
            ][..],
        ),
        (
            "record",
            &[
                "--steps",
                "--every",
                "--out",
                "--size",
                "--orbit",
                "--distance",
            ],
        ),
        ("simulate", &["--steps", "--csv", "--from", "--start"]),
    ] {
        let out = cloth_demo_with(&[sub, "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        for w in words {
            assert!(help.contains(w), "{sub} --help mentions {w}");
        }
    }
}

#[cfg(unix)]
#[test]
fn written_files_are_ordinary_files_not_private_temporaries() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir();
    let path = dir.path().join("state.csv");
    let out = cloth_demo_with(&["simulate", "--steps", "1", "--csv", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(
        mode & 0o044,
        0o044,
        "readable by group and others: {mode:o}"
    );
    // Nothing else left in the directory (no temporary file).
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}
