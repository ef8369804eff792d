//! The rod a curtain hangs from and a flag's pole, as faces that
//! [`super::scene`] colours and draws: under
//! [`crate::sim::Pins::Top`] (the curtain's and the flag's
//! pins) a square bar along the pinned `j = 0` row, in the scene's flat
//! colours, its sides light grey and its ends dark grey like the floor's
//! squares. The pinned points never move, so neither does the bar; the
//! cloth's top edge runs through its middle. Nothing for any other pins:
//! the original and the drape, pinned nowhere, draw exactly as before.
#![forbid(unsafe_code)]

use glam::DVec3;

use crate::sim::{Cloth, Pins};

/// The bar's half thickness, world units: a quarter of the 32 x 32
/// sheet's spacing (0.1), so it hides the top row's edge and little else.
pub const HALF_THICKNESS: f64 = 0.025;
/// How far the bar runs past each end of the pinned row, world units.
pub const OVERHANG: f64 = 0.06;

/// A face of the bar: its four corners in order round it, and whether it
/// is an end (drawn dark grey) or a side (light grey).
pub type Face = ([[f64; 3]; 4], bool);

/// Vertices the bar for `pins` adds to a frame: 36 (six faces of two
/// triangles) under [`Pins::Top`], else 0.
pub fn vertex_count(pins: Pins) -> usize {
    6 * faces_for(pins)
}

fn faces_for(pins: Pins) -> usize {
    if pins == Pins::Top {
        6
    } else {
        0
    }
}

/// The bar for `pins` along `cloth`'s `j = 0` row, as its six faces (the
/// four sides, then the two ends): from [`OVERHANG`] before point
/// `[0][0]` to as far past `[0][n-1]`, [`HALF_THICKNESS`] each way across.
/// None unless `pins` is [`Pins::Top`], or when the row's ends coincide or
/// are not finite.
pub fn faces(cloth: &Cloth, pins: Pins) -> Vec<Face> {
    if faces_for(pins) == 0 {
        return Vec::new();
    }
    let n = cloth.n();
    let (a, b) = (
        DVec3::from(cloth.point(0, 0)),
        DVec3::from(cloth.point(0, n - 1)),
    );
    let Some(axis) = (b - a).try_normalize() else {
        return Vec::new();
    };
    // Across: level and square to the bar, then square to both.
    let across = axis.cross(DVec3::Y).try_normalize().unwrap_or(DVec3::Z);
    let up = across.cross(axis);
    let (a, b) = (a - axis * OVERHANG, b + axis * OVERHANG);
    let corner =
        |end: DVec3, (s, t): (f64, f64)| (end + (across * s + up * t) * HALF_THICKNESS).to_array();
    let ring = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)];
    let mut out: Vec<Face> = (0..4)
        .map(|k| {
            let (r0, r1) = (ring[k], ring[(k + 1) % 4]);
            (
                [corner(a, r0), corner(b, r0), corner(b, r1), corner(a, r1)],
                false,
            )
        })
        .collect();
    out.extend([a, b].map(|end| (ring.map(|r| corner(end, r)), true)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Scene;

    #[test]
    fn a_bar_along_the_pinned_row_only_under_top_pins() {
        let cloth = Scene::Curtain.start_cloth();
        let f = faces(&cloth, Pins::Top);
        assert_eq!(6 * f.len(), vertex_count(Pins::Top));
        assert_eq!(f.iter().filter(|(_, end)| *end).count(), 2);
        let v: Vec<[f64; 3]> = f.iter().flat_map(|(corners, _)| *corners).collect();
        let (a, b) = (cloth.point(0, 0), cloth.point(0, 31));
        let xs = v.iter().map(|p| p[0]);
        let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
        assert!((lo - (a[0] - OVERHANG)).abs() < 1e-6 && (hi - (b[0] + OVERHANG)).abs() < 1e-6);
        for p in &v {
            let (dy, dz) = (p[1] - a[1], p[2] - a[2]);
            assert!((dy.abs() - HALF_THICKNESS).abs() < 1e-6, "{p:?}");
            assert!((dz.abs() - HALF_THICKNESS).abs() < 1e-6, "{p:?}");
        }
        for pins in [Pins::None, Pins::Corners] {
            assert!(faces(&cloth, pins).is_empty() && vertex_count(pins) == 0);
        }
    }
}
