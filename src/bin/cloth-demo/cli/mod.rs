//! The command line, as clap derive types.
#![forbid(unsafe_code)]

pub mod cut;
pub mod grab;
pub mod model;

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand};
use cloth_demo::options::{self, Distance, Format, LookAt, OrbitAngles, Size};
use cloth_demo::render::Camera;

pub use cut::CutArgs;
pub use grab::GrabArgs;
pub use model::ModelArgs;

/// The demo's drawing area (the original 800 x 600 window's client area).
pub const DEFAULT_SIZE: Size = Size {
    width: 792,
    height: 573,
};

/// Largest `record --every`: ten minutes of the demo's time a frame (a GIF
/// frame can last at most 655.35 s).
pub const MAX_EVERY: u64 = 36_000;

/// A spring-mass cloth falls onto five bobbing spheres: a bit-exact port of a
/// classic OpenGL demo.
///
/// With no subcommand it opens the demo in a window: drag with the left
/// mouse button to turn the view, with the right one (or Ctrl + left) to
/// pull the cloth, the wheel to zoom; press Escape to quit. The keys below
/// pause, step, restart, change the speed, pin, tear and switch the
/// what-ifs, and the title says what differs from the default.
#[derive(Debug, Parser)]
#[command(name = "cloth-demo", version)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_help = cloth_demo::app::keys::help())]
pub struct Cli {
    /// What to do; the window when left out.
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub window: WindowArgs,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// Options of the window.
#[derive(Debug, Args)]
pub struct WindowArgs {
    /// Borderless full screen on the current monitor instead of a
    /// 792x573 window.
    #[arg(long)]
    pub fullscreen: bool,

    /// The original's pacing: one step per drawn frame, as fast as the
    /// machine draws, vsync off (default: 60 steps a second).
    #[arg(long)]
    pub uncapped: bool,
}

/// The headless commands' note on forcing the GL (the variables are read
/// in `environment.rs`).
const GL_ENV_HELP: &str = "Environment: CLOTH_DEMO_GL=gl33|gles3|gles2 forces the \
OpenGL context kind and its shaders (default: OpenGL 3.3 core, else OpenGL ES 3.0, \
else OpenGL ES 2.0), to check the fallbacks; CLOTH_DEMO_CONTEXT=egl|glx|wgl|cgl forces \
the way the context is made (this platform's only). A value that is none of these is \
a usage error; a context the platform cannot give is an error at run time.";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw the state after N steps to a PNG, with no window and no display
    /// server (EGL; Mesa's software renderer will do).
    #[command(after_help = GL_ENV_HELP)]
    Render(RenderArgs),
    /// Run the physics only: print steps per second and optionally write
    /// the final cloth as a state file (the golden CSV format).
    Simulate(SimulateArgs),
    /// Draw every K-th step up to N into an animated GIF (or PNG), with no
    /// window and no display server (like `render`).
    #[command(after_help = GL_ENV_HELP)]
    Record(RecordArgs),
}

impl Cli {
    /// Checks clap cannot make on one argument alone: `record` needs
    /// `--steps` at least `--every`, an `--out` extension names a format
    /// the command writes, and a grab's first step comes after `--start`.
    ///
    /// # Errors
    /// A clap usage error saying which arguments disagree.
    pub fn validate(&self) -> Result<(), clap::Error> {
        let invalid = |message: String| {
            Cli::command().error(clap::error::ErrorKind::ValueValidation, message)
        };
        let out_format = |command: &str, out: &std::path::Path, format: Result<Format, String>| {
            format
                .map(drop)
                .map_err(|e| invalid(format!("{command} --out {}: {e}", out.display())))
        };
        let grab_after_start = |grab: &GrabArgs, start: &StartArgs| match grab.grab_steps {
            Some(span) if span.first <= start.step() => Err(invalid(format!(
                "--grab-steps {span} begins at or before --start {k}: the run's first step \
                 is {}",
                start.step().saturating_add(1),
                k = start.step()
            ))),
            _ => Ok(()),
        };
        // Off the grid the run starts on: --grid's, else the scene's (a
        // state file's, with --from and no --grid, is checked when it is
        // read).
        let grab_on_grid = |grab: &GrabArgs, start: &StartArgs, model: &ModelArgs| {
            let n = match (model.grid_given(), &start.from) {
                (Some(n), _) => n,
                (None, None) => model.setup().grid.get(),
                (None, Some(_)) => return Ok(()),
            };
            match grab.grab {
                Some(p) if p.j >= n || p.i >= n => Err(invalid(format!(
                    "--grab {p} is off the {n} x {n} grid: row and column each from 0 to {}",
                    n - 1
                ))),
                _ => Ok(()),
            }
        };
        let cut_after_start = |cut: &CutArgs, start: &StartArgs| match cut.cut_step {
            Some(s) if s <= start.step() => Err(invalid(format!(
                "--cut-step {s} is at or before --start {k}: the run's first step is {}",
                start.step().saturating_add(1),
                k = start.step()
            ))),
            _ => Ok(()),
        };
        let cut_on_picture = |cut: &CutArgs, size: Size| match cut.cut {
            Some(stroke) if !stroke.on(size) => Err(invalid(format!(
                "--cut {stroke} is off the {w}x{h} picture: x from 0 to {w}, y from 0 to {h}",
                w = size.width,
                h = size.height
            ))),
            _ => Ok(()),
        };
        match &self.command {
            Some(Command::Record(args)) => {
                grab_after_start(&args.grab, &args.start)?;
                grab_on_grid(&args.grab, &args.start, &args.model)?;
                cut_after_start(&args.cut, &args.start)?;
                cut_on_picture(&args.cut, args.view.size)?;
                if args.steps < args.every {
                    return Err(invalid(format!(
                        "record --steps {} is less than --every {}: not one frame to draw",
                        args.steps, args.every
                    )));
                }
                out_format("record", &args.out, args.format())
            }
            Some(Command::Render(args)) => {
                grab_after_start(&args.grab, &args.start)?;
                grab_on_grid(&args.grab, &args.start, &args.model)?;
                cut_after_start(&args.cut, &args.start)?;
                cut_on_picture(&args.cut, args.view.size)?;
                out_format("render", &args.out, args.format())
            }
            Some(Command::Simulate(args)) => {
                grab_after_start(&args.grab, &args.start)?;
                grab_on_grid(&args.grab, &args.start, &args.model)?;
                cut_after_start(&args.cut, &args.start)?;
                cut_on_picture(&args.cut, DEFAULT_SIZE)
            }
            None => Ok(()),
        }
    }
}

