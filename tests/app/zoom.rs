//! Where the wheel and a pinch zoom (`app::pointer::drags`, `app::demo`):
//! toward what is drawn under the cursor, the cloth, a sphere or the floor
//! (over the black round the scene, the point there on the plane through
//! the camera's target), so that it stays under the cursor while the rest
//! spreads from it; the zoom keys straight ahead; Home back to the
//! original's view.

use std::time::Instant;

use cloth_demo::app::controls::{Action, Id};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::pointer::Wheel;
use cloth_demo::render::camera::{DISTANCE, ZOOM_PER_NOTCH};
use cloth_demo::render::scene::{DRAWN_SPHERE_RADIUS, FLOOR_Y};
use cloth_demo::render::Camera;
use cloth_demo::sim::Scene;

const W: u32 = 792;
const H: u32 = 573;

/// The original, paused at step 0 (the flat sheet at y = 1.5), the
/// drawing area 792 x 573, turned `r2` pixels (negative looks down).
fn demo(r2: f64) -> Demo {
    let mut d = Demo::with_scene(
        Clock::Held(0),
        Scene::Original,
        Scene::Original.model(),
        false,
    );
    d.set_view_size(W, H);
    d.frame(Instant::now());
    d.apply(Action::Toggle(Id::Paused), Instant::now());
    if r2 != 0.0 {
        d.cursor_moved(400.0, 100.0, 1.0);
        d.button(true);
        d.cursor_moved(400.0, 100.0 - r2, 1.0);
        d.button(false);
    }
    assert_eq!(d.camera(), Camera::new(0.0, r2));
    d
}

fn pixel(camera: &Camera, p: [f64; 3]) -> (f64, f64) {
    let [x, y] = camera.project(p, W, H).expect("in view");
    (f64::from(x), f64::from(y))
}

/// The mean of the cloth's points as drawn, pixels.
fn cloth_centre(d: &Demo) -> (f64, f64) {
    let n = d.sim().cloth.n();
    let (mut sx, mut sy) = (0.0, 0.0);
    for j in 0..n {
        for i in 0..n {
            let (x, y) = pixel(&d.camera(), d.sim().cloth.point(j, i));
            sx += x;
            sy += y;
        }
    }
    let count = (n * n) as f64;
    (sx / count, sy / count)
}

