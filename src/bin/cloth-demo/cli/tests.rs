//! Unit tests of the command line's shape.
#![forbid(unsafe_code)]

use std::collections::BTreeSet;

use clap::{Args, CommandFactory};
use cloth_demo::app::choices::names;

use super::*;

/// The long names of `command`'s own arguments (not its subcommands').
fn long_names(command: &clap::Command) -> BTreeSet<String> {
    command
        .get_arguments()
        .filter_map(|a| a.get_long())
        .map(str::to_owned)
        .collect()
}

/// The page's query names ([`names`]) are exactly the model and scene
/// flags the window takes, by their long names: a flag added to one and
/// not the other fails here. Every subcommand takes the same flags.
#[test]
fn the_page_query_names_are_the_windows_model_and_scene_flags() {
    let window = Cli::command();
    let own = long_names(&WindowArgs::augment_args(clap::Command::new("window")));
    let flags: BTreeSet<String> = long_names(&window)
        .into_iter()
        .filter(|name| !own.contains(name) && name != "help" && name != "version")
        .collect();
    let names: BTreeSet<String> = names().iter().map(|n| n.to_string()).collect();
    assert_eq!(
        names, flags,
        "app::choices::names() against the window's flags"
    );
    let model = long_names(&ModelArgs::augment_args(clap::Command::new("model")));
    assert_eq!(model, flags);
    for sub in window.get_subcommands() {
        let have = long_names(sub);
        let missing: Vec<&String> = model.difference(&have).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", sub.get_name());
    }
}
