//! Frame pacing (`app::pacing`): two steps first, 60 a second whatever the
//! frame rate, a late frame's catch-up capped, uncapped one step a frame,
//! the loop told when the next step is due, the frame counter.

use std::time::{Duration, Instant};

use cloth_demo::app::pacing::{
    Frame, FrameCounter, Mode, NextFrame, Pacer, FIRST_FRAME_STEPS, MAX_CATCH_UP, STEPS_PER_SECOND,
};
use cloth_demo::sim::Simulation;

/// `k / hz` seconds after `t0`, rounded up to the nanosecond (a frame is
/// never drawn before its time).
pub(crate) fn at(t0: Instant, k: u64, hz: u64) -> Instant {
    t0 + Duration::from_nanos((k * 1_000_000_000).div_ceil(hz))
}

#[test]
fn the_first_frame_runs_exactly_two_steps() {
    for mode in [Mode::Fixed, Mode::Uncapped] {
        let t0 = Instant::now();
        let mut p = Pacer::new(mode);
        assert_eq!(p.next_frame(), NextFrame::Now, "{mode:?}");
        let first = p.frame(t0);
        assert_eq!(
            first,
            Frame {
                steps: 2,
                dropped: 0
            },
            "{mode:?}"
        );
        assert_eq!(FIRST_FRAME_STEPS, 2);
        let mut sim = Simulation::new();
        sim.run(u64::from(first.steps));
        assert_eq!(sim.steps(), 2);
        // Drawn again at the same instant: no more steps unless uncapped.
        let again = p.frame(t0).steps;
        assert_eq!(again, if mode == Mode::Fixed { 0 } else { 1 });
    }
}

#[test]
fn sixty_steps_per_second_whatever_the_frame_rate() {
    for hz in [24, 30, 59, 60, 75, 144, 240, 1000] {
        for seconds in [1, 10] {
            let t0 = Instant::now();
            let mut p = Pacer::new(Mode::Fixed);
            p.frame(t0);
            let mut steps = 0u64;
            let mut most = 0;
            for k in 1..=hz * seconds {
                let f = p.frame(at(t0, k, hz));
                assert_eq!(f.dropped, 0, "{hz} Hz");
                most = most.max(f.steps);
                steps += u64::from(f.steps);
            }
            assert_eq!(steps, STEPS_PER_SECOND * seconds, "{hz} Hz, {seconds} s");
            // Evenly spread: no frame runs more than its share rounded up.
            assert_eq!(most, 60u32.div_ceil(hz as u32).max(1), "{hz} Hz");
        }
    }
}

#[test]
fn each_frame_gets_its_share_at_30_60_and_144_hz() {
    let t0 = Instant::now();
    // 30 Hz: exactly two steps a frame.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    for k in 1..=90 {
        assert_eq!(p.frame(at(t0, k, 30)).steps, 2, "frame {k}");
    }
    // 60 Hz: exactly one.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    for k in 1..=180 {
        assert_eq!(p.frame(at(t0, k, 60)).steps, 1, "frame {k}");
    }
    // 144 Hz: 5 steps every 12 frames, never 2 in one frame.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let steps: Vec<u32> = (1..=144).map(|k| p.frame(at(t0, k, 144)).steps).collect();
    assert!(steps.iter().all(|&s| s <= 1));
    for chunk in steps.chunks(12) {
        assert_eq!(chunk.iter().sum::<u32>(), 5);
    }
}

#[test]
fn a_late_frame_catches_up_at_most_fifteen_steps_and_drops_the_rest() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    p.frame(at(t0, 1, 60));
    // A 200 ms hiccup: 12 steps due, all run.
    let f = p.frame(at(t0, 13, 60));
    assert_eq!(
        f,
        Frame {
            steps: 12,
            dropped: 0
        }
    );
    // A 2 s stall: 120 due, 15 run, 105 dropped.
    let f = p.frame(at(t0, 133, 60));
    assert_eq!(
        f,
        Frame {
            steps: MAX_CATCH_UP,
            dropped: 105
        }
    );
    assert_eq!(MAX_CATCH_UP, 15);
    // Then back to one a frame, from the stall on: not a second burst.
    for k in 134..=200 {
        assert_eq!(
            p.frame(at(t0, k, 60)),
            Frame {
                steps: 1,
                dropped: 0
            }
        );
    }
    // Exactly 15 late runs all of them.
    let f = p.frame(at(t0, 215, 60));
    assert_eq!(
        f,
        Frame {
            steps: 15,
            dropped: 0
        }
    );
    // 16 late drops one.
    let f = p.frame(at(t0, 231, 60));
    assert_eq!(
        f,
        Frame {
            steps: 15,
            dropped: 1
        }
    );
}

#[test]
fn an_hour_asleep_is_fifteen_steps() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let f = p.frame(t0 + Duration::from_secs(3600));
    assert_eq!(f.steps, 15);
    assert_eq!(f.dropped, 3600 * 60 - 15);
}

#[test]
fn uncapped_runs_one_step_per_frame_whatever_the_time() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Uncapped);
    assert_eq!(p.frame(t0).steps, 2);
    let mut total = 2u64;
    // 1,000 frames in a millisecond, then one after a 10 s stall.
    for k in 1..=1000u64 {
        let f = p.frame(t0 + Duration::from_micros(k));
        assert_eq!(
            f,
            Frame {
                steps: 1,
                dropped: 0
            }
        );
        assert_eq!(p.next_frame(), NextFrame::Now);
        total += u64::from(f.steps);
    }
    assert_eq!(p.frame(t0 + Duration::from_secs(10)).steps, 1);
    total += 1;
    assert_eq!(total, 1003);
}

#[test]
fn the_loop_is_told_when_the_next_step_is_due() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    // Step k is due at ceil(k / 60 s) in nanoseconds.
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_nanos(16_666_667))
    );
    // Woken early (an event): nothing to run, same deadline.
    assert_eq!(p.frame(t0 + Duration::from_millis(5)).steps, 0);
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_nanos(16_666_667))
    );
    // A loop that sleeps until each deadline and draws then: one step a
    // frame, 60 frames in a second, ending exactly on the second.
    let mut frames = 0;
    let mut now = t0;
    while let NextFrame::At(due) = p.next_frame() {
        if due > t0 + Duration::from_secs(1) {
            break;
        }
        now = due;
        assert_eq!(p.frame(now).steps, 1);
        frames += 1;
    }
    assert_eq!(frames, 60);
    assert_eq!(now, t0 + Duration::from_secs(1));
}

#[test]
fn time_going_backwards_runs_nothing() {
    let t0 = Instant::now() + Duration::from_secs(10);
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    assert_eq!(p.frame(t0 - Duration::from_secs(5)).steps, 0);
    assert_eq!(p.frame(at(t0, 1, 60)).steps, 1);
}

#[test]
fn the_frame_counter_reports_every_interval() {
    let t0 = Instant::now();
    let mut c = FrameCounter::new(Duration::from_secs(5));
    let one = Frame {
        steps: 1,
        dropped: 0,
    };
    assert_eq!(c.record(t0, one), None);
    let mut report = None;
    for k in 1..=300 {
        let r = c.record(at(t0, k, 60), one);
        if k < 300 {
            assert_eq!(r, None, "frame {k}");
        } else {
            report = r;
        }
    }
    let r = report.expect("a report after 5 s");
    assert_eq!((r.frames, r.steps, r.dropped), (300, 300, 0));
    assert!((r.fps() - 60.0).abs() < 1e-9);
    assert!((r.steps_per_second() - 60.0).abs() < 1e-9);
}
