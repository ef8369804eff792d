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
//!   racing to catch up. The rate can change to any of [`SPEEDS`]
//!   ([`Pacer::set_rate`]): the steps from then on fall due at the new
//!   rate, counted from the last step that fell due, so the steps a
//!   second follow the wall clock across the change. After a pause,
//!   [`Pacer::resume`] starts the count again from the moment of resuming:
//!   the time spent paused is not owed, and no burst of catching up
//!   follows.
//! - [`Mode::Uncapped`]: the original's pacing, one step per drawn frame, as
//!   fast as frames are drawn.
//!
//! In both modes the first frame runs [`FIRST_FRAME_STEPS`] steps: the
//! original's first paint message ran one step on top of the first frame's.
//! A restart ([`Pacer::restart`]) has no such first frame: it counts from
//! step 0.

#![forbid(unsafe_code)]

use web_time::{Duration, Instant};

/// Steps per second of wall time in [`Mode::Fixed`], until
/// [`Pacer::set_rate`] says otherwise.
pub const STEPS_PER_SECOND: u64 = 60;

/// The rates [`Mode::Fixed`] can run at, steps per second of wall time,
/// slowest first; [`STEPS_PER_SECOND`] among them.
pub const SPEEDS: [u64; 5] = [15, 30, 60, 120, 240];

/// The next rate of [`SPEEDS`] below `rate` (the slowest stays).
pub fn slower(rate: u64) -> u64 {
    SPEEDS
        .iter()
        .rev()
        .copied()
        .find(|&s| s < rate)
        .unwrap_or(SPEEDS[0])
}

/// The next rate of [`SPEEDS`] above `rate` (the fastest stays).
pub fn faster(rate: u64) -> u64 {
    SPEEDS
        .iter()
        .copied()
        .find(|&s| s > rate)
        .unwrap_or(SPEEDS[SPEEDS.len() - 1])
}

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
    /// Steps per second in [`Mode::Fixed`].
    rate: u64,
    /// When the count of steps started: the time of the first frame, and
    /// later of the last change of rate or resume; `None` before the first
    /// frame.
    origin: Option<Instant>,
    /// In [`Mode::Fixed`], the index of the next step not yet run or
    /// dropped; step `k` falls due at `origin + k / rate`.
    next: u64,
}

impl Pacer {
    /// A pacer that has not drawn a frame yet, at [`STEPS_PER_SECOND`].
    pub fn new(mode: Mode) -> Self {
        Pacer {
            mode,
            rate: STEPS_PER_SECOND,
            origin: None,
            next: 1,
        }
    }

    /// The mode it was made with.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Steps per second in [`Mode::Fixed`] (unused when uncapped).
    pub fn rate(&self) -> u64 {
        self.rate
    }

    /// Run at `rate` steps a second (at least 1) from `now` on. The steps
    /// not yet run fall due at the new rate, counted from when the last
    /// step run (or dropped) fell due, so across the change the steps keep
    /// to the wall clock: the change itself neither drops a step nor owes
    /// one.
    pub fn set_rate(&mut self, rate: u64, now: Instant) {
        let rate = rate.max(1);
        if let Some(origin) = self.origin {
            // When step next - 1 fell due (at or before `now`).
            let last = due_after(origin, self.next - 1, self.rate).filter(|&t| t <= now);
            self.origin = Some(last.unwrap_or(now));
            self.next = 1;
        }
        self.rate = rate;
    }

    /// Go on after a pause that ends at `now`: the next step falls due one
    /// period after `now`, as if the clock had stopped while paused. Before
    /// the first frame it changes nothing (the first frame starts the
    /// clock).
    pub fn resume(&mut self, now: Instant) {
        if self.origin.is_some() {
            self.origin = Some(now);
            self.next = 1;
        }
    }

    /// Count the steps again from `now`, as after step 0 of a restart: the
    /// next step falls due one period after `now` (uncapped: the next
    /// frame runs one step), and no first frame's [`FIRST_FRAME_STEPS`]
    /// follow (those belong to the launch). The rate stays.
    pub fn restart(&mut self, now: Instant) {
        self.origin = Some(now);
        self.next = 1;
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
                let due = steps_due(now.saturating_duration_since(origin), self.rate);
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
            (Mode::Fixed, Some(origin)) => match due_after(origin, self.next, self.rate) {
                Some(at) => NextFrame::At(at),
                // Centuries away: nothing sensible to wait for.
                None => NextFrame::Now,
            },
            _ => NextFrame::Now,
        }
    }
}

/// How many steps have fallen due `elapsed` after the origin at `rate`
/// steps a second: `floor(elapsed * rate / 1 s)`.
fn steps_due(elapsed: Duration, rate: u64) -> u64 {
    let due = elapsed.as_nanos() * u128::from(rate) / NANOS_PER_SECOND;
    u64::try_from(due).unwrap_or(u64::MAX - 1)
}

/// When step `k` falls due after `origin` at `rate` steps a second:
/// `ceil(k * 1 s / rate)` later, the least time at which [`steps_due`]
/// reaches `k`; `None` past what an `Instant` can hold.
fn due_after(origin: Instant, k: u64, rate: u64) -> Option<Instant> {
    let ns = (u128::from(k) * NANOS_PER_SECOND).div_ceil(u128::from(rate));
    origin.checked_add(Duration::from_nanos(u64::try_from(ns).ok()?))
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
