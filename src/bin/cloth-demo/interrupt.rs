//! Ctrl-C (SIGINT) and SIGTERM during `render`, `record` and `simulate`.
//!
//! A signal sets a flag (signal-hook); the long loops poll it with
//! [`check`] between chunks of steps and frames (a few tens of
//! milliseconds apart) and stop with [`Interrupted`], which drops the
//! output's temporary file and ends the program with one line and exit
//! code 128 + the signal: 130 for SIGINT, 143 for SIGTERM.
//!
//! A program stuck where it does not poll (opening a FIFO nobody reads,
//! a driver call that hangs) is ended anyway: [`GRACE`] after the first
//! signal, or at once on a second, the signal thread removes every
//! temporary file still registered with [`remove_on_interrupt`], says so
//! and exits. Renaming a finished temporary file over its output runs with
//! that list locked ([`Removal::commit`]), so the two never cross: an
//! output is either replaced whole before the signal is seen, or left as
//! it was.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// How long the main thread has to stop by itself after a signal before
/// the signal thread ends the program.
pub const GRACE: Duration = Duration::from_secs(3);

/// The first signal received (0: none yet).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Temporary files to remove if the program is ended by a signal: (id,
/// temporary path, the output path the user gave).
static TEMPORARIES: Mutex<Vec<(u64, PathBuf, PathBuf)>> = Mutex::new(Vec::new());

/// The next [`Removal`] id.
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// The run was stopped by a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The signal's number (2 for SIGINT, 15 for SIGTERM).
    pub signal: i32,
}

impl Interrupted {
    /// The signal's name: `SIGINT` (Ctrl-C) or `SIGTERM`.
    pub fn name(self) -> &'static str {
        match self.signal {
            2 => "SIGINT",
            15 => "SIGTERM",
            _ => "a signal",
        }
    }

    /// The exit code a shell gives a program ended by this signal: 128 +
    /// its number (130 for SIGINT, 143 for SIGTERM).
    pub fn exit_code(self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(u8::MAX)
    }
}

/// Start catching SIGINT and SIGTERM (a thread that waits for them). Call
/// once, before any long work; on platforms other than Unix, SIGINT and
/// SIGTERM only set the flag [`check`] reads.
///
/// # Errors
/// The operating system's, if the handlers or the thread cannot be set up.
pub fn install() -> std::io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    #[cfg(unix)]
    {
        let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                for signal in signals.forever() {
                    if RECEIVED
                        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                    {
                        // The first: the main thread stops at its next
                        // check; if it has not within GRACE, end it here.
                        std::thread::spawn(move || {
                            std::thread::sleep(GRACE);
                            end_now(Interrupted { signal });
                        });
                    } else {
                        end_now(Interrupted { signal });
                    }
                }
            })?;
    }
    #[cfg(not(unix))]
    {
        static FLAG: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicUsize>> =
            std::sync::OnceLock::new();
        let flag = FLAG.get_or_init(Default::default);
        for signal in [SIGINT, SIGTERM] {
            signal_hook::flag::register_usize(signal, flag.clone(), signal as usize)?;
        }
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || loop {
                let signal = flag.load(Ordering::SeqCst) as i32;
                if signal != 0 {
                    RECEIVED.store(signal, Ordering::SeqCst);
                    std::thread::sleep(GRACE);
                    end_now(Interrupted { signal });
                }
                std::thread::sleep(Duration::from_millis(20));
            })?;
    }
    Ok(())
}

/// Whether a signal has come: the long loops call this between chunks.
///
/// # Errors
/// [`Interrupted`] once SIGINT or SIGTERM has been received.
pub fn check() -> Result<(), Interrupted> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => Ok(()),
        signal => Err(Interrupted { signal }),
    }
}

/// The list of temporaries; a panic elsewhere does not stop its use.
fn temporaries() -> MutexGuard<'static, Vec<(u64, PathBuf, PathBuf)>> {
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file the signal thread removes if it has to end the
/// program; forgotten again on drop (the temporary is then gone or
/// renamed).
#[derive(Debug)]
pub struct Removal {
    id: u64,
}

/// Register `temporary`, the hidden file that becomes `output`, for
/// removal should a signal end the program before [`Removal::commit`].
pub fn remove_on_interrupt(temporary: &Path, output: &Path) -> Removal {
    let id = NEXT_ID.fetch_add(1, Ordering::SeqCst);
    temporaries().push((id, temporary.to_owned(), output.to_owned()));
    Removal { id }
}

impl Removal {
    /// Run `rename` (the temporary onto its output) unless a signal has
    /// come, with the list of temporaries locked so the signal thread
    /// cannot remove the file meanwhile; then forget the temporary.
    ///
    /// # Errors
    /// [`Interrupted`] (and `rename` not run) if a signal came first.
    pub fn commit<T>(self, rename: impl FnOnce() -> T) -> Result<T, Interrupted> {
        let mut list = temporaries();
        check()?;
        let done = rename();
        list.retain(|(id, _, _)| *id != self.id);
        Ok(done)
    }
}

impl Drop for Removal {
    fn drop(&mut self) {
        temporaries().retain(|(id, _, _)| *id != self.id);
    }
}

/// End the program for `signal` from the signal thread: remove the
/// registered temporaries (keeping the list locked, so no rename follows),
/// say which outputs were left as they were, and exit.
fn end_now(signal: Interrupted) -> ! {
    let list = temporaries();
    let mut outputs = Vec::new();
    for (_, temporary, output) in list.iter() {
        let _ = std::fs::remove_file(temporary);
        outputs.push(output.display().to_string());
    }
    let left = if outputs.is_empty() {
        String::new()
    } else {
        format!("; {} left as it was", outputs.join(", "))
    };
    // Over a progress bar, on a terminal: clear its line first.
    let clear = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        "\r\x1b[2K"
    } else {
        ""
    };
    eprintln!(
        "{clear}cloth-demo: interrupted by {}: stopped{left}",
        signal.name()
    );
    std::process::exit(i32::from(signal.exit_code()));
}
