//! The picking tests: rays, hits and picks against where the camera draws
//! the cloth's points.

use super::*;
use crate::sim::Simulation;

const W: u32 = 792;
const H: u32 = 573;

fn no_holes(_: usize, _: usize, _: bool) -> bool {
    false
}

/// Where `camera` puts `p` in the default picture, as `f64`.
fn projected(camera: &Camera, p: [f64; 3]) -> (f64, f64) {
    let [x, y] = camera.project(p, W, H).expect("in view");
    (f64::from(x), f64::from(y))
}

/// `frac` of the way from point `a` to point `b` of `cloth`.
fn between(cloth: &Cloth, a: (usize, usize), b: (usize, usize), frac: f64) -> [f64; 3] {
    let (p, q) = (cloth.point(a.0, a.1), cloth.point(b.0, b.1));
    std::array::from_fn(|k| p[k] + frac * (q[k] - p[k]))
}

fn close(a: [f64; 3], b: [f64; 3], tol: f64) -> bool {
    (0..3).all(|k| (a[k] - b[k]).abs() <= tol)
}

fn cameras() -> [Camera; 5] {
    [
        Camera::default(),
        Camera::new(200.0, -100.0),
        Camera::new(-150.0, 60.0),
        Camera::new(0.0, -450.0).with_distance(3.0),
        Camera::new(500.0, -300.0).with_distance(12.0),
    ]
}

#[test]
fn the_flat_sheet_picks_the_point_under_its_projection() {
    let cloth = Simulation::new().cloth;
    for camera in cameras() {
        for (j, i) in [(16, 16), (5, 20), (30, 3), (1, 1), (12, 29)] {
            let (x, y) = projected(&camera, cloth.point(j, i));
            let got = pick(&camera, W, H, x, y, &cloth, no_holes);
            assert_eq!(got, Some((j, i)), "{camera:?} at ({x}, {y})");
        }
        // The corners and edges: a quarter of the way into their quad,
        // where the corner is still the nearest point.
        for (corner, inward) in [
            ((0, 0), (1, 1)),
            ((0, 31), (1, 30)),
            ((31, 0), (30, 1)),
            ((31, 31), (30, 30)),
            ((0, 17), (1, 16)),
        ] {
            let (x, y) = projected(&camera, between(&cloth, corner, inward, 0.25));
            let got = pick(&camera, W, H, x, y, &cloth, no_holes);
            assert_eq!(got, Some(corner), "{camera:?} at ({x}, {y})");
        }
    }
    // The centre of the pixel the middle point lands in.
    let camera = Camera::default();
    let (x, y) = projected(&camera, cloth.point(16, 16));
    let (x, y) = (x.floor() + 0.5, y.floor() + 0.5);
    assert_eq!(pick(&camera, W, H, x, y, &cloth, no_holes), Some((16, 16)));
}

#[test]
fn pixels_off_the_cloth_miss() {
    let cloth = Simulation::new().cloth;
    let camera = Camera::default();
    // The sky above, the floor below the sheet (seen from underneath),
    // the picture's corners, and points off the picture.
    for (x, y) in [
        (0.5, 0.5),
        (396.0, 500.0),
        (791.5, 572.5),
        (5.0, 300.0),
        (-100.0, 200.0),
        (396.0, 1e6),
    ] {
        assert_eq!(
            pick(&camera, W, H, x, y, &cloth, no_holes),
            None,
            "({x}, {y})"
        );
    }
    let (x, y) = projected(&camera, cloth.point(16, 16));
    assert_eq!(pick(&camera, 0, H, x, y, &cloth, no_holes), None);
    assert_eq!(pick(&camera, W, 0, x, y, &cloth, no_holes), None);
    assert_eq!(pick(&camera, W, H, f64::NAN, y, &cloth, no_holes), None);
    assert_eq!(
        pick(&camera, W, H, x, f64::INFINITY, &cloth, no_holes),
        None
    );
    // Every triangle a hole: nothing to pick.
    assert_eq!(pick(&camera, W, H, x, y, &cloth, |_, _, _| true), None);
}

