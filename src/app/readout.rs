//! The panels' readout: the step, steps a second, microseconds of physics
//! a step, and the frame time, smoothed over the last [`WINDOW`] of
//! frames so the figures can be read while they change.
//!
//! Pure: a front end hands [`Readout::record`] each drawn frame's time,
//! the steps it ran and the time [`Demo::frame`](super::demo::Demo::frame)
//! spent in the physics ([`Demo::physics_time`](super::demo::Demo::physics_time)),
//! and shows [`Readout::figures`], which say paused or stopped, and 0
//! steps a second, while nothing steps. No clock is read here (the times are
//! `web_time`'s, so the page can use it too).

#![forbid(unsafe_code)]

use std::collections::VecDeque;

use web_time::{Duration, Instant};

use super::controls::RunState;

/// How far back the figures look: the frames drawn in the last second.
pub const WINDOW: Duration = Duration::from_secs(1);

/// The most frames kept, whatever the frame rate (an uncapped window on a
/// fast GPU draws thousands a second).
const MAX_FRAMES: usize = 1024;

/// One drawn frame, as recorded.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    at: Instant,
    steps: u32,
    physics: Duration,
}

/// The figures shown, over the frames of the last [`WINDOW`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Figures {
    /// The simulation's step count, as last recorded.
    pub step: u64,
    /// Steps run a second of wall time; `None` with under two frames in
    /// the window.
    pub steps_per_second: Option<f64>,
    /// Microseconds of physics a step (the physics' time over the steps
    /// run); `None` when no step ran in the window (paused).
    pub physics_us: Option<f64>,
    /// Milliseconds from one frame to the next, on average; `None` with
    /// under two frames in the window, and once stopped.
    pub frame_ms: Option<f64>,
    /// Whether the demo runs, is paused or is stopped: paused or stopped,
    /// nothing steps, so the rate is 0 whatever the last second ran.
    pub state: RunState,
}

impl Figures {
    /// The figures as the panels show them, one short line each:
    /// `["step 1234", "60.0 steps/s", "250.3 µs of physics a step",
    /// "16.7 ms a frame"]`, with "-" for a figure not known yet; paused or
    /// stopped, the rate says so: `"paused, 0 steps/s"`, `"stopped, 0
    /// steps/s"`.
    pub fn lines(&self) -> [String; 4] {
        let or_dash = |v: Option<f64>, digits: usize| {
            v.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
        };
        let rate = match self.state {
            RunState::Running => format!("{} steps/s", or_dash(self.steps_per_second, 1)),
            RunState::Paused => "paused, 0 steps/s".to_string(),
            RunState::Stopped => "stopped, 0 steps/s".to_string(),
        };
        [
            format!("step {}", self.step),
            rate,
            format!("{} µs of physics a step", or_dash(self.physics_us, 1)),
            format!("{} ms a frame", or_dash(self.frame_ms, 2)),
        ]
    }
}

/// The frames of the last [`WINDOW`], and the step count.
#[derive(Clone, Debug, Default)]
pub struct Readout {
    frames: VecDeque<Sample>,
    step: u64,
}

impl Readout {
    /// No frames yet.
    pub fn new() -> Self {
        Readout::default()
    }

    /// A frame drawn at `at`, which ran `steps` steps taking `physics`,
    /// leaving the simulation at step `step`. Frames older than
    /// [`WINDOW`] before `at` are forgotten; a time earlier than the last
    /// frame's starts the count again.
    pub fn record(&mut self, at: Instant, steps: u32, physics: Duration, step: u64) {
        if self.frames.back().is_some_and(|last| at < last.at) {
            self.frames.clear();
        }
        self.frames.push_back(Sample { at, steps, physics });
        while self.frames.len() > MAX_FRAMES
            || self
                .frames
                .front()
                .is_some_and(|first| at.duration_since(first.at) > WINDOW)
        {
            self.frames.pop_front();
        }
        self.step = step;
    }

