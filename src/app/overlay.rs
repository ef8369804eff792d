//! Compare mode's labels ([`compare::labels`](super::compare::labels)) painted over a picture
//! with egui: its text and shapes, drawn by egui_glow's painter on the
//! same GL context as the [`Renderer`](crate::render::Renderer)
//! ([`Renderer::gl_shared`](crate::render::Renderer::gl_shared)), the
//! window's or a headless one. Each label is its text in white on a dark,
//! half-clear box at its half's top-left corner, on one line shortened
//! with an ellipsis to stay a margin inside its half.

#![forbid(unsafe_code)]

use std::sync::Arc;

use egui::text::{LayoutJob, TextWrapping};
use egui::{Color32, FontId, Id, LayerId, Order, Pos2, RawInput, Rect, Vec2};

use super::compare::Label;

/// The box behind a label's text: black, this opaque (of 255).
const BOX_ALPHA: u8 = 170;

/// Paints labels over whatever the framebuffer holds: an egui context (its
/// fonts and text layout) and egui_glow's painter. Free its GL objects with
/// [`LabelPainter::destroy`] while its context is current.
pub struct LabelPainter {
    ctx: egui::Context,
    painter: egui_glow::Painter,
}

impl std::fmt::Debug for LabelPainter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LabelPainter").finish_non_exhaustive()
    }
}

impl LabelPainter {
    /// Set up painting on `gl`, whose context must be current: egui_glow's
    /// shaders compiled for its version.
    ///
    /// # Errors
    /// egui_glow's message when its shaders or buffers cannot be made.
    pub fn new(gl: Arc<glow::Context>) -> Result<Self, String> {
        let painter = egui_glow::Painter::new(gl, "", None, false)
            .map_err(|e| format!("cannot paint the labels: {e}"))?;
        Ok(LabelPainter {
            ctx: egui::Context::default(),
            painter,
        })
    }

    /// Paint `labels` over the framebuffer bound, `width x height` pixels
    /// (one egui point a pixel). Leaves blending on and the depth test
    /// off (egui_glow's state); the renderer sets its own again.
    pub fn paint(&mut self, labels: &[Label], width: u32, height: u32) {
        let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(width as f32, height as f32));
        let input = RawInput {
            screen_rect: Some(screen),
            max_texture_side: Some(self.painter.max_texture_side()),
            ..RawInput::default()
        };
        let mut output = self.ctx.run_pass(input, |ctx| {
            let layer = ctx.layer_painter(LayerId::new(
                Order::Foreground,
                Id::unique("compare labels"),
            ));
            for label in labels {
                let half = label.half;
                let clip = Rect::from_min_size(
                    Pos2::new(half.x as f32, (height - half.y - half.height) as f32),
                    Vec2::new(half.width as f32, half.height as f32),
                );
                let painter = layer.with_clip_rect(clip);
                // One line, cut with an ellipsis where it would run past
                // its half (a margin from its right edge too).
                let mut job = LayoutJob::simple_singleline(
                    label.text.clone(),
                    FontId::proportional(label.size),
                    Color32::WHITE,
                );
                job.wrap = TextWrapping::truncate_at_width(
                    (half.width as f32 - 2.0 * label.margin()).max(0.0),
                );
                let galley = painter.layout_job(job);
                let at = Pos2::new(label.at.0, label.at.1);
                let pad = label.margin() / 2.0;
                let back = Rect::from_min_size(at, galley.size()).expand(pad);
                painter.rect_filled(back, pad, Color32::from_black_alpha(BOX_ALPHA));
                painter.galley(at, galley, Color32::WHITE);
            }
        });
        let shapes = std::mem::take(&mut output.shapes);
        let primitives = self.ctx.tessellate(shapes, output.pixels_per_point);
        self.painter.paint_and_update_textures(
            [width, height],
            output.pixels_per_point,
            &primitives,
            &mut output.textures_delta,
        );
    }

    /// Free the painter's GL objects; its context must be current.
    pub fn destroy(mut self) {
        self.painter.destroy();
    }
}
