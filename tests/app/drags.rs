//! The pointer's drags on the running demo (`app::pointer::drags`, `app::demo`):
//! the right button (or Control and the left) holds the cloth point under
//! the cursor, which follows the cursor on the plane facing the camera; a
//! miss holds and turns nothing; the release lets go, with Shift (or P
//! before it) pinned; a pinned point grabbed is freed; the focus lost
//! lets go; the wheel, the zoom keys and Home move the camera within its
//! bounds, a held point's target with it (where the wheel aims is in
//! `zoom`); a touch held still grabs
//! instead of turning.

use std::time::Instant;

use cloth_demo::app::controls::{Action, Id};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::Modifiers;
use cloth_demo::app::pointer::{Button, DragEnd, Pressed, Wheel};
use cloth_demo::render::camera::{DISTANCE, MAX_DISTANCE, MIN_DISTANCE, ZOOM_PER_NOTCH};
use cloth_demo::render::Camera;
use cloth_demo::sim::{Model, Scene, TearFactor};

/// The original window's drawing area, pixels (the knife's tests draw on
/// it too).
pub(crate) const W: u32 = 792;
pub(crate) const H: u32 = 573;

/// No modifier key held, and Control alone (the knife's tests press them
/// too).
pub(crate) const NONE: Modifiers = Modifiers {
    ctrl: false,
    alt: false,
    logo: false,
    shift: false,
};
pub(crate) const CTRL: Modifiers = Modifiers { ctrl: true, ..NONE };
const SHIFT: Modifiers = Modifiers {
    shift: true,
    ..NONE
};

/// A paused demo of `scene` after its first frame (`steps` steps), the
/// drawing area 792 x 573, looking down on the cloth when `down` (the view
/// turned 60 degrees by a left drag of 300 pixels), else as the original.
fn demo(scene: Scene, steps: u32, down: bool) -> Demo {
    let mut d = Demo::with_scene(Clock::Held(steps), scene, scene.model(), false);
    d.set_view_size(W, H);
    d.frame(Instant::now());
    d.apply(Action::Toggle(Id::Paused), Instant::now());
    if down {
        d.cursor_moved(400.0, 100.0, 1.0);
        d.button(true);
        d.cursor_moved(400.0, 400.0, 1.0);
        d.button(false);
        assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    }
    d
}

/// Where point `(j, i)` is drawn.
fn pixel_of(d: &Demo, (j, i): (usize, usize)) -> (f64, f64) {
    let [x, y] = d
        .camera()
        .project(d.sim().cloth.point(j, i), W, H)
        .expect("in view");
    (f64::from(x), f64::from(y))
}

