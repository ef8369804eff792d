//! `render --look-at X,Y,Z`: the camera looks at (and turns about) that
//! point, `--distance` back from it, as the wheel's zoom toward a point
//! leaves the window's view. The point lands in the picture's middle, and
//! the cloth where that camera projects it; at the origin, the default
//! picture to the pixel.

use super::pixels::{assert_matches_reference, frac, match_cloth, render, sim_after};
use crate::common::{classify_rgb, Colour};

use cloth_demo::render::Camera;

const W: u32 = 792;
const H: u32 = 573;

#[test]
fn look_at_puts_the_point_in_the_middle_and_the_cloth_where_the_camera_projects_it() {
    let steps = 250;
    let sim = sim_after(steps);
    let plain = render(steps, &[]);
    let origin = render(steps, &["--look-at", "0,0,0"]);
    assert!(
        plain.rgba == origin.rgba,
        "--look-at 0,0,0 is the default view"
    );
    // A point of the draped cloth, nearer, from above.
    let p = sim.cloth.point(20, 12);
    let at = format!("{},{},{}", p[0], p[1], p[2]);
    let image = render(
        steps,
        &["--look-at", &at, "--distance", "2.5", "--orbit", "40,-150"],
    );
    let middle = image.pixel(W / 2, H / 2).unwrap();
    let want = if (20 ^ 12) & 1 == 0 {
        Colour::Yellow
    } else {
        Colour::Blue
    };
    // The middle pixel is on the point's own quads, a corner of four: a
    // cloth colour.
    let got = classify_rgb([middle[0], middle[1], middle[2]]);
    assert!(
        matches!(got, Some(Colour::Yellow | Colour::Blue)),
        "the middle is {middle:?}, not cloth ({want:?} or its neighbour)"
    );
    let camera = Camera::new(40.0, -150.0).with_distance(2.5).with_target(p);
    let [x, y] = camera.project(p, W, H).unwrap();
    assert!(
        (x - 396.0).abs() < 1e-3 && (y - 286.5).abs() < 1e-3,
        "{x} {y}"
    );
    let m = match_cloth(&image, &sim, &camera);
    assert_matches_reference(&m, 100, &format!("--look-at {at}"));
    // The camera looking at the origin from there does not explain it.
    let origin = match_cloth(&image, &sim, &Camera::new(40.0, -150.0).with_distance(2.5));
    assert!(frac(origin.agree, origin.on_screen) < 0.6, "{origin:?}");
}
