//! Shading (`--shade`): two-sided diffuse light from a fixed lamp, flat per
//! face, as other cloth programs draw their cloth so its folds show.
//!
//! Each triangle's colour (its checker colour, as flat drawing gives it) is
//! scaled by [`factor`]: [`AMBIENT`] plus the rest times how squarely the
//! triangle faces the light, `|n . l|` for its unit face normal `n` and the
//! unit direction to the light `l` ([`LIGHT`]), so a face turned away
//! darkens to [`AMBIENT`] when edge-on to the light. Two-sided: a face lit
//! from behind is lit as much (the cloth has no outside). No smoothing:
//! every pixel of a triangle has its one colour.
//!
//! `|n . l|` is rounded to one of [`LEVELS`] steps, so a shaded picture
//! holds a known, small set of colours ([`colours`]): an animated GIF's
//! palette has every one of them exactly, and the picture is the same
//! whatever the GPU's interpolation. The light is fixed in the world, not
//! to the camera: turning the view does not change a face's colour.
//!
//! Computed on the CPU into the vertex colours, so it works unchanged with
//! every shader dialect (`shaders/`), in the window, headless and in the
//! browser.
#![forbid(unsafe_code)]

/// The direction to the light, world units, not normalised: up, to the
/// left and towards the camera: the floor and the flat sheet face it at
/// 0.86 (shown at 0.91 of their colour), a curtain facing the camera at
/// 0.43 (shown at 0.58).
pub const LIGHT: [f32; 3] = [-0.3, 1.0, 0.5];

/// The light a face gets edge-on to the light (or turned fully away):
/// a quarter of its colour.
pub const AMBIENT: f32 = 0.25;

/// Steps of brightness `|n . l|` is rounded to (so `LEVELS + 1` values,
/// `0, 1/LEVELS, ..., 1`).
pub const LEVELS: u32 = 16;

/// How much of its colour a triangle `a, b, c` shows, from [`AMBIENT`]
/// (edge-on to the light) to 1 (square to it): `AMBIENT + (1 - AMBIENT) q`
/// with `q` the rounded `|n . l|` (see the module). A degenerate triangle
/// (no area, no normal) gets [`AMBIENT`].
pub fn factor(a: [f32; 3], b: [f32; 3], c: [f32; 3]) -> f32 {
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let dot = n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let light = (LIGHT[0] * LIGHT[0] + LIGHT[1] * LIGHT[1] + LIGHT[2] * LIGHT[2]).sqrt();
    let facing = if len > 0.0 {
        (dot.abs() / (len * light)).min(1.0)
    } else {
        0.0
    };
    level_factor((facing * LEVELS as f32).round() as u32)
}

/// The factor for brightness step `level` (0 to [`LEVELS`]).
pub fn level_factor(level: u32) -> f32 {
    AMBIENT + (1.0 - AMBIENT) * level.min(LEVELS) as f32 / LEVELS as f32
}

/// The factor a face with unit normal `n` gets (for tests and docs: the
/// same rule as [`factor`]).
pub fn factor_for_normal(n: [f32; 3]) -> f32 {
    factor([0.0; 3], perpendicular(n).0, perpendicular(n).1)
}

/// Two vectors spanning the plane normal to `n`, in the order whose cross
/// product points along `n`.
fn perpendicular(n: [f32; 3]) -> ([f32; 3], [f32; 3]) {
    let cross = |a: [f32; 3], b: [f32; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let other = if n[0].abs() < 0.9 {
        [1.0, 0.0, 0.0]
    } else {
        [0.0, 1.0, 0.0]
    };
    let u = cross(other, n);
    let v = cross(n, u);
    (u, v)
}

/// `col` scaled by `factor`.
pub fn scale(col: [f32; 3], factor: f32) -> [f32; 3] {
    col.map(|c| c * factor)
}

/// Every colour a shaded picture can hold, as bytes (both roundings of a
/// channel that falls halfway): each of `base` at each brightness step.
pub fn colours(base: &[[f32; 3]]) -> Vec<[u8; 3]> {
    let mut out: Vec<[u8; 3]> = Vec::new();
    for level in 0..=LEVELS {
        let f = level_factor(level);
        for &col in base {
            push_roundings(&mut out, scale(col, f));
        }
    }
    out
}

/// Add `col`'s 8-bit colour rounded down and rounded up to `out`, each
/// unless it is there already: a palette that holds whatever a GL's
/// rounding of `col` to 8 bits gives.
pub(super) fn push_roundings(out: &mut Vec<[u8; 3]>, col: [f32; 3]) {
    for round in [f32::floor, f32::ceil] {
        let rgb = col.map(|c| round(c * 255.0).clamp(0.0, 255.0) as u8);
        if !out.contains(&rgb) {
            out.push(rgb);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_darken_as_they_turn_from_the_light() {
        let up = factor_for_normal([0.0, 1.0, 0.0]);
        let front = factor_for_normal([0.0, 0.0, 1.0]);
        // |(0,1,0).(-0.3,1,0.5)| / |l| = 1 / 1.1576 = 0.864 -> 14/16.
        assert_eq!(up, level_factor(14));
        // 0.5 / 1.1576 = 0.432 -> 7/16.
        assert_eq!(front, level_factor(7));
        // Square to the light: full colour; edge-on: ambient.
        let l = 1.0 / (0.09f32 + 1.0 + 0.25).sqrt();
        assert_eq!(factor_for_normal(LIGHT.map(|c| c * l)), 1.0);
        assert_eq!(factor_for_normal([1.0 * l, 0.3 * l, 0.0]), AMBIENT);
        // Two-sided.
        assert_eq!(factor_for_normal([0.0, -1.0, 0.0]), up);
        assert_eq!(factor([0.0; 3], [0.0; 3], [1.0, 0.0, 0.0]), AMBIENT);
    }
}
