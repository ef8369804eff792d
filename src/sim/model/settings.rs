//! [`Model`]: the value that says which physics runs, and its two
//! switches that are plain enums, [`Buffering`] and [`SpringLaw`].

#![forbid(unsafe_code)]

use std::fmt;

use super::{
    Damping, MassSpring, Order, Passes, Pins, Relaxation, Solver, Springs, TearFactor, Thickness,
    Wind, Xpbd,
};

/// The physics a [`Simulation`](crate::sim::Simulation) runs: how many passes a
/// step makes, which springs join the points, how a pass stores its moves,
/// in which order it visits the points, and the spring law.
///
/// `Model::default()` is [`Model::ORIGINAL`], the article's program, which
/// runs bit for bit as the original. Set fields to run a "what if"; every
/// combination runs, finitely, from every finite state.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Model {
    /// Passes per step (the original's 15). "Doing fifteen passes a frame
    /// does two things. A pass only looks one point away, so a tug on one
    /// edge of the cloth travels one point per pass. Fifteen passes let it
    /// spread fifteen points, half way across the cloth, in a single frame,
    /// which makes the cloth much stiffer than one pass would. And gravity
    /// is applied fifteen times, so the cloth falls 0.015 a frame." With
    /// `N` passes a free flat sheet falls `0.001 N` a step, and a tug
    /// spreads `N` points.
    pub passes: Passes,
    /// Which springs join each point to its neighbours (the original's
    /// eight).
    pub springs: Springs,
    /// Whether a pass stores the new positions apart (the original's double
    /// buffering) or moves each point in place.
    pub buffering: Buffering,
    /// The order a pass visits the points in. With double buffering it
    /// cannot change the result; moving in place, it does.
    pub order: Order,
    /// How far a spring moves its point for a given length.
    pub law: SpringLaw,
    /// Which points are held still (none in the original). "Pinned points
    /// never move, and springs pull only the free end."
    pub pins: Pins,
    /// The wind, world units a pass (calm in the original): each cloth
    /// triangle pushed along its normal as squarely as the wind hits it.
    pub wind: Wind,
    /// Whether the wind's strength rises and falls over the steps (off in
    /// the original), by a fixed function of the step count
    /// ([`general::wind::gust`](crate::sim::general::wind::gust)), so runs
    /// repeat exactly.
    pub gusts: bool,
    /// Inertia: `Some(damping)` gives every point a velocity, its last
    /// step's move, which each step carries on less `damping` of it
    /// (Verlet); `None`, the original, has no velocities at all: "Nothing
    /// swings or bounces." The previous positions are then part of the
    /// state ([`Simulation::previous`](crate::sim::Simulation::previous)).
    pub inertia: Option<Damping>,
    /// Self-collision: `Some(thickness)` keeps every two points that are
    /// not grid neighbours at least `thickness` apart, pushing closer pairs
    /// apart each pass; `None`, the original, has "nothing to stop the
    /// cloth passing through itself".
    pub self_collision: Option<Thickness>,
    /// Tearing: `Some(factor)` breaks, at the end of each step, every
    /// spring longer than `factor` times its rest length, for good (the
    /// tearable-cloth pages' "Tear it."); `None`, the original, holds
    /// every spring whatever its length.
    pub tear: Option<TearFactor>,
    /// Which solver moves the cloth: the article's spring (the original),
    /// or another cloth program's ([`Solver`]). The other solvers read
    /// the scene's fields above (pins, wind, gusts, self-collision,
    /// tearing) and their own settings below, not the article's what-ifs
    /// (passes, springs, buffering, order, law, inertia).
    pub solver: Solver,
    /// The mass-spring solver's settings (CS184's defaults).
    pub mass_spring: MassSpring,
    /// The relaxation solver's settings (Mosegaard's defaults).
    pub relaxation: Relaxation,
    /// The XPBD solver's settings (cotton, 6 sub-steps).
    pub xpbd: Xpbd,
}

