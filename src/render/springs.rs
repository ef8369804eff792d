//! The springs view (`--springs`, key W): the cloth drawn as its springs,
//! each a line coloured by its strain, over the scene dimmed.
//!
//! A spring from point `a` to `b` with rest length `rest` has strain
//! `s = |b - a| / rest - 1`: 0 at rest, above 0 stretched, below 0
//! squashed. Its line is white at rest, turning red as it stretches and
//! blue as it squashes, full red at `s >= FULL_STRAIN` and full blue at
//! `s <= -FULL_STRAIN` ([`FULL_STRAIN`]), linear between, in [`LEVELS`]
//! steps each way, so a picture holds a known, small set of colours
//! ([`colours`]), as shading does. Every spring the model has
//! ([`crate::sim::general::springs`]: the eight, or four without
//! diagonals, or with the bending springs too) is drawn once, from its
//! first end, less the torn ones ([`crate::sim::Torn::contains`]). One
//! colour a line, so the colour does not depend on the GPU's
//! interpolation.
//!
//! Under the lines, the floor, the spheres and the cloth are drawn as
//! usual (flat or shaded) but in grey, dimmed ([`dimmed`]: each colour's
//! brightness times [`DIM`]), so the springs' colours stand out and no
//! colour of the scene can be taken for a strain's (the checkerboards
//! stay, as lighter and darker greys). Computed on the CPU into the vertex colours and drawn
//! with the same pass-through shaders as the rest (`shaders/`, as
//! `GL_LINES`), so it works with every dialect, in the window, headless and
//! in the browser.
#![forbid(unsafe_code)]

use super::scene::Vertex;
use super::shade::push_roundings;
use crate::sim::Simulation;

/// The strain at which a spring's line is fully red (stretched by this
/// much of its rest length: 0.2 is 20 %) and, negated, fully blue
/// (squashed by as much). The article's spring gives way when stretched
/// and pushes back ever harder when squashed, so the drape's springs
/// stretch far more than they squash: as it lands, half of them are
/// stretched by more than 4 % and one in twenty by more than 38 %, while
/// one in twenty is squashed by nearly 4 % (step 150).
pub const FULL_STRAIN: f64 = 0.2;

/// Steps of colour each way from white: a strain is rounded to the nearest
/// `FULL_STRAIN / LEVELS` (2.5 %; so `2 * LEVELS + 1` colours in all).
pub const LEVELS: u32 = 8;

/// How bright the scene under the springs is drawn: each flat or shaded
/// colour turned to its grey ([`LUMA`]) and scaled by 0.5, so the
/// yellow cloth is a grey of 0.44, its blue squares 0.06, the white
/// lines at rest 1.
pub const DIM: f32 = 0.5;

/// The weights of red, green and blue in a colour's brightness (ITU-R
/// BT.601's luma), which [`dimmed`] turns each colour into.
pub const LUMA: [f32; 3] = [0.299, 0.587, 0.114];

/// The strain of a spring `len` long with rest length `rest`:
/// `len / rest - 1` (0 at rest, 0.1 stretched by 10 %, -0.1 squashed by
/// 10 %).
pub fn strain(len: f64, rest: f64) -> f64 {
    len / rest - 1.0
}

/// The colour of a spring at `strain` (see the module): white at 0, red
/// to `[1, 0, 0]` at [`FULL_STRAIN`] and beyond, blue to `[0, 0, 1]` at
/// `-FULL_STRAIN` and beyond, rounded to one of [`LEVELS`] steps each way.
/// A strain that is not a number (a spring of no length at rest cannot
/// occur) is white.
pub fn colour(strain: f64) -> [f32; 3] {
    let t = (strain / FULL_STRAIN).clamp(-1.0, 1.0);
    let level = if t.is_nan() {
        0
    } else {
        (t * f64::from(LEVELS)).round() as i32
    };
    level_colour(level)
}

/// The colour of step `level`, `-LEVELS` (full blue) to `LEVELS` (full
/// red).
fn level_colour(level: i32) -> [f32; 3] {
    let f = level.clamp(-(LEVELS as i32), LEVELS as i32) as f32 / LEVELS as f32;
    if f < 0.0 {
        [1.0 + f, 1.0 + f, 1.0]
    } else {
        [1.0, 1.0 - f, 1.0 - f]
    }
}

/// The least drawn length, in pixels, of the grid's springs (the average
/// over the sheet) at which the diagonal and bending springs are drawn
/// too. Closer, their lines cross every few pixels and the picture is a
/// moiré (the curtain at the default size: 7 pixels between points); the
/// grid's springs alone, two lines a square, stay readable.
pub const MIN_SPACING: f32 = 12.0;

