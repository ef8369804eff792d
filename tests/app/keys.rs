//! The key table (`app::keys`, `app::input`): each key does what the
//! article's demo needs, each bound once, listed with every speed, other
//! programs' shortcuts left alone, toggles once a press, the model keys,
//! and the README's Controls naming every key.

use std::time::Instant;

use cloth_demo::app::action_for_winit_key;
use cloth_demo::app::controls::{Action, Id, RunState, Value};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::{self, KeyPress, Modifiers};
use cloth_demo::app::keys::{self, POINTER};
use cloth_demo::app::pacing::SPEEDS;
use cloth_demo::sim::{Buffering, Model, Order, SpringLaw, TearFactor};
use winit::event::ElementState;
use winit::keyboard::{Key, NamedKey, SmolStr};

/// The shared action for a fresh press of `key` with no modifiers.
fn key(k: input::Key, state: RunState) -> Option<Action> {
    keys::action_for_key(KeyPress::from(k), state)
}

fn ch(c: char) -> input::Key {
    input::Key::Character(c)
}

#[test]
fn each_key_does_what_the_article_demo_needs() {
    use input::Key as K;
    let passes = |n: f64| Action::Set(Id::Passes, Value::Number(n));
    let table = [
        (ch(' '), Action::Toggle(Id::Paused)),
        (ch('.'), Action::Step),
        (K::ArrowRight, Action::Step),
        (ch('r'), Action::Restart),
        (ch('R'), Action::Restart),
        (ch('['), Action::Slower),
        (ch(']'), Action::Faster),
        (ch('1'), passes(1.0)),
        (ch('5'), passes(5.0)),
        (ch('0'), passes(15.0)),
        (ch('d'), Action::Toggle(Id::Diagonals)),
        (ch('D'), Action::Toggle(Id::Diagonals)),
        (ch('b'), Action::Toggle(Id::Bend)),
        (ch('i'), Action::Toggle(Id::InPlace)),
        (ch('o'), Action::Cycle(Id::Order)),
        (ch('k'), Action::Toggle(Id::Hooke)),
        (ch('K'), Action::Toggle(Id::Hooke)),
        (ch('m'), Action::Original),
        (ch('t'), Action::Toggle(Id::Tear)),
        (ch('x'), Action::Toggle(Id::Knife)),
        (ch('X'), Action::Toggle(Id::Knife)),
        (ch('T'), Action::Toggle(Id::Tear)),
        (ch('+'), Action::ZoomIn),
        (ch('='), Action::ZoomIn),
        (ch('-'), Action::ZoomOut),
        (K::Home, Action::Home),
        (ch('p'), Action::Pin),
        (ch('P'), Action::Pin),
        (K::F1, Action::Help),
        (ch('h'), Action::Help),
        (ch('H'), Action::Help),
        (K::Escape, Action::Stop),
    ];
    for (k, want) in table {
        assert_eq!(key(k, RunState::Paused), Some(want), "{k:?} paused");
        // One step is for a paused demo only.
        let running = if want == Action::Step {
            None
        } else {
            Some(want)
        };
        assert_eq!(key(k, RunState::Running), running, "{k:?} running");
        // Stopped (the browser after Escape), only a click does anything.
        assert_eq!(key(k, RunState::Stopped), None, "{k:?} stopped");
    }
    for k in [ch('q'), ch('2'), ch('_'), ch('z'), K::Other] {
        assert_eq!(key(k, RunState::Running), None, "{k:?}");
    }
}

#[test]
fn the_key_table_binds_each_key_once_and_matches_its_names() {
    let mut seen = Vec::new();
    for b in keys::window_bindings() {
        assert!(!b.matches.is_empty(), "{}", b.keys);
        for k in b.matches {
            assert!(!seen.contains(k), "{k:?} is bound twice");
            seen.push(*k);
            // Each key it matches is named in `keys` (a letter by its
            // capital).
            let name = match k {
                input::Key::Character(' ') => "Space".to_string(),
                input::Key::Character(c) => c.to_ascii_uppercase().to_string(),
                input::Key::ArrowRight => "Right".into(),
                other => format!("{other:?}"),
            };
            assert!(b.keys.contains(&name), "{} names {name}", b.keys);
        }
    }
}

