//! The window front end: winit 0.30 + glutin, driving the shared
//! [`Demo`] (orbit, pacing, input) and drawing it with the renderer.
//!
//! [`run`] opens a window titled [`TITLE`](super::TITLE) with a 792 x 573
//! logical-pixel drawing area ([`INNER_SIZE`](super::INNER_SIZE)) or
//! borderless full screen, and runs the demo in it until Escape or the
//! close button. The keys of [`keys::bindings`](super::keys::bindings)
//! pause, step, restart, change the speed, switch the article's what-ifs,
//! zoom and pin; the title says what differs from the default
//! ([`title`](super::title)). The left button turns the view, the right
//! (or Control and the left) grabs the cloth, the wheel (or a trackpad's
//! pinch) zooms. Tab shows the panel ([`panel`]), the controls of
//! [`CONTROLS`](super::controls::CONTROLS) drawn with egui over the scene.

use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::error::EventLoopError;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::WindowId;

mod events;
mod frame;
mod gfx;
mod options;
mod panel;
mod panel_app;
mod panel_cache;
mod panel_pass;
mod pointer;
mod widgets;
#[cfg(free_unix)]
mod x11;

pub use events::{
    action_for_event, action_for_winit_key, button_of, key_of, modifiers_of, wheel_of,
};
pub use options::{Options, Saver, Saving};

use super::controls::Action;
use super::demo::{Clock, Demo};
use super::input::Modifiers;
use super::pacing::{FrameCounter, Mode, NextFrame};
use super::readout::Readout;
use super::{drawable_size, keys, title};
use gfx::Gfx;

/// How often the frame rate is logged (at info level).
const REPORT_EVERY: Duration = Duration::from_secs(5);

/// How often to ask the platform whether the window is minimised (an X11
/// round trip; minimising sends no event there). While it is, the loop
/// wakes only this often, to ask again.
const MINIMISED_CHECK_EVERY: Duration = Duration::from_millis(250);

/// Open the window and run the demo until Escape or the close button.
///
/// # Errors
/// One line naming what is missing or failed: no display server ("cannot
/// open a window: ..."), no usable GL ("no OpenGL config: ...", "no OpenGL
/// context: ..."), the shaders ("cannot draw: ..."), or the event loop.
/// On X11, losing the X server mid-run does not return: the process ends
/// with exit code 1 after one line, `cloth-demo: error: lost the
/// connection to the X server :0`.
pub fn run(options: Options) -> Result<(), String> {
    let event_loop = EventLoop::new().map_err(|e| event_loop_error(&e))?;
    let instruction_set = options.instruction_set;
    let mut app = App::new(options);
    if let Some(set) = instruction_set {
        app.demo
            .set_instruction_set(set)
            .map_err(|e| e.to_string())?;
    }
    let result = event_loop.run_app(&mut app);
    // Normally gone already; if not, tear the window down while the event
    // loop's display connection is still open.
    app.gfx = None;
    if let Some(e) = app.error.take() {
        return Err(e);
    }
    result.map_err(|e| format!("the event loop failed: {e}"))
}

/// What made the app quit, for the log.
fn event_name(event: &WindowEvent) -> &'static str {
    match event {
        WindowEvent::CloseRequested => "the close button",
        WindowEvent::Destroyed => "the window destroyed",
        WindowEvent::KeyboardInput { .. } => "Escape",
        _ => "an event",
    }
}

/// A status for the log: the phrases, or "as the default".
fn describe(status: &[String]) -> String {
    if status.is_empty() {
        "as the default".into()
    } else {
        status.join(", ")
    }
}

/// One line for an event loop that could not start, from winit's error:
/// no display server at all (winit names the variables it looked at), an
/// X display that would not open (named as Xlib names it), or winit's own
/// words.
fn event_loop_error(e: &EventLoopError) -> String {
    // winit's text is "os error at FILE:LINE: WHAT"; keep WHAT.
    let text = e.to_string();
    let what = match text.strip_prefix("os error at ") {
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, what)| what),
        None => &text,
    };
    let what = what.trim().replace('\n', " ");
    // winit found neither a Wayland nor an X display to connect to: "neither
    // WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set."
    if what.contains("nor DISPLAY is set") {
        return format!(
            "cannot open a window: no display server ({})",
            what.trim_end_matches('.')
        );
    }
    #[cfg(free_unix)]
    if what == X_OPEN_FAILED {
        if let Some(display) = x11::display_name() {
            return format!(
                "cannot open a window: cannot connect to the X display \"{display}\": {what}"
            );
        }
    }
    format!("cannot open a window: {what}")
}

