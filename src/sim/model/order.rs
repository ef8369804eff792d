//! The order a pass visits the points in.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;

/// The order a pass visits the points in: which corner the loop starts
/// from. Within a point, its springs are always summed in the same order,
/// `jj` ascending outer, `ii` ascending inner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Order {
    /// The original's loops: rows `j = 0, 1, ...` outer, `i = 0, 1, ...`
    /// inner, from the corner `[0][0]`.
    #[default]
    Rows,
    /// From the opposite corner `[n-1][n-1]`: rows `j = n-1` down to 0,
    /// each from `i = n-1` down to 0.
    Reversed,
}

impl Order {
    /// Every order, in the order of their names in [`Order::NAMES`].
    pub const ALL: [Order; 2] = [Order::Rows, Order::Reversed];
    /// The orders' names, as [`FromStr`] takes them and `Display` prints
    /// them.
    pub const NAMES: [&'static str; 2] = limits::ORDERS;

    /// The name, as [`FromStr`] takes it: `rows`, `reversed`.
    pub const fn name(self) -> &'static str {
        match self {
            Order::Rows => Order::NAMES[0],
            Order::Reversed => Order::NAMES[1],
        }
    }

    /// The rows `j` of an `n x n` grid in the order this visits them.
    pub fn rows(self, n: usize) -> impl Iterator<Item = usize> {
        let flip = self == Order::Reversed;
        (0..n).map(move |j| if flip { n - 1 - j } else { j })
    }

    /// The points `(j, i)` of an `n x n` grid in this order.
    pub fn visit(self, n: usize) -> impl Iterator<Item = (usize, usize)> {
        let rows = (0..n).flat_map(move |j| (0..n).map(move |i| (j, i)));
        let flip = self == Order::Reversed;
        rows.map(move |(j, i)| if flip { (n - 1 - j, n - 1 - i) } else { (j, i) })
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = ModelError;

    /// `rows` or `reversed`, exactly.
    ///
    /// # Errors
    /// [`ModelError::Order`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Order::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| ModelError::Order(s.to_owned()))
    }
}