/// `--steps`: a whole number of steps, 0 or more.
fn steps(text: &str) -> Result<u64, String> {
    options::count(text, 0, u64::MAX)
}

/// `--every`: 1 to [`MAX_EVERY`].
fn every(text: &str) -> Result<u64, String> {
    options::count(text, 1, MAX_EVERY)
}

/// `--threads`: 1 to 256.
fn threads(text: &str) -> Result<u16, String> {
    options::count(text, 1, 256).map(|n| n as u16)
}

/// Where a run starts: the flat sheet, or a saved state at a given step.
#[derive(Debug, Args)]
pub struct StartArgs {
    /// Start from this cloth state (CSV: header `j,i,x,y,z`, 1,024 rows, as
    /// `simulate --csv` writes, or a state the window or the page saved)
    /// instead of the flat sheet (or the scene's start).
    ///
    /// A state the window or the page saved opens with a note of its step
    /// and its scene and model (`# cloth-demo step=1250
    /// model=scene=curtain;bend=1`): it resumes at that step under that
    /// model, and --start and the model flags given change what they
    /// name (--scene replaces the note's model). A state file without the
    /// note (`simulate --csv`'s, the golden data) holds the cloth alone:
    /// it needs --start, and resumes under the flags given now (the
    /// original's if none). Under inertia it also holds where each point
    /// was a step before (header `j,i,x,y,z,px,py,pz`), so a run split
    /// through a file is the same run; without those columns the cloth
    /// starts at rest.
    #[arg(long, value_name = "STATE.csv")]
    pub from: Option<PathBuf>,

    /// Steps the --from state had already run (0 for a state at the
    /// start): the spheres' step counter starts here, so the next step is
    /// K+1. Needed with a --from file that does not say its step; over
    /// the step a saved state's note says.
    #[arg(long, value_name = "K", requires = "from", value_parser = steps,
          allow_negative_numbers = true)]
    pub start: Option<u64>,
}

impl StartArgs {
    /// The step the run starts at: `--start` (filled in from a saved
    /// state's note by [`read_notes`](crate::commands::note::read_notes)), 0 without `--from`.
    pub fn step(&self) -> u64 {
        self.start.unwrap_or(0)
    }
}

/// What `main` says when `--from` names a file whose step is not in it
/// (no note) and `--start` is not given.
pub const FROM_NEEDS_START: &str =
    "--from needs --start K: the steps that state had already run (0 for a state at the start)";

/// `cloth-demo render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Steps to run before drawing.
    #[arg(long, value_name = "N", value_parser = steps, allow_negative_numbers = true)]
    pub steps: u64,

    /// The PNG to write, whole or not at all; `-` is standard output.
    ///
    /// An existing file is replaced only once the new one is complete,
    /// keeping its permissions; through a symbolic link, the file it
    /// points to is replaced. A FIFO or a character device is written to
    /// as it is.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,

    #[command(flatten)]
    pub view: ViewArgs,

    #[command(flatten)]
    pub start: StartArgs,

    #[command(flatten)]
    pub grab: GrabArgs,

    #[command(flatten)]
    pub cut: CutArgs,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// The picture: its size and the camera (`render` and `record`).
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value_t = DEFAULT_SIZE, allow_hyphen_values = true)]
    pub size: Size,

    /// Turn the view as if dragged R1 pixels left and R2 pixels up (0.2
    /// degrees a pixel), like the original's r1 and r2.
    #[arg(long, value_name = "R1,R2", default_value_t = OrbitAngles { r1: 0.0, r2: 0.0 }, allow_hyphen_values = true)]
    pub orbit: OrbitAngles,

    /// Stand D world units back from the centre of the orbit, 2 to 20 (the
    /// original's 5); nearer makes the cloth larger.
    #[arg(long, value_name = "D", default_value_t = Distance::default(), allow_hyphen_values = true)]
    pub distance: Distance,

    /// Look at (and turn about) world point X,Y,Z instead of the origin,
    /// each from -10 to 10: where the wheel's zoom toward a point leaves
    /// the view (the window logs it as "looking at X,Y,Z"). The floor is at
    /// y = -3, the cloth starts at y = 1.5.
    #[arg(long, value_name = "X,Y,Z", default_value_t = LookAt::default(), allow_hyphen_values = true)]
    pub look_at: LookAt,
}

