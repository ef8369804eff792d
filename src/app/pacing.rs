//! How many simulation steps each drawn frame runs, and when the next frame
//! is due.
//!
//! Pure logic: every function takes the time as an argument and nothing here
//! reads a clock or sleeps, so it can be tested with made-up times. The
//! times are `web_time`'s, which is `std::time`'s on native and the
//! browser's `performance.now()` on wasm (where `std::time::Instant::now`
//! panics), so both front ends share this pacing.
//!
//! - [`Mode::Fixed`] (the default): 60 steps per second of wall time,
//!   whatever the display's refresh rate. Step `k` (counting from 1) falls
//!   due `k / 60` s after the first frame; a frame runs the steps that have
//!   fallen due since the last one, at most [`MAX_CATCH_UP`], and drops the
//!   rest, so after a stall the cloth goes on from where it was instead of
//!   racing to catch up.
//! - [`Mode::Uncapped`]: the original's pacing, one step per drawn frame, as
//!   fast as frames are drawn.
//!
//! In both modes the first frame runs [`FIRST_FRAME_STEPS`] steps: the
//! original's first paint message ran one step on top of the first frame's.

use web_time::{Duration, Instant};

/// Steps per second of wall time in [`Mode::Fixed`].
pub const STEPS_PER_SECOND: u64 = 60;

/// The most steps one frame runs in [`Mode::Fixed`]; steps due beyond this
/// are dropped.
pub const MAX_CATCH_UP: u32 = 15;

/// Steps run before the first frame is shown, in both modes.
pub const FIRST_FRAME_STEPS: u32 = 2;

const NANOS_PER_SECOND: u128 = 1_000_000_000;

/// How the simulation keeps time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// [`STEPS_PER_SECOND`] steps per second of wall time.
    #[default]
    Fixed,
    /// One step per drawn frame (`--uncapped`).
    Uncapped,
}

/// What one frame should do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// Steps to run before drawing this frame.
    pub steps: u32,
    /// Steps that fell due but were dropped because the frame was too late
    /// (more than [`MAX_CATCH_UP`] due).
    pub dropped: u64,
}

/// When the event loop should draw next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextFrame {
    /// As soon as possible: the first frame, and every frame when uncapped.
    Now,
    /// When the next step falls due; wait until then (a frame drawn earlier
    /// runs no step).
    At(Instant),
}

/// The frame clock. Feed it the time of each frame drawn with
/// [`Pacer::frame`]; ask it when to draw next with [`Pacer::next_frame`].
#[derive(Clone, Copy, Debug)]
pub struct Pacer {
    mode: Mode,
    /// The time of the first frame; `None` until then.
    origin: Option<Instant>,
    /// In [`Mode::Fixed`], the index of the next step not yet run or
    /// dropped; step `k` falls due at `origin + k / 60 s`.
    next: u64,
}

impl Pacer {
    /// A pacer that has not drawn a frame yet.
    pub fn new(mode: Mode) -> Self {
        Pacer {
            mode,
            origin: None,
            next: 1,
        }
    }

    /// The mode it was made with.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// A frame is being drawn at `now`: how many steps to run first.
    ///
    /// The first frame runs [`FIRST_FRAME_STEPS`] and starts the clock.
    /// After that, uncapped, every frame runs one step; fixed, a frame runs
    /// every step due by `now` not yet run, at most [`MAX_CATCH_UP`], the
    /// rest dropped (reported in [`Frame::dropped`]). A `now` earlier than a
    /// previous frame's counts as no time passed.
    pub fn frame(&mut self, now: Instant) -> Frame {
        let Some(origin) = self.origin else {
            self.origin = Some(now);
            return Frame {
                steps: FIRST_FRAME_STEPS,
                dropped: 0,
            };
        };
        match self.mode {
            Mode::Uncapped => Frame {
                steps: 1,
                dropped: 0,
            },
            Mode::Fixed => {
                let due = steps_due(now.saturating_duration_since(origin));
                // Steps next..=due are pending.
                let pending = (due + 1).saturating_sub(self.next);
                if pending <= u64::from(MAX_CATCH_UP) {
                    self.next += pending;
                    Frame {
                        steps: pending as u32,
                        dropped: 0,
                    }
                } else {
                    self.next = due + 1;
                    Frame {
                        steps: MAX_CATCH_UP,
                        dropped: pending - u64::from(MAX_CATCH_UP),
                    }
                }
            }
        }
    }

