//! The Model section's rows for the grid and the solvers: how many points
//! a side, which cloth program's solver moves them, and each solver's own
//! numbers, with the seeds' values as defaults and their words as help.

#![forbid(unsafe_code)]

use super::what_ifs::differs;
use crate::app::controls::action::Action;
use crate::app::controls::flag::{Act, CliText, Flag, Heading, Setup, Takes};
use crate::app::controls::id::{Id, Value};
use crate::app::controls::kinds::{
    choice_of, letter, Binding, Control, Field, FlagNote, Section, Widget,
};
use crate::sim::{Fabric, Grid, MassSpring, ModelError, Relaxation, Solver, TearFactor, Xpbd};

/// A row for one of a solver's numbers: a slider, a flag taking the
/// number (for that solver: `--ks` with `--solver mass-spring`), and a
/// field that reads the number only while the solver runs.
macro_rules! amount_row {
    (
        $id:expr, $label:literal, $solver:expr, $($path:ident).+, $amount:expr,
        slider($min:expr, $max:expr, $step:expr, $log:expr),
        flag($name:literal, $value:literal, $default:expr, $expects:literal),
        help($help:literal), hint($hint:literal)
    ) => {
        amount_row!(
            $id, $label, $solver, $($path).+, $amount,
            slider($min, $max, $step, $log),
            flag($name, $value, $default, $expects),
            help($help), hint($hint),
            back(|own: &Setup, now: &Setup| differs(own.model.$($path).+, now.model.$($path).+))
        )
    };
    (
        $id:expr, $label:literal, $solver:expr, $($path:ident).+, $amount:expr,
        slider($min:expr, $max:expr, $step:expr, $log:expr),
        flag($name:literal, $value:literal, $default:expr, $expects:literal),
        help($help:literal), hint($hint:literal), back($back:expr)
    ) => {
        Control {
            id: $id,
            section: Section::Model,
            label: $label,
            widget: Widget::Slider {
                min: $min,
                max: $max,
                step: $step,
                log: $log,
            },
            keys: &[],
            flags: &[Flag {
                name: $name,
                takes: Takes::Value {
                    name: $value,
                    default: $default,
                    hyphen: false,
                },
                heading: Heading::Solver,
                help: CliText::new($help),
                more: CliText::NONE,
                expects: CliText::new($expects),
                conflicts: None,
                act: Act::Set(|s, v| {
                    s.model.$($path).+ = $amount.parse(v)?;
                    Ok(())
                }),
                back: $back,
            }],
            hint: $hint,
            model: Some(Field {
                get: |m| (m.solver == $solver).then(|| Value::Number(m.$($path).+)),
                set: |m, v, _| {
                    if let Value::Number(v) = v {
                        m.$($path).+ = $amount.clamp(v);
                    }
                },
            }),
        }
    };
}

/// `--grid N` (`?grid=N`): points a side, a part of the start and not of
/// the model (so a compared side names no grid: [`Side::parse`](crate::app::controls::Side::parse)).
pub const GRID: Flag = Flag {
        name: "grid",
        takes: Takes::Value {
            name: "N",
            default: None,
            hyphen: false,
        },
        heading: Heading::Solver,
        help: CliText::new("N x N points, 8 to 256 (32, the original's, unless a state file given with \
               --from has another): the sheet keeps its size and place, its points 3.1 / (N - 1) apart."),
        more: CliText::new("Every solver takes any grid. The article's constants scale with the \
             spacing so that a finer sheet behaves like the demo's 32 x 32; the default \
             32 is the original, bit for bit. State files carry the grid in their \
             number of rows."),
        expects: CliText::new("a whole number from 8 to 256 (points a side)"),
        conflicts: None,
        act: Act::Set(|s, v| {
            s.grid = v
                .parse::<Grid>()
                .map_err(|e| ModelError::Amount(e.to_string()))?;
            Ok(())
        }),
        back: |own, now| differs(own.grid, now.grid),
};

