//! [`Runner`]: how a [`Simulation`](super::Simulation)'s steps run (the
//! instruction set, the thread count) and the scratch buffers they work
//! in. None of it is the simulated state: two simulations in the same
//! state are equal however they run.

#![forbid(unsafe_code)]

#[cfg(feature = "parallel")]
use std::time::{Duration, Instant};

use std::borrow::Cow;

#[cfg(feature = "parallel")]
use super::set_trial::{vector_sets, SetTrial};
use super::{fast, general, solver, Cloth, InstructionSet, Model, PinSet, Spheres, Torn, GRID};

/// A simulation's hands on its cloth, for a run: the pinned points, the
/// held point and where it goes, and the torn springs.
pub(super) struct Hold<'a> {
    /// The pinned points (remade from the model's pins for a cloth of
    /// another size).
    pub(super) pins: &'a mut PinSet,
    /// The held point, row-major, and where each step puts it.
    pub(super) held: Option<(usize, [f64; 3])>,
    /// The torn springs (emptied for a cloth of another size).
    pub(super) torn: &'a mut Torn,
}

/// Grid points times steps below which a run whose thread count is left to
/// it stays on one thread: starting the threads costs about as much as a
/// few steps of the demo's grid. (So the window's few steps a frame run on
/// its own thread.)
#[cfg(feature = "parallel")]
const THREADED_RUN_MIN_WORK: u64 = 32 * 32 * 16;

/// Steps of an `n x n` grid in one trial's timing, of thread counts or
/// of instruction sets: enough to start the threads and time them (16 of
/// the demo's grid, one of 128 x 128 and up).
#[cfg(feature = "parallel")]
fn trial_steps(n: usize) -> u64 {
    (THREADED_RUN_MIN_WORK / (n * n) as u64).max(1)
}

/// Rows per band at the least when the thread count is left to the runs.
#[cfg(feature = "parallel")]
const MIN_BAND_ROWS: usize = 16;

/// Runs between trials of one thread against several.
#[cfg(feature = "parallel")]
const RUNS_BETWEEN_TRIALS: u32 = 20;

/// When the thread count is left to the runs: which count was faster the
/// last time both were timed, and how many runs until they are timed
/// again (a machine's other work comes and goes).
#[cfg(feature = "parallel")]
#[derive(Clone, Debug, Default)]
struct AutoThreads {
    /// Threads last found faster; 0 before any trial.
    choice: usize,
    /// Runs left before the next trial.
    runs_left: u32,
}

/// When the instruction set is left to the runs: whether the sets have
/// been timed against each other, and how many runs until they are timed
/// again.
#[cfg(feature = "parallel")]
#[derive(Clone, Debug, Default)]
struct AutoSet {
    /// Whether a trial has chosen [`Runner::instruction_set`].
    timed: bool,
    /// Runs left before the next trial.
    runs_left: u32,
}

/// How the steps run, and what they work in. A clone runs the same way
/// with scratch of its own.
#[derive(Clone, Debug)]
pub(super) struct Runner {
    /// The instruction set the fast pass runs on, and the general pass
    /// too when the set was asked for.
    pub(super) instruction_set: InstructionSet,
    /// Whether the set was asked for ([`Runner::force_instruction_set`]);
    /// if not, long runs time the sets this CPU has and keep the fastest.
    set_forced: bool,
    /// What the runs have measured, when the set is left to them.
    #[cfg(feature = "parallel")]
    auto_set: AutoSet,
    /// Threads asked for; `None`: what pays.
    pub(super) threads: Option<usize>,
    /// What the runs have measured, when the thread count is left to them.
    #[cfg(feature = "parallel")]
    auto: AutoThreads,
    /// The fast pass's second buffer and its bands' scratch.
    fast: fast::Scratch,
    /// The general pass's second buffer, wind pushes and spatial hash.
    general: general::Workspace,
    /// The other solvers' links, tethers and scratch.
    solver: solver::Workspace,
    /// The general pass's own choice of set, when the set is left to the
    /// runs: timed across runs, since the window's are a few steps each.
    #[cfg(feature = "parallel")]
    general_sets: SetTrial,
}

