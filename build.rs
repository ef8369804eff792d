//! Two cfg aliases:
//! - `free_unix`, for the code that picks a headless GL context: a Unix
//!   that is not Apple's or Android (Linux, the BSDs), where EGL and GLX
//!   are the ways to get OpenGL;
//! - `build_cpu_avx512f`, for the tests of the AVX-512 routines: the
//!   x86-64 CPU this builds on, for itself, has AVX-512F. Where it has
//!   not, those tests are ignored with a reason the test runner prints.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(free_unix)");
    println!("cargo::rustc-check-cfg=cfg(build_cpu_avx512f)");
    if build_cpu_has_avx512f() {
        println!("cargo::rustc-cfg=build_cpu_avx512f");
    }
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

/// Whether the target is the machine building it, an x86-64 with
/// AVX-512F.
fn build_cpu_has_avx512f() -> bool {
    let host = std::env::var("HOST").unwrap_or_default();
    let target = std::env::var("TARGET").unwrap_or_default();
    #[cfg(target_arch = "x86_64")]
    if host == target {
        return std::arch::is_x86_feature_detected!("avx512f");
    }
    let _ = (host, target);
    false
}
