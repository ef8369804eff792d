// The page's step against the native program's, scene by scene and solver by solver, in the
// engine $WEB_ENGINE: microseconds a step of the SIMD128 and the scalar
// wasm builds (the page's `benchSteps`, a fresh simulation apart from the
// demo, the median of several rounds) beside `cloth-demo simulate
// --threads 1` on the same machine at the same time (the median of as
// many runs); in Chromium also each scene running on the page, frames
// drawn, under the DevTools protocol's 4x CPU throttling (a mid-range
// phone's speed). A benchmark, not a test: it asserts only that each
// figure was taken, and prints them as a table. Run through .ci/web/run, which
// builds the page and starts the browsers:
//
//     WEB_TEST_FILES=benches/web-speed.mjs .ci/web/run
//
// (WEB_ENGINES="chromium" for one engine). The figures also go to
// target/web-test/ENGINE/figures.json.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ENGINE, bin, close, figures, open } from '../.ci/web/harness.mjs';

/// Steps a round for each scene: some tens of milliseconds at least, as
/// engines coarsen `performance.now()`. The other solvers' runs are named
/// by their flags (`benchSteps` takes them, `;` between; `simulate` the
/// same as flags).
const SCENES = {
  original: 2000, curtain: 300, flag: 300, drape: 200,
  'solver=xpbd': 300, 'solver=xpbd;grid=64': 100, 'scene=curtain;solver=xpbd;grid=64': 100,
  'solver=mass-spring': 100, 'solver=relaxation': 300,
};
/// `simulate`'s arguments for a scene or run of SCENES.
const args = (scene) => scene.includes('=')
  ? scene.split(';').flatMap((p) => { const [n, v] = p.split('='); return [`--${n}`, v]; })
  : ['--scene', scene];
/// The page's query for a scene or run of SCENES.
const query = (scene) => scene.includes('=') ? `?${scene.replaceAll(';', '&')}` : (scene === 'original' ? '' : `?scene=${scene}`);
/// Rounds (and native runs) a figure is the median of.
const ROUNDS = 5;
/// The CPU throttling rate, and how long each scene runs under it, ms.
const THROTTLE = 4;
const THROTTLED_MS = 4000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/// Microseconds a step of `scene` in `cloth-demo simulate --threads 1`,
/// the median of ROUNDS runs of `steps` steps.
function native(scene, steps) {
  const runs = [];
  for (let k = 0; k < ROUNDS; k++) {
    const r = spawnSync(bin, ['simulate', ...args(scene), '--steps', String(steps), '--threads', '1'], { encoding: 'utf8' });
    const m = /\(([0-9.]+) us\/step\)/.exec(r.stdout + r.stderr);
    assert.ok(m, `simulate --scene ${scene}: ${r.stdout}${r.stderr}`);
    runs.push(Number(m[1]));
  }
  return median(runs);
}

/// Microseconds a step of each scene in the page at `query` (the build it
/// picks), as `benchSteps` times it.
async function page(query) {
  const p = await open(query);
  const out = {};
  for (const [scene, steps] of Object.entries(SCENES)) {
    out[scene] = await p.evaluate(async ([scene, steps, rounds]) => {
      const m = await import(window.clothDemoSimd ? './cloth_demo.js' : './scalar/cloth_demo.js');
      return m.benchSteps(scene, steps, rounds);
    }, [scene, steps, ROUNDS]);
  }
  out.simd = await p.evaluate(() => window.clothDemoSimd);
  await close(p);
  return out;
}

test(`${ENGINE}: microseconds a step, the page's two builds against native`, { timeout: 600_000 }, async (t) => {
  const nativeUs = Object.fromEntries(Object.entries(SCENES).map(([s, n]) => [s, native(s, n)]));
  const simd = await page('?steps=1');
  const scalar = await page('?steps=1&simd=0');
  assert.equal(simd.simd, true, 'the SIMD128 build runs');
  assert.equal(scalar.simd, false, 'the scalar build runs');
  const rows = Object.keys(SCENES).map((s) => ({
    scene: s, native: nativeUs[s], simd128: simd[s], scalar: scalar[s],
    simd128_over_native: simd[s] / nativeUs[s], scalar_over_native: scalar[s] / nativeUs[s],
    real_time: 1e6 / 60 / simd[s],
  }));
  for (const r of rows) {
    for (const k of ['native', 'simd128', 'scalar']) assert.ok(Number.isFinite(r[k]) && r[k] > 0, `${r.scene} ${k}: ${r[k]}`);
  }
  figures.speed = rows;
  t.diagnostic(`${ENGINE}: scene, native us, SIMD128 us (x native), scalar us (x native), SIMD128 times real time`);
  for (const r of rows) {
    t.diagnostic(`${ENGINE}: ${r.scene}, ${r.native.toFixed(0)}, ${r.simd128.toFixed(0)} (${r.simd128_over_native.toFixed(2)}), ` +
      `${r.scalar.toFixed(0)} (${r.scalar_over_native.toFixed(2)}), ${r.real_time.toFixed(0)}x`);
  }
});

test(`${ENGINE}: each scene on the page under ${THROTTLE}x CPU throttling, steps and frames a second`, {
  timeout: 300_000,
  skip: ENGINE === 'chromium' ? false : 'CPU throttling is the DevTools protocol\'s (Chromium)',
}, async (t) => {
  figures.throttled = {};
  for (const scene of Object.keys(SCENES)) {
    const p = await open(query(scene));
    const cdp = await p.chromium.context().newCDPSession(p.chromium);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await new Promise((ok) => setTimeout(ok, 1000));
    const count = () => p.evaluate(() => [clothDemo.steps(), clothDemo.frames(), performance.now()]);
    const [s0, f0, t0] = await count();
    await new Promise((ok) => setTimeout(ok, THROTTLED_MS));
    const [s1, f1, t1] = await count();
    const seconds = (t1 - t0) / 1000;
    const r = { steps_per_second: (s1 - s0) / seconds, frames_per_second: (f1 - f0) / seconds };
    figures.throttled[scene] = r;
    t.diagnostic(`${ENGINE} at ${THROTTLE}x throttling: ${scene}: ${r.steps_per_second.toFixed(1)} steps/s, ${r.frames_per_second.toFixed(1)} frames/s`);
    assert.ok(s1 > s0 && f1 > f0, `${scene} ran and drew`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await close(p);
  }
});
