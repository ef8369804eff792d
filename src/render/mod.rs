//! Drawing, through glow: the scene's triangles from a simulation state, the
//! pass-through shader program and the camera; and picking, the cloth point
//! under a pixel (`pick`, plain geometry).
//!
//! Knows [`crate::sim`], nothing of windows: the window (`crate::app`,
//! feature `window`) and the headless path (`headless`, feature
//! `headless`) both make a GL context and hand it to a [`Renderer`], which
//! draws the same way in both. The headless path is three pieces: `context`
//! makes a context the platform's way (EGL, GLX, WGL, CGL), `offscreen`
//! draws into a framebuffer object on it and reads the pixels back, and
//! `headless` puts them together.

pub mod camera;
#[cfg(feature = "headless")]
mod context;
#[cfg(feature = "headless")]
pub mod headless;
#[cfg(feature = "headless")]
mod offscreen;
pub mod pick;
pub mod scene;
pub mod shade;

use std::fmt;

use glow::HasContext;

pub use camera::Camera;
use scene::Vertex;

use crate::sim::Simulation;

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

/// The GLSL dialect of the context, which picks the shader pair under
/// `shaders/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Desktop OpenGL 3.3 core: `#version 330 core` (`scene.vert`/`.frag`).
    Gl33,
    /// OpenGL ES 3.0: `#version 300 es` (`scene_es3.*`).
    Gles3,
    /// OpenGL ES 2.0: `#version 100` (`scene_es2.*`), no vertex array object.
    Gles2,
}

impl Dialect {
    /// The dialect for a context reporting `version`.
    ///
    /// # Errors
    /// [`RenderError::Unsupported`] for desktop GL older than 3.3 and ES
    /// older than 2.0.
    pub fn for_version(version: &glow::Version) -> Result<Self, RenderError> {
        let v = (version.major, version.minor);
        match (version.is_embedded, v) {
            (false, v) if v >= (3, 3) => Ok(Dialect::Gl33),
            (true, v) if v >= (3, 0) => Ok(Dialect::Gles3),
            (true, v) if v >= (2, 0) => Ok(Dialect::Gles2),
            _ => Err(RenderError::Unsupported(format!(
                "{} {}.{} ({}); need OpenGL 3.3 core or OpenGL ES 2.0 or newer",
                if version.is_embedded {
                    "OpenGL ES"
                } else {
                    "OpenGL"
                },
                version.major,
                version.minor,
                version.vendor_info
            ))),
        }
    }

    /// The vertex and fragment shader sources for this dialect, compiled in
    /// from `shaders/`.
    pub fn sources(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Gl33 => (
                include_str!("../../shaders/scene.vert"),
                include_str!("../../shaders/scene.frag"),
            ),
            Dialect::Gles3 => (
                include_str!("../../shaders/scene_es3.vert"),
                include_str!("../../shaders/scene_es3.frag"),
            ),
            Dialect::Gles2 => (
                include_str!("../../shaders/scene_es2.vert"),
                include_str!("../../shaders/scene_es2.frag"),
            ),
        }
    }
}

/// Attribute slot of the vertex position (`aPos`).
const POS_ATTRIB: u32 = 0;
/// Attribute slot of the vertex colour (`aCol`).
const COL_ATTRIB: u32 = 1;

/// Draws a simulation state: owns the GL context's function table, the
/// shader program, the vertex buffer and (except on ES 2.0) the vertex array
/// object, and frees them all on `Drop`. Drop it while its context is still
/// current.
pub struct Renderer {
    gl: glow::Context,
    dialect: Dialect,
    program: glow::Program,
    vao: Option<glow::VertexArray>,
    vbo: glow::Buffer,
    mvp: Option<glow::UniformLocation>,
    vertices: Vec<Vertex>,
    shade: bool,
}

impl Renderer {
    /// Set up drawing on `gl`, whose context must be current: pick the
    /// shader dialect from the version the context reports, compile and
    /// link the program, make the buffer.
    ///
    /// # Errors
    /// [`RenderError::Unsupported`] for a GL too old, [`RenderError::Compile`]
    /// or [`RenderError::Link`] with the driver's log, or
    /// [`RenderError::Create`].
    pub fn new(gl: glow::Context) -> Result<Self, RenderError> {
        let dialect = Dialect::for_version(gl.version())?;
        Self::with_dialect(gl, dialect)
    }

