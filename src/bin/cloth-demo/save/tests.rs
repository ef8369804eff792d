//! Unit tests of `save`: new names each time, nothing replaced, and a
//! refusal as one line that loses nothing.
#![forbid(unsafe_code)]

use std::fs;

use super::*;

fn picture() -> Saving {
    Saving::Picture {
        width: 2,
        height: 1,
        rgba: vec![255, 0, 0, 255, 0, 0, 255, 255],
    }
}

#[test]
fn each_save_takes_the_next_free_name_and_replaces_nothing() {
    let d = tempfile::tempdir().unwrap();
    fs::write(d.path().join("cloth-demo-2.png"), b"mine").unwrap();
    let mut next = Next::default();
    let line = save(d.path(), &mut next, picture()).unwrap();
    assert!(line.starts_with("saved "), "{line}");
    assert!(line.contains("cloth-demo-1.png ("), "{line}");
    let line = save(d.path(), &mut next, picture()).unwrap();
    assert!(line.contains("cloth-demo-3.png ("), "{line}");
    assert_eq!(
        fs::read(d.path().join("cloth-demo-2.png")).unwrap(),
        b"mine"
    );
    let png = fs::read(d.path().join("cloth-demo-1.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let line = save(d.path(), &mut next, Saving::State("0,0,0\n".into())).unwrap();
    assert!(line.contains("cloth-demo-1.csv ("), "{line}");
    assert_eq!(
        fs::read_to_string(d.path().join("cloth-demo-1.csv")).unwrap(),
        "0,0,0\n"
    );
    // A file put there since the last save is skipped, not replaced.
    fs::write(d.path().join("cloth-demo-4.png"), b"theirs").unwrap();
    let line = save(d.path(), &mut next, picture()).unwrap();
    assert!(line.contains("cloth-demo-5.png ("), "{line}");
    assert_eq!(
        fs::read(d.path().join("cloth-demo-4.png")).unwrap(),
        b"theirs"
    );
}

/// A directory no file can be made in, even by root: /proc (Linux).
#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_directory_is_one_line_and_loses_nothing() {
    let mut next = Next::default();
    for saving in [picture(), Saving::State("1\n".into())] {
        let e = save(Path::new("/proc"), &mut next, saving).unwrap_err();
        assert!(
            e.starts_with("cannot write /proc/cloth-demo-1.")
                && e.contains("cannot create a file in /proc"),
            "{e}"
        );
        assert!(!e.contains('\n'), "{e}");
    }
    assert!(!Path::new("/proc/cloth-demo-1.png").exists());
    // The count is not used up by a refusal.
    assert_eq!((next.png, next.csv), (1, 1));
}

#[test]
fn a_directory_that_is_not_there_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let gone = d.path().join("gone");
    let e = save(&gone, &mut Next::default(), picture()).unwrap_err();
    assert!(e.ends_with("does not exist"), "{e}");
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 0);
}
