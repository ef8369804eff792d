//! The panel's widgets, one a row of [`CONTROLS`] under its section's
//! heading, and the readout: egui's checkbox, slider, combo box and
//! button, each disabled when [`Demo::enabled`] says so and carrying its
//! hint and key as hover text. What the user changes comes back as
//! [`Request`]s, for the window to hand to the demo.

#![forbid(unsafe_code)]

use egui::{Button, Checkbox, ComboBox, Rect, Response, RichText, Slider, Ui};

use crate::app::controls::travel;
use crate::app::controls::{Control, Section, Value, Widget, CONTROLS};
use crate::app::demo::Demo;
use crate::app::readout::Figures;

/// A change the user made in the panel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::app::native) enum Request {
    /// A checkbox, slider or select set to a value ([`Demo::set`]).
    Set(crate::app::controls::Id, Value),
    /// A button pressed ([`Demo::press_button`], or the window's Save).
    Press(crate::app::controls::Id),
    /// Load state pressed (or Enter in its path): load the file the
    /// panel's path names ([`Panel::load_path`](super::Panel::load_path)).
    Load,
}

/// What the panel shows besides the controls.
pub(in crate::app::native) struct View<'a> {
    /// The demo whose values the widgets show.
    pub demo: &'a Demo,
    /// The readout's figures.
    pub figures: Figures,
    /// The last save's line ("saved cloth-demo-1.png (40 KB)" or why
    /// not), if there was one.
    pub line: Option<&'a str>,
    /// The folder the Save buttons write into, where the program can save.
    pub folder: Option<&'a std::path::Path>,
}

/// Lay the panel's scrolling part out in `ui`: the readout (with what
/// runs, in full), then each section's heading and controls (the last
/// save's line is [`save_line`]'s, above them). Returns the changes made, and
/// each control's label with the rectangle it was laid out in (points).
pub(super) fn build(
    ui: &mut Ui,
    view: &View,
    load_path: &mut String,
) -> (Vec<Request>, Vec<(&'static str, Rect)>) {
    let mut requests = Vec::new();
    let mut rects = Vec::new();
    for line in view.figures.lines() {
        ui.label(RichText::new(line).monospace());
    }
    // What runs, in full (the title counts the what-ifs).
    ui.add(egui::Label::new(running(view.demo)).wrap());
    for section in Section::ALL {
        ui.separator();
        ui.strong(section.heading());
        for c in CONTROLS
            .iter()
            .filter(|c| c.section == section && view.demo.shown(c.id))
        {
            let response = control(ui, c, view.demo, &mut requests);
            rects.push((c.label, response.rect));
            let hover = c.hover_text();
            response
                .on_hover_text(hover.as_str())
                .on_disabled_hover_text(hover);
        }
    }
    load_row(ui, load_path, &mut requests);
    (requests, rects)
}

/// What runs, in full: the scene and every difference of the model from
/// the original (`curtain, pinned top, wind 0,0,-0.0001, gusts, inertia
/// 0.01, bending springs`), or `the original`.
fn running(demo: &Demo) -> String {
    let mut parts = Vec::new();
    if demo.scene() != crate::sim::Scene::Original {
        parts.push(demo.scene().to_string());
    }
    parts.extend(demo.sim().model().differences());
    if parts.is_empty() {
        "the original".to_string()
    } else {
        parts.join(", ")
    }
}

/// Load state, under the Save buttons: a path typed or pasted into a
/// text field (relative to the working directory) and a Load state
/// button; Enter in the field loads too.
fn load_row(ui: &mut Ui, path: &mut String, requests: &mut Vec<Request>) {
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(path)
                .hint_text("state file, e.g. cloth-demo-1.csv")
                .desired_width(170.0),
        );
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let pressed = ui
            .add_enabled(!path.trim().is_empty(), Button::new("Load state"))
            .on_hover_text("Go on from a saved state: its step, scene and model")
            .clicked();
        if (entered || pressed) && !path.trim().is_empty() {
            requests.push(Request::Load);
        }
    });
}

