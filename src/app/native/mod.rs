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
//! [`CONTROLS`](super::controls::CONTROLS) drawn with egui along the left
//! edge, the scene beside it.
//!
//! One place per job. Here: [`run`] and the [`App`], which takes each
//! window event in turn (the panel answers it first, once: whether it
//! took it, whether to redraw; then the keys' actions, the pointer, the
//! size) and does what a key asks. [`frame`] draws a frame, shows it and
//! does what follows it; [`pointer`](mod@pointer) is the pointer on the demo; [`wake`]
//! says when the loop wakes next; [`panel`] is the panel, with the
//! window's side of it (`panel::app`); [`gfx`] holds the window and its
//! GL, and [`gl_config`] judges the GL configs offered; [`events`] turns
//! winit's events into the shared input; [`options`] is how the window
//! runs; [`open_error`] words an event loop that cannot start; `x11` is
//! the window's dealings with the X server beyond winit's.

use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::{Fullscreen, WindowId};

mod events;
mod frame;
mod gfx;
mod gl_config;
mod open_error;
mod options;
mod panel;
mod pointer;
mod wake;
#[cfg(free_unix)]
mod x11;

pub use events::{
    action_for_event, action_for_winit_key, button_of, key_of, modifiers_of, wheel_of,
};
pub use options::{Options, Saver, Saving};

use super::controls::Action;
use super::demo::{Clock, Demo};
use super::input::Modifiers;
use super::pacing::{FrameCounter, Mode};
use super::readout::Readout;
use super::{drawable_size, keys, window_title};
use gfx::Gfx;
use open_error::event_loop_error;

/// How often the frame rate is logged (at info level).
const REPORT_EVERY: Duration = Duration::from_secs(5);

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
        .with_grid(options.grid)
        .with_springs(options.springs)
        .with_smooth(options.smooth)
        .with_left(options.left)
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
    /// demo, show or hide the panel or the key list; then show the result (the title, and a
    /// frame: paused, nothing else would draw one).
    fn act(&mut self, action: Action) {
        if action == Action::Help {
            self.toggle_help();
            return;
        }
        if action == Action::TogglePanel {
            self.toggle_panel();
            return;
        }
        if action == Action::Fullscreen {
            self.toggle_fullscreen();
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

    /// The window full screen (borderless, on its monitor) or back (F11);
    /// the resize that follows lays the scene out again.
    fn toggle_fullscreen(&mut self) {
        let Some(gfx) = &self.gfx else { return };
        let full = gfx.window.fullscreen().is_none();
        gfx.window
            .set_fullscreen(full.then_some(Fullscreen::Borderless(None)));
        log::info!("full screen {}", if full { "on" } else { "off" });
    }

    /// Set the window's title to the demo's status, if it changed.
    fn show_title(&mut self) {
        let Some(gfx) = &self.gfx else { return };
        let title = window_title(&self.demo);
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

    /// Tell the demo where the scene is drawn (right of the panel, when
    /// it is shown), for the pointer to pick and grab in.
    fn lay_out(&mut self) {
        let Some((w, h)) = self.size else { return };
        let size = [w.get(), h.get()];
        let left = self
            .gfx
            .as_ref()
            .map_or(0, |g| g.panel.scene_left(&g.window, size));
        self.demo.set_view_area(left, size[0] - left, size[1]);
    }

    fn resized(&mut self, size: PhysicalSize<u32>) {
        self.size = drawable_size(size.width, size.height);
        self.lay_out();
        match (&self.gfx, self.size) {
            (Some(gfx), Some((w, h))) => {
                gfx.resize(w, h);
                gfx.window.request_redraw();
            }
            (_, None) => log::debug!("zero-size window: not drawing"),
            (None, Some(_)) => {}
        }
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        let title = window_title(&self.demo);
        match Gfx::open(event_loop, &self.options, &title) {
            Ok(gfx) => {
                self.title = title;
                let size = gfx.window.inner_size();
                self.size = drawable_size(size.width, size.height);
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
                self.lay_out();
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
        // The panel answers first: what it takes (the keys while a value is
        // typed into it; a press, the wheel or a pinch over it) goes no
        // further.
        let panel = self.panel_event(&event);
        if panel.repaint {
            if let Some(gfx) = &self.gfx {
                gfx.window.request_redraw();
            }
        }
        if panel.consumed {
            return;
        }
        let help_open = self.gfx.as_ref().is_some_and(|g| g.panel.help_shown());
        let action = action_for_event(&event, self.modifiers, self.demo.state())
            .map(|a| keys::with_help_open(a, help_open));
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
        if self.pointer_event(&event) {
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
        event_loop.set_control_flow(self.wake_at(now));
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        self.gfx = None;
    }
}
