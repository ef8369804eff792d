//! Writing output files safely: an output is complete or left as it was,
//! never half-written, and never replaces what is not a plain file.
//!
//! What [`Output::create`] does with the path it is given, before any long
//! work starts (so a path that cannot be written fails at once):
//!
//! - **`-`**: standard output. Refused for binary data (PNG, GIF) when
//!   standard output is a terminal.
//! - **A regular file, or a path that does not exist yet**: the data goes to
//!   a hidden temporary file in the same directory (`.cloth-demo-XXXXXX`),
//!   which is flushed to disk (`sync_all`) and then renamed over the path in
//!   one step; the directory is synced after (Unix). An existing file must
//!   be writable (as for `>` in a shell), and its replacement keeps its
//!   permissions and, where allowed, its owner and group. A new file gets
//!   0666 less the umask. Interrupted (Ctrl-C, SIGTERM: see
//!   [`crate::interrupt`]) or failed, the temporary is removed and the path
//!   left as it was.
//! - **A symbolic link** (or a chain of them): resolved, and the file it
//!   points to is replaced as above, the temporary beside that file; the
//!   link stays a link. A dangling link creates the file it names.
//! - **A hard link** (a file with more than one name): replaced like any
//!   regular file, so this name gets the new data and the file's other
//!   names keep the old (as `sed -i` and `rsync` do); a note on stderr
//!   says so.
//! - **A FIFO or a character device** (`/dev/null`, a terminal): opened
//!   at once (a FIFO waits for its reader) and written to as it is, never
//!   replaced.
//! - **A directory, a block device or a socket**: refused.
//!
//! Every error is one line naming the path the user gave, never the
//! temporary: `cannot write /no/such/dir/x.png: /no/such/dir does not
//! exist`.
#![forbid(unsafe_code)]

use std::fmt;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::interrupt::{self, Interrupted};
pub(crate) use files::reason;
use files::{dangling_target, keep_owner_and_permissions, sync_directory};

mod files;

/// What an output holds: text may go to a terminal, binary data may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    /// Text (a state file).
    Text,
    /// Binary data in the named format (`"PNG"`, `"GIF"`).
    Binary(&'static str),
}

/// Why an output was not written.
#[derive(Debug)]
pub enum Error {
    /// `cannot write PATH: REASON`, the path as the user gave it.
    Write(String),
    /// A signal came before the output was complete; the path is as it was.
    Interrupted(Interrupted),
    /// [`Output::commit_new`] found a file at the path by then (another
    /// program wrote one): `PATH exists`. It is as that program left it.
    Taken(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Write(message) => f.write_str(message),
            Error::Interrupted(i) => write!(f, "interrupted by {}", i.name()),
            Error::Taken(message) => f.write_str(message),
        }
    }
}

/// An output being written: see the [module docs](self). Write to it, then
/// [`commit`](Output::commit); dropped uncommitted, it leaves the path as
/// it was.
#[derive(Debug)]
pub struct Output {
    /// The path as the user gave it (`-` for standard output).
    given: PathBuf,
    sink: Sink,
    /// Bytes written so far.
    written: u64,
    /// The first write error, for [`Output::failure`].
    error: Option<String>,
}

#[derive(Debug)]
enum Sink {
    /// `-`.
    Stdout(BufWriter<io::Stdout>),
    /// A FIFO or a character device, written in place.
    Direct(BufWriter<File>),
    /// A temporary file that replaces `target` on commit.
    Replace {
        file: Box<BufWriter<NamedTempFile>>,
        /// The regular file to replace (the end of any symbolic links).
        target: PathBuf,
        /// The file replaced, if there is one: its permissions and owner
        /// carry over.
        old: Option<Metadata>,
        removal: interrupt::Removal,
    },
}

