//! Vertex data for one frame: the floor, the spheres and the cloth, as flat
//! coloured triangles built from a simulation state.
//!
//! The original drew every quad as a four-vertex `GL_TRIANGLE_STRIP` with one
//! `glColor3f`. A strip of `a, b, c, d` is the triangles `a, b, c` and
//! `b, c, d`; here each quad becomes exactly those two triangles in one
//! `GL_TRIANGLES` buffer, so everything goes to the GPU in a single draw.
//! A cloth triangle that has lost a spring to tearing
//! ([`Torn::triangle_torn`]) is left out: the tear is a hole.
#![forbid(unsafe_code)]

use crate::sim::{Cloth, Simulation, Torn, SPHERE_RADIUS};

/// One vertex: position in world units and colour (RGB, 0 to 1), both `f32`,
/// laid out as six consecutive floats for the vertex buffer.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vertex {
    /// Position `(x, y, z)`, world units.
    pub pos: [f32; 3],
    /// Colour `(r, g, b)`, 0 to 1.
    pub col: [f32; 3],
}

/// Cloth colour where `((i ^ j) & 1) == 0`.
pub const YELLOW: [f32; 3] = [1.0, 1.0, 0.0];
/// Cloth colour elsewhere.
pub const BLUE: [f32; 3] = [0.0, 0.0, 1.0];
/// Sphere colour where `((i ^ j) & 1) == 0`.
pub const RED: [f32; 3] = [1.0, 0.0, 0.0];
/// Sphere colour elsewhere.
pub const WHITE: [f32; 3] = [1.0, 1.0, 1.0];
/// Floor colour where `((i ^ j) & 1) == 0`.
pub const LIGHT_GREY: [f32; 3] = [0.9, 0.9, 0.9];
/// Floor colour elsewhere.
pub const DARK_GREY: [f32; 3] = [0.1, 0.1, 0.1];

/// Drawn sphere radius: the collision radius less 0.01, so the cloth rests
/// just outside the drawn surface (the original's `sr - 0.01`).
pub const DRAWN_SPHERE_RADIUS: f64 = SPHERE_RADIUS - 0.01;

/// Rows and columns of each sphere's point grid (the original's 16 x 16).
pub const SPHERE_GRID: usize = 16;

/// Floor squares along each side, each [`FLOOR_SQUARE`] across.
pub const FLOOR_SQUARES: usize = 8;
/// Floor square size, world units.
pub const FLOOR_SQUARE: f64 = 0.5;
/// Height of the drawn floor, world units (the physics clamps at -2.999).
pub const FLOOR_Y: f64 = -3.0;

/// Vertices [`build`] writes for an `n x n` cloth with nothing torn: six
/// per quad. Each torn triangle of the cloth is three fewer.
pub fn vertex_count(n: usize) -> usize {
    6 * (FLOOR_SQUARES * FLOOR_SQUARES
        + crate::sim::SPHERE_COUNT * SPHERE_GRID * SPHERE_GRID
        + (n - 1) * (n - 1))
}

/// Replace `out` with the frame's triangles for `sim`: the floor board, the
/// five spheres, then the cloth less its torn triangles ([`Simulation::torn`]),
/// [`vertex_count`] vertices in all with nothing torn (13,830 for the
/// demo's 32 x 32 cloth), three fewer for each torn triangle; then, for
/// a model pinned along its top row (the curtain, the flag), the rod or
/// pole it hangs from ([`super::rod`], 36 more). `out` keeps
/// its allocation between frames.
pub fn build(sim: &Simulation, out: &mut Vec<Vertex>) {
    build_with(sim, false, out);
}

/// As [`build`], shaded when `shade` is set: each triangle's colour
/// scaled by how squarely it faces the light ([`super::shade`]). Unshaded,
/// exactly [`build`]'s flat colours.
pub fn build_with(sim: &Simulation, shade: bool, out: &mut Vec<Vertex>) {
    out.clear();
    out.reserve(vertex_count(sim.cloth.n()));
    floor(out);
    for centre in &sim.spheres.centres {
        sphere(*centre, &DRAWN_SPHERE, out);
    }
    cloth(&sim.cloth, sim.torn(), out);
    for (corners, end) in super::rod::faces(&sim.cloth, sim.model().pins) {
        let [p, q, r, s] = corners.map(|c| Vertex {
            pos: c.map(|v| v as f32),
            col: if end { DARK_GREY } else { LIGHT_GREY },
        });
        out.extend_from_slice(&[p, q, r, p, r, s]);
    }
    if shade {
        for tri in out.chunks_exact_mut(3) {
            let f = super::shade::factor(tri[0].pos, tri[1].pos, tri[2].pos);
            for v in tri {
                v.col = super::shade::scale(v.col, f);
            }
        }
    }
}