/// The grid and solver rows, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Grid,
        section: Section::Model,
        label: "Points a side",
        widget: Widget::Slider {
            min: 8.0,
            max: 256.0,
            step: 1.0,
            log: true,
        },
        keys: &[],
        flags: &[GRID],
        hint: "How many points along each side of the sheet (the original's 32). The sheet keeps its size; a finer one folds in smaller creases and costs more a step. Changing it starts the scene again.",
        model: None,
    },
    Control {
        id: Id::Solver,
        section: Section::Model,
        label: "Solver",
        widget: Widget::Select(&Solver::NAMES),
        keys: &[Binding {
            keys: "V",
            matches: &letter('v'),
            action: Action::Cycle(Id::Solver),
            repeats: false,
            what: "the next solver: article, mass-spring, relaxation, xpbd",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "solver",
            takes: Takes::Value {
                name: "NAME",
                default: Some("article"),
                hyphen: false,
            },
            heading: Heading::Solver,
            help: CliText::new("Which program's solver moves the cloth: article (the original's spring), \
                   mass-spring (CS184), relaxation (Mosegaard), xpbd (Jolt)."),
            more: CliText::new("The article's spring moves a point at most 0.03 a pass however far it is \
                 stretched, so a pull draws out a needle. The other three give the points \
                 velocities (a step is 1/60 s, gravity 9.81 m/s^2) and hold the springs near \
                 their rest lengths, so a pull lifts the cloth. They keep the scene's pins, \
                 wind, self-collision and tearing, and leave the article's what-ifs alone."),
            expects: CliText::new("article, mass-spring, relaxation or xpbd"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.solver = v.parse()?;
                Ok(())
            }),
            back: |own, now| differs(own.model.solver, now.model.solver),
        }],
        hint: "Which cloth program's solver moves the points: the article's spring (a pull draws a needle), CS184's mass-spring, Mosegaard's relaxation or Jolt's XPBD (a pull lifts the cloth).",
        model: Some(Field {
            get: |m| Some(Value::Choice(choice_of(&Solver::ALL, &m.solver))),
            set: |m, v, _| {
                if let Value::Choice(k) = v {
                    let was = m.solver;
                    m.solver = Solver::ALL.get(k).copied().unwrap_or(m.solver);
                    // Tearing at the last solver's own factor goes on at
                    // the new one's; a factor chosen by hand stays.
                    if m.tear == Some(TearFactor::for_solver(was)) {
                        m.tear = Some(TearFactor::for_solver(m.solver));
                    }
                }
            },
        }),
    },
    amount_row!(
        Id::Ks, "Spring constant ks", Solver::MassSpring, mass_spring.ks, MassSpring::KS,
        slider(1.0, 1_000_000.0, 0.0, true),
        flag("ks", "N_PER_M", Some("5000"), "a number from 1 to 1000000 (N/m)"),
        help("With --solver mass-spring: the springs' constant, N/m (bending springs a fifth)."),
        hint("Mass-spring (CS184): Hooke's constant of the structural and shear springs, N/m; the bending springs take a fifth. \"As ks increases ... they bend much less and stay much flatter\"; at 50 the cloth is loose and wiggles.")
    ),
    amount_row!(
        Id::Density, "Density (g/cm²)", Solver::MassSpring, mass_spring.density, MassSpring::DENSITY,
        slider(0.1, 10_000.0, 0.0, true),
        flag("density", "G_PER_CM2", Some("15"), "a number from 0.1 to 10000 (g/cm^2)"),
        help("With --solver mass-spring: the cloth's density, g/cm^2, spread over the points."),
        hint("Mass-spring (CS184): the cloth's density, g/cm², spread evenly over the points. \"Density operates almost inversely to ks\": a heavier cloth sags and wrinkles more.")
    ),
    amount_row!(
        Id::SpringDamping, "Spring damping (%)", Solver::MassSpring, mass_spring.damping, MassSpring::DAMPING,
        slider(0.0, 2.0, 0.0, false),
        flag("ms-damping", "PERCENT", Some("0.2"), "a number from 0 to 100 (per cent a sub-step)"),
        help("With --solver mass-spring: Verlet's damping, per cent of the velocity lost a sub-step."),
        hint("Mass-spring (CS184): the share of the velocity lost each sub-step, per cent. At 0% \"the cloth swings quite quickly back and forth\"; at 1% it \"seemingly stops at the rest position\".")
    ),
    amount_row!(
        Id::SpringSteps, "Spring sub-steps", Solver::MassSpring, mass_spring.steps, MassSpring::STEPS,
        slider(1.0, 500.0, 1.0, true),
        flag("ms-steps", "K", Some("30"), "a whole number from 1 to 500 (sub-steps a step)"),
        help("With --solver mass-spring: sub-steps a step (more where the springs need them to stay stable)."),
        hint("Mass-spring (CS184): sub-steps of Verlet a step of 1/60 s (CS184 runs 30 a frame). A step takes more when the springs are too stiff for the sub-step to stay stable.")
    ),
    amount_row!(
        Id::Iterations, "Iterations", Solver::Relaxation, relaxation.iterations, Relaxation::ITERATIONS,
        slider(1.0, 200.0, 1.0, true),
        flag("iterations", "K", Some("15"), "a whole number from 1 to 200 (iterations a step)"),
        help("With --solver relaxation: times a step every constraint is satisfied."),
        hint("Relaxation (Mosegaard): how many times a step each constraint moves its ends halfway to its rest length. \"The more iterations, the more rigid the cloth.\"")
    ),
    amount_row!(
        Id::RelaxDamping, "Relaxation damping", Solver::Relaxation, relaxation.damping, Relaxation::DAMPING,
        slider(0.0, 1.0, 0.0, false),
        flag("relax-damping", "D", Some("0.01"), "a number from 0 to 1 (of the velocity a step)"),
        help("With --solver relaxation: Verlet's damping, the share of the velocity lost a step."),
        hint("Relaxation (Mosegaard): the share of each point's velocity lost each step (his DAMPING, 0.01).")
    ),
    Control {
        id: Id::Fabric,
        section: Section::Model,
        label: "Fabric",
        widget: Widget::Select(&Fabric::NAMES),
        keys: &[],
        flags: &[Flag {
            name: "fabric",
            takes: Takes::Value {
                name: "NAME",
                default: Some("cotton"),
                hyphen: false,
            },
            heading: Heading::Solver,
            help: CliText::new("With --solver xpbd: a fabric preset (silk, cotton, linen, denim, leather, rubber): its \
                   density, softnesses, air drag and stretch."),
            more: CliText::NONE,
            expects: CliText::new("silk, cotton, linen, denim, leather or rubber"),
            conflicts: None,
            act: Act::Set(|s, v| {
                s.model.xpbd = s.model.xpbd.with_fabric(v.parse()?);
                Ok(())
            }),
            back: |own, now| differs(own.model.xpbd.fabric, now.model.xpbd.fabric),
        }],
        hint: "XPBD (Jolt): a fabric's density and feel. Silk is very light and floats down slowly; cotton has ordinary folds; denim is heavy and stiff; leather barely stretches; rubber is stretchy and bouncy.",
        model: Some(Field {
            get: |m| {
                (m.solver == Solver::Xpbd)
                    .then(|| Value::Choice(choice_of(&Fabric::ALL, &m.xpbd.fabric)))
            },
            set: |m, v, _| {
                if let Value::Choice(k) = v {
                    if let Some(&f) = Fabric::ALL.get(k) {
                        m.xpbd = m.xpbd.with_fabric(f);
                    }
                }
            },
        }),
    },
    amount_row!(
        Id::Substeps, "XPBD sub-steps", Solver::Xpbd, xpbd.substeps, Xpbd::SUBSTEPS,
        slider(1.0, 64.0, 1.0, true),
        flag("substeps", "K", Some("6"), "a whole number from 1 to 64 (sub-steps a step)"),
        help("With --solver xpbd: sub-steps a step on the 32 x 32 grid, each solving every constraint once (a finer grid takes more, in proportion)."),
        hint("XPBD (Jolt): sub-steps a step of 1/60 s on the 32 x 32 grid (the engine's 6); each solves every constraint once, and a correction crosses one link a sub-step, so a finer grid takes more in proportion and feels the same. More make the cloth stiffer and cost more.")
    ),
    amount_row!(
        Id::FabricDensity, "Fabric density (kg/m²)", Solver::Xpbd, xpbd.density, Xpbd::DENSITY,
        slider(0.01, 10.0, 0.0, true),
        flag("fabric-density", "KG_PER_M2", None, "a number from 0.01 to 10 (kg/m^2)"),
        help("With --solver xpbd: the fabric's density, kg/m^2 (the fabric's own unless given)."),
        hint("XPBD (Jolt): the fabric's real density, kg/m² (cotton 0.15, silk 0.06, denim 0.45). A light fabric is slowed more by the air."),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).density, now.model.xpbd.density)
        })
    ),
    amount_row!(
        Id::Stretch, "Stretch softness", Solver::Xpbd, xpbd.stretch, Xpbd::SOFTNESS,
        slider(0.0, 100.0, 0.0, false),
        flag("stretch", "S", None, "a number from 0 to 1000 (softness)"),
        help("With --solver xpbd: softness of the stretch constraints: 0 as stiff as the solver can make it, 1 fixes about two thirds of the error a sub-step, 100 about 2%."),
        hint("XPBD (Jolt): softness along the grid lines. \"0 is as stiff as the solver can make it, 1 means each solver sub-step fixes about two thirds of the error, 100 about 2% (very floppy).\""),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).stretch, now.model.xpbd.stretch)
        })
    ),
    amount_row!(
        Id::Shear, "Shear softness", Solver::Xpbd, xpbd.shear, Xpbd::SOFTNESS,
        slider(0.0, 100.0, 0.0, false),
        flag("shear", "S", None, "a number from 0 to 1000 (softness)"),
        help("With --solver xpbd: softness of the shear (diagonal) constraints."),
        hint("XPBD (Jolt): softness of the diagonals, which keep the squares from squashing into diamonds."),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).shear, now.model.xpbd.shear)
        })
    ),
    amount_row!(
        Id::BendSoftness, "Bend softness", Solver::Xpbd, xpbd.bend, Xpbd::SOFTNESS,
        slider(0.0, 1000.0, 0.0, false),
        flag("bend-softness", "S", None, "a number from 0 to 1000 (softness)"),
        help("With --solver xpbd: softness of the bend constraints, two points apart."),
        hint("XPBD (Jolt): softness against bending, two points apart: low for stiff denim's few big folds, high for silk's soft ones."),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).bend, now.model.xpbd.bend)
        })
    ),
    amount_row!(
        Id::AirDrag, "Air drag", Solver::Xpbd, xpbd.air_drag, Xpbd::AIR_DRAG,
        slider(0.0, 10.0, 0.0, false),
        flag("air-drag", "A", None, "a number from 0 to 10 (a flat plate's)"),
        help("With --solver xpbd: air drag, a multiple of a flat plate's."),
        hint("XPBD (Jolt): air resistance across the cloth, a multiple of a flat plate's: \"what makes silk float and a flag fly\"."),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).air_drag, now.model.xpbd.air_drag)
        })
    ),
    amount_row!(
        Id::MaxStretch, "Max stretch", Solver::Xpbd, xpbd.max_stretch, Xpbd::MAX_STRETCH,
        slider(1.0, 2.0, 0.0, false),
        flag("max-stretch", "M", None, "a number from 1 to 10 (times the rest distance)"),
        help("With --solver xpbd: how far the tethers let a point get from its nearest pin, times their rest distance."),
        hint("XPBD (Jolt): the tethers' cap: no point gets further from its nearest pinned point than this times their distance at rest, so a hung cloth cannot stretch out under its own weight."),
        back(|_: &Setup, now: &Setup| {
            differs(Xpbd::of(now.model.xpbd.fabric).max_stretch, now.model.xpbd.max_stretch)
        })
    ),
];
