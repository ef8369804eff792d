//! What every way of making a context gives the rest of `render`: a
//! context that can be made current ([`Current`]), the makers that give
//! one ([`Maker`]), and one-line error text ([`one_line`]).
#![forbid(unsafe_code)]

use std::ffi::{c_void, CStr};

use super::kinds::GlApi;

/// A context that can be made current on this thread and gives GL
/// functions; dropping it destroys it (and whatever it was made on).
pub(in crate::render) trait Current {
    /// Make it current on this thread.
    ///
    /// # Errors
    /// The platform's reason, one line.
    fn make_current(&self) -> Result<(), String>;

    /// The address of the GL function `name`, null if there is none.
    fn get_proc_address(&self, name: &CStr) -> *const c_void;
}

/// A way to make contexts: one EGL device, one X display, one hidden
/// window, CGL.
pub(super) trait Maker {
    /// For messages and the log, e.g. `"EGL device 0 (llvmpipe (Mesa))"`.
    fn name(&self) -> String;

    /// A context of kind `api`, current on this thread.
    ///
    /// # Errors
    /// Why not, one line.
    fn context(&self, api: GlApi) -> Result<Box<dyn Current>, String>;
}

/// `s` with every run of white space, line breaks included, made one
/// space, and none at either end: so an error stays one line.
pub(super) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("a\n  b\r\nc "), "a b c");
    }
}
