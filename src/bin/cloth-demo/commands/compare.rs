//! `--compare` on `render` and `record`: the original (its scene under its
//! model), or the side `--compare-with` names, stepped beside the run's
//! simulation, the same steps from step 0 on the same grid and under the
//! same scripted grab, and both drawn side by side on the same camera,
//! each half labelled
//! ([`cloth_demo::app::compare`]'s layout and words, painted by
//! [`OverlayPainter`]).
#![forbid(unsafe_code)]

use cloth_demo::app::compare;
use cloth_demo::app::controls::Side;
use cloth_demo::app::overlay::OverlayPainter;
use cloth_demo::render::headless::{HeadlessContext, Image};
use cloth_demo::render::Camera;
use cloth_demo::sim::grab::{Grab, GrabScript};
use cloth_demo::sim::{Scene, Simulation};
use indicatif::ProgressBar;

use crate::progress::{self, Stopped};

/// The original beside a run, and the painter of the labels once made.
/// Call [`Compare::finish`] when done drawing, to free the painter's GL
/// objects on the context.
pub struct Compare {
    /// The left half's side, at the run's step.
    original: Simulation,
    /// What the left half is, for its label.
    left: Side,
    /// The run's scripted grab, replayed on the left half.
    grab: Option<GrabScript>,
    /// The scene the run shows, for the right half's label.
    scene: Scene,
    /// Made on the first picture.
    labels: Option<OverlayPainter>,
}

impl Compare {
    /// `left` from its start on `like`'s grid, run to `step` (the step a
    /// run `--from` a state file starts at; 0 from the start) under `grab`
    /// if the run has one, its passes on the instruction set `like` runs
    /// on; the run shows `scene`.
    ///
    /// # Errors
    /// [`Stopped::Interrupted`] if SIGINT or SIGTERM came while it ran.
    pub fn new(
        step: u64,
        like: &Simulation,
        scene: Scene,
        left: Side,
        grab: Option<Grab>,
    ) -> Result<Self, Stopped> {
        let mut original =
            Simulation::resume_with(left.scene.start_cloth_on(like.cloth.n()), 0, left.model);
        // `like` runs on this set, so this CPU has it.
        let _ = original.set_instruction_set(like.instruction_set());
        let mut compare = Compare {
            original,
            left,
            grab: grab.map(GrabScript::new),
            scene,
            labels: None,
        };
        compare.run(step)?;
        Ok(compare)
    }

    /// Run the original `steps` more steps, as the run ran.
    ///
    /// # Errors
    /// [`Stopped::Interrupted`] if SIGINT or SIGTERM came.
    pub fn run(&mut self, steps: u64) -> Result<(), Stopped> {
        progress::run(
            &mut self.original,
            steps,
            &ProgressBar::hidden(),
            self.grab.as_mut(),
            None,
        )
    }

    /// Draw the original (left) and `sim` (right), both seen by `camera`,
    /// into `image`, `width x height`, and paint the halves' labels.
    ///
    /// # Errors
    /// The renderer's one line, or the label painter's.
    pub fn draw(
        &mut self,
        ctx: &mut HeadlessContext,
        sim: &Simulation,
        camera: &Camera,
        width: u32,
        height: u32,
        image: &mut Image,
    ) -> Result<(), String> {
        let mut painted = Ok(());
        let (original, scene, labels) = (&self.original, self.scene, &mut self.labels);
        let left = self.left;
        ctx.render_with(width, height, image, |renderer, w, h| {
            compare::draw(renderer, original, sim, camera, w, h);
            if labels.is_none() {
                match OverlayPainter::new(renderer.gl_shared()) {
                    Ok(painter) => *labels = Some(painter),
                    Err(e) => painted = Err(e),
                }
            }
            if let Some(painter) = labels {
                painter.paint(&compare::labels(&left, scene, &sim.model(), w, h), w, h);
            }
        })
        .map_err(|e| e.to_string())?;
        painted
    }

    /// Free the label painter's GL objects on `ctx`, its context.
    pub fn finish(self, ctx: &mut HeadlessContext) {
        if let Some(painter) = self.labels {
            // A context that cannot be made current any more takes its
            // objects with it.
            let _ = ctx.with_renderer(|_| painter.destroy());
        }
    }
}