/// The held point and its target.
fn held(d: &Demo) -> Option<((usize, usize), [f64; 3])> {
    d.sim().held().map(|h| (h.point(), h.at))
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn minus(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn index(d: &Demo, (j, i): (usize, usize)) -> usize {
    j * d.sim().cloth.n() + i
}

#[test]
fn a_right_press_on_the_cloth_holds_the_point_under_the_cursor() {
    for (button, modifiers) in [(Button::Right, NONE), (Button::Left, CTRL)] {
        let mut d = demo(Scene::Original, 0, true);
        let (x, y) = pixel_of(&d, (16, 16));
        d.cursor_moved(x, y, 1.0);
        assert!(
            matches!(d.press(button, modifiers), Pressed::Grabbed(..)),
            "{button:?}"
        );
        assert_eq!(d.grabbing(), Some(button));
        let ((j, i), at) = held(&d).expect("a point is held");
        assert_eq!((j, i), (16, 16), "{button:?}");
        // Held where the ray through the cursor meets the plane through the
        // point facing the camera: the point itself, under the cursor (as
        // far as the projection's single precision places the cursor).
        let p = d.sim().cloth.point(16, 16);
        assert!(minus(at, p).iter().all(|c| c.abs() < 1e-6), "{at:?} {p:?}");
        assert!(!d.orbit().is_pressed(), "a grab turns nothing");
        assert_eq!(d.camera(), Camera::new(0.0, -300.0));
        // A step puts the point there.
        d.apply(Action::Step, Instant::now());
        assert_eq!(d.sim().cloth.point(16, 16), at);
    }
}

#[test]
fn beside_the_panel_the_cursor_is_mapped_into_the_scene_s_area() {
    // The window's panel takes the left 300 columns; the scene is drawn
    // 492 x 573 right of them.
    let (left, w) = (300, W - 300);
    let mut d = demo(Scene::Original, 0, true);
    d.set_view_area(left, w, H);
    let [x, y] = d
        .camera()
        .project(d.sim().cloth.point(16, 16), w, H)
        .expect("in view");
    // The point's pixel in the area, counted from the window's left edge.
    d.cursor_moved(f64::from(x) + f64::from(left), f64::from(y), 1.0);
    assert!(matches!(
        d.press(Button::Right, NONE),
        Pressed::Grabbed(16, 16)
    ));
    assert_eq!(d.release(Button::Right, NONE), Some(DragEnd::LetGo(16, 16)));
    // The same pixel counted from the area's edge is left of the cloth in
    // the window: over the panel, nothing.
    d.cursor_moved(f64::from(x), f64::from(y), 1.0);
    assert_eq!(d.press(Button::Right, NONE), Pressed::Missed);
    d.cursor_moved(f64::from(left) - 1.0, f64::from(y), 1.0);
    assert_eq!(d.press(Button::Right, NONE), Pressed::Missed);
}

#[test]
fn a_miss_holds_nothing_and_does_not_turn_the_view() {
    for (button, modifiers) in [(Button::Right, NONE), (Button::Left, CTRL)] {
        let mut d = demo(Scene::Original, 0, true);
        d.cursor_moved(5.0, 5.0, 1.0);
        assert_eq!(
            d.press(button, modifiers),
            Pressed::Missed,
            "{button:?}: the sky"
        );
        assert_eq!(held(&d), None);
        assert_eq!(d.grabbing(), None);
        assert!(!d.orbit().is_pressed());
        // The drag that follows turns nothing, and its release ends none.
        assert!(!d.cursor_moved(200.0, 300.0, 1.0));
        assert_eq!(d.camera(), Camera::new(0.0, -300.0));
        assert_eq!(d.release(button, modifiers), None);
    }
    // Other buttons do nothing at all; nor does a press before the drawing
    // area's size is known.
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    assert_eq!(d.press(Button::Other, NONE), Pressed::Ignored);
    let mut no_size = Demo::new(Clock::Held(0), Model::ORIGINAL);
    no_size.cursor_moved(x, y, 1.0);
    assert_eq!(no_size.press(Button::Right, NONE), Pressed::Missed);
}

#[test]
fn moves_carry_the_target_on_the_plane_facing_the_camera() {
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (10, 20));
    d.cursor_moved(x, y, 1.0);
    assert!(
        matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)),
        "a grab"
    );
    let (point, start) = held(&d).unwrap();
    let view = d.camera().view_direction();
    for (dx, dy) in [(40.0, -30.0), (-120.0, 80.0), (300.0, -250.0)] {
        assert!(!d.cursor_moved(x + dx, y + dy, 1.0), "no turn");
        let (p, at) = held(&d).unwrap();
        assert_eq!(p, point);
        assert!(
            dot(minus(at, start), view).abs() < 1e-9,
            "on the plane: {at:?}"
        );
        let [px, py] = d.camera().project(at, W, H).unwrap();
        assert!(
            (f64::from(px) - (x + dx)).abs() < 0.05 && (f64::from(py) - (y + dy)).abs() < 0.05,
            "under the cursor at ({}, {}): ({px}, {py})",
            x + dx,
            y + dy
        );
    }
    // Two steps on, the point is where the cursor has it, and the cloth
    // round it has followed.
    let before = d.sim().cloth.point(11, 20);
    d.apply(Action::Step, Instant::now());
    d.apply(Action::Step, Instant::now());
    assert_eq!(d.sim().cloth.point(10, 20), held(&d).unwrap().1);
    assert_ne!(d.sim().cloth.point(11, 20), before);
}