    /// When to draw the next frame: [`NextFrame::Now`] before the first
    /// frame and always when uncapped; otherwise the time the next step
    /// falls due, so the event loop can sleep until then instead of polling.
    pub fn next_frame(&self) -> NextFrame {
        match (self.mode, self.origin) {
            (Mode::Fixed, Some(origin)) => {
                match u64::try_from(due_after_nanos(self.next))
                    .ok()
                    .and_then(|ns| origin.checked_add(Duration::from_nanos(ns)))
                {
                    Some(at) => NextFrame::At(at),
                    // Centuries away: nothing sensible to wait for.
                    None => NextFrame::Now,
                }
            }
            _ => NextFrame::Now,
        }
    }
}

/// How many steps have fallen due `elapsed` after the first frame:
/// `floor(elapsed * 60 / 1 s)`.
fn steps_due(elapsed: Duration) -> u64 {
    let due = elapsed.as_nanos() * u128::from(STEPS_PER_SECOND) / NANOS_PER_SECOND;
    u64::try_from(due).unwrap_or(u64::MAX - 1)
}

/// When step `k` falls due, nanoseconds after the first frame:
/// `ceil(k * 1 s / 60)`, the least time at which [`steps_due`] reaches `k`.
fn due_after_nanos(k: u64) -> u128 {
    (u128::from(k) * NANOS_PER_SECOND).div_ceil(u128::from(STEPS_PER_SECOND))
}

/// Frames and steps counted over a stretch of wall time, for the log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// Length of the stretch, seconds.
    pub seconds: f64,
    /// Frames drawn in it.
    pub frames: u64,
    /// Steps run in it.
    pub steps: u64,
    /// Steps dropped in it (late frames).
    pub dropped: u64,
}

impl Report {
    /// Frames per second.
    pub fn fps(&self) -> f64 {
        self.frames as f64 / self.seconds
    }

    /// Steps per second.
    pub fn steps_per_second(&self) -> f64 {
        self.steps as f64 / self.seconds
    }
}

/// Counts frames and steps, and hands back a [`Report`] once every `every`
/// of wall time. Pure: the times come in as arguments.
#[derive(Clone, Copy, Debug)]
pub struct FrameCounter {
    every: Duration,
    start: Option<Instant>,
    frames: u64,
    steps: u64,
    dropped: u64,
}

impl FrameCounter {
    /// A counter reporting every `every` (at least one nanosecond).
    pub fn new(every: Duration) -> Self {
        FrameCounter {
            every: every.max(Duration::from_nanos(1)),
            start: None,
            frames: 0,
            steps: 0,
            dropped: 0,
        }
    }

    /// A frame `frame` was drawn at `now`. The first frame only starts the
    /// count; the frames after it are counted, and once `every` has passed
    /// since the start the counts are returned and begin again from `now`.
    pub fn record(&mut self, now: Instant, frame: Frame) -> Option<Report> {
        let Some(start) = self.start else {
            self.start = Some(now);
            return None;
        };
        self.frames += 1;
        self.steps += u64::from(frame.steps);
        self.dropped += frame.dropped;
        let elapsed = now.saturating_duration_since(start);
        if elapsed < self.every {
            return None;
        }
        let report = Report {
            seconds: elapsed.as_secs_f64(),
            frames: self.frames,
            steps: self.steps,
            dropped: self.dropped,
        };
        *self = FrameCounter {
            start: Some(now),
            ..FrameCounter::new(self.every)
        };
        Some(report)
    }
}
