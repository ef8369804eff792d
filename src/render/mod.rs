//! Drawing, through glow: the scene's triangles from a simulation state, the
//! pass-through shader program and the camera; and picking, the cloth point
//! under a pixel (`pick`, plain geometry) and what a zoom aims at (`aim`:
//! the cloth, a sphere or the floor under a pixel).
//!
//! Knows [`crate::sim`], nothing of windows: the window (`crate::app`,
//! feature `window`) and the headless path (`headless`, feature
//! `headless`) both make a GL context and hand it to a [`Renderer`], which
//! draws the same way in both. The headless path is three pieces: `context`
//! makes a context the platform's way (EGL, GLX, WGL, CGL), `offscreen`
//! draws into a framebuffer object on it and reads the pixels back, and
//! `headless` puts them together.

pub mod aim;
pub mod camera;
#[cfg(feature = "headless")]
mod context;
pub mod cut;
mod error;
mod fill;
#[cfg(feature = "headless")]
pub mod headless;
#[cfg(feature = "headless")]
mod offscreen;
pub mod pick;
mod program;
pub mod rod;
pub mod scene;
pub mod shade;
pub mod smooth;
pub mod springs;
mod viewport;

use glow::HasContext;
use std::sync::Arc;

pub use camera::Camera;
pub use error::RenderError;
use program::{link_program, COL_ATTRIB, POS_ATTRIB};
use scene::Vertex;
pub use viewport::Viewport;

use crate::sim::Simulation;

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

/// Draws a simulation state: owns the GL context's function table, the
/// shader program, the vertex buffer and (except on ES 2.0) the vertex array
/// object, and frees them all on `Drop`. Drop it while its context is still
/// current.
pub struct Renderer {
    /// Shared, so that an overlay on the same context (the window's
    /// panel, egui_glow's painter) can draw with it too.
    gl: Arc<glow::Context>,
    dialect: Dialect,
    program: glow::Program,
    vao: Option<glow::VertexArray>,
    vbo: glow::Buffer,
    mvp: Option<glow::UniformLocation>,
    vertices: Vec<Vertex>,
    lines: Vec<Vertex>,
    shade: bool,
    springs: bool,
    /// Smooth edges asked for ([`Renderer::set_smooth`]).
    smooth: bool,
    multisample: smooth::Multisample,
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
        // An `Arc` because egui_glow's painter takes one; on wasm the
        // context (a JS object) is neither Send nor Sync, and the `Arc`
        // only shares it on the one thread, never across threads.
        #[allow(clippy::arc_with_non_send_sync)]
        let gl = Arc::new(gl);
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
                lines: Vec::new(),
                shade: false,
                springs: false,
                smooth: false,
                multisample: smooth::Multisample::default(),
            })
        }
    }

    /// The GL function table, for callers that read back pixels or swap.
    pub fn gl(&self) -> &glow::Context {
        &self.gl
    }

    /// The GL function table, shared: for another drawer on the same
    /// context, such as egui_glow's painter, which takes an `Arc`.
    pub fn gl_shared(&self) -> Arc<glow::Context> {
        Arc::clone(&self.gl)
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

    /// Draw in the springs view (`true`: [`springs`]'s strain-coloured
    /// lines over the scene dimmed) or not (`false`, the default).
    pub fn set_springs(&mut self, springs: bool) {
        self.springs = springs;
    }

    /// Whether the springs view is on ([`Renderer::set_springs`]).
    pub fn springs(&self) -> bool {
        self.springs
    }

    /// Smooth edges (`true`: [`smooth`]'s 4x multisampling, resolved onto
    /// the framebuffer bound) or the faithful picture, no antialiasing
    /// (`false`, the default). Where the context has no multisampling
    /// (OpenGL ES 2.0) the picture stays the faithful one.
    pub fn set_smooth(&mut self, smooth: bool) {
        self.smooth = smooth;
    }

    /// Whether smooth edges are asked for ([`Renderer::set_smooth`]).
    pub fn smooth(&self) -> bool {
        self.smooth
    }

    /// Draw one frame of `sim` seen by `camera` into the current framebuffer
    /// of `width x height` pixels: clear to black (colour and depth), depth
    /// test on, no culling or blending, then every triangle in one draw
    /// call, shaded if [`Renderer::set_shade`] says so. In the springs view
    /// ([`Renderer::set_springs`]) the triangles are dimmed and pushed back
    /// a little in depth (polygon offset), and the springs follow as lines
    /// in one more draw call, drawn where they are no deeper than the
    /// surface under them. Does nothing for a zero-size drawable.
    pub fn draw(&mut self, sim: &Simulation, camera: &Camera, width: u32, height: u32) {
        self.draw_visible(sim, camera, width, height, Viewport::whole(width, height));
    }

    /// As [`Renderer::draw`], but only the pixels of `visible` (a
    /// rectangle of the framebuffer) are cleared and drawn, each as
    /// [`Renderer::draw`] would draw it: the rest, about to be covered by
    /// something opaque (the window's panel), is left as it was and costs
    /// nothing. With `visible` the whole framebuffer, this is
    /// [`Renderer::draw`] itself.
    pub fn draw_visible(
        &mut self,
        sim: &Simulation,
        camera: &Camera,
        width: u32,
        height: u32,
        visible: Viewport,
    ) {
        if width == 0 || height == 0 || visible.is_empty() {
            return;
        }
        let whole = Viewport::whole(width, height);
        let scissor = (visible != whole).then_some(visible);
        self.draw_clipped(sim, camera, whole, scissor);
    }

    /// As [`Renderer::draw`], into `viewport`, a rectangle of the current
    /// framebuffer, with that rectangle's aspect: only its pixels are
    /// cleared (a scissored clear) and drawn, the rest of the framebuffer
    /// is left as it was. Two calls draw compare mode's two halves. Does
    /// nothing for an empty rectangle.
    pub fn draw_in(&mut self, sim: &Simulation, camera: &Camera, viewport: Viewport) {
        if viewport.is_empty() {
            return;
        }
        self.draw_clipped(sim, camera, viewport, Some(viewport));
    }

    /// Draw `sim` into `viewport` (not empty) with its aspect, clearing and
    /// drawing only within `scissor` when one is given.
    fn draw_clipped(
        &mut self,
        sim: &Simulation,
        camera: &Camera,
        viewport: Viewport,
        scissor: Option<Viewport>,
    ) {
        let mvp = camera.mvp(viewport.aspect());
        self.build(sim, &mvp, viewport);
        let gl = &self.gl;
        let rect = |v: Viewport| [v.x, v.y, v.width, v.height].map(|n| n as i32);
        let [x, y, w, h] = rect(viewport);
        let smooth = (self.smooth && self.dialect != Dialect::Gles2)
            .then(|| self.multisample.begin(gl, x + w, y + h).ok())
            .flatten();
        // SAFETY: the context is current (the caller's contract).
        unsafe {
            gl.viewport(x, y, w, h);
            if let Some(scissor) = scissor {
                let [x, y, w, h] = rect(scissor);
                gl.enable(glow::SCISSOR_TEST);
                gl.scissor(x, y, w, h);
            }
            clear_for_scene(gl);
            self.draw_built(&mvp);
            if let Some(previous) = smooth {
                self.multisample
                    .end(gl, previous, rect(scissor.unwrap_or(viewport)));
            }
            if scissor.is_some() {
                gl.disable(glow::SCISSOR_TEST);
            }
        }
    }

    /// Build the vertices (and in the springs view the lines) of `sim`,
    /// to be drawn through `mvp` into `viewport`: where the grid's springs
    /// are drawn shorter than [`springs::MIN_SPACING`], the lines of the
    /// grid's springs only.
    fn build(&mut self, sim: &Simulation, mvp: &glam::Mat4, viewport: Viewport) {
        scene::build_with(sim, self.shade, &mut self.vertices);
        if self.springs {
            springs::dim(&mut self.vertices);
            let spacing = springs::drawn_spacing(sim, mvp, viewport.width, viewport.height);
            springs::build(sim, spacing < springs::MIN_SPACING, &mut self.lines);
        }
    }

    /// Draw the vertices (and lines) built, through `mvp`, into the
    /// viewport set.
    ///
    /// # Safety
    /// The context must be current, with the depth test, culling and
    /// blending as [`clear_for_scene`] leaves them.
    unsafe fn draw_built(&self, mvp: &glam::Mat4) {
        let gl = &self.gl;
        gl.use_program(Some(self.program));
        gl.uniform_matrix_4_f32_slice(self.mvp.as_ref(), false, &mvp.to_cols_array());
        if let Some(vao) = self.vao {
            gl.bind_vertex_array(Some(vao));
        }
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.vbo));
        if self.springs {
            gl.enable(glow::POLYGON_OFFSET_FILL);
            gl.polygon_offset(1.0, 1.0);
        }
        draw_vertices(gl, glow::TRIANGLES, &self.vertices);
        if self.springs {
            gl.disable(glow::POLYGON_OFFSET_FILL);
            gl.depth_func(glow::LEQUAL);
            draw_vertices(gl, glow::LINES, &self.lines);
        }
    }
}