#[test]
fn the_release_lets_go_and_shift_or_p_pins() {
    let grab = |d: &mut Demo| {
        let (x, y) = pixel_of(d, (8, 8));
        d.cursor_moved(x, y, 1.0);
        assert!(
            matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)),
            "a grab"
        );
        d.cursor_moved(x + 30.0, y - 60.0, 1.0);
        d.apply(Action::Step, Instant::now());
    };
    // Let go: it moves with the rest again, not pinned.
    let mut d = demo(Scene::Original, 0, true);
    grab(&mut d);
    assert_eq!(
        d.release(Button::Left, NONE),
        None,
        "not the holding button"
    );
    assert!(held(&d).is_some());
    assert_eq!(d.release(Button::Right, NONE), Some(DragEnd::LetGo(8, 8)));
    assert_eq!((held(&d), d.grabbing()), (None, None));
    assert!(d.sim().pins().is_empty());
    let at = d.sim().cloth.point(8, 8);
    d.apply(Action::Step, Instant::now());
    assert_ne!(d.sim().cloth.point(8, 8), at, "let go, it moves");

    // Shift held at the release: pinned where it is.
    let mut d = demo(Scene::Original, 0, true);
    grab(&mut d);
    let at = d.sim().cloth.point(8, 8);
    assert_eq!(d.release(Button::Right, SHIFT), Some(DragEnd::Pinned(8, 8)));
    assert_eq!(held(&d), None);
    assert!(d.sim().pins().contains(index(&d, (8, 8))));
    for _ in 0..5 {
        d.apply(Action::Step, Instant::now());
    }
    assert_eq!(d.sim().cloth.point(8, 8), at, "pinned, it stays");

    // P while holding: pinned, let go; the button's release then ends
    // nothing.
    let mut d = demo(Scene::Original, 0, true);
    grab(&mut d);
    d.apply(Action::Pin, Instant::now());
    assert_eq!((held(&d), d.grabbing()), (None, None));
    assert!(d.sim().pins().contains(index(&d, (8, 8))));
    assert_eq!(d.release(Button::Right, NONE), None);
    // P with nothing held pins nothing.
    let mut d = demo(Scene::Original, 0, true);
    d.apply(Action::Pin, Instant::now());
    assert!(d.sim().pins().is_empty());
}

#[test]
fn grabbing_a_pinned_point_frees_it() {
    // The curtain hangs from its pinned top row, face on to the camera:
    // grab a point of that row a little below it.
    let mut d = demo(Scene::Curtain, 2, false);
    let n = d.sim().cloth.n();
    let pinned = (0, 16);
    assert!(d.sim().pins().contains(index(&d, pinned)));
    let (x0, y0) = pixel_of(&d, pinned);
    let (x1, y1) = pixel_of(&d, (1, 17));
    d.cursor_moved(x0 + 0.25 * (x1 - x0), y0 + 0.25 * (y1 - y0), 1.0);
    assert!(matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)));
    assert_eq!(held(&d).unwrap().0, pinned);
    assert!(!d.sim().pins().contains(index(&d, pinned)), "freed");
    assert_eq!(d.sim().pins().len(), n - 1);
    assert_eq!(d.release(Button::Right, NONE), Some(DragEnd::LetGo(0, 16)));
    assert_eq!(d.sim().pins().len(), n - 1, "let go, it stays free");

    // A point pinned by hand, grabbed again: freed too.
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (20, 5));
    d.cursor_moved(x, y, 1.0);
    assert!(d.press(Button::Right, NONE).drag().is_some());
    assert_eq!(
        d.release(Button::Right, SHIFT),
        Some(DragEnd::Pinned(20, 5))
    );
    assert!(d.sim().pins().contains(index(&d, (20, 5))));
    let (x, y) = pixel_of(&d, (20, 5));
    d.cursor_moved(x, y, 1.0);
    assert!(matches!(d.press(Button::Left, CTRL), Pressed::Grabbed(..)));
    assert_eq!(held(&d).unwrap().0, (20, 5));
    assert!(d.sim().pins().is_empty());
}

#[test]
fn t_toggles_tearing_through_the_model() {
    let mut d = demo(Scene::Original, 0, false);
    assert_eq!(d.sim().model().tear, None);
    d.apply(Action::Toggle(Id::Tear), Instant::now());
    assert_eq!(d.sim().model().tear, Some(TearFactor::DEFAULT));
    assert_eq!(TearFactor::DEFAULT.to_string(), "4");
    assert!(
        d.status().contains(&"tearing 4".to_string()),
        "{:?}",
        d.status()
    );
    // The other what-ifs stay as they are, and T again turns it off.
    d.apply(Action::Toggle(Id::Bend), Instant::now());
    d.apply(Action::Toggle(Id::Tear), Instant::now());
    assert_eq!(d.sim().model().tear, None);
    assert!(d.sim().model().springs.bend);
    assert_eq!(d.status(), vec!["paused", "step 0", "bending springs"]);
    // M turns it off with the rest.
    d.apply(Action::Toggle(Id::Tear), Instant::now());
    d.apply(Action::Original, Instant::now());
    assert!(d.sim().model().is_original());
}

