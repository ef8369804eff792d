//! [`SetTrial`]: the general pass's instruction set, chosen by timing the
//! vector sets this CPU has on the simulation's own steps.
//!
//! The fast pass times its sets at the start of a long run
//! (`Runner::choose_set`). The general pass is also stepped a few steps a
//! frame by the window and the page, so its trial spans calls: each set
//! takes chunks of steps in turn, the time of each chunk is added to its
//! set's, and once every set has run its share the fastest per step is
//! kept for a while, then the sets are timed again (a machine's other
//! work comes and goes). Every set gives the same bits, so the steps
//! timed are steps of the simulation. Which set wins depends on the CPU:
//! on some Intel Xeons the general pass's chunks of eight points run far
//! faster on AVX2 than on AVX-512, where the fast pass's lanes do not.

#![forbid(unsafe_code)]

use std::time::Duration;

use super::InstructionSet;

/// Trial chunks a set runs on the winner before the sets are timed
/// again: a trial spends a few chunks on the slower sets, so this keeps
/// its cost near one percent.
const CHUNKS_BETWEEN_TRIALS: u64 = 256;

/// Chunks each set runs in a trial (in turn, so the sets share what the
/// machine was doing).
const CHUNKS_A_SET: u64 = 2;

/// The vector sets this CPU has: the sets a trial times (the baseline
/// is timed only where it is the one set, and then there is no trial).
pub(super) fn vector_sets() -> Vec<InstructionSet> {
    InstructionSet::available()
        .filter(|&s| s != InstructionSet::Baseline)
        .collect()
}

/// The state of the general pass's choice of instruction set.
#[derive(Clone, Debug, Default)]
pub(super) struct SetTrial {
    /// The trial under way: each set under trial with the time it has
    /// taken and the steps it has run. Empty when no trial is under way.
    spent: Vec<(InstructionSet, Duration, u64)>,
    /// The set the last trial chose, if one has.
    chosen: Option<InstructionSet>,
    /// Steps left on `chosen` before the next trial.
    steps_left: u64,
}

impl SetTrial {
    /// The set to run the next steps on, and how many of the `count`
    /// still to run: during a trial, the set with the fewest steps so far,
    /// for at most `chunk` steps (`chunk` >= 1); otherwise the chosen set,
    /// for the steps left before the next trial. With fewer than two
    /// vector sets on this CPU there is nothing to time: the best one,
    /// for all `count`.
    pub(super) fn next(&mut self, count: u64, chunk: u64) -> (InstructionSet, u64) {
        if let Some(set) = self.chosen.filter(|_| self.steps_left > 0) {
            return (set, count.min(self.steps_left));
        }
        if self.spent.is_empty() {
            self.spent = vector_sets()
                .into_iter()
                .map(|s| (s, Duration::ZERO, 0))
                .collect();
            if self.spent.len() < 2 {
                self.spent.clear();
                self.chosen = Some(InstructionSet::best());
                self.steps_left = u64::MAX;
                return (InstructionSet::best(), count);
            }
        }
        let (set, _, _) = self
            .spent
            .iter()
            .min_by_key(|&&(_, _, steps)| steps)
            .copied()
            .unwrap_or((InstructionSet::best(), Duration::ZERO, 0));
        (set, count.min(chunk.max(1)))
    }

    /// Records that `steps` steps on `set` took `time`, as
    /// [`SetTrial::next`] asked with the same `chunk`. When every set of
    /// the trial has run [`CHUNKS_A_SET`] chunks, keeps the one with the
    /// least time per step for the next [`CHUNKS_BETWEEN_TRIALS`] chunks
    /// of steps.
    pub(super) fn record(&mut self, set: InstructionSet, steps: u64, time: Duration, chunk: u64) {
        if self.spent.is_empty() {
            self.steps_left = self.steps_left.saturating_sub(steps);
            return;
        }
        if let Some(entry) = self.spent.iter_mut().find(|(s, _, _)| *s == set) {
            entry.1 += time;
            entry.2 += steps;
        }
        let share = CHUNKS_A_SET * chunk.max(1);
        if self.spent.iter().all(|&(_, _, steps)| steps >= share) {
            // Least time per step: t_a / s_a < t_b / s_b as t_a s_b < t_b s_a.
            let fastest = self.spent.iter().copied().reduce(|a, b| {
                if b.1.as_nanos() * u128::from(a.2) < a.1.as_nanos() * u128::from(b.2) {
                    b
                } else {
                    a
                }
            });
            self.chosen = fastest.map(|(s, _, _)| s);
            self.steps_left = CHUNKS_BETWEEN_TRIALS * chunk.max(1);
            self.spent.clear();
        }
    }

    /// The set the last trial chose, if one has.
    #[cfg(test)]
    pub(super) fn chosen(&self) -> Option<InstructionSet> {
        self.chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This CPU's vector sets, or `None` (saying so) where there are
    /// fewer than two to time.
    fn sets_to_time() -> Option<Vec<InstructionSet>> {
        let sets = vector_sets();
        if sets.len() < 2 {
            eprintln!("skipped: this CPU has {sets:?}, fewer than two vector sets to time");
            return None;
        }
        Some(sets)
    }

    /// With a set made to look slower, the trial hands out chunks in
    /// turn, keeps the other, and times again after the chosen set's
    /// run of steps.
    #[test]
    fn the_faster_set_per_step_is_kept_then_timed_again() {
        let Some(sets) = sets_to_time() else { return };
        let slow = sets[0];
        let mut trial = SetTrial::default();
        let mut order = Vec::new();
        for _ in 0..CHUNKS_A_SET * sets.len() as u64 {
            let (set, steps) = trial.next(1000, 16);
            assert_eq!(steps, 16);
            order.push(set);
            let us = if set == slow { 2000 } else { 1000 };
            trial.record(set, steps, Duration::from_micros(us * steps), 16);
        }
        assert_eq!(&order[..sets.len()], &sets[..], "each set in turn");
        let kept = trial.chosen().expect("a set chosen");
        assert_ne!(kept, slow);
        assert_eq!(
            trial.next(1_000_000, 16),
            (kept, CHUNKS_BETWEEN_TRIALS * 16)
        );
        trial.record(kept, CHUNKS_BETWEEN_TRIALS * 16, Duration::from_secs(1), 16);
        assert_eq!(trial.next(1000, 16), (sets[0], 16), "timed again");
    }

    /// Calls of one step at a time (a frame's) still finish the trial,
    /// once every set has its share of steps.
    #[test]
    fn a_step_at_a_time_finishes_the_trial() {
        let Some(sets) = sets_to_time() else { return };
        let mut trial = SetTrial::default();
        let mut calls = 0;
        while trial.chosen().is_none() {
            let (set, steps) = trial.next(1, 16);
            assert_eq!(steps, 1);
            trial.record(set, steps, Duration::from_micros(800), 16);
            calls += 1;
        }
        assert_eq!(calls, CHUNKS_A_SET * 16 * sets.len() as u64);
    }
}
