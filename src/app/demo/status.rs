//! The running demo's status: what differs from the demo as it starts by
//! default, one short phrase each ([`Demo::status`]), and the passing
//! notice among them that ends by itself.

#![forbid(unsafe_code)]

use web_time::Instant;

use super::{Demo, HANDS_HINT, NEEDLE};
#[cfg(doc)]
use super::{NOTICE_FOR, UNCAPPED_SPEED};
use crate::app::controls::RunState;
use crate::app::pacing::STEPS_PER_SECOND;
#[cfg(doc)]
use crate::sim::Model;
use crate::sim::{Grid, Scene, Solver};

impl Demo {
    /// What differs from the demo as it starts by default, one short
    /// phrase each, in this order: `paused` and `step N` while paused, a
    /// notice saying why the last key did nothing ([`UNCAPPED_SPEED`], for
    /// [`NOTICE_FOR`] or until the next action), the speed when it is not
    /// 60 steps a second (`30 steps/s`), the scene
    /// when it is not the original (`curtain`), the grid when it is not
    /// 32 x 32 (`64 x 64`), the model's
    /// [`differences`](Model::differences) from the original (`bending
    /// springs`, `pinned top`), [`NEEDLE`] while a point is held under the
    /// article's solver, [`HANDS_HINT`] in the hands scene until its cloth
    /// is first torn or cut, `shaded` when shaded, `springs view` in the
    /// springs view, `smooth edges` with smooth edges, `knife` while X's
    /// knife is on. Empty when
    /// nothing differs. Stopped is left to the front end.
    pub fn status(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.state == RunState::Paused {
            out.push("paused".to_string());
            out.push(format!("step {}", self.sim.steps()));
        }
        if let Some(notice) = self.notice {
            out.push(notice.text.to_string());
        }
        match self.speed() {
            Some(rate) if rate != STEPS_PER_SECOND => out.push(format!("{rate} steps/s")),
            _ => {}
        }
        if self.scene != Scene::Original {
            out.push(self.scene.to_string());
        }
        if self.grid != Grid::ORIGINAL {
            out.push(format!("{0} x {0}", self.grid));
        }
        out.extend(self.sim.model().differences());
        if self.sim.held().is_some() && self.sim.model().solver == Solver::Article {
            out.push(NEEDLE.to_string());
        }
        if self.scene == Scene::Hands && self.sim.torn().is_empty() {
            out.push(HANDS_HINT.to_string());
        }
        if self.shade {
            out.push("shaded".to_string());
        }
        if self.springs {
            out.push("springs view".to_string());
        }
        if self.smooth {
            out.push("smooth edges".to_string());
        }
        if self.drags.knife() {
            out.push("knife".to_string());
        }
        if self.compare() {
            out.push("compare".to_string());
        }
        out
    }

    /// When the notice in the status ends, if one shows: the front end
    /// calls [`Demo::expire_notice`] then to show the status without it.
    pub fn notice_until(&self) -> Option<Instant> {
        self.notice.map(|n| n.until)
    }

    /// Drop the notice if its time is up at `now`. Returns whether it was
    /// dropped (the status changed).
    pub fn expire_notice(&mut self, now: Instant) -> bool {
        let over = self.notice.is_some_and(|n| now >= n.until);
        if over {
            self.notice = None;
        }
        over
    }
}
