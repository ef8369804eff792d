//! The five bobbing spheres the cloth falls onto.
//!
//! Each step the spheres are put back at their rest centres, the step counter
//! `a` goes up by one, and each sphere's height is set from its own wave
//! (the original's GameDraw(), first lines). The constants are the article's,
//! `3.14159` included: using `std::f64::consts::PI` would move every sphere by
//! an ulp or more and the cloth with it.
//!
//! The waves' `cos` and `sin` are correctly rounded (`pxfm`'s `f_cos` and
//! `f_sin`), never the platform's: C libraries differ in the last bit
//! (glibc is one ulp off at step 143, the `libm` crate at step 1), and the
//! chaotic cloth turns one ulp into a visibly different run, while correct
//! rounding is one definition every machine meets, so every machine gives
//! the same trajectory.

#![forbid(unsafe_code)]

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

/// Each wave's rate and phase: the argument of sphere `k`'s wave after `a`
/// steps is `-a * 3.14159 * RATE + PHASE`, from the article's code.
pub const WAVES: [(f64, f64); SPHERE_COUNT] = [
    (0.0007722, -0.5947),
    (0.0006224, 0.1344),
    (0.0004629, 0.6143),
    (0.0003726, -0.8941),
    (0.0001722, -0.7228),
];

/// Each wave's amplitude, signed as the original applies it: the height is
/// the rest height plus `AMPLITUDES[k] * cos(argument)` (`sin` for sphere
/// 2). Sphere 3 adds where the others subtract.
pub const AMPLITUDES: [f64; SPHERE_COUNT] = [-1.16, -1.67, -1.42, 1.55, -1.71];

/// The argument of sphere `k`'s wave after `a` steps, radians:
/// `-a * 3.14159 * rate + phase`, evaluated left to right as C does
/// (`(-a * 3.14159) * rate`, then `+ phase`; the article writes
/// `- 0.5947` where [`WAVES`] stores `+ (-0.5947)`, the same IEEE
/// operation).
///
/// # Panics
/// If `k >= SPHERE_COUNT`.
pub fn wave_argument(k: usize, a: u64) -> f64 {
    let (rate, phase) = WAVES[k];
    -(a as f64) * ARTICLE_PI * rate + phase
}

/// The trig value of sphere `k`'s wave after `a` steps: the correctly
/// rounded `cos` of [`wave_argument`] (`sin` for sphere 2), from `pxfm`.
///
/// # Panics
/// If `k >= SPHERE_COUNT`.
pub fn wave_trig(k: usize, a: u64) -> f64 {
    let x = wave_argument(k, a);
    if k == 2 {
        pxfm::f_sin(x)
    } else {
        pxfm::f_cos(x)
    }
}

/// Height offset of sphere `k` after `a` steps, added to its rest height:
/// the article's five waves verbatim, `AMPLITUDES[k] * trig(argument)`.
///
/// The C code reads `ssy[k] - 1.16*cos(...)`; `-(1.16 * c)` is the same
/// IEEE value as `(-1.16) * c`, and adding it is subtracting `1.16 * c`.
///
/// # Panics
/// If `k >= SPHERE_COUNT`.
pub fn wave(k: usize, a: u64) -> f64 {
    AMPLITUDES[k] * wave_trig(k, a)
}

/// The five spheres at one moment: centres and radii, plus the step counter
/// `a` that drives their waves.
#[derive(Clone, Debug, PartialEq)]
pub struct Spheres {
    /// Steps run so far (the original's global `a`); the waves read it after
    /// it has been incremented, so after step N it equals N.
    a: u64,
    /// Centres `(x, y, z)` in world units, indexed by sphere `k`.
    pub centres: [[f64; 3]; SPHERE_COUNT],
    /// Collision radii in world units (all [`SPHERE_RADIUS`]).
    pub radii: [f64; SPHERE_COUNT],
}

impl Spheres {
    /// Spheres of one's own: `a` steps run, with these centres and radii
    /// (world units). The next [`Spheres::step`] puts them back on their
    /// waves at step `a + 1`.
    pub fn new(a: u64, centres: [[f64; 3]; SPHERE_COUNT], radii: [f64; SPHERE_COUNT]) -> Self {
        Spheres { a, centres, radii }
    }

    /// Steps run so far (the original's global `a`): after step N it
    /// equals N, the value the waves were last placed for.
    pub fn a(&self) -> u64 {
        self.a
    }

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
