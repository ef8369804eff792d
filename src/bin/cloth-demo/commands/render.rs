//! `cloth-demo render`: run N steps and draw the state to a PNG, headless.
#![forbid(unsafe_code)]

use std::time::Instant;

use cloth_demo::render::headless::{HeadlessContext, Image};
use cloth_demo::sim::grab::GrabScript;
use cloth_demo::sim::Simulation;

use super::compare::Compare;
use super::{
    headless, model_note, number, seconds, size, start_state, steps_reached, summary, Failure,
};
use crate::cli::RenderArgs;
use crate::encode;
use crate::environment::Environment;
use crate::interrupt;
use crate::output::{Content, Output};
use crate::progress;

/// Run `render`: the output and the GL context are set up first (so a bad
/// path or a missing driver fails before any step), then the steps with a
/// progress bar (and the grab's hand, with `--grab`), the picture, and a summary ("the state after 250 steps
/// at 792x573, in 0.41 s: out.png (45.21 KiB)"; `--from` a state at step
/// 1,000, "the state after step 1,250 (250 steps from step 1,000) ...").
///
/// # Errors
/// [`Failure::Run`] for a bad `--from`, an `--out` that cannot be written,
/// no usable GL, a grab that cannot hold its point; [`Failure::Interrupted`] on SIGINT or SIGTERM, `--out`
/// then left as it was.
pub fn run(args: &RenderArgs, env: &Environment) -> Result<(), Failure> {
    let mut sim = start_state(&args.start, &args.model, env)?;
    let mut out = Output::create(&args.out, Content::Binary("PNG"))?;
    let mut ctx = headless(env)?;
    ctx.set_shade(args.model.shade());
    ctx.set_springs(args.model.springs());
    ctx.set_smooth(args.model.smooth());
    let (width, height) = (args.view.size.width, args.view.size.height);
    let bar = progress::bar(args.steps);
    let t0 = Instant::now();
    let mut grab = args.grab.grab().map(GrabScript::new);
    let mut cut = args.cut.script(args.view.size, args.view.camera());
    let ran = progress::run(&mut sim, args.steps, &bar, grab.as_mut(), cut.as_mut());
    let reached = bar.position();
    bar.finish_and_clear();
    ran.map_err(|stop| {
        let doing = format!(
            "render stopped at step {} of {}",
            number(reached),
            number(args.steps)
        );
        Failure::stopped(stop, doing, Some(&out))
    })?;
    let image = if args.model.compare() {
        draw_compare(&mut ctx, &sim, args, &out)?
    } else {
        ctx.render(&sim, &args.view.camera(), width, height)
            .map_err(|e| Failure::Run(e.to_string()))?
    };
    interrupt::check().map_err(|by| {
        Failure::interrupted(by, "render stopped before writing".into(), Some(&out))
    })?;
    encode::write_png(&mut out, &image).map_err(|e| Failure::Run(out.failure(e)))?;
    let name = out.name();
    let to_stderr = out.is_stdout();
    let bytes = out
        .commit()
        .map_err(|e| Failure::from_output(e, "render stopped writing".into(), &name))?;
    summary(
        &format!(
            "the state after {}{} at {width}x{height}, in {}: {name} ({})",
            steps_reached(&args.start, args.steps),
            model_note(sim.model()),
            seconds(t0.elapsed()),
            size(bytes)
        ),
        to_stderr,
    );
    Ok(())
}

/// `--compare`: the original run to `sim`'s step, both drawn side by side,
/// labelled.
///
/// # Errors
/// [`Failure::Interrupted`] while the original runs, [`Failure::Run`] for a
/// picture that cannot be drawn.
fn draw_compare(
    ctx: &mut HeadlessContext,
    sim: &Simulation,
    args: &RenderArgs,
    out: &Output,
) -> Result<Image, Failure> {
    let (width, height) = (args.view.size.width, args.view.size.height);
    let mut compare = Compare::new(
        sim.steps(),
        sim,
        args.model.scene(),
        args.model.setup().left,
        args.grab.grab(),
    )
    .map_err(|stop| {
        Failure::stopped(
            stop,
            "render stopped running the original".into(),
            Some(out),
        )
    })?;
    let mut image = Image::default();
    let drawn = compare.draw(ctx, sim, &args.view.camera(), width, height, &mut image);
    compare.finish(ctx);
    drawn.map_err(Failure::Run)?;
    Ok(image)
}
