//! The window's pointer on the demo: cursor moves, the buttons (the left
//! turns the view, the right or Control and the left grabs the cloth),
//! the wheel and a trackpad's pinch (zoom), and the focus lost, which
//! ends every drag. Each change is logged at debug level.

#![forbid(unsafe_code)]

use winit::event::{ElementState, WindowEvent};

use super::events::{button_of, wheel_of};
use super::App;
use crate::app::pointer::{pinch_factor, DragEnd, Pressed};
use crate::render::Camera;

impl App {
    /// Do what a pointer event (or the focus lost) asks of the demo, and
    /// ask for a frame where the picture changed while no step would draw
    /// one. Returns whether `event` was one of those.
    pub(super) fn pointer_event(&mut self, event: &WindowEvent) -> bool {
        let camera = self.demo.camera();
        match *event {
            WindowEvent::CursorMoved { position, .. } => {
                self.demo.cursor_moved(position.x, position.y, self.scale());
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let button = button_of(button);
                match state {
                    ElementState::Pressed => match self.demo.press(button, self.modifiers) {
                        Pressed::Grabbed(j, i) => {
                            log::debug!("holding point [{j}][{i}] ({button:?} button)");
                        }
                        Pressed::Cutting => log::debug!("drawing the knife ({button:?} button)"),
                        Pressed::Missed => log::debug!("no cloth point to hold under the cursor"),
                        Pressed::Orbit | Pressed::Ignored => {}
                    },
                    ElementState::Released => {
                        let end = self.demo.release(button, self.modifiers);
                        self.log_drag_end(end, "");
                    }
                }
            }
            WindowEvent::MouseWheel { delta, .. } => {
                self.demo.wheel(wheel_of(delta, self.scale()));
            }
            WindowEvent::PinchGesture { delta, .. } => {
                self.demo.zoom(pinch_factor(delta));
            }
            // Another window took the focus: every drag ends here, since the
            // release may never come (under Wine none does when the button
            // is let go over that window) and a move after it must not turn
            // the view or pull the cloth.
            WindowEvent::Focused(focused) => {
                log::debug!(
                    "window {}",
                    if focused { "focused" } else { "lost the focus" }
                );
                if !focused {
                    let orbiting = self.demo.orbit().is_pressed();
                    let held = self.demo.sim().held().map(|h| h.point());
                    if self.demo.focus_lost() {
                        let end = match held {
                            Some((j, i)) => Some(DragEnd::LetGo(j, i)),
                            None if orbiting => Some(DragEnd::Orbit),
                            None => None,
                        };
                        self.log_drag_end(end, " (the drag ended: focus lost)");
                    }
                }
            }
            _ => return false,
        }
        if self.demo.camera() != camera {
            self.log_camera(camera);
            // Paused, no step falls due to draw the new view.
            if self.demo.next_frame().is_none() {
                if let Some(gfx) = &self.gfx {
                    gfx.window.request_redraw();
                }
            }
        }
        true
    }

    /// Log the camera's distance and the point it looks at if either
    /// changed from `before`'s (the angles are logged when a drag ends),
    /// as `render --distance D --look-at X,Y,Z` takes them.
    pub(super) fn log_camera(&self, before: Camera) {
        let camera = self.demo.camera();
        if camera.distance() != before.distance() || camera.target() != before.target() {
            let [x, y, z] = camera.target();
            log::debug!(
                "zoomed to distance {}, looking at {x},{y},{z}",
                camera.distance()
            );
        }
    }

    /// Log how a drag ended, `why` after it.
    fn log_drag_end(&self, end: Option<DragEnd>, why: &str) {
        match end {
            Some(DragEnd::Orbit) => {
                let camera = self.demo.camera();
                log::debug!("view turned to r1 = {}, r2 = {}{why}", camera.r1, camera.r2);
            }
            Some(DragEnd::LetGo(j, i)) => log::debug!("let go of point [{j}][{i}]{why}"),
            Some(DragEnd::Pinned(j, i)) => log::debug!("pinned point [{j}][{i}] where it is{why}"),
            Some(DragEnd::Cut(n)) => log::debug!("knife lifted, {n} springs cut{why}"),
            None => {}
        }
    }

    /// The window's scale factor (1 before it is open).
    fn scale(&self) -> f64 {
        self.gfx.as_ref().map_or(1.0, |g| g.window.scale_factor())
    }
}
