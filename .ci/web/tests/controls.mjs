// The page's controls. Run once per engine by .ci/web/run (see
// .ci/web/harness.mjs).
//
// The controls are read from the one table, CONTROLS (src/app/controls/),
// as the page's module gives it (controlsTable), so a row the page lacks
// fails here: each is found by its label (a button by its name), and each
// with a key does what its key does, on two pages kept in step, one driven
// by keys and one by the controls.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  ENGINE, WAIT, chromiumOnly, close, compareClasses, figures, nativeRender, open, outDir,
  settle,
} from '../harness.mjs';

/// The rows of CONTROLS (src/app/controls/), as the page's own module
/// gives them (controlsTable): { id, section, label, widget, key, flag,
/// hint }, read once from a page and kept.
let table;
async function tableOfControls() {
  if (!table) {
    const page = await open('?steps=0');
    table = await page.evaluate(async () => (await import('./cloth_demo.js')).controlsTable());
    await close(page);
    assert.ok(table.length > 20, `the table has ${table.length} rows`);
  }
  return table;
}

/// The control for `c` on `page` (the harness's page, or playwright's):
/// by its label, a button by its name.
const find = (page, c) => (c.widget === 'Button'
  ? page.getByRole('button', { name: c.label, exact: true })
  : page.getByLabel(c.label, { exact: true }));

/// The first key of a row's key text ("1, 5 and 0" -> "1", ". or Right"
/// -> ".", "N" -> "n"), as the keyboard presses it.
function firstKey(key) {
  const k = key.split(/, | or | and /)[0];
  return /^[A-Z]$/.test(k) ? k.toLowerCase() : k;
}

/// What the page shows and holds now: the caption, the clock, the view,
/// the state file, the address's query and every control's state.
function signature(page) {
  return page.evaluate(() => ({
    caption: document.getElementById('caption').textContent,
    steps: clothDemo.steps(),
    paused: clothDemo.paused(),
    running: clothDemo.running(),
    distance: clothDemo.distance(),
    camera: Array.from(clothDemo.camera()),
    csv: clothDemo.stateCsv(),
    search: location.search,
    // The controls shown (another solver's settings are hidden, and a
    // hidden slider keeps whatever position it last had).
    form: Array.from(document.querySelectorAll(':is(#controls, #bar) :is(input, select, button):not(#fullscreen)'))
      .filter((e) => e.closest('[hidden]') === null)
      .map((e) => [e.id, e.disabled, e.type === 'checkbox' ? e.checked : e.value,
        e.nextElementSibling?.tagName === 'OUTPUT' ? e.nextElementSibling.textContent : null]),
  }));
}

