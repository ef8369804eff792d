//! The environment variables the program reads: every `CLOTH_DEMO_*` one,
//! read once at start ([`Environment::read`]), before any work, whatever
//! the command (the window included). The library reads none: the values
//! go to it as arguments.
//!
//! | variable | values | what it forces |
//! |---|---|---|
//! | [`SIMD`] | `avx512-fma`, `avx512`, `avx2`, `baseline` (those this CPU runs) | the physics' instruction set |
//! | [`GL`] | `gl33`, `gles3`, `gles2` | the headless context's GL kind and its shaders |
//! | [`CONTEXT`] | `egl`, `glx` (Linux and the BSDs), `wgl` (Windows), `cgl` (macOS) | the way the headless context is made |
//!
//! One rule for all three: unset, empty or blank is "not forced"; a value
//! is read trimmed, in any case; anything else, including a name this
//! machine lacks, is a usage error of one line, `CLOTH_DEMO_GL=bogus is
//! not one of gl33, gles3, gles2`, which `main` prints with exit code 2.
#![forbid(unsafe_code)]

use std::ffi::OsString;
use std::fmt;
use std::str::FromStr;

use cloth_demo::render::headless::{ContextKind, ContextRequest, GlApi};
use cloth_demo::sim::InstructionSet;

/// Forces the physics' instruction set.
pub const SIMD: &str = "CLOTH_DEMO_SIMD";

/// Forces the headless context's GL kind (and its shader dialect).
pub const GL: &str = "CLOTH_DEMO_GL";

/// Forces the way the headless context is made.
pub const CONTEXT: &str = "CLOTH_DEMO_CONTEXT";

/// What the environment forces; [`Environment::default`] forces nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// [`SIMD`]: the instruction set every simulation runs on (`None`: the
    /// fastest this CPU has).
    pub instruction_set: Option<InstructionSet>,
    /// [`GL`] and [`CONTEXT`]: what a headless context must be.
    pub context: ContextRequest,
}

impl Environment {
    /// Read the variables from the process's environment.
    ///
    /// # Errors
    /// One line for the first variable whose value is bad (see the module
    /// docs).
    pub fn read() -> Result<Self, String> {
        Self::from_lookup(|name| std::env::var_os(name))
    }

    /// Read the variables through `lookup` (a variable's value, `None`
    /// when unset).
    ///
    /// # Errors
    /// As [`Environment::read`].
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<OsString>) -> Result<Self, String> {
        let available: Vec<InstructionSet> = InstructionSet::available().collect();
        let instruction_set = choice(SIMD, lookup(SIMD), &available, |set| {
            format!("this CPU cannot run {set}")
        })?;
        let api = choice(GL, lookup(GL), &GlApi::ALL, |_| String::new())?;
        let kind = choice(CONTEXT, lookup(CONTEXT), ContextKind::AVAILABLE, |kind| {
            format!("{kind} is not available on this platform")
        })?;
        Ok(Environment {
            instruction_set,
            context: ContextRequest { kind, api },
        })
    }

    /// What a headless-context failure adds when the environment forced
    /// the context: `""`, or e.g. `" (as CLOTH_DEMO_GL=gles2 asks)"`.
    pub fn context_note(&self) -> String {
        let mut forced = Vec::new();
        if let Some(kind) = self.context.kind {
            forced.push(format!("{CONTEXT}={kind}"));
        }
        if let Some(api) = self.context.api {
            forced.push(format!("{GL}={api}"));
        }
        match forced.len() {
            0 => String::new(),
            1 => format!(" (as {} asks)", forced[0]),
            _ => format!(" (as {} ask)", forced.join(" and ")),
        }
    }
}

/// The value of `variable` (`raw`) as one of `available`: `None` when it
/// is unset or blank.
///
/// # Errors
/// `VARIABLE=VALUE is not one of A, B, C`, with `(why)` from `absent` for
/// a name that is known but not in `available`.
fn choice<T>(
    variable: &str,
    raw: Option<OsString>,
    available: &[T],
    absent: impl Fn(T) -> String,
) -> Result<Option<T>, String>
where
    T: Copy + PartialEq + FromStr + fmt::Display,
{
    let Some(raw) = raw else {
        return Ok(None);
    };
    let text = raw.to_string_lossy();
    let name = text.trim().to_ascii_lowercase();
    if name.is_empty() {
        return Ok(None);
    }
    let parsed = name.parse::<T>().ok();
    if let Some(value) = parsed.filter(|v| available.contains(v)) {
        return Ok(Some(value));
    }
    let names: Vec<String> = available.iter().map(ToString::to_string).collect();
    let shown = if text.chars().any(char::is_control) {
        format!("{text:?}")
    } else {
        text.into_owned()
    };
    let why = parsed.map(absent).filter(|why| !why.is_empty());
    Err(match why {
        Some(why) => format!(
            "{variable}={shown} is not one of {} ({why})",
            names.join(", ")
        ),
        None => format!("{variable}={shown} is not one of {}", names.join(", ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<Environment, String> {
        Environment::from_lookup(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        })
    }

    #[test]
    fn unset_and_blank_force_nothing() {
        assert_eq!(read(&[]), Ok(Environment::default()));
        let blank = read(&[(SIMD, ""), (GL, " "), (CONTEXT, "")]);
        assert_eq!(blank, Ok(Environment::default()));
        assert_eq!(Environment::default().context_note(), "");
    }

    #[test]
    fn values_are_read_trimmed_in_any_case() {
        let env = read(&[(GL, " GLES2 "), (SIMD, "Baseline")]).unwrap();
        assert_eq!(env.context.api, Some(GlApi::Gles2));
        assert_eq!(env.instruction_set, Some(InstructionSet::Baseline));
        assert_eq!(env.context_note(), " (as CLOTH_DEMO_GL=gles2 asks)");
        let first = ContextKind::AVAILABLE[0];
        let env = read(&[(CONTEXT, first.short_name())]).unwrap();
        assert_eq!(env.context.kind, Some(first));
    }

    #[test]
    fn every_bad_value_is_one_line_naming_the_variable_and_the_choices() {
        assert_eq!(
            read(&[(GL, "bogus")]),
            Err("CLOTH_DEMO_GL=bogus is not one of gl33, gles3, gles2".into())
        );
        let kinds: Vec<&str> = ContextKind::AVAILABLE
            .iter()
            .map(|k| k.short_name())
            .collect();
        let foreign = if cfg!(windows) { "egl" } else { "wgl" };
        assert_eq!(
            read(&[(CONTEXT, foreign)]),
            Err(format!(
                "CLOTH_DEMO_CONTEXT={foreign} is not one of {} ({foreign} is not available on this platform)",
                kinds.join(", ")
            ))
        );
        let e = read(&[(SIMD, "neon")]).unwrap_err();
        assert!(e.starts_with("CLOTH_DEMO_SIMD=neon is not one of "), "{e}");
        assert!(e.ends_with("baseline"), "{e}");
        let e = read(&[(GL, "a\nb")]).unwrap_err();
        assert!(
            e.starts_with("CLOTH_DEMO_GL=\"a\\nb\" is not one of"),
            "{e}"
        );
        assert!(!e.contains('\n'));
    }
}
