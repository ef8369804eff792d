//! Compare mode's split picture: the original (or the side chosen with
//! `--compare-with`) on the left half, the model and scene chosen on the
//! right, each half a viewport of its own (its own
//! aspect, the same camera), and each half's label, saying what it shows.
//!
//! The window, the page and the headless commands all lay the halves out,
//! draw them and the divider between them ([`draw`]) and word the labels here, and paint the labels
//! their own way (the window and the commands with egui, the page as HTML
//! text over the canvas).

#![forbid(unsafe_code)]

use super::controls::Side;
use crate::render::{Camera, Renderer, Viewport};
use crate::sim::{Model, Scene, Simulation};

/// The left half's label when it shows the original.
pub const LEFT_LABEL: &str = "original";

/// The left half's label: [`LEFT_LABEL`] for the original, else what its
/// side is, as [`right_label`] words it.
pub fn left_label(left: &Side) -> String {
    if *left == Side::ORIGINAL {
        LEFT_LABEL.to_string()
    } else {
        right_label(left.scene, &left.model)
    }
}

/// The right half's label when nothing differs from the original (the
/// original's scene under its model): the two halves are the same.
pub const SAME_LABEL: &str = "the original too";

/// Draw compare mode's picture into the current framebuffer, `width x
/// height` pixels: `original` in the left half, `sim` in the right, both
/// seen by `camera`, each half cleared and drawn alone
/// ([`Renderer::draw_in`]). Returns the halves, where the labels go.
pub fn draw(
    renderer: &mut Renderer,
    original: &Simulation,
    sim: &Simulation,
    camera: &Camera,
    width: u32,
    height: u32,
) -> Split {
    draw_area(
        renderer,
        original,
        sim,
        camera,
        Viewport::whole(width, height),
    )
}

/// As [`draw`], into `area`, a rectangle of the current framebuffer (the
/// window's beside its panel): its halves ([`split_area`]), each cleared
/// and drawn alone. Returns the halves.
pub fn draw_area(
    renderer: &mut Renderer,
    original: &Simulation,
    sim: &Simulation,
    camera: &Camera,
    area: Viewport,
) -> Split {
    let halves = split_area(area);
    renderer.draw_in(original, camera, halves.left);
    renderer.draw_in(sim, camera, halves.right);
    if !halves.left.is_empty() {
        renderer.fill(divider(&halves), DIVIDER_RGB);
    }
    halves
}

/// The divider's colour: a mid grey, which the scene never has.
pub const DIVIDER_RGB: [f32; 3] = [0.5, 0.5, 0.5];

/// The divider's width, pixels: a line down the halves' meeting edge,
/// half of it over each.
pub const DIVIDER_WIDTH: u32 = 2;

/// The divider between `split`'s halves: [`DIVIDER_WIDTH`] columns the
/// halves' full height, centred on their meeting edge (over the left
/// half's last column and the right half's first; the right half's
/// alone where the left is narrower than one).
pub fn divider(split: &Split) -> Viewport {
    let half = DIVIDER_WIDTH / 2;
    let x = split.right.x - half.min(split.left.width);
    let right = (DIVIDER_WIDTH - half).min(split.right.width);
    Viewport {
        x,
        width: split.right.x + right - x,
        ..split.right
    }
}

/// The two halves of a split drawing area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The original's half: the left `width / 2` columns (rounded down).
    pub left: Viewport,
    /// The model and scene chosen: the other columns (the wider half when
    /// the width is odd).
    pub right: Viewport,
}

/// The halves of a `width x height` drawing area, each the full height.
pub fn split(width: u32, height: u32) -> Split {
    split_area(Viewport::whole(width, height))
}

/// The halves of `area`, a rectangle of the framebuffer: its left
/// `width / 2` columns (rounded down) and the rest, each its full height.
pub fn split_area(area: Viewport) -> Split {
    let half = area.width / 2;
    Split {
        left: Viewport {
            width: half,
            ..area
        },
        right: Viewport {
            x: area.x + half,
            width: area.width - half,
            ..area
        },
    }
}

/// The right half's label: the scene's name unless it is the original's,
/// then what differs from the scene's own model
/// ([`differences::from_scene`](super::differences::from_scene)), joined by
/// `, ` ("curtain, bending springs", "1 pass, no diagonals"), as the
/// window's title names them; [`SAME_LABEL`] when nothing differs.
pub fn right_label(scene: Scene, model: &Model) -> String {
    let mut parts = Vec::new();
    if scene != Scene::Original {
        parts.push(scene.to_string());
    }
    parts.extend(super::differences::from_scene(scene, model));
    if parts.is_empty() {
        SAME_LABEL.to_string()
    } else {
        parts.join(", ")
    }
}

/// One half's label and where it goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// What it says.
    pub text: String,
    /// Its half, whose left and top edges it keeps [`Label::margin`] from,
    /// and which it is cut to.
    pub half: Viewport,
    /// The text's top-left corner, pixels from the drawing area's top-left
    /// corner.
    pub at: (f32, f32),
    /// The text's height (font size), pixels.
    pub size: f32,
}

impl Label {
    /// The gap between the text and its half's left and top edges, and
    /// the padding of the dark box behind the text: half the text's size.
    pub fn margin(&self) -> f32 {
        self.size / 2.0
    }
}