    /// As [`Renderer::new`] with the dialect forced (a GLES context reports
    /// itself; this is for tests that compare dialects).
    ///
    /// # Errors
    /// As [`Renderer::new`].
    pub fn with_dialect(gl: glow::Context, dialect: Dialect) -> Result<Self, RenderError> {
        let (vs, fs) = dialect.sources();
        Self::with_sources(gl, dialect, vs, fs)
    }

    /// As [`Renderer::with_dialect`] with the shader sources given instead
    /// of the dialect's own: a test hook, to check that a shader the driver
    /// refuses gives [`RenderError::Compile`] or [`RenderError::Link`] with
    /// the driver's log. The sources must declare `aPos` and `aCol` (bound
    /// to slots 0 and 1) and `uMVP` as the shipped ones do; `dialect` still
    /// decides whether a vertex array object is used (not on ES 2.0).
    ///
    /// # Errors
    /// As [`Renderer::new`].
    pub fn with_sources(
        gl: glow::Context,
        dialect: Dialect,
        vs: &str,
        fs: &str,
    ) -> Result<Self, RenderError> {
        // SAFETY: the caller's context is current on this thread; every
        // object made here is deleted on failure or in Drop.
        unsafe {
            let program = link_program(&gl, vs, fs)?;
            let vbo = match gl.create_buffer() {
                Ok(b) => b,
                Err(e) => {
                    gl.delete_program(program);
                    return Err(RenderError::Create(e));
                }
            };
            let vao = if dialect == Dialect::Gles2 {
                None
            } else {
                match gl.create_vertex_array() {
                    Ok(v) => Some(v),
                    Err(e) => {
                        gl.delete_buffer(vbo);
                        gl.delete_program(program);
                        return Err(RenderError::Create(e));
                    }
                }
            };
            let mvp = gl.get_uniform_location(program, "uMVP");
            log::info!(
                "GL {}.{}{} ({}), shaders: {dialect:?}",
                gl.version().major,
                gl.version().minor,
                if gl.version().is_embedded { " ES" } else { "" },
                gl.version().vendor_info
            );
            Ok(Renderer {
                gl,
                dialect,
                program,
                vao,
                vbo,
                mvp,
                vertices: Vec::new(),
                shade: false,
            })
        }
    }

    /// The GL function table, for callers that read back pixels or swap.
    pub fn gl(&self) -> &glow::Context {
        &self.gl
    }

    /// The shader dialect in use.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Draw shaded (`true`: [`shade`]'s two-sided diffuse light, flat per
    /// face) or in the original's flat colours (`false`, the default).
    pub fn set_shade(&mut self, shade: bool) {
        self.shade = shade;
    }

    /// Whether drawing is shaded ([`Renderer::set_shade`]).
    pub fn shade(&self) -> bool {
        self.shade
    }

    /// Draw one frame of `sim` seen by `camera` into the current framebuffer
    /// of `width x height` pixels: clear to black (colour and depth), depth
    /// test on, no culling or blending, then every triangle in one draw
    /// call, shaded if [`Renderer::set_shade`] says so. Does nothing for a
    /// zero-size drawable.
    pub fn draw(&mut self, sim: &Simulation, camera: &Camera, width: u32, height: u32) {
        if width == 0 || height == 0 {
            return;
        }
        scene::build_with(sim, self.shade, &mut self.vertices);
        let mvp = camera.mvp(width as f32 / height as f32);
        let gl = &self.gl;
        // SAFETY: the context is current (the caller's contract); the buffer
        // data is a slice of plain `#[repr(C)]` floats.
        unsafe {
            gl.viewport(0, 0, width as i32, height as i32);
            gl.clear_color(0.0, 0.0, 0.0, 1.0);
            gl.enable(glow::DEPTH_TEST);
            gl.depth_func(glow::LESS);
            gl.disable(glow::CULL_FACE);
            gl.disable(glow::BLEND);
            gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);

            gl.use_program(Some(self.program));
            gl.uniform_matrix_4_f32_slice(self.mvp.as_ref(), false, &mvp.to_cols_array());
            if let Some(vao) = self.vao {
                gl.bind_vertex_array(Some(vao));
            }
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.vbo));
            let bytes = std::slice::from_raw_parts(
                self.vertices.as_ptr().cast::<u8>(),
                std::mem::size_of_val(self.vertices.as_slice()),
            );
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytes, glow::STREAM_DRAW);
            let stride = std::mem::size_of::<Vertex>() as i32;
            gl.enable_vertex_attrib_array(POS_ATTRIB);
            gl.vertex_attrib_pointer_f32(POS_ATTRIB, 3, glow::FLOAT, false, stride, 0);
            gl.enable_vertex_attrib_array(COL_ATTRIB);
            gl.vertex_attrib_pointer_f32(COL_ATTRIB, 3, glow::FLOAT, false, stride, 12);
            gl.draw_arrays(glow::TRIANGLES, 0, self.vertices.len() as i32);
        }
    }
}

