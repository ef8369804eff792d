//! The knife (`app::pointer::drags`, X): with it on, the grab's drag
//! (right-drag, Control and the left, a touch held still) cuts the
//! springs its moves cross on the picture instead of grabbing; a stroke
//! across the hanging curtain leaves it in two pieces, and the lower
//! falls.

use std::time::Instant;

use cloth_demo::app::controls::{Action, Id, Value};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::pointer::{Button, DragEnd, Pressed};
use cloth_demo::sim::{Scene, Simulation, Solver};

use crate::drags::{CTRL, H, NONE, W};

/// The curtain under XPBD after 60 steps, paused, the drawing area
/// 792 x 573, the original's view.
fn curtain() -> Demo {
    let scene = Scene::Curtain;
    let mut model = scene.model();
    model.solver = Solver::Xpbd;
    let mut d = Demo::with_scene(Clock::Held(60), scene, model, false);
    d.set_view_size(W, H);
    d.frame(Instant::now());
    d.apply(Action::Toggle(Id::Paused), Instant::now());
    d
}

/// How many pieces the cloth is in (`Torn::pieces`).
pub fn pieces(sim: &Simulation) -> usize {
    sim.torn().pieces().iter().max().map_or(0, |m| m + 1)
}

/// Where point `(j, i)` is drawn.
fn pixel_of(d: &Demo, (j, i): (usize, usize)) -> (f64, f64) {
    let [x, y] = d
        .camera()
        .project(d.sim().cloth.point(j, i), W, H)
        .expect("in view");
    (f64::from(x), f64::from(y))
}

#[test]
fn x_turns_the_knife_on_and_off() {
    let mut d = curtain();
    assert_eq!(d.value(Id::Knife), Some(Value::On(false)));
    assert!(!d.status().contains(&"knife".to_string()));
    d.apply(Action::Toggle(Id::Knife), Instant::now());
    assert_eq!(d.value(Id::Knife), Some(Value::On(true)));
    // The title (the page's caption) says so, as it says the springs view.
    assert_eq!(d.status().last().map(String::as_str), Some("knife"));
    d.set(Id::Knife, Value::On(false), Instant::now());
    assert_eq!(d.value(Id::Knife), Some(Value::On(false)));
    assert!(!d.status().contains(&"knife".to_string()));
    // A restart keeps it, as it keeps the view.
    d.set(Id::Knife, Value::On(true), Instant::now());
    d.apply(Action::Restart, Instant::now());
    assert_eq!(d.value(Id::Knife), Some(Value::On(true)));
}

#[test]
fn a_knife_stroke_across_the_curtain_cuts_it_in_two_and_the_lower_piece_falls() {
    let mut d = curtain();
    let n = d.sim().cloth.n();
    d.apply(Action::Toggle(Id::Knife), Instant::now());
    // Across the picture halfway down the curtain, in short moves.
    let y = (pixel_of(&d, (n / 2 - 1, n / 2)).1 + pixel_of(&d, (n / 2, n / 2)).1) / 2.0;
    d.cursor_moved(0.0, y, 1.0);
    assert_eq!(d.press(Button::Right, NONE), Pressed::Cutting);
    assert!(d.sim().held().is_none(), "the knife holds nothing");
    for x in (1..=99).map(|k| f64::from(W) * f64::from(k) / 99.0) {
        d.cursor_moved(x, y, 1.0);
    }
    let cut = d.sim().torn().len();
    assert_eq!(d.release(Button::Right, NONE), Some(DragEnd::Cut(cut)));
    assert!(cut >= n, "{cut} springs cut");
    assert_eq!(pieces(d.sim()), 2, "the curtain in two pieces");
    // Every spring cut joins a row above the stroke to one below.
    for s in d.sim().torn().iter() {
        assert!(
            s.j < n / 2 && s.j as isize + s.dj >= (n / 2) as isize,
            "{s:?}"
        );
    }
    // Moves after the release cut nothing.
    d.cursor_moved(f64::from(W) / 2.0, 0.0, 1.0);
    d.cursor_moved(f64::from(W) / 2.0, f64::from(H), 1.0);
    assert_eq!(d.sim().torn().len(), cut);
    // The lower piece falls: its hem well below where it hung.
    let hem = |d: &Demo| {
        (0..n)
            .map(|i| d.sim().cloth.point(n - 1, i)[1])
            .fold(f64::MAX, f64::min)
    };
    let hung = hem(&d);
    for _ in 0..120 {
        d.apply(Action::Step, Instant::now());
    }
    assert!(hem(&d) < hung - 1.0, "hem from {hung} to {}", hem(&d));
    assert_eq!(pieces(d.sim()), 2);
}

#[test]
fn with_the_knife_control_and_the_left_button_and_a_long_touch_cut_too() {
    let mut d = curtain();
    d.apply(Action::Toggle(Id::Knife), Instant::now());
    let (x, y) = pixel_of(&d, (16, 16));
    d.cursor_moved(x, y, 1.0);
    assert_eq!(d.press(Button::Left, CTRL), Pressed::Cutting);
    // Another press while the knife is drawn does nothing.
    assert_eq!(d.press(Button::Right, NONE), Pressed::Ignored);
    d.cursor_moved(x + 40.0, y, 1.0);
    assert!(!d.sim().torn().is_empty());
    assert!(matches!(
        d.release(Button::Left, CTRL),
        Some(DragEnd::Cut(_))
    ));
    // The left button alone still turns the view.
    assert_eq!(d.press(Button::Left, NONE), Pressed::Orbit);
    assert_eq!(d.release(Button::Left, NONE), Some(DragEnd::Orbit));
    // A touch held still draws the knife; the focus lost lifts it.
    d.button(true);
    assert!(d.long_press());
    let before = d.sim().torn().len();
    let (x, y) = pixel_of(&d, (8, 8));
    d.cursor_moved(x, y - 5.0, 1.0);
    d.cursor_moved(x, y + 5.0, 1.0);
    assert!(d.sim().torn().len() > before);
    assert!(d.focus_lost());
    let after = d.sim().torn().len();
    d.cursor_moved(x + 30.0, y, 1.0);
    assert_eq!(d.sim().torn().len(), after);
    // Off, the right button grabs again.
    d.apply(Action::Toggle(Id::Knife), Instant::now());
    let (x, y) = pixel_of(&d, (20, 20));
    d.cursor_moved(x, y, 1.0);
    assert!(matches!(d.press(Button::Right, NONE), Pressed::Grabbed(..)));
}