/// The last save's (or load's) line at the top of the panel, above its
/// scrolling part, so it is in sight whatever is scrolled into view (the
/// Save buttons are at the foot): `saved /home/me/cloth-demo-1.png (41
/// KiB)` in the panel's strong colour, or why not in its error colour,
/// with the full path, wrapped to the panel's width. Before the first,
/// where the program can save, the folder the files go into, dimmed
/// (`Save writes into /home/me`). Its box is at least two lines tall, so
/// a save's line replaces the folder's without moving the controls under
/// the pointer.
pub(super) fn save_line(ui: &mut Ui, view: &View) {
    let text = match (view.line, view.folder) {
        (Some(line), _) => {
            let colour = if line.starts_with("saved ") || line.starts_with("loaded ") {
                ui.visuals().strong_text_color()
            } else {
                ui.visuals().error_fg_color
            };
            RichText::new(line).color(colour)
        }
        (None, Some(folder)) => RichText::new(format!("Save writes into {}", folder.display()))
            .color(ui.visuals().weak_text_color()),
        (None, None) => return,
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.set_min_height(2.0 * ui.text_style_height(&egui::TextStyle::Body));
        ui.add(egui::Label::new(text).wrap());
    });
}

/// One control's widget, showing the demo's value for it; a change is
/// pushed onto `requests`.
fn control(ui: &mut Ui, c: &Control, demo: &Demo, requests: &mut Vec<Request>) -> Response {
    let enabled = demo.enabled(c.id);
    let value = demo.value(c.id);
    match c.widget {
        Widget::Button => {
            let r = ui.add_enabled(enabled, Button::new(c.label));
            if r.clicked() {
                requests.push(Request::Press(c.id));
            }
            r
        }
        Widget::Check => {
            let mut on = value == Some(Value::On(true));
            let r = ui.add_enabled(enabled, Checkbox::new(&mut on, c.label));
            if r.changed() {
                requests.push(Request::Set(c.id, Value::On(on)));
            }
            r
        }
        Widget::Slider {
            min,
            max,
            step,
            log,
        } => {
            let mut v = match value {
                Some(Value::Number(v)) => v,
                _ => min,
            };
            let mut slider = Slider::new(&mut v, min..=max)
                .text(c.label)
                .logarithmic(log)
                .smallest_positive(travel::linear_within(c.widget).unwrap_or(1e-6))
                .show_value(true);
            if step > 0.0 {
                slider = slider.step_by(step);
            }
            if step.fract() == 0.0 && step >= 1.0 {
                slider = slider.fixed_decimals(0);
            } else {
                // The page's figures (-0.0001, not egui's -0.000).
                let widget = c.widget;
                slider = slider.custom_formatter(move |v, _| travel::shown(widget, v));
            }
            let r = ui.add_enabled(enabled, slider);
            if r.changed() {
                requests.push(Request::Set(c.id, Value::Number(v)));
            }
            r
        }
        Widget::Select(names) => {
            let current = match value {
                Some(Value::Choice(k)) if k < names.len() => Some(k),
                _ => None,
            };
            let mut k = current.unwrap_or(0);
            let r = ui
                .add_enabled_ui(enabled, |ui| match current {
                    Some(_) => {
                        ComboBox::from_label(c.label)
                            .show_index(ui, &mut k, names.len(), |i| names[i])
                    }
                    // No choice applies (the speed of an uncapped run): a
                    // dash, not a wrong choice.
                    None => {
                        ComboBox::from_label(c.label)
                            .selected_text("\u{2014}")
                            .show_ui(ui, |_| {})
                            .response
                    }
                })
                .inner;
            if current.is_some_and(|before| k != before) {
                requests.push(Request::Set(c.id, Value::Choice(k)));
            }
            r
        }
    }
}