impl Output {
    /// Open `path` for writing `content`, as the [module docs](self) say:
    /// for a regular file, create the temporary file now.
    ///
    /// # Errors
    /// [`Error::Write`] for a path that cannot be written: a missing or
    /// unwritable directory, an unwritable file, a directory, a block
    /// device, a socket, a symbolic link loop, binary data for a terminal.
    pub fn create(path: &Path, content: Content) -> Result<Output, Error> {
        let fail =
            |reason: String| Error::Write(format!("cannot write {}: {reason}", path.display()));
        let sink = if path.as_os_str() == "-" {
            refuse_terminal(&io::stdout(), content, "standard output").map_err(fail)?;
            Sink::Stdout(BufWriter::new(io::stdout()))
        } else {
            if path
                .as_os_str()
                .to_string_lossy()
                .ends_with(std::path::is_separator)
            {
                return Err(fail("names a directory".into()));
            }
            match fs::metadata(path) {
                Ok(meta) if meta.is_file() => {
                    // Through any symbolic links, to the file itself.
                    let target = if fs::symlink_metadata(path).is_ok_and(|m| m.is_symlink()) {
                        fs::canonicalize(path).map_err(|e| fail(reason(&e)))?
                    } else {
                        path.to_owned()
                    };
                    // Writable, as `>` would need it (opening changes nothing).
                    OpenOptions::new()
                        .write(true)
                        .open(&target)
                        .map_err(|e| fail(reason(&e)))?;
                    replace(path, target, Some(meta)).map_err(fail)?
                }
                Ok(meta) if meta.is_dir() => return Err(fail("is a directory".into())),
                Ok(meta) => direct(path, &meta, content).map_err(fail)?,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    let target = dangling_target(path).map_err(|e| fail(reason(&e)))?;
                    replace(path, target, None).map_err(fail)?
                }
                Err(e) => return Err(fail(reason(&e))),
            }
        };
        Ok(Output {
            given: path.to_owned(),
            sink,
            written: 0,
            error: None,
        })
    }

    /// Whether this is standard output (so a summary belongs on stderr).
    pub fn is_stdout(&self) -> bool {
        matches!(self.sink, Sink::Stdout(_))
    }

    /// The output as messages name it: the path given, or "standard
    /// output".
    pub fn name(&self) -> String {
        if self.is_stdout() {
            "standard output".into()
        } else {
            self.given.display().to_string()
        }
    }

    /// The message for a failure while writing (an encoder's error, say):
    /// `cannot write PATH: REASON` with the underlying write error if
    /// there was one, else `other` as it is.
    pub fn failure(&self, other: impl fmt::Display) -> String {
        match &self.error {
            Some(reason) => format!("cannot write {}: {reason}", self.given.display()),
            None => other.to_string(),
        }
    }

    /// Finish: flush, and for a regular file sync the temporary, give it
    /// the old file's permissions and owner, and rename it over the file,
    /// then sync the directory. Returns the bytes written.
    ///
    /// # Errors
    /// [`Error::Write`] if flushing, syncing or the rename fails;
    /// [`Error::Interrupted`] if a signal came first. The path is then as
    /// it was and the temporary gone.
    pub fn commit(self) -> Result<u64, Error> {
        self.finish(true)
    }

    /// As [`Output::commit`], for a path that was free when the output was
    /// created: the temporary file takes the name only if nothing has
    /// taken it since (a hard link, or a rename that refuses to replace),
    /// so a file another program wrote there meanwhile is never replaced.
    ///
    /// # Errors
    /// [`Error::Taken`] when a file is at the path by then (the temporary
    /// is removed); otherwise as [`Output::commit`].
    pub fn commit_new(self) -> Result<u64, Error> {
        self.finish(false)
    }

    /// [`Output::commit`], replacing a file at the path if `replace`.
    fn finish(self, replace: bool) -> Result<u64, Error> {
        let fail = |e: &io::Error| {
            Error::Write(format!(
                "cannot write {}: {}",
                self.given.display(),
                reason(e)
            ))
        };
        match self.sink {
            Sink::Stdout(mut w) => w.flush().map_err(|e| fail(&e))?,
            Sink::Direct(mut w) => w.flush().map_err(|e| fail(&e))?,
            Sink::Replace {
                file,
                target,
                old,
                removal,
            } => {
                let tmp = (*file).into_inner().map_err(|e| fail(e.error()))?;
                tmp.as_file().sync_all().map_err(|e| fail(&e))?;
                if let Some(old) = &old {
                    keep_owner_and_permissions(tmp.as_file(), old).map_err(|e| fail(&e))?;
                }
                let persisted = removal
                    .commit(|| {
                        if replace {
                            tmp.persist(&target)
                        } else {
                            tmp.persist_noclobber(&target)
                        }
                    })
                    .map_err(Error::Interrupted)?;
                match persisted {
                    Ok(_) => {}
                    Err(e) if !replace && e.error.kind() == io::ErrorKind::AlreadyExists => {
                        return Err(Error::Taken(format!("{} exists", self.given.display())));
                    }
                    Err(e) => return Err(fail(&e.error)),
                }
                sync_directory(&target);
                #[cfg(unix)]
                if let Some(old) = &old {
                    use std::os::unix::fs::MetadataExt;
                    if old.nlink() > 1 {
                        eprintln!(
                            "cloth-demo: note: {} had {} hard links; this name now has the new \
                             data, the others keep the old",
                            self.given.display(),
                            old.nlink()
                        );
                    }
                }
            }
        }
        Ok(self.written)
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::Direct(w) => w.write(buf),
            Sink::Replace { file, .. } => file.write(buf),
        };
        match &result {
            Ok(n) => self.written += *n as u64,
            Err(e) => {
                self.error.get_or_insert_with(|| reason(e));
            }
        }
        result
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::Direct(w) => w.flush(),
            Sink::Replace { file, .. } => file.flush(),
        };
        if let Err(e) = &result {
            self.error.get_or_insert_with(|| reason(e));
        }
        result
    }
}

