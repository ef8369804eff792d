// The bits in the browser: the page's wasm builds (SIMD128 and scalar)
// give the golden files' coordinates to the last bit, every scene's state
// file is the binary's, and every wave call is the native one. Run once
// per engine by .ci/web/run (see .ci/web/harness.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bin, close, figures, open, repo } from '../harness.mjs';

test('bit-exact in wasm: ?steps=3000 is cloth_step_03000.csv to the bit', { timeout: 60_000 }, async () => {
  const page = await open('?steps=3000');
  const got = await page.evaluate(() => ({ steps: clothDemo.steps(), csv: clothDemo.stateCsv() }));
  assert.equal(got.steps, 3000);
  const want = fs.readFileSync(path.join(repo, 'tests/data/cloth_step_03000.csv'), 'utf8');
  // Coordinate by coordinate, as bits, then the text whole.
  const rows = (text) => text.trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
  const [g, w] = [rows(got.csv), rows(want)];
  assert.equal(g.length, 1024);
  const bits = (x) => new BigUint64Array(new Float64Array([x]).buffer)[0];
  const wrong = [];
  g.forEach((row, n) => row.forEach((v, c) => { if (bits(v) !== bits(w[n][c])) wrong.push(`row ${n} column ${c}: ${v} != ${w[n][c]}`); }));
  assert.deepEqual(wrong, []);
  assert.equal(got.csv, want);
  await close(page);
});

test('the SIMD128 build runs here; the scalar one (?simd=0) gives the same bits', { timeout: 60_000 }, async () => {
  const want = fs.readFileSync(path.join(repo, 'tests/data/cloth_step_03000.csv'), 'utf8');
  for (const [query, simd] of [['?steps=3000', true], ['?simd=0&steps=3000', false]]) {
    const page = await open(query);
    const got = await page.evaluate(() => ({ simd: window.clothDemoSimd, csv: clothDemo.stateCsv() }));
    assert.equal(got.simd, simd, query);
    assert.equal(got.csv, want, query);
    await close(page);
  }
});

test('the state text is simulate --csv\'s for every scene, the previous positions included', { timeout: 90_000 }, async () => {
  for (const scene of ['original', 'curtain', 'flag', 'drape']) {
    const page = await open(`?scene=${scene}&steps=400`);
    const got = await page.evaluate(() => clothDemo.stateCsv());
    const want = execFileSync(bin, ['simulate', '--scene', scene, '--steps', '400', '--csv', '-'], { encoding: 'utf8' });
    assert.ok(scene === 'original' || want.split('\n')[0].includes('px'), `${scene}: ${want.split('\n')[0]}`);
    assert.equal(got, want, scene);
    await close(page);
  }
});

test('bit-exact in wasm: every wave call of waves.csv, the hard steps included', { timeout: 60_000 }, async () => {
  const page = await open('?steps=0');
  const lines = fs.readFileSync(path.join(repo, 'tests/data/waves.csv'), 'utf8').trim().split('\n');
  assert.equal(lines[0], 'step,k,x,y');
  const rows = lines.slice(1).map((l) => l.split(','));
  const steps = rows.map((r) => Number(r[0]));
  const spheres = rows.map((r) => Number(r[1]));
  const got = await page.evaluate(async ([steps, spheres]) => {
    const m = await import('./cloth_demo.js');
    return Array.from(m.waveValues(Uint32Array.from(steps), Uint32Array.from(spheres)));
  }, [steps, spheres]);
  assert.equal(got.length, 2 * rows.length);
  const bits = (x) => new BigUint64Array(new Float64Array([x]).buffer)[0];
  const wrong = rows.filter((r, n) => bits(got[2 * n]) !== bits(Number(r[2])) || bits(got[2 * n + 1]) !== bits(Number(r[3])));
  const hard = steps.filter((s) => s > 2000).length;
  assert.ok(hard > 0, 'waves.csv has hard steps past 2000');
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} of ${rows.length} wave calls differ`);
  figures.waves = { rows: rows.length, hard_rows: hard };
  await close(page);
});

test('every solver in wasm: ?solver=NAME&steps=300 is tests/data/solver_NAME_00300.csv to the bit (mass_spring with an underscore)', { timeout: 90_000 }, async () => {
  for (const solver of ['mass-spring', 'relaxation', 'xpbd']) {
    const page = await open(`?solver=${solver}&steps=300`);
    const got = await page.evaluate(() => ({ steps: clothDemo.steps(), csv: clothDemo.stateCsv() }));
    assert.equal(got.steps, 300, solver);
    const want = fs.readFileSync(path.join(repo, `tests/data/solver_${solver.replace('-', '_')}_00300.csv`), 'utf8');
    assert.equal(got.csv, want, solver);
    await close(page);
  }
});

test('any grid in wasm: ?grid=N is simulate --grid N\'s state, under each solver', { timeout: 90_000 }, async () => {
  for (const [grid, solver] of [[48, 'article'], [20, 'xpbd'], [64, 'relaxation'], [24, 'mass-spring']]) {
    const query = `?grid=${grid}&solver=${solver}&steps=120`;
    const page = await open(query);
    const got = await page.evaluate(() => clothDemo.stateCsv());
    const want = execFileSync(bin, ['simulate', '--grid', `${grid}`, '--solver', solver, '--steps', '120', '--csv', '-'], { encoding: 'utf8' });
    assert.equal(got.trim().split('\n').length, grid * grid + 1, query);
    assert.equal(got, want, query);
    await close(page);
  }
});
