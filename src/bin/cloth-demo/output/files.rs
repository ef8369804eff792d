//! The file system's side of an [`Output`](super::Output): where a
//! dangling link leads, the replaced file's owner and permissions, the
//! directory synced after a rename, and an I/O error's words.
#![forbid(unsafe_code)]

use std::fs::{self, File, Metadata};
use std::io;
use std::path::{Path, PathBuf};

/// The file a path that does not exist should create: the path itself,
/// or, through a dangling symbolic link (or a chain of them), the file the
/// last link names.
pub(super) fn dangling_target(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_owned();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.is_symlink() => {
                let next = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) => dir.join(next),
                    None => next,
                };
            }
            Ok(_) => return Ok(p),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(p),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Give `file` (the replacement) the permissions and, where allowed, the
/// owner and group of `old` (the file it replaces).
pub(super) fn keep_owner_and_permissions(file: &File, old: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; anyone may keep its group if a
        // member of it. Neither is an error: the permissions still carry.
        if std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
            let _ = std::os::unix::fs::fchown(file, None, Some(old.gid()));
        }
    }
    // After the owner: chown may clear the set-id bits.
    file.set_permissions(old.permissions())
}

/// Sync the directory holding `target`, so the rename itself is on disk
/// (Unix; elsewhere, and on file systems that refuse, there is nothing to
/// do).
pub(super) fn sync_directory(target: &Path) {
    #[cfg(unix)]
    {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// An I/O error as a reason: the system's words without "(os error N)".
pub(crate) fn reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}
