//! An EGL device context with no surface (Linux and the BSDs): a GPU, or
//! Mesa's software device (llvmpipe), and no display server at all.
//!
//! The set-up follows glutin's `egl_device` example: enumerate the EGL
//! devices, make a display on each in EGL's order, and a context on it that
//! is made current with no surface (the drawing goes to a framebuffer
//! object, see `render::offscreen`).

use std::ffi::{c_void, CStr};

use glutin::api::egl::config::Config;
use glutin::api::egl::context::PossiblyCurrentContext;
use glutin::api::egl::device::Device;
use glutin::api::egl::display::Display;
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder, GlConfig};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::display::{GetGlDisplay, GlDisplay};
use glutin::prelude::PossiblyCurrentGlContext;

use super::current::{one_line, Current, Maker};
use super::kinds::GlApi;

/// What to install when EGL or its software device is missing (Debian and
/// Ubuntu package names).
const INSTALL_HINT: &str =
    "install Mesa's EGL: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri";

/// One maker per EGL device, in EGL's order.
///
/// # Errors
/// One line with what to install: libEGL could not be loaded, EGL cannot
/// list devices, or it lists none.
pub(super) fn makers() -> Result<Vec<Box<dyn Maker>>, String> {
    let devices: Vec<Device> = match Device::query_devices() {
        Ok(d) => d.collect(),
        Err(e) if matches!(e.error_kind(), glutin::error::ErrorKind::NotFound) => {
            return Err(format!("could not load libEGL.so.1 ({INSTALL_HINT})"));
        }
        Err(e) => {
            return Err(format!(
                "EGL cannot list devices ({}): no EGL driver offers EGL_EXT_device_enumeration ({INSTALL_HINT})",
                one_line(&e.to_string())
            ));
        }
    };
    if devices.is_empty() {
        return Err(format!("no EGL device found ({INSTALL_HINT})"));
    }
    Ok(devices
        .into_iter()
        .enumerate()
        .map(|(index, device)| {
            let name = describe_device(&device, index);
            Box::new(EglDevice {
                name,
                index,
                display: open(&device),
            }) as Box<dyn Maker>
        })
        .collect())
}

/// One EGL device: its display and configs, or why it has none.
struct EglDevice {
    name: String,
    index: usize,
    display: Result<(Display, Vec<Config>), String>,
}

/// A display on `device` and its configs that need no surface.
fn open(device: &Device) -> Result<(Display, Vec<Config>), String> {
    // SAFETY: no native display handle is passed, so there is nothing whose
    // lifetime the display could outlive.
    let display = unsafe { Display::with_device(device, None) }
        .map_err(|e| format!("no EGL display: {}", one_line(&e.to_string())))?;
    let template = ConfigTemplateBuilder::new()
        .with_alpha_size(8)
        // We draw into our own framebuffer object: no EGL surface.
        .with_surface_type(ConfigSurfaceTypes::empty())
        .build();
    // SAFETY: the template names no native window.
    let configs: Vec<Config> = unsafe { display.find_configs(template) }
        .map_err(|e| format!("no EGL config: {}", one_line(&e.to_string())))?
        .collect();
    Ok((display, configs))
}

impl Maker for EglDevice {
    fn name(&self) -> String {
        format!("EGL device {} ({})", self.index, self.name)
    }

    fn context(&self, api: GlApi) -> Result<Box<dyn Current>, String> {
        let (display, configs) = self.display.as_ref().map_err(Clone::clone)?;
        let (config_api, context_api) = match api {
            GlApi::Gl33 => (Api::OPENGL, ContextApi::OpenGl(Some(Version::new(3, 3)))),
            GlApi::Gles3 => (Api::GLES3, ContextApi::Gles(Some(Version::new(3, 0)))),
            GlApi::Gles2 => (Api::GLES2, ContextApi::Gles(Some(Version::new(2, 0)))),
        };
        let config = configs
            .iter()
            .find(|c| c.api().contains(config_api))
            .ok_or("no EGL config offers it")?;
        let mut attributes = ContextAttributesBuilder::new().with_context_api(context_api);
        if api == GlApi::Gl33 {
            attributes = attributes.with_profile(GlProfile::Core);
        }
        let attributes = attributes.build(None);
        // SAFETY: the config came from this display; no window is involved.
        let not_current = unsafe { display.create_context(config, &attributes) }
            .map_err(|e| format!("context not created: {}", one_line(&e.to_string())))?;
        let context = not_current
            .make_current_surfaceless()
            .map_err(|e| format!("not made current: {}", one_line(&e.to_string())))?;
        log::debug!("headless: {}, {}", self.name(), display.version_string());
        Ok(Box::new(EglContext(context)))
    }
}

/// A surfaceless EGL context; released and destroyed on drop.
struct EglContext(PossiblyCurrentContext);

impl Current for EglContext {
    fn make_current(&self) -> Result<(), String> {
        self.0.make_current_surfaceless().map_err(|e| {
            format!(
                "cannot make the EGL context current: {}",
                one_line(&e.to_string())
            )
        })
    }

    fn get_proc_address(&self, name: &CStr) -> *const c_void {
        self.0.display().get_proc_address(name)
    }
}

impl Drop for EglContext {
    fn drop(&mut self) {
        // Destroyed at once rather than left pending on this thread.
        let _ = self.0.make_not_current_in_place();
    }
}

/// A name for a device: its name and vendor where EGL gives them, else its
/// DRM node, else "software" for Mesa's software device, else its index.
fn describe_device(device: &Device, index: usize) -> String {
    match (device.name(), device.vendor()) {
        (Some(n), Some(v)) => format!("{n} ({v})"),
        (Some(n), None) | (None, Some(n)) => n.to_string(),
        (None, None) => {
            if let Some(path) = device.drm_render_device_node_path() {
                path.display().to_string()
            } else if let Some(path) = device.drm_device_node_path() {
                path.display().to_string()
            } else if device.extensions().contains("EGL_MESA_device_software") {
                "Mesa software device".into()
            } else {
                format!("device {index}")
            }
        }
    }
}