/// The flat colours, the base of every shaded one: yellow, blue, red,
/// white, light and dark grey.
pub const COLOURS: [[f32; 3]; 6] = [YELLOW, BLUE, RED, WHITE, LIGHT_GREY, DARK_GREY];

/// Push one quad given as the original's four strip vertices `a, b, c, d`:
/// the triangles `a, b, c` and `b, c, d`, all in colour `col`.
#[inline]
fn quad(out: &mut Vec<Vertex>, corners: [[f64; 3]; 4], col: [f32; 3]) {
    let [a, b, c, d] = corners.map(|p| Vertex {
        pos: [p[0] as f32, p[1] as f32, p[2] as f32],
        col,
    });
    out.extend_from_slice(&[a, b, c, b, c, d]);
}

/// Checkerboard pick by the original's `((i ^ j) & 1) == 0`.
fn check(i: usize, j: usize, even: [f32; 3], odd: [f32; 3]) -> [f32; 3] {
    if (i ^ j) & 1 == 0 {
        even
    } else {
        odd
    }
}

/// The 8 x 8 board at y = -3 from -2 to 2 in x and z.
fn floor(out: &mut Vec<Vertex>) {
    let half = FLOOR_SQUARES as f64 * FLOOR_SQUARE / 2.0;
    for j in 0..FLOOR_SQUARES {
        for i in 0..FLOOR_SQUARES {
            let x0 = i as f64 * FLOOR_SQUARE - half;
            let z0 = j as f64 * FLOOR_SQUARE - half;
            let (x1, z1) = (x0 + FLOOR_SQUARE, z0 + FLOOR_SQUARE);
            quad(
                out,
                [
                    [x0, FLOOR_Y, z0],
                    [x1, FLOOR_Y, z0],
                    [x0, FLOOR_Y, z1],
                    [x1, FLOOR_Y, z1],
                ],
                check(i, j, LIGHT_GREY, DARK_GREY),
            );
        }
    }
}

/// Offsets from a sphere's centre to its 16 x 16 grid points, for radius
/// `r`, as the original's Sphere() computes them: point `(j, i)` at angle
/// `i * pi/16` down from the top, turned `j * pi/8` about y (with the
/// article's `3.14159`). The trig is correctly rounded (`pxfm`), like the
/// sim's, so the vertices are the same on every machine.
pub fn sphere_offsets(r: f64) -> [[[f64; 3]; SPHERE_GRID]; SPHERE_GRID] {
    const PI: f64 = crate::sim::spheres::ARTICLE_PI;
    let mut grid = [[[0.0f64; 3]; SPHERE_GRID]; SPHERE_GRID];
    for (j, row) in grid.iter_mut().enumerate() {
        let turn = j as f64 * PI / 8.0;
        let (sin_j, cos_j) = (pxfm::f_sin(turn), pxfm::f_cos(turn));
        for (i, p) in row.iter_mut().enumerate() {
            let down = i as f64 * PI / 16.0;
            let x = r * pxfm::f_sin(down);
            let y = r * pxfm::f_cos(down);
            let z = 0.0;
            *p = [z * sin_j + x * cos_j, y, z * cos_j - x * sin_j];
        }
    }
    grid
}

/// [`sphere_offsets`] at the drawn radius, worked out once: the shape never
/// changes, only the centre moves.
static DRAWN_SPHERE: std::sync::LazyLock<[[[f64; 3]; SPHERE_GRID]; SPHERE_GRID]> =
    std::sync::LazyLock::new(|| sphere_offsets(DRAWN_SPHERE_RADIUS));

/// One sphere at `centre` with the grid `offsets` (from [`sphere_offsets`]).
/// Quad `(j, i)` joins rows `i` and `(i + 1) & 15`, columns `j` and
/// `(j + 1) & 15`: the row wrap joins the bottom ring back to the top pole
/// through the middle, as the original does.
pub fn sphere(
    centre: [f64; 3],
    offsets: &[[[f64; 3]; SPHERE_GRID]; SPHERE_GRID],
    out: &mut Vec<Vertex>,
) {
    let at = |j: usize, i: usize| {
        let o = offsets[j][i];
        [centre[0] + o[0], centre[1] + o[1], centre[2] + o[2]]
    };
    for j in 0..SPHERE_GRID {
        for i in 0..SPHERE_GRID {
            let ii = (i + 1) & 15;
            let jj = (j + 1) & 15;
            quad(
                out,
                [at(j, i), at(j, ii), at(jj, i), at(jj, ii)],
                check(i, j, RED, WHITE),
            );
        }
    }
}

