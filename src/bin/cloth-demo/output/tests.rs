//! Unit tests of `output`: what happens to what was there, path by path.
#![forbid(unsafe_code)]

use super::*;

fn dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// Write `data` to `path` through an [`Output`] and commit.
fn write(path: &Path, data: &[u8]) -> Result<u64, Error> {
    let mut out = Output::create(path, Content::Text)?;
    out.write_all(data).unwrap();
    out.commit()
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

#[test]
fn a_new_file_is_written_whole_and_nothing_else_is_left() {
    let d = dir();
    let p = d.path().join("a.csv");
    assert_eq!(write(&p, b"hello").unwrap(), 5);
    assert_eq!(fs::read(&p).unwrap(), b"hello");
    assert_eq!(names(d.path()), ["a.csv"]);
}

#[test]
fn dropped_uncommitted_the_old_file_stays_and_the_temporary_goes() {
    let d = dir();
    let p = d.path().join("a.csv");
    fs::write(&p, b"old").unwrap();
    {
        let mut out = Output::create(&p, Content::Text).unwrap();
        out.write_all(&[7; 100_000]).unwrap();
        assert_eq!(names(d.path()).len(), 2, "the temporary is made at once");
    }
    assert_eq!(fs::read(&p).unwrap(), b"old");
    assert_eq!(names(d.path()), ["a.csv"]);
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let d = dir();
    for mode in [0o600, 0o640, 0o755, 0o444] {
        let p = d.path().join(format!("f{mode:o}"));
        fs::write(&p, b"old").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(mode)).unwrap();
        let result = write(&p, b"new");
        let now = fs::metadata(&p).unwrap().permissions().mode() & 0o7777;
        assert_eq!(now, mode, "{}", p.display());
        // A file its owner may not write is refused, as `>` refuses it,
        // unless the owner is root (CI), who may write anything.
        if mode == 0o444 && result.is_err() {
            assert_eq!(fs::read(&p).unwrap(), b"old");
            continue;
        }
        result.unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"new");
    }
}

#[cfg(unix)]
#[test]
fn through_a_symbolic_link_the_target_is_replaced_and_the_link_kept() {
    let d = dir();
    fs::create_dir(d.path().join("real")).unwrap();
    let target = d.path().join("real/t.csv");
    fs::write(&target, b"old").unwrap();
    let link = d.path().join("link.csv");
    std::os::unix::fs::symlink("real/t.csv", &link).unwrap();
    // A chain: link2 -> link.csv -> real/t.csv.
    let link2 = d.path().join("link2.csv");
    std::os::unix::fs::symlink(&link, &link2).unwrap();
    write(&link2, b"new").unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(fs::symlink_metadata(&link2).unwrap().is_symlink());
    assert_eq!(fs::read(&target).unwrap(), b"new");
    assert_eq!(names(d.path()), ["link.csv", "link2.csv", "real"]);
    assert_eq!(names(&d.path().join("real")), ["t.csv"]);
}

#[cfg(unix)]
#[test]
fn a_dangling_link_creates_the_file_it_names() {
    let d = dir();
    let link = d.path().join("link.csv");
    std::os::unix::fs::symlink("made.csv", &link).unwrap();
    write(&link, b"new").unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(fs::read(d.path().join("made.csv")).unwrap(), b"new");
}

#[cfg(unix)]
#[test]
fn a_link_loop_is_refused() {
    let d = dir();
    let a = d.path().join("a");
    let b = d.path().join("b");
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let e = write(&a, b"x").unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("cannot write {}: ", a.display())),
        "{e}"
    );
    assert!(fs::symlink_metadata(&a).unwrap().is_symlink());
}

#[cfg(unix)]
#[test]
fn a_hard_link_gets_the_new_data_and_its_other_name_keeps_the_old() {
    let d = dir();
    let p = d.path().join("a.csv");
    let other = d.path().join("b.csv");
    fs::write(&p, b"old").unwrap();
    fs::hard_link(&p, &other).unwrap();
    write(&p, b"new").unwrap();
    assert_eq!(fs::read(&p).unwrap(), b"new");
    assert_eq!(fs::read(&other).unwrap(), b"old");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_to_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let d = dir();
    let fifo = d.path().join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    write(&fifo, b"through the pipe").unwrap();
    assert_eq!(reader.join().unwrap(), b"through the pipe");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(d.path()), ["pipe"]);
}

#[cfg(unix)]
#[test]
fn directories_sockets_and_missing_directories_are_refused_naming_the_path() {
    let d = dir();
    let sock = d.path().join("sock");
    let _listener = std::os::unix::net::UnixListener::bind(&sock).unwrap();
    let missing = d.path().join("no/such/x.csv");
    for (path, why) in [
        (d.path().to_owned(), "is a directory".to_string()),
        (sock.clone(), "is a socket, not a file".to_string()),
        (
            missing.clone(),
            format!("{} does not exist", d.path().join("no/such").display()),
        ),
        (d.path().join("sub/"), "names a directory".to_string()),
    ] {
        let e = write(&path, b"x").unwrap_err().to_string();
        assert_eq!(e, format!("cannot write {}: {why}", path.display()), "{e}");
        assert!(!e.contains(".cloth-demo-"), "{e}");
    }
    assert_eq!(names(d.path()), ["sock"]);
}

#[test]
fn commit_new_never_replaces_a_file_that_appeared_meanwhile() {
    let d = dir();
    let p = d.path().join("cloth-demo-1.csv");
    let mut out = Output::create(&p, Content::Text).unwrap();
    out.write_all(b"mine").unwrap();
    // Another program takes the name while this one writes.
    fs::write(&p, b"theirs").unwrap();
    match out.commit_new() {
        Err(Error::Taken(message)) => assert_eq!(message, format!("{} exists", p.display())),
        other => panic!("{other:?}"),
    }
    assert_eq!(fs::read(&p).unwrap(), b"theirs");
    assert_eq!(
        names(d.path()),
        ["cloth-demo-1.csv"],
        "the temporary is gone"
    );
    // With the name still free, it is written.
    let q = d.path().join("cloth-demo-2.csv");
    let mut out = Output::create(&q, Content::Text).unwrap();
    out.write_all(b"mine").unwrap();
    assert_eq!(out.commit_new().unwrap(), 4);
    assert_eq!(fs::read(&q).unwrap(), b"mine");
}