/// winit's words when `XOpenDisplay` fails.
#[cfg(free_unix)]
const X_OPEN_FAILED: &str = "Failed to open connection to X server";

/// The demo as a winit application: the shared [`Demo`] (simulation, drag
/// state, frame clock), and the window with its GL once the platform says
/// the app may draw.
struct App {
    options: Options,
    /// The window and GL; `None` before `resumed` and after quitting.
    gfx: Option<Gfx>,
    demo: Demo,
    counter: FrameCounter,
    /// The drawable size, physical pixels; `None` while zero-size.
    size: Option<(NonZeroU32, NonZeroU32)>,
    /// Whether the window is fully hidden (platforms that say so).
    occluded: bool,
    /// Whether the window was minimised when last asked, and when that was.
    minimised: bool,
    minimised_checked: Option<Instant>,
    /// Whether a failed swap has been logged (only the first is).
    swap_failed: bool,
    /// The modifier keys held, as winit last said.
    modifiers: Modifiers,
    /// The window's title as last set.
    title: String,
    /// Why the app stopped, when it failed.
    error: Option<String>,
    /// The panel's figures.
    readout: Readout,
    /// The last save's line, for the panel.
    save_line: Option<String>,
    /// Whether the next frame's picture is to be saved (Save picture).
    picture_wanted: bool,
}

impl App {
    fn new(options: Options) -> Self {
        let demo = Demo::with_scene(
            Clock::Paced(if options.uncapped {
                Mode::Uncapped
            } else {
                Mode::Fixed
            }),
            options.scene,
            options.model,
            options.shade,
        )
        .with_springs(options.springs)
        .with_compare(options.compare);
        App {
            options,
            gfx: None,
            demo,
            counter: FrameCounter::new(REPORT_EVERY),
            size: None,
            occluded: false,
            minimised: false,
            minimised_checked: None,
            swap_failed: false,
            modifiers: Modifiers::default(),
            title: String::new(),
            error: None,
            readout: Readout::new(),
            save_line: None,
            picture_wanted: false,
        }
    }

    /// Do what a key asks (not [`Action::Stop`], which quits): change the
    /// demo, or print the key list; then show the result (the title, and a
    /// frame: paused, nothing else would draw one).
    fn act(&mut self, action: Action) {
        if action == Action::Help {
            print!("{}", keys::help());
            return;
        }
        if action == Action::TogglePanel {
            self.toggle_panel();
            return;
        }
        let before = (self.demo.status(), self.demo.camera());
        self.demo.apply(action, Instant::now());
        let after = self.demo.status();
        if before.0 != after {
            log::info!("{action:?}: {}", describe(&after));
        } else if before.1 != self.demo.camera() {
            self.log_camera(before.1);
        } else {
            log::debug!("{action:?}: nothing changed");
        }
        self.show_title();
        if let Some(gfx) = &self.gfx {
            gfx.window.request_redraw();
        }
    }

    /// Set the window's title to the demo's status, if it changed.
    fn show_title(&mut self) {
        let Some(gfx) = &self.gfx else { return };
        let title = title(&self.demo.status());
        if title != self.title {
            gfx.window.set_title(&title);
            log::debug!("title: {title}");
            self.title = title;
        }
    }

    /// Close the window (GL torn down in order, see [`Gfx`]) and stop the
    /// loop.
    fn quit(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.take().is_some() {
            log::debug!("window closed");
        }
        event_loop.exit();
    }

    fn resized(&mut self, size: PhysicalSize<u32>) {
        self.size = drawable_size(size.width, size.height);
        if let Some((w, h)) = self.size {
            self.demo.set_view_size(w.get(), h.get());
        }
        match (&self.gfx, self.size) {
            (Some(gfx), Some((w, h))) => {
                gfx.resize(w, h);
                gfx.window.request_redraw();
            }
            (_, None) => log::debug!("zero-size window: not drawing"),
            (None, Some(_)) => {}
        }
    }