/// The mean length on the picture, in pixels, of the grid's springs (each
/// point to its right and lower neighbour) of `sim` drawn through `mvp`
/// into a `width x height` viewport, sampled over at most about 1,000
/// points; springs with an end behind the camera are skipped. 0 when none
/// is in front.
pub fn drawn_spacing(sim: &Simulation, mvp: &glam::Mat4, width: u32, height: u32) -> f32 {
    let cloth = &sim.cloth;
    let n = cloth.n();
    let stride = (n / 32).max(1);
    let screen = |j: usize, i: usize| {
        let p = cloth.point(j, i);
        let c = *mvp * glam::Vec4::new(p[0] as f32, p[1] as f32, p[2] as f32, 1.0);
        (c.w > 0.0)
            .then(|| glam::Vec2::new(c.x / c.w * width as f32, c.y / c.w * height as f32) / 2.0)
    };
    let (mut sum, mut count) = (0.0f32, 0u32);
    for j in (0..n - 1).step_by(stride) {
        for i in (0..n - 1).step_by(stride) {
            let Some(a) = screen(j, i) else { continue };
            for b in [screen(j, i + 1), screen(j + 1, i)].into_iter().flatten() {
                sum += a.distance(b);
                count += 1;
            }
        }
    }
    if count == 0 {
        0.0
    } else {
        sum / count as f32
    }
}

/// Replace `out` with the lines of `sim`'s springs, two vertices a line,
/// each spring once (from the end `[j][i]` whose neighbour
/// `[j + dj][i + di]` comes later in row-major order), torn springs left
/// out, each line in its strain's [`colour`]. With `grid_only`, only the
/// grid's springs (to the neighbours across and down), for a picture too
/// small to show the rest ([`MIN_SPACING`]).
pub fn build(sim: &Simulation, grid_only: bool, out: &mut Vec<Vertex>) {
    out.clear();
    let cloth = &sim.cloth;
    let n = cloth.n();
    let torn = sim.torn();
    let ahead: Vec<(isize, isize, f64)> = crate::sim::general::springs(&sim.model())
        .into_iter()
        .filter(|&(dj, di, _)| dj > 0 || (dj == 0 && di > 0))
        .filter(|&(dj, di, _)| !grid_only || dj + di == 1)
        .collect();
    for j in 0..n {
        for i in 0..n {
            let a = cloth.point(j, i);
            for &(dj, di, rest) in &ahead {
                let (Some(jj), Some(ii)) = (j.checked_add_signed(dj), i.checked_add_signed(di))
                else {
                    continue;
                };
                if jj >= n || ii >= n || torn.contains(j, i, dj, di) {
                    continue;
                }
                let b = cloth.point(jj, ii);
                let len =
                    ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + (b[2] - a[2]).powi(2)).sqrt();
                let col = colour(strain(len, rest));
                let at = |p: [f64; 3]| [p[0] as f32, p[1] as f32, p[2] as f32];
                out.push(Vertex { pos: at(a), col });
                out.push(Vertex { pos: at(b), col });
            }
        }
    }
}

/// `col` as the scene under the springs shows it: the grey of its
/// brightness ([`LUMA`]) times [`DIM`].
pub fn dimmed(col: [f32; 3]) -> [f32; 3] {
    let grey = DIM * (LUMA[0] * col[0] + LUMA[1] * col[1] + LUMA[2] * col[2]);
    [grey; 3]
}

/// Every vertex's colour [`dimmed`]: the scene under the springs.
pub fn dim(vertices: &mut [Vertex]) {
    for v in vertices {
        v.col = dimmed(v.col);
    }
}

/// Every colour a picture in the springs view can hold, as bytes (both
/// roundings of a channel that falls halfway): black (the background),
/// each of `scene` (the scene's flat or shaded colours, as [`dim`] gets
/// them) [`dimmed`], and each spring colour.
pub fn colours(scene: &[[f32; 3]]) -> Vec<[u8; 3]> {
    let mut out: Vec<[u8; 3]> = Vec::new();
    let lines = (-(LEVELS as i32)..=LEVELS as i32).map(level_colour);
    let dimmed = scene.iter().map(|&c| dimmed(c));
    for col in std::iter::once([0.0; 3]).chain(dimmed).chain(lines) {
        push_roundings(&mut out, col);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strain_colours_run_blue_white_red() {
        assert_eq!(colour(0.0), [1.0, 1.0, 1.0]);
        assert_eq!(colour(FULL_STRAIN), [1.0, 0.0, 0.0]);
        assert_eq!(colour(0.5), [1.0, 0.0, 0.0]);
        assert_eq!(colour(-FULL_STRAIN), [0.0, 0.0, 1.0]);
        assert_eq!(colour(-0.9), [0.0, 0.0, 1.0]);
        assert_eq!(colour(FULL_STRAIN / 2.0), [1.0, 0.5, 0.5]);
        assert_eq!(colour(-FULL_STRAIN / 2.0), [0.5, 0.5, 1.0]);
        assert_eq!(colour(f64::NAN), [1.0, 1.0, 1.0]);
        assert_eq!(strain(0.11, 0.1), 0.11 / 0.1 - 1.0);
    }

    #[test]
    fn the_flat_sheet_has_every_spring_once_and_white() {
        let sim = Simulation::new();
        let mut v = Vec::new();
        build(&sim, false, &mut v);
        // 32 x 32 points: 2 * 32 * 31 grid springs, 2 * 31 * 31 diagonals.
        assert_eq!(v.len(), 2 * (2 * 32 * 31 + 2 * 31 * 31));
        assert!(v.iter().all(|v| v.col == [1.0, 1.0, 1.0]));
        build(&sim, true, &mut v);
        assert_eq!(v.len(), 2 * (2 * 32 * 31), "the grid's springs alone");
    }
}