#[test]
fn the_wheel_and_the_keys_zoom_within_the_bounds_and_home_goes_back() {
    let mut d = demo(Scene::Original, 0, true);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert_eq!(d.camera().distance(), DISTANCE);
    // N notches up: 5 * 0.9^N, as `render --distance` is given it.
    for n in 1..=4 {
        assert!(d.wheel(Wheel::Notches(1.0)));
        let want = DISTANCE * ZOOM_PER_NOTCH.powi(n);
        assert!(close(d.camera().distance(), want), "{n}: {:?}", d.camera());
    }
    assert_eq!((d.camera().r1, d.camera().r2), (0.0, -300.0), "no turn");
    // Down is farther; pixels and lines as the platforms report them.
    d.wheel(Wheel::Notches(-4.0));
    assert!(close(d.camera().distance(), DISTANCE));
    d.wheel(Wheel::Pixels(200.0));
    assert!(close(d.camera().distance(), DISTANCE * 0.81));
    d.wheel(Wheel::Lines(-6.0));
    assert!(close(d.camera().distance(), DISTANCE));
    // + (or =) and -: a notch each.
    d.apply(Action::ZoomIn, Instant::now());
    assert!(close(d.camera().distance(), 4.5));
    d.apply(Action::ZoomOut, Instant::now());
    assert!(close(d.camera().distance(), DISTANCE));
    // The bounds.
    for _ in 0..40 {
        d.apply(Action::ZoomIn, Instant::now());
    }
    assert_eq!(d.camera().distance(), MIN_DISTANCE);
    assert!(!d.wheel(Wheel::Notches(1.0)), "no nearer");
    for _ in 0..40 {
        d.apply(Action::ZoomOut, Instant::now());
    }
    assert_eq!(d.camera().distance(), MAX_DISTANCE);
    // A pinch: the fingers twice as far apart halve the distance.
    assert!(d.zoom(0.5));
    assert_eq!(d.camera().distance(), MAX_DISTANCE / 2.0);
    // Home: the original's view, turn and distance.
    d.apply(Action::Home, Instant::now());
    assert_eq!(d.camera(), Camera::default());
    // The zoom survives a restart, not a new scene.
    d.wheel(Wheel::Notches(2.0));
    d.apply(Action::Restart, Instant::now());
    assert!(close(d.camera().distance(), 4.05));
    d.apply(Action::Cycle(Id::Scene), Instant::now());
    assert_eq!(d.camera(), Camera::default());
    // Stopped, nothing zooms.
    d.apply(Action::Stop, Instant::now());
    assert!(!d.wheel(Wheel::Notches(1.0)));
    assert_eq!(d.camera().distance(), DISTANCE);
}

#[test]
fn a_zoom_while_holding_moves_the_target_with_the_camera() {
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x + 2.0, y - 3.0, 1.0);
    assert!(d.press(Button::Right, NONE).drag().is_some());
    let (_, before) = held(&d).unwrap();
    // The wheel zooms toward the held point under the cursor: the camera
    // moves along the ray through it, so the target stays put.
    d.wheel(Wheel::Notches(3.0));
    let (_, at) = held(&d).unwrap();
    assert!(
        minus(at, before).iter().all(|c| c.abs() < 1e-9),
        "{at:?} {before:?}"
    );
    // The keys zoom straight ahead: the target moves with the camera.
    for _ in 0..3 {
        d.apply(Action::ZoomIn, Instant::now());
    }
    let (_, at) = held(&d).unwrap();
    assert!(
        minus(at, before).iter().any(|c| c.abs() > 1e-3),
        "{at:?} {before:?}"
    );
    // Still under the cursor, on the plane through the last target.
    let [px, py] = d.camera().project(at, W, H).unwrap();
    assert!((f64::from(px) - (x + 2.0)).abs() < 0.05 && (f64::from(py) - (y - 3.0)).abs() < 0.05);
    assert!(dot(minus(at, before), d.camera().view_direction()).abs() < 1e-9);
    // Home too.
    d.apply(Action::Home, Instant::now());
    let (_, home) = held(&d).unwrap();
    let [px, py] = d.camera().project(home, W, H).unwrap();
    assert!((f64::from(px) - (x + 2.0)).abs() < 0.05 && (f64::from(py) - (y - 3.0)).abs() < 0.05);
}

#[test]
fn focus_lost_during_a_grab_lets_go() {
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    assert!(d.press(Button::Left, CTRL).drag().is_some());
    d.cursor_moved(x, y - 50.0, 1.0);
    assert!(d.focus_lost(), "a drag was on");
    assert_eq!((held(&d), d.grabbing()), (None, None));
    assert!(d.sim().pins().is_empty(), "let go, not pinned");
    // The release never comes; moves with no button turn and pull nothing.
    assert!(!d.cursor_moved(x + 100.0, y, 1.0));
    assert_eq!(held(&d), None);
    assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    assert!(!d.focus_lost(), "nothing left to end");
    assert_eq!(d.release(Button::Left, CTRL), None);
}