    /// When to wake next, asking for a redraw now if a frame is due: not
    /// until an event when there is nothing to draw (no window, zero size,
    /// hidden); while minimised, only to ask again whether it still is;
    /// otherwise when the demo's next frame is due.
    fn control_flow(&mut self, now: Instant) -> ControlFlow {
        let Some(gfx) = self
            .gfx
            .as_ref()
            .filter(|_| self.size.is_some() && !self.occluded)
        else {
            return ControlFlow::Wait;
        };
        // Minimised: no event says so on X11, so ask now and then, and only
        // wake to ask again.
        let checked = match self.minimised_checked {
            Some(at) if now.saturating_duration_since(at) < MINIMISED_CHECK_EVERY => at,
            _ => {
                let minimised = gfx.window.is_minimized() == Some(true);
                if minimised != self.minimised {
                    log::debug!(
                        "window {}",
                        if minimised { "minimised" } else { "restored" }
                    );
                }
                self.minimised = minimised;
                self.minimised_checked = Some(now);
                now
            }
        };
        if self.minimised {
            return ControlFlow::WaitUntil(checked + MINIMISED_CHECK_EVERY);
        }
        match self.demo.next_frame() {
            None => self
                .panel_wake(now)
                .map_or(ControlFlow::Wait, ControlFlow::WaitUntil),
            Some(NextFrame::At(at)) if now < at => ControlFlow::WaitUntil(at),
            Some(NextFrame::Now | NextFrame::At(_)) => {
                gfx.window.request_redraw();
                ControlFlow::Wait
            }
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        let title = title(&self.demo.status());
        match Gfx::open(event_loop, &self.options, &title) {
            Ok(gfx) => {
                self.title = title;
                let size = gfx.window.inner_size();
                self.size = drawable_size(size.width, size.height);
                if let Some((w, h)) = self.size {
                    self.demo.set_view_size(w.get(), h.get());
                }
                log::info!(
                    "window: {}x{} physical pixels, scale factor {}, {}, {}",
                    size.width,
                    size.height,
                    gfx.window.scale_factor(),
                    if self.options.uncapped {
                        "uncapped: one step per frame"
                    } else {
                        "60 steps per second"
                    },
                    self.options.model
                );
                gfx.window.request_redraw();
                self.gfx = Some(gfx);
            }
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn suspended(&mut self, _event_loop: &ActiveEventLoop) {
        // Only mobile platforms take the window away; give it all back and
        // make it again on `resumed`.
        self.gfx = None;
    }

    fn window_event(
        &mut self,
        event_loop: &ActiveEventLoop,
        _window_id: WindowId,
        event: WindowEvent,
    ) {
        if matches!(event, WindowEvent::Destroyed) {
            if let Some(gfx) = self.gfx.take() {
                log::info!("the window was destroyed from outside");
                gfx.close_after_destroyed();
            }
        }
        // While a value is typed into the panel, the keys are egui's.
        let keys_to_panel = self.gfx.as_ref().is_some_and(|g| g.panel.takes_keys())
            && matches!(event, WindowEvent::KeyboardInput { .. });
        self.panel_event(&event);
        let action = if keys_to_panel {
            None
        } else {
            action_for_event(&event, self.modifiers, self.demo.state())
        };
        match action {
            // Stopping the program closes its window.
            Some(Action::Stop) => {
                if self.gfx.is_some() {
                    log::info!("quitting on {}", event_name(&event));
                }
                self.quit(event_loop);
                return;
            }
            Some(action) => self.act(action),
            None => {}
        }
        if self.panel_takes_pointer(&event) || self.pointer_event(&event) {
            return;
        }
        match event {
            WindowEvent::Resized(size) => self.resized(size),
            WindowEvent::ModifiersChanged(m) => self.modifiers = modifiers_of(m.state()),
            WindowEvent::Occluded(occluded) => {
                self.occluded = occluded;
                log::debug!("window {}", if occluded { "hidden" } else { "shown" });
            }
            WindowEvent::RedrawRequested => self.redraw(),
            // Wayland tells the scale only once the window is on an output.
            WindowEvent::ScaleFactorChanged { scale_factor, .. } => {
                log::info!("scale factor {scale_factor}, changed");
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        // A notice in the title (why a key did nothing) leaves on time.
        if self.demo.expire_notice(now) {
            self.show_title();
        }
        let flow = self.control_flow(now);
        event_loop.set_control_flow(match (flow, self.demo.notice_until()) {
            (ControlFlow::Wait, Some(until)) => ControlFlow::WaitUntil(until),
            (ControlFlow::WaitUntil(at), Some(until)) => ControlFlow::WaitUntil(at.min(until)),
            (flow, _) => flow,
        });
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        self.gfx = None;
    }
}