#[test]
fn the_key_list_shows_every_key_and_every_speed() {
    let help = keys::help();
    assert!(help.starts_with("Keys (in the window and in the browser):\n"));
    // A heading, one line a binding, the pointer's lines, and a heading
    // and a line for each section of the panel.
    assert_eq!(
        help.lines().count(),
        1 + keys::window_bindings().count()
            + POINTER.len()
            + 1
            + cloth_demo::app::controls::Section::ALL.len()
    );
    for (input, what) in POINTER {
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(input) && l.ends_with(what)),
            "{input}"
        );
    }
    // Grabbing, pinning, tearing, zoom and Home are all there.
    for words in [
        "right-drag",
        "Ctrl + left drag",
        "0.4 s",
        "Shift to pin",
        "pin it where it is",
        "wheel",
        "pinch",
        "Home",
        "nearer",
        "farther",
        &format!("tears for good (--tear {})", TearFactor::DEFAULT),
    ] {
        assert!(help.contains(words), "{words} in {help}");
    }
    for b in keys::bindings() {
        // "  KEYS  WHAT", the keys padded to one width.
        let line = help
            .lines()
            .skip(1)
            .find(|l| l.trim_start().starts_with(&format!("{}  ", b.keys)))
            .unwrap_or_else(|| panic!("no line for {}", b.keys));
        assert!(line.ends_with(&keys::line(b)), "{line}");
    }
    let speeds = help
        .lines()
        .find(|l| l.trim_start().starts_with('['))
        .unwrap();
    for s in SPEEDS {
        assert!(speeds.contains(&s.to_string()), "{s} in {speeds}");
    }
    assert!(help.contains("drag"), "{help}");
    // Each what-if names its flag.
    for flag in [
        "--passes 1",
        "--no-diagonals",
        "--bend",
        "--in-place",
        "--order",
        "--hooke",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
}

#[test]
fn other_programs_shortcuts_are_left_alone() {
    let with = |k, ctrl, alt, logo| {
        keys::action_for_key(
            KeyPress {
                key: k,
                repeat: false,
                modifiers: Modifiers {
                    ctrl,
                    alt,
                    logo,
                    shift: false,
                },
            },
            RunState::Running,
        )
    };
    // The browser's reload and bookmark, the desktop's Super+D, Alt+F1.
    assert_eq!(with(ch('r'), true, false, false), None);
    assert_eq!(with(ch('d'), true, false, false), None);
    assert_eq!(with(ch('d'), false, false, true), None);
    assert_eq!(with(input::Key::F1, false, true, false), None);
    assert_eq!(with(input::Key::Escape, true, false, false), None);
    // AltGr (Control and Alt on Windows) types `[` on many layouts.
    assert_eq!(with(ch('['), true, true, false), Some(Action::Slower));
    assert_eq!(with(ch('r'), false, false, false), Some(Action::Restart));
    assert!(Modifiers {
        logo: true,
        ..Modifiers::default()
    }
    .is_shortcut());
    assert!(!Modifiers::default().is_shortcut());
    // Shift picks the character: `+` is Shift and `=` on many layouts.
    let shift = Modifiers {
        shift: true,
        ..Modifiers::default()
    };
    assert!(!shift.is_shortcut());
    assert_eq!(
        keys::action_for_key(
            KeyPress {
                key: ch('+'),
                repeat: false,
                modifiers: shift
            },
            RunState::Running
        ),
        Some(Action::ZoomIn)
    );
}

#[test]
fn toggles_act_once_a_press_while_steps_and_speeds_repeat() {
    let held = |k, state| {
        keys::action_for_key(
            KeyPress {
                key: k,
                repeat: true,
                modifiers: Modifiers::default(),
            },
            state,
        )
    };
    assert_eq!(held(ch(' '), RunState::Running), None);
    assert_eq!(held(ch('r'), RunState::Running), None);
    assert_eq!(held(ch('b'), RunState::Running), None);
    assert_eq!(held(ch('h'), RunState::Running), None);
    assert_eq!(held(ch('.'), RunState::Paused), Some(Action::Step));
    assert_eq!(
        held(input::Key::ArrowRight, RunState::Paused),
        Some(Action::Step)
    );
    assert_eq!(held(ch(']'), RunState::Running), Some(Action::Faster));
    assert_eq!(held(ch('['), RunState::Running), Some(Action::Slower));
    // Escape quits on its first press; held over the key list, that press
    // closes the list and the repeats do nothing.
    assert_eq!(held(input::Key::Escape, RunState::Running), None);
}

