//! What the browser page says, in its own words and for what it is
//! pointed at with ([`Pointing`]: a mouse or a touch screen): the caption under the canvas ([`caption`],
//! [`stopped`], [`LOST`]), the line for a query it refused
//! ([`refused_line`]), and its key list ([`key_sections`]), which speaks of
//! the page (its controls, a click on the picture) where the window's
//! ([`keys::help`](crate::app::keys::help)) speaks of flags and the panel.
//!
//! Pure text, so it is tested without a browser; the page
//! (`app::web`, built for wasm32) shows it.

#![forbid(unsafe_code)]

use crate::app::controls::{Action, Binding};
use crate::app::keys::bindings;

/// How the page is being used, as the browser tells it: the page speaks
/// of keys and the mouse, or of taps and swipes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pointing {
    /// A mouse, a trackpad or a pen, and (most likely) a keyboard.
    #[default]
    Mouse,
    /// A touch screen and no mouse: the device's main pointer is coarse
    /// and cannot hover (a phone, a tablet).
    Touch,
}

/// The caption's tail with a mouse and keys, while the demo runs or is
/// paused.
pub const HOW_MOUSE: &str =
    "Drag to turn the view; H lists the keys. Escape stops the program; a click then starts it again.";
/// The caption's tail on a touch screen.
pub const HOW_TOUCH: &str =
    "Swipe to turn the view; tap to pause or go on; hold a finger still, then drag, to pull the cloth.";
/// The caption once Escape has stopped the program, with a mouse.
pub const STOPPED_MOUSE: &str =
    "Stopped, as Escape stopped the original. Click the picture to start again from the beginning.";
/// The caption once stopped, on a touch screen.
pub const STOPPED_TOUCH: &str = "Stopped. Tap the picture to start again from the beginning.";
/// The caption while the browser has taken the picture's WebGL context
/// away (the graphics were reset, or the device ran short of memory):
/// nothing steps until it gives it back.
pub const LOST: &str = "The picture is lost: the browser has taken the graphics away for a \
                        moment. The cloth waits where it is until they come back.";

/// How to use the page, after the status: [`HOW_MOUSE`] or [`HOW_TOUCH`].
pub fn how_to(pointing: Pointing) -> &'static str {
    match pointing {
        Pointing::Mouse => HOW_MOUSE,
        Pointing::Touch => HOW_TOUCH,
    }
}

/// The caption once stopped: [`STOPPED_MOUSE`] or [`STOPPED_TOUCH`].
pub fn stopped(pointing: Pointing) -> &'static str {
    match pointing {
        Pointing::Mouse => STOPPED_MOUSE,
        Pointing::Touch => STOPPED_TOUCH,
    }
}

/// The caption for a running or paused demo with
/// [`status`](crate::app::demo::Demo::status) `status`: [`how_to`] alone when
/// nothing differs, else the phrases first, as a sentence (`Paused, step
/// 1234, bending springs. Drag to turn...`).
pub fn caption(status: &[String], pointing: Pointing) -> String {
    let how = how_to(pointing);
    let Some((first, rest)) = status.split_first() else {
        return how.to_string();
    };
    let mut chars = first.chars();
    let head: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let mut phrases = vec![head + chars.as_str()];
    phrases.extend(rest.iter().cloned());
    format!("{}. {how}", phrases.join(", "))
}

/// The line for the values the query asked for and the page refused:
/// why each was (from
/// [`Choices::from_query_keeping`](crate::app::choices::Choices::from_query_keeping)
/// and [`PageQuery::take`](crate::app::web::query::PageQuery::take)), and
/// that the page runs without them, every other value kept.
pub fn refused_line(lines: &[String]) -> String {
    let them = if lines.len() == 1 { "it" } else { "them" };
    format!("{}; the page runs without {them}", lines.join("; "))
}

/// What a key does, in the page's words: the key table's line without
/// its flag ([`Binding::what`]), or the page's own for the keys that act
/// otherwise in a browser; `None` for a key the page leaves alone.
fn page_words(binding: &Binding) -> Option<&'static str> {
    match binding.action {
        Action::TogglePanel => None,
        Action::Help => Some("open / close this list"),
        Action::Stop => Some(
            "close this list or an open dropdown; with nothing open, stop the program (a \
                 click on the picture starts it again from the beginning)",
        ),
        _ => Some(binding.what),
    }
}

/// The pointer's lines with a mouse: `(input, what it does)`.
const MOUSE: &[(&str, &str)] = &[
    ("drag", "turn the view"),
    (
        "right-drag",
        "hold the cloth point under the pointer and pull it (also Ctrl and drag); let go with \
         Shift held to pin it there, or press P; with the knife on (X), cut the springs the \
         drag crosses instead",
    ),
    (
        "wheel",
        "nearer / farther, toward what is under the pointer (also a trackpad's pinch; + and - \
         straight ahead)",
    ),
];