/// The signature once two reads a frame apart agree (a held clock runs a
/// new scene's steps in its first frame).
async function steady(page, settle) {
  let last = await signature(page);
  for (let k = 0; k < 30; k++) {
    await settle(page);
    const now = await signature(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/// Change control `c` on `page` as a person would: tick or untick a
/// checkbox, pick the next choice of a select, move a slider to position
/// `to` (default: three quarters along), press a button.
async function use(page, c, to) {
  const control = find(page, c);
  switch (c.widget) {
    case 'Check': await control.click(); break;
    case 'Select': {
      // The next of its choices (not the hidden last option a select
      // that is off shows).
      const [k, n] = await control.evaluate((s) => [s.selectedIndex,
        Array.from(s.options).filter((o) => !o.disabled).length]);
      await control.selectOption({ index: (k + 1) % n });
      break;
    }
    case 'Slider': {
      const max = Number(await control.getAttribute('max'));
      await control.fill(String(to ?? Math.round(0.75 * max)));
      break;
    }
    default: await control.click();
  }
}

test('every control of the table is on the page, found by its label, of its kind, its hint and key its title', { timeout: 60_000 }, async () => {
  const rows = await tableOfControls();
  const page = await open('?steps=250', { width: 1280, height: 800 });
  const kinds = { Check: 'checkbox', Slider: 'range', Select: 'select-one', Button: 'button' };
  for (const c of rows) {
    const control = find(page, c);
    assert.equal(await control.count(), 1, `${c.label}: one control by that label`);
    const [type, title, output] = await control.evaluate((e) => [e.type, e.title,
      document.querySelector(`output[for="${e.id}"]`)?.textContent]);
    assert.equal(type, kinds[c.widget], `${c.label}: a ${c.widget}`);
    assert.ok(title.startsWith(c.hint.slice(0, 40)), `${c.label}: the hint as title: ${title}`);
    if (c.key) assert.ok(title.endsWith(`Key: ${c.key}.`), `${c.label}: the key in the title: ${title}`);
    if (c.widget === 'Slider') assert.ok(output, `${c.label}: an output showing the value`);
  }
  // The controls used most sit in the bar at the picture (#bar), with
  // the page's own Fullscreen button, which is no row of the table.
  const count = await page.locator(':is(#controls, #bar) :is(input, select, button):not(#fullscreen)').count();
  assert.equal(count, rows.length, 'no control the table lacks');
  // The values shown are the demo's: the original model at step 250.
  assert.equal(await page.getByLabel('Diagonal springs', { exact: true }).isChecked(), true);
  assert.equal(await page.getByLabel('Bending springs', { exact: true }).isChecked(), false);
  assert.equal(await page.locator('output[for="control-passes-a-step"]').textContent(), '15');
  assert.equal(await page.getByLabel('Scene', { exact: true }).inputValue(), 'original');
  assert.equal(await page.getByLabel('Damping', { exact: true }).isDisabled(), true, 'Damping is off without inertia');
  assert.equal(await page.getByRole('button', { name: 'One step', exact: true }).isDisabled(), true, 'One step only while paused');
  assert.match(await page.locator('#readout').textContent(), /^step 250 · /);
  figures.controls = rows.length;
  await close(page);
});

test('the controls beside the picture at desktop width (the README\'s screenshot)', { timeout: 60_000 }, async (t) => {
  const box = (page, selector) => page.locator(selector).boundingBox();
  // Running, as a person sees it (the readout's figures true), for
  // about 250 steps.
  const desktop = await open('?bend=1', { width: 1280, height: 800 });
  const [canvas, controls] = [await box(desktop, '#cloth'), await box(desktop, '#controls')];
  figures.layout = { desktop: { canvas, controls } };
  await desktop.waitForFunction(() => clothDemo.steps() >= 250, null, { timeout: 30_000 });
  await desktop.screenshot({ path: path.join(outDir, 'page_desktop.png') });
  assert.ok(controls.x >= canvas.x + canvas.width && controls.y < canvas.y + canvas.height,
    `beside: canvas ${JSON.stringify(canvas)}, controls ${JSON.stringify(controls)}`);
  assert.ok(controls.x + controls.width <= 1280, 'the controls within the window\'s width');
  // Their height is the engine's form controls' (its sliders, selects
  // and checkboxes): the README's screenshot, Chromium's, has them all
  // in the window; another engine's taller widgets may run past it.
  const below = controls.y + controls.height - 800;
  if (ENGINE === 'chromium') assert.ok(below <= 0, `the controls run ${below.toFixed(1)} px below the window`);
  else if (below > 0) t.diagnostic(`${ENGINE}: the controls run ${below.toFixed(1)} px below the 800-px window (${controls.height.toFixed(1)} px tall: this engine's form controls are taller than Chromium's)`);
  await close(desktop);
});

test('the controls under the picture on a phone (the README\'s screenshot)', { timeout: 60_000, skip: chromiumOnly('emulation') }, async () => {
  const box = (page, selector) => page.locator(selector).boundingBox();
  const phone = await open('?bend=1', { width: 390, height: 844, touch: true, mobile: true });
  const [c2, k2] = [await box(phone, '#cloth'), await box(phone, '#controls')];
  assert.ok(k2.y >= c2.y + c2.height && k2.x >= 0 && k2.x + k2.width <= 390,
    `under: canvas ${JSON.stringify(c2)}, controls ${JSON.stringify(k2)}`);
  await phone.evaluate(() => document.querySelector('figure').scrollIntoView());
  await phone.waitForFunction(() => clothDemo.steps() >= 250, null, { timeout: 30_000 });
  await phone.screenshot({ path: path.join(outDir, 'page_phone.png') });
  figures.layout_phone = { canvas: c2, controls: k2 };
  await close(phone);
});

test('each control with a key does what its key does (two pages in step, keys on one, controls on the other)', { timeout: 120_000 }, async () => {
  const rows = await tableOfControls();
  const keys = await open('?steps=250', { width: 1280, height: 800 });
  const controls = await open('?steps=250', { width: 1280, height: 800 });
  const byId = Object.fromEntries(rows.map((c) => [c.id, c]));
  // The table's keyed controls in its order (Speed apart: a held clock
  // has no speed, the next test), each step changing something; the
  // slider's other keys too, and Nearer again before Reset view.
  const plan = [];
  for (const c of rows.filter((r) => r.key && r.id !== 'Speed')) {
    if (c.id === 'Solver') {
      // Round every solver and back to the article's, whose what-ifs
      // (keyed below) show only under it.
      plan.push([c, 'v'], [c, 'v'], [c, 'v'], [c, 'v']);
    } else if (c.id === 'Passes') {
      plan.push([c, '1', 0], [c, '5', 4], [c, '0', 14]);
    } else if (c.id === 'Home') {
      plan.push([byId.ZoomIn, '+'], [c, 'Home']);
    } else {
      plan.push([c, firstKey(c.key)]);
    }
  }
  let before = await steady(keys, settle);
  assert.deepEqual(await steady(controls, settle), before);
  const done = [];
  for (const [c, key, to] of plan) {
    await keys.keyboard.press(key);
    await use(controls, c, to);
    const [a, b] = [await steady(keys, settle), await steady(controls, settle)];
    assert.deepEqual(b, a, `${c.label} and its key ${key} differ`);
    assert.notDeepEqual(a, before, `${c.label} (${key}) changed nothing`);
    before = a;
    done.push(c.label);
  }
  const keyed = rows.filter((r) => r.key && r.id !== 'Speed').map((r) => r.label);
  assert.deepEqual([...new Set(done)].sort(), [...keyed].sort(), 'every keyed control tried');
  figures.controls_like_keys = done.length;
  await close(keys);
  await close(controls);

  // The speed, on running pages: ] and [ as the select.
  const k2 = await open('', { width: 1280, height: 800 });
  const c2 = await open('', { width: 1280, height: 800 });
  const speed = byId.Speed;
  for (const [key, value] of [[']', '120'], [']', '240'], ['[', '120']]) {
    await k2.keyboard.press(key);
    await find(c2, speed).selectOption(value);
    const caption = (p) => p.locator('#caption').textContent();
    assert.equal(await caption(c2), await caption(k2), `Steps a second ${value} and ${key}`);
    assert.match(await caption(c2), new RegExp(`^${value} steps/s\\. `));
    assert.equal(await find(k2, speed).inputValue(), value, 'the key moves the select');
  }
  await close(k2);
  await close(c2);
});

test('keys on a focused control are the control\'s; Tab moves the focus; other keys still reach the demo', { timeout: 60_000 }, async (t) => {
  const page = await open('?steps=250', { width: 1280, height: 800 });
  const caption = () => page.locator('#caption').textContent();
  const bend = page.getByLabel('Bending springs', { exact: true });
  await bend.click();
  assert.match(await caption(), /^Bending springs\. /);
  // Space on the checkbox unticks it, once, and does not pause.
  await page.keyboard.press('Space');
  assert.equal(await page.evaluate(() => clothDemo.paused()), false, 'Space on a checkbox does not pause');
  if (ENGINE === 'firefox') {
    // Firefox leaves a checkbox as it is under BiDi's Space (a bare
    // page's checkbox too): still ticked; unticked by a click instead.
    assert.equal(await bend.isChecked(), true);
    t.diagnostic('firefox: BiDi\'s Space does not toggle a focused checkbox (a bare page\'s neither); the page kept the key from the demo (no pause), and a click unticks it');
    await bend.click();
  }
  assert.equal(await bend.isChecked(), false);
  assert.doesNotMatch(await caption(), /ending springs/);
  // B, on the same checkbox, is the demo's: bend on, the box follows.
  await page.keyboard.press('b');
  assert.equal(await bend.isChecked(), true, 'B ticks the box');
  // Tab: the next control, nothing else changed, the key not stopped.
  const was = await caption();
  await page.evaluate(() => window.addEventListener('keydown', (e) => { window.tabPrevented = e.defaultPrevented; }));
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'control-move-in-place');
  assert.equal(await page.evaluate(() => window.tabPrevented), false, 'Tab is not swallowed');
  assert.equal(await caption(), was);
  // Paused: Right on a slider moves the slider, not a step.
  await page.getByLabel('Pause', { exact: true }).click();
  const passes = page.getByLabel('Passes a step', { exact: true });
  await passes.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => clothDemo.steps()), 250, 'Right on the slider runs no step');
  assert.equal(await page.locator('output[for="control-passes-a-step"]').textContent(), '16');
  assert.match(await caption(), /16 passes/);
  // Typing in the scene select picks a scene (c: curtain), no compare.
  await page.getByLabel('Scene', { exact: true }).focus();
  await page.keyboard.press('c');
  await page.waitForFunction(() => /^Paused, step \d+, curtain, /.test(document.getElementById('caption').textContent), null, { timeout: WAIT });
  assert.equal(await page.getByLabel('Compare with the original', { exact: true }).isChecked(), false);
  assert.ok(!new URLSearchParams(await page.evaluate(() => location.search)).has('compare'));
  await close(page);
});

