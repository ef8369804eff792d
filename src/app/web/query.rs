//! The page's own query values, beside the choices the command line's
//! flags make ([`Choices`](crate::app::choices::Choices)): the test
//! mode's held clock (`?steps=N`), WebGL 1 (`?webgl=1`), and the speed and
//! view a copied link starts with (`?speed=120`, `?orbit=R1,R2`,
//! `?distance=D`, as `cloth-demo render --orbit` and `--distance` take
//! them). Pure, so it is tested without a browser; the page reads and
//! writes its address with it.

#![forbid(unsafe_code)]

use crate::app::pacing::SPEEDS;
use crate::render::camera::{DISTANCE, MAX_DISTANCE, MIN_DISTANCE};
use crate::render::Camera;

/// The page's own names, which are no flag's.
pub const NAMES: [&str; 5] = ["steps", "webgl", "speed", "orbit", "distance"];

/// What the page's own values ask for; `None` where not given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PageQuery {
    /// `?steps=N`: the clock held after N steps.
    pub steps: Option<u32>,
    /// `?webgl=1`: WebGL 1 (`false` for `?webgl=2`).
    pub webgl1: bool,
    /// `?speed=N`: N steps a second, one of [`SPEEDS`].
    pub speed: Option<u64>,
    /// `?orbit=R1,R2`: the view turned by R1, R2 original-window pixels.
    pub orbit: Option<(f64, f64)>,
    /// `?distance=D`: the camera D world units from the centre.
    pub distance: Option<f64>,
}

impl PageQuery {
    /// Take `name=value` if `name` is one of [`NAMES`]: `Ok(true)` when
    /// taken, `Ok(false)` for another name (a choice's).
    ///
    /// # Errors
    /// One line naming the bad value and what it takes: `bad
    /// ?steps=abc: it takes a whole number of steps, 0 to
    /// 4294967295`, `bad ?speed=50: it takes 15, 30, 60, 120 or
    /// 240`, `bad ?orbit=1: it takes two numbers, R1,R2`, `bad
    /// ?distance=1: it takes a number from 2 to 20`.
    pub fn take(&mut self, name: &str, value: &str) -> Result<bool, String> {
        let bad = |takes: &str| format!("bad ?{name}={value}: it takes {takes}");
        match name {
            "steps" => {
                self.steps =
                    Some(value.parse().map_err(|_| {
                        bad(&format!("a whole number of steps, 0 to {}", u32::MAX))
                    })?);
            }
            "webgl" => {
                self.webgl1 = match value {
                    "1" => true,
                    "2" => false,
                    _ => return Err(bad("1 or 2")),
                };
            }
            "speed" => {
                let rate = value.parse().ok().filter(|r| SPEEDS.contains(r));
                self.speed = Some(rate.ok_or_else(|| {
                    let mut names: Vec<String> = SPEEDS.iter().map(u64::to_string).collect();
                    let last = names.pop().unwrap_or_default();
                    bad(&format!("{} or {last}", names.join(", ")))
                })?);
            }
            "orbit" => {
                let pair = value
                    .split_once(',')
                    .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
                    .filter(|(a, b): &(f64, f64)| a.is_finite() && b.is_finite());
                self.orbit = Some(pair.ok_or_else(|| bad("two numbers, R1,R2"))?);
            }
            "distance" => {
                let d = value
                    .parse()
                    .ok()
                    .filter(|d: &f64| (MIN_DISTANCE..=MAX_DISTANCE).contains(d));
                self.distance = Some(d.ok_or_else(|| {
                    bad(&format!("a number from {MIN_DISTANCE} to {MAX_DISTANCE}"))
                })?);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The camera these values start with: the original's, turned and
    /// moved as asked.
    pub fn camera(&self) -> Camera {
        let (r1, r2) = self.orbit.unwrap_or((0.0, 0.0));
        Camera::new(r1, r2).with_distance(self.distance.unwrap_or(DISTANCE))
    }
}

/// The page's view values for a run at `speed` steps a second (`None`
/// when the clock is held or uncapped) seen through `camera`, as the
/// address writes them: `speed` unless 60, `orbit` unless unturned (to a
/// tenth of a pixel), `distance` unless [`DISTANCE`] (to a thousandth).
pub fn view_pairs(speed: Option<u64>, camera: &Camera) -> Vec<String> {
    let mut pairs = Vec::new();
    if let Some(rate) = speed.filter(|&r| r != 60) {
        pairs.push(format!("speed={rate}"));
    }
    let round = |v: f64, k: f64| (v * k).round() / k + 0.0;
    let (r1, r2) = (round(camera.r1, 10.0), round(camera.r2, 10.0));
    if (r1, r2) != (0.0, 0.0) {
        pairs.push(format!("orbit={r1},{r2}"));
    }
    let d = round(camera.distance(), 1000.0);
    if d != DISTANCE {
        pairs.push(format!("distance={d}"));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_values_read_and_write_back() {
        let mut q = PageQuery::default();
        for (n, v) in [
            ("steps", "250"),
            ("webgl", "1"),
            ("speed", "120"),
            ("orbit", "-159.7,30"),
            ("distance", "2.5"),
        ] {
            assert_eq!(q.take(n, v), Ok(true), "{n}={v}");
        }
        assert_eq!(q.take("bend", "1"), Ok(false));
        assert_eq!(
            q,
            PageQuery {
                steps: Some(250),
                webgl1: true,
                speed: Some(120),
                orbit: Some((-159.7, 30.0)),
                distance: Some(2.5),
            }
        );
        let camera = q.camera();
        assert_eq!(
            (camera.r1, camera.r2, camera.distance()),
            (-159.7, 30.0, 2.5)
        );
        assert_eq!(
            view_pairs(q.speed, &camera),
            ["speed=120", "orbit=-159.7,30", "distance=2.5"]
        );
        assert_eq!(
            view_pairs(Some(60), &Camera::default()),
            Vec::<String>::new()
        );
        assert_eq!(
            view_pairs(None, &Camera::new(0.04, -0.04)),
            Vec::<String>::new()
        );
    }

    #[test]
    fn bad_values_say_what_they_take() {
        let mut q = PageQuery::default();
        let cases = [
            (
                "steps",
                "abc",
                "bad ?steps=abc: it takes a whole number of steps, 0 to 4294967295",
            ),
            ("webgl", "3", "bad ?webgl=3: it takes 1 or 2"),
            (
                "speed",
                "50",
                "bad ?speed=50: it takes 15, 30, 60, 120 or 240",
            ),
            ("orbit", "1", "bad ?orbit=1: it takes two numbers, R1,R2"),
            (
                "orbit",
                "1,inf",
                "bad ?orbit=1,inf: it takes two numbers, R1,R2",
            ),
            (
                "distance",
                "1",
                "bad ?distance=1: it takes a number from 2 to 20",
            ),
        ];
        for (n, v, want) in cases {
            assert_eq!(q.take(n, v), Err(want.to_string()));
        }
        assert_eq!(q, PageQuery::default());
    }
}
