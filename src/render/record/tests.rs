//! Unit tests of the palette, the frame delays and the changed rectangle.

use super::*;
use crate::render::scene;

#[test]
fn every_scene_colour_rounds_to_palette_entries_both_ways() {
    for c in [
        scene::YELLOW,
        scene::BLUE,
        scene::RED,
        scene::WHITE,
        scene::LIGHT_GREY,
        scene::DARK_GREY,
        [0.0, 0.0, 0.0],
    ] {
        for round in [f32::floor, f32::ceil] {
            let rgb = c.map(|v| round(v * 255.0) as u8);
            let k = nearest(rgb);
            assert_eq!(PALETTE[usize::from(k)], rgb, "{c:?}");
        }
    }
}

#[test]
fn other_colours_go_to_the_nearest_entry() {
    assert_eq!(nearest([10, 10, 10]), 0);
    assert_eq!(nearest([20, 24, 30]), 7);
    assert_eq!(nearest([240, 240, 250]), 4);
    assert_eq!(nearest([200, 30, 20]), 3);
    assert_eq!(nearest([100, 100, 100]), 8);
    assert_eq!(nearest([128, 128, 128]), 5);
}

#[test]
fn delays_carry_the_remainder() {
    let delays = |k: u64, n: usize| {
        let mut c = FrameClock::new(k, 60).unwrap();
        (0..n).map(|_| c.next_delay()).collect::<Vec<_>>()
    };
    assert_eq!(delays(1, 6), [1, 2, 2, 1, 2, 2]);
    assert_eq!(delays(3, 4), [5, 5, 5, 5]);
    assert_eq!(delays(4, 6), [6, 7, 7, 6, 7, 7]);
    let mut c = FrameClock::new(7, 60).unwrap();
    let total: u64 = (0..6000).map(|_| u64::from(c.next_delay())).sum();
    // 6000 frames of 7/60 s: 700 s exactly.
    assert_eq!(total, 70_000);
    assert_eq!(c.elapsed_cs(), 70_000);
    assert!(FrameClock::new(39_321, 60).is_ok());
    assert!(FrameClock::new(39_322, 60).is_err());
    assert!(FrameClock::new(1, 0).is_err());
}

#[test]
fn changed_rect_bounds_the_differences() {
    let a = vec![0u8; 12];
    let mut b = a.clone();
    assert_eq!(changed_rect(&a, &b, 4), None);
    b[5] = 1; // (1, 1)
    assert_eq!(changed_rect(&a, &b, 4), Some((1, 1, 2, 2)));
    b[11] = 1; // (3, 2)
    b[4] = 1; // (0, 1)
    assert_eq!(changed_rect(&a, &b, 4), Some((0, 1, 4, 3)));
}
