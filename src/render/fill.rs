//! A rectangle of the framebuffer filled with one colour: compare mode's
//! divider between its halves.

// GL through glow: the unsafe block says why its calls are sound.
#![allow(unsafe_code)]

use glow::HasContext;

use super::{Renderer, Viewport};

impl Renderer {
    /// Fill `rect` of the current framebuffer with the opaque colour
    /// `rgb` (each 0 to 1), depth untouched; the rest is left as it was.
    /// Does nothing for an empty rectangle.
    pub fn fill(&mut self, rect: Viewport, rgb: [f32; 3]) {
        if rect.is_empty() {
            return;
        }
        let [x, y, w, h] = [rect.x, rect.y, rect.width, rect.height].map(|n| n as i32);
        let gl = &self.gl;
        // SAFETY: the context is current (the caller's contract, as for
        // every drawing call); the scissor test is turned off again after
        // the scissored clear.
        unsafe {
            gl.enable(glow::SCISSOR_TEST);
            gl.scissor(x, y, w, h);
            gl.clear_color(rgb[0], rgb[1], rgb[2], 1.0);
            gl.clear(glow::COLOR_BUFFER_BIT);
            gl.disable(glow::SCISSOR_TEST);
        }
    }
}