impl Model {
    /// The original program: 15 passes, the eight neighbours, double
    /// buffered, visited in rows from `[0][0]`, the article's lopsided
    /// spring.
    pub const ORIGINAL: Model = Model {
        passes: Passes::ORIGINAL,
        springs: Springs::ORIGINAL,
        buffering: Buffering::Double,
        order: Order::Rows,
        law: SpringLaw::Article,
        pins: Pins::None,
        wind: Wind::CALM,
        gusts: false,
        inertia: None,
        self_collision: None,
        tear: None,
        solver: Solver::Article,
        mass_spring: MassSpring::DEFAULT,
        relaxation: Relaxation::DEFAULT,
        xpbd: Xpbd::DEFAULT,
    };

    /// Whether this is the original model (then the fast, bit-exact pass
    /// runs). Any other choice of any field the article's solver reads,
    /// even a calm wind with gusts, is not; the other solvers' settings do
    /// not count while the article's solver runs.
    pub fn is_original(&self) -> bool {
        self.solver == Solver::Article
            && Model {
                mass_spring: MassSpring::DEFAULT,
                relaxation: Relaxation::DEFAULT,
                xpbd: Xpbd::DEFAULT,
                ..*self
            } == Model::ORIGINAL
    }

    /// Whether the points have velocities under this model (inertia, or
    /// any solver but the article's): the previous positions are then part
    /// of the state.
    pub fn has_velocities(&self) -> bool {
        self.inertia.is_some() || self.solver.is_dynamic()
    }

    /// Whether the passes move the cloth as the original's do: the
    /// original model, or the original with tearing, which changes no
    /// pass but only checks the springs after each step (so the fast pass
    /// runs its steps until a spring tears).
    pub fn moves_as_original(&self) -> bool {
        Model {
            tear: None,
            ..*self
        }
        .is_original()
    }

    /// What differs from the original, one short phrase per field that
    /// differs, in field order: for example `["5 passes", "bending
    /// springs"]`, or for the curtain `["pinned top", "wind 0,0,-0.0001",
    /// "gusts", "inertia 0.01"]`. Empty for the original. Made for a window
    /// title or a log line. The phrases: `N passes` (`1 pass`), `no
    /// diagonals`, `bending springs`, `in place`, `reversed order`,
    /// `Hooke's law`, `pinned top` / `pinned corners`, `wind X,Y,Z` (a
    /// calm wind says nothing), `gusts`, `inertia D`, `self-collision`
    /// (at the default thickness) or `self-collision T`, `tearing F`.
    pub fn differences(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.solver != Solver::Article {
            self.solver_differences(&mut out);
            self.scene_differences(&mut out);
            return out;
        }
        if self.passes != Passes::ORIGINAL {
            out.push(
                self.passes.to_string()
                    + if self.passes.get() == 1 {
                        " pass"
                    } else {
                        " passes"
                    },
            );
        }
        if !self.springs.diagonals {
            out.push("no diagonals".into());
        }
        if self.springs.bend {
            out.push("bending springs".into());
        }
        if self.buffering != Buffering::Double {
            out.push("in place".into());
        }
        if self.order != Order::Rows {
            out.push(format!("{} order", self.order));
        }
        if self.law != SpringLaw::Article {
            out.push("Hooke's law".into());
        }
        self.scene_differences(&mut out);
        out
    }

    /// The phrases of the fields every solver reads: pins, wind, gusts,
    /// inertia (the article's only), self-collision, tearing.
    fn scene_differences(&self, out: &mut Vec<String>) {
        if self.pins != Pins::None {
            out.push(format!("pinned {}", self.pins));
        }
        if !self.wind.is_calm() {
            out.push(format!("wind {}", self.wind));
        }
        if self.gusts {
            out.push("gusts".into());
        }
        if let Some(d) = self.inertia.filter(|_| self.solver == Solver::Article) {
            out.push(format!("inertia {d}"));
        }
        match self.self_collision {
            None => {}
            Some(t) if t == Thickness::default() => out.push("self-collision".into()),
            Some(t) => out.push(format!("self-collision {t}")),
        }
        if let Some(f) = self.tear {
            out.push(format!("tearing {f}"));
        }
    }

