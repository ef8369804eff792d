//! The panel's picture kept between its passes. Egui lays out, tessellates
//! and paints the panel only when something in it changes; it paints into
//! a texture the window's size, and every frame shows that texture over
//! the scene as one rectangle drawn by egui's own painter. On software GL
//! most of a shown panel's cost is its many small triangles of text, so
//! a frame that only runs the physics and draws the scene pays for one
//! textured rectangle instead.
//!
//! The texture holds the panel as egui composites it over nothing:
//! premultiplied colour and coverage, cleared to transparent first. Drawn
//! over the scene with egui's blending (one, one minus source alpha),
//! every pixel the panel covers fully is the one egui would have painted
//! straight into the window, and its anti-aliased edges blend as they
//! would have. The texture is sampled nearest, texel for pixel, by a
//! rectangle on the pixel grid.

// GL through glow: each unsafe block says why its calls are sound.
#![allow(unsafe_code)]

use std::sync::Arc;

use egui::epaint::{ClippedPrimitive, Mesh, Primitive};
use egui::{Color32, Pos2, Rect, TextureId, TexturesDelta};
use glow::HasContext;

/// The panel's last painted picture: a texture the window's size, drawn
/// into through its own framebuffer, and the part of it egui painted.
pub(super) struct PanelCache {
    gl: Arc<glow::Context>,
    framebuffer: glow::Framebuffer,
    /// The texture, as egui's painter knows it (the painter owns it).
    id: TextureId,
    /// The texture's size and the window's, physical pixels.
    size: [u32; 2],
    /// The part egui painted, physical pixels from the top left,
    /// `[x0, y0, x1, y1]`; `None` when it painted nothing.
    painted: Option<[u32; 4]>,
    /// Whether the context blits framebuffers (GL 3, GLES 3).
    blit: bool,
}

impl PanelCache {
    /// A transparent picture `size` physical pixels, its texture handed to
    /// `painter`.
    ///
    /// # Errors
    /// Why the texture or its framebuffer could not be made (out of
    /// memory, or a framebuffer the driver will not draw into).
    pub fn new(
        gl: Arc<glow::Context>,
        painter: &mut egui_glow::Painter,
        size: [u32; 2],
    ) -> Result<PanelCache, String> {
        let [w, h] = size.map(|v| v as i32);
        // SAFETY: glow calls on the window's context, current on this
        // thread (the panel is painted only between making it current and
        // swapping); the texture is given no pixels (null), which GL
        // allows, and each object made is bound before it is used and
        // deleted on the error path.
        unsafe {
            let texture = gl.create_texture()?;
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            for (name, value) in [
                (glow::TEXTURE_MIN_FILTER, glow::NEAREST),
                (glow::TEXTURE_MAG_FILTER, glow::NEAREST),
                (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
                (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
            ] {
                gl.tex_parameter_i32(glow::TEXTURE_2D, name, value as i32);
            }
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA as i32,
                w,
                h,
                0,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(None),
            );
            let framebuffer = match gl.create_framebuffer() {
                Ok(f) => f,
                Err(e) => {
                    gl.delete_texture(texture);
                    return Err(e);
                }
            };
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(texture),
                0,
            );
            let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            if status != glow::FRAMEBUFFER_COMPLETE || gl.get_error() != glow::NO_ERROR {
                gl.delete_framebuffer(framebuffer);
                gl.delete_texture(texture);
                return Err(format!(
                    "the panel's {}x{} texture cannot be drawn into (framebuffer status {status:#x})",
                    size[0], size[1]
                ));
            }
            let id = painter.register_native_texture(texture);
            let blit = gl.version().major >= 3;
            Ok(PanelCache {
                gl,
                framebuffer,
                id,
                size,
                painted: None,
                blit,
            })
        }
    }

    /// The window size, physical pixels, the picture was made for.
    pub fn size(&self) -> [u32; 2] {
        self.size
    }

    /// Paint `primitives` (egui's output at `ppp` physical pixels a
    /// point, for a window of [`PanelCache::size`]) into the picture in
    /// place of what it held, updating egui's `textures` as painting
    /// straight into the window would.
    pub fn paint(
        &mut self,
        painter: &mut egui_glow::Painter,
        ppp: f32,
        primitives: &[ClippedPrimitive],
        textures: &mut TexturesDelta,
    ) {
        // SAFETY: as in `new`: the context is current, and the
        // framebuffer is this cache's own, complete when made; the window's
        // own framebuffer is bound again before returning.
        unsafe {
            self.gl
                .bind_framebuffer(glow::FRAMEBUFFER, Some(self.framebuffer));
            self.gl.disable(glow::SCISSOR_TEST);
            self.gl.color_mask(true, true, true, true);
            self.gl.clear_color(0.0, 0.0, 0.0, 0.0);
            self.gl.clear(glow::COLOR_BUFFER_BIT);
        }
        painter.paint_and_update_textures(self.size, ppp, primitives, textures);
        // SAFETY: as above.
        unsafe { self.gl.bind_framebuffer(glow::FRAMEBUFFER, None) };
        self.painted = painted(primitives, ppp, self.size);
    }

