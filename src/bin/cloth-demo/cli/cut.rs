//! A scripted cut on the command line: `--cut X1,Y1:X2,Y2 --cut-step S`,
//! the same for `render`, `record` and `simulate`: the knife drawn once
//! across the picture, from pixel (X1, Y1) to (X2, Y2), when step S
//! begins. The springs it crosses on the nearest layer of cloth
//! ([`cloth_demo::render::cut::crossed`]) are torn for good
//! ([`Simulation::cut`]).
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use clap::Args;
use cloth_demo::options::Size;
use cloth_demo::render::cut::crossed;
use cloth_demo::render::Camera;
use cloth_demo::sim::{has_spring, Simulation};

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "A knife on the cloth (a scripted cut: a stroke across the picture \
                       at one step)";

/// A stroke across the picture: from `(x1, y1)` to `(x2, y2)`, pixels from
/// its top-left corner (x right, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Where it starts, pixels.
    pub from: (f64, f64),
    /// Where it ends, pixels.
    pub to: (f64, f64),
}

impl FromStr for Stroke {
    type Err = String;
    /// `100,300:700,300` (spaces around a number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not two points split by `:`, each two
    /// finite numbers split by a comma.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "must be X1,Y1:X2,Y2, two points of the picture in pixels from its top-left \
                 corner (e.g. 0,280:792,280), not `{s}`"
            )
        };
        let point = |p: &str| -> Result<(f64, f64), String> {
            let (x, y) = p.split_once(',').ok_or_else(bad)?;
            let c = |v: &str| match v.trim().parse::<f64>() {
                Ok(c) if c.is_finite() => Ok(c),
                _ => Err(bad()),
            };
            Ok((c(x)?, c(y)?))
        };
        let (a, b) = s.split_once(':').ok_or_else(bad)?;
        Ok(Stroke {
            from: point(a)?,
            to: point(b)?,
        })
    }
}

impl fmt::Display for Stroke {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Stroke { from, to } = *self;
        write!(f, "{},{}:{},{}", from.0, from.1, to.0, to.1)
    }
}

impl Stroke {
    /// Whether both ends lie on a `size` picture: `0 <= x <= width`,
    /// `0 <= y <= height`.
    pub fn on(&self, size: Size) -> bool {
        let (w, h) = (f64::from(size.width), f64::from(size.height));
        [self.from, self.to]
            .iter()
            .all(|&(x, y)| (0.0..=w).contains(&x) && (0.0..=h).contains(&y))
    }
}

/// A stroke drawn across the picture at one step.
#[derive(Clone, Copy, Debug, Default, Args)]
#[command(next_help_heading = HEADING)]
pub struct CutArgs {
    /// Cut the cloth along a stroke from pixel X1,Y1 to X2,Y2 of the
    /// picture (from its top-left corner, x right, y down; each end on
    /// the picture); needs --cut-step.
    ///
    /// The picture is render's and record's: --size, seen from --orbit
    /// and --distance; simulate draws none and cuts in the default view
    /// (792x573, not turned, 5 back). Every spring whose segment on the
    /// picture the stroke crosses is torn for good, on the nearest layer
    /// of cloth only: a spring lying more than one grid spacing behind the
    /// nearest cloth drawn where the stroke crosses it is left whole. The
    /// model needs no tearing. With --compare the cut falls on the run
    /// (the right half), placed as on its own picture.
    #[arg(
        long,
        value_name = "X1,Y1:X2,Y2",
        requires = "cut_step",
        allow_hyphen_values = true
    )]
    pub cut: Option<Stroke>,

    /// The step the cut is made at: when step S begins, before it runs
    /// (1 or more; step 1 is the first from the start; with --from, S must
    /// come after --start). A cut at a step past the run's last is not made.
    #[arg(long, value_name = "S", requires = "cut", value_parser = cut_step)]
    pub cut_step: Option<u64>,
}

/// `--cut-step`: a whole number of steps, 1 or more.
fn cut_step(text: &str) -> Result<u64, String> {
    cloth_demo::options::count(text, 1, u64::MAX)
}

impl CutArgs {
    /// The cut these flags describe on a `size` picture seen by `camera`,
    /// if `--cut` is given (clap makes sure `--cut-step` comes with it).
    pub fn script(&self, size: Size, camera: Camera) -> Option<CutScript> {
        Some(CutScript {
            stroke: self.cut?,
            step: self.cut_step?,
            size,
            camera,
            done: false,
        })
    }
}

/// A [`Stroke`] to cut at a step, on a picture of a size seen by a camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CutScript {
    stroke: Stroke,
    step: u64,
    size: Size,
    camera: Camera,
    done: bool,
}

impl CutScript {
    /// How many of `count` steps may run on `sim` before the cut falls
    /// due (all of them once it is made, or when it is not due among
    /// them).
    pub fn steps_before(&self, sim: &Simulation, count: u64) -> u64 {
        let next = sim.steps().saturating_add(1);
        if self.done || self.step < next {
            count
        } else {
            count.min(self.step - next)
        }
    }

    /// Make the cut if step S is the next `sim` runs. Returns how many
    /// springs it tore (0 when not due).
    pub fn cut_if_due(&mut self, sim: &mut Simulation) -> usize {
        if self.done || sim.steps().saturating_add(1) != self.step {
            return 0;
        }
        self.done = true;
        let model = sim.model();
        let springs = crossed(
            &self.camera,
            self.size.width,
            self.size.height,
            self.stroke.from,
            self.stroke.to,
            &sim.cloth,
            sim.torn(),
            |dj, di| has_spring(&model, dj, di),
        );
        let cut = sim.cut(springs);
        log::debug!(
            "--cut {} at step {}: {cut} springs cut",
            self.stroke,
            self.step
        );
        cut
    }
}