/// Clear to black (colour and depth) with the scene's state set first:
/// depth test on (less), no culling or blending.
///
/// # Safety
/// `gl`'s context must be current.
unsafe fn clear_for_scene(gl: &glow::Context) {
    gl.clear_color(0.0, 0.0, 0.0, 1.0);
    gl.enable(glow::DEPTH_TEST);
    gl.depth_func(glow::LESS);
    gl.disable(glow::CULL_FACE);
    gl.disable(glow::BLEND);
    gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
}

/// Fill the bound array buffer with `vertices`, point the position and
/// colour attributes at it, and draw them as `mode` in one call.
///
/// # Safety
/// `gl`'s context must be current, with the program, the vertex array
/// object (where there is one) and the array buffer bound.
unsafe fn draw_vertices(gl: &glow::Context, mode: u32, vertices: &[Vertex]) {
    // SAFETY: the buffer data is a slice of plain `#[repr(C)]` floats.
    let bytes = unsafe {
        std::slice::from_raw_parts(
            vertices.as_ptr().cast::<u8>(),
            std::mem::size_of_val(vertices),
        )
    };
    gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytes, glow::STREAM_DRAW);
    let stride = std::mem::size_of::<Vertex>() as i32;
    gl.enable_vertex_attrib_array(POS_ATTRIB);
    gl.vertex_attrib_pointer_f32(POS_ATTRIB, 3, glow::FLOAT, false, stride, 0);
    gl.enable_vertex_attrib_array(COL_ATTRIB);
    gl.vertex_attrib_pointer_f32(COL_ATTRIB, 3, glow::FLOAT, false, stride, 12);
    gl.draw_arrays(mode, 0, vertices.len() as i32);
}

impl Drop for Renderer {
    fn drop(&mut self) {
        // SAFETY: the objects were made on this context, which the owner
        // keeps current until the renderer is gone.
        unsafe {
            self.gl.delete_program(self.program);
            self.gl.delete_buffer(self.vbo);
            self.multisample.delete(&self.gl);
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