/// An 8 x 8 cloth folded over itself: rows 0 to 3 lie flat at height
/// 0, rows 7 down to 4 lie right over them at height 0.3 (row 4 over
/// row 3, row 7 over row 0), joined by an upright fold between rows 3
/// and 4.
fn folded() -> Cloth {
    let mut points = Vec::new();
    for j in 0..8 {
        let (k, y) = if j < 4 { (j, 0.0) } else { (7 - j, 0.3) };
        for i in 0..8 {
            points.push([(i as f64 - 3.5) * 0.2, y, (k as f64 - 1.5) * 0.2]);
        }
    }
    Cloth::from_points(&points).unwrap()
}

#[test]
fn a_folded_cloth_picks_the_layer_nearer_the_camera() {
    let cloth = folded();
    let above = Camera::new(10.0, -400.0);
    let below = Camera::new(10.0, 400.0);
    assert!(above.position()[1] > 1.0 && below.position()[1] < -1.0);
    for (lower, upper) in [((1, 2), (6, 2)), ((2, 5), (5, 5)), ((0, 0), (7, 0))] {
        for (camera, near, far) in [(above, upper, lower), (below, lower, upper)] {
            let (x, y) = projected(&camera, cloth.point(far.0, far.1));
            let got = pick(&camera, W, H, x, y, &cloth, no_holes);
            // The corner point's own pixel may fall just outside the
            // sheet, so the edge points are checked a little way in.
            if far.1 != 0 {
                assert_eq!(got, Some(near), "{camera:?}, under {far:?}");
            }
            let (x, y) = projected(&camera, between(&cloth, far, (far.0, far.1 + 1), 0.2));
            let got = pick(&camera, W, H, x, y, &cloth, no_holes);
            assert_eq!(got, Some(near), "{camera:?}, by {far:?}");
        }
    }
    // A hole in the upper layer shows the lower one through it.
    let camera = above;
    // Under lower quad (1, 2), a quarter of the way from its corner
    // [2][2] to [1][3]; over it, upper quad (5, 2), by [5][2].
    let (x, y) = projected(&camera, between(&cloth, (2, 2), (1, 3), 0.25));
    assert_eq!(pick(&camera, W, H, x, y, &cloth, no_holes), Some((5, 2)));
    let torn = |j, i, _| (j, i) == (5, 2);
    assert_eq!(pick(&camera, W, H, x, y, &cloth, torn), Some((2, 2)));
}

#[test]
fn hits_report_the_triangle_and_the_point() {
    let cloth = Simulation::new().cloth;
    let camera = Camera::new(40.0, -200.0);
    // A third of the way across quad (10, 20)'s second triangle.
    let target: [f64; 3] = {
        let [a, b, c] = corners(10, 20, true).map(|(j, i)| cloth.point(j, i));
        std::array::from_fn(|k| (a[k] + b[k] + c[k]) / 3.0)
    };
    let (x, y) = projected(&camera, target);
    let ray = Ray::through_pixel(&camera, W, H, x, y).unwrap();
    let h = hit(&camera, &ray, &cloth, no_holes).unwrap();
    assert_eq!((h.quad, h.second), ((10, 20), true));
    assert!(close(h.point, target, 1e-4), "{h:?}");
    assert!(close(ray.at(h.t), h.point, 1e-12));
}