impl Drop for Renderer {
    fn drop(&mut self) {
        // SAFETY: the objects were made on this context, which the owner
        // keeps current until the renderer is gone.
        unsafe {
            self.gl.delete_program(self.program);
            self.gl.delete_buffer(self.vbo);
            if let Some(vao) = self.vao {
                self.gl.delete_vertex_array(vao);
            }
            // A pending error here would mean a call went wrong unnoticed;
            // the window smoke test reads this line (at debug level).
            match self.gl.get_error() {
                glow::NO_ERROR => log::debug!("GL objects freed (program, buffer, vertex array)"),
                e => log::debug!(
                    "GL objects freed (program, buffer, vertex array); GL error {e:#06x} was pending"
                ),
            }
        }
    }
}

/// Compile both stages and link them, binding `aPos` to slot 0 and `aCol` to
/// slot 1 (ES 2.0 has no `layout` qualifiers). Deletes whatever it made on
/// failure.
///
/// # Errors
/// [`RenderError::Compile`] or [`RenderError::Link`] with the driver's
/// log, or [`RenderError::Create`].
///
/// # Safety
/// `gl`'s context must be current on this thread.
unsafe fn link_program(
    gl: &glow::Context,
    vs_src: &str,
    fs_src: &str,
) -> Result<glow::Program, RenderError> {
    let vs = compile(gl, glow::VERTEX_SHADER, "vertex", vs_src)?;
    let fs = match compile(gl, glow::FRAGMENT_SHADER, "fragment", fs_src) {
        Ok(fs) => fs,
        Err(e) => {
            gl.delete_shader(vs);
            return Err(e);
        }
    };
    let program = match gl.create_program() {
        Ok(p) => p,
        Err(e) => {
            gl.delete_shader(vs);
            gl.delete_shader(fs);
            return Err(RenderError::Create(e));
        }
    };
    gl.attach_shader(program, vs);
    gl.attach_shader(program, fs);
    gl.bind_attrib_location(program, POS_ATTRIB, "aPos");
    gl.bind_attrib_location(program, COL_ATTRIB, "aCol");
    gl.link_program(program);
    let linked = gl.get_program_link_status(program);
    gl.detach_shader(program, vs);
    gl.detach_shader(program, fs);
    gl.delete_shader(vs);
    gl.delete_shader(fs);
    if linked {
        Ok(program)
    } else {
        let log = gl.get_program_info_log(program);
        gl.delete_program(program);
        Err(RenderError::Link(log))
    }
}

/// Compile one shader stage (`kind`, called `stage` in messages) from
/// `src`; deleted again if it does not compile.
///
/// # Errors
/// [`RenderError::Compile`] with the driver's log, or
/// [`RenderError::Create`].
///
/// # Safety
/// `gl`'s context must be current on this thread.
unsafe fn compile(
    gl: &glow::Context,
    kind: u32,
    stage: &'static str,
    src: &str,
) -> Result<glow::Shader, RenderError> {
    let shader = gl.create_shader(kind).map_err(RenderError::Create)?;
    gl.shader_source(shader, src);
    gl.compile_shader(shader);
    if gl.get_shader_compile_status(shader) {
        Ok(shader)
    } else {
        let log = gl.get_shader_info_log(shader);
        gl.delete_shader(shader);
        Err(RenderError::Compile { stage, log })
    }
}
