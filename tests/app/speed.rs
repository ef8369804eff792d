//! The speed keys (`app::demo`, `app::pacing`): 15 to 240 steps a second
//! on the wall clock whatever the frame rate, uncapped saying why they do
//! nothing, a change neither dropping nor owing a step.

use std::time::{Duration, Instant};

use cloth_demo::app::controls::Action;
use cloth_demo::app::controls::Id;
use cloth_demo::app::demo::{Clock, Demo, NOTICE_FOR, UNCAPPED_SPEED};
use cloth_demo::app::pacing::{
    self, Frame, Mode, NextFrame, Pacer, FIRST_FRAME_STEPS, SPEEDS, STEPS_PER_SECOND,
};
use cloth_demo::app::title;
use cloth_demo::sim::Model;

use crate::pacing::at;

#[test]
fn speeds_run_from_15_to_240_steps_a_second() {
    assert_eq!(SPEEDS, [15, 30, 60, 120, 240]);
    assert!(SPEEDS.contains(&STEPS_PER_SECOND));
    assert_eq!(pacing::faster(60), 120);
    assert_eq!(pacing::faster(240), 240);
    assert_eq!(pacing::slower(60), 30);
    assert_eq!(pacing::slower(15), 15);
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    assert_eq!(d.speed(), Some(60));
    let mut seen = vec![];
    for _ in 0..5 {
        d.apply(Action::Slower, t0);
        seen.push(d.speed().unwrap());
    }
    for _ in 0..5 {
        d.apply(Action::Faster, t0);
        seen.push(d.speed().unwrap());
    }
    assert_eq!(seen, [30, 15, 15, 15, 15, 30, 60, 120, 240, 240]);
    // Uncapped is the original's one step a frame: no rate to change.
    let mut u = Demo::new(Clock::Paced(Mode::Uncapped), Model::ORIGINAL);
    assert!(u.status().is_empty());
    assert_eq!(u.frame(t0).map(|f| f.steps), Some(2));
    assert_eq!(u.frame(t0).map(|f| f.steps), Some(1));
}

#[test]
fn uncapped_the_speed_keys_say_why_they_do_nothing() {
    let t0 = Instant::now();
    let mut u = Demo::new(Clock::Paced(Mode::Uncapped), Model::ORIGINAL);
    u.frame(t0);
    assert_eq!(u.notice_until(), None);
    for action in [Action::Faster, Action::Slower] {
        u.apply(action, t0);
        assert_eq!(u.speed(), None, "{action:?}");
        assert_eq!(u.status(), [UNCAPPED_SPEED], "{action:?}");
        assert_eq!(
            title(&u.status()),
            "OpenGL Test Program - speed follows the frame rate (--uncapped)"
        );
        // Still one step a frame.
        assert_eq!(u.frame(t0).map(|f| f.steps), Some(1));
    }
    // For NOTICE_FOR after the last press, then gone.
    assert_eq!(u.notice_until(), Some(t0 + NOTICE_FOR));
    assert!(!u.expire_notice(t0 + NOTICE_FOR - Duration::from_millis(1)));
    assert_eq!(u.status(), [UNCAPPED_SPEED]);
    assert!(u.expire_notice(t0 + NOTICE_FOR));
    assert!(u.status().is_empty());
    assert_eq!(u.notice_until(), None);
    assert!(!u.expire_notice(t0 + NOTICE_FOR * 2));
    // Or until the next key: paused, the title says so and not the notice.
    u.apply(Action::Faster, t0);
    u.apply(Action::Toggle(Id::Paused), t0);
    assert_eq!(
        u.status(),
        ["paused".to_string(), format!("step {}", u.sim().steps())]
    );
    assert_eq!(u.notice_until(), None);
    // Paused, the keys still say why; a restart ends the notice.
    u.apply(Action::Slower, t0);
    assert_eq!(u.status()[2..], [UNCAPPED_SPEED]);
    u.apply(Action::Restart, t0);
    assert_eq!(u.status(), ["paused", "step 0"]);
    // At a fixed rate, or held (the browser's test mode), no notice.
    for clock in [Clock::Paced(Mode::Fixed), Clock::Held(5)] {
        let mut d = Demo::new(clock, Model::ORIGINAL);
        d.apply(Action::Faster, t0);
        assert_eq!(d.notice_until(), None, "{clock:?}");
        assert!(
            !d.status().contains(&UNCAPPED_SPEED.to_string()),
            "{clock:?}"
        );
    }
}

#[test]
fn each_speed_keeps_to_the_wall_clock_whatever_the_frame_rate() {
    for rate in SPEEDS {
        for hz in [30, 60, 144] {
            let t0 = Instant::now();
            let mut p = Pacer::new(Mode::Fixed);
            p.frame(t0);
            p.set_rate(rate, t0);
            assert_eq!(p.rate(), rate);
            let mut steps = 0u64;
            for k in 1..=hz * 2 {
                let f = p.frame(at(t0, k, hz));
                steps += u64::from(f.steps);
                assert_eq!(f.dropped, 0, "{rate}/s at {hz} Hz");
            }
            assert_eq!(steps, rate * 2, "{rate} steps/s at {hz} Hz over 2 s");
        }
    }
}

#[test]
fn a_speed_change_neither_drops_nor_owes_a_step() {
    let t0 = Instant::now();
    // A second at 60, then faster mid-frame: 240 a second from the last
    // step that fell due (step 60, at 1 s), not from the moment of the key.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let mut total = 0u64;
    for k in 1..=60 {
        total += u64::from(p.frame(at(t0, k, 60)).steps);
    }
    let key = t0 + Duration::from_millis(1010);
    p.set_rate(240, key);
    // By 1.010 s, two steps at 240 a second were due (1 + 1/240, 1 + 2/240).
    assert_eq!(p.frame(key).steps, 2);
    total += 2;
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_secs(1) + Duration::from_nanos(12_500_000))
    );
    // The next second: exactly 240 more (to 2 s), at 60 frames a second.
    for k in 61..=120 {
        total += u64::from(p.frame(at(t0, k, 60)).steps);
    }
    assert_eq!(total, 60 + 240);
    // Slower, at 2 s on the dot: 15 a second, one every fourth frame.
    p.set_rate(15, at(t0, 120, 60));
    let steps: Vec<u32> = (121..=180).map(|k| p.frame(at(t0, k, 60)).steps).collect();
    assert_eq!(steps.iter().sum::<u32>(), 15);
    assert!(steps.chunks(4).all(|c| c == [0, 0, 0, 1]), "{steps:?}");
    // A change before the first frame just sets the rate.
    let mut q = Pacer::new(Mode::Fixed);
    q.set_rate(30, t0);
    assert_eq!(q.frame(t0).steps, FIRST_FRAME_STEPS);
    assert_eq!(q.next_frame(), NextFrame::At(at(t0, 1, 30)));
}

#[test]
fn resuming_starts_the_count_again_from_the_moment_of_resuming() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    // Before the first frame, nothing to resume.
    p.resume(t0 + Duration::from_secs(5));
    assert_eq!(p.frame(t0).steps, FIRST_FRAME_STEPS);
    p.frame(at(t0, 1, 60));
    // Paused for an hour (no frames), then resumed.
    let back = t0 + Duration::from_secs(3600);
    p.resume(back);
    let f = p.frame(back + Duration::from_millis(20));
    assert_eq!(
        f,
        Frame {
            steps: 1,
            dropped: 0
        },
        "not 15 caught up"
    );
    assert_eq!(p.next_frame(), NextFrame::At(at(back, 2, 60)));
}