/// The gestures on a touch screen: `(gesture, what it does)`.
const TOUCH: &[(&str, &str)] = &[
    (
        "tap",
        "pause / go on; once stopped, start again from the beginning",
    ),
    ("swipe", "turn the view"),
    (
        "hold, drag",
        "a finger held still for 0.4 s holds the cloth point under it; drag to pull it; a \
         second finger's touch pins it there; with the Knife on, the drag cuts instead",
    ),
    (
        "pinch",
        "nearer / farther, toward what is between the fingers",
    ),
    (
        "controls",
        "under the picture: pause, one step, restart, the speed, the scenes and the \
         article's what-ifs, the view, saving",
    ),
];

/// The page's own key, which no control's row has: F, fullscreen.
pub const FULLSCREEN_KEY: (&str, &str) = (
    "F",
    "the picture fills the screen / back (also the Fullscreen button; Escape leaves it too)",
);

/// The keys the page takes, in its words: `(keys, what they do)`: the
/// table's, then [`FULLSCREEN_KEY`].
fn page_keys() -> Vec<(&'static str, &'static str)> {
    bindings()
        .filter_map(|b| Some((b.keys, page_words(b)?)))
        .chain([FULLSCREEN_KEY])
        .collect()
}

/// One part of the key list: a heading (`Keys:`) and its rows, each
/// `(keys or gesture, what it does)`.
pub type KeySection = (&'static str, Vec<(&'static str, &'static str)>);

/// The page's key list for `pointing`, as its `#key-list` shows it (a
/// row a line, the keys in one column and what they do in the next), in
/// the page's words (no flags, no window): with a mouse, every key the
/// page takes (the table [`bindings`], Tab left to move the focus) under
/// `Keys:`, then the mouse's drags and the wheel under `Mouse:`; on a
/// touch screen, the gestures and where the controls are under `Touch:`.
pub fn key_sections(pointing: Pointing) -> Vec<KeySection> {
    match pointing {
        Pointing::Mouse => vec![("Keys:", page_keys()), ("Mouse:", MOUSE.to_vec())],
        Pointing::Touch => vec![("Touch:", TOUCH.to_vec())],
    }
}

/// [`key_sections`] as text: each heading on a line, then a line a row,
/// indented two spaces, the keys padded to the longest.
pub fn key_list(pointing: Pointing) -> String {
    let sections = key_sections(pointing);
    let width = sections
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(k, _)| k.chars().count()))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (heading, rows) in sections {
        out += heading;
        out += "\n";
        for (what, does) in rows {
            out += &format!("  {what:width$}  {does}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caption_speaks_to_the_pointer_in_use() {
        assert_eq!(caption(&[], Pointing::Mouse), HOW_MOUSE);
        assert_eq!(caption(&[], Pointing::Touch), HOW_TOUCH);
        let status = ["paused".to_string(), "step 12".to_string()];
        assert_eq!(
            caption(&status, Pointing::Touch),
            format!("Paused, step 12. {HOW_TOUCH}")
        );
        for text in [HOW_TOUCH, STOPPED_TOUCH] {
            for word in ["Escape", "H ", "click", "key"] {
                assert!(!text.contains(word), "{word:?} in {text:?}");
            }
            assert!(text.contains("ap"), "no tap in {text:?}");
        }
        assert!(STOPPED_MOUSE.contains("Click"));
        assert_eq!(
            refused_line(&["bad ?x=1".to_string()]),
            "bad ?x=1; the page runs without it"
        );
        assert_eq!(
            refused_line(&["bad ?x=1".to_string(), "bad ?y=2".to_string()]),
            "bad ?x=1; bad ?y=2; the page runs without them"
        );
    }

    #[test]
    fn the_key_list_is_in_the_pages_words() {
        let keys = key_list(Pointing::Mouse);
        for word in [
            "--", "window", "browser", "quit", "uncapped", "print", "Tab ",
        ] {
            assert!(
                !keys.contains(word),
                "{word:?} in the page's key list:\n{keys}"
            );
        }
        let lines: Vec<&str> = keys.lines().collect();
        assert_eq!(lines[0], "Keys:");
        for start in [
            "Space",
            ". or Right",
            "B ",
            "F1 or H",
            "Escape",
            "drag",
            "wheel",
        ] {
            assert!(
                lines.iter().any(|l| l.trim_start().starts_with(start)),
                "{start} in:\n{keys}"
            );
        }
        assert!(keys.contains("bending springs (to the points two away) on / off\n"));
        assert!(keys.contains("open / close this list"));
        // Every key but Tab, F, then the mouse's three lines, under two
        // headings; F is no key of the table's.
        assert_eq!(lines.len(), 2 + bindings().count() - 1 + 1 + MOUSE.len());
        assert!(!bindings().any(|b| b.keys.split(" or ").any(|k| k == "F")));

        let touch = key_list(Pointing::Touch);
        for word in ["Escape", "key", "click", "wheel", "Space", "--"] {
            assert!(
                !touch.contains(word),
                "{word:?} in the touch list:\n{touch}"
            );
        }
        for start in ["tap", "swipe", "hold", "pinch"] {
            assert!(touch.lines().any(|l| l.trim_start().starts_with(start)));
        }
        // A row a line: the keys, then what they do.
        let sections = key_sections(Pointing::Mouse);
        assert_eq!(sections[0].1[0].0, "Space");
        assert_eq!(sections.len(), 2);
        assert_eq!(key_sections(Pointing::Touch)[0].1.len(), TOUCH.len());
    }
}
