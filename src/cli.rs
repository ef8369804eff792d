//! The command line, as clap derive types.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use clap::{Args, CommandFactory, Parser, Subcommand};
use cloth_demo::render::Camera;

/// The demo's drawing area (the original 800 x 600 window's client area).
pub const DEFAULT_SIZE: Size = Size {
    width: 792,
    height: 573,
};

/// Largest image side `render` and `record` accept, pixels.
pub const MAX_SIDE: u32 = 16384;

/// Largest `record --every`: ten minutes of the demo's time a frame (a GIF
/// frame can last at most 655.35 s).
pub const MAX_EVERY: u64 = 36_000;

/// A spring-mass cloth falls onto five bobbing spheres: a bit-exact port of a
/// classic OpenGL demo.
///
/// With no subcommand it opens the demo in a window: drag with the left
/// mouse button to turn the view, press Escape to quit.
#[derive(Debug, Parser)]
#[command(name = "cloth-demo", version)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; the window when left out.
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub window: WindowArgs,
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

/// The headless commands' note on forcing the GL (read in
/// `render::headless`).
const GL_ENV_HELP: &str = "Environment: CLOTH_DEMO_GL=gl33|gles3|gles2 forces the \
OpenGL context kind and its shaders (default: OpenGL 3.3 core, else OpenGL ES 3.0, \
else OpenGL ES 2.0), to check the fallbacks; an error if EGL does not offer it.";

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
    /// Draw every K-th step up to N into an animated GIF, with no window and
    /// no display server (like `render`).
    #[command(after_help = GL_ENV_HELP)]
    Record(RecordArgs),
}

impl Cli {
    /// Checks clap cannot make on one argument alone: `record` needs
    /// `--steps` at least `--every`.
    ///
    /// # Errors
    /// A clap usage error saying which arguments disagree.
    pub fn validate(&self) -> Result<(), clap::Error> {
        if let Some(Command::Record(args)) = &self.command {
            if args.steps < args.every {
                return Err(Cli::command().error(
                    clap::error::ErrorKind::ValueValidation,
                    format!(
                        "record --steps {} is less than --every {}: not one frame to draw",
                        args.steps, args.every
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Where a run starts: the flat sheet, or a saved state.
#[derive(Debug, Args)]
pub struct StartArgs {
    /// Start from this cloth state (CSV: header `j,i,x,y,z`, 1,024 rows, as
    /// `simulate --csv` writes) instead of the flat sheet.
    #[arg(long, value_name = "STATE.csv")]
    pub from: Option<PathBuf>,

    /// Steps the --from state had already run: the spheres' step counter
    /// starts here, so the next step is K+1.
    #[arg(long, value_name = "K", requires = "from", default_value_t = 0)]
    pub start: u64,
}

/// `cloth-demo render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Steps to run before drawing.
    #[arg(long, value_name = "N")]
    pub steps: u64,

    /// The PNG to write (written whole or not at all).
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,

    #[command(flatten)]
    pub view: ViewArgs,

    #[command(flatten)]
    pub start: StartArgs,
}

/// The picture: its size and the camera (`render` and `record`).
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// Image size in pixels.
    #[arg(long, value_name = "WxH", default_value_t = DEFAULT_SIZE)]
    pub size: Size,

    /// Turn the view as if dragged R1 pixels left and R2 pixels up (0.2
    /// degrees a pixel), like the original's r1 and r2.
    #[arg(long, value_name = "R1,R2", default_value_t = Orbit { r1: 0.0, r2: 0.0 }, allow_hyphen_values = true)]
    pub orbit: Orbit,
}

impl ViewArgs {
    /// The camera these options describe: dragged `r1`, `r2` pixels.
    pub fn camera(&self) -> Camera {
        Camera::new(self.orbit.r1, self.orbit.r2)
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
    #[arg(long, value_name = "N")]
    pub steps: u64,

    /// Draw every K-th step (1 to 36000, at most N); a frame lasts K/60 s.
    ///
    /// The demo runs 60 steps a second, so each frame shows for K/60 s.
    /// GIF delays are whole hundredths: each is rounded down and the
    /// remainder carried to the next (K = 4: 6, 7, 7, 6, 7, 7, ...
    /// hundredths), so the total time stays right. Browsers slow frames
    /// shorter than 2/100 s down, so for the web K >= 2 plays at the true
    /// speed.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=MAX_EVERY))]
    pub every: u64,

    /// The animated GIF to write (loops forever; whole or not at all).
    ///
    /// Frames are streamed into a hidden temporary file beside it
    /// (`.cloth-demo-*`), renamed to FILE.gif only when complete: an
    /// interrupted run leaves no FILE.gif.
    #[arg(long, value_name = "FILE.gif")]
    pub out: PathBuf,

    #[command(flatten)]
    pub view: ViewArgs,

    #[command(flatten)]
    pub start: StartArgs,
}

/// `cloth-demo simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Steps to run.
    #[arg(long, value_name = "N")]
    pub steps: u64,

    /// Write the final cloth to this state file (written whole or not at
    /// all).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Threads to run the passes on, in bands of rows (1 to 256; every
    /// count gives the same bits). Default: what pays here, all cores up to
    /// one per 16 rows.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    #[command(flatten)]
    pub start: StartArgs,
}

/// An image size, `WxH`, each side 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
}

impl FromStr for Size {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (w, h) = s
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("`{s}` is not WIDTHxHEIGHT, e.g. 792x573"))?;
        let side = |v: &str| -> Result<u32, String> {
            match v.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                Ok(n) => Err(format!("side {n} is outside 1..={MAX_SIDE}")),
                Err(_) => Err(format!("`{v}` is not a whole number of pixels")),
            }
        };
        Ok(Size {
            width: side(w)?,
            height: side(h)?,
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Orbit angles `R1,R2` in pixels dragged, each finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    /// Horizontal drag (the original's r1).
    pub r1: f64,
    /// Vertical drag (the original's r2).
    pub r2: f64,
}

impl FromStr for Orbit {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (a, b) = s
            .split_once(',')
            .ok_or_else(|| format!("`{s}` is not R1,R2, e.g. 100,-50"))?;
        let angle = |v: &str| -> Result<f64, String> {
            match v.trim().parse::<f64>() {
                Ok(x) if x.is_finite() => Ok(x),
                _ => Err(format!("`{v}` is not a finite number")),
            }
        };
        Ok(Orbit {
            r1: angle(a)?,
            r2: angle(b)?,
        })
    }
}

impl fmt::Display for Orbit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.r1, self.r2)
    }
}
