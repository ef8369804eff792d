//! One vector of a row's sums and collisions: the second half of the
//! pipelined pass ([`super::kernel`]), from the spring terms the first
//! half ([`super::springs`]) left in the ring.

use super::grid::{Grid, TermRow, EAST, SOUTH, SOUTH_EAST, SOUTH_WEST};
use super::lanes::Lanes;
use super::sphere_set::SphereSet;
use super::springs::Xyz;
use crate::sim::{FLOOR_Y, GRAVITY, SPHERE_COUNT};

/// Row `j`, the `W` columns from `a` (ring index `at`): each point's eight
/// terms summed in the original's order, the move, the floor and the
/// spheres, stored into `dst`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn finish<V: Lanes, const W: usize>(
    cpu: V::Token,
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j: usize,
    a: usize,
    on: V::Mask,
    partial: bool,
    (above, this, at): (TermRow<W>, TermRow<W>, usize),
    spheres: &SphereSet,
) {
    let k = j * src.n + a;
    let mut p = [V::splat(cpu, 0.0); 3];
    for (axis, p) in p.iter_mut().enumerate() {
        // SAFETY: ring indices at - 1 ..= at + 1 hold this strip's columns
        // a - 1 .. a + W + 1 (zeros off the grid); positions as in
        // `springs`, masked in a partial vector.
        unsafe {
            let nw = V::load(cpu, above.at(SOUTH_EAST, axis, at - 1));
            let north = V::load(cpu, above.at(SOUTH, axis, at));
            let ne = V::load(cpu, above.at(SOUTH_WEST, axis, at + 1));
            let west = V::load(cpu, this.at(EAST, axis, at - 1));
            let east = V::load(cpu, this.at(EAST, axis, at));
            let sw = V::load(cpu, this.at(SOUTH_WEST, axis, at));
            let south = V::load(cpu, this.at(SOUTH, axis, at));
            let se = V::load(cpu, this.at(SOUTH_EAST, axis, at));
            let m0 = V::splat(cpu, if axis == 1 { -GRAVITY } else { 0.0 });
            let m = m0.sub(nw).sub(north).sub(ne).sub(west);
            let m = m.add(east).add(sw).add(south).add(se);
            let pos = if partial {
                V::load_masked(cpu, src.xyz[axis].add(k), on)
            } else {
                V::load(cpu, src.xyz[axis].add(k))
            };
            *p = pos.add(m);
        }
    }
    // The floor: `if y < FLOOR_Y { y = FLOOR_Y }` is `y > FLOOR_Y ? y :
    // FLOOR_Y` for every number (y is never NaN), one `maxpd`.
    p[1] = p[1].max(V::splat(cpu, FLOOR_Y));
    for s in 0..SPHERE_COUNT {
        collide_sphere(cpu, &mut p, spheres, s, on);
    }
    for (axis, p) in p.iter().enumerate() {
        // SAFETY: row j of dst, lanes on the grid.
        unsafe {
            let q = dst.xyz[axis].add(k);
            if partial {
                p.store_masked(q, on)
            } else {
                p.store(q)
            }
        }
    }
}

/// Sphere `s`, as [`crate::sim::collide`]: a point inside is pushed out
/// along the radius, one exactly at the centre goes out through the top.
#[inline(always)]
fn collide_sphere<V: Lanes>(
    cpu: V::Token,
    p: &mut Xyz<V>,
    spheres: &SphereSet,
    s: usize,
    on: V::Mask,
) {
    let (c, r) = (spheres.c[s], spheres.r[s]);
    // A first look along z, the axis a row's points share most, then y:
    // two compares each against the sphere's slab (`SphereSet::slab`, a
    // little wider than the sphere), which no point that passes the test
    // `d < r * r` below lies outside. The points outside are skipped,
    // which changes nothing.
    let [lo, hi] = spheres.slab[s];
    let near = p[2].lt_in(V::splat(cpu, hi[1]), V::splat(cpu, lo[1]).lt_in(p[2], on));
    if !V::any(near) {
        return;
    }
    if !V::any(p[1].lt_in(V::splat(cpu, hi[0]), V::splat(cpu, lo[0]).lt_in(p[1], near))) {
        return;
    }
    let c = [
        V::splat(cpu, c[0]),
        V::splat(cpu, c[1]),
        V::splat(cpu, c[2]),
    ];
    let (dy, dz) = (p[1].sub(c[1]), p[2].sub(c[2]));
    let v = [p[0].sub(c[0]), dy, dz];
    let d = v[0].mul(v[0]).add(v[1].mul(v[1])).add(v[2].mul(v[2]));
    let inside = V::and(d.lt(V::splat(cpu, r * r)), on);
    if !V::any(inside) {
        return;
    }
    let r = V::splat(cpu, r);
    let centre = V::and(inside, d.eq(V::splat(cpu, 0.0)));
    let push = V::and_not(inside, centre);
    let s = V::push_scale(r, d, push);
    for a in 0..3 {
        p[a] = V::select(push, v[a].mul(s).add(c[a]), p[a]);
    }
    p[1] = V::select(centre, c[1].add(r), p[1]);
}