impl PartialEq for Runner {
    /// Always: how a simulation runs is not part of its state.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Default for Runner {
    /// The fastest instruction set this CPU has, the thread count left to
    /// the runs, no scratch yet.
    fn default() -> Self {
        Runner {
            instruction_set: InstructionSet::best(),
            set_forced: false,
            #[cfg(feature = "parallel")]
            auto_set: AutoSet::default(),
            threads: None,
            #[cfg(feature = "parallel")]
            auto: AutoThreads::default(),
            fast: fast::Scratch::default(),
            general: general::Workspace::default(),
            solver: solver::Workspace::default(),
            #[cfg(feature = "parallel")]
            general_sets: SetTrial::default(),
        }
    }
}

impl Runner {
    /// Run on `set` from now on, whatever the runs would measure.
    pub(super) fn force_instruction_set(&mut self, set: InstructionSet) {
        self.instruction_set = set;
        self.set_forced = true;
    }

    /// `count` steps of `model` on `cloth`, `spheres`, the previous
    /// positions and what `hold` holds. The fast pass runs the original
    /// model on the demo's 32 x 32 while nothing is pinned, held or torn (on several threads
    /// where that pays; with tearing, a step at a time, each followed by
    /// the tearing, until a spring tears), unless `general` asks for the
    /// general pass, which runs everything else, on the calling thread.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
        &mut self,
        cloth: &mut Cloth,
        spheres: &mut Spheres,
        previous: &mut Option<Cloth>,
        model: &Model,
        hold: Hold<'_>,
        mut count: u64,
        general: bool,
    ) {
        let n = cloth.n();
        if hold.pins.n() != n {
            *hold.pins = PinSet::from_pins(model.pins, n);
        }
        if hold.torn.n() != n {
            *hold.torn = Torn::new(n);
        }
        let held = hold.held.filter(|&(k, _)| k < n * n);
        // The fast pass has the article's constants built in: it runs the
        // demo's grid alone (another grid's pass is the article's law
        // scaled to it, general::GridLaw).
        let fast = !general
            && n == GRID
            && model.moves_as_original()
            && hold.pins.is_empty()
            && held.is_none()
            && hold.torn.is_empty();
        if fast {
            let Some(factor) = model.tear else {
                return self.run_fast(cloth, spheres, count);
            };
            while count > 0 {
                self.run_bands(cloth, spheres, 1, 1);
                count -= 1;
                if general::tear::tear(cloth, model, factor, hold.torn) > 0 {
                    break;
                }
            }
        }
        // The held point stays where it is put, as a pinned point does.
        let pins = match held {
            Some((k, _)) => {
                let mut pins = hold.pins.clone();
                pins.insert(k);
                Cow::Owned(pins)
            }
            None => Cow::Borrowed(&*hold.pins),
        };
        let mut hands = general::Hands {
            pins: &pins,
            held,
            torn: hold.torn,
        };
        if model.solver.is_dynamic() {
            for _ in 0..count {
                solver::step(
                    cloth,
                    spheres,
                    previous,
                    model,
                    &mut hands,
                    &mut self.solver,
                );
            }
            return;
        }
        let mut steps = |set: InstructionSet, k: u64, work: &mut general::Workspace| {
            for _ in 0..k {
                general::step(cloth, spheres, previous, model, &mut hands, set, work);
            }
        };
        #[cfg(feature = "parallel")]
        if !self.set_forced {
            let chunk = trial_steps(n);
            while count > 0 {
                let (set, k) = self.general_sets.next(count, chunk);
                let t0 = Instant::now();
                steps(set, k, &mut self.general);
                self.general_sets.record(set, k, t0.elapsed(), chunk);
                count -= k;
            }
        }
        steps(self.instruction_set, count, &mut self.general);
    }

    /// `count` steps of the fast pass, on the fastest instruction set and
    /// as many threads as pay.
    fn run_fast(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, count: u64) {
        #[cfg(feature = "parallel")]
        let count = count - self.choose_set(cloth, spheres, count);
        #[cfg(feature = "parallel")]
        match self.threads {
            Some(k) => self.run_bands(cloth, spheres, count, k.min(cloth.n())),
            None => self.run_auto(cloth, spheres, count),
        }
        #[cfg(not(feature = "parallel"))]
        self.run_bands(cloth, spheres, count, 1);
    }

    /// `count` steps of the fast pass in `bands` bands.
    fn run_bands(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, count: u64, bands: usize) {
        fast::run(
            cloth,
            spheres,
            count,
            self.instruction_set,
            &mut self.fast,
            bands,
        );
    }

    /// When the instruction set is left to the runs and a trial is due:
    /// time each vector set this CPU has (the baseline only where it is
    /// the one set) on a few of the run's steps, twice round, on one
    /// thread, and keep the fastest for the rest of the run and the next
    /// [`RUNS_BETWEEN_TRIALS`] runs. Every set gives the same bits, so the
    /// steps timed are steps of the run. Returns the steps it ran: none
    /// when the set was asked for, only one set is worth timing, no trial
    /// is due, or `count` is too short to spend most of it on the winner.
    #[cfg(feature = "parallel")]
    fn choose_set(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, count: u64) -> u64 {
        if self.set_forced {
            return 0;
        }
        self.time_sets(&vector_sets(), cloth, spheres, count)
    }

    /// [`Runner::choose_set`]'s trial among `sets`, when due.
    #[cfg(feature = "parallel")]
    fn time_sets(
        &mut self,
        sets: &[InstructionSet],
        cloth: &mut Cloth,
        spheres: &mut Spheres,
        count: u64,
    ) -> u64 {
        if sets.len() < 2 {
            return 0;
        }
        let n = cloth.n();
        let trial = trial_steps(n);
        let timed = 2 * trial * sets.len() as u64;
        let due = !self.auto_set.timed || self.auto_set.runs_left == 0;
        if !due || count < 4 * timed {
            self.auto_set.runs_left = self.auto_set.runs_left.saturating_sub(1);
            return 0;
        }
        let mut best = vec![Duration::MAX; sets.len()];
        for _ in 0..2 {
            for (k, &set) in sets.iter().enumerate() {
                self.instruction_set = set;
                let t0 = Instant::now();
                self.run_bands(cloth, spheres, trial, 1);
                best[k] = best[k].min(t0.elapsed());
            }
        }
        let fastest = (0..sets.len()).min_by_key(|&k| best[k]).unwrap_or(0);
        self.instruction_set = sets[fastest];
        self.auto_set = AutoSet {
            timed: true,
            runs_left: RUNS_BETWEEN_TRIALS,
        };
        timed
    }

    /// [`Runner::run_bands`] with the thread count left to the runs.
    #[cfg(feature = "parallel")]
    fn run_auto(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, mut count: u64) {
        let n = cloth.n();
        if count.saturating_mul((n * n) as u64) < THREADED_RUN_MIN_WORK {
            return self.run_bands(cloth, spheres, count, 1);
        }
        let most = std::thread::available_parallelism()
            .map_or(1, |c| c.get())
            .min(n / MIN_BAND_ROWS)
            .max(1);
        if most == 1 {
            return self.run_bands(cloth, spheres, count, 1);
        }
        // A trial each way, out of a run long enough to spend most of its
        // steps on the winner.
        let trial = trial_steps(n);
        if (self.auto.choice == 0 || self.auto.runs_left == 0) && count >= 4 * trial {
            let mut time = |bands: usize| {
                let t0 = Instant::now();
                self.run_bands(cloth, spheres, trial, bands);
                t0.elapsed()
            };
            let (one, several): (Duration, Duration) = (time(1), time(most));
            self.auto.choice = if several < one { most } else { 1 };
            self.auto.runs_left = RUNS_BETWEEN_TRIALS;
            count -= 2 * trial;
        } else {
            self.auto.runs_left = self.auto.runs_left.saturating_sub(1);
        }
        let bands = self.auto.choice.max(1);
        self.run_bands(cloth, spheres, count, bands);
    }
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;

    /// A trial between two sets runs steps of the run itself: the cloth
    /// after it and the rest of the run is the one-set run's, bit for bit,
    /// whichever set won; the next runs skip the trial until it is due.
    #[test]
    fn a_trial_of_sets_keeps_the_bits_and_the_winner() {
        let sets = [InstructionSet::best(), InstructionSet::Baseline];
        let (mut cloth, mut spheres) = (Cloth::flat(32), Spheres::default());
        let mut runner = Runner::default();
        let timed = runner.time_sets(&sets, &mut cloth, &mut spheres, 400);
        assert_eq!(timed, 2 * 16 * 2, "two rounds of 16 steps on each set");
        assert!(sets.contains(&runner.instruction_set));
        runner.run_bands(&mut cloth, &mut spheres, 400 - timed, 1);
        assert_eq!(runner.time_sets(&sets, &mut cloth, &mut spheres, 400), 0);
        assert_eq!(runner.auto_set.runs_left, RUNS_BETWEEN_TRIALS - 1);

        let (mut want, mut want_spheres) = (Cloth::flat(32), Spheres::default());
        let mut one = Runner::default();
        one.force_instruction_set(InstructionSet::Baseline);
        one.run_bands(&mut want, &mut want_spheres, 400, 1);
        assert_eq!((cloth, spheres.a()), (want, want_spheres.a()));
    }

    /// The general pass's trial, run a few steps a call as the window
    /// does, then a long run: the bits of a runner held to the baseline.
    #[test]
    fn the_general_pass_trial_keeps_the_bits() {
        let model = Model::ORIGINAL;
        let run = |runner: &mut Runner, calls: &[u64]| {
            let (mut cloth, mut spheres, mut previous) =
                (Cloth::flat(32), Spheres::default(), None);
            let (mut pins, mut torn) = (PinSet::from_pins(model.pins, 32), Torn::new(32));
            for &count in calls {
                let hold = Hold {
                    pins: &mut pins,
                    held: None,
                    torn: &mut torn,
                };
                runner.run(
                    &mut cloth,
                    &mut spheres,
                    &mut previous,
                    &model,
                    hold,
                    count,
                    true,
                );
            }
            (cloth, spheres.a())
        };
        let calls: Vec<u64> = [1, 2, 1, 3].repeat(20).into_iter().chain([400]).collect();
        let mut timed = Runner::default();
        let got = run(&mut timed, &calls);
        let mut one = Runner::default();
        one.force_instruction_set(InstructionSet::Baseline);
        assert_eq!(got, run(&mut one, &calls));
        assert_eq!(got.1, 540);
        if vector_sets().len() >= 2 {
            assert!(
                timed.general_sets.chosen().is_some(),
                "540 steps finish a trial"
            );
        }
    }

    /// A run too short to spend most of its steps on the winner times
    /// nothing; nor does a runner whose set was asked for.
    #[test]
    fn short_runs_and_forced_sets_time_nothing() {
        let sets = [InstructionSet::best(), InstructionSet::Baseline];
        let (mut cloth, mut spheres) = (Cloth::flat(32), Spheres::default());
        let mut runner = Runner::default();
        assert_eq!(runner.time_sets(&sets, &mut cloth, &mut spheres, 255), 0);
        runner.force_instruction_set(InstructionSet::Baseline);
        assert_eq!(runner.choose_set(&mut cloth, &mut spheres, 1_000_000), 0);
        assert_eq!(runner.instruction_set, InstructionSet::Baseline);
        assert_eq!(spheres.a(), 0);
    }
}
