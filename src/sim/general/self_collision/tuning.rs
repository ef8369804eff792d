//! The self-collision's settings: sweeps, the pair list's skin and
//! drift, and the slack of a push.

#![forbid(unsafe_code)]

/// The sweeps through the pairs in one pass (`SpatialHash::separate`):
/// one. The step's end (`SpatialHash::settle`) sweeps until none are
/// left closer than the thickness.
pub const SWEEPS: usize = 1;

/// The most sweeps through the pairs at the end of a step
/// (`SpatialHash::settle`): enough for every heap measured to settle
/// (see the module docs), few enough that a wedged point costs a step
/// little.
pub const SETTLE_SWEEPS: usize = 64;

/// How far apart, in thicknesses, two points may be when a *narrow* pair
/// list (the one for a cloth lying on itself) is made and still be in it:
/// the thickness and a skin of 0.6 of it, which lets the points move about
/// before they must be moved on.
pub const NEAR: f64 = 1.6;

/// How far, in thicknesses, a point may move from where it was when a
/// narrow pair list was made before it is moved on: a quarter. Two points closer
/// than the thickness now were then closer than `1 + 2 DRIFT = 1.5`
/// thicknesses, inside [`NEAR`] with room for rounding, so the list holds
/// every pair that could be pushed. (A point on the floor pushed up by one
/// above it a fifth of the thickness short moves a fifth: within it.)
pub const DRIFT: f64 = 0.25;

/// How far, in thicknesses, a point that has been moved on since the pair
/// list was made may move from where it was last moved on: half the
/// thickness. A point that keeps moving (in a heap a few are jostled by a
/// good part of the thickness every pass) is looked for partners further
/// round each time it moves on, and so moves on less often.
pub const LOOSE_DRIFT: f64 = 0.5;

/// How far apart, in thicknesses, two points may be when a *wide* pair
/// list (the one for a cloth that touches itself in few places) is made
/// and still be in it: the thickness and a skin of 2.1 of it. Its points
/// may move four times as far as a narrow list's before they are moved on
/// ([`WIDE_DRIFT`], [`WIDE_LOOSE_DRIFT`]), so a sheet swinging and
/// sliding over the spheres makes it afresh a tenth as often, and it
/// holds few pairs more: a sheet's points that are not grid neighbours
/// are two spacings (four thicknesses) apart where it lies flat.
pub const WIDE_NEAR: f64 = 3.1;

/// How far, in thicknesses, a point may move from where it was when a wide
/// pair list was made before it is moved on: one. (`1 + 2 WIDE_DRIFT =
/// 3`, inside [`WIDE_NEAR`].)
pub const WIDE_DRIFT: f64 = 1.0;

/// How far, in thicknesses, a point that has been moved on since a wide
/// pair list was made may move from where it was last moved on: two.
pub const WIDE_LOOSE_DRIFT: f64 = 2.0;

/// The pair list is made narrow when, made wide, it holds at least one
/// pair within [`NEAR`] thicknesses for every `DENSE` points: a cloth
/// lying on itself (a heap holds three or four pairs a point), where a
/// wide list would hold seven times the pairs of a narrow one and every
/// sweep would look at them all.
pub const DENSE: usize = 8;

/// How much further than the thickness a pass's push takes a pair: a
/// billionth of it, so rounding cannot leave the pair closer than the
/// thickness.
pub const SLACK: f64 = 1e-9;

/// How much further than the thickness the step's end pushes a pair: a
/// hundredth of it. Pushed exactly to the thickness, a pair in a heap is
/// squeezed back by the next push of one of its points, and the sweeps
/// close in on "none closer" only slowly (a quarter fewer a sweep); with a
/// hundredth to spare they get there in a few (see the module docs).
pub const SETTLE_SLACK: f64 = 0.01;