/// The text size of the labels on a drawing area `height` pixels high:
/// a 32nd of it, at least 11 and at most 32 pixels (18 at the original's
/// 573).
pub fn label_size(height: u32) -> f32 {
    (height as f32 / 32.0).clamp(11.0, 32.0).round()
}

/// How many rows from the top the labels may cover, their dark box
/// included: the margin, one line of text (at most twice its size tall),
/// and the margin again. Everything below is the scene alone.
pub fn label_band(height: u32) -> u32 {
    let size = label_size(height);
    (size / 2.0 + 2.0 * size + size / 2.0).ceil() as u32
}

/// The two labels of a `width x height` drawing area split by [`split`],
/// left then right: [`left_label`] of `left` and [`right_label`] of
/// `scene` and `model`, each at its half's top-left corner,
/// [`Label::margin`] in.
pub fn labels(left: &Side, scene: Scene, model: &Model, width: u32, height: u32) -> [Label; 2] {
    labels_in(left, scene, model, Viewport::whole(width, height))
}

/// As [`labels`], for the halves of `area` ([`split_area`]), a rectangle
/// of the framebuffer as tall as it (the window's beside its panel).
pub fn labels_in(left: &Side, scene: Scene, model: &Model, area: Viewport) -> [Label; 2] {
    let left_side = left;
    let height = area.height;
    let Split { left, right } = split_area(area);
    let size = label_size(height);
    let place = |text: String, half: Viewport| Label {
        text,
        half,
        at: (half.x as f32 + size / 2.0, size / 2.0),
        size,
    };
    [
        place(left_label(left_side), left),
        place(right_label(scene, model), right),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Passes;

    #[test]
    fn the_halves_cover_the_area_side_by_side() {
        let s = split(792, 573);
        assert_eq!(
            s.left,
            Viewport {
                x: 0,
                y: 0,
                width: 396,
                height: 573
            }
        );
        assert_eq!(
            s.right,
            Viewport {
                x: 396,
                y: 0,
                width: 396,
                height: 573
            }
        );
        // An odd width: the right half takes the spare column.
        let s = split(101, 7);
        assert_eq!((s.left.width, s.right.x, s.right.width), (50, 50, 51));
        // Each half its own aspect: half the whole's.
        let s = split(800, 400);
        assert_eq!(s.left.aspect(), 1.0);
        assert_eq!(s.right.aspect(), 1.0);
    }

    #[test]
    fn the_divider_straddles_the_halves_edge() {
        let d = divider(&split(792, 573));
        assert_eq!((d.x, d.y, d.width, d.height), (395, 0, 2, 573));
        // Beside the panel: the halves of the area, the divider between.
        let area = Viewport {
            x: 300,
            y: 0,
            width: 492,
            height: 573,
        };
        let s = split_area(area);
        assert_eq!(
            (s.left.x, s.left.width, s.right.x, s.right.width),
            (300, 246, 546, 246)
        );
        assert_eq!(divider(&s).x, 545);
        // No left half: the right half's first columns.
        let d = divider(&split(1, 5));
        assert_eq!((d.x, d.width), (0, 1));
    }

    #[test]
    fn a_tiny_area_leaves_an_empty_left_half() {
        let s = split(1, 5);
        assert!(s.left.is_empty());
        assert_eq!(s.right.width, 1);
    }

    #[test]
    fn the_right_label_says_what_differs() {
        assert_eq!(right_label(Scene::Original, &Model::ORIGINAL), SAME_LABEL);
        let mut model = Model::ORIGINAL;
        model.passes = Passes::new(1).unwrap();
        model.springs.diagonals = false;
        assert_eq!(right_label(Scene::Original, &model), "1 pass, no diagonals");
        // A scene under its own model: the scene alone; with a what-if,
        // the scene and it, as the title says (its pins and wind are the
        // scene's).
        assert_eq!(
            right_label(Scene::Curtain, &Scene::Curtain.model()),
            "curtain"
        );
        let mut bent = Scene::Curtain.model();
        bent.springs.bend = true;
        assert_eq!(
            right_label(Scene::Curtain, &bent),
            "curtain, bending springs"
        );
        assert_eq!(right_label(Scene::Drape, &Scene::Drape.model()), "drape");
        // What the scene's model has and this one lacks: "no ...".
        assert_eq!(
            right_label(Scene::Drape, &Model::ORIGINAL),
            "drape, no inertia 0.5, no self-collision"
        );
    }

    #[test]
    fn labels_sit_in_their_halves_corners() {
        let [left, right] = labels(&Side::ORIGINAL, Scene::Original, &Model::ORIGINAL, 792, 573);
        assert_eq!(left.text, LEFT_LABEL);
        assert_eq!(right.text, SAME_LABEL);
        assert_eq!(left.size, 18.0);
        assert_eq!(left.margin(), 9.0);
        assert_eq!(left.at, (9.0, 9.0));
        assert_eq!(right.at, (405.0, 9.0));
        assert_eq!(right.half, split(792, 573).right);
    }

    #[test]
    fn label_size_follows_the_height_within_bounds() {
        assert_eq!(label_size(573), 18.0);
        assert_eq!(label_size(100), 11.0);
        assert_eq!(label_size(4000), 32.0);
        // Margin, two sizes of line, margin.
        assert_eq!(label_band(573), 9 + 36 + 9);
    }
}
