//! The mouse drag that orbits the camera (`app::pointer::orbit`): logical pixels
//! at any scale factor, moves without the button, outside the window,
//! non-finite input; a drag ended by the focus lost, whose release never
//! comes.

use std::time::Instant;

use cloth_demo::app::controls::Id;
use cloth_demo::app::controls::{Action, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::pointer::orbit::Orbit;
use cloth_demo::render::Camera;
use cloth_demo::sim::Model;

#[test]
fn drag_adds_last_minus_new_in_logical_pixels() {
    let mut o = Orbit::new();
    o.cursor_moved(100.0, 100.0, 1.0);
    o.button(true);
    assert!(o.cursor_moved(90.0, 95.0, 1.0));
    assert_eq!(o.camera(), Camera::new(10.0, 5.0));
    o.cursor_moved(120.0, 130.0, 1.0);
    assert_eq!(o.camera(), Camera::new(-20.0, -30.0));
}

#[test]
fn moves_without_the_button_are_recorded_but_turn_nothing() {
    let mut o = Orbit::new();
    o.cursor_moved(0.0, 0.0, 1.0);
    assert!(!o.cursor_moved(500.0, 300.0, 1.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    assert_eq!(o.last_position(), Some((500.0, 300.0)));
    // Pressing does not jump: the next move counts from (500, 300), not
    // from (0, 0) or from where the button was last released.
    o.button(true);
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    o.cursor_moved(499.0, 303.0, 1.0);
    assert_eq!(o.camera(), Camera::new(1.0, -3.0));
    // Released: moves are recorded again without turning.
    o.button(false);
    o.cursor_moved(10.0, 10.0, 1.0);
    assert_eq!(o.camera(), Camera::new(1.0, -3.0));
    o.button(true);
    o.cursor_moved(5.0, 20.0, 1.0);
    assert_eq!(o.camera(), Camera::new(6.0, -13.0));
}

#[test]
fn first_move_with_the_button_already_down_does_not_jump() {
    let mut o = Orbit::new();
    o.button(true);
    assert!(!o.cursor_moved(400.0, 250.0, 1.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    o.cursor_moved(390.0, 250.0, 1.0);
    assert_eq!(o.camera(), Camera::new(10.0, 0.0));
}

#[test]
fn a_drag_turns_the_same_at_any_scale_factor() {
    // The same 37 x -12 logical-pixel drag, in steps, at scale 1, 1.5 and 2.
    let path = [
        (200.0, 100.0),
        (190.0, 103.0),
        (175.0, 108.0),
        (163.0, 112.0),
    ];
    let drag = |scale: f64| {
        let mut o = Orbit::new();
        o.cursor_moved(path[0].0 * scale, path[0].1 * scale, scale);
        o.button(true);
        for &(x, y) in &path[1..] {
            o.cursor_moved(x * scale, y * scale, scale);
        }
        o.button(false);
        o.camera()
    };
    assert_eq!(drag(1.0), Camera::new(37.0, -12.0));
    assert_eq!(drag(2.0), Camera::new(37.0, -12.0));
    assert_eq!(drag(1.5), Camera::new(37.0, -12.0));
}

#[test]
fn moves_outside_the_window_count_while_held() {
    // Negative and past-the-edge positions arrive while the button is held.
    let mut o = Orbit::new();
    o.cursor_moved(10.0, 10.0, 1.0);
    o.button(true);
    o.cursor_moved(-250.0, -40.0, 1.0);
    o.cursor_moved(-300.0, 900.0, 1.0);
    assert_eq!(o.camera(), Camera::new(310.0, -890.0));
}

#[test]
fn a_scale_change_between_moves_is_not_a_drag() {
    // The window moves to a HiDPI monitor: the same logical spot has a new
    // physical position, and the view must not turn.
    let mut o = Orbit::new();
    o.cursor_moved(100.0, 50.0, 1.0);
    o.button(true);
    assert!(!o.cursor_moved(200.0, 100.0, 2.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
}

#[test]
fn non_finite_positions_and_scales_are_harmless() {
    let mut o = Orbit::new();
    o.cursor_moved(10.0, 10.0, 1.0);
    o.button(true);
    assert!(!o.cursor_moved(f64::NAN, 5.0, 1.0));
    o.cursor_moved(4.0, 6.0, 0.0); // a zero scale is taken as 1
    assert_eq!(o.camera(), Camera::new(6.0, 4.0));
    let c = o.camera();
    assert!(c.r1.is_finite() && c.r2.is_finite());
}

#[test]
fn from_camera_keeps_the_angles() {
    let mut o = Orbit::from_camera(Camera::new(100.0, -50.0));
    o.cursor_moved(0.0, 0.0, 1.0);
    o.button(true);
    o.cursor_moved(-1.0, 1.0, 1.0);
    assert_eq!(o.camera(), Camera::new(101.0, -51.0));
}

#[test]
fn losing_the_focus_ends_the_drag_and_a_later_move_turns_nothing() {
    // Wine's case: press, drag 100 pixels, another window takes the focus,
    // the button is let go over it and no release ever arrives; then the
    // cursor crosses the window with no button down.
    let mut d = Demo::new(Clock::default(), Model::default());
    d.cursor_moved(300.0, 200.0, 1.0);
    d.button(true);
    for k in 1..=4 {
        d.cursor_moved(300.0 + 25.0 * f64::from(k), 200.0, 1.0);
    }
    assert_eq!(d.camera(), Camera::new(-100.0, 0.0));
    assert!(d.focus_lost(), "a drag was on, and ended");
    assert!(!d.orbit().is_pressed());
    // Moves outside after the focus left, and over the window later: none
    // turns the view (the stuck drag would have turned it by -200, -150).
    assert!(!d.cursor_moved(600.0, 350.0, 1.0));
    assert!(!d.cursor_moved(400.0, 300.0, 1.0));
    assert!(!d.cursor_moved(200.0, 100.0, 1.0));
    assert_eq!(d.camera(), Camera::new(-100.0, 0.0));
    // The release that comes late (X11 sends it), or never: either way
    // nothing turns, and the focus lost again ends nothing.
    d.button(false);
    assert!(!d.focus_lost());
    assert_eq!(d.camera(), Camera::new(-100.0, 0.0));
    // A new press counts from the last position seen, with no jump.
    d.button(true);
    assert!(d.cursor_moved(190.0, 110.0, 1.0));
    assert_eq!(d.camera(), Camera::new(-90.0, -10.0));
}

#[test]
fn losing_the_focus_ends_a_drag_paused_or_stopped_alike() {
    let now = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::default());
    d.apply(Action::Toggle(Id::Paused), now);
    assert_eq!(d.state(), RunState::Paused);
    d.cursor_moved(10.0, 10.0, 1.0);
    d.button(true);
    d.cursor_moved(0.0, 0.0, 1.0);
    assert!(d.focus_lost());
    assert!(!d.cursor_moved(-50.0, -50.0, 1.0));
    assert_eq!(d.camera(), Camera::new(10.0, 10.0));
    // Stopped, no drag starts, so the focus lost ends none.
    d.apply(Action::Stop, now);
    d.button(true);
    assert!(!d.focus_lost());
}

#[test]
fn end_drag_is_a_release_that_changes_no_angle() {
    let mut o = Orbit::new();
    assert!(!o.end_drag());
    o.cursor_moved(5.0, 5.0, 1.0);
    o.button(true);
    o.cursor_moved(0.0, 8.0, 1.0);
    assert!(o.end_drag());
    assert_eq!(o.camera(), Camera::new(5.0, -3.0));
    assert_eq!(o.last_position(), Some((0.0, 8.0)));
    assert!(!o.cursor_moved(100.0, 100.0, 1.0));
    assert_eq!(o.camera(), Camera::new(5.0, -3.0));
}

#[test]
fn the_orbit_keeps_the_distance_zoomed_to() {
    use cloth_demo::render::camera::{DISTANCE, MIN_DISTANCE};
    let mut o = Orbit::from_camera(Camera::new(10.0, -20.0).with_distance(7.5));
    assert_eq!(o.camera(), Camera::new(10.0, -20.0).with_distance(7.5));
    // A drag turns, and keeps the distance.
    o.cursor_moved(0.0, 0.0, 1.0);
    o.button(true);
    o.cursor_moved(-5.0, 5.0, 1.0);
    assert_eq!(o.camera(), Camera::new(15.0, -25.0).with_distance(7.5));
    // Zooms change it within the bounds, and say whether they did.
    assert!(o.zoom_notches(1.0));
    assert!((o.camera().distance() - 6.75).abs() < 1e-12);
    assert!(o.zoom(0.01));
    assert_eq!(o.camera().distance(), MIN_DISTANCE);
    assert!(!o.zoom(0.5), "no nearer than the least");
    assert!(!o.zoom(f64::NAN));
    // A drag that was no drag (a long press) goes back to where it began.
    assert!(o.cancel_drag());
    assert_eq!((o.camera().r1, o.camera().r2), (10.0, -20.0));
    assert!(!o.is_pressed());
    assert!(!o.cancel_drag(), "no drag left");
    // Home: the original's view.
    assert!(o.home());
    assert_eq!(o.camera(), Camera::default());
    assert_eq!(o.camera().distance(), DISTANCE);
    assert!(!o.home(), "already there");
    assert_eq!(Orbit::new().camera(), Camera::default());
}
