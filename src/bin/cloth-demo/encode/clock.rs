//! GIF frame delays: whole hundredths of a second, the remainder carried
//! from frame to frame ([`FrameClock`]).
#![forbid(unsafe_code)]

/// The largest delay one GIF frame can carry, in hundredths of a second.
pub const MAX_DELAY_CS: u64 = u16::MAX as u64;

/// Frame delays for frames that each stand for `numerator / denominator`
/// seconds, in GIF's hundredths: frame `n` (from 0) gets
/// `floor(100 (n+1) t) - floor(100 n t)`, so the first `n` frames add up to
/// `floor(100 n t)` hundredths, never drifting. For 4 steps at 60 steps a
/// second (t = 1/15 s) that is 6, 7, 7, 6, 7, 7, ...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameClock {
    /// Hundredths of a second per frame, times `denominator`.
    numerator: u128,
    denominator: u128,
    /// Frames timed so far.
    frames: u128,
}

impl FrameClock {
    /// A clock for frames of `numerator / denominator` seconds each.
    ///
    /// # Errors
    /// A phrase if the denominator is zero or a frame would last longer
    /// than a GIF delay can say (655.35 s).
    pub fn new(numerator: u64, denominator: u64) -> Result<Self, String> {
        if denominator == 0 {
            return Err("a frame time with denominator 0".into());
        }
        let cs = u128::from(numerator) * 100;
        let denominator = u128::from(denominator);
        if cs.div_ceil(denominator) > u128::from(MAX_DELAY_CS) {
            return Err(format!(
                "a frame of {numerator}/{denominator} s is longer than a GIF delay can be (655.35 s)"
            ));
        }
        Ok(FrameClock {
            numerator: cs,
            denominator,
            frames: 0,
        })
    }

    /// Hundredths of a second taken by the frames timed so far.
    pub fn elapsed_cs(&self) -> u128 {
        self.numerator * self.frames / self.denominator
    }

    /// The next frame's delay, hundredths of a second.
    pub fn next_delay(&mut self) -> u16 {
        let before = self.elapsed_cs();
        self.frames += 1;
        let delay = self.elapsed_cs() - before;
        // `new` checked that the ceiling of one frame's time fits.
        u16::try_from(delay).unwrap_or(u16::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_carry_the_remainder() {
        let delays = |k: u64, n: usize| {
            let mut c = FrameClock::new(k, 60).unwrap();
            (0..n).map(|_| c.next_delay()).collect::<Vec<_>>()
        };
        assert_eq!(delays(1, 6), [1, 2, 2, 1, 2, 2]);
        assert_eq!(delays(3, 4), [5, 5, 5, 5]);
        assert_eq!(delays(4, 6), [6, 7, 7, 6, 7, 7]);
        let mut c = FrameClock::new(7, 60).unwrap();
        let total: u64 = (0..6000).map(|_| u64::from(c.next_delay())).sum();
        // 6000 frames of 7/60 s: 700 s exactly.
        assert_eq!(total, 70_000);
        assert_eq!(c.elapsed_cs(), 70_000);
        assert!(FrameClock::new(39_321, 60).is_ok());
        assert!(FrameClock::new(39_322, 60).is_err());
        assert!(FrameClock::new(1, 0).is_err());
    }
}
