//! The state file's formats, shared by reading
//! ([`parse_state`](super::parse_state)) and writing
//! ([`state_to_string`](super::state_to_string)): the header of each, and
//! the [`State`] a file holds.

#![forbid(unsafe_code)]

use crate::sim::torn::Torn;
use crate::sim::Cloth;

/// The header line of a state file.
pub const HEADER: &str = "j,i,x,y,z";

/// The header line of a state file with previous positions (from a run
/// with inertia).
pub const MOVING_HEADER: &str = "j,i,x,y,z,px,py,pz";

/// The header line of a state file whose cloth has torn springs.
pub const TORN_HEADER: &str = "j,i,x,y,z,torn";

/// The header line of a state file with previous positions and torn
/// springs.
pub const MOVING_TORN_HEADER: &str = "j,i,x,y,z,px,py,pz,torn";

/// Every header a state file may have.
pub const HEADERS: [&str; 4] = [HEADER, MOVING_HEADER, TORN_HEADER, MOVING_TORN_HEADER];

/// What a state file holds: the cloth, for a run with inertia where each
/// point was a step before, and the springs torn so far.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The cloth's points.
    pub cloth: Cloth,
    /// With inertia, the previous positions (the same size as `cloth`);
    /// `None` in the plain format.
    pub previous: Option<Cloth>,
    /// The springs torn (none in a file without the `torn` column).
    pub torn: Torn,
}

impl State {
    /// A cloth alone: no previous positions, nothing torn.
    pub fn of(cloth: Cloth) -> Self {
        let torn = Torn::new(cloth.n());
        State {
            cloth,
            previous: None,
            torn,
        }
    }
}
