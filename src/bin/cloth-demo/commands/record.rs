//! `cloth-demo record`: draw the states after steps K, 2K, ... up to N into
//! an animation (GIF, or an animated PNG), headless, frame by frame.
#![forbid(unsafe_code)]

use std::time::Instant;

use cloth_demo::app::pacing::STEPS_PER_SECOND;
use cloth_demo::options::Format;
use cloth_demo::render::headless::{HeadlessContext, Image};
use cloth_demo::sim::grab::GrabScript;

use crate::cli::cut::CutScript;
use cloth_demo::sim::HandError;
use indicatif::ProgressBar;

use super::compare::Compare;
use super::{
    count, headless, model_note, number, seconds, size, start_state, steps_reached, summary,
    Failure,
};
use crate::cli::{RecordArgs, StartArgs};
use crate::encode::{palette, with_edges, with_labels, ApngRecorder, GifRecorder};
use crate::environment::Environment;
use crate::interrupt::Interrupted;
use crate::output::{Content, Output};
use crate::progress::{self, Stopped};

/// Run `record`: the output and the GL context are set up first (so a bad
/// path or a missing driver fails before any step), then N/K frames
/// streamed into the output as they are drawn, with a progress bar, and a
/// summary ("225 frames of 396x287, 15.00 s long, in 12.30 s: out.gif
/// (370.12 KiB)"; `--from` a state at step 1,000, "3 frames of 396x287,
/// the states after steps 1,015 to 1,045 (every 15 from step 1,000), ...").
///
/// # Errors
/// [`Failure::Run`] for a bad `--from`, an `--out` that cannot be written,
/// no usable GL, a grab that cannot hold its point; [`Failure::Interrupted`] on SIGINT or SIGTERM, `--out`
/// then left as it was.
pub fn run(args: &RecordArgs, env: &Environment) -> Result<(), Failure> {
    let format = args.format().map_err(Failure::Run)?;
    let mut sim = start_state(&args.start, &args.model, env)?;
    let mut out = Output::create(&args.out, Content::Binary(format.name()))?;
    let mut ctx = headless(env)?;
    ctx.set_shade(args.model.shade());
    ctx.set_springs(args.model.springs());
    ctx.set_smooth(args.model.smooth());
    let frames = args.steps / args.every;
    let bar = progress::bar(frames * args.every);
    let t0 = Instant::now();
    let compare = if args.model.compare() {
        let started = Compare::new(
            sim.steps(),
            &sim,
            args.model.scene(),
            args.model.setup().left,
            args.grab.grab(),
        )
        .map_err(|stop| {
            Failure::stopped(
                stop,
                "record stopped running the original".into(),
                Some(&out),
            )
        })?;
        Some(started)
    } else {
        None
    };
    let mut frame = Frame {
        compare,
        sim: &mut sim,
        grab: args.grab.grab().map(GrabScript::new),
        cut: args.cut.script(args.view.size, args.view.camera()),
        ctx: &mut ctx,
        image: Image::default(),
        args,
        bar: &bar,
        done: 0,
        frames,
    };
    let drawn = match format {
        Format::Apng => frame.apng(&mut out),
        _ => frame.gif(&mut out),
    };
    if let Some(compare) = frame.compare.take() {
        compare.finish(frame.ctx);
    }
    let done = frame.done;
    let reached = bar.position();
    bar.finish_and_clear();
    let duration_cs = match drawn {
        Ok(cs) => cs,
        Err(Stop::Encode(e)) => return Err(Failure::Run(out.failure(e))),
        Err(Stop::Draw(e)) => return Err(Failure::Run(e)),
        Err(Stop::Hand(e)) => return Err(Failure::hand(e)),
        Err(Stop::Interrupted(by)) => {
            let doing = format!(
                "record stopped at frame {} of {} (step {} of {})",
                number(done + 1),
                number(frames),
                number(reached),
                number(frames * args.every)
            );
            return Err(Failure::interrupted(by, doing, Some(&out)));
        }
    };
    let name = out.name();
    let to_stderr = out.is_stdout();
    let bytes = out
        .commit()
        .map_err(|e| Failure::from_output(e, "record stopped writing".into(), &name))?;
    let (width, height) = (args.view.size.width, args.view.size.height);
    summary(
        &format!(
            "{} of {width}x{height}{}{}, {}.{:02} s long, in {}: {name} ({})",
            count(frames, "frame", "frames"),
            model_note(sim.model()),
            frames_reached(&args.start, frames, args.every),
            duration_cs / 100,
            duration_cs % 100,
            seconds(t0.elapsed()),
            size(bytes)
        ),
        to_stderr,
    );
    Ok(())
}

/// What the summary says of the frames' steps: nothing for a run from the
/// start (frame k is the state after kK steps, as `--help` says); from a
/// state file, the steps the frames are at, e.g. ", the states after steps
/// 1,015 to 1,045 (every 15 from step 1,000)".
fn frames_reached(start: &StartArgs, frames: u64, every: u64) -> String {
    if start.from.is_none() {
        return String::new();
    }
    if frames == 1 {
        return format!(", the state after {}", steps_reached(start, every));
    }
    let at = |frame: u64| number(start.step().saturating_add(frame.saturating_mul(every)));
    format!(
        ", the states after steps {} to {} (every {} from step {})",
        at(1),
        at(frames),
        number(every),
        number(start.step())
    )
}

