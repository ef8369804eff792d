//! The Model section's first rows: the scene, and the article's "what
//! ifs" (passes, diagonals, bending springs, in place, the visiting
//! order, Hooke's law), each with the article's sentence as its help.

#![forbid(unsafe_code)]

use crate::app::controls::action::Action;
use crate::app::controls::flag::{Act, CliText, Flag, Heading, Takes};
use crate::app::controls::id::{Id, Value};
use crate::app::controls::kinds::{
    choice_of, letter, Binding, Control, Field, FlagNote, Section, Widget,
};
use crate::app::input::Key;
use crate::sim::{Buffering, Order, Passes, Scene, SpringLaw};

/// A switch's value in the way back: `"1"` when `on` now and not in the
/// scene's own start.
pub(super) fn switch(own: bool, now: bool) -> Option<String> {
    (now && !own).then(|| "1".to_string())
}

/// A value's text in the way back, when it differs from the scene's own.
pub(super) fn differs<T: PartialEq + ToString>(own: T, now: T) -> Option<String> {
    (now != own).then(|| now.to_string())
}

/// The scene's row, first of the Model section.
pub(super) const SCENE: &[Control] = &[Control {
        id: Id::Scene,
        section: Section::Model,
        label: "Scene",
        widget: Widget::Select(&Scene::NAMES),
        keys: &[Binding {
            keys: "N",
            matches: &letter('n'),
            action: Action::Cycle(Id::Scene),
            repeats: false,
            what: "the next scene from its start: original, curtain, flag, drape",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "scene",
            takes: Takes::Value {
                name: "NAME",
                default: None,
                hyphen: false,
            },
            heading: Heading::Other,
            help: CliText::new("A preset of the flags below and a start (original, curtain, flag, drape); see \
                   --help for what each sets"),
            more: CliText::new("A preset: a model, its start and its look, to show other cloth programs' \
                 features at once. Flags given with it override its choices (--scene curtain \
                 --pin corners hangs the curtain from two pegs).\n"),
            expects: CliText::new("original, curtain, flag, drape or hands"),
            conflicts: None,
            act: Act::Scene,
            back: |_, _| None,
        }],
        hint: "The original drape over five spheres, or a curtain, a flag or a slow drape, each from its start.",
        model: None,
    }];

