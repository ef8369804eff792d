//! What a headless context can be asked to be ([`ContextRequest`]): the GL
//! kind ([`GlApi`]) and the way of making it ([`ContextKind`]), each with
//! a short name (`gl33`, `egl`, ...) that [`FromStr`] reads and
//! [`Display`](fmt::Display) writes.
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use crate::render::Dialect;

/// What a headless context is to be. The default asks for nothing in
/// particular: the platform's ways in order, each trying every GL kind in
/// order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContextRequest {
    /// The way of making the context; `None` tries
    /// [`ContextKind::AVAILABLE`] in order.
    pub kind: Option<ContextKind>,
    /// The GL kind; `None` tries [`GlApi::ALL`] in order.
    pub api: Option<GlApi>,
}

/// A GL context kind the headless path can be asked for, to check that the
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

    /// The short name: `"gl33"`, `"gles3"` or `"gles2"` (what [`FromStr`]
    /// reads).
    pub fn short_name(self) -> &'static str {
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

    /// The shader dialect used when this kind is asked for. Mesa answers a
    /// request for ES 2.0 with its newest ES (3.2), which would pick the ES
    /// 3.0 shaders; asking for `gles2` also forces the ES 2.0 shaders
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

impl fmt::Display for GlApi {
    /// The short name ([`GlApi::short_name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

impl FromStr for GlApi {
    type Err = String;

    /// The kind whose [`GlApi::short_name`] is `s` (any case, spaces
    /// around it ignored).
    ///
    /// # Errors
    /// A phrase naming `s` and listing the short names, for any other
    /// text: "`vulkan` is not one of gl33, gles3, gles2".
    fn from_str(s: &str) -> Result<Self, String> {
        by_name(s, &GlApi::ALL, GlApi::short_name)
    }
}

/// A way of making the headless context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContextKind {
    /// An EGL device with no surface (`egl`; Linux and the BSDs): needs no
    /// display server.
    Egl,
    /// GLX on the X display Xlib opens by default (the one `DISPLAY`
    /// names), with a 1 x 1 pbuffer (`glx`; Linux and the BSDs), for where
    /// EGL is missing.
    Glx,
    /// WGL on a hidden window of its own (`wgl`; Windows).
    Wgl,
    /// CGL with no window (`cgl`; macOS).
    Cgl,
}

impl ContextKind {
    /// Every kind, on any platform.
    pub const ALL: [ContextKind; 4] = [
        ContextKind::Egl,
        ContextKind::Glx,
        ContextKind::Wgl,
        ContextKind::Cgl,
    ];

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

    /// The short name: `"egl"`, `"glx"`, `"wgl"` or `"cgl"` (what
    /// [`FromStr`] reads).
    pub fn short_name(self) -> &'static str {
        match self {
            ContextKind::Egl => "egl",
            ContextKind::Glx => "glx",
            ContextKind::Wgl => "wgl",
            ContextKind::Cgl => "cgl",
        }
    }

    /// Whether this platform has this kind ([`ContextKind::AVAILABLE`]).
    pub fn is_available(self) -> bool {
        ContextKind::AVAILABLE.contains(&self)
    }
}

impl fmt::Display for ContextKind {
    /// The short name ([`ContextKind::short_name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.short_name())
    }
}

impl FromStr for ContextKind {
    type Err = String;

    /// The kind whose [`ContextKind::short_name`] is `s` (any case, spaces
    /// around it ignored), whether or not this platform has it
    /// ([`ContextKind::is_available`]).
    ///
    /// # Errors
    /// A phrase naming `s` and listing the short names, for any other
    /// text: "`opengl` is not one of egl, glx, wgl, cgl".
    fn from_str(s: &str) -> Result<Self, String> {
        by_name(s, &ContextKind::ALL, ContextKind::short_name)
    }
}

/// The one of `options` whose `name` is `text`, trimmed, in any case.
fn by_name<T: Copy>(text: &str, options: &[T], name: fn(T) -> &'static str) -> Result<T, String> {
    let wanted = text.trim();
    options
        .iter()
        .copied()
        .find(|&o| name(o).eq_ignore_ascii_case(wanted))
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|&o| name(o)).collect();
            format!("`{text}` is not one of {}", names.join(", "))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_read_back_in_any_case() {
        for api in GlApi::ALL {
            assert_eq!(api.to_string().parse(), Ok(api));
            assert_eq!(
                format!(" {} ", api.short_name().to_uppercase()).parse(),
                Ok(api)
            );
        }
        for kind in ContextKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
        assert_eq!(
            "vulkan".parse::<GlApi>(),
            Err("`vulkan` is not one of gl33, gles3, gles2".into())
        );
        assert_eq!(
            "opengl".parse::<ContextKind>(),
            Err("`opengl` is not one of egl, glx, wgl, cgl".into())
        );
    }

    #[test]
    fn each_platform_has_its_kinds() {
        let names: Vec<&str> = ContextKind::AVAILABLE
            .iter()
            .map(|k| k.short_name())
            .collect();
        if cfg!(target_os = "linux") {
            assert_eq!(names, ["egl", "glx"]);
        } else if cfg!(windows) {
            assert_eq!(names, ["wgl"]);
        } else if cfg!(target_os = "macos") {
            assert_eq!(names, ["cgl"]);
        }
        for kind in ContextKind::ALL {
            assert_eq!(kind.is_available(), names.contains(&kind.short_name()));
        }
    }
}
