//! The window's title (`app::title`): what differs from the default.

use std::time::Instant;

use cloth_demo::app::controls::Action;
use cloth_demo::app::controls::{Id, Value};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::{title, window_title, TITLE};
use cloth_demo::sim::{Buffering, Model, Order};

#[test]
fn the_title_says_what_differs_from_the_default() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(1234), Model::ORIGINAL);
    d.frame(t0);
    assert_eq!(window_title(&d), "OpenGL Test Program");
    assert_eq!(TITLE, "OpenGL Test Program");
    d.apply(Action::Toggle(Id::Paused), t0);
    d.apply(Action::Toggle(Id::Bend), t0);
    // The issue's own example.
    assert_eq!(
        window_title(&d),
        "OpenGL Test Program - paused, step 1234, bending springs"
    );
    let mut p = Demo::new(Clock::default(), Model::ORIGINAL);
    p.frame(t0);
    p.apply(Action::Slower, t0);
    assert_eq!(window_title(&p), "OpenGL Test Program - 30 steps/s");
    p.apply(Action::Set(Id::Passes, Value::Number(1.0)), t0);
    p.apply(Action::Toggle(Id::Hooke), t0);
    p.apply(Action::Toggle(Id::Paused), t0);
    assert_eq!(
        window_title(&p),
        "OpenGL Test Program - paused, step 2, 30 steps/s, 2 what-ifs"
    );
    p.apply(Action::Step, t0);
    assert_eq!(
        window_title(&p),
        "OpenGL Test Program - paused, step 3, 30 steps/s, 2 what-ifs"
    );
    // Everything back: exactly the original's title again.
    p.apply(Action::Toggle(Id::Paused), t0);
    p.apply(Action::Faster, t0);
    p.apply(Action::Original, t0);
    assert_eq!(window_title(&p), "OpenGL Test Program");
    // Started with a what-if flag, the title says so from the start.
    let mut in_place = Model::ORIGINAL;
    in_place.buffering = Buffering::InPlace;
    in_place.order = Order::Reversed;
    let q = Demo::new(Clock::default(), in_place);
    assert_eq!(
        title(&q.status()),
        "OpenGL Test Program - in place, reversed order"
    );
}

/// The window's title stays short: the scene's name, and what differs
/// from the scene's own model named when it is one thing, counted when
/// more; the status (the page's caption) still has every phrase.
#[test]
fn the_window_title_names_the_scene_and_counts_the_what_ifs() {
    use cloth_demo::sim::Scene;
    let t0 = Instant::now();
    let mut d = Demo::with_scene(
        Clock::Held(0),
        Scene::Curtain,
        Scene::Curtain.model(),
        false,
    );
    assert_eq!(window_title(&d), "OpenGL Test Program - curtain");
    assert!(title(&d.status()).contains("pinned top"));
    d.apply(Action::Toggle(Id::Bend), t0);
    assert_eq!(
        window_title(&d),
        "OpenGL Test Program - curtain, bending springs"
    );
    d.apply(Action::Toggle(Id::Hooke), t0);
    assert_eq!(
        window_title(&d),
        "OpenGL Test Program - curtain, 2 what-ifs"
    );
    d.apply(Action::Toggle(Id::Compare), t0);
    assert_eq!(
        window_title(&d),
        "OpenGL Test Program - curtain, 2 what-ifs, compare"
    );
    d.apply(Action::Original, t0);
    assert_eq!(window_title(&d), "OpenGL Test Program - curtain, compare");
    // One of the scene's own taken away.
    let mut f = Demo::with_scene(Clock::Held(0), Scene::Flag, Scene::Flag.model(), false);
    f.apply(Action::Toggle(Id::Gusts), t0);
    assert_eq!(window_title(&f), "OpenGL Test Program - flag, no gusts");
    // The original scene, one what-if: named.
    let mut o = Demo::new(Clock::Held(0), Model::ORIGINAL);
    o.apply(Action::Toggle(Id::Bend), t0);
    assert_eq!(window_title(&o), "OpenGL Test Program - bending springs");
}