#[test]
fn the_window_reads_winit_keys_the_same_way() {
    let winit = |k: &Key, repeat, modifiers, run| {
        action_for_winit_key(k, ElementState::Pressed, repeat, modifiers, run)
    };
    let none = Modifiers::default();
    let space = Key::Named(NamedKey::Space);
    let right = Key::Named(NamedKey::ArrowRight);
    assert_eq!(
        winit(&space, false, none, RunState::Running),
        Some(Action::Toggle(Id::Paused))
    );
    assert_eq!(winit(&space, true, none, RunState::Running), None);
    assert_eq!(
        winit(&right, false, none, RunState::Paused),
        Some(Action::Step)
    );
    assert_eq!(winit(&right, false, none, RunState::Running), None);
    assert_eq!(
        winit(&Key::Named(NamedKey::F1), false, none, RunState::Running),
        Some(Action::Help)
    );
    let big_b = Key::Character(SmolStr::new("B"));
    assert_eq!(
        winit(&big_b, false, none, RunState::Running),
        Some(Action::Toggle(Id::Bend))
    );
    let ctrl = Modifiers { ctrl: true, ..none };
    assert_eq!(winit(&big_b, false, ctrl, RunState::Running), None);
    assert_eq!(
        action_for_winit_key(
            &space,
            ElementState::Released,
            false,
            none,
            RunState::Running
        ),
        None
    );
    use cloth_demo::app::modifiers_of;
    use winit::keyboard::ModifiersState;
    assert_eq!(
        modifiers_of(ModifiersState::CONTROL | ModifiersState::SHIFT),
        Modifiers {
            ctrl: true,
            alt: false,
            logo: false,
            shift: true,
        }
    );
    assert_eq!(
        modifiers_of(ModifiersState::SUPER),
        Modifiers {
            ctrl: false,
            alt: false,
            logo: true,
            shift: false,
        }
    );
    // Home, and the keypad's + and - (their characters).
    assert_eq!(
        winit(&Key::Named(NamedKey::Home), false, none, RunState::Paused),
        Some(Action::Home)
    );
    assert_eq!(
        winit(
            &Key::Character(SmolStr::new("+")),
            true,
            none,
            RunState::Running
        ),
        Some(Action::ZoomIn),
        "zooming repeats while held"
    );
    assert_eq!(
        winit(
            &Key::Character(SmolStr::new("-")),
            false,
            none,
            RunState::Running
        ),
        Some(Action::ZoomOut)
    );
}

/// The model after `actions`, from the original.
fn after(actions: &[Action]) -> Model {
    let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
    for &a in actions {
        d.apply(a, Instant::now());
    }
    d.sim().model()
}

#[test]
fn model_keys_switch_each_what_if_on_and_back_off() {
    let on = |c: Action| after(&[c]);
    let passes = |n: f64| Action::Set(Id::Passes, Value::Number(n));
    assert!(!on(Action::Toggle(Id::Diagonals)).springs.diagonals);
    assert!(on(Action::Toggle(Id::Bend)).springs.bend);
    assert_eq!(
        on(Action::Toggle(Id::InPlace)).buffering,
        Buffering::InPlace
    );
    assert_eq!(on(Action::Cycle(Id::Order)).order, Order::Reversed);
    assert_eq!(on(Action::Toggle(Id::Hooke)).law, SpringLaw::Hooke);
    assert_eq!(on(Action::Toggle(Id::Tear)).tear, Some(TearFactor::DEFAULT));
    assert_eq!(on(passes(1.0)).passes.get(), 1);
    for (c, phrase) in [
        (Action::Toggle(Id::Diagonals), "no diagonals"),
        (Action::Toggle(Id::Bend), "bending springs"),
        (Action::Toggle(Id::InPlace), "in place"),
        (Action::Cycle(Id::Order), "reversed order"),
        (Action::Toggle(Id::Hooke), "Hooke's law"),
        (passes(5.0), "5 passes"),
        (Action::Toggle(Id::Tear), "tearing 4"),
    ] {
        assert_eq!(on(c).differences(), vec![phrase.to_string()], "{c:?}");
        // Pressed again, a toggle is off (passes stay where they are set).
        let twice = after(&[c, c]);
        if matches!(c, Action::Set(..)) {
            assert_eq!(twice, on(c));
        } else {
            assert!(twice.is_original(), "{c:?} twice: {twice}");
        }
    }
    // Every what-if at once, then M: the original.
    let all = [
        Action::Toggle(Id::Diagonals),
        Action::Toggle(Id::Bend),
        Action::Toggle(Id::InPlace),
        Action::Cycle(Id::Order),
        Action::Toggle(Id::Hooke),
        Action::Toggle(Id::Tear),
        passes(1.0),
    ];
    assert_eq!(
        after(&all).to_string(),
        "1 pass, no diagonals, bending springs, in place, reversed order, Hooke's law, tearing 4"
    );
    assert!(after(&[&all[..], &[Action::Original]].concat()).is_original());
    assert!(after(&[passes(1.0), passes(15.0)]).is_original());
}

