//! `Renderer::draw_visible`: only the visible rectangle is cleared and
//! drawn, each of its pixels as `Renderer::draw` draws it, and what lies
//! outside it (where the window's panel will cover the picture) is left
//! as it was.

use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::{Camera, Viewport};
use cloth_demo::sim::Simulation;

const W: u32 = 792;
const H: u32 = 573;
/// The first visible column: the panel's width at one pixel a point.
const LEFT: u32 = 300;

/// The pixels of columns `xs` of `image`, row by row.
fn columns(image: &Image, xs: std::ops::Range<u32>) -> Vec<[u8; 4]> {
    (0..image.height)
        .flat_map(|y| xs.clone().map(move |x| (x, y)))
        .map(|(x, y)| image.pixel(x, y).expect("inside the picture"))
        .collect()
}

#[test]
fn the_visible_part_is_drawn_as_draw_draws_it_and_the_rest_is_kept() {
    let camera = Camera::default();
    let mut draped = Simulation::new();
    draped.run(400);
    let flat = Simulation::new();
    let mut ctx = HeadlessContext::new(ContextRequest::default()).expect("a headless GL");
    let whole = ctx.render(&draped, &camera, W, H).unwrap();
    let before = ctx.render(&flat, &camera, W, H).unwrap();
    let mut image = Image::default();
    ctx.render_with(W, H, &mut image, |renderer, w, h| {
        renderer.draw(&flat, &camera, w, h);
        let visible = Viewport {
            x: LEFT,
            y: 0,
            width: w - LEFT,
            height: h,
        };
        renderer.draw_visible(&draped, &camera, w, h, visible);
    })
    .unwrap();
    // The two scenes differ on both sides of the edge, so each half of the
    // check can fail.
    assert!(columns(&whole, 0..LEFT) != columns(&before, 0..LEFT));
    assert!(columns(&whole, LEFT..W) != columns(&before, LEFT..W));
    assert!(
        columns(&image, LEFT..W) == columns(&whole, LEFT..W),
        "the visible part is draw's picture, pixel for pixel"
    );
    assert!(
        columns(&image, 0..LEFT) == columns(&before, 0..LEFT),
        "the part left out keeps the picture drawn before"
    );
    // The whole framebuffer as the visible part is draw itself.
    let mut all = Image::default();
    ctx.render_with(W, H, &mut all, |renderer, w, h| {
        renderer.draw(&flat, &camera, w, h);
        renderer.draw_visible(&draped, &camera, w, h, Viewport::whole(w, h));
    })
    .unwrap();
    assert!(all == whole);
}
