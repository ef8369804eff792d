//! The rod and the pole (`render::rod`): the curtain and the flag drawn
//! hanging from a light grey bar along their pinned top row, in the
//! scene's flat colours, where the picture before had only the cloth's
//! edge and the black behind it. The original and the drape have none:
//! their pictures are the README's and the docs' to the byte
//! (`tests/program/assets.rs`).

use super::pixels::render;
use crate::common::{classify_rgb, Colour};

use cloth_demo::render::rod::{HALF_THICKNESS, OVERHANG};
use cloth_demo::render::Camera;
use cloth_demo::sim::Scene;

const W: u32 = 792;
const H: u32 = 573;

#[test]
fn the_curtain_and_the_flag_hang_from_a_light_grey_bar() {
    for (scene, orbit) in [(Scene::Curtain, (0.0, 0.0)), (Scene::Flag, (0.0, -150.0))] {
        let cloth = scene.start_cloth();
        let camera = Camera::new(orbit.0, orbit.1);
        let image = render(
            0,
            &[
                "--scene",
                &scene.to_string(),
                "--flat",
                &format!("--orbit={},{}", orbit.0, orbit.1),
            ],
        );
        let colour = |p: [f64; 3]| {
            let [x, y] = camera.project(p, W, H).expect("in view");
            let px = image.pixel(x as u32, y as u32).unwrap();
            classify_rgb([px[0], px[1], px[2]])
        };
        // Along the row, just above the cloth's edge (towards the camera's
        // up), and past each end, where there is no cloth: the bar.
        let n = cloth.n();
        let mut grey = 0;
        let mut checked = 0;
        for i in (0..n).step_by(4).chain([n - 1]) {
            let p = cloth.point(0, i);
            let above = [p[0], p[1] + 0.8 * HALF_THICKNESS, p[2]];
            checked += 1;
            grey += usize::from(colour(above) == Some(Colour::LightGrey));
        }
        assert!(
            grey * 10 >= checked * 8,
            "{scene}: {grey} of {checked} points on the bar grey"
        );
        for (end, sign) in [(cloth.point(0, 0), -1.0), (cloth.point(0, n - 1), 1.0)] {
            let past = [end[0] + sign * OVERHANG * 0.6, end[1], end[2]];
            let got = colour(past);
            assert!(
                matches!(got, Some(Colour::LightGrey | Colour::DarkGrey)),
                "{scene}: past the row's end {got:?}"
            );
        }
    }
}