test('the address follows the settings, keeps ?steps, and reloading it gives the same state', { timeout: 90_000 }, async () => {
  const rows = await tableOfControls();
  const page = await open('?steps=250', { width: 1280, height: 800 });
  const search = () => page.evaluate(() => location.search);
  const reload = async () => {
    await page.reload();
    await page.waitForFunction(() => window.clothDemo?.firstFrameMs() !== undefined, null, { timeout: WAIT });
  };
  await page.getByLabel('Bending springs', { exact: true }).click();
  assert.equal(await search(), '?steps=250&bend=1');
  await reload();
  assert.equal(await page.getByLabel('Bending springs', { exact: true }).isChecked(), true);
  assert.match(await page.locator('#caption').textContent(), /^Bending springs\. /);
  // Every control with a flag and no key, in the table's order (a
  // control that is off is turned on by the checkbox above it first):
  // the query changes with it (its flag, or the flag that implies it:
  // ?thickness for self-collision).
  const flagged = rows.filter((c) => c.flag && !c.key);
  const byId = Object.fromEntries(rows.map((c) => [c.id, c]));
  for (const c of flagged) {
    const control = find(page, c);
    // A solver's settings show only under it (the article's what-ifs
    // under the article's): the next solver until it shows.
    for (let k = 0; k < 4 && !(await control.isVisible()); k++) await use(page, byId.Solver);
    assert.ok(await control.isVisible(), `${c.label} shows under some solver`);
    if (await control.isDisabled()) {
      const k = rows.indexOf(c);
      const above = rows.slice(0, k).reverse().find((r) => r.widget === 'Check');
      await use(page, above);
      assert.equal(await control.isDisabled(), false, `${above.label} turns ${c.label} on`);
    }
    const [was, wasSearch] = [await page.locator('#caption').textContent(), await search()];
    // A small grid (position 8 of its steps of 1 from 8: 16 x 16), so
    // that the reload below runs its 250 steps quickly.
    await use(page, c, c.id === 'Grid' ? 8 : undefined);
    const params = new URLSearchParams(await search());
    assert.notEqual(await search(), wasSearch, `${c.label} changed the query`);
    assert.ok(params.has(c.flag) || (c.id === 'SelfCollision' && params.has('thickness')), `${c.label}: ?${c.flag} in ${await search()}`);
    assert.equal(params.get('steps'), '250', 'the page\'s own ?steps kept');
    assert.notEqual(await page.locator('#caption').textContent(), was, `${c.label} changed the caption`);
  }
  const pick = (s) => ({ caption: s.caption, search: s.search, form: s.form });
  const set = pick(await steady(page, settle));
  await reload();
  assert.deepEqual(pick(await steady(page, settle)), set, 'the reloaded address gives the same settings');
  figures.address = set.search;
  await close(page);
});

