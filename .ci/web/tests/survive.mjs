// The page surviving what a visitor's browser does to it: the WebGL
// context lost and given back, a phone's touch screen with no keys, the
// key list at laptop sizes, the readout and a held clock's speed. Run
// once per engine by .ci/web/run (see .ci/web/harness.mjs); the phone's tests
// need Chromium's touch emulation and are skipped elsewhere with the
// reason. A swipe, a held finger and a pinch are pointer events
// dispatched on the canvas from the page, as a touch screen sends them.
//
// The page's words are read from src/app/web/page_text.rs, so a caption
// changed there is checked here as it is.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as harness from '../harness.mjs';

/// The string constant `name` of src/app/web/page_text.rs, as Rust reads it
/// (a backslash at a line's end joins the next line, less its indent).
function pageText(repo, name) {
  const text = fs.readFileSync(path.join(repo, 'src/app/web/page_text.rs'), 'utf8');
  const m = text.match(new RegExp(`pub const ${name}: &str =\\s*"((?:[^"\\\\]|\\\\[\\s\\S])*)";`));
  assert.ok(m, `no ${name} in src/app/web/page_text.rs`);
  return m[1].replace(/\\\n\s*/g, '').replace(/\\(.)/g, '$1');
}

/// The media query the page takes for a touch screen with no mouse.
const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

/// A phone: 390 x 844 CSS pixels at 3 device pixels each, touch only.
const PHONE = { width: 390, height: 844, scale: 3, touch: true, mobile: true };