    /// Draw the picture's painted part over the window's framebuffer
    /// (bound), at `ppp` physical pixels a point. Its first `opaque`
    /// columns, which egui painted opaque from top to bottom (the panel's
    /// background), are copied as they are (a framebuffer blit, where
    /// the context has one); the rest is drawn over the window.
    pub fn show(&self, painter: &mut egui_glow::Painter, ppp: f32, opaque: u32) {
        let Some([x0, y0, x1, y1]) = self.painted else {
            return;
        };
        let x0 = if self.blit && opaque > 0 {
            let h = self.size[1] as i32;
            let c = opaque.min(self.size[0]) as i32;
            // SAFETY: as in `new`: the context is current and has
            // framebuffer blits (GL 3 or GLES 3); both rectangles lie
            // inside both framebuffers, of the same size; the window's
            // own framebuffer is bound again for both after.
            unsafe {
                self.gl.disable(glow::SCISSOR_TEST);
                self.gl
                    .bind_framebuffer(glow::READ_FRAMEBUFFER, Some(self.framebuffer));
                self.gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, None);
                self.gl.blit_framebuffer(
                    0,
                    0,
                    c,
                    h,
                    0,
                    0,
                    c,
                    h,
                    glow::COLOR_BUFFER_BIT,
                    glow::NEAREST,
                );
                self.gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            }
            x0.max(opaque.min(self.size[0]))
        } else {
            x0
        };
        if x0 >= x1 {
            return;
        }
        let [w, h] = self.size.map(|v| v as f32);
        let rect = Rect::from_min_max(
            Pos2::new(x0 as f32 / ppp, y0 as f32 / ppp),
            Pos2::new(x1 as f32 / ppp, y1 as f32 / ppp),
        );
        // The texture's rows run bottom to top, the window's top down.
        let uv = Rect::from_min_max(
            Pos2::new(x0 as f32 / w, 1.0 - y0 as f32 / h),
            Pos2::new(x1 as f32 / w, 1.0 - y1 as f32 / h),
        );
        let mut mesh = Mesh::with_texture(self.id);
        mesh.add_rect_with_uv(rect, uv, Color32::WHITE);
        let quad = ClippedPrimitive {
            clip_rect: rect,
            primitive: Primitive::Mesh(mesh),
        };
        painter.paint_primitives(self.size, ppp, &[quad]);
    }

    /// Free the framebuffer, and the texture through `painter`.
    pub fn destroy(self, painter: &mut egui_glow::Painter) {
        painter.free_texture(self.id);
        // SAFETY: the context is current (the panel is dropped before the
        // window's context is), and nothing uses the framebuffer again.
        unsafe { self.gl.delete_framebuffer(self.framebuffer) };
    }
}

/// The pixels `primitives` can touch in a window of `size` physical
/// pixels, at `ppp` pixels a point, as `[x0, y0, x1, y1]` from the top
/// left: each mesh's bounds within its clip rectangle, all together,
/// widened to whole pixels and kept inside the window. `None` when they
/// touch none.
fn painted(primitives: &[ClippedPrimitive], ppp: f32, size: [u32; 2]) -> Option<[u32; 4]> {
    let mut bounds = Rect::NOTHING;
    for p in primitives {
        let area = match &p.primitive {
            Primitive::Mesh(mesh) => mesh.calc_bounds(),
            Primitive::Callback(c) => c.rect,
        };
        bounds = bounds.union(area.intersect(p.clip_rect));
    }
    if !bounds.is_positive() {
        return None;
    }
    let clamp = |v: f32, max: u32| (v.max(0.0) as u32).min(max);
    let x0 = clamp((bounds.min.x * ppp).floor(), size[0]);
    let y0 = clamp((bounds.min.y * ppp).floor(), size[1]);
    let x1 = clamp((bounds.max.x * ppp).ceil(), size[0]);
    let y1 = clamp((bounds.max.y * ppp).ceil(), size[1]);
    (x1 > x0 && y1 > y0).then_some([x0, y0, x1, y1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect_mesh(min: (f32, f32), max: (f32, f32)) -> Primitive {
        let mut mesh = Mesh::default();
        mesh.add_colored_rect(
            Rect::from_min_max(Pos2::new(min.0, min.1), Pos2::new(max.0, max.1)),
            Color32::WHITE,
        );
        Primitive::Mesh(mesh)
    }

    #[test]
    fn the_painted_part_is_the_meshes_within_their_clips_in_whole_pixels() {
        let everywhere = Rect::from_min_max(Pos2::ZERO, Pos2::new(1e4, 1e4));
        let primitives = [
            ClippedPrimitive {
                clip_rect: everywhere,
                primitive: rect_mesh((0.0, 0.0), (300.5, 400.0)),
            },
            // Clipped to 40..50 wide, 10..20 high.
            ClippedPrimitive {
                clip_rect: Rect::from_min_max(Pos2::new(40.0, 10.0), Pos2::new(50.0, 20.0)),
                primitive: rect_mesh((0.0, 0.0), (500.0, 500.0)),
            },
        ];
        // At 1 pixel a point: the half pixel at 300.5 is widened to 301.
        assert_eq!(
            painted(&primitives, 1.0, [800, 600]),
            Some([0, 0, 301, 400])
        );
        // At 2, everything doubles; the window cuts the height at 600.
        assert_eq!(
            painted(&primitives, 2.0, [800, 600]),
            Some([0, 0, 601, 600])
        );
        // The clipped mesh alone.
        assert_eq!(
            painted(&primitives[1..], 1.0, [800, 600]),
            Some([40, 10, 50, 20])
        );
    }

    #[test]
    fn nothing_painted_is_none() {
        assert_eq!(painted(&[], 1.0, [800, 600]), None);
        let outside = [ClippedPrimitive {
            clip_rect: Rect::from_min_max(Pos2::new(900.0, 0.0), Pos2::new(950.0, 10.0)),
            primitive: rect_mesh((900.0, 0.0), (950.0, 10.0)),
        }];
        assert_eq!(painted(&outside, 1.0, [800, 600]), None);
    }
}