/// The cloth's `(n-1) x (n-1)` quads straight from the simulation's points,
/// quad `(j, i)` split along the diagonal from `[j][i+1]` to `[j+1][i]`,
/// less the triangles `torn` says have lost a spring: with nothing torn,
/// every quad's two triangles, exactly as the original's strips.
fn cloth(c: &Cloth, torn: &Torn, out: &mut Vec<Vertex>) {
    let n = c.n();
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let corners = [
                c.point(j, i),
                c.point(j, i + 1),
                c.point(j + 1, i),
                c.point(j + 1, i + 1),
            ];
            let col = check(i, j, YELLOW, BLUE);
            if torn.is_empty() {
                quad(out, corners, col);
            } else {
                torn_quad(
                    out,
                    corners,
                    col,
                    [0, 1].map(|t| torn.triangle_torn(j, i, t == 1)),
                );
            }
        }
    }
}

/// [`quad`] less its torn triangles: the first, `a, b, c`, unless
/// `torn[0]`; the second, `b, c, d`, unless `torn[1]`.
fn torn_quad(out: &mut Vec<Vertex>, corners: [[f64; 3]; 4], col: [f32; 3], torn: [bool; 2]) {
    let [a, b, c, d] = corners.map(|p| Vertex {
        pos: [p[0] as f32, p[1] as f32, p[2] as f32],
        col,
    });
    if !torn[0] {
        out.extend_from_slice(&[a, b, c]);
    }
    if !torn[1] {
        out.extend_from_slice(&[b, c, d]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_frame_has_13830_vertices() {
        let mut v = Vec::new();
        build(&Simulation::new(), &mut v);
        assert_eq!(v.len(), 13_830);
        assert_eq!(v.len(), vertex_count(32));
    }

    #[test]
    fn cloth_quads_split_along_the_strip_diagonal() {
        let sim = Simulation::new();
        let mut v = Vec::new();
        build(&sim, &mut v);
        let first_cloth = 6 * (64 + 5 * 256);
        let tri = &v[first_cloth..first_cloth + 6];
        let at = |j, i| {
            let p = sim.cloth.point(j, i);
            [p[0] as f32, p[1] as f32, p[2] as f32]
        };
        let want = [at(0, 0), at(0, 1), at(1, 0), at(0, 1), at(1, 0), at(1, 1)];
        for (got, want) in tri.iter().zip(want) {
            assert_eq!(got.pos, want);
            assert_eq!(got.col, YELLOW);
        }
        // Quad (0, 1) is the other colour.
        assert_eq!(v[first_cloth + 6].col, BLUE);
    }

    #[test]
    fn torn_triangles_are_left_out() {
        let first_cloth = 6 * (64 + 5 * 256);
        let mut state = Simulation::new().state();
        // The spring south of [3][4] is in two triangles: quad (3, 4)'s
        // first (the spring south of its [j][i]) and quad (3, 3)'s second
        // (the spring south of its [j][i+1]).
        assert!(state.torn.tear(3, 4, 1, 0));
        let sim = Simulation::resume_state(state, 0, crate::sim::Model::ORIGINAL);
        let mut v = Vec::new();
        build(&sim, &mut v);
        assert_eq!(v.len(), vertex_count(32) - 6);
        let mut whole = Vec::new();
        build(&Simulation::new(), &mut whole);
        // Everything up to quad (3, 3)'s second triangle is as it was.
        let q33 = first_cloth + 6 * (3 * 31 + 3);
        assert_eq!(v[..q33 + 3], whole[..q33 + 3]);
        // Its second triangle and quad (3, 4)'s first are gone: quad
        // (3, 4)'s second follows quad (3, 3)'s first.
        assert_eq!(v[q33 + 3..q33 + 6], whole[q33 + 9..q33 + 12]);
        assert_eq!(v[q33 + 6..], whole[q33 + 12..]);
    }

    #[test]
    fn sphere_row_wrap_returns_to_the_top_pole() {
        let mut v = Vec::new();
        sphere([0.0, 0.0, 0.0], &sphere_offsets(0.49), &mut v);
        // Quad (j=0, i=15): vertices [0][15], [0][0], [1][15], [1][0].
        let q = &v[6 * 15..6 * 16];
        assert_eq!(q[1].pos, [0.0, 0.49, 0.0], "row 0 is the top pole");
        assert!(q[0].pos[1] < -0.48, "row 15 is next to the bottom pole");
        assert_eq!(q[0].col, WHITE, "(15 ^ 0) & 1 == 1");
    }
}