function surviveTests({ open, close, settle, canvasShot, nearFraction, figures, outDir, repo, WAIT, chromiumOnly }) {
  const HOW_MOUSE = pageText(repo, 'HOW_MOUSE');
  const HOW_TOUCH = pageText(repo, 'HOW_TOUCH');
  const LOST = pageText(repo, 'LOST');
  const STOPPED_TOUCH = pageText(repo, 'STOPPED_TOUCH');

  const caption = (page) => page.evaluate(() => document.getElementById('caption').textContent);
  /// The box of the element `selector` names, CSS pixels of the viewport.
  const box = (page, selector) => page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
  }, selector);
  const viewport = (page) => page.evaluate(() => [innerWidth, innerHeight]);
  /// Let `ms` of the page's own time pass.
  const wait = (page, ms) => page.evaluate((ms) => new Promise((ok) => setTimeout(ok, ms)), ms);
  /// `box` lies within the viewport `[w, h]`, with half a pixel to spare.
  const within = (b, [w, h]) => b.x >= -0.5 && b.y >= -0.5 && b.right <= w + 0.5 && b.bottom <= h + 0.5;

  /// Take the page's WebGL context away (WEBGL_lose_context), or give it
  /// back (`restore`).
  const loseContext = (page, restore = false) => page.evaluate((restore) => {
    if (!window.contextLoser) {
      const c = document.getElementById('cloth');
      // The context the page made: asking again gives the same one.
      const gl = c.getContext('webgl2') ?? c.getContext('webgl');
      window.contextLoser = gl.getExtension('WEBGL_lose_context');
    }
    if (restore) window.contextLoser.restoreContext();
    else window.contextLoser.loseContext();
  }, restore);

  /// Dispatch touch pointer events on the canvas, as a touch screen sends
  /// them: `moves` is a list of `[type, id, x, y]` (type `down`, `move`
  /// or `up`; x and y in the viewport's CSS pixels), the first finger
  /// down the primary one.
  const touch = (page, moves) => page.evaluate((moves) => {
    const canvas = document.getElementById('cloth');
    window.touchDown ??= new Set();
    for (const [type, id, x, y] of moves) {
      if (type === 'down') window.touchDown.add(id);
      const primary = id === Math.min(...window.touchDown);
      canvas.dispatchEvent(new PointerEvent(`pointer${type}`, {
        pointerId: id, pointerType: 'touch', isPrimary: primary, clientX: x, clientY: y,
        button: type === 'move' ? -1 : 0, buttons: type === 'up' ? 0 : 1,
        width: 20, height: 20, pressure: type === 'up' ? 0 : 0.5, bubbles: true, cancelable: true,
      }));
      if (type === 'up') window.touchDown.delete(id);
    }
  }, moves);

  // ------------------------------------------------------------ the context lost

  test('a lost WebGL context: the caption says so, and the picture comes back as it was (WebGL2, WebGL 1, compare)', { timeout: 90_000 }, async () => {
    figures.context_lost = {};
    for (const query of ['?steps=250', '?steps=250&webgl=1', '?compare=1&no-diagonals=1&shade=1&steps=250']) {
      const page = await open(query, { width: 792 + 32, height: 1000 });
      await settle(page);
      const name = `web_lost_${query.replace(/[?&=,]+/g, '_').replace(/^_/, '')}`;
      const before = await canvasShot(page, path.join(outDir, `${name}_before.png`));
      const said = await caption(page);
      assert.ok(said.endsWith(HOW_MOUSE), `${query}: ${said}`);
      const frames = await page.evaluate(() => clothDemo.frames());
      await loseContext(page);
      await page.waitForFunction((lost) => document.getElementById('caption').textContent === lost, LOST, { timeout: WAIT });
      // Lost: still lost a moment later, nothing stepped, nothing drawn.
      await wait(page, 300);
      assert.equal(await caption(page), LOST, `${query}: the caption while lost`);
      assert.equal(await page.evaluate(() => clothDemo.steps()), 250);
      await loseContext(page, true);
      await page.waitForFunction(([said, frames]) => document.getElementById('caption').textContent === said
        && clothDemo.frames() > frames, [said, frames], { timeout: WAIT });
      await settle(page);
      const after = await canvasShot(page, path.join(outDir, `${name}_after.png`));
      const same = await nearFraction(page, before, after, 0);
      figures.context_lost[query] = { same_pixels: same };
      assert.equal(same, 1, `${query}: only ${(100 * same).toFixed(3)}% of the pixels are as before the loss`);
      if (query.includes('compare')) {
        const labels = await page.evaluate(() => ['compare-left', 'compare-right'].map((id) => {
          const e = document.getElementById(id);
          return [e.textContent, e.hidden];
        }));
        assert.deepEqual(labels, [['original', false], ['no diagonals', false]], `${query}: the labels`);
      }
      assert.deepEqual(await page.consoleMessages(), [], `${query}: the console`);
      await close(page);
    }
  });

  test('while the context is lost the steps wait; given back, they go on from there', { timeout: 60_000 }, async () => {
    const page = await open('', { width: 792 + 32, height: 1000 });
    await page.waitForFunction(() => clothDemo.steps() >= 30, null, { timeout: WAIT });
    await loseContext(page);
    await page.waitForFunction((lost) => document.getElementById('caption').textContent === lost, LOST, { timeout: WAIT });
    const lostAt = await page.evaluate(() => clothDemo.steps());
    await wait(page, 500);
    assert.equal(await page.evaluate(() => clothDemo.steps()), lostAt, 'no step while lost');
    // Keys still reach the demo; the caption stays on the loss.
    await page.keyboard.press('b');
    assert.equal(await caption(page), LOST);
    await loseContext(page, true);
    await page.waitForFunction((s) => clothDemo.steps() > s + 10, lostAt, { timeout: WAIT });
    assert.equal(await caption(page), `Bending springs. ${HOW_MOUSE}`);
    assert.equal(await page.evaluate(() => clothDemo.running()), true);
    assert.deepEqual(await page.consoleMessages(), []);
    figures.context_lost_running = { lost_at: lostAt };
    await close(page);
  });

  // ------------------------------------------------------------ the key list

  test('at 1280x800 and 1366x768 the first screen holds the caption; H opens the key list over the picture, in the page\'s words', { timeout: 60_000 }, async () => {
    figures.key_list = {};
    for (const [width, height] of [[1280, 800], [1366, 768]]) {
      // A caption of two lines at these widths.
      const page = await open('?steps=250&bend=1', { width, height });
      const size = await viewport(page);
      for (const selector of ['#cloth', '#caption', '#readout', '#keys summary']) {
        const b = await box(page, selector);
        assert.ok(within(b, size), `${width}x${height}: ${selector} off the first screen: ${JSON.stringify(b)}`);
      }
      // A mouse's words: keys and drags, no taps.
      const about = await page.evaluate(() => document.querySelector('.about').innerText);
      assert.match(about, /H lists them/);
      assert.doesNotMatch(about, /[Ss]wipe|tap/);
      assert.equal(await caption(page), `Bending springs. ${HOW_MOUSE}`);
      // WebKit's innerText ends a summary with a line break.
      assert.equal(await page.evaluate(() => document.querySelector('#keys summary').innerText.trim()), 'Keys (H)');
      await page.keyboard.press('h');
      assert.equal(await page.evaluate(() => document.getElementById('keys').open), true, 'H opens the key list');
      await settle(page);
      const list = await box(page, '#key-list');
      const canvas = await box(page, '#cloth');
      assert.ok(within(list, size), `${width}x${height}: the key list off screen: ${JSON.stringify(list)}`);
      assert.ok(Math.abs(list.x - canvas.x) < 1 && Math.abs(list.y - canvas.y) < 1 && Math.abs(list.width - canvas.width) < 1,
        `${width}x${height}: the list ${JSON.stringify(list)} lies over the picture ${JSON.stringify(canvas)}`);
      const [whole, shown] = await page.evaluate(() => {
        const e = document.getElementById('key-list');
        return [e.scrollHeight, e.clientHeight];
      });
      assert.ok(whole <= shown + 1, `${width}x${height}: the list needs scrolling: ${whole} px in ${shown}`);
      const text = await page.evaluate(() => document.getElementById('key-list').textContent);
      assert.equal(text.split('\n')[0], 'Keys:');
      for (const word of ['--', 'window', 'browser', 'quit', 'uncapped', 'print']) {
        assert.ok(!text.includes(word), `${JSON.stringify(word)} in the page's key list:\n${text}`);
      }
      for (const start of ['Space', '. or Right', 'F1 or H', 'Escape', 'drag', 'right-drag', 'wheel']) {
        assert.ok(text.split('\n').some((l) => l.trimStart().startsWith(start)), `${start} in the key list:\n${text}`);
      }
      if (width === 1280) await page.screenshot({ path: path.join(outDir, 'page_desktop_keys.png') });
      // H again closes it; a key still reaches the demo while it is open.
      await page.keyboard.press('h');
      assert.equal(await page.evaluate(() => document.getElementById('keys').open), false, 'H closes the key list');
      figures.key_list[`${width}x${height}`] = { list, canvas };
      await close(page);
    }
  });

  // ------------------------------------------------------------ a phone

  test('a phone (390x844, touch only): touch words, a tap pauses and resumes, a swipe turns, nothing off screen', { timeout: 60_000, skip: chromiumOnly('touch') }, async () => {
    const page = await open('', PHONE);
    assert.equal(await page.evaluate((q) => matchMedia(q).matches, TOUCH_QUERY), true,
      `this browser's touch emulation does not match ${TOUCH_QUERY}`);
    const size = await viewport(page);
    assert.deepEqual(size, [390, 844]);
    // Nothing wider than the screen; the picture and the lines under it on
    // the first screen.
    assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]), [390, 390]);
    const wide = await page.evaluate(() => Array.from(document.querySelectorAll('main *'))
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => [e.tagName + (e.id ? `#${e.id}` : ''), e.getBoundingClientRect()])
      .filter(([, r]) => r.left < -0.5 || r.right > innerWidth + 0.5)
      .map(([n, r]) => `${n} ${r.left}..${r.right}`));
    assert.deepEqual(wide, [], 'elements past the screen\'s sides');
    for (const selector of ['#cloth', '#caption', '#readout', '#keys summary']) {
      const b = await box(page, selector);
      assert.ok(within(b, size), `${selector} off the first screen: ${JSON.stringify(b)}`);
    }
    // Touch words: taps and swipes, no keys, no mouse.
    const about = await page.evaluate(() => document.querySelector('.about').innerText);
    assert.match(about, /Swipe/);
    assert.match(about, /tap/);
    for (const word of ['Escape', 'H lists', 'wheel', 'right-drag', 'Ctrl', 'click']) {
      assert.ok(!about.includes(word), `${word} in the blurb on a phone: ${about}`);
    }
    await page.waitForFunction(() => clothDemo.steps() >= 30, null, { timeout: WAIT });
    assert.equal(await caption(page), HOW_TOUCH);

    // A tap on the picture pauses; nothing steps; another resumes.
    const canvas = await box(page, '#cloth');
    const [cx, cy] = [canvas.x + canvas.width / 2, canvas.y + canvas.height / 2];
    await page.chromium.touchscreen.tap(cx, cy);
    await page.waitForFunction(() => clothDemo.paused(), null, { timeout: WAIT });
    const pausedAt = await page.evaluate(() => clothDemo.steps());
    assert.equal(await caption(page), `Paused, step ${pausedAt}. ${HOW_TOUCH}`);
    await wait(page, 300);
    assert.equal(await page.evaluate(() => clothDemo.steps()), pausedAt, 'no step while paused');
    assert.deepEqual(await page.evaluate(() => Array.from(clothDemo.camera())), [0, 0], 'a tap turns nothing');
    await page.chromium.touchscreen.tap(cx, cy);
    await page.waitForFunction((s) => clothDemo.running() && clothDemo.steps() > s + 5, pausedAt, { timeout: WAIT });
    assert.equal(await caption(page), HOW_TOUCH);

    // A swipe turns the view as a mouse drag does, and pauses nothing.
    const [x0, y0] = [cx + 60, cy];
    await touch(page, [['down', 31, x0, y0], ...[1, 2, 3, 4, 5, 6].map((k) => ['move', 31, x0 - 10 * k, y0 + 5 * k]), ['up', 31, x0 - 60, y0 + 30]]);
    const scale = 792 / canvas.width;
    const camera = await page.evaluate(() => Array.from(clothDemo.camera()));
    assert.ok(Math.abs(camera[0] - 60 * scale) < 1e-9 && Math.abs(camera[1] - -30 * scale) < 1e-9,
      `camera ${camera}, want ${[60 * scale, -30 * scale]}`);
    assert.equal(await page.evaluate(() => clothDemo.running()), true, 'a swipe is no tap');

    // Two fingers spread to twice their span: half the distance.
    await touch(page, [['down', 41, cx - 40, cy], ['down', 42, cx + 40, cy],
      ...[1, 2, 3, 4].map((k) => ['move', 42, cx + 40 + 20 * k, cy]), ['up', 42, cx + 120, cy], ['up', 41, cx - 40, cy]]);
    const distance = await page.evaluate(() => clothDemo.distance());
    assert.ok(Math.abs(distance - 2.5) < 1e-9, `a pinch to twice the span: distance ${distance}`);
    assert.equal(await page.evaluate(() => clothDemo.running()), true, 'a pinch is no tap');

    // Stopped (a keyboard's Escape), a tap starts it again from step 0,
    // once: the click that follows the tap restarts nothing more.
    await page.keyboard.press('Escape');
    assert.equal(await caption(page), STOPPED_TOUCH);
    await page.evaluate(() => document.addEventListener('click', () => {
      window.afterTap = [clothDemo.steps(), clothDemo.running(), clothDemo.paused()];
    }, { once: true }));
    await page.chromium.touchscreen.tap(cx, cy);
    await page.waitForFunction(() => window.afterTap !== undefined, null, { timeout: WAIT });
    assert.deepEqual(await page.evaluate(() => window.afterTap), [0, true, false], 'a tap once stopped restarts');
    assert.equal(await caption(page), HOW_TOUCH);

    // The key list: its summary says gestures, a tap opens it on screen,
    // in touch words.
    assert.equal(await page.evaluate(() => document.querySelector('#keys summary').innerText), 'Gestures');
    const summary = await box(page, '#keys summary');
    await page.chromium.touchscreen.tap(summary.x + summary.width / 2, summary.y + summary.height / 2);
    await page.waitForFunction(() => document.getElementById('keys').open, null, { timeout: WAIT });
    await settle(page);
    const list = await box(page, '#key-list');
    assert.ok(list.y >= -0.5 && list.y < size[1] && list.right <= size[0] + 0.5, `the list off screen: ${JSON.stringify(list)}`);
    const text = await page.evaluate(() => document.getElementById('key-list').textContent);
    assert.equal(text.split('\n')[0], 'Touch:');
    for (const start of ['tap', 'swipe', 'hold', 'pinch', 'controls']) {
      assert.ok(text.split('\n').some((l) => l.trimStart().startsWith(start)), `${start} in the list:\n${text}`);
    }
    for (const word of ['Escape', 'Space', 'wheel', 'click', '--']) {
      assert.ok(!text.includes(word), `${word} in the touch list:\n${text}`);
    }
    assert.deepEqual(await page.evaluate(() => {
      const pre = document.getElementById('key-list');
      return pre.scrollWidth <= pre.clientWidth;
    }), true, 'the list\'s lines fit the screen');
    await page.screenshot({ path: path.join(outDir, 'page_phone_gestures.png') });
    assert.deepEqual(await page.consoleMessages(), []);
    figures.phone_touch = { paused_at: pausedAt, camera, distance, list };
    await close(page);
  });

  test('a phone: a finger held still grabs the cloth, a second finger pins it there, and neither is a tap', { timeout: 60_000, skip: chromiumOnly('touch') }, async () => {
    const page = await open('?steps=250', PHONE);
    const canvas = await box(page, '#cloth');
    const [px, py] = await page.evaluate(() => Array.from(clothDemo.projected(16, 16)));
    const [x, y] = [canvas.x + px, canvas.y + py];
    await touch(page, [['down', 51, x, y]]);
    await page.waitForFunction(() => clothDemo.held() !== undefined, null, { timeout: WAIT });
    const held = await page.evaluate(() => Array.from(clothDemo.held()));
    await touch(page, [['move', 51, x, y - 20], ['move', 51, x, y - 40]]);
    assert.equal(await page.evaluate(() => clothDemo.pinned()), 0);
    await touch(page, [['down', 52, x + 80, y + 40]]);
    assert.equal(await page.evaluate(() => clothDemo.held() === undefined), true, 'the second finger lets go');
    assert.equal(await page.evaluate(() => clothDemo.pinned()), 1, 'and pins the point');
    await touch(page, [['up', 52, x + 80, y + 40], ['up', 51, x, y - 40]]);
    assert.deepEqual(await page.evaluate(() => [clothDemo.paused(), clothDemo.pinned()]), [false, 1]);
    assert.deepEqual(await page.consoleMessages(), []);
    figures.phone_pin = { held };
    await close(page);
  });

  // ------------------------------------------------------------ readout, speed

  test('the readout shows the window panel\'s four figures, written a few times a second', { timeout: 60_000 }, async () => {
    const figure = /^step (\d+) · (-|\d+\.\d|paused, 0|stopped, 0) steps\/s · (-|\d+\.\d) µs of physics a step · (-|\d+\.\d\d) ms a frame$/;
    const held = await open('?steps=250', { width: 1000, height: 900 });
    const readout = (page) => page.evaluate(() => document.getElementById('readout').textContent);
    assert.match(await readout(held), figure);
    assert.equal((await readout(held)).match(figure)[1], '250');
    // Paused, a step shows at once.
    await held.keyboard.press('Space');
    await held.keyboard.press('.');
    assert.equal((await readout(held)).match(figure)[1], '251');
    // Paused, it says so, and 0 steps a second, at once; stopped too.
    assert.equal((await readout(held)).match(figure)[2], 'paused, 0');
    await held.keyboard.press('Escape');
    assert.equal((await readout(held)).match(figure)[2], 'stopped, 0');
    assert.equal((await readout(held)).match(figure)[4], '-', 'stopped, no frame time');
    await close(held);

    const page = await open('', { width: 1000, height: 900 });
    await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('readout').textContent)
      && !document.getElementById('readout').textContent.includes('-'), figure.source, { timeout: WAIT });
    // Over 2 s, the step figure is rewritten a few times a second, not
    // every frame.
    const writes = await page.evaluate(() => new Promise((ok) => {
      let n = 0;
      const seen = new MutationObserver((m) => { n += m.length; });
      seen.observe(document.querySelector('#readout span'), { childList: true, characterData: true, subtree: true });
      setTimeout(() => { seen.disconnect(); ok(n); }, 2000);
    }));
    const frames = await page.evaluate(() => clothDemo.frames());
    figures.readout = { writes_in_2_s: writes, text: await readout(page), frames };
    assert.ok(writes >= 2 && writes <= 10, `${writes} writes of the step figure in 2 s`);
    await close(page);
  });

  test('under a held clock (?steps=N), Steps a second says the clock is held', { timeout: 60_000 }, async () => {
    const speed = (page) => page.evaluate(() => {
      const s = document.getElementById('control-steps-a-second');
      const option = s.options[s.selectedIndex];
      return { disabled: s.disabled, value: s.value, hidden: option.hidden, shown: s.selectedIndex, why: option.title };
    });
    const held = await open('?steps=250', { width: 1280, height: 800 });
    assert.deepEqual(await speed(held), { disabled: true, value: 'held', hidden: true, shown: 5, why: 'The clock is held at step 250, as the address asks (?steps=250); without ?steps the page runs 60 steps a second.' });
    await close(held);
    const paced = await open('', { width: 1280, height: 800 });
    assert.deepEqual(await speed(paced), { disabled: false, value: '60', hidden: false, shown: 2, why: '' });
    await paced.keyboard.press(']');
    assert.equal((await speed(paced)).value, '120');
    await close(paced);
  });
}

surviveTests(harness);
