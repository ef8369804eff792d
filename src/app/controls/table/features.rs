//! The Model section's last rows: the other cloth programs' features of
//! the cloth itself (inertia, self-collision, tearing), each with the idea
//! behind it as its help, and the button back to the original model.

#![forbid(unsafe_code)]

use super::what_ifs::switch;
use crate::app::controls::action::Action;
use crate::app::controls::flag::{Act, CliText, Flag, Heading, Takes};
use crate::app::controls::id::{Id, Value};
use crate::app::controls::kinds::{letter, Binding, Control, Field, FlagNote, Section, Widget};
use crate::sim::{Damping, TearFactor, Thickness};

/// The damping the Damping slider starts at when inertia comes on from
/// the panel: the presets' light damping.
pub const DAMPING: Damping = Damping::LIGHT;

/// The thickness self-collision comes on at from the panel: half the
/// spacing of the points.
pub const THICKNESS: Thickness = Thickness::HALF_SPACING;

/// The factor tearing comes on at from the panel (and T) under the
/// article's solver: 4 (the other solvers' own, [`TearFactor::for_solver`],
/// under them).
pub const TEAR_FACTOR: TearFactor = TearFactor::DEFAULT;

/// `--no-inertia`.
const NO_INERTIA: Flag = Flag {
    name: "no-inertia",
    takes: Takes::Switch,
    heading: Heading::Other,
    help: CliText::new("No inertia, overriding a scene's."),
    more: CliText::NONE,
    expects: CliText::new(""),
    conflicts: None,
    act: Act::Set(|s, _| {
        s.model.inertia = None;
        Ok(())
    }),
    back: |own, now| switch(own.model.inertia.is_none(), now.model.inertia.is_none()),
};

/// `--no-self-collision`.
const NO_SELF_COLLISION: Flag = Flag {
    name: "no-self-collision",
    takes: Takes::Switch,
    heading: Heading::Other,
    help: CliText::new("No self-collision, overriding a scene's."),
    more: CliText::NONE,
    expects: CliText::new(""),
    conflicts: None,
    act: Act::Set(|s, _| {
        s.model.self_collision = None;
        Ok(())
    }),
    back: |own, now| {
        switch(
            own.model.self_collision.is_none(),
            now.model.self_collision.is_none(),
        )
    },
};

