//! The pointer's drags on the running demo: turning the view
//! ([`Orbit`]) and grabbing the cloth, which of them a press starts, how
//! each ends, and the zoom, which aims at what is under the cursor and
//! carries a held point's target along with the camera.
//!
//! A grab holds the cloth point [`pick`]ed under the cursor (the nearest
//! triangle drawn there that is not torn, its corner nearest the cursor):
//! from then on each step puts it where the ray through the cursor meets
//! the plane through the point's target facing the camera
//! ([`Ray::point_on_plane`] with the [`view
//! direction`](Camera::view_direction) as normal), so it stays as far
//! from the camera as it was grabbed and follows the cursor across the
//! picture. The target moves whenever the cursor or the camera does.
//!
//! With the knife on ([`Drags::set_knife`]) the grab's press draws a
//! stroke instead: each move of the cursor while it is down cuts the
//! springs whose segments on the picture the move's segment crosses, on
//! the nearest layer of cloth ([`crossed`],
//! [`Simulation::cut`]), cut as the pointer moves, segment by segment.
//!
//! In compare mode ([`Drags::set_split`]) the picture is split in two
//! ([`compare::split`]) and the pointer grabs in the right half, the model
//! and scene chosen: the cursor is mapped into that half's viewport, and a
//! press on the left half (the original) grabs nothing. Turning the view
//! works anywhere, as both halves share the camera.
//!
//! The wheel and a pinch zoom toward what is drawn under the cursor (or
//! the fingers' midpoint), as 3-D viewers do ([`Drags::zoom_at`]): the
//! nearest of the cloth, a sphere and the floor ([`drawn_point`]), or
//! over the black round the scene (and over compare mode's left half) the
//! point on the plane through the camera's target facing it. That point
//! stays where it is in the picture. The zoom keys zoom straight ahead.
//!
//! The scene may fill only part of the window ([`Drags::set_view_area`]:
//! beside the window's panel): the cursor is then mapped into that area,
//! and a press left of it grabs nothing.

#![forbid(unsafe_code)]

mod cut;
mod grab;
mod zoom;

use super::orbit::Orbit;
use super::press::{drag_for_press, Button, Drag, DragEnd, Pressed};
use crate::app::compare;
use crate::app::input::Modifiers;
#[cfg(doc)]
use crate::render::aim::drawn_point;
#[cfg(doc)]
use crate::render::cut::crossed;
#[cfg(doc)]
use crate::render::pick::{pick, Ray};
use crate::render::Camera;
use crate::sim::Simulation;

/// The drags' state: the view ([`Orbit`]: angles, distance, the left
/// button's drag), the drawing area's size and the cursor in its pixels
/// (to pick and aim with), and the button holding a point, if one is
/// held.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Drags {
    orbit: Orbit,
    /// The drawing area, pixels: the units cursor positions come in.
    view: Option<(u32, u32)>,
    /// Columns left of the drawing area (the window's panel), pixels.
    left: u32,
    /// The cursor, pixels from the drawing area's top-left corner.
    cursor: Option<(f64, f64)>,
    /// The button holding a point, while one is held.
    grab: Option<Button>,
    /// Compare mode: the drawing area is split, the right half grabbed in.
    split: bool,
    /// The knife: the grab's press cuts instead.
    knife: bool,
    /// The button drawing the knife, while it is drawn, and the springs
    /// its stroke has cut so far.
    cut: Option<(Button, usize)>,
}

impl Drags {
    /// The original's view, no drag, no size or cursor known yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// As [`Drags::new`] (the view unturned, at the original's distance,
    /// nothing held) but keeping the drawing area's size and the cursor.
    pub fn unturned(&self) -> Self {
        Drags {
            view: self.view,
            left: self.left,
            cursor: self.cursor,
            split: self.split,
            knife: self.knife,
            ..Self::default()
        }
    }

    /// These drags with the view at `camera` (turned and moved there, as
    /// a start from `--orbit` and `--distance`), no drag in progress.
    pub fn with_camera(&self, camera: Camera) -> Self {
        Drags {
            orbit: Orbit::from_camera(camera),
            ..*self
        }
    }

    /// The view as turned and zoomed so far.
    pub fn camera(&self) -> Camera {
        self.orbit.camera()
    }

    /// The orbit: the angles, the distance, the left button's drag.
    pub fn orbit(&self) -> &Orbit {
        &self.orbit
    }

    /// The drawing area is `width x height` pixels, in the units cursor
    /// positions come in (the window's physical pixels, the canvas's
    /// drawing buffer). Until it is known nothing can be grabbed.
    pub fn set_view(&mut self, width: u32, height: u32) {
        self.set_view_area(0, width, height);
    }

    /// The scene is drawn `width x height` pixels, its left edge `left`
    /// pixels from the left edge of the area cursor positions are counted
    /// in (the window, whose panel takes the columns left of it). Cursor
    /// positions are mapped into it; a press left of it grabs nothing.
    pub fn set_view_area(&mut self, left: u32, width: u32, height: u32) {
        self.view = Some((width, height));
        self.left = left;
    }

