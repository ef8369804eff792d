//! The window panel's Save buttons: each picture (PNG) or state (CSV)
//! goes into a directory under the next free name, `cloth-demo-1.png`,
//! `cloth-demo-2.png`, ... (the numbers of each kind counted on their
//! own), through [`Output`] (a temporary file, synced, renamed), so a
//! file is whole or absent and nothing there is replaced.
#![forbid(unsafe_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

use cloth_demo::app::{Saver, Saving};
use cloth_demo::render::headless::Image;

use crate::commands::size;
use crate::encode;
use crate::output::{Content, Error, Output};

/// The names tried, at most, for one file before giving up (a directory
/// holding `cloth-demo-1.png` to `cloth-demo-9999.png` already).
const MAX_TRIES: u32 = 10_000;

/// The panel's [`Saver`], writing into the working directory, each line
/// naming the file by its full path (`saved /home/me/cloth-demo-1.png
/// (41 KiB)`), or `.` where the working directory cannot be named.
pub fn saver() -> Saver {
    let mut next = Next::default();
    let folder = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let dir = folder.clone();
    Saver {
        write: Box::new(move |saving| save(&dir, &mut next, saving)),
        folder,
    }
}

/// The next number to try for each kind of file.
#[derive(Debug)]
pub struct Next {
    png: u32,
    csv: u32,
}

impl Default for Next {
    fn default() -> Self {
        Next { png: 1, csv: 1 }
    }
}

/// Write `saving` into `dir` under the first name `cloth-demo-N.EXT` that
/// is free, N from `next`'s on. A name another program takes while the
/// file is written is left to it, and the next free one is used.
///
/// # Errors
/// One line: `cannot write cloth-demo-1.png: cannot create a file in .:
/// Permission denied`, or no free name.
pub fn save(dir: &Path, next: &mut Next, saving: Saving) -> Result<String, String> {
    let (ext, counter, content) = match &saving {
        Saving::Picture { .. } => ("png", &mut next.png, Content::Binary("PNG")),
        Saving::State(_) => ("csv", &mut next.csv, Content::Text),
    };
    let bytes = match saving {
        Saving::Picture {
            width,
            height,
            rgba,
        } => {
            let image = Image {
                width,
                height,
                rgba,
            };
            let mut png = Vec::new();
            encode::write_png(&mut png, &image)
                .map_err(|e| format!("cannot save the picture: {e}"))?;
            png
        }
        Saving::State(text) => text.into_bytes(),
    };
    for _ in 0..MAX_TRIES {
        let (n, path) = free_name(dir, ext, *counter)?;
        let mut out = Output::create(&path, content).map_err(|e| e.to_string())?;
        out.write_all(&bytes).map_err(|e| out.failure(e))?;
        let name = out.name();
        match out.commit_new() {
            Ok(written) => {
                *counter = n + 1;
                return Ok(format!("saved {name} ({})", size(written)));
            }
            // Taken meanwhile: on to the next name.
            Err(Error::Taken(_)) => *counter = n + 1,
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!(
        "cannot save: {MAX_TRIES} names in a row were taken while writing in {}",
        dir.display()
    ))
}

/// The first `(N, dir/cloth-demo-N.ext)` from `from` on with nothing at
/// that path (not even a dangling link).
fn free_name(dir: &Path, ext: &str, from: u32) -> Result<(u32, PathBuf), String> {
    let at = |name: String| {
        if dir == Path::new(".") {
            PathBuf::from(name)
        } else {
            dir.join(name)
        }
    };
    (from..from.saturating_add(MAX_TRIES))
        .map(|n| (n, at(format!("cloth-demo-{n}.{ext}"))))
        .find(|(_, p)| std::fs::symlink_metadata(p).is_err())
        .ok_or_else(|| {
            format!(
                "cannot save: cloth-demo-{from}.{ext} to cloth-demo-{}.{ext} are all taken in {}",
                from.saturating_add(MAX_TRIES - 1),
                dir.display()
            )
        })
}

#[cfg(test)]
mod tests;
