//! The keys and modifiers both front ends report, in the browser's terms:
//! [`Key`], [`Modifiers`] and [`KeyPress`].

#![forbid(unsafe_code)]

/// A key, by its logical meaning (what it types, not where it sits on the
/// keyboard), in the terms both front ends report: the browser's
/// `KeyboardEvent.key` values, which winit's logical keys follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Escape.
    Escape,
    /// The right arrow.
    ArrowRight,
    /// F1.
    F1,
    /// F11: the window's own (the browser keeps its F11, so
    /// [`Key::from_key_value`] never gives it).
    F11,
    /// Home.
    Home,
    /// Tab.
    Tab,
    /// A key that types one character (`'a'`, `'A'`, `' '` for the space
    /// bar, `'+'`).
    Character(char),
    /// Anything else: other named keys (Enter, F4, the other arrows...),
    /// dead keys, and keys that type more than one character.
    Other,
}

impl Key {
    /// The key a `KeyboardEvent.key` value names: `"Escape"` (and the old
    /// `"Esc"` some browsers sent), `"ArrowRight"` (old: `"Right"`),
    /// `"F1"`, `"Home"`, `"Tab"`, one character (`" "` is the space bar), or
    /// [`Key::Other`].
    pub fn from_key_value(value: &str) -> Key {
        match value {
            "Escape" | "Esc" => Key::Escape,
            "ArrowRight" | "Right" => Key::ArrowRight,
            "F1" => Key::F1,
            "Home" => Key::Home,
            "Tab" => Key::Tab,
            _ => {
                let mut chars = value.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Key::Character(c),
                    _ => Key::Other,
                }
            }
        }
    }
}

/// The modifier keys held with a key or a mouse button. For keys Shift
/// does not count (it picks the character, as for `R`); with a mouse
/// button's release it pins the point let go of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Control.
    pub ctrl: bool,
    /// Alt (Option).
    pub alt: bool,
    /// The logo key: Windows, Command, Super.
    pub logo: bool,
    /// Shift.
    pub shift: bool,
}

impl Modifiers {
    /// Whether a key with these held is someone else's shortcut (the
    /// browser's Ctrl+R, the desktop's Super+D, Alt+F4), which the demo
    /// leaves alone: the logo key, or Control or Alt alone. Control and Alt
    /// together are AltGr on Windows, which types characters such as `[`
    /// on many layouts, so they are not. Shift does not count.
    pub fn is_shortcut(self) -> bool {
        self.logo || self.ctrl != self.alt
    }
}

/// One key going down, as both front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub key: Key,
    /// Whether this is the key's auto-repeat (held down), not a fresh
    /// press.
    pub repeat: bool,
    /// The modifiers held with it.
    pub modifiers: Modifiers,
}

impl From<Key> for KeyPress {
    /// A fresh press of `key` with no modifiers.
    fn from(key: Key) -> Self {
        KeyPress {
            key,
            repeat: false,
            modifiers: Modifiers::default(),
        }
    }
}