impl RenderArgs {
    /// The format `--out` names: PNG (also for no extension, and `-`).
    ///
    /// # Errors
    /// A phrase listing the formats written, for any other extension.
    pub fn format(&self) -> Result<Format, String> {
        Format::for_path(&self.out, &[Format::Png])
    }
}

impl RecordArgs {
    /// The format `--out` names: GIF (also for no extension, and `-`), or
    /// an animated PNG for `.png` and `.apng`.
    ///
    /// # Errors
    /// A phrase listing the formats written, for any other extension.
    pub fn format(&self) -> Result<Format, String> {
        Format::for_path(&self.out, &[Format::Gif, Format::Apng])
    }
}

impl ViewArgs {
    /// The camera these options describe: dragged `r1`, `r2` pixels,
    /// `--distance` units back from `--look-at`.
    pub fn camera(&self) -> Camera {
        Camera::new(self.orbit.r1, self.orbit.r2)
            .with_distance(self.distance.0)
            .with_target(self.look_at.0)
    }
}

/// `cloth-demo record`.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// Steps to run; frames are the states after steps K, 2K, ... up to N.
    ///
    /// Steps are counted from the start state (the flat sheet, or --from),
    /// which is not itself a frame: frame k is what `render --steps kK`
    /// draws. That is N/K frames, rounded down; steps past the last
    /// multiple of K are not run.
    #[arg(long, value_name = "N", value_parser = steps, allow_negative_numbers = true)]
    pub steps: u64,

    /// Draw every K-th step (1 to 36000, at most N); a frame lasts K/60 s.
    ///
    /// The demo runs 60 steps a second, so each frame shows for K/60 s.
    /// GIF delays are whole hundredths: each is rounded down and the
    /// remainder carried to the next (K = 4: 6, 7, 7, 6, 7, 7, ...
    /// hundredths), so the total time stays right. Browsers slow frames
    /// shorter than 2/100 s down, so for the web K >= 2 plays at the true
    /// speed.
    #[arg(long, value_name = "K", value_parser = every, allow_negative_numbers = true)]
    pub every: u64,

    /// The animation to write, looping forever: FILE.gif, or FILE.png
    /// (or .apng) for an animated PNG; `-` is standard output (GIF).
    ///
    /// Frames are streamed into a hidden temporary file beside it
    /// (`.cloth-demo-*`), renamed to FILE.gif only when complete: an
    /// interrupted run (Ctrl-C, SIGTERM) leaves FILE.gif as it was. An
    /// existing file keeps its permissions; through a symbolic link, the
    /// file it points to is replaced; a FIFO or a character device is
    /// written to as it is.
    #[arg(long, value_name = "FILE.gif")]
    pub out: PathBuf,

    #[command(flatten)]
    pub view: ViewArgs,

    #[command(flatten)]
    pub start: StartArgs,

    #[command(flatten)]
    pub grab: GrabArgs,

    #[command(flatten)]
    pub cut: CutArgs,

    #[command(flatten)]
    pub model: ModelArgs,
}

/// `cloth-demo simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Steps to run.
    #[arg(long, value_name = "N", value_parser = steps, allow_negative_numbers = true)]
    pub steps: u64,

    /// Write the final cloth to this state file, whole or not at all; `-`
    /// is standard output (the summary then goes to stderr).
    ///
    /// The file is the golden format: the cloth alone, not the step nor the
    /// model (the what-if flags): resume it with --start and the same
    /// flags to go on under the same physics.
    /// Under inertia (--inertia, or a scene with it) each row also carries
    /// the point's previous position: `j,i,x,y,z,px,py,pz`.
    ///
    /// An existing file is replaced only once the new one is complete,
    /// keeping its permissions; through a symbolic link, the file it
    /// points to is replaced. A FIFO or a character device is written to
    /// as it is.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Threads to run the passes on, in bands of rows (1 to 256; every
    /// count gives the same bits). Default: what pays here, all cores up to
    /// one per 16 rows.
    #[arg(long, value_name = "N", value_parser = threads, allow_negative_numbers = true)]
    pub threads: Option<u16>,

    #[command(flatten)]
    pub start: StartArgs,

    #[command(flatten)]
    pub grab: GrabArgs,

    #[command(flatten)]
    pub cut: CutArgs,

    #[command(flatten)]
    pub model: ModelArgs,
}

#[cfg(test)]
mod tests;
