//! The window's help (F1 or H): the key list ([`keys::help_parts`], the
//! text the terminal gets) in an egui window over the scene, centred on
//! it, with a close button; long lists scroll.

#![forbid(unsafe_code)]

use egui::{Align2, Grid, Rect, RichText, ScrollArea, Ui, Vec2, Window};

use crate::app::keys;

/// The help window's widest, points: the lines wrap within it.
const MAX_WIDTH: f32 = 560.0;

/// Show the key list over `scene` (the scene's rectangle, points), in
/// the pass `ui` is the root of. `open` is cleared when its close button
/// is clicked. Returns the window's rectangle, points, while it is open.
pub(super) fn show(ui: &mut Ui, scene: Rect, open: &mut bool) -> Option<Rect> {
    let width = (scene.width() - 16.0).clamp(0.0, MAX_WIDTH);
    let height = (scene.height() - 48.0).max(0.0);
    let centre = scene.center() - ui.ctx().content_rect().center();
    let shown = Window::new("Keys")
        .open(open)
        .anchor(Align2::CENTER_CENTER, Vec2::new(centre.x, centre.y))
        .constrain_to(scene)
        .collapsible(false)
        .resizable(false)
        .default_width(width)
        .max_width(width)
        .max_height(height)
        .show(ui.ctx(), |ui| {
            ScrollArea::vertical().show(ui, |ui| {
                ui.set_max_width(width);
                for (k, (heading, rows)) in keys::help_parts().into_iter().enumerate() {
                    ui.strong(heading);
                    Grid::new(("help", k))
                        .num_columns(2)
                        .striped(true)
                        .show(ui, |ui| {
                            for (keys, what) in rows {
                                ui.label(RichText::new(keys).monospace());
                                ui.add(egui::Label::new(what).wrap());
                                ui.end_row();
                            }
                        });
                    ui.add_space(6.0);
                }
                ui.label("Escape, F1 or H closes this list.");
            });
        })?;
    Some(shown.response.rect)
}