    /// The solver's name, and each of its settings that differs from its
    /// default: `mass-spring`, `ks 50`; `xpbd silk`, `stretch 2`.
    fn solver_differences(&self, out: &mut Vec<String>) {
        match self.solver {
            Solver::Article => {}
            Solver::MassSpring => {
                let (m, d) = (self.mass_spring, MassSpring::DEFAULT);
                out.push("mass-spring".into());
                note(out, "ks", m.ks, d.ks);
                note(out, "density", m.density, d.density);
                note(out, "damping", m.damping, d.damping);
                note(out, "sub-steps", m.steps, d.steps);
            }
            Solver::Relaxation => {
                let (r, d) = (self.relaxation, Relaxation::DEFAULT);
                out.push("relaxation".into());
                note(out, "iterations", r.iterations, d.iterations);
                note(out, "damping", r.damping, d.damping);
            }
            Solver::Xpbd => {
                let (x, f) = (self.xpbd, Xpbd::of(self.xpbd.fabric));
                out.push(format!("xpbd {}", x.fabric));
                note(out, "sub-steps", x.substeps, f.substeps);
                note(out, "density", x.density, f.density);
                note(out, "stretch", x.stretch, f.stretch);
                note(out, "shear", x.shear, f.shear);
                note(out, "bend", x.bend, f.bend);
                note(out, "air drag", x.air_drag, f.air_drag);
                note(out, "max stretch", x.max_stretch, f.max_stretch);
            }
        }
    }
}

/// `name v` onto `out` when `v` is not `default`.
fn note(out: &mut Vec<String>, name: &str, v: f64, default: f64) {
    if v != default {
        out.push(format!("{name} {v}"));
    }
}

impl Default for Model {
    /// [`Model::ORIGINAL`].
    fn default() -> Self {
        Model::ORIGINAL
    }
}

impl fmt::Display for Model {
    /// `the original`, or [`Model::differences`] joined by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.differences();
        if d.is_empty() {
            f.write_str("the original")
        } else {
            f.write_str(&d.join(", "))
        }
    }
}

/// Where a pass puts each point's new position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Buffering {
    /// The original: every new position is worked out from where the
    /// neighbours were at the end of the last pass, kept apart, and all
    /// replace the old ones together. "That way the order the loop visits
    /// the points doesn't matter."
    #[default]
    Double,
    /// Single buffered: each point moves as soon as its new position is
    /// worked out, and the points after it see it there. "If each point
    /// were moved in place, the ones late in the loop would see their
    /// neighbours' new positions and the early ones wouldn't, and the
    /// result would depend on which corner the loop started from." Each
    /// point is pulled towards the neighbours already moved: the free
    /// falling sheet drifts towards the loop's starting corner (0.004 in 50
    /// steps), and a tug runs the length of the sheet in one pass along the
    /// loop but only a point or two against it.
    InPlace,
}

/// How far a spring of length `len` and rest length `rest` moves its point
/// along the spring in one pass (positive: towards the neighbour).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SpringLaw {
    /// The original: `0.03 (len - rest) / len` ([`spring_term`](crate::sim::spring_term),
    /// `v * 0.03 (len - rest) / len^2` with `v` the vector to the
    /// neighbour). "This divides by the length once more, which makes the
    /// spring lopsided. However far it's stretched, a spring can never
    /// pull a point more than 0.03 in a pass, but a squashed one pushes
    /// harder and harder as the two points get close, so neighbours don't
    /// collapse onto each other."
    #[default]
    Article,
    /// "Hooke's law would move the point in proportion to the stretch":
    /// `0.3 (len - rest)` ([`hooke_term`](crate::sim::general::hooke_term)), which matches
    /// the article's spring near an edge spring's rest length (the
    /// article's moves `0.03 (len - 0.1) / len`, `0.3 (len - 0.1)` at
    /// `len = 0.1`). A squashed spring then pushes at most `0.3 rest`
    /// (0.03 for an edge), however close its points get, so a harder push
    /// from elsewhere squashes neighbours onto each other; a stretched one
    /// pulls without limit. The same 0.3 on the diagonals is stiffer than
    /// the article's there (`0.03 / 0.141 = 0.212` at rest), enough that a
    /// pass over-corrects a pattern alternating from point to point by 1.4
    /// times: rounding errors grow, and the falling flat sheet scrambles in
    /// its own plane within 10 steps (points up to 0.16 off their places),
    /// though it stays level.
    Hooke,
}
