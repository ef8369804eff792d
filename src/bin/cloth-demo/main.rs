//! The `cloth-demo` program: parse the command line, dispatch, and map
//! the outcome to an exit code: 0 done, 1 a failure at run time, 2 bad
//! usage, 130 / 143 interrupted by SIGINT / SIGTERM. What each subcommand
//! does is in `commands/`, writing files safely in `output/`, encoding
//! images in `encode/`, the window panel's saves in `save/`; the `CLOTH_DEMO_*` variables are read in
//! `environment.rs`, once, here at start.
#![forbid(unsafe_code)]

mod cli;
mod commands;
mod encode;
mod environment;
mod interrupt;
mod output;
mod progress;
mod save;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command};
use commands::Failure;
use environment::Environment;

fn main() -> ExitCode {
    // Unless RUST_LOG says otherwise: the program's warnings, other crates'
    // errors only, and none from sctk-adwaita (the Wayland title bar),
    // whose "config did not return response in time" is noise at every
    // start on a desktop with no settings portal.
    env_logger::Builder::from_env(
        env_logger::Env::default().default_filter_or("error,cloth_demo=warn,sctk_adwaita=off"),
    )
    .init();
    let mut cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // A saved state's note stands in for --start and the model flags not
    // given, before the checks that need the step.
    match commands::note::read_notes(&mut cli) {
        Ok(()) => {}
        Err(commands::note::NoteError::NeedsStart) => {
            eprintln!("cloth-demo: error: {} (see --help)", cli::FROM_NEEDS_START);
            return ExitCode::from(2);
        }
        Err(commands::note::NoteError::File(e)) => return exit(Err(Failure::Run(e))),
    }
    if let Err(e) = cli.validate() {
        return usage_error(e);
    }
    // Any bad CLOTH_DEMO_* value (a name this machine lacks included) is
    // bad usage, for every command, before any work.
    let env = match Environment::read() {
        Ok(env) => env,
        Err(e) => {
            eprintln!("cloth-demo: error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(command) = cli.command else {
        let setup = cli.model.setup();
        let options = cloth_demo::app::Options {
            fullscreen: cli.window.fullscreen,
            uncapped: cli.window.uncapped,
            model: setup.model,
            scene: cli.model.scene(),
            shade: setup.shade,
            springs: setup.springs,
            smooth: setup.smooth,
            compare: setup.compare,
            grid: setup.grid,
            left: setup.left,
            instruction_set: env.instruction_set,
            save: Some(save::saver()),
        };
        return exit(cloth_demo::app::run(options).map_err(Failure::Run));
    };
    if let Err(e) = interrupt::install() {
        return exit(Err(Failure::Run(format!(
            "cannot catch Ctrl-C and SIGTERM: {e}"
        ))));
    }
    exit(match command {
        Command::Render(args) => commands::render::run(&args, &env),
        Command::Simulate(args) => commands::simulate::run(&args, &env),
        Command::Record(args) => commands::record::run(&args, &env),
    })
}

/// One line on stderr for a failure, and its exit code.
fn exit(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Run(e)) => {
            eprintln!("cloth-demo: error: {e}");
            ExitCode::FAILURE
        }
        Err(Failure::Interrupted { by, what }) => {
            eprintln!("cloth-demo: interrupted by {}: {what}", by.name());
            ExitCode::from(by.exit_code())
        }
    }
}

/// Help and version go to stdout with exit 0; any other clap error becomes
/// one line on stderr and exit code 2. A value an option refuses is said
/// as the option's own rule: "--steps must be a whole number of at least
/// 0, not `-5`".
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let option = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.split(' ').next(),
        _ => None,
    };
    let rule = std::error::Error::source(&e).map(ToString::to_string);
    let message = match (e.kind(), option, rule) {
        (ErrorKind::ValueValidation, Some(option), Some(rule)) => format!("{option} {rule}"),
        _ => {
            // clap's message is its first paragraph (a list of missing
            // arguments continues on indented lines); usage and tips
            // follow a blank line.
            let text = e.render().to_string();
            let lines: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let message = lines.join(" ");
            message
                .strip_prefix("error: ")
                .unwrap_or(&message)
                .to_owned()
        }
    };
    eprintln!("cloth-demo: error: {message} (see --help)");
    ExitCode::from(2)
}