/// The README's Controls table names every key of the table, so the
/// key list a reader sees beside the code cannot fall behind it.
#[test]
fn readme_controls_list_every_key() {
    let readme = include_str!("../../README.md");
    let start = readme
        .find("\n## Controls\n")
        .expect("README has ## Controls");
    let section = &readme[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |n| n + 3)];
    // The first column of each table row, cut into key names: "`.` or
    // Right", "1 / 5 / 0", "Escape, or the window's close button".
    let mut named = std::collections::BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with("| ")) {
        let first = row.split('|').nth(1).unwrap_or("").replace('`', "");
        for part in first.split([',', '/']).flat_map(|p| p.split(" or ")) {
            named.insert(part.trim().to_string());
        }
    }
    for b in keys::window_bindings() {
        for key in b.keys.split(" or ") {
            assert!(
                named.contains(key),
                "README's Controls lacks the key {key:?} ({}): it names {named:?}",
                b.what
            );
        }
    }
}

/// While the window's key list is open, Escape closes it and does not
/// quit; closed, Escape quits as ever. Other keys are themselves either
/// way, and H (or F1) closes the list as it opened it.
#[test]
fn escape_closes_the_open_key_list_instead_of_quitting() {
    let escape = key(input::Key::Escape, RunState::Running).expect("Escape acts");
    assert_eq!(escape, Action::Stop);
    assert_eq!(keys::with_help_open(escape, true), Action::Help);
    assert_eq!(keys::with_help_open(escape, false), Action::Stop);
    let h = key(ch('h'), RunState::Running).expect("H acts");
    assert_eq!(h, Action::Help);
    assert_eq!(key(input::Key::F1, RunState::Paused), Some(Action::Help));
    for open in [true, false] {
        assert_eq!(keys::with_help_open(h, open), Action::Help);
        let space = key(ch(' '), RunState::Running).expect("Space acts");
        assert_eq!(keys::with_help_open(space, open), space);
    }
}

/// F11 makes the window full screen and back; it is the window's own key
/// (the browser keeps its F11: the page's table lacks it, and no key value
/// the page reads gives it), a
/// toggle that does not repeat, and it changes nothing in the demo.
#[test]
fn f11_is_the_window_s_full_screen() {
    let window = |k, state| keys::action_for_window_key(KeyPress::from(k), state);
    assert_eq!(
        window(input::Key::F11, RunState::Running),
        Some(Action::Fullscreen)
    );
    assert_eq!(
        window(input::Key::F11, RunState::Paused),
        Some(Action::Fullscreen)
    );
    // The page's table lacks it.
    assert_eq!(key(input::Key::F11, RunState::Running), None);
    let held = KeyPress {
        key: input::Key::F11,
        repeat: true,
        modifiers: Modifiers::default(),
    };
    assert_eq!(keys::action_for_window_key(held, RunState::Running), None);
    assert_eq!(input::Key::from_key_value("F11"), input::Key::Other);
    assert_eq!(
        action_for_winit_key(
            &Key::Named(NamedKey::F11),
            ElementState::Pressed,
            false,
            Modifiers::default(),
            RunState::Running
        ),
        Some(Action::Fullscreen)
    );
    let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
    let before = d.status();
    d.apply(Action::Fullscreen, Instant::now());
    assert_eq!(d.status(), before);
    assert!(keys::help().contains("F11"));
}
