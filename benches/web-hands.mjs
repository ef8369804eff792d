// The hands scene on the page while a hand tears it and while the knife
// cuts it, in the engine $WEB_ENGINE: steps and frames a second on the
// running page (paced at 60 steps a second, so 60 means it keeps up), in
// Chromium also under the DevTools protocol's 4x CPU throttling (a
// mid-range phone's speed). A benchmark, not a test: it asserts only that
// the hand tore and the knife cut, and prints the figures. Run through
// .ci/web/run, which builds the page and starts the browsers:
//
//     WEB_TEST_FILES=benches/web-hands.mjs .ci/web/run
//
// (WEB_ENGINES="chromium" for one engine). The figures also go to
// target/web-test/ENGINE/figures.json.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINE, close, figures, open, pointOnPage } from '../.ci/web/harness.mjs';

/// How long each gesture lasts, ms, and its moves.
const GESTURE_MS = 3000;
const MOVES = 60;
/// CPU throttling rates to run at: 1, and in Chromium 4 too.
const RATES = ENGINE === 'chromium' ? [1, 4] : [1];

const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));

/// Steps, frames and the page's clock now.
const count = (p) => p.evaluate(() => [clothDemo.steps(), clothDemo.frames(), performance.now()]);

/// Steps and frames a second while `gesture()` runs.
async function during(p, gesture) {
  const [s0, f0, t0] = await count(p);
  await gesture();
  const [s1, f1, t1] = await count(p);
  const seconds = (t1 - t0) / 1000;
  return { steps_per_second: (s1 - s0) / seconds, frames_per_second: (f1 - f0) / seconds, seconds };
}

test(`${ENGINE}: the hands scene, a running tear and the knife, steps and frames a second`, { timeout: 300_000 }, async (t) => {
  figures.hands = {};
  for (const rate of RATES) {
    const p = await open('?scene=hands', { width: 792 + 32, height: 1000 });
    let cdp;
    if (rate !== 1) {
      cdp = await p.chromium.context().newCDPSession(p.chromium);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    }
    await wait(1000);
    // A hand: the middle point held (Ctrl + left) and drawn down and to
    // the side across the picture, tearing as it goes.
    const [x, y] = await pointOnPage(p, [32, 32]);
    await p.mouse.move(x, y);
    await p.keyboard.down('Control');
    await p.mouse.down();
    await p.keyboard.up('Control');
    const tear = await during(p, async () => {
      for (let k = 1; k <= MOVES; k++) {
        await p.mouse.move(x + 260 * k / MOVES, y + 200 * k / MOVES);
        await wait(GESTURE_MS / MOVES);
      }
    });
    await p.mouse.up();
    tear.torn = await p.evaluate(() => clothDemo.torn());
    assert.ok(tear.torn > 0, `x${rate}: the hand tore the curtain`);
    // The knife: X, then strokes back and forth across the upper cloth.
    await p.keyboard.press('r');
    await wait(500);
    await p.keyboard.press('x');
    const [lx, ly] = await pointOnPage(p, [16, 0]);
    const [rx] = await pointOnPage(p, [16, 63]);
    await p.mouse.move(lx - 30, ly);
    await p.keyboard.down('Control');
    await p.mouse.down();
    await p.keyboard.up('Control');
    const knife = await during(p, async () => {
      for (let k = 1; k <= MOVES; k++) {
        const f = (k % 20) / 20;
        const back = Math.floor(k / 20) % 2 === 1;
        await p.mouse.move(back ? rx + 30 - (rx - lx + 60) * f : lx - 30 + (rx - lx + 60) * f, ly + 120 * k / MOVES);
        await wait(GESTURE_MS / MOVES);
      }
    });
    await p.mouse.up();
    knife.torn = await p.evaluate(() => clothDemo.torn());
    assert.ok(knife.torn > 0, `x${rate}: the knife cut`);
    figures.hands[`x${rate}`] = { tear, knife };
    for (const [what, r] of [['a running tear', tear], ['the knife', knife]]) {
      t.diagnostic(`${ENGINE} at ${rate}x CPU: hands, ${what}: ${r.steps_per_second.toFixed(1)} steps/s, ` +
        `${r.frames_per_second.toFixed(1)} frames/s over ${r.seconds.toFixed(1)} s, ${r.torn} springs torn`);
    }
    if (cdp) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await close(p);
  }
});
