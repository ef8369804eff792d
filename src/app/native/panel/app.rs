//! The window's side of its panel: Tab shows and hides it, F1 or H the
//! help over the scene, each window
//! event reaches it first and gets one answer (whether the panel took it,
//! whether to redraw), the changes made in it go to the demo, its Save
//! buttons write through the program's [`Saver`](super::super::Saver),
//! and its Load state reads the file its path names.

#![forbid(unsafe_code)]

use std::time::Instant;

use egui_winit::EventResponse;
use winit::event::WindowEvent;

use super::widgets::Request;
use crate::app::controls::Id;
use crate::app::keys;
use crate::app::native::{describe, App, Saving};

impl App {
    /// Show the panel, or hide it (Tab), the scene moved beside it or back
    /// over the whole window, and draw a frame to show it.
    pub(in crate::app::native) fn toggle_panel(&mut self) {
        let Some(gfx) = &mut self.gfx else { return };
        match gfx.panel.toggle() {
            Ok(()) => log::info!(
                "panel {}",
                if gfx.panel.shown() { "shown" } else { "hidden" }
            ),
            Err(e) => log::warn!("{e}"),
        }
        gfx.window.request_redraw();
        self.lay_out();
    }

    /// Show the key list over the scene, and print it (F1 or H), or hide
    /// it (F1, H or Escape); draw a frame to show it.
    pub(in crate::app::native) fn toggle_help(&mut self) {
        let Some(gfx) = &mut self.gfx else { return };
        match gfx.panel.toggle_help() {
            Ok(()) if gfx.panel.help_shown() => {
                print!("{}", keys::help());
                log::info!("help shown");
            }
            Ok(()) => log::info!("help hidden"),
            Err(e) => {
                print!("{}", keys::help());
                log::warn!("{e}");
            }
        }
        gfx.window.request_redraw();
    }

    /// Hand `event` to the panel first, and say what became of it: whether
    /// the panel took it (`consumed`: the demo is not to see it) and
    /// whether egui wants a frame to show it (`repaint`). A press, the
    /// wheel or a pinch is not the panel's while a drag of the demo's
    /// (turning the view, holding the cloth) goes on. No window, no panel:
    /// neither.
    pub(in crate::app::native) fn panel_event(&mut self, event: &WindowEvent) -> EventResponse {
        let dragging = self.demo.orbit().is_pressed() || self.demo.grabbing().is_some();
        let Some(gfx) = &mut self.gfx else {
            return EventResponse::default();
        };
        gfx.panel.on_event(&gfx.window, event, dragging)
    }

    /// When the panel wants a frame though the demo does not (a tooltip's
    /// delay, a step the readout does not show yet); asks for it now if
    /// that time has come.
    pub(in crate::app::native) fn panel_wake(&mut self, now: Instant) -> Option<Instant> {
        let gfx = self.gfx.as_mut()?;
        if gfx.panel.due(now) {
            gfx.window.request_redraw();
            return None;
        }
        gfx.panel.repaint_at()
    }

    /// Make the changes the panel asked for, as its keys would, and show
    /// them: the title, and a frame (also when egui wants one, `again`).
    pub(in crate::app::native) fn panel_requests(&mut self, requests: Vec<Request>, again: bool) {
        let before = self.demo.status();
        let now = Instant::now();
        let any = !requests.is_empty();
        for request in requests {
            match request {
                Request::Set(id, value) => {
                    log::debug!("panel: {id:?} set to {value:?}");
                    self.demo.set(id, value, now);
                }
                Request::Press(Id::SaveScreenshot) => self.picture_wanted = true,
                Request::Press(Id::SaveState) => {
                    let text = self.demo.saved_state();
                    self.save(Saving::State(text));
                }
                Request::Press(id) => {
                    log::debug!("panel: {id:?} pressed");
                    self.demo.press_button(id, now);
                }
                Request::Load => self.load_state(now),
            }
        }
        let after = self.demo.status();
        if before != after {
            log::info!("panel: {}", describe(&after));
        }
        self.readout.set_step(self.demo.sim().steps());
        self.show_title();
        if any || again {
            if let Some(gfx) = &self.gfx {
                gfx.window.request_redraw();
            }
        }
    }

    /// Load the state file the panel's path names ([`Demo::load`]): its
    /// line (`loaded /home/me/cloth-demo-1.csv: step 912`, or why not)
    /// goes where the save's does, and to the log.
    ///
    /// [`Demo::load`]: crate::app::demo::Demo::load
    fn load_state(&mut self, now: Instant) {
        let Some(gfx) = &self.gfx else { return };
        let path = std::path::PathBuf::from(gfx.panel.load_path());
        let full = std::env::current_dir().map_or_else(|_| path.clone(), |d| d.join(&path));
        let shown = full.display();
        let line = match std::fs::read(&path) {
            Ok(bytes) => match self.demo.load(&bytes, now) {
                Ok(what) => {
                    let line = format!("loaded {shown}: {what}");
                    log::info!("{line}");
                    line
                }
                Err(e) => {
                    let line = format!("cannot load {shown}: {e}");
                    log::warn!("{line}");
                    line
                }
            },
            Err(e) => {
                let line = format!("cannot read {shown}: {e}");
                log::warn!("{line}");
                line
            }
        };
        self.save_line = Some(line);
    }

    /// Write `saving` through the program's saver; its line (or why not)
    /// goes to the panel and the log.
    pub(in crate::app::native) fn save(&mut self, saving: Saving) {
        let result = match &mut self.options.save {
            Some(saver) => (saver.write)(saving),
            None => Err("cannot save: this program has no way to write files".into()),
        };
        let line = match result {
            Ok(line) => {
                log::info!("{line}");
                line
            }
            Err(line) => {
                log::warn!("{line}");
                line
            }
        };
        self.save_line = Some(line);
        if let Some(gfx) = &self.gfx {
            gfx.window.request_redraw();
        }
    }
}