#[test]
fn stop_restart_and_a_new_scene_let_go() {
    let grabbed = || {
        let mut d = demo(Scene::Original, 0, true);
        let (x, y) = pixel_of(&d, (16, 16));
        d.cursor_moved(x, y, 1.0);
        assert!(d.press(Button::Right, NONE).drag().is_some());
        d
    };
    for action in [Action::Stop, Action::Restart, Action::Cycle(Id::Scene)] {
        let mut d = grabbed();
        d.apply(action, Instant::now());
        assert_eq!((held(&d), d.grabbing()), (None, None), "{action:?}");
        assert_eq!(d.release(Button::Right, NONE), None, "{action:?}");
    }
    // Stopped, a press grabs nothing.
    let mut d = grabbed();
    d.apply(Action::Stop, Instant::now());
    assert_eq!(d.press(Button::Right, NONE), Pressed::Ignored);
    // After a new scene the drawing area's size is still known.
    let mut d = grabbed();
    for _ in Scene::ALL {
        d.apply(Action::Cycle(Id::Scene), Instant::now());
    }
    assert_eq!(d.scene(), Scene::Original);
    d.frame(Instant::now());
    d.cursor_moved(400.0, 100.0, 1.0);
    d.button(true);
    d.cursor_moved(400.0, 400.0, 1.0);
    d.button(false);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    assert!(matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)));
}

#[test]
fn one_drag_at_a_time() {
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    // Orbiting, the right button grabs nothing.
    assert_eq!(d.press(Button::Left, NONE), Pressed::Orbit);
    assert_eq!(d.press(Button::Right, NONE), Pressed::Ignored);
    assert_eq!(held(&d), None);
    assert_eq!(d.release(Button::Left, NONE), Some(DragEnd::Orbit));
    // Holding, the left button turns nothing.
    assert!(matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)));
    assert_eq!(d.press(Button::Left, NONE), Pressed::Ignored);
    assert!(!d.cursor_moved(x + 50.0, y, 1.0));
    assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    assert_eq!(d.release(Button::Left, NONE), None);
    assert!(held(&d).is_some());
}

#[test]
fn a_touch_held_still_grabs_instead_of_turning() {
    let mut d = demo(Scene::Original, 0, true);
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    d.button(true);
    // The finger wavers by a pixel or two: the view turns that much...
    d.cursor_moved(x + 2.0, y - 1.0, 1.0);
    d.cursor_moved(x, y, 1.0);
    d.cursor_moved(x + 1.0, y, 1.0);
    assert_eq!(d.camera(), Camera::new(-1.0, -300.0));
    // ...until the long press turns it back and grabs, held by the finger.
    assert!(d.long_press());
    assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    assert!(!d.orbit().is_pressed());
    assert_eq!(d.grabbing(), Some(Button::Left));
    assert_eq!(held(&d).unwrap().0, (16, 16));
    d.cursor_moved(x + 40.0, y, 1.0);
    assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    assert_eq!(d.release(Button::Left, NONE), Some(DragEnd::LetGo(16, 16)));
    // Held still over the sky: the turn is undone, nothing held.
    d.cursor_moved(5.0, 5.0, 1.0);
    d.button(true);
    d.cursor_moved(7.0, 5.0, 1.0);
    assert!(!d.long_press());
    assert_eq!(d.camera(), Camera::new(0.0, -300.0));
    assert!(!d.orbit().is_pressed());
}

#[test]
fn held_under_the_article_s_solver_the_status_says_why_the_cloth_stays() {
    use cloth_demo::app::controls::Value;
    use cloth_demo::app::demo::NEEDLE;
    use cloth_demo::sim::Solver;
    let mut d = demo(Scene::Original, 0, true);
    assert!(!d.status().contains(&NEEDLE.to_string()));
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    assert!(d.press(Button::Right, NONE).drag().is_some());
    assert_eq!(d.status(), ["paused", "step 0", NEEDLE]);
    assert_eq!(
        NEEDLE,
        "the article's spring draws a needle: V for a solver that lifts"
    );
    // Under a solver that lifts, nothing to explain.
    let xpbd = Solver::ALL.iter().position(|&s| s == Solver::Xpbd).unwrap();
    d.apply(Action::Set(Id::Solver, Value::Choice(xpbd)), Instant::now());
    assert!(held(&d).is_some());
    assert!(
        !d.status().contains(&NEEDLE.to_string()),
        "{:?}",
        d.status()
    );
    // Back under the article's, and let go: gone with the hand.
    d.apply(Action::Set(Id::Solver, Value::Choice(0)), Instant::now());
    assert!(d.status().contains(&NEEDLE.to_string()));
    assert!(d.release(Button::Right, NONE).is_some());
    assert_eq!(d.status(), ["paused", "step 0"]);
}
