//! What can go wrong setting up or using GL: [`RenderError`].
#![forbid(unsafe_code)]

use std::fmt;

/// What went wrong setting up or using GL.
#[derive(Debug)]
pub enum RenderError {
    /// A GL object could not be created; the text is glow's.
    Create(String),
    /// A shader did not compile; the driver's log follows the stage name.
    Compile {
        /// `"vertex"` or `"fragment"`.
        stage: &'static str,
        /// The driver's compile log.
        log: String,
    },
    /// The program did not link; the driver's log.
    Link(String),
    /// The context offers no GL this program can draw with.
    Unsupported(String),
    /// Headless set-up failed (EGL, context, framebuffer); says which step.
    Headless(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Create(e) => write!(f, "could not create a GL object: {e}"),
            RenderError::Compile { stage, log } => {
                write!(f, "the {stage} shader did not compile: {}", log.trim())
            }
            RenderError::Link(log) => {
                write!(f, "the shader program did not link: {}", log.trim())
            }
            RenderError::Unsupported(e) => write!(f, "unsupported OpenGL: {e}"),
            RenderError::Headless(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RenderError {}
