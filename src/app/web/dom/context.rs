//! The canvas's WebGL context: WebGL2, or WebGL 1 where asked or where
//! that is all there is, as glow's, and what the browser says about it.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, WebGl2RenderingContext, WebGlContextAttributes, WebGlRenderingContext,
};

/// The canvas's WebGL2 context (or WebGL 1's, when asked or when that is
/// all there is) as glow's, with the context's `VERSION` string: no alpha
/// (the scene is opaque), a depth buffer, no antialiasing (as the native
/// window: the same pixels), no stencil.
pub(super) fn context(
    canvas: &HtmlCanvasElement,
    webgl1: bool,
) -> Result<(glow::Context, WebGlVersion), String> {
    let attributes = WebGlContextAttributes::new();
    attributes.set_alpha(false);
    attributes.set_depth(true);
    attributes.set_stencil(false);
    attributes.set_antialias(false);
    attributes.set_preserve_drawing_buffer(false);
    let get = |kind: &str| {
        canvas
            .get_context_with_context_options(kind, &attributes)
            .ok()
            .flatten()
    };
    if !webgl1 {
        if let Some(gl) = get("webgl2").and_then(|c| c.dyn_into::<WebGl2RenderingContext>().ok()) {
            let version = WebGlVersion::Two(gl.clone());
            return Ok((glow::Context::from_webgl2_context(gl), version));
        }
    }
    match get("webgl").and_then(|c| c.dyn_into::<WebGlRenderingContext>().ok()) {
        Some(gl) => {
            let version = WebGlVersion::One(gl.clone());
            Ok((glow::Context::from_webgl1_context(gl), version))
        }
        None => Err(
            "this browser offers no WebGL (neither WebGL2 nor WebGL 1), \
                     or it is turned off"
                .into(),
        ),
    }
}

/// The raw context, to ask what glow's `get_parameter_i32` cannot (it
/// panics on the `null` some browsers answer).
pub(super) enum WebGlVersion {
    One(WebGlRenderingContext),
    Two(WebGl2RenderingContext),
}

impl WebGlVersion {
    fn parameter(&self, p: u32) -> Option<JsValue> {
        match self {
            WebGlVersion::One(gl) => gl.get_parameter(p).ok(),
            WebGlVersion::Two(gl) => gl.get_parameter(p).ok(),
        }
    }

    pub(super) fn version_string(&self) -> String {
        self.parameter(glow::VERSION)
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }
}

/// A numeric GL parameter, 0 when the browser does not say.
pub(super) fn gl_parameter(gl: &WebGlVersion, p: u32) -> u32 {
    gl.parameter(p)
        .and_then(|v| v.as_f64())
        .map_or(0, |v| v as u32)
}
