//! The panels' readout (`app::readout`) fed by the running demo, as both
//! front ends feed it: running, the rate of the last second; paused or
//! stopped, it says so and 0 steps a second at once, not the rate the
//! last second ran.

use std::time::Instant;

use cloth_demo::app::controls::{Action, Id, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::readout::Readout;
use cloth_demo::sim::Model;

use crate::pacing::at;

/// Run `demo` through frames `from..=to` at 60 a second from `t0`,
/// recording each in `readout`.
fn run(demo: &mut Demo, readout: &mut Readout, t0: Instant, from: u64, to: u64) {
    for k in from..=to {
        let now = at(t0, k, 60);
        if let Some(frame) = demo.frame(now) {
            readout.record(now, frame.steps, demo.physics_time(), demo.sim().steps());
        }
    }
}

#[test]
fn paused_or_stopped_the_readout_says_so_and_0_steps_a_second() {
    let t0 = Instant::now();
    let mut demo = Demo::new(Clock::default(), Model::ORIGINAL);
    let mut readout = Readout::new();
    run(&mut demo, &mut readout, t0, 0, 120);
    let running = readout.figures(demo.state());
    let rate = running.steps_per_second.unwrap();
    assert!((rate - 60.0).abs() < 0.5, "running: {rate} steps/s");
    assert_eq!(running.lines()[1], format!("{rate:.1} steps/s"));

    // Paused: at once, with the last second's frames still kept.
    demo.apply(Action::Toggle(Id::Paused), at(t0, 120, 60));
    readout.set_step(demo.sim().steps());
    let paused = readout.figures(demo.state());
    assert_eq!(paused.state, RunState::Paused);
    assert_eq!(paused.steps_per_second, Some(0.0));
    assert_eq!(paused.physics_us, None);
    assert_eq!(paused.lines()[0], format!("step {}", demo.sim().steps()));
    assert_eq!(paused.lines()[1], "paused, 0 steps/s");
    // Frames still drawn while paused (the view turns) keep the frame time.
    run(&mut demo, &mut readout, t0, 121, 150);
    let f = readout.figures(demo.state());
    assert_eq!(f.lines()[1], "paused, 0 steps/s");
    assert!((f.frame_ms.unwrap() - 1000.0 / 60.0).abs() < 0.1, "{f:?}");

    // Running again: the rate comes back as frames step.
    demo.apply(Action::Toggle(Id::Paused), at(t0, 150, 60));
    run(&mut demo, &mut readout, t0, 151, 300);
    let again = readout.figures(demo.state());
    assert!(
        (again.steps_per_second.unwrap() - 60.0).abs() < 0.5,
        "{again:?}"
    );

    // Stopped (Escape): no frame comes; it says stopped, with no frame time.
    demo.apply(Action::Stop, at(t0, 300, 60));
    assert_eq!(demo.frame(at(t0, 301, 60)), None);
    let stopped = readout.figures(demo.state());
    assert_eq!(
        (
            stopped.steps_per_second,
            stopped.physics_us,
            stopped.frame_ms
        ),
        (Some(0.0), None, None)
    );
    assert_eq!(stopped.lines()[1], "stopped, 0 steps/s");
    assert_eq!(stopped.lines()[3], "- ms a frame");
}
