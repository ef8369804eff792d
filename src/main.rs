//! The `cloth-demo` program: parse the command line, dispatch, and map
//! errors to exit codes (2 for bad usage, 1 for a failure at run time).

mod cli;
mod progress;

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use cloth_demo::app::pacing::STEPS_PER_SECOND;
use cloth_demo::render::headless::{self, HeadlessContext, Image};
use cloth_demo::render::record::{GifRecorder, RecordError};
use cloth_demo::sim::{state_file, Simulation, GRID};

use cli::{Cli, Command, RecordArgs, RenderArgs, SimulateArgs, StartArgs};

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    if let Err(e) = cli.validate() {
        return usage_error(e);
    }
    // A forced SIMD path the CPU lacks is bad usage, not a quiet fallback.
    if let Err(e) = cloth_demo::sim::Path::from_env() {
        eprintln!("cloth-demo: error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None => cloth_demo::app::run(cloth_demo::app::Options {
            fullscreen: cli.window.fullscreen,
            uncapped: cli.window.uncapped,
        }),
        Some(Command::Render(args)) => render(&args),
        Some(Command::Simulate(args)) => simulate(&args),
        Some(Command::Record(args)) => record(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cloth-demo: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Help and version go to stdout with exit 0; any other clap error becomes
/// one line on stderr and exit code 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    // clap's message is its first paragraph (a list of missing arguments
    // continues on indented lines); usage and tips follow a blank line.
    let text = e.render().to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    eprintln!("cloth-demo: error: {message} (see --help)");
    ExitCode::from(2)
}

/// The simulation a run starts from: the flat sheet, or `--from` at `--start`.
fn start_state(start: &StartArgs) -> Result<Simulation, String> {
    match &start.from {
        None => Ok(Simulation::new()),
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let cloth =
                state_file::parse(&bytes, GRID).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(Simulation::resume(cloth, start.start))
        }
    }
}

fn render(args: &RenderArgs) -> Result<(), String> {
    let mut sim = start_state(&args.start)?;
    sim.run(args.steps);
    let camera = args.view.camera();
    let image = headless::render(&sim, &camera, args.view.size.width, args.view.size.height)
        .map_err(|e| e.to_string())?;
    write_atomically(&args.out, |w| {
        let mut encoder = png::Encoder::new(w, image.width, image.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer
            .write_image_data(&image.rgba)
            .map_err(|e| e.to_string())?;
        writer.finish().map_err(|e| e.to_string())?;
        Ok(())
    })
}

fn simulate(args: &SimulateArgs) -> Result<(), String> {
    let mut sim = start_state(&args.start)?;
    sim.set_threads(args.threads.map(usize::from));
    let bar = progress::bar(args.steps);
    let t0 = Instant::now();
    progress::run(&mut sim, args.steps, &bar);
    let secs = t0.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let rate = if secs > 0.0 {
        args.steps as f64 / secs
    } else {
        f64::INFINITY
    };
    println!(
        "{} steps in {:.3} s: {:.0} steps/s ({:.1} us/step)",
        args.steps,
        secs,
        rate,
        if args.steps > 0 {
            secs * 1e6 / args.steps as f64
        } else {
            0.0
        }
    );
    if let Some(path) = &args.csv {
        let text = state_file::to_string(&sim.cloth);
        write_atomically(path, |w| {
            w.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
            Ok(())
        })?;
    }
    Ok(())
}

/// `record`: frames at steps K, 2K, ... up to N (after the start state),
/// streamed into the GIF's temporary file as they are drawn.
fn record(args: &RecordArgs) -> Result<(), String> {
    let mut sim = start_state(&args.start)?;
    let camera = args.view.camera();
    let (width, height) = (args.view.size.width, args.view.size.height);
    let frames = args.steps / args.every;
    let mut ctx = HeadlessContext::new().map_err(|e| e.to_string())?;
    let mut image = Image::default();
    let bar = progress::bar(frames * args.every);
    let t0 = Instant::now();
    let mut duration_cs = 0;
    let result = write_atomically(&args.out, |w| {
        let mut gif = GifRecorder::new(w, width, height, (args.every, STEPS_PER_SECOND))?;
        for k in 1..=frames {
            progress::run(&mut sim, args.every, &bar);
            ctx.render_into(&sim, &camera, width, height, &mut image)
                .map_err(|e| Failure::Other(e.to_string()))?;
            gif.push(&image)?;
            bar.set_message(format!(", frame {k}/{frames}"));
        }
        duration_cs = gif.duration_cs();
        gif.finish()?;
        Ok(())
    });
    bar.finish_and_clear();
    result?;
    let bytes = std::fs::metadata(&args.out).map_or(0, |m| m.len());
    println!(
        "{frames} frames of {width}x{height}, {}.{:02} s long, in {:.1} s: {} ({:.0} KiB)",
        duration_cs / 100,
        duration_cs % 100,
        t0.elapsed().as_secs_f64(),
        args.out.display(),
        bytes as f64 / 1024.0
    );
    Ok(())
}

/// Why the body of [`write_atomically`] stopped.
enum Failure {
    /// Writing failed: reported as `cannot write PATH: ...`.
    Write(String),
    /// Something else failed (drawing, say): reported as it is.
    Other(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Self {
        Failure::Write(e)
    }
}

impl From<RecordError> for Failure {
    fn from(e: RecordError) -> Self {
        match e {
            RecordError::Write(e) => Failure::Write(e),
            other => Failure::Other(other.to_string()),
        }
    }
}

/// Write `path` whole or not at all: into a temporary file beside it
/// (hidden: `.cloth-demo-XXXXXX`), then renamed over it. On any error the
/// temporary file is removed and `path` is left as it was; a process killed
/// outright leaves at most that hidden temporary file, never `path`.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut std::io::BufWriter<&mut std::fs::File>) -> Result<(), Failure>,
) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("cannot write {}: {e}", path.display());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".cloth-demo-");
    // An ordinary new file (0666 less the umask), not tempfile's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| fail(&e))?;
    {
        let mut w = std::io::BufWriter::new(tmp.as_file_mut());
        write(&mut w).map_err(|e| match e {
            Failure::Write(e) => fail(&e),
            Failure::Other(e) => e,
        })?;
        w.flush().map_err(|e| fail(&e))?;
    }
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}