test('Save picture and Save state download the picture and the state, under new names', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250', { width: 1280, height: 800 });
  const save = async (label) => {
    const { name, bytes } = await page.download(() => page.getByRole('button', { name: label, exact: true }).click());
    return [name, bytes];
  };
  // The buffer at the click (a browser's download bar, MiniBrowser's,
  // may shorten the window after it).
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  const [pngName, png] = await save('Save picture');
  assert.equal(pngName, 'cloth-demo-1.png');
  fs.writeFileSync(path.join(outDir, 'web_saved_picture.png'), png);
  const native = nativeRender(250, buffer, [0, 0], 'web_saved_picture_native.png');
  const r = await compareClasses(page, png, native);
  assert.deepEqual(r.size, buffer, 'the saved picture is the drawing buffer');
  assert.ok(r.agree >= 0.98, `the saved picture agrees with render on ${(100 * r.agree).toFixed(2)}%`);
  const [csvName, csv] = await save('Save state');
  assert.equal(csvName, 'cloth-demo-1.csv', 'states count apart from pictures');
  // A note of the step and the model (the original's: none), then the
  // state file as simulate --csv writes it.
  const [steps, stateCsv] = await page.evaluate(() => [clothDemo.steps(), clothDemo.stateCsv()]);
  assert.equal(steps, 250);
  assert.equal(csv.toString('utf8'), `# cloth-demo step=250 model=\n${stateCsv}`);
  figures.saved_picture_agree = r.agree;
  await close(page);
});

