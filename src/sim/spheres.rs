//! The five bobbing spheres the cloth falls onto.
//!
//! Each step the spheres are put back at their rest centres, the step counter
//! `a` goes up by one, and each sphere's height is set from its own wave
//! (the original's GameDraw(), first lines). The constants are the article's,
//! `3.14159` included: using `std::f64::consts::PI` would move every sphere by
//! an ulp or more and the cloth with it.

/// Number of spheres in the scene.
pub const SPHERE_COUNT: usize = 5;

/// Collision radius of every sphere, in world units (the original's `ssr`).
/// The spheres are drawn 0.01 smaller (see `render`), so the cloth sits just
/// outside the drawn surface.
pub const SPHERE_RADIUS: f64 = 0.5;

/// The article's approximation of pi, used in every wave. Not `PI`: the
/// original's constant is part of the trajectory.
#[allow(clippy::approx_constant)]
pub const ARTICLE_PI: f64 = 3.14159;

/// Rest centres `(x, y, z)` in world units, from the article's table
/// (`ssx`, `ssy`, `ssz` in the original's Initialise()).
pub const REST_CENTRES: [[f64; 3]; SPHERE_COUNT] = [
    [0.9, -0.7, 0.9],
    [0.2, -0.4, -0.8],
    [-0.4, -0.3, 0.6],
    [-0.3, -1.7, -0.7],
    [-0.6, -1.2, -0.3],
];

/// Height offset of sphere `k` after `a` steps, added to its rest height.
///
/// These are the article's five waves verbatim, evaluated left to right as C
/// does: `-a*3.14159*rate + phase`. Sphere 2 uses `sin` and sphere 3 adds
/// where the others subtract, as in the original.
///
/// `cos` and `sin` are the platform's (`f64::cos`, `f64::sin`, which call the
/// C library). The golden data matches glibc's x86-64 versions as glibc
/// picks them on a CPU with FMA (`__cos_fma`); those are not always
/// correctly rounded (about 1 in 700 of these arguments is an ulp off), and
/// glibc's own non-FMA variant differs from them on some steps. So the
/// trajectory is bit-exact with glibc on an FMA-capable CPU; another maths
/// library may put a sphere an ulp away on some steps.
///
/// # Panics
/// If `k >= SPHERE_COUNT`.
pub fn wave(k: usize, a: u64) -> f64 {
    let t = -(a as f64) * ARTICLE_PI;
    match k {
        0 => -(1.16 * f64::cos(t * 0.0007722 - 0.5947)),
        1 => -(1.67 * f64::cos(t * 0.0006224 + 0.1344)),
        2 => -(1.42 * f64::sin(t * 0.0004629 + 0.6143)),
        3 => 1.55 * f64::cos(t * 0.0003726 - 0.8941),
        4 => -(1.71 * f64::cos(t * 0.0001722 - 0.7228)),
        _ => panic!("sphere index {k} out of range 0..{SPHERE_COUNT}"),
    }
}

/// The five spheres at one moment: centres and radii, plus the step counter
/// `a` that drives their waves.
#[derive(Clone, Debug, PartialEq)]
pub struct Spheres {
    /// Steps run so far (the original's global `a`); the waves read it after
    /// it has been incremented, so after step N it equals N.
    pub a: u64,
    /// Centres `(x, y, z)` in world units, indexed by sphere `k`.
    pub centres: [[f64; 3]; SPHERE_COUNT],
    /// Collision radii in world units (all [`SPHERE_RADIUS`]).
    pub radii: [f64; SPHERE_COUNT],
}

impl Spheres {
    /// Spheres as they are after `a` steps: at rest when `a == 0` (the
    /// original's Initialise()), otherwise with each height set from its wave.
    pub fn after_steps(a: u64) -> Self {
        let mut s = Spheres {
            a,
            centres: REST_CENTRES,
            radii: [SPHERE_RADIUS; SPHERE_COUNT],
        };
        if a > 0 {
            s.place();
        }
        s
    }

    /// Advance one step: reset to rest, `a += 1`, set each height from its
    /// wave. The first part of the original's GameDraw().
    pub fn step(&mut self) {
        self.a += 1;
        self.centres = REST_CENTRES;
        self.radii = [SPHERE_RADIUS; SPHERE_COUNT];
        self.place();
    }

    fn place(&mut self) {
        for (k, centre) in self.centres.iter_mut().enumerate() {
            // The C code reads `ssy[k] - 1.16*cos(...)`; subtracting the
            // product and adding its negation are the same IEEE operation.
            centre[1] = REST_CENTRES[k][1] + wave(k, self.a);
        }
    }
}

impl Default for Spheres {
    /// The spheres at rest, before the first step.
    fn default() -> Self {
        Spheres::after_steps(0)
    }
}