    /// Compare mode on (`true`: the drawing area split, points grabbed in
    /// its right half) or off.
    pub fn set_split(&mut self, split: bool) {
        self.split = split;
    }

    /// The picture points are grabbed in: its width and height, and the
    /// cursor in its pixels (from its top-left corner); `None` until the
    /// size and the cursor are known.
    fn picture_cursor(&self) -> Option<(u32, u32, f64, f64)> {
        let (w, h) = self.view?;
        let (x, y) = self.cursor?;
        let x = x - f64::from(self.left);
        if self.split {
            let half = compare::split(w, h).right;
            Some((half.width, half.height, x - f64::from(half.x), y))
        } else {
            Some((w, h, x, y))
        }
    }

    /// The cursor moved to (`x`, `y`), pixels from the drawing area's
    /// top-left corner, on a drawing area of `scale` pixels per
    /// original-window pixel: the orbit turns the view if its drag is on
    /// ([`Orbit::cursor_moved`]), and a held point's target follows the
    /// cursor. Returns whether the view turned. A position that is not
    /// finite is ignored.
    pub fn cursor_moved(&mut self, x: f64, y: f64, scale: f64, sim: &mut Simulation) -> bool {
        let turned = self.orbit.cursor_moved(x, y, scale);
        if x.is_finite() && y.is_finite() {
            let before = self.picture_cursor();
            self.cursor = Some((x, y));
            self.retarget(sim);
            if let (Some((_, cut)), Some(a), Some(b)) = (self.cut, before, self.picture_cursor()) {
                let n = self.slice(sim, (a.2, a.3), (b.2, b.3));
                self.cut = self.cut.map(|(button, _)| (button, cut + n));
            }
        }
        turned
    }

    /// `button` went down with `modifiers` held, at the cursor: what
    /// [`drag_for_press`] says it starts, while no drag is on. A grab that
    /// picks no cloth point (a miss, or no cursor or size known yet) starts
    /// nothing, and turns nothing either. Returns what the press did: the
    /// view turning, the point held, a grab that missed, or nothing.
    pub fn press(&mut self, button: Button, modifiers: Modifiers, sim: &mut Simulation) -> Pressed {
        if self.orbit.is_pressed() || self.grab.is_some() || self.cut.is_some() {
            return Pressed::Ignored;
        }
        match drag_for_press(button, modifiers) {
            None => Pressed::Ignored,
            Some(Drag::Grab) if self.knife => self.start_cut(button),
            Some(Drag::Orbit) => {
                self.orbit.button(true);
                Pressed::Orbit
            }
            Some(Drag::Cut) => self.start_cut(button),
            Some(Drag::Grab) => match (self.grab(button, sim), sim.held()) {
                (true, Some(held)) => {
                    let (j, i) = held.point();
                    Pressed::Grabbed(j, i)
                }
                _ => Pressed::Missed,
            },
        }
    }

    /// A touch held still: the orbit its press started is undone
    /// ([`Orbit::cancel_drag`]) and a grab is tried at the cursor instead,
    /// held by the finger (the left button); with the knife on, the finger
    /// draws the knife from there instead. Returns whether a point is now
    /// held, or the knife drawn.
    pub fn long_press(&mut self, sim: &mut Simulation) -> bool {
        if self.grab.is_some() || self.cut.is_some() {
            return false;
        }
        self.orbit.cancel_drag();
        if self.knife {
            return self.start_cut(Button::Left) == Pressed::Cutting;
        }
        self.grab(Button::Left, sim)
    }

    /// `button` went up with `modifiers` held: the grab it holds lets go
    /// (with Shift, the point is pinned where it is), or the left button's
    /// orbit ends. Returns how the drag ended, if one did.
    pub fn release(
        &mut self,
        button: Button,
        modifiers: Modifiers,
        sim: &mut Simulation,
    ) -> Option<DragEnd> {
        if self.grab == Some(button) {
            return self.let_go(modifiers.shift, sim);
        }
        if let Some((b, cut)) = self.cut {
            if b == button {
                self.cut = None;
                return Some(DragEnd::Cut(cut));
            }
        }
        (button == Button::Left && self.orbit.end_drag()).then_some(DragEnd::Orbit)
    }

    /// Every drag ends, whatever the buttons do next (the focus lost, the
    /// program stopped): the orbit stops, a held point is let go. Returns
    /// whether a drag was on.
    pub fn end(&mut self, sim: &mut Simulation) -> bool {
        let orbit = self.orbit.end_drag();
        let grab = self.let_go(false, sim).is_some();
        let cut = self.cut.take().is_some();
        orbit || grab || cut
    }

    /// The cursor, pixels from the drawing area's top-left corner, once a
    /// move has told it.
    pub fn cursor(&self) -> Option<(f64, f64)> {
        self.cursor
    }
}