/// A temporary file beside `target` that will replace it (`old`: the file
/// there now, if any), registered for removal on a signal.
fn replace(given: &Path, target: PathBuf, old: Option<Metadata>) -> Result<Sink, String> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(format!("{} is not a directory", dir.display())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(format!("{} does not exist", dir.display()))
        }
        Err(e) => return Err(format!("{}: {}", dir.display(), reason(&e))),
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".cloth-demo-");
    // An ordinary new file (0666 less the umask), not tempfile's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    // tempfile's error names the temporary: say what happened in the
    // directory instead.
    let tmp = builder
        .tempfile_in(dir)
        .map_err(|e| format!("cannot create a file in {}: {}", dir.display(), reason(&e)))?;
    let removal = interrupt::remove_on_interrupt(tmp.path(), given);
    Ok(Sink::Replace {
        file: Box::new(BufWriter::new(tmp)),
        target,
        old,
        removal,
    })
}

/// Open a path that is neither a regular file nor a directory, to write in
/// place: a FIFO or a character device; refuse anything else.
fn direct(path: &Path, meta: &Metadata, content: Content) -> Result<Sink, String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_block_device() {
            return Err("is a block device (a disk): refusing to write over it".into());
        }
        if t.is_socket() {
            return Err("is a socket, not a file".into());
        }
        if !(t.is_fifo() || t.is_char_device()) {
            return Err("is not a regular file, a FIFO or a character device".into());
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    // A FIFO waits here for its reader; no truncation, no creation.
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| reason(&e))?;
    // What was opened is what was looked at (not a file put there since).
    if file.metadata().is_ok_and(|m| m.is_file()) {
        return Err("changed while it was being opened".into());
    }
    refuse_terminal(&file, content, "a terminal")?;
    Ok(Sink::Direct(BufWriter::new(file)))
}

/// Refuse binary `content` for `w` if it is a terminal.
fn refuse_terminal(w: &impl IsTerminal, content: Content, what: &str) -> Result<(), String> {
    match content {
        Content::Binary(format) if w.is_terminal() => Err(format!(
            "{what} is a terminal: redirect it or name a file for the {format} data"
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests;