fn apart(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The point a zoom by `factor` from the original's target (the origin)
/// headed for: the target moved `1 - factor` of the way there.
fn aimed_at(camera: &Camera, factor: f64) -> [f64; 3] {
    camera.target().map(|c| c / (1.0 - factor))
}

#[test]
fn the_wheel_over_the_cloth_keeps_that_point_under_the_cursor() {
    // Looking down 60 degrees on the flat sheet; the cursor on point
    // (24, 6), a corner of the picture's cloth away from its middle.
    let mut d = demo(-300.0);
    let p = d.sim().cloth.point(24, 6);
    let cursor = pixel(&d.camera(), p);
    let before = cloth_centre(&d);
    d.cursor_moved(cursor.0, cursor.1, 1.0);
    assert!(d.wheel(Wheel::Notches(4.0)));
    let factor = ZOOM_PER_NOTCH.powi(4);
    assert!((d.camera().distance() - DISTANCE * factor).abs() < 1e-12);
    assert_eq!((d.camera().r1, d.camera().r2), (0.0, -300.0), "no turn");
    // The point under the cursor is still there, to a hundredth of a pixel.
    let now = pixel(&d.camera(), p);
    assert!(apart(now, cursor) < 0.01, "{now:?} against {cursor:?}");
    let aim = aimed_at(&d.camera(), factor);
    // (To a millionth: the cursor came from a projection in single
    // precision.)
    assert!(
        (0..3).all(|k| (aim[k] - p[k]).abs() < 1e-6),
        "{aim:?} against {p:?}"
    );
    // The rest spreads from it: the cloth's centre 1.5 times as far from
    // the cursor (1/0.9^4 = 1.52 for a flat picture).
    let wheel = cloth_centre(&d);
    let ratio = apart(wheel, cursor) / apart(before, cursor);
    assert!(
        (1.3..1.7).contains(&ratio),
        "{ratio}: {before:?} -> {wheel:?}"
    );
    // As many notches back come back; Home is the original's view.
    d.wheel(Wheel::Notches(-4.0));
    assert!((d.camera().distance() - DISTANCE).abs() < 1e-12);
    assert!(
        d.camera().target().iter().all(|c| c.abs() < 1e-12),
        "{:?}",
        d.camera()
    );
    d.wheel(Wheel::Notches(2.0));
    d.apply(Action::Home, Instant::now());
    assert_eq!(d.camera(), Camera::default());
}

#[test]
fn over_the_cloth_s_middle_the_wheel_keeps_the_cloth_where_a_zoom_to_the_middle_loses_it() {
    // Looking down, the sheet lies in the picture's upper half; the cursor
    // on its middle point, 10 pixels from the cloth's centre. Four notches
    // toward the cursor keep the centre within 25 pixels of it (22: the
    // sheet's near edge grows faster than its far one); four toward the
    // picture's middle (the keys, and the wheel before it aimed) push it
    // up, 58 pixels from the cursor: over 50, and twice as far.
    let mut wheel = demo(-300.0);
    let cursor = pixel(&wheel.camera(), wheel.sim().cloth.point(16, 16));
    let before = cloth_centre(&wheel);
    assert!(cursor.1 < f64::from(H) / 2.0 - 100.0, "{cursor:?}");
    wheel.cursor_moved(cursor.0, cursor.1, 1.0);
    wheel.wheel(Wheel::Notches(4.0));
    let mut keys = demo(-300.0);
    for _ in 0..4 {
        keys.apply(Action::ZoomIn, Instant::now());
    }
    assert_eq!(
        keys.camera().target(),
        [0.0; 3],
        "the keys zoom straight ahead"
    );
    assert!((keys.camera().distance() - wheel.camera().distance()).abs() < 1e-12);
    let (aimed, middle) = (cloth_centre(&wheel), cloth_centre(&keys));
    assert!(
        apart(aimed, cursor) < 25.0,
        "{before:?} -> {aimed:?}, cursor {cursor:?}"
    );
    assert!(
        apart(middle, cursor) > 50.0 && apart(middle, cursor) > 2.0 * apart(aimed, cursor),
        "toward the middle {middle:?}, toward the cursor {aimed:?}, cursor {cursor:?}"
    );
}

#[test]
fn the_wheel_over_a_sphere_the_floor_or_the_black_aims_there() {
    let factor = ZOOM_PER_NOTCH;
    // A sphere: the cursor on the first's centre, as drawn.
    let mut d = demo(0.0);
    let centre = d.sim().spheres.centres[0];
    let (x, y) = pixel(&d.camera(), centre);
    d.cursor_moved(x, y, 1.0);
    assert!(d.wheel(Wheel::Notches(1.0)));
    let aim = aimed_at(&d.camera(), factor);
    let from_centre = (0..3)
        .map(|k| (aim[k] - centre[k]).powi(2))
        .sum::<f64>()
        .sqrt();
    assert!(
        (from_centre - DRAWN_SPHERE_RADIUS).abs() < 1e-9,
        "{aim:?} {centre:?}"
    );
    assert!(aim[2] > centre[2], "its near side");
    // The floor: near the bottom of the picture.
    let mut d = demo(0.0);
    d.cursor_moved(300.0, 560.0, 1.0);
    d.wheel(Wheel::Notches(1.0));
    let aim = aimed_at(&d.camera(), factor);
    assert!((aim[1] - FLOOR_Y).abs() < 1e-9, "{aim:?}");
    assert!(apart(pixel(&d.camera(), aim), (300.0, 560.0)) < 0.01);
    // The black above the scene: the plane through the target (the
    // origin) facing the camera, z = 0.
    let mut d = demo(0.0);
    d.cursor_moved(20.0, 20.0, 1.0);
    d.wheel(Wheel::Notches(1.0));
    let aim = aimed_at(&d.camera(), factor);
    assert!(
        aim[2].abs() < 1e-9 && aim[0] < -1.0 && aim[1] > 1.0,
        "{aim:?}"
    );
    assert!(apart(pixel(&d.camera(), aim), (20.0, 20.0)) < 0.01);
    // A pinch zooms toward the fingers' midpoint, the cursor left alone.
    let mut d = demo(0.0);
    d.cursor_moved(20.0, 20.0, 1.0);
    assert!(d.zoom_at(0.5, 300.0, 560.0));
    let aim = aimed_at(&d.camera(), 0.5);
    assert!((aim[1] - FLOOR_Y).abs() < 1e-9, "{aim:?}");
    // Stopped, nothing zooms.
    d.apply(Action::Stop, Instant::now());
    assert!(!d.zoom_at(0.5, 300.0, 560.0));
}

#[test]
fn beside_the_window_s_panel_the_wheel_keeps_the_point_under_the_cursor() {
    // The scene drawn right of a 300-pixel panel: the cursor comes in the
    // window's pixels, the scene's area starting 300 in.
    let (left, w) = (300, W - 300);
    let mut d = demo(-300.0);
    d.set_view_area(left, w, H);
    let p = d.sim().cloth.point(24, 6);
    let [x, y] = d.camera().project(p, w, H).expect("in view");
    let cursor = (f64::from(x) + f64::from(left), f64::from(y));
    d.cursor_moved(cursor.0, cursor.1, 1.0);
    assert!(d.wheel(Wheel::Notches(4.0)));
    let [x, y] = d.camera().project(p, w, H).expect("in view");
    let now = (f64::from(x) + f64::from(left), f64::from(y));
    assert!(apart(now, cursor) < 0.01, "{now:?} against {cursor:?}");
}
