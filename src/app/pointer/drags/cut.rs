//! Cutting the cloth: the knife on or off, and its stroke cutting the
//! springs it crosses on the picture as the pointer moves.

#![forbid(unsafe_code)]

use super::Drags;
use crate::app::pointer::press::{Button, Pressed};
use crate::render::cut::crossed;
use crate::sim::{has_spring, Simulation};

impl Drags {
    /// The knife on (`true`: the grab's press cuts instead) or off.
    /// Turned off, a stroke being drawn ends.
    pub fn set_knife(&mut self, knife: bool) {
        self.knife = knife;
        if !knife {
            self.cut = None;
        }
    }

    /// Whether the knife is on.
    pub fn knife(&self) -> bool {
        self.knife
    }

    /// Whether the knife is being drawn: the button drawing it.
    pub fn cutting(&self) -> Option<Button> {
        self.cut.map(|(b, _)| b)
    }

    /// Cut the springs of `sim` that the segment from `from` to `to`
    /// (pixels of the picture cut in) crosses on the nearest layer.
    /// Returns how many it cut.
    pub(super) fn slice(&self, sim: &mut Simulation, from: (f64, f64), to: (f64, f64)) -> usize {
        let Some((w, h, ..)) = self.picture_cursor() else {
            return 0;
        };
        let model = sim.model();
        let springs = crossed(
            &self.camera(),
            w,
            h,
            from,
            to,
            &sim.cloth,
            sim.torn(),
            |dj, di| has_spring(&model, dj, di),
        );
        sim.cut(springs)
    }

    /// Start drawing the knife with `button` from the cursor, if the
    /// cursor and the size are known.
    pub(super) fn start_cut(&mut self, button: Button) -> Pressed {
        if self.picture_cursor().is_none() {
            return Pressed::Missed;
        }
        self.cut = Some((button, 0));
        Pressed::Cutting
    }
}
