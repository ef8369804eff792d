//! One cfg alias for the code that picks a headless GL context:
//! `free_unix` is a Unix that is not Apple's or Android (Linux, the BSDs),
//! where EGL and GLX are the ways to get OpenGL.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(free_unix)");
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let unix = family.split(',').any(|f| f == "unix");
    if unix
        && !matches!(
            os.as_str(),
            "macos" | "ios" | "tvos" | "watchos" | "visionos" | "android"
        )
    {
        println!("cargo::rustc-cfg=free_unix");
    }
}
