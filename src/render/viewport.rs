//! A rectangle of the framebuffer to draw into: the whole of it, or one
//! half of compare mode's split picture.

#![forbid(unsafe_code)]

/// A rectangle of the framebuffer, pixels, as GL's `glViewport` takes it:
/// `x` from the left edge, `y` from the bottom edge, `width x height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewport {
    /// Pixels from the framebuffer's left edge to the rectangle's.
    pub x: u32,
    /// Pixels from the framebuffer's bottom edge to the rectangle's.
    pub y: u32,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

impl Viewport {
    /// The whole of a `width x height` framebuffer.
    pub fn whole(width: u32, height: u32) -> Self {
        Viewport {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// Whether it holds no pixel (a side of 0).
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Width over height, the aspect the picture in it is drawn with
    /// (1 for an empty one).
    pub fn aspect(&self) -> f32 {
        if self.is_empty() {
            1.0
        } else {
            self.width as f32 / self.height as f32
        }
    }

    /// Whether the pixel (`x`, `y`), counted from the framebuffer's
    /// top-left corner as cursor positions are, of a framebuffer
    /// `framebuffer_height` pixels high, lies in it.
    pub fn contains_from_top(&self, x: f64, y: f64, framebuffer_height: u32) -> bool {
        let top = f64::from(framebuffer_height) - f64::from(self.y) - f64::from(self.height);
        x >= f64::from(self.x)
            && x < f64::from(self.x) + f64::from(self.width)
            && y >= top
            && y < top + f64::from(self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_framebuffer_has_its_aspect() {
        let v = Viewport::whole(792, 573);
        assert_eq!((v.x, v.y, v.width, v.height), (0, 0, 792, 573));
        assert!((v.aspect() - 792.0 / 573.0).abs() < 1e-6);
        assert!(!v.is_empty());
        assert!(Viewport::whole(0, 5).is_empty());
        assert_eq!(Viewport::whole(0, 5).aspect(), 1.0);
    }

    #[test]
    fn containment_counts_rows_from_the_top() {
        // The top half of a 10 x 10 framebuffer: y from the bottom is 5.
        let top = Viewport {
            x: 0,
            y: 5,
            width: 10,
            height: 5,
        };
        assert!(top.contains_from_top(0.0, 0.0, 10));
        assert!(top.contains_from_top(9.5, 4.9, 10));
        assert!(!top.contains_from_top(3.0, 5.0, 10));
        assert!(!top.contains_from_top(10.0, 1.0, 10));
        assert!(!top.contains_from_top(-0.1, 1.0, 10));
    }
}
