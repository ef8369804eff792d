//! A scripted grab on the command line: `--grab J,I --grab-to X,Y,Z
//! --grab-steps A-B [--grab-pin]`, the same for `render`, `record` and
//! `simulate`, building the [`Grab`] that `sim::grab` replays.
#![forbid(unsafe_code)]

use clap::Args;
use cloth_demo::sim::grab::{Grab, GridPoint, Place, StepSpan};

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "A hand on the cloth (a scripted grab: hold a point, draw it \
                       somewhere over some steps, let go or pin it)";

/// A point held and drawn to a place over a span of steps.
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = HEADING)]
pub struct GrabArgs {
    /// Grab point J,I of the cloth (row J, column I, each 0 to 31: row 0
    /// is the flat sheet's back edge and the curtain's rod, row 31 the
    /// front edge and the curtain's hem); needs --grab-to and
    /// --grab-steps.
    ///
    /// Through steps A to B (--grab-steps) the point is held: each step
    /// puts it at its target before the passes and keeps it there through
    /// them, the rest of the cloth following through its springs. The
    /// target moves in a straight line from P, where the point is when
    /// step A begins, to X,Y,Z (--grab-to): step s holds it at
    /// P + t (X,Y,Z - P), t = (s - A + 1) / (B - A + 1), and step B at
    /// X,Y,Z exactly. After step B it is let go (or pinned: --grab-pin).
    /// Holding a pinned point (the curtain's rod) frees it.
    #[arg(long, value_name = "J,I", requires_all = ["grab_to", "grab_steps"],
          allow_hyphen_values = true)]
    pub grab: Option<GridPoint>,

    /// Where the grab takes the point by step B, X,Y,Z world units (each
    /// finite; the floor is at y = -3, the camera looks from +z).
    #[arg(
        long,
        value_name = "X,Y,Z",
        requires = "grab",
        allow_hyphen_values = true
    )]
    pub grab_to: Option<Place>,

    /// The steps the point is held through, A to B (1 <= A <= B; step 1 is
    /// the first from the start; with --from, A must come after --start).
    ///
    /// Steps of the span past the run's last are not run: a run that ends
    /// inside it ends with the point held.
    #[arg(
        long,
        value_name = "A-B",
        requires = "grab",
        allow_hyphen_values = true
    )]
    pub grab_steps: Option<StepSpan>,

    /// After step B, pin the point where it is (at X,Y,Z) instead of
    /// letting it go.
    #[arg(long, requires = "grab")]
    pub grab_pin: bool,
}

impl GrabArgs {
    /// The grab these flags describe, if `--grab` is given (clap makes
    /// sure `--grab-to` and `--grab-steps` come with it).
    pub fn grab(&self) -> Option<Grab> {
        Some(Grab {
            point: self.grab?,
            to: self.grab_to?,
            steps: self.grab_steps?,
            pin: self.grab_pin,
        })
    }
}