/// Why drawing the frames stopped.
enum Stop {
    /// The encoder failed (a write, most likely: see [`Output::failure`]).
    Encode(String),
    /// Drawing failed.
    Draw(String),
    /// The grab could not hold its point.
    Hand(HandError),
    /// A signal came.
    Interrupted(Interrupted),
}

impl From<Interrupted> for Stop {
    fn from(by: Interrupted) -> Self {
        Stop::Interrupted(by)
    }
}

impl From<Stopped> for Stop {
    fn from(stop: Stopped) -> Self {
        match stop {
            Stopped::Interrupted(by) => Stop::Interrupted(by),
            Stopped::Hand(e) => Stop::Hand(e),
        }
    }
}

/// What drawing the frames needs, and how far it got.
struct Frame<'a> {
    /// With `--compare`, the original beside the run.
    compare: Option<Compare>,
    sim: &'a mut cloth_demo::sim::Simulation,
    /// The scripted grab's hand on the steps, with `--grab`.
    grab: Option<GrabScript>,
    /// The scripted cut, with `--cut`.
    cut: Option<CutScript>,
    ctx: &'a mut HeadlessContext,
    image: Image,
    args: &'a RecordArgs,
    bar: &'a ProgressBar,
    /// Frames drawn and written so far.
    done: u64,
    /// Frames in all.
    frames: u64,
}

impl Frame<'_> {
    /// Run K more steps and draw the state into `self.image`.
    fn next(&mut self) -> Result<(), Stop> {
        progress::run(
            self.sim,
            self.args.every,
            self.bar,
            self.grab.as_mut(),
            self.cut.as_mut(),
        )?;
        let size = self.args.view.size;
        if let Some(compare) = &mut self.compare {
            compare.run(self.args.every)?;
            return compare
                .draw(
                    self.ctx,
                    self.sim,
                    &self.args.view.camera(),
                    size.width,
                    size.height,
                    &mut self.image,
                )
                .map_err(Stop::Draw);
        }
        self.ctx
            .render_into(
                self.sim,
                &self.args.view.camera(),
                size.width,
                size.height,
                &mut self.image,
            )
            .map_err(|e| Stop::Draw(e.to_string()))
    }

    /// The recording's colours: the scene's ([`palette`]), with `--smooth`
    /// its edges' blends ([`with_edges`]), and with `--compare` the labels'
    /// greys ([`with_labels`]).
    fn colours(&self) -> Vec<[u8; 3]> {
        let mut colours = palette(self.args.model.shade(), self.args.model.springs());
        if self.args.model.smooth() {
            colours = with_edges(colours);
        }
        if self.compare.is_some() {
            with_labels(colours)
        } else {
            colours
        }
    }

    /// Count a frame written and show it on the bar.
    fn written(&mut self) {
        self.done += 1;
        self.bar.set_message(format!(
            ", frame {}/{}",
            number(self.done),
            number(self.frames)
        ));
    }

    /// Every frame into an animated GIF on `out`; its length in hundredths.
    fn gif(&mut self, out: &mut Output) -> Result<u128, Stop> {
        let size = self.args.view.size;
        let timing = (self.args.every, STEPS_PER_SECOND);
        let colours = self.colours();
        let mut gif = GifRecorder::new(out, size.width, size.height, timing, colours)
            .map_err(|e| Stop::Encode(e.to_string()))?;
        while self.done < self.frames {
            self.next()?;
            gif.push(&self.image)
                .map_err(|e| Stop::Encode(e.to_string()))?;
            self.written();
        }
        let cs = gif.duration_cs();
        gif.finish().map_err(|e| Stop::Encode(e.to_string()))?;
        Ok(cs)
    }

    /// Every frame into an animated PNG on `out`; its length in hundredths
    /// (exact: K/60 s a frame).
    fn apng(&mut self, out: &mut Output) -> Result<u128, Stop> {
        let size = self.args.view.size;
        let timing = (self.args.every, STEPS_PER_SECOND);
        let colours = self.colours();
        let mut apng =
            ApngRecorder::new(out, size.width, size.height, self.frames, timing, colours)
                .map_err(Stop::Encode)?;
        while self.done < self.frames {
            self.next()?;
            apng.push(&self.image).map_err(Stop::Encode)?;
            self.written();
        }
        apng.finish().map_err(Stop::Encode)?;
        let steps = u128::from(self.frames) * u128::from(self.args.every);
        Ok(steps * 100 / u128::from(STEPS_PER_SECOND))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_from_a_file_are_said_at_their_own_steps() {
        let fresh = StartArgs {
            from: None,
            start: None,
        };
        assert_eq!(frames_reached(&fresh, 3, 15), "");
        let resumed = StartArgs {
            from: Some("state.csv".into()),
            start: Some(1000),
        };
        assert_eq!(
            frames_reached(&resumed, 3, 15),
            ", the states after steps 1,015 to 1,045 (every 15 from step 1,000)"
        );
        assert_eq!(
            frames_reached(&resumed, 1, 15),
            ", the state after step 1,015 (15 steps from step 1,000)"
        );
    }
}
