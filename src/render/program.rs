//! The shader program: compiling the two stages from source and linking
//! them, with the vertex attributes bound to fixed slots.

use glow::HasContext;

use super::error::RenderError;

/// Attribute slot of the vertex position (`aPos`).
pub(super) const POS_ATTRIB: u32 = 0;
/// Attribute slot of the vertex colour (`aCol`).
pub(super) const COL_ATTRIB: u32 = 1;

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
pub(super) unsafe fn link_program(
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