test('a phone (390 x 844, touch): the canvas fits, every control is on screen and answers a tap', { timeout: 120_000, skip: chromiumOnly('emulation') }, async () => {
  const rows = await tableOfControls();
  // Taps are playwright's (its locators' tap(), through the DevTools
  // protocol): this test drives playwright's page itself.
  const phone = { width: 390, height: 844, scale: 3, touch: true, mobile: true };
  const page = await open('?steps=250', phone);
  const width = await page.evaluate(() => [innerWidth, document.documentElement.scrollWidth]);
  assert.deepEqual(width, [390, 390], 'nothing wider than the screen');
  const canvas = await page.locator('#cloth').boundingBox();
  assert.ok(canvas.x >= 0 && canvas.x + canvas.width <= 390, `the canvas fits: ${JSON.stringify(canvas)}`);
  const reached = [];
  let shown = 0;
  for (const c of rows) {
    const control = find(page.chromium, c);
    // Another solver's settings are hidden under the article's.
    if (!(await control.isVisible())) continue;
    shown += 1;
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${c.label} within the screen: ${JSON.stringify(box)}`);
    if (await control.isDisabled()) continue;
    const before = await control.evaluate((e) => (e.type === 'checkbox' ? e.checked : e.value));
    const steps = await page.evaluate(() => clothDemo.steps());
    await control.tap({ position: c.widget === 'Slider' ? { x: box.width * 0.8, y: box.height / 2 } : undefined });
    const [after, focused] = await control.evaluate((e) => [e.type === 'checkbox' ? e.checked : e.value, document.activeElement === e]);
    if (c.widget === 'Check') assert.notEqual(after, before, `a tap ticks ${c.label}`);
    else if (c.widget === 'Slider') assert.notEqual(after, before, `a tap moves ${c.label}`);
    else if (c.id === 'Step') assert.equal(await page.evaluate(() => clothDemo.steps()), steps + 1, 'a tap on One step steps');
    else assert.ok(focused, `a tap reaches ${c.label}`);
    reached.push(c.label);
  }
  figures.phone_tapped = reached.length;
  assert.ok(reached.length >= shown - 1, `tapped ${reached.length} of the ${shown} shown`);
  assert.ok(shown >= rows.length - 15, `${shown} of ${rows.length} shown`);
  await close(page);

  // A tap on a what-if changes the physics: paused, bending springs,
  // ten taps on One step, against the untouched run's step 260.
  const tapped = await open('?steps=250', phone);
  for (const label of ['Pause', 'Bending springs']) {
    await tapped.chromium.getByLabel(label, { exact: true }).tap();
  }
  const step = tapped.chromium.getByRole('button', { name: 'One step', exact: true });
  for (let k = 0; k < 10; k++) await step.tap();
  const got = await tapped.evaluate(() => [clothDemo.steps(), clothDemo.stateCsv()]);
  const untouched = await open('?steps=260', phone);
  const want = await untouched.evaluate(() => [clothDemo.steps(), clothDemo.stateCsv()]);
  assert.equal(got[0], 260);
  assert.equal(want[0], 260);
  assert.notEqual(got[1], want[1], 'bending springs changed the cloth');
  await close(tapped);
  await close(untouched);
});
