//! CGL (macOS): a context with no window at all, drawing into a framebuffer
//! object (see `render::offscreen`). macOS's OpenGL is desktop GL
//! only (3.3 core is served by its 4.1 core profile); it has no OpenGL ES.
//!
//! The context is made through CGL's C API (the `cgl` crate) rather than
//! glutin's CGL, whose contexts are made current through the main thread's
//! dispatch queue: from any other thread that blocks until the main thread
//! runs its queue, which in a test harness it never does. glutin's CGL
//! display still gives the GL functions (from the OpenGL framework's
//! bundle). Type-checked here, not run: this project has no Mac.

use std::ffi::{c_void, CStr};

use cgl::{
    kCGLNoError, kCGLPFAAlphaSize, kCGLPFAColorSize, kCGLPFADepthSize, kCGLPFAOpenGLProfile,
    CGLChoosePixelFormat, CGLContextObj, CGLCreateContext, CGLDestroyContext,
    CGLDestroyPixelFormat, CGLError, CGLErrorString, CGLGetCurrentContext, CGLPixelFormatAttribute,
    CGLPixelFormatObj, CGLSetCurrentContext,
};
use glutin::api::cgl::display::Display;
use glutin::display::GlDisplay;
use raw_window_handle::{AppKitDisplayHandle, RawDisplayHandle};

use super::current::{Current, Maker};
use super::kinds::GlApi;

/// `kCGLOGLPVersion_3_2_Core`: the newest core profile the machine has
/// (4.1 on every Mac since 2013), which runs GLSL 3.30.
const PROFILE_CORE: CGLPixelFormatAttribute = 0x3200;

/// The one maker: CGL.
///
/// # Errors
/// None in practice: glutin's CGL display is a marker.
pub(super) fn makers() -> Result<Vec<Box<dyn Maker>>, String> {
    // SAFETY: an AppKit display handle carries nothing to outlive.
    let display = unsafe { Display::new(RawDisplayHandle::AppKit(AppKitDisplayHandle::new())) }
        .map_err(|e| format!("CGL could not start: {e}"))?;
    Ok(vec![Box::new(Cgl { display })])
}

struct Cgl {
    display: Display,
}

/// CGL's text for an error code.
fn error_text(error: CGLError) -> String {
    // SAFETY: CGLErrorString returns a static C string for any code.
    let text = unsafe { CGLErrorString(error) };
    if text.is_null() {
        return format!("CGL error {error}");
    }
    // SAFETY: non-null and NUL-terminated.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

impl Maker for Cgl {
    fn name(&self) -> String {
        "CGL".into()
    }

    fn context(&self, api: GlApi) -> Result<Box<dyn Current>, String> {
        if api.is_es() {
            return Err("macOS's OpenGL (CGL) has no OpenGL ES".into());
        }
        let attributes: [CGLPixelFormatAttribute; 9] = [
            kCGLPFAOpenGLProfile,
            PROFILE_CORE,
            kCGLPFAColorSize,
            24,
            kCGLPFAAlphaSize,
            8,
            kCGLPFADepthSize,
            24,
            0,
        ];
        let mut format: CGLPixelFormatObj = std::ptr::null_mut();
        let mut count = 0;
        // SAFETY: a zero-terminated attribute list; out-pointers are valid.
        let error = unsafe { CGLChoosePixelFormat(attributes.as_ptr(), &mut format, &mut count) };
        if error != kCGLNoError || format.is_null() {
            return Err(format!(
                "no OpenGL 3.2+ core pixel format: {}",
                error_text(error)
            ));
        }
        let mut context: CGLContextObj = std::ptr::null_mut();
        // SAFETY: `format` was just chosen; it is released once the context
        // holds it.
        let error = unsafe {
            let error = CGLCreateContext(format, std::ptr::null_mut(), &mut context);
            CGLDestroyPixelFormat(format);
            error
        };
        if error != kCGLNoError || context.is_null() {
            return Err(format!("context not created: {}", error_text(error)));
        }
        let context = CglContext {
            context,
            display: self.display.clone(),
        };
        context.make_current()?;
        Ok(Box::new(context))
    }
}

/// A CGL context; destroyed on drop (made not current first if it is).
struct CglContext {
    context: CGLContextObj,
    display: Display,
}

impl Current for CglContext {
    fn make_current(&self) -> Result<(), String> {
        // SAFETY: a live context.
        let error = unsafe { CGLSetCurrentContext(self.context) };
        if error == kCGLNoError {
            Ok(())
        } else {
            Err(format!(
                "cannot make the CGL context current: {}",
                error_text(error)
            ))
        }
    }

    fn get_proc_address(&self, name: &CStr) -> *const c_void {
        self.display.get_proc_address(name)
    }
}

impl Drop for CglContext {
    fn drop(&mut self) {
        // SAFETY: a live context, made in `Cgl::context`, not used after.
        unsafe {
            if CGLGetCurrentContext() == self.context {
                CGLSetCurrentContext(std::ptr::null_mut());
            }
            CGLDestroyContext(self.context);
        }
    }
}
