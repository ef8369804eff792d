//! The Model section's rows for what holds and pushes the cloth, from
//! other cloth programs: pins, the wind and its gusts, each with the idea
//! behind it as its help.

#![forbid(unsafe_code)]

use super::what_ifs::{differs, switch};
use crate::app::controls::flag::{Act, CliText, Flag, Heading, Takes};
use crate::app::controls::id::{Id, Value};
use crate::app::controls::kinds::{choice_of, Control, Field, Section, Widget};
use crate::sim::{Pins, Wind};

/// A wind slider from -[`Wind::MAX`] to [`Wind::MAX`], symmetric-
/// logarithmic ([`travel`](crate::app::controls::travel)): the scenes'
/// winds, 0.0001 to 0.003, take most of its travel.
const WIND: Widget = Widget::Slider {
    min: -Wind::MAX,
    max: Wind::MAX,
    step: 0.0,
    log: true,
};

/// The way into the model of the wind slider for `axis` (x, y, z).
macro_rules! wind_axis {
    ($axis:literal) => {
        Some(Field {
            get: |m| Some(Value::Number(m.wind.get()[$axis])),
            set: |m, v, _| {
                if let Value::Number(v) = v {
                    let mut wind = m.wind.get();
                    wind[$axis] = v;
                    m.wind = Wind::new(wind).unwrap_or(m.wind);
                }
            },
        })
    };
}

/// `--no-gusts`.
const NO_GUSTS: Flag = Flag {
    name: "no-gusts",
    takes: Takes::Switch,
    heading: Heading::Other,
    help: CliText::new("A steady wind, overriding a scene's gusts."),
    more: CliText::NONE,
    expects: CliText::new(""),
    conflicts: None,
    act: Act::Set(|s, _| {
        s.model.gusts = false;
        Ok(())
    }),
    back: |own, now| switch(!own.model.gusts, !now.model.gusts),
};

/// The rows, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Pins,
        section: Section::Model,
        label: "Pins",
        widget: Widget::Select(&Pins::NAMES),
        keys: &[],
        flags: &[Flag {
            name: "pin",
            takes: Takes::Value {
                name: "top|corners|none",
                default: None,
                hyphen: false,
            },
            heading: Heading::Other,
            help: CliText::new("Pinned points, which never move (bit for bit): top (the j = 0 row, like a \
                   curtain's rod), corners (that row's two ends), none."),
            more: CliText::new("Springs to a pinned point pull only its free neighbour."),
            expects: CliText::new("top, corners or none"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.pins = v.parse()?;
                Ok(())
            }),
            back: |own, now| differs(own.model.pins, now.model.pins),
        }],
        hint: "Points held still: none, the top row (a curtain), or the two top corners.",
        model: Some(Field {
            get: |m| Some(Value::Choice(choice_of(&Pins::ALL, &m.pins))),
            set: |m, v, _| {
                if let Value::Choice(k) = v {
                    m.pins = Pins::ALL.get(k).copied().unwrap_or(m.pins);
                }
            },
        }),
    },
    Control {
        id: Id::WindX,
        section: Section::Model,
        label: "Wind x",
        widget: WIND,
        keys: &[],
        flags: &[Flag {
            name: "wind",
            takes: Takes::Value {
                name: "X,Y,Z",
                default: None,
                hyphen: true,
            },
            heading: Heading::Other,
            help: CliText::new("Wind X,Y,Z, world units a pass like gravity's 0,-0.001,0 (each from -0.1 to \
                   0.1; 0,0,0 is calm)."),
            more: CliText::new("Each cloth triangle is pushed along its normal as squarely as the wind hits \
                 it, so a sheet edge-on to the wind feels nothing."),
            expects: CliText::new("X,Y,Z, three numbers each from -0.1 to 0.1 (world units a pass)"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.wind = v.parse()?;
                Ok(())
            }),
            back: |own, now| differs(own.model.wind, now.model.wind),
        }],
        hint: "A push across the picture on every point, world units a pass.",
        model: wind_axis!(0),
    },
    Control {
        id: Id::WindY,
        section: Section::Model,
        label: "Wind y",
        widget: WIND,
        keys: &[],
        flags: &[],
        hint: "A push up (or, below zero, down) on every point, world units a pass.",
        model: wind_axis!(1),
    },
    Control {
        id: Id::WindZ,
        section: Section::Model,
        label: "Wind z",
        widget: WIND,
        keys: &[],
        flags: &[],
        hint: "A push toward the viewer (or away) on every point, world units a pass; the flag's wind is 0.003.",
        model: wind_axis!(2),
    },
    Control {
        id: Id::Gusts,
        section: Section::Model,
        label: "Gusts",
        widget: Widget::Check,
        keys: &[],
        flags: &[
            Flag {
                name: "gusts",
                takes: Takes::Switch,
                heading: Heading::Other,
                help: CliText::new("Gusts: the wind's strength rises and falls over the steps (a fixed \
                       function of the step count, so runs repeat exactly)."),
                more: CliText::NONE,
                expects: CliText::new(""),
                conflicts: Some(&NO_GUSTS),
                act: Act::Set(|s, _| {
                    s.model.gusts = true;
                    Ok(())
                }),
                back: |own, now| switch(own.model.gusts, now.model.gusts),
            },
            NO_GUSTS,
        ],
        hint: "The wind rises and falls, and varies over the sheet, so a curtain ripples.",
        model: Some(Field {
            get: |m| Some(Value::On(m.gusts)),
            set: |m, v, _| {
                if let Value::On(on) = v {
                    m.gusts = on;
                }
            },
        }),
    },
];
