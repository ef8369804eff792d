//! The headless GL contexts through the library: each GL kind asked for
//! is the one made, the GLES fallbacks draw the picture GL 3.3 core draws
//! (through the library, and through `render` with `CLOTH_DEMO_GL`), the
//! platform's first way is the default, and shaders the driver refuses
//! come back with the driver's log. (The program's one-line errors, a bad
//! `CLOTH_DEMO_*` value and no display server among them, are in
//! `tests/program/robustness.rs`.)
//!
//! Runs on Mesa's software EGL device (llvmpipe), which offers all three
//! context kinds; a Linux machine whose EGL lacks one fails the fallback
//! test with the driver's reason, rather than passing without having
//! compared. Elsewhere OpenGL ES is not the platform's to promise (see
//! [`ES`]): where it is missing, the refusal must be the one line that says
//! why, and then there is nothing to compare.

use crate::common::{self, cloth_demo, run, stderr};

use cloth_demo::render::headless::{ContextKind, ContextRequest, GlApi, HeadlessContext, Image};
use cloth_demo::render::{Camera, Dialect, RenderError};
use cloth_demo::sim::Simulation;

/// What this platform's headless GL promises about OpenGL ES.
#[allow(dead_code)]
enum EsSupport {
    /// Always there (EGL on Linux, with Mesa).
    Required,
    /// A driver's extension: where it is missing, the refusal says this.
    Optional(&'static str),
    /// Never there: the refusal says this.
    Absent(&'static str),
}

/// On Linux, Mesa's EGL offers every ES. On Windows, ES through WGL is a
/// driver's extension (NVIDIA's drivers have it; Wine and most others do
/// not). macOS's CGL has none.
const ES: EsSupport = if cfg!(target_os = "macos") {
    EsSupport::Absent("has no OpenGL ES")
} else if cfg!(windows) {
    EsSupport::Optional("no WGL_EXT_create_context_es2_profile")
} else {
    EsSupport::Required
};

/// Whether `message` is this platform's one-line refusal of OpenGL ES.
fn is_es_refusal(message: &str) -> bool {
    let why = match ES {
        EsSupport::Required => return false,
        EsSupport::Optional(why) | EsSupport::Absent(why) => why,
    };
    message.contains(why) && !message.contains('\n')
}

/// The environment variable that forces the context's GL kind.
const GL_ENV: &str = "CLOTH_DEMO_GL";

const W: u32 = 792;
const H: u32 = 573;

/// At most this share of the pixels may differ between two context kinds:
/// the same triangles through the same rasteriser, so the pictures should be
/// equal; a pixel whose centre lies within a rounding error of an edge may
/// go either way. (On llvmpipe, Mesa 22.3, none differ.)
const MAX_DIFFERING: f64 = 0.001;

fn differing(a: &Image, b: &Image) -> usize {
    assert_eq!((a.width, a.height), (b.width, b.height));
    a.rgba
        .chunks_exact(4)
        .zip(b.rgba.chunks_exact(4))
        .filter(|(p, q)| p != q)
        .count()
}

/// A context asked for only by its GL kind.
fn of_api(api: GlApi) -> Result<HeadlessContext, RenderError> {
    HeadlessContext::new(ContextRequest {
        kind: None,
        api: Some(api),
    })
}

/// A context of exactly `api` (`None` when this platform refuses OpenGL
/// ES as it may, in one line), or a failure that names what is missing.
fn es_context(api: GlApi) -> Option<HeadlessContext> {
    match of_api(api) {
        Err(RenderError::Headless(msg)) if api.is_es() && is_es_refusal(&msg) => {
            eprintln!("{api:?} refused, as this platform may: {msg}");
            None
        }
        Ok(ctx) => {
            assert!(
                !(api.is_es() && matches!(ES, EsSupport::Absent(_))),
                "{api:?}: made on a platform with no OpenGL ES: {ctx:?}"
            );
            Some(ctx)
        }
        Err(e) => panic!(
            "this machine's GL offers no {api:?} context, so the fallback cannot be \
             compared with GL 3.3 core (Mesa's llvmpipe offers all three): {e}"
        ),
    }
}

/// A context of exactly `api`, or a failure that names what is missing.
fn context(api: GlApi) -> HeadlessContext {
    match of_api(api) {
        Ok(ctx) => ctx,
        Err(e) => panic!(
            "this machine's GL offers no {api:?} context, so the fallback cannot be \
             compared with GL 3.3 core (Mesa's llvmpipe offers all three): {e}"
        ),
    }
}

#[test]
fn each_forced_api_is_the_one_used() {
    for (api, name, dialect) in [
        (GlApi::Gl33, "OpenGL 3.3 core", Dialect::Gl33),
        (GlApi::Gles3, "OpenGL ES 3.0", Dialect::Gles3),
        (GlApi::Gles2, "OpenGL ES 2.0", Dialect::Gles2),
    ] {
        let Some(ctx) = es_context(api) else {
            continue;
        };
        assert_eq!(ctx.api(), name);
        assert_eq!(ctx.dialect(), dialect, "{name}: {:?}", ctx.gl_version());
        let (version, _) = ctx.gl_version();
        assert_eq!(
            version.starts_with("OpenGL ES"),
            api != GlApi::Gl33,
            "{version}"
        );
    }
}

#[test]
fn gles_fallbacks_draw_the_same_picture_as_gl33() {
    let mut sim = Simulation::new();
    sim.run(2);
    let mut draped = Simulation::new();
    draped.run(250);
    let views = [
        ("step 2", &sim, Camera::default()),
        ("step 250", &draped, Camera::default()),
        ("step 250 orbited", &draped, Camera::new(-200.0, -300.0)),
    ];
    let draw = |mut ctx: HeadlessContext| {
        views
            .iter()
            .map(|(_, s, c)| ctx.render(s, c, W, H).expect("a frame"))
            .collect::<Vec<_>>()
    };
    let gl33 = draw(context(GlApi::Gl33));
    for api in [GlApi::Gles3, GlApi::Gles2] {
        let Some(ctx) = es_context(api) else {
            continue;
        };
        let images = draw(ctx);
        for ((what, _, _), (a, b)) in views.iter().zip(gl33.iter().zip(&images)) {
            let n = differing(a, b);
            eprintln!(
                "{api:?} against OpenGL 3.3 core, {what}: {n} of {} pixels differ",
                W * H
            );
            assert!(
                n as f64 <= MAX_DIFFERING * f64::from(W * H),
                "{api:?}, {what}: {n} pixels differ from OpenGL 3.3 core"
            );
        }
    }
}

#[test]
fn the_environment_variable_forces_the_api_of_render() {
    let dir = tempfile::tempdir().unwrap();
    let mut images = Vec::new();
    for api in ["gl33", "gles3", "gles2"] {
        let out_path = dir.path().join(format!("{api}.png"));
        let out = run(cloth_demo()
            .env(GL_ENV, api)
            .env("RUST_LOG", "cloth_demo=info")
            .args(["render", "--steps", "100", "--out"])
            .arg(&out_path));
        let log = stderr(&out);
        if api != "gl33" && log.lines().last().is_some_and(is_es_refusal) {
            assert_eq!(out.status.code(), Some(1), "{GL_ENV}={api}: {log}");
            assert!(!out_path.exists());
            continue;
        }
        assert!(out.status.success(), "{GL_ENV}={api}: {log}");
        let name = match api {
            "gl33" => "OpenGL 3.3 core",
            "gles3" => "OpenGL ES 3.0",
            _ => "OpenGL ES 2.0",
        };
        assert!(
            log.lines()
                .any(|l| l.contains("headless: ") && l.contains("GL_VERSION") && l.contains(name)),
            "{GL_ENV}={api} did not use {name}: {log}"
        );
        images.push(common::decode_png(&out_path));
    }
    for k in 1..images.len() {
        let n = differing(&images[0], &images[k]);
        assert!(n as f64 <= MAX_DIFFERING * f64::from(W * H), "{k}: {n}");
    }
}

#[test]
fn the_first_way_of_the_platform_is_the_one_used() {
    let ctx = HeadlessContext::new(ContextRequest::default()).expect("a headless GL");
    assert_eq!(ctx.kind(), ContextKind::AVAILABLE[0], "{ctx:?}");
    let forced = HeadlessContext::new(ContextRequest {
        kind: Some(ContextKind::AVAILABLE[0]),
        api: Some(GlApi::Gl33),
    })
    .expect("the platform's first way, GL 3.3 core");
    assert_eq!(forced.kind(), ContextKind::AVAILABLE[0]);
    assert_eq!(forced.api(), "OpenGL 3.3 core");
}

/// The message of a shader error: one line, carrying the driver's log.
fn assert_carries_log(e: &RenderError, log: &str, what: &str) {
    let message = e.to_string();
    assert!(!log.trim().is_empty(), "{what}: empty driver log: {e:?}");
    assert!(!message.contains('\n'), "{what}: {message:?}");
    // The log's first words are in the message (it is trimmed, not cut).
    let first: String = log.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    assert!(
        message
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(&first),
        "{what}: {message:?} lacks the log {log:?}"
    );
    eprintln!("{what}: {message}");
}

#[test]
fn shaders_the_driver_refuses_give_its_log() {
    // Desktop GLSL 3.30 on an OpenGL ES 2.0 context: its compiler knows
    // only `#version 100`.
    // Mesa reports the compile failure either at once or, when its shader
    // cache has seen the same source compile on a desktop context, only at
    // link time ("vertex shader lacks `main'"): either way, with its log.
    if let Some(es2) = es_context(GlApi::Gles2) {
        let (vs, fs) = Dialect::Gl33.sources();
        match es2.try_shaders(Dialect::Gles2, vs, fs) {
            Err(ref e @ RenderError::Compile { stage, ref log }) => {
                assert_eq!(stage, "vertex");
                assert_carries_log(e, log, "GLSL 3.30 on ES");
            }
            Err(ref e @ RenderError::Link(ref log)) => {
                assert_carries_log(e, log, "GLSL 3.30 on ES")
            }
            other => panic!("GLSL 3.30 on OpenGL ES: {other:?}"),
        }
    }

    let mut core = context(GlApi::Gl33);
    let (vs, fs) = Dialect::Gl33.sources();
    // A fragment shader with a syntax error.
    let broken = fs.replace(
        "fragColor = vec4(vCol, 1.0);",
        "fragColor = vec4(vCol, 1.0)",
    );
    match core.try_shaders(Dialect::Gl33, vs, &broken) {
        Err(ref e @ RenderError::Compile { stage, ref log }) => {
            assert_eq!(stage, "fragment");
            assert_carries_log(e, log, "a syntax error");
        }
        other => panic!("a missing semicolon: {other:?}"),
    }
    // Both stages compile, but the varying's type differs between them:
    // only the link sees it.
    let mismatched = fs
        .replace("in vec3 vCol;", "in vec4 vCol;")
        .replace("vec4(vCol, 1.0)", "vCol");
    match core.try_shaders(Dialect::Gl33, vs, &mismatched) {
        Err(ref e @ RenderError::Link(ref log)) => assert_carries_log(e, log, "a link error"),
        other => panic!("a varying of two types: {other:?}"),
    }
    // The shipped shaders are fine, and the context still draws.
    core.try_shaders(Dialect::Gl33, vs, fs)
        .expect("the shipped shaders");
    let image = core
        .render(&Simulation::new(), &Camera::default(), 64, 48)
        .expect("still draws");
    assert!(image.rgba.chunks_exact(4).any(|p| p[..3] != [0, 0, 0]));
}
