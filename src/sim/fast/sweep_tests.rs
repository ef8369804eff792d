//! `kernel::band` swept both ways, on every band of a grid: the same bits
//! as one whole pass, on every instruction set this CPU has, with each of the
//! sweep's calls made once.

use std::cell::Cell;

use super::bands::band_for;
use super::grid::{grid_of, grid_of_mut};
use super::kernel::Sweep;
use super::pass::pass_into;
use super::sphere_set::SphereSet;
use super::workspace::Workspace;
use crate::sim::InstructionSet;
use crate::sim::{state_file, Cloth, Spheres};

/// A small cloth, crumpled so that its springs stretch and squash, near
/// the height of the spheres' tops (a deterministic ripple, no
/// randomness: a failure names the grid).
fn crumpled(n: usize) -> Cloth {
    let mut c = Cloth::flat(n);
    for k in 0..n * n {
        let (j, i) = (k / n, k % n);
        c.x[k] += ((i * 7 + j * 3) % 5) as f64 * 0.013;
        c.y[k] = 0.3 + ((i * 5 + j * 11) % 7) as f64 * 0.09;
        c.z[k] += ((i * 2 + j * 9) % 3) as f64 * 0.021;
    }
    c
}

/// Every band `j0..j1` of `cloth`, swept down and up, against the whole
/// pass (rows outside the band keep their old values).
fn every_band_both_ways(cloth: &Cloth, spheres: &Spheres) {
    let n = cloth.n();
    let sphere_set = SphereSet::from(spheres);
    for set in InstructionSet::available() {
        let mut whole = cloth.clone();
        pass_into(
            cloth,
            &mut whole,
            &sphere_set,
            set,
            &mut Workspace::default(),
        );
        let band = band_for(set);
        let mut ws = Workspace::default();
        for up in [false, true] {
            for j0 in 0..n {
                for j1 in j0 + 1..=n {
                    let (far, near, half) = (Cell::new(0), Cell::new(0), Cell::new(0));
                    let sweep = Sweep {
                        up,
                        far: &|| far.set(far.get() + 1),
                        near_stored: &|| near.set(near.get() + 1),
                        halfway: &|| half.set(half.get() + 1),
                    };
                    let mut out = cloth.clone();
                    // SAFETY: both grids are n x n, on this thread alone;
                    // the set is available (`available`).
                    unsafe {
                        band(
                            &grid_of(cloth),
                            &grid_of_mut(&mut out),
                            j0,
                            j1,
                            &sphere_set,
                            &mut ws,
                            &sweep,
                        )
                    };
                    let what = format!("{set}, n = {n}, rows {j0}..{j1}, up = {up}");
                    let far_row = if up { j0 > 0 } else { j1 < n };
                    assert_eq!(far.get(), usize::from(far_row), "far calls: {what}");
                    assert_eq!(near.get(), 1, "near_stored calls: {what}");
                    assert_eq!(half.get(), 1, "halfway calls: {what}");
                    for k in 0..n * n {
                        let want = if (j0 * n..j1 * n).contains(&k) {
                            &whole
                        } else {
                            cloth
                        };
                        for (got, want) in [(&out.x, &want.x), (&out.y, &want.y), (&out.z, &want.z)]
                        {
                            assert_eq!(got[k].to_bits(), want[k].to_bits(), "point {k}: {what}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_band_of_small_grids_gives_the_whole_pass_bits_both_ways() {
    for n in 2..=13 {
        every_band_both_ways(&crumpled(n), &Spheres::after_steps(200));
    }
}

#[test]
fn every_band_of_the_demo_grid_on_the_spheres_gives_the_whole_pass_bits_both_ways() {
    let golden = include_bytes!("../../../tests/data/cloth_step_00300.csv");
    let cloth = state_file::parse(golden, 32).unwrap();
    every_band_both_ways(&cloth, &Spheres::after_steps(301));
}
