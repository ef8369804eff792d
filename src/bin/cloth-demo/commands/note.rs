//! `--from`'s saved state read for its note ([`Note`]): the step it was
//! saved at stands in for `--start`, and its scene and model for the
//! model flags not given, before the checks that need the start
//! ([`Cli::validate`]) and the run ([`read_notes`]).
#![forbid(unsafe_code)]

use cloth_demo::app::saved::Note;

use crate::cli::{Cli, Command, ModelArgs, StartArgs};

/// Why `--from`'s note could not fill in the start.
#[derive(Debug, PartialEq)]
pub enum NoteError {
    /// A file without a note and no `--start`: bad usage (exit 2),
    /// [`FROM_NEEDS_START`](crate::cli::FROM_NEEDS_START).
    NeedsStart,
    /// The file cannot be read, or its note is not one: one line naming
    /// the file (exit 1, as for any bad state file).
    File(String),
}

/// Fill in the `--from` file's note of `cli`'s command: `--start` from
/// its step unless given, and the model flags not given from its scene
/// and model ([`ModelArgs::give_over`]). A file without a note changes
/// nothing. A file that cannot be read is left for the run to report,
/// unless its step is needed here.
///
/// # Errors
/// [`NoteError::NeedsStart`] for a file without a note and no `--start`;
/// [`NoteError::File`] for a note that is not one, or a file that cannot
/// be read when `--start` is not given.
pub fn read_notes(cli: &mut Cli) -> Result<(), NoteError> {
    match &mut cli.command {
        Some(Command::Render(a)) => read_note(&mut a.start, &mut a.model),
        Some(Command::Record(a)) => read_note(&mut a.start, &mut a.model),
        Some(Command::Simulate(a)) => read_note(&mut a.start, &mut a.model),
        None => Ok(()),
    }
}

/// [`read_notes`] for one command's start and model.
fn read_note(start: &mut StartArgs, model: &mut ModelArgs) -> Result<(), NoteError> {
    let Some(path) = &start.from else {
        return Ok(());
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        // The run says so, after the usage checks, as for any --from.
        Err(_) if start.start.is_some() => return Ok(()),
        Err(e) => {
            let why = crate::output::reason(&e);
            return Err(NoteError::File(format!(
                "cannot read {}: {why}",
                path.display()
            )));
        }
    };
    let note =
        Note::read(&bytes).map_err(|e| NoteError::File(format!("{}: {e}", path.display())))?;
    match note {
        Some(note) => {
            start.start.get_or_insert(note.step);
            model.give_over(&note.choices());
            Ok(())
        }
        None if start.start.is_none() => Err(NoteError::NeedsStart),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn a_note_fills_in_what_is_not_given() {
        let dir = std::env::temp_dir().join(format!("cloth-demo-from-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("saved.csv");
        std::fs::write(
            &file,
            "# cloth-demo step=40 model=scene=curtain;passes=7;bend=1\nj,i,x,y,z\n",
        )
        .unwrap();
        let from = file.to_str().unwrap();
        let run = |args: &[&str]| {
            let mut cli = Cli::try_parse_from(
                [
                    &["cloth-demo", "simulate", "--steps", "1", "--from", from][..],
                    args,
                ]
                .concat(),
            )
            .unwrap();
            read_notes(&mut cli).map(|()| match cli.command {
                Some(Command::Simulate(a)) => (a.start.step(), a.model),
                _ => unreachable!(),
            })
        };
        let (step, model) = run(&[]).unwrap();
        assert_eq!(step, 40);
        assert_eq!(model.scene(), cloth_demo::sim::Scene::Curtain);
        assert_eq!(model.model().passes.get(), 7);
        assert!(model.model().springs.bend);
        let (step, model) = run(&["--start", "3", "--passes", "2"]).unwrap();
        assert_eq!(step, 3);
        assert_eq!(model.model().passes.get(), 2);
        assert!(model.model().springs.bend);
        let (_, model) = run(&["--scene", "flag"]).unwrap();
        assert_eq!(model.model(), cloth_demo::sim::Scene::Flag.model());

        std::fs::write(&file, "# cloth-demo step=4x model=\nj,i,x,y,z\n").unwrap();
        assert_eq!(
            run(&[]).unwrap_err(),
            NoteError::File(format!(
                "{from}: line 1: step = `4x` is not a whole number of steps"
            ))
        );
        std::fs::write(&file, "j,i,x,y,z\n").unwrap();
        assert_eq!(run(&[]).unwrap_err(), NoteError::NeedsStart);
        assert_eq!(run(&["--start", "5"]).unwrap().0, 5);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
