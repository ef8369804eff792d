//! The window's help (F1 or H): the key list ([`keys::help_parts`], the
//! text the terminal gets) in an egui window over the scene, centred on
//! it, with a close button and how to close it at its top; a list
//! longer than the window scrolls, its scroll bar always shown.

#![forbid(unsafe_code)]

use egui::scroll_area::ScrollBarVisibility;
use egui::{Align2, Grid, Rect, RichText, ScrollArea, Ui, Vec2, Window};

use crate::app::keys;

/// The help window's widest, points: the lines wrap within it.
const MAX_WIDTH: f32 = 560.0;

/// Room left for the keys' column, points: its widest (`. or Right`,
/// monospace) and the gap.
const KEYS_WIDTH: f32 = 100.0;

/// Show the key list over `scene` (the scene's rectangle, points), in
/// the pass `ui` is the root of; `showing` counts the times it was shown,
/// and each showing's list opens scrolled to its top. `open` is cleared
/// when its close button is clicked. Returns the window's rectangle,
/// points, while it is open.
pub(super) fn show(ui: &mut Ui, scene: Rect, open: &mut bool, showing: u32) -> Option<Rect> {
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
            // How to close it first, in sight however far the list is
            // scrolled; the scroll bar always shown, so a list longer than
            // the window says so.
            ui.label("Escape, F1 or H closes this list.");
            ui.add_space(4.0);
            // A solid bar, not egui's floating one, which is clear until
            // hovered.
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            ScrollArea::vertical()
                .id_salt(("help list", showing))
                .scroll_bar_visibility(ScrollBarVisibility::AlwaysVisible)
                .show(ui, |ui| {
                    // Room for the scroll bar beside the rows: the
                    // descriptions wrap short of it.
                    let inner = width - 2.0 * ui.spacing().scroll.allocated_width();
                    ui.set_max_width(inner);
                    for (k, (heading, rows)) in keys::help_parts().into_iter().enumerate() {
                        ui.strong(heading);
                        Grid::new(("help", k))
                            .num_columns(2)
                            .striped(true)
                            .max_col_width(inner - KEYS_WIDTH)
                            .show(ui, |ui| {
                                for (keys, what) in rows {
                                    ui.label(RichText::new(keys).monospace());
                                    ui.add(egui::Label::new(what).wrap());
                                    ui.end_row();
                                }
                            });
                        ui.add_space(6.0);
                    }
                });
        })?;
    Some(shown.response.rect)
}
