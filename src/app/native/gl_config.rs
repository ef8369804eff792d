//! The window's GL configs judged: which of those the display offers is
//! best ([`config_rank`]), and each described in one line for the log
//! ([`describe_config`]).

#![forbid(unsafe_code)]

use glutin::config::{Api, ColorBufferType, Config, GlConfig};

/// How good a config is; the largest wins. In order: hardware over
/// software, one that offers desktop OpenGL (so 3.3 core can be tried
/// first), colour depth up to 8 bits a channel, no multisampling (the
/// original had none), then the deepest depth buffer, then fewer samples.
pub(super) fn config_rank(config: &Config) -> (bool, bool, u8, bool, u8, std::cmp::Reverse<u8>) {
    let colour = match config.color_buffer_type() {
        Some(ColorBufferType::Rgb {
            r_size,
            g_size,
            b_size,
        }) => r_size.min(8) + g_size.min(8) + b_size.min(8),
        _ => 0,
    };
    (
        config.hardware_accelerated(),
        config.api().contains(Api::OPENGL),
        colour,
        config.num_samples() == 0,
        config.depth_size(),
        std::cmp::Reverse(config.num_samples()),
    )
}

/// One line describing a config, for the log.
pub(super) fn describe_config(config: &Config) -> String {
    let colour = match config.color_buffer_type() {
        Some(ColorBufferType::Rgb {
            r_size,
            g_size,
            b_size,
        }) => format!("RGB {r_size}/{g_size}/{b_size}"),
        Some(ColorBufferType::Luminance(bits)) => format!("luminance {bits}"),
        None => "unknown colour".into(),
    };
    format!(
        "{colour}, alpha {}, depth {}, stencil {}, samples {}, {}, apis {:?}",
        config.alpha_size(),
        config.depth_size(),
        config.stencil_size(),
        config.num_samples(),
        if config.hardware_accelerated() {
            "hardware"
        } else {
            "software"
        },
        config.api()
    )
}
