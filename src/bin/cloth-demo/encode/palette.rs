//! The recordings' palette: the scene's own colours ([`PALETTE`]), with
//! every shaded colour for a shaded recording and every colour of the
//! springs view for one in it ([`palette`]), and the map
//! from a frame's RGBA pixels to palette indices ([`Indexer`]).
//!
//! The scene is flat colours: black, yellow, blue, red, white and the
//! floor's two greys, each grey twice because 0.9 and 0.1 fall halfway
//! between two bytes (229.5 and 25.5) and the rasteriser writes either.
//! Every pixel the renderer writes is one of these and is indexed exactly;
//! any other colour (a driver that rounds differently) goes to the nearest
//! entry.
#![forbid(unsafe_code)]

use std::collections::HashMap;

use cloth_demo::render::{scene, shade, springs};

/// The scene's colours as the renderer writes them, in palette order:
/// black (the background), yellow and blue (the cloth), red and white (the
/// spheres), then the floor's light grey (229 and 230) and dark grey (25
/// and 26).
pub const PALETTE: [[u8; 3]; 9] = [
    [0, 0, 0],
    [255, 255, 0],
    [0, 0, 255],
    [255, 0, 0],
    [255, 255, 255],
    [229, 229, 229],
    [230, 230, 230],
    [25, 25, 25],
    [26, 26, 26],
];

/// The colours a recording's pixels can hold: [`PALETTE`], then with
/// `shade` every colour of a shaded picture ([`shade::colours`] of the
/// scene's colours), with `springs` every colour of the springs view
/// ([`springs::colours`] of the flat or shaded colours), each not already
/// in it; at most 255 (a GIF keeps one index for transparency).
pub fn palette(shade: bool, springs: bool) -> Vec<[u8; 3]> {
    let mut out = PALETTE.to_vec();
    let mut add = |colours: Vec<[u8; 3]>| {
        for rgb in colours {
            if !out.contains(&rgb) {
                out.push(rgb);
            }
        }
    };
    if springs {
        let under: Vec<[f32; 3]> = if shade {
            (0..=shade::LEVELS)
                .flat_map(|l| scene::COLOURS.map(|c| shade::scale(c, shade::level_factor(l))))
                .collect()
        } else {
            scene::COLOURS.to_vec()
        };
        add(springs::colours(&under));
    } else if shade {
        add(shade::colours(&scene::COLOURS));
    }
    out
}

/// Smooth edges' blends added to `colours` (`--smooth`): each pair of
/// [`PALETTE`]'s colours mixed a quarter, a half and three quarters (an
/// edge pixel's 4 samples split between two colours), each not already
/// there, as many as fit in 255 colours. Other mixes (three colours in a
/// pixel, a shaded or springs view edge) go to the nearest entry.
pub fn with_edges(mut colours: Vec<[u8; 3]>) -> Vec<[u8; 3]> {
    for (k, a) in PALETTE.iter().enumerate() {
        for b in &PALETTE[k + 1..] {
            for quarters in 1..4u16 {
                let mix: [u8; 3] = std::array::from_fn(|c| {
                    ((u16::from(a[c]) * (4 - quarters) + u16::from(b[c]) * quarters + 2) / 4) as u8
                });
                if colours.len() < 255 && !colours.contains(&mix) {
                    colours.push(mix);
                }
            }
        }
    }
    colours
}

/// The greys of compare mode's labels added to `colours`: white text
/// smoothed onto a dark box, in 16 steps from black to white, each not
/// already there, as many as fit in 255 colours.
pub fn with_labels(mut colours: Vec<[u8; 3]>) -> Vec<[u8; 3]> {
    for k in 0..=16u32 {
        let v = (k * 255 / 16) as u8;
        if colours.len() < 255 && !colours.contains(&[v, v, v]) {
            colours.push([v, v, v]);
        }
    }
    colours
}

/// The index in `palette` (at most 256 colours) of `rgb`, or of the colour
/// nearest to it (least squared distance; the first on a tie).
pub fn nearest_in(palette: &[[u8; 3]], rgb: [u8; 3]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (k, entry) in palette.iter().enumerate() {
        let d: u32 = rgb
            .iter()
            .zip(entry)
            .map(|(&a, &b)| (i32::from(a) - i32::from(b)).unsigned_abs().pow(2))
            .sum();
        if d < best.0 {
            best = (d, k as u8);
        }
    }
    best.1
}

