//! What the window and the headless commands paint over a picture with
//! egui: compare mode's labels ([`compare::labels`](super::compare::labels))
//! and the springs view's key ([`springs_key`]), its text and shapes drawn
//! by egui_glow's painter on the same GL context as the
//! [`Renderer`](crate::render::Renderer)
//! ([`Renderer::gl_shared`](crate::render::Renderer::gl_shared)), the
//! window's or a headless one. Each label is its text in white on a dark,
//! half-clear box at its half's top-left corner, on one line shortened
//! with an ellipsis to stay a margin inside its half; the key is its bar
//! and words on the same box.

#![forbid(unsafe_code)]

use std::sync::Arc;

use egui::text::{LayoutJob, TextWrapping};
use egui::{Align2, Color32, FontId, Id, LayerId, Order, Pos2, RawInput, Rect, Vec2};

use super::compare::Label;
use super::springs_key::{self, Key};

/// The box behind a label's text: black, this opaque (of 255).
const BOX_ALPHA: u8 = 170;

/// Paints labels and the key over whatever the framebuffer holds: an egui context (its
/// fonts and text layout) and egui_glow's painter. Free its GL objects with
/// [`OverlayPainter::destroy`] while its context is current.
pub struct OverlayPainter {
    ctx: egui::Context,
    painter: egui_glow::Painter,
}

impl std::fmt::Debug for OverlayPainter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OverlayPainter").finish_non_exhaustive()
    }
}

impl OverlayPainter {
    /// Set up painting on `gl`, whose context must be current: egui_glow's
    /// shaders compiled for its version.
    ///
    /// # Errors
    /// egui_glow's message when its shaders or buffers cannot be made.
    pub fn new(gl: Arc<glow::Context>) -> Result<Self, String> {
        let painter = egui_glow::Painter::new(gl, "", None, false)
            .map_err(|e| format!("cannot paint over the scene: {e}"))?;
        Ok(OverlayPainter {
            ctx: egui::Context::default(),
            painter,
        })
    }

    /// Paint `labels` over the framebuffer bound, `width x height` pixels
    /// (one egui point a pixel). Leaves blending on and the depth test
    /// off (egui_glow's state); the renderer sets its own again.
    pub fn paint(&mut self, labels: &[Label], width: u32, height: u32) {
        self.paint_with(width, height, "compare labels", |layer| {
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
    }

    /// Paint the springs view's `key` over the framebuffer bound, `width
    /// x height` pixels: on the labels' dark box, the words over the bar
    /// (one opaque swatch of each of the view's colours) and the strains
    /// under it, each at the bar's left end, middle and right end. Leaves
    /// GL's state as [`OverlayPainter::paint`] does.
    pub fn paint_key(&mut self, key: &Key, width: u32, height: u32) {
        let [x, y, w, h] = key.rect;
        let [bar_x, bar_y, bar_w, bar_h] = key.bar();
        let line = key.line();
        let font = FontId::proportional(key.size);
        self.paint_with(width, height, "springs key", |painter| {
            let back = Rect::from_min_size(Pos2::new(x, y), Vec2::new(w, h));
            painter.rect_filled(back, key.pad() / 2.0, Color32::from_black_alpha(BOX_ALPHA));
            for (k, [r, g, b]) in springs_key::swatches().into_iter().enumerate() {
                let at = Pos2::new(bar_x + k as f32 * key.swatch, bar_y);
                painter.rect_filled(
                    Rect::from_min_size(at, Vec2::new(key.swatch, bar_h)),
                    0.0,
                    Color32::from_rgb(r, g, b),
                );
            }
            let anchors = [Align2::LEFT_TOP, Align2::CENTER_TOP, Align2::RIGHT_TOP];
            let xs = [bar_x, bar_x + bar_w / 2.0, bar_x + bar_w];
            let ends = springs_key::ends();
            for k in 0..3 {
                let (word, end) = (springs_key::WORDS[k], ends[k].as_str());
                let over = Pos2::new(xs[k], bar_y - line);
                let under = Pos2::new(xs[k], bar_y + bar_h);
                painter.text(over, anchors[k], word, font.clone(), Color32::WHITE);
                painter.text(under, anchors[k], end, font.clone(), Color32::WHITE);
            }
        });
    }

    /// Run one egui pass over a `width x height` screen, one point a
    /// pixel, in which `draw` paints on a foreground layer named `name`,
    /// and paint its shapes into the framebuffer bound (egui may run the
    /// pass more than once).
    fn paint_with(
        &mut self,
        width: u32,
        height: u32,
        name: &'static str,
        draw: impl Fn(&egui::Painter),
    ) {
        let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(width as f32, height as f32));
        let input = RawInput {
            screen_rect: Some(screen),
            max_texture_side: Some(self.painter.max_texture_side()),
            ..RawInput::default()
        };
        let mut output = self.ctx.run_pass(input, |ctx| {
            draw(&ctx.layer_painter(LayerId::new(Order::Foreground, Id::unique(name))));
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
