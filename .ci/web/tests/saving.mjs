// Saving and loading a state on the page: Save picture and Save state
// count apart (the first state is cloth-demo-1.csv), the page says each
// save in #save-note, and a saved state loaded back (the #load-state
// file input, or dropped onto the picture) is the run it was saved
// from: the same step, the same state file, and the same steps after.
// Run once per engine by .ci/web/run (see .ci/web/harness.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, open } from '../harness.mjs';

/// Hand `text` to the page as the file `name`: through the `#load-state`
/// input (`how` 'pick': its files set and a change event, as the picker
/// does) or dropped onto the canvas (`how` 'drop'); then wait for
/// #save-note to say what became of it. The browser's own file dialog
/// is the one step not driven.
async function give(page, name, text, how) {
  return page.evaluate(async ([name, text, how]) => {
    const note = document.getElementById('save-note');
    note.textContent = '';
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type: 'text/csv' }));
    if (how === 'pick') {
      const input = document.getElementById('load-state');
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      const canvas = document.getElementById('cloth');
      canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
    for (let i = 0; i < 200 && !note.textContent; i++) await new Promise((ok) => setTimeout(ok, 25));
    return [note.textContent, note.classList.contains('error')];
  }, [name, text, how]);
}

/// Pause and step `n` times, then the step and the state file.
async function stepOn(page, n) {
  // Keys on a focused button are the button's: the keys to the demo.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Space');
  for (let i = 0; i < n; i++) await page.keyboard.press('.');
  return page.evaluate(() => [clothDemo.steps(), clothDemo.stateCsv()]);
}

test('a saved state loads back and is the run it was saved from', { timeout: 120_000 }, async () => {
  const saved = await open('?steps=150&scene=curtain&bend=1', { width: 1280, height: 800 });
  const { name, bytes } = await saved.download(() => saved.getByRole('button', { name: 'Save state', exact: true }).click());
  assert.equal(name, 'cloth-demo-1.csv', 'the first state is cloth-demo-1.csv');
  const text = bytes.toString('utf8');
  const [note, csv] = [text.slice(0, text.indexOf('\n')), text.slice(text.indexOf('\n') + 1)];
  assert.equal(note, '# cloth-demo step=150 model=scene=curtain;bend=1');
  assert.equal(csv, await saved.evaluate(() => clothDemo.stateCsv()));
  const [said, error] = await saved.evaluate(() => {
    const n = document.getElementById('save-note');
    return [n.textContent, n.classList.contains('error')];
  });
  assert.equal(said, 'Saved cloth-demo-1.csv to your downloads.');
  assert.equal(error, false);
  const picture = await saved.download(() => saved.getByRole('button', { name: 'Save picture', exact: true }).click());
  assert.equal(picture.name, 'cloth-demo-1.png', 'pictures count apart from states');
  const want = await stepOn(saved, 7);
  assert.equal(want[0], 157);

  for (const how of ['pick', 'drop']) {
    // Another page, another scene and model: the file brings its own.
    const loaded = await open('?steps=20&scene=flag', { width: 1280, height: 800 });
    const [line, bad] = await give(loaded, 'cloth-demo-1.csv', text, how);
    assert.equal(line, 'Loaded cloth-demo-1.csv: step 150.', how);
    assert.equal(bad, false);
    const [steps, state, caption] = await loaded.evaluate(() => [
      clothDemo.steps(), clothDemo.stateCsv(), document.getElementById('caption').textContent]);
    assert.equal(steps, 150, how);
    assert.equal(state, csv, `${how}: the state loaded is the state saved`);
    // The file's scene and model; the page's look (the flag's shading) stays.
    assert.match(caption, /^Curtain, bending springs, pinned top/, how);
    assert.deepEqual(await stepOn(loaded, 7), want, `${how}: 7 steps on, the saved run's step 157`);
    // A file that is not a state is refused in one line, and the demo
    // runs on as it was.
    const [refused, isError] = await give(loaded, 'notes.txt', 'hello\n', how);
    assert.match(refused, /^Cannot load notes\.txt: line 1: /, how);
    assert.equal(isError, true);
    assert.deepEqual(await loaded.evaluate(() => [clothDemo.steps(), clothDemo.stateCsv()]), want);
    await close(loaded);
  }
  await close(saved);
});
