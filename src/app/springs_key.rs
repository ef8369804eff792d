//! The springs view's key: its colour scale, shown in the scene's
//! bottom-right corner while the view is on (key W), so the colours can be
//! read without the docs. A bar of the view's own colours
//! ([`render::springs::colour`](crate::render::springs::colour), one
//! swatch a step, full blue to full red), the words `squashed`, `rest`
//! and `stretched` over it and the strain at each end and the middle
//! under it (`-20%`, `0`, `+20%`: [`FULL_STRAIN`]).
//!
//! The window paints it with egui over the scene
//! ([`overlay`](super::overlay)), the page as HTML over the canvas; both
//! take the words, the colours and (the window) the place from here. It
//! is an aid on the screen, not part of the picture: a saved picture, and
//! `render`'s and `record`'s, are the view alone, in its exact colours.

#![forbid(unsafe_code)]

use crate::render::springs::{colour, FULL_STRAIN, LEVELS};
use crate::render::Viewport;

/// The words over the bar: its left end, its middle and its right end.
pub const WORDS: [&str; 3] = ["squashed", "rest", "stretched"];

/// The key's description for a screen reader: what each colour means.
pub const DESCRIPTION: &str =
    "Springs view key: blue squashed by 20% or more, white at rest, red stretched by 20% or more";

/// The strains under the bar's left end, middle and right end, as
/// percentages of the rest length: `["-20%", "0", "+20%"]`.
pub fn ends() -> [String; 3] {
    let percent = (FULL_STRAIN * 100.0).round();
    [
        format!("-{percent}%"),
        "0".to_string(),
        format!("+{percent}%"),
    ]
}

/// How many swatches the bar has: one for each step of colour,
/// `2 * LEVELS + 1`.
pub const SWATCHES: usize = 2 * LEVELS as usize + 1;

/// The bar's swatches, left to right: the view's colour at each step of
/// strain from `-FULL_STRAIN` to `FULL_STRAIN` ([`SWATCHES`] of them,
/// white in the middle), as 8-bit RGB, as the window and the page paint
/// them.
pub fn swatches() -> [[u8; 3]; SWATCHES] {
    let levels = LEVELS as i32;
    std::array::from_fn(|k| {
        let level = k as i32 - levels;
        colour(FULL_STRAIN * f64::from(level) / f64::from(LEVELS))
            .map(|c| (c * 255.0).round() as u8)
    })
}

/// The key placed in a drawing area: every length in framebuffer pixels,
/// from the framebuffer's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key {
    /// The dark box behind it: left, top, width, height.
    pub rect: [f32; 4],
    /// The text's height (font size).
    pub size: f32,
    /// One swatch's width; the bar is [`SWATCHES`] of them.
    pub swatch: f32,
}

impl Key {
    /// The padding inside the box, round the words, bar and strains.
    pub fn pad(&self) -> f32 {
        (self.size / 2.0).round()
    }

    /// The bar's height.
    pub fn bar_height(&self) -> f32 {
        self.swatch
    }

    /// The height of a line of text, the words' or the strains'.
    pub fn line(&self) -> f32 {
        (self.size * 1.25).round()
    }

    /// The bar: left, top, width, height.
    pub fn bar(&self) -> [f32; 4] {
        let pad = self.pad();
        [
            self.rect[0] + pad,
            self.rect[1] + pad + self.line(),
            self.swatch * SWATCHES as f32,
            self.bar_height(),
        ]
    }
}

/// The key's text size in a drawing area `height` pixels high: three
/// quarters of compare mode's labels' ([`label_size`](super::compare::label_size)),
/// 14 pixels at the original's 573, and never under 11, to stay
/// readable.
pub fn key_size(height: u32) -> f32 {
    (super::compare::label_size(height) * 0.75)
        .round()
        .max(11.0)
}

/// The key in `area`, a rectangle of a framebuffer `framebuffer_height`
/// pixels high (GL's rows, counted from the bottom): in its bottom-right
/// corner, its text sized by the area's height ([`key_size`]), half a
/// line in from both edges. `None` where the area is narrower than twice
/// the key or shorter than three times it: the scene comes first.
pub fn key_in(area: Viewport, framebuffer_height: u32) -> Option<Key> {
    let size = key_size(area.height);
    let swatch = (size * 0.7).round();
    let mut key = Key {
        rect: [0.0; 4],
        size,
        swatch,
    };
    let pad = key.pad();
    let width = key.bar()[2] + 2.0 * pad;
    let height = 2.0 * pad + 2.0 * key.line() + key.bar_height();
    let margin = pad;
    if (area.width as f32) < 2.0 * width || (area.height as f32) < 3.0 * height {
        return None;
    }
    // The area's bottom edge, counted from the framebuffer's top.
    let bottom = (framebuffer_height - area.y) as f32;
    key.rect = [
        (area.x + area.width) as f32 - margin - width,
        bottom - margin - height,
        width,
        height,
    ];
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_runs_from_full_blue_through_white_to_full_red() {
        let s = swatches();
        assert_eq!(s.len(), 17);
        assert_eq!(s[0], [0, 0, 255]);
        assert_eq!(s[8], [255, 255, 255]);
        assert_eq!(s[16], [255, 0, 0]);
        // Half way to red: 0.5 of 255, rounded.
        assert_eq!(s[12], [255, 128, 128]);
        assert_eq!(ends(), ["-20%", "0", "+20%"]);
    }

    #[test]
    fn the_key_sits_in_the_bottom_right_corner_of_its_area() {
        let key = key_in(Viewport::whole(792, 573), 573).unwrap();
        assert_eq!(key.size, 14.0);
        assert_eq!(key.swatch, 10.0);
        let [x, y, w, h] = key.rect;
        assert_eq!((w, h), (184.0, 60.0));
        assert_eq!((x + w, y + h), (792.0 - 7.0, 573.0 - 7.0));
        // Beside a panel 300 pixels wide, in the same corner.
        let area = Viewport {
            x: 300,
            y: 0,
            width: 492,
            height: 573,
        };
        assert_eq!(key_in(area, 573).unwrap().rect, key.rect);
        // Too small a scene: none.
        assert_eq!(key_in(Viewport::whole(300, 573), 573), None);
        assert_eq!(key_in(Viewport::whole(792, 80), 80), None);
        // A short window: a smaller key, its text no smaller than 11.
        assert_eq!(key_in(Viewport::whole(792, 200), 200).unwrap().size, 11.0);
    }
}
