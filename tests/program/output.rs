//! Where outputs go and what happens to what was there: regular files
//! replaced whole (permissions kept, data synced before the rename),
//! symbolic links followed, hard links, FIFOs written to and never
//! replaced, directories and sockets refused, `-` for standard output;
//! paths that cannot be written found before the work starts; and SIGINT
//! and SIGTERM sent to the real process: exit 130 / 143, one line, the
//! output as it was, no temporary left. (No test here opens a device node:
//! CI runs as root.)

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, cloth_demo, run, stderr, stdout, without_user_environment, CLOTH_DEMO};

fn golden_text(steps: u64) -> String {
    fs::read_to_string(common::data_path(&format!("cloth_step_{steps:05}.csv"))).unwrap()
}

/// `simulate --steps 1 --csv PATH`.
fn simulate_to(path: &Path) -> Output {
    run(cloth_demo()
        .args(["simulate", "--steps", "1", "--csv"])
        .arg(path))
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

/// Failed with `code`: one `cloth-demo: error:` line containing each of
/// `needles` ([`common::assert_one_line_error`]) and never a temporary's
/// name.
fn assert_error_names_no_temporary(out: &Output, code: i32, needles: &[&str]) -> String {
    let err = common::assert_one_line_error(out, code, needles);
    assert!(!err.contains(".cloth-demo-"), "names a temporary: {err:?}");
    err
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

#[test]
fn a_fifo_is_written_to_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("state.csv");
    mkfifo(&fifo);
    let (tx, rx) = std::sync::mpsc::channel();
    {
        let fifo = fifo.clone();
        std::thread::spawn(move || tx.send(fs::read_to_string(fifo).unwrap()));
    }
    let out = run(cloth_demo()
        .args(["simulate", "--steps", "300", "--csv"])
        .arg(&fifo));
    assert!(out.status.success(), "{}", stderr(&out));
    // A program that never opens the FIFO leaves the reader waiting.
    let read = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("nothing came through the FIFO");
    assert_eq!(read, golden_text(300));
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["state.csv"]);
}

#[test]
fn through_a_symbolic_link_the_file_it_names_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("real")).unwrap();
    let target = dir.path().join("real/picture.png");
    fs::write(&target, b"old").unwrap();
    let link = dir.path().join("link.png");
    std::os::unix::fs::symlink("real/picture.png", &link).unwrap();
    let out = run(cloth_demo()
        .args(["render", "--steps", "0", "--size", "32x24", "--out"])
        .arg(&link));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(&link).unwrap().is_symlink(),
        "still a link"
    );
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("real/picture.png"));
    assert!(fs::read(&target).unwrap().starts_with(b"\x89PNG"));
    assert_eq!(names(dir.path()), ["link.png", "real"]);
    assert_eq!(names(&dir.path().join("real")), ["picture.png"]);
}

#[test]
fn a_dangling_link_creates_the_file_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.csv");
    std::os::unix::fs::symlink("made.csv", &link).unwrap();
    let out = simulate_to(&link);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        fs::read_to_string(dir.path().join("made.csv")).unwrap(),
        golden_text(1)
    );
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    let dir = tempfile::tempdir().unwrap();
    for mode in [0o600, 0o640, 0o604] {
        let path = dir.path().join(format!("state{mode:o}.csv"));
        fs::write(&path, b"old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
        let out = simulate_to(&path);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(&path).unwrap(), golden_text(1));
        let now = fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(now, mode, "{}", path.display());
    }
}

#[test]
fn a_hard_link_is_replaced_under_this_name_and_says_so() {
    // The choice: atomic replacement, as for any file. This name gets the
    // new data, the file's other names keep the old, and a note says so.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.csv");
    let other = dir.path().join("b.csv");
    fs::write(&path, b"old").unwrap();
    fs::hard_link(&path, &other).unwrap();
    let out = simulate_to(&path);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(&path).unwrap(), golden_text(1));
    assert_eq!(fs::read(&other).unwrap(), b"old");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("cloth-demo: note: "), "{err:?}");
    assert!(err.contains("a.csv had 2 hard links"), "{err:?}");
}