#[test]
fn degenerate_triangles_and_bad_points_are_skipped() {
    let camera = Camera::default();
    // A sheet crushed to a point, and one crushed to a line across the
    // view: no area anywhere.
    let point = Cloth::from_points(&[[0.0, 0.0, 0.0]; 16]).unwrap();
    let line: Vec<[f64; 3]> = (0..16).map(|k| [k as f64 * 0.1 - 0.8, 0.0, 0.0]).collect();
    let line = Cloth::from_points(&line).unwrap();
    let nan = Cloth::from_points(&[[f64::NAN, 0.0, 0.0]; 16]).unwrap();
    for cloth in [point, line, nan] {
        for (x, y) in [(396.0, 286.5), (396.5, 286.5), (400.0, 286.0)] {
            assert_eq!(pick(&camera, W, H, x, y, &cloth, no_holes), None);
        }
    }
    // One quad collapsed in a flat sheet: its neighbours are still
    // picked, and through it nothing.
    let mut cloth = Simulation::new().cloth;
    let k = 16 * 32 + 16;
    for kk in [k, k + 1, k + 32, k + 33] {
        (cloth.x[kk], cloth.y[kk], cloth.z[kk]) = (0.0, 1.5, 0.0);
    }
    let (x, y) = projected(&camera, cloth.point(16, 18));
    assert_eq!(pick(&camera, W, H, x, y, &cloth, no_holes), Some((16, 18)));
}

#[test]
fn nothing_nearer_than_the_near_plane_is_picked() {
    // A small sheet standing across the view 0.5 in front of a camera
    // 2 back: clipped away in the picture, so not picked; at the origin
    // it is.
    let sheet = |z: f64| {
        let points: Vec<[f64; 3]> = (0..9)
            .map(|k| [(k % 3) as f64 * 0.1 - 0.1, (k / 3) as f64 * 0.1 - 0.1, z])
            .collect();
        Cloth::from_points(&points).unwrap()
    };
    let camera = Camera::default().with_distance(2.0);
    assert_eq!(
        pick(&camera, W, H, 396.0, 286.0, &sheet(1.5), no_holes),
        None
    );
    assert_eq!(
        pick(&camera, W, H, 396.0, 286.0, &sheet(0.0), no_holes),
        Some((1, 1))
    );
    // Behind the camera: never.
    assert_eq!(
        pick(&camera, W, H, 396.0, 286.0, &sheet(3.0), no_holes),
        None
    );
}

#[test]
fn a_ray_through_a_projected_point_meets_its_plane_there() {
    let cloth = {
        let mut sim = Simulation::new();
        sim.run(40);
        sim.cloth
    };
    for camera in cameras() {
        let view = camera.view_direction();
        for (j, i) in [(0, 0), (16, 16), (31, 7), (20, 30)] {
            let p = cloth.point(j, i);
            let (x, y) = projected(&camera, p);
            let ray = Ray::through_pixel(&camera, W, H, x, y).unwrap();
            assert_eq!(ray.origin, camera.position());
            let got = ray.point_on_plane(p, view).unwrap();
            assert!(close(got, p, 1e-4), "{camera:?}: {got:?} for {p:?}");
            // Any normal that is not parallel to the ray will do.
            let got = ray.point_on_plane(p, [0.3, 1.0, -0.2]).unwrap();
            assert!(close(got, p, 1e-4), "{camera:?}: {got:?} for {p:?}");
        }
    }
    let camera = Camera::default();
    let ray = Ray::through_pixel(&camera, W, H, 396.0, 286.5).unwrap();
    assert!(close(ray.direction, [0.0, 0.0, -1.0], 1e-12), "{ray:?}");
    // Parallel: a plane containing the ray's direction.
    assert_eq!(ray.point_on_plane([0.0; 3], [1.0, 0.0, 0.0]), None);
    assert_eq!(ray.point_on_plane([0.0; 3], [0.0; 3]), None);
    // Behind the camera.
    assert_eq!(ray.point_on_plane([0.0, 0.0, 6.0], [0.0, 0.0, 1.0]), None);
    assert_eq!(
        ray.point_on_plane([0.0, 0.0, f64::NAN], [0.0, 0.0, 1.0]),
        None
    );
    // In front, facing either way.
    assert_eq!(
        ray.point_on_plane([0.0, 0.0, -1.0], [0.0, 0.0, -1.0]),
        Some([0.0, 0.0, -1.0])
    );
}