    /// The step count alone changed (a step or restart while paused, with
    /// no frame drawn yet).
    pub fn set_step(&mut self, step: u64) {
        self.step = step;
    }

    /// The figures over the frames kept, for a demo in `state`. The steps
    /// and physics of the first frame kept are not counted in the rates:
    /// they ran before the span measured, which starts at that frame.
    /// Paused or stopped, nothing steps: 0 steps a second and no physics
    /// a step, whatever the frames kept ran; stopped, no frame time
    /// either (nothing is drawn).
    pub fn figures(&self, state: RunState) -> Figures {
        let mut out = self.over_frames();
        out.state = state;
        if state != RunState::Running {
            out.steps_per_second = Some(0.0);
            out.physics_us = None;
        }
        if state == RunState::Stopped {
            out.frame_ms = None;
        }
        out
    }

    /// The figures over the frames kept, as they ran.
    fn over_frames(&self) -> Figures {
        let mut out = Figures {
            step: self.step,
            ..Figures::default()
        };
        let (Some(first), Some(last)) = (self.frames.front(), self.frames.back()) else {
            return out;
        };
        let span = last.at.duration_since(first.at).as_secs_f64();
        let steps: u64 = self.frames.iter().skip(1).map(|s| u64::from(s.steps)).sum();
        if self.frames.len() >= 2 && span > 0.0 {
            out.steps_per_second = Some(steps as f64 / span);
            out.frame_ms = Some(span * 1e3 / (self.frames.len() - 1) as f64);
        }
        let all_steps: u64 = self.frames.iter().map(|s| u64::from(s.steps)).sum();
        let physics: f64 = self.frames.iter().map(|s| s.physics.as_secs_f64()).sum();
        if all_steps > 0 {
            out.physics_us = Some(physics * 1e6 / all_steps as f64);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn steady_frames_give_their_rates() {
        let t0 = Instant::now();
        let mut r = Readout::new();
        assert_eq!(r.figures(RunState::Running), Figures::default());
        // 60 frames 20 ms apart, one step each taking 250 µs.
        for k in 0..60u64 {
            r.record(t0 + ms(20 * k), 1, Duration::from_micros(250), 100 + k);
        }
        let f = r.figures(RunState::Running);
        assert_eq!(f.step, 159);
        // The last second: 51 frames, 50 steps after the first of them.
        assert!((f.steps_per_second.unwrap() - 50.0).abs() < 1e-9, "{f:?}");
        assert!((f.frame_ms.unwrap() - 20.0).abs() < 1e-9, "{f:?}");
        assert!((f.physics_us.unwrap() - 250.0).abs() < 1e-6, "{f:?}");
        assert_eq!(
            f.lines(),
            [
                "step 159",
                "50.0 steps/s",
                "250.0 µs of physics a step",
                "20.00 ms a frame"
            ]
        );
    }

    #[test]
    fn paused_frames_have_no_physics_and_old_frames_go() {
        let t0 = Instant::now();
        let mut r = Readout::new();
        r.record(t0, 2, ms(1), 2);
        assert_eq!(r.figures(RunState::Running).steps_per_second, None);
        assert_eq!(r.figures(RunState::Running).physics_us, Some(500.0));
        // Two seconds later, paused: the running frames are forgotten.
        r.record(t0 + ms(2000), 0, Duration::ZERO, 2);
        r.record(t0 + ms(2100), 0, Duration::ZERO, 2);
        let f = r.figures(RunState::Running);
        assert_eq!(f.steps_per_second, Some(0.0));
        assert_eq!(f.physics_us, None);
        assert!((f.frame_ms.unwrap() - 100.0).abs() < 1e-9);
        assert_eq!(f.lines()[2], "- µs of physics a step");
        r.set_step(7);
        assert_eq!(r.figures(RunState::Running).step, 7);
        // A time going backwards starts again.
        r.record(t0, 1, ms(1), 8);
        assert_eq!(r.figures(RunState::Running).frame_ms, None);
    }
}