/// The rows, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Inertia,
        section: Section::Model,
        label: "Inertia",
        widget: Widget::Check,
        keys: &[],
        flags: &[
            Flag {
                name: "inertia",
                takes: Takes::Value {
                    name: "D",
                    default: None,
                    hyphen: true,
                },
                heading: Heading::Other,
                help: CliText::new("Inertia with damping D, 0 to 1: Verlet's x + (1 - D) (x - x_prev) before \
                       the passes, so the cloth swings and overshoots."),
                more: CliText::new("\"Nothing swings or bounces\" in the original. The previous positions are \
                     then part of the state: `simulate --csv` writes them as the columns \
                     px,py,pz, and --from reads them back."),
                expects: CliText::new("a damping from 0 to 1"),
                conflicts: Some(&NO_INERTIA),
                act: Act::Set(|s, v| {
                    s.model.inertia = Some(v.parse()?);
                    Ok(())
                }),
                back: |own, now| match now.model.inertia {
                    Some(d) if now.model.inertia != own.model.inertia => Some(d.to_string()),
                    _ => None,
                },
            },
            NO_INERTIA,
        ],
        hint: "There are no velocities in the original: a falling sheet does not speed up. With inertia (Verlet), each point carries on as it moved last step, less the damping.",
        model: Some(Field {
            get: |m| Some(Value::On(m.inertia.is_some())),
            set: |m, v, scene| {
                if let Value::On(on) = v {
                    m.inertia = on.then(|| scene.inertia.unwrap_or(DAMPING));
                }
            },
        }),
    },
    Control {
        id: Id::Damping,
        section: Section::Model,
        label: "Damping",
        widget: Widget::Slider {
            min: 0.0,
            max: 1.0,
            step: 0.0,
            log: false,
        },
        keys: &[],
        flags: &[],
        hint: "With inertia, the share of the velocity lost each step: 0 keeps it all, 1 is the original's none.",
        model: Some(Field {
            get: |m| Some(Value::Number(m.inertia?.get())),
            set: |m, v, _| {
                if let Value::Number(v) = v {
                    m.inertia = Damping::new(v).ok().or(m.inertia);
                }
            },
        }),
    },
    Control {
        id: Id::SelfCollision,
        section: Section::Model,
        label: "Self-collision",
        widget: Widget::Check,
        keys: &[],
        flags: &[
            Flag {
                name: "self-collision",
                takes: Takes::Switch,
                heading: Heading::Other,
                help: CliText::new("Self-collision: no two points that are not grid neighbours come closer \
                       than --thickness (default 0.05, half the spacing), so a heap lies in \
                       layers instead of passing through itself."),
                more: CliText::NONE,
                expects: CliText::new(""),
                conflicts: Some(&NO_SELF_COLLISION),
                act: Act::Set(|s, _| {
                    if s.model.self_collision.is_none() {
                        s.model.self_collision = Some(Thickness::default());
                    }
                    Ok(())
                }),
                // Written back as --thickness, which implies it.
                back: |_, _| None,
            },
            NO_SELF_COLLISION,
        ],
        hint: "There is nothing to stop the original's cloth passing through itself. With this, points closer than the thickness push apart.",
        model: Some(Field {
            get: |m| Some(Value::On(m.self_collision.is_some())),
            set: |m, v, scene| {
                if let Value::On(on) = v {
                    m.self_collision = on.then(|| scene.self_collision.unwrap_or(THICKNESS));
                }
            },
        }),
    },
    Control {
        id: Id::Thickness,
        section: Section::Model,
        label: "Thickness",
        widget: Widget::Slider {
            min: Thickness::MIN,
            max: Thickness::MAX,
            step: 0.0,
            log: true,
        },
        keys: &[],
        flags: &[Flag {
            name: "thickness",
            takes: Takes::Value {
                name: "T",
                default: None,
                hyphen: true,
            },
            heading: Heading::Other,
            help: CliText::new("Self-collision's thickness T, world units, 0.001 to 0.2 (implies \
                   --self-collision)."),
            more: CliText::NONE,
            expects: CliText::new("a number from 0.001 to 0.2 (world units)"),
            conflicts: Some(&NO_SELF_COLLISION),
            act: Act::Set(|s, v| {
                s.model.self_collision = Some(v.parse()?);
                Ok(())
            }),
            back: |own, now| match now.model.self_collision {
                Some(t) if now.model.self_collision != own.model.self_collision => {
                    Some(t.to_string())
                }
                _ => None,
            },
        }],
        hint: "How close two points of the cloth may come under self-collision, world units.",
        model: Some(Field {
            get: |m| Some(Value::Number(m.self_collision?.get())),
            set: |m, v, _| {
                if let Value::Number(v) = v {
                    m.self_collision = Thickness::new(v).ok().or(m.self_collision);
                }
            },
        }),
    },
    Control {
        id: Id::Tear,
        section: Section::Model,
        label: "Tearing",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "T",
            matches: &letter('t'),
            action: Action::Toggle(Id::Tear),
            repeats: false,
            what: "tearing on / off: a spring stretched past 4 times its rest length (3 under mass-spring and xpbd; under the other solvers only while a point is held) tears for good",
            flag: FlagNote::With("4"),
        }],
        flags: &[Flag {
            name: "tear",
            takes: Takes::Value {
                name: "F",
                default: None,
                hyphen: true,
            },
            heading: Heading::Other,
            help: CliText::new("Tearing: at the end of each step every spring longer than F times its rest \
                   length breaks for good (F more than 1, at most 100)."),
            more: CliText::new("A torn spring pulls neither end, and the triangles that lost one are not \
                 drawn: the tear is a hole. The springs stretch on their own to about 3.2 \
                 times their rest length in the original, 9.2 in the drape's fall and 11 in the \
                 curtain and the flag, so a smaller F tears the cloth by itself. State files \
                 carry the torn springs (a column `torn`), so --from goes on torn."),
            expects: CliText::new("a number more than 1 and at most 100 (times a spring's rest length)"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.tear = Some(v.parse()?);
                Ok(())
            }),
            back: |own, now| match now.model.tear {
                Some(f) if now.model.tear != own.model.tear => Some(f.to_string()),
                _ => None,
            },
        }],
        hint: "A spring stretched past the factor times its rest length tears for good (until a restart). Under the other solvers only a hand tears: nothing breaks while no point is held.",
        model: Some(Field {
            get: |m| Some(Value::On(m.tear.is_some())),
            set: |m, v, scene| {
                if let Value::On(on) = v {
                    m.tear = on.then(|| scene.tear.unwrap_or(TearFactor::for_solver(m.solver)));
                }
            },
        }),
    },
    Control {
        id: Id::TearFactor,
        section: Section::Model,
        label: "Tear at",
        widget: Widget::Slider {
            min: 1.1,
            max: TearFactor::MAX,
            step: 0.0,
            log: true,
        },
        keys: &[],
        flags: &[],
        hint: "Tearing's factor: how many times its rest length a spring stretches before it tears.",
        model: Some(Field {
            get: |m| Some(Value::Number(m.tear?.get())),
            set: |m, v, _| {
                if let Value::Number(v) = v {
                    m.tear = TearFactor::new(v).ok().or(m.tear);
                }
            },
        }),
    },
    Control {
        id: Id::Original,
        section: Section::Model,
        label: "Scene's model",
        widget: Widget::Button,
        keys: &[Binding {
            keys: "M",
            matches: &letter('m'),
            action: Action::Original,
            repeats: false,
            what: "the scene's own model again (every what-if off)",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "Every what-if off: the scene's own model again (the article's, in the original scene), on the cloth as it is.",
        model: None,
    },
];
