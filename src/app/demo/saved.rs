//! The demo's state saved and loaded back ([`saved`]): Save state's text,
//! and Load state.

#![forbid(unsafe_code)]

use web_time::Instant;

use super::Demo;
use crate::app::controls::RunState;
use crate::app::saved::{self, Note};
use crate::sim::state_file;
use crate::sim::{Grid, Simulation};

impl Demo {
    /// The state as Save state writes it: a note of the step and of the
    /// scene and model running, then the state file ([`saved::text`]).
    /// The points pinned or held by hand and compare mode's left half are
    /// not part of it.
    pub fn saved_state(&self) -> String {
        saved::text(&self.sim, self.scene)
    }

    /// Go on from the saved state `bytes` at `now`: its cloth (and, where
    /// it has them, previous positions and torn springs) at the step its
    /// note says, under its note's scene and model, on the grid its rows
    /// make. A file without a note (the golden format, `simulate --csv`)
    /// goes on under the scene and model running, from step 0. As after a
    /// restart, the steps count on from there with no first frame, a
    /// pause is kept and a stop ends; compare mode ends (its left half
    /// has no state at that step); the view, the look and the speed stay.
    /// Returns what was loaded, for the front end's line: `step 1250`,
    /// or `step 0 (the file names no step)`.
    ///
    /// # Errors
    /// One line, the demo left as it was: the state file's error (`line
    /// 21: ...`), a note that is not one ([`Note::read`]), or a grid the
    /// demo cannot run.
    pub fn load(&mut self, bytes: &[u8], now: Instant) -> Result<String, String> {
        let note = Note::read(bytes).map_err(|e| e.to_string())?;
        let n = state_file::grid_of(bytes).unwrap_or(self.grid.get());
        let grid = Grid::new(n).map_err(|e| e.to_string())?;
        let state = state_file::parse_state(bytes, n).map_err(|e| e.to_string())?;
        let (scene, model, step) = match note {
            Some(note) => (note.side.scene, note.side.model, note.step),
            None => (self.scene, self.sim.model(), 0),
        };
        let mut sim = Simulation::resume_state(state, step, model);
        // Every set gives the same bits; this one was chosen or works.
        let _ = sim.set_instruction_set(self.sim.instruction_set());
        sim.set_threads(self.sim.threads());
        self.set_compare(false);
        self.sim = sim;
        self.scene = scene;
        self.grid = grid;
        self.drags.forget_grab();
        self.pacer.restart(now);
        self.started = true;
        self.notice = None;
        if self.state == RunState::Stopped {
            self.state = RunState::Running;
        }
        Ok(match note {
            Some(_) => format!("step {step}"),
            None => "step 0 (the file names no step)".to_string(),
        })
    }
}
