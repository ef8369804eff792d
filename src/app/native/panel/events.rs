//! The panel's answer to a window event, given once: what egui takes of
//! it, whether the panel took it from the demo (`consumed`), and whether
//! the window should redraw to show it (`repaint`), as
//! [`egui_winit::State::on_window_event`] answers.

#![forbid(unsafe_code)]

use egui::Pos2;
use egui_winit::EventResponse;
use winit::event::{ElementState, WindowEvent};
use winit::window::Window;

use super::Panel;

impl Panel {
    /// Answer a window event: hand it to egui while the panel is shown
    /// (all but the keys, which egui gets only while it edits a typed
    /// value), and say what became of it.
    ///
    /// `consumed`: the panel took it, and the demo is not to see it: a key
    /// (or the input method's text) while a value is typed into the panel;
    /// a press, the wheel or a pinch over the shown panel or on one of its
    /// widgets, unless `demo_dragging` (the demo's drag, turning the view
    /// or holding the cloth, goes on). `repaint`: egui wants a new pass to
    /// show it (the window should redraw).
    pub fn on_event(
        &mut self,
        window: &Window,
        event: &WindowEvent,
        demo_dragging: bool,
    ) -> EventResponse {
        let keys = matches!(
            event,
            WindowEvent::KeyboardInput { .. } | WindowEvent::Ime(_)
        );
        let pointer = matches!(
            event,
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                ..
            } | WindowEvent::MouseWheel { .. }
                | WindowEvent::PinchGesture { .. }
        );
        // Whether the keys are egui's is asked before egui sees this one.
        let takes_keys = self.takes_keys();
        let repaint = self.hand_to_egui(window, event, keys && !takes_keys);
        let consumed =
            (keys && takes_keys) || (pointer && !demo_dragging && self.takes_pointer(window));
        EventResponse { consumed, repaint }
    }

    /// Hand `event` to egui while the panel or the help is shown (a change of scale
    /// always), unless it is a key egui is not to get (`held_back`).
    /// Returns whether egui wants a new pass to show it.
    fn hand_to_egui(&mut self, window: &Window, event: &WindowEvent, held_back: bool) -> bool {
        if let WindowEvent::CursorMoved { position, .. } = event {
            self.cursor = Some((position.x, position.y));
        }
        if let WindowEvent::CursorLeft { .. } = event {
            self.cursor = None;
        }
        let scale = matches!(event, WindowEvent::ScaleFactorChanged { .. });
        // A redraw is what egui would ask for, not a reason for another.
        let redraw = matches!(event, WindowEvent::RedrawRequested);
        if !(self.active() || scale) || redraw || held_back {
            return false;
        }
        let repaint = self.state.on_window_event(window, event).repaint && self.active();
        if repaint {
            self.passes.forget();
        }
        repaint
    }

    /// Whether the keys go to egui, not the demo: while a value is being
    /// typed into the shown panel.
    fn takes_keys(&self) -> bool {
        self.active() && self.ctx.egui_wants_keyboard_input()
    }

    /// Whether a press, the wheel or a pinch goes to egui, not the demo:
    /// while the panel or the help is shown, with the pointer over either
    /// or dragging one of the panel's widgets.
    fn takes_pointer(&self, window: &Window) -> bool {
        if !self.active() {
            return false;
        }
        let over = match self.cursor {
            Some((x, y)) => {
                let ppp = window.scale_factor() as f32;
                let at = Pos2::new(x as f32 / ppp, y as f32 / ppp);
                [self.area, self.help_area]
                    .iter()
                    .flatten()
                    .any(|r| r.contains(at))
            }
            None => false,
        };
        over || self.ctx.egui_wants_pointer_input()
    }
}