/// Turns RGBA pixels into indices of one palette, remembering each colour
/// met so that each is looked up once.
#[derive(Debug)]
pub struct Indexer {
    /// The colours, in index order.
    colours: Vec<[u8; 3]>,
    /// Colours met so far and their indices.
    seen: HashMap<[u8; 3], u8>,
}

impl Indexer {
    /// An indexer for `colours` (at most 256).
    pub fn new(colours: Vec<[u8; 3]>) -> Self {
        Indexer {
            colours,
            seen: HashMap::new(),
        }
    }

    /// The palette, in index order.
    pub fn colours(&self) -> &[[u8; 3]] {
        &self.colours
    }

    /// Replace `out`'s contents with the index of each pixel of `rgba`
    /// (4 bytes a pixel, alpha ignored): its colour's, or its nearest
    /// colour's ([`nearest_in`]).
    pub fn indices(&mut self, rgba: &[u8], out: &mut Vec<u8>) {
        out.clear();
        let (colours, seen) = (&self.colours, &mut self.seen);
        let mut last = ([0u8, 0, 0], nearest_in(colours, [0, 0, 0]));
        out.extend(rgba.chunks_exact(4).map(|p| {
            let rgb = [p[0], p[1], p[2]];
            // Neighbouring pixels are mostly the same colour.
            if rgb != last.0 {
                last = (
                    rgb,
                    *seen.entry(rgb).or_insert_with(|| nearest_in(colours, rgb)),
                );
            }
            last.1
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The [`PALETTE`] index of `rgb` or of its nearest colour.
    fn nearest(rgb: [u8; 3]) -> u8 {
        nearest_in(&PALETTE, rgb)
    }

    #[test]
    fn every_scene_colour_rounds_to_palette_entries_both_ways() {
        for c in [
            scene::YELLOW,
            scene::BLUE,
            scene::RED,
            scene::WHITE,
            scene::LIGHT_GREY,
            scene::DARK_GREY,
            [0.0, 0.0, 0.0],
        ] {
            for round in [f32::floor, f32::ceil] {
                let rgb = c.map(|v| round(v * 255.0) as u8);
                let k = nearest(rgb);
                assert_eq!(PALETTE[usize::from(k)], rgb, "{c:?}");
            }
        }
    }

    #[test]
    fn other_colours_go_to_the_nearest_entry() {
        assert_eq!(nearest([10, 10, 10]), 0);
        assert_eq!(nearest([20, 24, 30]), 7);
        assert_eq!(nearest([240, 240, 250]), 4);
        assert_eq!(nearest([200, 30, 20]), 3);
        assert_eq!(nearest([100, 100, 100]), 8);
        assert_eq!(nearest([128, 128, 128]), 5);
    }

    #[test]
    fn the_indexer_gives_each_pixel_its_nearest_entry() {
        let mut indexer = Indexer::new(PALETTE.to_vec());
        let pixels = [
            [0, 0, 0, 255],
            [255, 255, 0, 255],
            [20, 24, 30, 0],
            [0, 0, 0, 255],
        ];
        let mut out = vec![99];
        indexer.indices(&pixels.concat(), &mut out);
        assert_eq!(out, [0, 1, 7, 0]);
    }

    #[test]
    fn a_shaded_palette_holds_the_flat_one_and_fits_a_gif() {
        let shaded = palette(true, false);
        assert_eq!(palette(false, false), PALETTE);
        assert_eq!(shaded[..PALETTE.len()], PALETTE);
        assert!(shaded.len() <= 255, "{}", shaded.len());
        for shade in [false, true] {
            let springs = palette(shade, true);
            assert_eq!(springs[..PALETTE.len()], PALETTE);
            assert!(springs.len() <= 255, "{}", springs.len());
            // Full red and blue lines, white at rest, the cloth dimmed.
            for rgb in [[255, 0, 0], [0, 0, 255], [255, 255, 255]] {
                assert!(springs.contains(&rgb), "{rgb:?} with shade {shade}");
            }
        }
    }
}
