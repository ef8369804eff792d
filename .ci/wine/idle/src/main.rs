//! One winit 0.30 window and `ControlFlow::Wait`: nothing drawn, no timer,
//! no redraw asked for. Idle, its event loop should sleep until an event
//! comes. To show how often it wakes all the same, it prints to stderr,
//! when it wakes at least a second after its last line, how many times
//! it woke since (a line costs no wake of its own). Closes on the close
//! button.
//!
//! Title: `winit idle`, 400 x 300.

use std::time::{Duration, Instant};

use winit::application::ApplicationHandler;
use winit::event::{StartCause, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{Window, WindowId};

struct App {
    window: Option<Window>,
    wakes: u64,
    since: Instant,
}

impl ApplicationHandler for App {
    fn new_events(&mut self, _event_loop: &ActiveEventLoop, _cause: StartCause) {
        self.wakes += 1;
        let now = Instant::now();
        let took = now.duration_since(self.since);
        if took >= Duration::from_secs(1) {
            eprintln!(
                "winit-idle: {} wakes in {:.2} s",
                self.wakes,
                took.as_secs_f64()
            );
            self.wakes = 0;
            self.since = now;
        }
    }

    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_none() {
            let attributes = Window::default_attributes()
                .with_title("winit idle")
                .with_inner_size(winit::dpi::LogicalSize::new(400.0, 300.0));
            match event_loop.create_window(attributes) {
                Ok(window) => self.window = Some(window),
                Err(e) => {
                    eprintln!("winit-idle: cannot open a window: {e}");
                    event_loop.exit();
                }
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        if matches!(event, WindowEvent::CloseRequested) {
            event_loop.exit();
        }
    }
}

fn main() {
    let event_loop = match EventLoop::new() {
        Ok(event_loop) => event_loop,
        Err(e) => {
            eprintln!("winit-idle: {e}");
            std::process::exit(1);
        }
    };
    event_loop.set_control_flow(ControlFlow::Wait);
    let mut app = App {
        window: None,
        wakes: 0,
        since: Instant::now(),
    };
    if let Err(e) = event_loop.run_app(&mut app) {
        eprintln!("winit-idle: {e}");
        std::process::exit(1);
    }
}