/// The article's what-ifs, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Passes,
        section: Section::Model,
        label: "Passes a step",
        widget: Widget::Slider {
            min: 1.0,
            max: 100.0,
            step: 1.0,
            log: true,
        },
        keys: &[
            Binding {
                keys: "1",
                matches: &[Key::Character('1')],
                action: Action::Set(Id::Passes, Value::Number(1.0)),
                repeats: false,
                what: "1 pass a step: a stretchy sheet, falling 0.001 a step",
                flag: FlagNote::With("1"),
            },
            Binding {
                keys: "5",
                matches: &[Key::Character('5')],
                action: Action::Set(Id::Passes, Value::Number(5.0)),
                repeats: false,
                what: "5 passes a step",
                flag: FlagNote::With("5"),
            },
            Binding {
                keys: "0",
                matches: &[Key::Character('0')],
                action: Action::Set(Id::Passes, Value::Number(15.0)),
                repeats: false,
                what: "15 passes a step, the original's",
                flag: FlagNote::None,
            },
        ],
        flags: &[Flag {
            name: "passes",
            takes: Takes::Value {
                name: "N",
                default: Some("15"),
                hyphen: true,
            },
            heading: Heading::WhatIf,
            help: CliText::new("Passes a step, 1 to 100: \"Fifteen passes ... makes the cloth much stiffer \
                   than one pass would\", and \"gravity is applied fifteen times, so the cloth \
                   falls 0.015 a frame\"."),
            more: CliText::new("A pass only looks one point away, so a tug spreads N points a step; a free \
                 sheet falls 0.001 N a step. The original's is 15."),
            expects: CliText::new("a whole number from 1 to 100"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.passes = v.parse()?;
                Ok(())
            }),
            back: |own, now| differs(own.model.passes, now.model.passes),
        }],
        hint: "A pass only looks one point away, so a tug spreads one point a pass; the original makes 15 a step. Fewer passes, a stretchier sheet that falls slower.",
        model: Some(Field {
            get: |m| Some(Value::Number(m.passes.get() as f64)),
            set: |m, v, _| {
                if let Value::Number(v) = v {
                    m.passes = Passes::new(v as usize).unwrap_or(m.passes);
                }
            },
        }),
    },
    Control {
        id: Id::Diagonals,
        section: Section::Model,
        label: "Diagonal springs",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "D",
            matches: &letter('d'),
            action: Action::Toggle(Id::Diagonals),
            repeats: false,
            what: "diagonal springs off / on: squares squash into diamonds",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "no-diagonals",
            takes: Takes::Switch,
            heading: Heading::WhatIf,
            help: CliText::new("No diagonal springs: \"The four diagonals stop it shearing, so the squares \
                   can't squash into thin diamonds.\""),
            more: CliText::NONE,
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.model.springs.diagonals = false;
                Ok(())
            }),
            back: |own, now| switch(!own.model.springs.diagonals, !now.model.springs.diagonals),
        }],
        hint: "Every point is joined to the eight around it. The four diagonals stop it shearing, so the squares cannot squash into thin diamonds.",
        model: Some(Field {
            get: |m| Some(Value::On(m.springs.diagonals)),
            set: |m, v, _| {
                if let Value::On(on) = v {
                    m.springs.diagonals = on;
                }
            },
        }),
    },
    Control {
        id: Id::Bend,
        section: Section::Model,
        label: "Bending springs",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "B",
            matches: &letter('b'),
            action: Action::Toggle(Id::Bend),
            repeats: false,
            what: "bending springs (to the points two away) on / off",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "bend",
            takes: Takes::Switch,
            heading: Heading::WhatIf,
            help: CliText::new("Bending springs, to the points two away: \"Springs to the points two away \
                   would give it some stiffness against bending, and the 5x5 table has room for \
                   their rest lengths.\""),
            more: CliText::new("The neighbour loops run two out, the whole 5x5 table; every spring then moves \
                 its point a third as far (24 springs sharing the strength of 8: at full \
                 strength they over-correct and the sheet flies apart)."),
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.model.springs.bend = true;
                Ok(())
            }),
            back: |own, now| switch(own.model.springs.bend, now.model.springs.bend),
        }],
        hint: "Springs to the points two away give the cloth some stiffness against bending; the article's loops stop at one.",
        model: Some(Field {
            get: |m| Some(Value::On(m.springs.bend)),
            set: |m, v, _| {
                if let Value::On(on) = v {
                    m.springs.bend = on;
                }
            },
        }),
    },
    Control {
        id: Id::InPlace,
        section: Section::Model,
        label: "Move in place",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "I",
            matches: &letter('i'),
            action: Action::Toggle(Id::InPlace),
            repeats: false,
            what: "move points in place / double buffered",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "in-place",
            takes: Takes::Switch,
            heading: Heading::WhatIf,
            help: CliText::new("Move each point in place: \"If each point were moved in place, the ones late \
                   in the loop would see their neighbours' new positions and the early ones \
                   wouldn't, and the result would depend on which corner the loop started \
                   from.\""),
            more: CliText::new("The original double buffers: every new position comes from the old ones. See \
                 --order for the corner."),
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.model.buffering = Buffering::InPlace;
                Ok(())
            }),
            back: |own, now| {
                let in_place = |m: &crate::sim::Model| m.buffering == Buffering::InPlace;
                switch(in_place(&own.model), in_place(&now.model))
            },
        }],
        hint: "The original writes each pass into a second buffer. Moving each point where it lies makes later points see earlier ones' moves (Gauss-Seidel).",
        model: Some(Field {
            get: |m| Some(Value::On(m.buffering == Buffering::InPlace)),
            set: |m, v, _| {
                if let Value::On(on) = v {
                    m.buffering = if on {
                        Buffering::InPlace
                    } else {
                        Buffering::Double
                    };
                }
            },
        }),
    },
    Control {
        id: Id::Order,
        section: Section::Model,
        label: "Visiting order",
        widget: Widget::Select(&Order::NAMES),
        keys: &[Binding {
            keys: "O",
            matches: &letter('o'),
            action: Action::Cycle(Id::Order),
            repeats: false,
            what: "visiting order: rows / reversed, which matters in place",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "order",
            takes: Takes::Value {
                name: "rows|reversed",
                default: Some("rows"),
                hyphen: false,
            },
            heading: Heading::WhatIf,
            help: CliText::new("The order a pass visits the points in: rows (the original's, from [0][0]) or \
                   reversed (from the opposite corner); \"the result would depend on which \
                   corner the loop started from\" (with --in-place)"),
            more: CliText::NONE,
            expects: CliText::new("rows or reversed"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.order = v.parse()?;
                Ok(())
            }),
            back: |own, now| differs(own.model.order, now.model.order),
        }],
        hint: "Rows, or the rows reversed: no difference double buffered, a lean one way or the other in place.",
        model: Some(Field {
            get: |m| Some(Value::Choice(choice_of(&Order::ALL, &m.order))),
            set: |m, v, _| {
                if let Value::Choice(k) = v {
                    m.order = Order::ALL.get(k).copied().unwrap_or(m.order);
                }
            },
        }),
    },
    Control {
        id: Id::Hooke,
        section: Section::Model,
        label: "Hooke's law",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "K",
            matches: &letter('k'),
            action: Action::Toggle(Id::Hooke),
            repeats: false,
            what: "Hooke's law / the article's spring",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "hooke",
            takes: Takes::Switch,
            heading: Heading::WhatIf,
            help: CliText::new("Hooke's law: \"Hooke's law would move the point in proportion to the \
                   stretch\", 0.3 (len - rest) along the spring."),
            more: CliText::new("It matches the article's spring near rest, but a squashed spring pushes at \
                 most 0.03, so loaded neighbours can collapse onto each other: \"a squashed one \
                 pushes harder and harder as the two points get close, so neighbours don't \
                 collapse onto each other\" is the article's reason for its lopsided spring."),
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.model.law = SpringLaw::Hooke;
                Ok(())
            }),
            back: |own, now| {
                let hooke = |m: &crate::sim::Model| m.law == SpringLaw::Hooke;
                switch(hooke(&own.model), hooke(&now.model))
            },
        }],
        hint: "The article's spring divides by the length once more, so it never pulls more than 0.03 a pass but pushes ever harder when squashed. Hooke's law moves a point in proportion to the stretch.",
        model: Some(Field {
            get: |m| Some(Value::On(m.law == SpringLaw::Hooke)),
            set: |m, v, _| {
                if let Value::On(on) = v {
                    m.law = if on {
                        SpringLaw::Hooke
                    } else {
                        SpringLaw::Article
                    };
                }
            },
        }),
    },
];
