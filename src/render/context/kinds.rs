//! What the headless context can be forced to: the GL kind ([`GlApi`],
//! `CLOTH_DEMO_GL`) and the way of making it ([`ContextKind`],
//! `CLOTH_DEMO_CONTEXT`), each read from its environment variable.

use super::{headless, one_line};
use crate::render::{Dialect, RenderError};

/// The environment variable that forces the context kind: `gl33`, `gles3`
/// or `gles2` (see [`GlApi::from_env`]).
pub const GL_ENV: &str = "CLOTH_DEMO_GL";

/// The environment variable that forces the way the context is made:
/// `egl` or `glx` on Linux, `wgl` on Windows, `cgl` on macOS (see
/// [`ContextKind::from_env`]).
pub const CONTEXT_ENV: &str = "CLOTH_DEMO_CONTEXT";

/// A context kind the headless path can be forced to, to check that the
/// GLES fallbacks draw what desktop GL 3.3 core draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlApi {
    /// Desktop OpenGL 3.3 core profile (`gl33`).
    Gl33,
    /// OpenGL ES 3.0 (`gles3`).
    Gles3,
    /// OpenGL ES 2.0 (`gles2`).
    Gles2,
}

impl GlApi {
    /// Every kind, in the order they are tried.
    pub const ALL: [GlApi; 3] = [GlApi::Gl33, GlApi::Gles3, GlApi::Gles2];

    /// The value of [`GL_ENV`] that names this kind.
    pub fn env_name(self) -> &'static str {
        match self {
            GlApi::Gl33 => "gl33",
            GlApi::Gles3 => "gles3",
            GlApi::Gles2 => "gles2",
        }
    }

    /// Its name in messages and the log: `"OpenGL 3.3 core"`, `"OpenGL ES
    /// 3.0"` or `"OpenGL ES 2.0"`.
    pub fn name(self) -> &'static str {
        match self {
            GlApi::Gl33 => "OpenGL 3.3 core",
            GlApi::Gles3 => "OpenGL ES 3.0",
            GlApi::Gles2 => "OpenGL ES 2.0",
        }
    }

    /// The kind [`GL_ENV`] forces: `None` when it is unset or empty (try
    /// them all, in order).
    ///
    /// # Errors
    /// [`RenderError::Headless`], one line, for any other value.
    pub fn from_env() -> Result<Option<Self>, RenderError> {
        let names = GlApi::ALL.map(GlApi::env_name);
        from_env(GL_ENV, &GlApi::ALL, &names, GlApi::env_name)
    }

    /// The shader dialect used when this kind is forced. Mesa answers a
    /// request for ES 2.0 with its newest ES (3.2), which would pick the ES
    /// 3.0 shaders; forcing `gles2` also forces the ES 2.0 shaders
    /// (`#version 100`, no vertex array object), which every ES accepts,
    /// so that path is the one drawn.
    pub fn dialect(self) -> Dialect {
        match self {
            GlApi::Gl33 => Dialect::Gl33,
            GlApi::Gles3 => Dialect::Gles3,
            GlApi::Gles2 => Dialect::Gles2,
        }
    }

    /// Whether this is one of the OpenGL ES kinds.
    pub fn is_es(self) -> bool {
        self != GlApi::Gl33
    }
}

/// A way of making the headless context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContextKind {
    /// An EGL device with no surface (`egl`; Linux and the BSDs): needs no
    /// display server.
    Egl,
    /// GLX on the X display `DISPLAY` names, with a 1 x 1 pbuffer
    /// (`glx`; Linux and the BSDs), for where EGL is missing.
    Glx,
    /// WGL on a hidden window of its own (`wgl`; Windows).
    Wgl,
    /// CGL with no window (`cgl`; macOS).
    Cgl,
}

impl ContextKind {
    /// The kinds this platform has, in the order they are tried.
    pub const AVAILABLE: &'static [ContextKind] = if cfg!(free_unix) {
        &[ContextKind::Egl, ContextKind::Glx]
    } else if cfg!(windows) {
        &[ContextKind::Wgl]
    } else if cfg!(target_os = "macos") {
        &[ContextKind::Cgl]
    } else {
        &[]
    };

    /// The value of [`CONTEXT_ENV`] that names this kind.
    pub fn env_name(self) -> &'static str {
        match self {
            ContextKind::Egl => "egl",
            ContextKind::Glx => "glx",
            ContextKind::Wgl => "wgl",
            ContextKind::Cgl => "cgl",
        }
    }

    /// The kind [`CONTEXT_ENV`] forces: `None` when it is unset or empty
    /// (the platform's order, [`ContextKind::AVAILABLE`]).
    ///
    /// # Errors
    /// [`RenderError::Headless`], one line, for a value that is not one of
    /// this platform's kinds.
    pub fn from_env() -> Result<Option<Self>, RenderError> {
        let names: Vec<&str> = Self::AVAILABLE.iter().map(|k| k.env_name()).collect();
        from_env(CONTEXT_ENV, Self::AVAILABLE, &names, ContextKind::env_name)
    }
}

/// The value of `var` as one of `options` (by `name`), `None` if unset or
/// empty.
fn from_env<T: Copy>(
    var: &str,
    options: &[T],
    names: &[&str],
    name: fn(T) -> &'static str,
) -> Result<Option<T>, RenderError> {
    let Some(value) = std::env::var_os(var) else {
        return Ok(None);
    };
    let value = value.to_string_lossy();
    let wanted = value.trim().to_ascii_lowercase();
    if wanted.is_empty() {
        return Ok(None);
    }
    options
        .iter()
        .find(|&&o| name(o) == wanted)
        .map(|&o| Some(o))
        .ok_or_else(|| {
            headless(format!(
                "{var}={} is not one of {}",
                one_line(&value),
                names.join(", ")
            ))
        })
}
