//! The table itself: every control of the panels, a row each, with its
//! label, widget, keys, flags, hover text and its way into the model,
//! kept by section in the files below and joined here in the panels'
//! order.

#![forbid(unsafe_code)]

mod features;
mod forces;
mod run;
mod solvers;
mod view;
mod what_ifs;

use super::kinds::Control;

pub use features::{DAMPING, TEAR_FACTOR, THICKNESS};
pub use run::SPEED_NAMES;
pub use solvers::GRID;
pub use view::LEFT_NAMES;

/// The sections' rows joined, in order, into one array of `N` rows (`N`
/// their total: a wrong count fails to compile), each row at its
/// [`Id`](super::Id)'s place (a row out of place fails to compile), so
/// [`control`](super::control) finds a row by its id at once.
const fn join<const N: usize>(parts: [&[Control]; 8]) -> [Control; N] {
    let mut out = [parts[0][0]; N];
    let (mut k, mut p) = (0, 0);
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[k] = parts[p][i];
            assert!(
                out[k].id as usize == k,
                "a row is not at its Id's place: the table and Id list them in the same order"
            );
            k += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(k == N, "the sections' rows and the table's length differ");
    out
}

/// Every control, in the panels' order (by
/// [`Section`](super::Section), then as listed): the run's, the
/// article's what-ifs, the other programs' pins and wind, their features
/// of the cloth itself, the view's and the saves'.
pub const CONTROLS: &[Control] = &join::<
    {
        run::ROWS.len()
            + what_ifs::SCENE.len()
            + solvers::ROWS.len()
            + what_ifs::ROWS.len()
            + forces::ROWS.len()
            + features::ROWS.len()
            + view::ROWS.len()
            + view::SAVE.len()
    },
>([
    run::ROWS,
    what_ifs::SCENE,
    solvers::ROWS,
    what_ifs::ROWS,
    forces::ROWS,
    features::ROWS,
    view::ROWS,
    view::SAVE,
]);
