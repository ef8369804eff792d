//! The platform's choice among the ways of making a context ([`make`]):
//! each way the request allows, each GL kind it allows, in order, until
//! one gives a context whose shaders compile.
//!
//! | platform | tried, in order |
//! |---|---|
//! | Linux and the BSDs | an EGL device (a GPU, or Mesa's software device: no display server needed), then GLX on Xlib's default display if there is one |
//! | Windows | WGL, on a hidden window of its own |
//! | macOS | CGL (no window needed) |

use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[cfg(target_os = "macos")]
use super::cgl;
use super::current::{one_line, Current, Maker};
#[cfg(free_unix)]
use super::egl;
#[cfg(free_unix)]
use super::glx;
use super::kinds::{ContextKind, ContextRequest, GlApi};
#[cfg(windows)]
use super::wgl;
use crate::render::{Dialect, RenderError, Renderer};

/// A context made current, with the renderer on it.
pub(in crate::render) struct Made {
    /// Drop this before the context.
    pub renderer: Renderer,
    /// The context, current on this thread.
    pub context: Box<dyn Current>,
    /// How it was made.
    pub kind: ContextKind,
    /// Which device or display, e.g. `"EGL device 0 (llvmpipe (Mesa))"`,
    /// `"GLX on :0"`.
    pub device: String,
    /// Its GL kind.
    pub api: GlApi,
    /// `GL_VERSION` as the driver reports it.
    pub version: String,
    /// `GL_RENDERER` as the driver reports it.
    pub gl_renderer: String,
}

/// Make a context as `request` asks: of its kind (else the platform's
/// kinds in order, see the module docs), of its GL (else GL 3.3 core, ES
/// 3.0, ES 2.0 in order), made current on this thread, with a [`Renderer`]
/// on it whose shaders compile. Logs (`info`) what was chosen.
///
/// # Errors
/// [`RenderError::Headless`], one line, naming what is missing and why
/// each try failed.
pub(in crate::render) fn make(request: ContextRequest) -> Result<Made, RenderError> {
    // glutin and glow report failures as errors, but a few of their paths
    // assume well-behaved drivers and would panic on a broken one; turn any
    // such panic into an error rather than a crash.
    match catch_unwind(AssertUnwindSafe(|| choose(request))) {
        Ok(result) => result.map_err(RenderError::Headless),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown failure".into());
            Err(RenderError::Headless(format!(
                "OpenGL set-up failed: {}",
                one_line(&what)
            )))
        }
    }
}

/// The platform's choice.
fn choose(request: ContextRequest) -> Result<Made, String> {
    let api = request.api;
    if let Some(kind) = request.kind {
        return with_kind(kind, api);
    }
    #[cfg(free_unix)]
    {
        // EGL needs no display server; GLX is for where EGL is missing or
        // offers nothing, and a display is there.
        match with_kind(ContextKind::Egl, api) {
            Ok(made) => Ok(made),
            Err(egl) => match glx::display_name() {
                None => Err(egl),
                Some(display) => {
                    log::info!("headless: EGL unusable ({egl}); trying GLX on {display}");
                    with_kind(ContextKind::Glx, api)
                        .map_err(|glx| format!("{egl}; and on DISPLAY={display}: {glx}"))
                }
            },
        }
    }
    #[cfg(windows)]
    {
        with_kind(ContextKind::Wgl, api)
    }
    #[cfg(target_os = "macos")]
    {
        with_kind(ContextKind::Cgl, api)
    }
    #[cfg(not(any(free_unix, windows, target_os = "macos")))]
    {
        Err(
            "no headless OpenGL on this platform (EGL on Linux, WGL on Windows, CGL on macOS)"
                .into(),
        )
    }
}

