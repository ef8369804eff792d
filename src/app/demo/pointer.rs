//! The pointer on the running demo: the cursor, the buttons, the wheel
//! and pinches, and the focus lost, handed to its
//! [`Drags`](crate::app::pointer::drags::Drags) with the simulation they grab.

#![forbid(unsafe_code)]

use super::Demo;
use crate::app::controls::RunState;
use crate::app::input::Modifiers;
use crate::app::pointer::{Button, DragEnd, Pressed, Wheel};
use crate::render::camera::ZOOM_PER_NOTCH;
use crate::render::Camera;

impl Demo {
    /// This demo seen through `camera` (a copied link's view: turned and
    /// moved), no drag in progress.
    #[must_use]
    pub fn with_camera(mut self, camera: Camera) -> Self {
        self.drags = self.drags.with_camera(camera);
        self
    }

    /// The drawing area is `width x height` pixels, in the units cursor
    /// positions come in (see [`Drags::set_view`](crate::app::pointer::drags::Drags::set_view)): needed to grab.
    pub fn set_view_size(&mut self, width: u32, height: u32) {
        self.drags.set_view(width, height);
    }

    /// The scene is drawn `width x height` pixels, `left` pixels from the
    /// left edge of the area cursor positions are counted in (the window
    /// with its panel open): see
    /// [`Drags::set_view_area`](crate::app::pointer::drags::Drags::set_view_area).
    pub fn set_view_area(&mut self, left: u32, width: u32, height: u32) {
        self.drags.set_view_area(left, width, height);
    }

    /// The cursor moved to (`physical_x`, `physical_y`) on a drawing area
    /// with `scale_factor` physical pixels per original-window pixel: see
    /// [`Orbit::cursor_moved`](crate::app::pointer::orbit::Orbit::cursor_moved); a held point follows it
    /// ([`Drags::cursor_moved`](crate::app::pointer::drags::Drags::cursor_moved)). Ignored while stopped (not while paused).
    /// Returns whether the view turned.
    pub fn cursor_moved(&mut self, physical_x: f64, physical_y: f64, scale_factor: f64) -> bool {
        self.state != RunState::Stopped
            && self
                .drags
                .cursor_moved(physical_x, physical_y, scale_factor, &mut self.sim)
    }

    /// `button` went down with `modifiers` held, at the cursor: the left
    /// button turns the view, the right (or the left with Control) holds
    /// the cloth point under the cursor, if there is one ([`Drags::press`](crate::app::pointer::drags::Drags::press)).
    /// Nothing while stopped or while another drag is on. Returns what
    /// the press did ([`Pressed`]).
    pub fn press(&mut self, button: Button, modifiers: Modifiers) -> Pressed {
        if self.state == RunState::Stopped {
            return Pressed::Ignored;
        }
        self.drags.press(button, modifiers, &mut self.sim)
    }

    /// `button` went up with `modifiers` held: the drag it made ends, a held
    /// point let go (pinned where it is with Shift). Also while stopped.
    pub fn release(&mut self, button: Button, modifiers: Modifiers) -> Option<DragEnd> {
        self.drags.release(button, modifiers, &mut self.sim)
    }

    /// The left button (or a touch) went down (`true`) or up (`false`),
    /// with no modifier: [`Demo::press`] or [`Demo::release`].
    pub fn button(&mut self, pressed: bool) {
        if pressed {
            self.press(Button::Left, Modifiers::default());
        } else {
            self.release(Button::Left, Modifiers::default());
        }
    }

    /// A touch held still long enough: a grab instead of the orbit its
    /// press started ([`Drags::long_press`](crate::app::pointer::drags::Drags::long_press)). Returns whether a point is
    /// held.
    pub fn long_press(&mut self) -> bool {
        self.state != RunState::Stopped && self.drags.long_press(&mut self.sim)
    }

    /// The wheel turned (or a trackpad scrolled): zoom by its
    /// [`notches`](Wheel::notches), up nearer, a tenth of the distance a
    /// notch ([`ZOOM_PER_NOTCH`]), toward what is drawn under the cursor
    /// ([`Drags::zoom_at`](crate::app::pointer::drags::Drags::zoom_at)).
    /// Returns whether the camera changed. Nothing while stopped.
    pub fn wheel(&mut self, wheel: Wheel) -> bool {
        self.zoom(ZOOM_PER_NOTCH.powf(wheel.notches()))
    }

    /// Zoom by `factor` (a trackpad's pinch): the distance times it, below
    /// 1 nearer, toward what is drawn under the cursor. Returns whether
    /// the camera changed. Nothing while stopped.
    pub fn zoom(&mut self, factor: f64) -> bool {
        let at = self.drags.cursor();
        self.state != RunState::Stopped && self.drags.zoom_at(factor, at, &mut self.sim)
    }

    /// Zoom by `factor` toward what is drawn at (`x`, `y`), pixels of the
    /// drawing area (a pinch's midpoint), leaving the cursor where it
    /// was. Returns whether the camera changed. Nothing while stopped.
    pub fn zoom_at(&mut self, factor: f64, x: f64, y: f64) -> bool {
        self.state != RunState::Stopped && self.drags.zoom_at(factor, Some((x, y)), &mut self.sim)
    }

    /// The window (the page) lost the keyboard focus, or the pointer capture
    /// was taken away: every drag ends ([`Drags::end`](crate::app::pointer::drags::Drags::end): the orbit stops, a
    /// held point is let go), so a release that never arrives (let go over
    /// the window that took the focus) leaves no drag held, and a later
    /// move without a press turns nothing. Returns whether a drag ended.
    pub fn focus_lost(&mut self) -> bool {
        self.drags.end(&mut self.sim)
    }
}