#[test]
fn directories_and_sockets_are_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub.csv");
    fs::create_dir(&sub).unwrap();
    let sock = dir.path().join("sock.csv");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
    for (path, why) in [(&sub, "is a directory"), (&sock, "is a socket")] {
        let out = simulate_to(path);
        let file = path.display().to_string();
        assert_error_names_no_temporary(&out, 1, &[&file, why]);
        assert!(out.stdout.is_empty(), "no summary: {}", stdout(&out));
    }
    assert!(fs::metadata(&sub).unwrap().is_dir());
    assert!(fs::symlink_metadata(&sock).unwrap().file_type().is_socket());
    assert_eq!(names(&sub), Vec::<String>::new());
    assert_eq!(names(dir.path()), ["sock.csv", "sub.csv"]);
}

#[test]
fn dash_is_standard_output_and_the_summary_moves_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(cloth_demo()
        .current_dir(dir.path())
        .args(["simulate", "--steps", "300", "--csv", "-"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), golden_text(300));
    assert!(
        stderr(&out).starts_with("300 steps in "),
        "{}",
        stderr(&out)
    );
    assert_eq!(names(dir.path()), Vec::<String>::new(), "no file named -");

    // A PNG on standard output (a pipe here), whole.
    let out = run(cloth_demo()
        .current_dir(dir.path())
        .args(["render", "--steps", "0", "--size", "32x24", "--out", "-"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(out.stdout.ends_with(b"IEND\xaeB`\x82"));
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

#[test]
fn the_data_is_synced_before_the_rename_and_the_directory_after() {
    // Without strace(1) this fails saying so, never passes unchecked (CI
    // installs it: .ci/run).
    let status = Command::new("strace")
        .arg("-V")
        .stdout(Stdio::null())
        .status()
        .unwrap_or_else(|e| {
            panic!("strace(1), which watches the syncs and the rename, cannot run: {e}")
        });
    assert!(status.success());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.csv");
    let log = dir.path().join("strace.log");
    let out = run(without_user_environment(&mut Command::new("strace"))
        .args([
            "-f",
            "-e",
            "trace=fsync,fdatasync,rename,renameat,renameat2",
        ])
        .arg("-o")
        .arg(&log)
        .arg(CLOTH_DEMO)
        .args(["simulate", "--steps", "1", "--csv"])
        .arg(&path));
    assert!(out.status.success(), "{}", stderr(&out));
    let calls: Vec<String> = fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter(|l| l.contains("sync(") || l.contains("rename"))
        .map(str::to_owned)
        .collect();
    let rename = calls
        .iter()
        .position(|c| c.contains("rename") && c.contains("state.csv"))
        .unwrap_or_else(|| panic!("no rename onto the file: {calls:?}"));
    assert!(
        calls[..rename].iter().any(|c| c.contains("sync(")),
        "no sync before the rename: {calls:?}"
    );
    assert!(
        calls[rename..].iter().any(|c| c.contains("sync(")),
        "the directory is not synced after the rename: {calls:?}"
    );
}

/// Run `args` and wait for the result at most `limit`; `None` if it was
/// still running then (and is killed).
fn run_within(cmd: &mut Command, limit: Duration) -> Option<Output> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[test]
fn an_unwritable_output_fails_before_the_work_naming_the_path_given() {
    // 100 million steps would take hours: each must fail at once.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir");
    let long = "100000000";
    for (command, flag, name) in [
        ("render", "--out", "x.png"),
        ("simulate", "--csv", "x.csv"),
        ("record", "--out", "x.gif"),
    ] {
        let target = missing.join(name);
        let mut cmd = cloth_demo();
        cmd.args([command, "--steps", long]);
        if command == "record" {
            cmd.args(["--every", "1"]);
        }
        let out = run_within(cmd.arg(flag).arg(&target), Duration::from_secs(30))
            .unwrap_or_else(|| panic!("{command}: still running after 30 s"));
        let given = target.display().to_string();
        let dir_named = format!("{} does not exist", missing.display());
        assert_error_names_no_temporary(&out, 1, &[&format!("cannot write {given}: "), &dir_named]);
        assert!(out.stdout.is_empty(), "{command}: {}", stdout(&out));
    }
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

/// Start `cmd` with its output in `dir` and wait until its temporary file
/// is there (made before the long work starts), then a little longer.
fn start_writing(cmd: &mut Command, dir: &Path) -> Child {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    loop {
        let temporary = fs::read_dir(dir).unwrap().any(|e| {
            let e = e.unwrap();
            e.file_name().to_string_lossy().starts_with(".cloth-demo-")
        });
        if temporary {
            break;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("stopped early: {status}");
        }
        if t0.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("no temporary file after 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // Into the steps (or frames) proper.
    std::thread::sleep(Duration::from_millis(300));
    child
}

/// Send `signal` (`INT`, `TERM`) to `child` with kill(1); its output.
fn signal(child: Child, signal: &str) -> Output {
    let ok = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{signal}");
    child.wait_with_output().unwrap()
}

/// Ended by `signal` with `code`: one line saying what stopped and that
/// `kept` was left as it was; `kept` holds `old`; no temporary is left.
fn assert_interrupted(out: &Output, code: i32, signal: &str, what: &str, kept: &Path, old: &[u8]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "{err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    let start = format!("cloth-demo: interrupted by {signal}: {what} stopped at ");
    assert!(err.starts_with(&start), "{err:?} should start {start:?}");
    let left = format!("{} left as it was", kept.display());
    assert!(err.trim_end().ends_with(&left), "{err:?}");
    assert!(out.stdout.is_empty(), "no summary: {}", stdout(out));
    assert_eq!(fs::read(kept).unwrap(), old);
    let dir = kept.parent().unwrap();
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(names(dir), [name], "no temporary left");
}

#[test]
fn sigint_stops_simulate_and_leaves_the_state_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.csv");
    fs::write(&path, b"old").unwrap();
    let child = start_writing(
        cloth_demo()
            .args(["simulate", "--steps", "100000000", "--csv"])
            .arg(&path),
        dir.path(),
    );
    let out = signal(child, "INT");
    assert_interrupted(&out, 130, "SIGINT", "simulate", &path, b"old");
    assert!(
        stderr(&out).contains(" of 100,000,000;"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn sigterm_stops_render_and_sigint_stops_record() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("picture.png");
    fs::write(&path, b"old picture").unwrap();
    let child = start_writing(
        cloth_demo()
            .args(["render", "--steps", "100000000", "--out"])
            .arg(&path),
        dir.path(),
    );
    let out = signal(child, "TERM");
    assert_interrupted(&out, 143, "SIGTERM", "render", &path, b"old picture");

    // Frames are streamed into the temporary: interrupted, it goes too.
    let path = dir.path().join("animation.gif");
    fs::remove_file(dir.path().join("picture.png")).unwrap();
    fs::write(&path, b"old animation").unwrap();
    let child = start_writing(
        cloth_demo()
            .args(["record", "--steps", "100000000", "--every", "1"])
            .args(["--size", "64x48", "--out"])
            .arg(&path),
        dir.path(),
    );
    let out = signal(child, "INT");
    assert_interrupted(&out, 130, "SIGINT", "record", &path, b"old animation");
    assert!(
        stderr(&out).contains("stopped at frame "),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_signal_while_waiting_for_a_fifo_reader_still_ends_the_run() {
    // Opening a FIFO waits for a reader, where no loop checks for signals:
    // the signal thread ends the run after its grace period.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("nobody-reads");
    mkfifo(&fifo);
    let mut child = cloth_demo()
        .args(["simulate", "--steps", "1", "--csv"])
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert!(child.try_wait().unwrap().is_none(), "waits for a reader");
    let t0 = Instant::now();
    let out = signal(child, "INT");
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(
        err.starts_with("cloth-demo: interrupted by SIGINT"),
        "{err:?}"
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["nobody-reads"]);
}