/// Make a context of `kind`, or say why not.
fn with_kind(kind: ContextKind, api: Option<GlApi>) -> Result<Made, String> {
    let makers: Vec<Box<dyn Maker>> = match kind {
        #[cfg(free_unix)]
        ContextKind::Egl => egl::makers()?,
        #[cfg(free_unix)]
        ContextKind::Glx => glx::makers()?,
        #[cfg(windows)]
        ContextKind::Wgl => wgl::makers()?,
        #[cfg(target_os = "macos")]
        ContextKind::Cgl => cgl::makers()?,
        #[allow(unreachable_patterns)]
        other => {
            let names: Vec<&str> = ContextKind::AVAILABLE
                .iter()
                .map(|k| k.short_name())
                .collect();
            let have = if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            };
            return Err(format!(
                "{} ({other}) is not available on this platform (it has: {have})",
                kind_what(other)
            ));
        }
    };
    let tries: Vec<GlApi> = match api {
        None => GlApi::ALL.into(),
        Some(api) => vec![api],
    };
    let mut reasons = Vec::new();
    for maker in &makers {
        let name = maker.name();
        let mut tried = Vec::new();
        for &attempt in &tries {
            let result = maker
                .context(attempt)
                .and_then(|context| finish(context, attempt, api.map(GlApi::dialect)));
            match result {
                Ok((context, renderer, version, gl_renderer)) => {
                    log::info!(
                        "headless: {name}, {}, GL_VERSION {version}, GL_RENDERER {gl_renderer}, shaders {:?}",
                        attempt.name(),
                        renderer.dialect()
                    );
                    return Ok(Made {
                        renderer,
                        context,
                        kind,
                        device: name,
                        api: attempt,
                        version,
                        gl_renderer,
                    });
                }
                Err(why) => {
                    log::debug!("headless: {name}: {} failed: {why}", attempt.name());
                    tried.push(format!("{}: {why}", attempt.name()));
                }
            }
        }
        log::info!("headless: {name} unusable: {}", tried.join(", "));
        reasons.push(format!("{name}: {}", tried.join(", ")));
    }
    let wanted = match api {
        None => "an OpenGL 3.3 core or OpenGL ES 3.0/2.0 context".to_string(),
        Some(api) => format!("an {} context ({api})", api.name()),
    };
    Err(format!(
        "no {} gives {wanted}: {}",
        kind_what(kind),
        reasons.join("; ")
    ))
}

/// What a kind's makers are, for messages.
fn kind_what(kind: ContextKind) -> &'static str {
    match kind {
        ContextKind::Egl => "EGL device",
        ContextKind::Glx => "GLX display",
        ContextKind::Wgl => "WGL pixel format",
        ContextKind::Cgl => "CGL pixel format",
    }
}

/// On a context just made current: read `GL_VERSION` (glow panics on a
/// missing or malformed one), load glow, and build the renderer with the
/// shader dialect `dialect` or the one the version asks for.
#[allow(clippy::type_complexity)]
fn finish(
    context: Box<dyn Current>,
    attempt: GlApi,
    dialect: Option<Dialect>,
) -> Result<(Box<dyn Current>, Renderer, String, String), String> {
    let loader = |name: &CStr| context.get_proc_address(name);
    // SAFETY: the context is current on this thread (`Maker::context`
    // returns it so), which is all glGetString needs.
    let version =
        unsafe { gl_string(&loader, glow::VERSION) }.ok_or("GL_VERSION is not readable")?;
    if attempt.is_es() != version.starts_with("OpenGL ES") {
        return Err(format!("asked for {}, got {version}", attempt.name()));
    }
    // SAFETY: the context is current on this thread and reports a version
    // (read just above), so every pointer the loader gives is one of its
    // GL functions or null.
    let gl = unsafe { glow::Context::from_loader_function_cstr(loader) };
    // SAFETY: the context is current on this thread, which is all
    // glGetString needs.
    let gl_renderer = unsafe { gl_string(&loader, glow::RENDERER) }.unwrap_or_default();
    let renderer = match dialect {
        Some(dialect) => Renderer::with_dialect(gl, dialect),
        None => Renderer::new(gl),
    }
    .map_err(|e| one_line(&e.to_string()))?;
    Ok((context, renderer, version, gl_renderer))
}

/// Read a `glGetString` value through the loader, before glow is built;
/// `None` if the function or the string is missing, or not UTF-8.
///
/// # Safety
/// A GL context must be current on this thread, and `loader` give its
/// functions.
unsafe fn gl_string(loader: &impl Fn(&CStr) -> *const c_void, name: u32) -> Option<String> {
    let f = loader(c"glGetString");
    if f.is_null() {
        return None;
    }
    // SAFETY: a non-null pointer the context's loader gave for
    // glGetString, whose C signature this is.
    let get_string: unsafe extern "system" fn(u32) -> *const c_char = std::mem::transmute(f);
    let s = get_string(name);
    if s.is_null() {
        return None;
    }
    CStr::from_ptr(s).to_str().ok().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_from_another_platform_is_a_one_line_error() {
        let foreign = if cfg!(windows) {
            ContextKind::Egl
        } else {
            ContextKind::Wgl
        };
        let request = ContextRequest {
            kind: Some(foreign),
            api: None,
        };
        match make(request) {
            Err(RenderError::Headless(msg)) => {
                assert!(msg.contains("not available on this platform"), "{msg}");
                assert!(!msg.contains('\n'), "{msg}");
            }
            Err(e) => panic!("{e:?}"),
            Ok(_) => panic!("made a {foreign:?} context"),
        }
    }
}
