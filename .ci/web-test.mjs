// The page in a real browser: Debian's Chromium, headless, driven by
// playwright-core; the page (web/build's output) served from 127.0.0.1 by
// a server started and stopped here. Run by .ci/web with node's test runner:
//
//     WEB_DIR=target/web CLOTH_DEMO_BIN=target/debug/cloth-demo \
//     PLAYWRIGHT_CORE=/path/to/node_modules/playwright-core \
//         node --test .ci/web-test.mjs
//
// With .ci/web-hands.mjs (grabs and zoom), .ci/web-controls.mjs (the
// controls) and .ci/web-survive.mjs (a lost WebGL context, a phone's
// touch screen), registered below with this file's helpers.
//
// Pictures are compared with the native renderer (`cloth-demo render` on
// Mesa's EGL) by scene colour class, as tests/common's `classify_rgb`
// does; screenshots and figures go to $WEB_TEST_OUT (target/web-test).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { handsTests } from './web-hands.mjs';
import { controlsTests } from './web-controls.mjs';
import { surviveTests } from './web-survive.mjs';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDir = path.resolve(repo, process.env.WEB_DIR ?? 'target/web');
const bin = path.resolve(repo, process.env.CLOTH_DEMO_BIN ?? 'target/debug/cloth-demo');
const outDir = path.resolve(repo, process.env.WEB_TEST_OUT ?? 'target/web-test');
const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE ?? 'playwright-core');

/// Every bounded wait, ms.
const WAIT = 15_000;
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];
const INNER = [792, 573];
const RUNNING = 'Drag to turn the view; H lists the keys. Escape stops the program; a click then starts it again.';
const STOPPED = 'Stopped, as Escape stopped the original. Click the picture to start again from the beginning.';

let server;
let base;
const browsers = [];
/// Console errors and warnings, and uncaught page errors, of every page
/// but those that expect one.
const complaints = [];
const figures = {};

// ---------------------------------------------------------------- set-up

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.gz': 'application/gzip',
};

before(async () => {
  assert.ok(fs.existsSync(path.join(webDir, 'index.html')), `no page in ${webDir}: run web/build`);
  assert.ok(fs.existsSync(bin), `no ${bin}: build the cloth-demo binary`);
  fs.mkdirSync(outDir, { recursive: true });
  server = http.createServer((req, res) => {
    let name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (name.endsWith('/')) name += 'index.html';
    const file = path.join(webDir, path.normalize(name));
    if (!file.startsWith(webDir + path.sep)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}/`;
});

after(async () => {
  for (const b of browsers) await b.context.close().catch(() => {});
  for (const b of browsers) fs.rmSync(b.dir, { recursive: true, force: true });
  await new Promise((ok) => server.close(ok));
  fs.writeFileSync(path.join(outDir, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
});

/// A fresh Chromium (its own new profile folder) showing the page at
/// `query`, in a viewport of `width x height` CSS pixels at `scale` device
/// pixels each; waits for the first frame.
///
/// `scale` is Chromium's device emulation (as DevTools' device mode);
/// `screenScale` a real one (`--force-device-scale-factor`, as a HiDPI
/// screen), with the window `width x height`. `touch`: a touch screen;
/// `mobile`: a phone's browser (the page's viewport meta honoured).
async function open(query = '', { width = 1000, height = 900, scale = 1, screenScale, touch = false, mobile = false, expectErrors = false, args = [] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloth-demo-chromium-'));
  const screen = screenScale === undefined
    ? { viewport: { width, height }, deviceScaleFactor: scale, args: [...CHROMIUM_ARGS, ...args] }
    : { viewport: null, args: [...CHROMIUM_ARGS, ...args, `--force-device-scale-factor=${screenScale}`, `--window-size=${width},${height}`] };
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, hasTouch: touch, isMobile: mobile, ...screen,
  });
  browsers.push({ context, dir });
  const page = context.pages()[0] ?? await context.newPage();
  const seen = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  if (!expectErrors) page.on('close', () => complaints.push(...seen.map((s) => `${query || '(no query)'}: ${s}`)));
  page.seen = seen;
  const navigated = Date.now();
  await page.goto(base + query, { timeout: WAIT });
  if (!expectErrors) {
    await page.waitForFunction(() => window.clothDemo?.firstFrameMs() !== undefined, null, { timeout: WAIT });
    page.navigatedAt = navigated;
  }
  return page;
}

async function close(page) {
  const b = browsers.find((x) => x.context === page.context());
  await page.close();
  await b.context.close();
}

/// Let the page draw whatever input it has had: two animation frames.
const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/// A screenshot of exactly the device pixels the canvas covers: the whole
/// page's, cropped to the canvas's box with its edges snapped to device
/// pixels, as the browser places it (and as the drawing buffer is sized).
/// Saved to `file`; returns the PNG bytes.
async function canvasShot(page, file) {
  const full = await page.screenshot({ fullPage: true });
  const png = await page.evaluate(async (b64) => {
    const r = document.getElementById('cloth').getBoundingClientRect();
    const dpr = devicePixelRatio;
    const [x, y] = [Math.round((r.x + scrollX) * dpr), Math.round((r.y + scrollY) * dpr)];
    const [w, h] = clothDemo.drawingBuffer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(w, h);
    c.getContext('2d').drawImage(bitmap, x, y, w, h, 0, 0, w, h);
    const out = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let text = '';
    for (const b of out) text += String.fromCharCode(b);
    return btoa(text);
  }, full.toString('base64'));
  const bytes = Buffer.from(png, 'base64');
  fs.writeFileSync(file, bytes);
  return bytes;
}

/// `cloth-demo render` of the same picture, as PNG bytes.
/// `args`: more flags (`--scene flag --flat`).
function nativeRender(steps, [w, h], [r1, r2] = [0, 0], name = `native_${steps}_${w}x${h}.png`, args = []) {
  const out = path.join(outDir, name);
  execFileSync(bin, ['render', '--steps', String(steps), '--size', `${w}x${h}`,
    '--orbit', `${r1},${r2}`, ...args, '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  return fs.readFileSync(out);
}

/// Give the page `window.decodePng(base64)`: a PNG decoded by the
/// browser's own decoder, as `{ w, h, data }` (RGBA bytes). Idempotent; the
/// comparisons below call it first, since a navigation clears it.
async function installPngDecoder(page) {
  await page.evaluate(() => {
    window.decodePng ??= async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const c = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = c.getContext('2d');
      g.drawImage(bitmap, 0, 0);
      return { w: bitmap.width, h: bitmap.height, data: g.getImageData(0, 0, bitmap.width, bitmap.height).data };
    };
  });
}

/// Decode two PNGs in the page (`installPngDecoder`) and compare them by
/// scene colour class (tests/common's classify_rgb: the greys 0.9 and 0.1
/// land on either side of half a byte). Returns the counts.
async function compareClasses(page, pngA, pngB) {
  await installPngDecoder(page);
  return page.evaluate(async ([a, b]) => {
    const classify = (r, g, b) => {
      const grey = r === g && g === b;
      if (grey && r === 0) return 'black';
      if (r === 255 && g === 255 && b === 0) return 'yellow';
      if (r === 0 && g === 0 && b === 255) return 'blue';
      if (r === 255 && g === 0 && b === 0) return 'red';
      if (grey && r === 255) return 'white';
      if (grey && (r === 229 || r === 230)) return 'light grey';
      if (grey && (r === 25 || r === 26)) return 'dark grey';
      return 'other';
    };
    const [pa, pb] = [await window.decodePng(a), await window.decodePng(b)];
    if (pa.w !== pb.w || pa.h !== pb.h) return { size: [pa.w, pa.h, pb.w, pb.h] };
    const counts = (p) => {
      const n = {};
      for (let i = 0; i < p.data.length; i += 4) {
        const k = classify(p.data[i], p.data[i + 1], p.data[i + 2]);
        n[k] = (n[k] ?? 0) + 1;
      }
      return n;
    };
    let agree = 0;
    for (let i = 0; i < pa.data.length; i += 4) {
      const ka = classify(pa.data[i], pa.data[i + 1], pa.data[i + 2]);
      if (ka !== 'other' && ka === classify(pb.data[i], pb.data[i + 1], pb.data[i + 2])) agree++;
    }
    return { size: [pa.w, pa.h], agree: agree / (pa.w * pa.h), a: counts(pa), b: counts(pb) };
  }, [pngA.toString('base64'), pngB.toString('base64')]);
}

/// The canvas's picture against the native renderer's of the same step
/// and view: same size, every scene colour in both, >= 98% of pixels of
/// the same class. `args`: `render`'s flags for the page's query
/// (`--scene flag --flat` for `?scene=flag&flat=1`).
async function assertLikeNative(page, steps, name, args = []) {
  await settle(page);
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  const camera = await page.evaluate(() => Array.from(clothDemo.camera()));
  const shot = await canvasShot(page, path.join(outDir, `${name}.png`));
  const native = nativeRender(steps, buffer, camera, `${name}_native.png`, args);
  const r = await compareClasses(page, shot, native);
  assert.deepEqual(r.size, buffer, 'the screenshot is the drawing buffer, pixel for pixel');
  for (const colour of ['black', 'red', 'white', 'light grey', 'dark grey', 'yellow', 'blue']) {
    assert.ok(r.a[colour] > 0, `${name}: no ${colour} in the browser's picture: ${JSON.stringify(r.a)}`);
    assert.ok(r.b[colour] > 0, `${name}: no ${colour} in the native picture: ${JSON.stringify(r.b)}`);
  }
  assert.ok(r.agree >= 0.98, `${name}: only ${(100 * r.agree).toFixed(2)}% of pixels agree: ${JSON.stringify(r)}`);
  figures[name] = { size: buffer, camera, agree: r.agree, other: r.a.other ?? 0 };
  return { ...r, shot };
}

/// Decode two PNGs of one size in the page and say what fraction of their
/// pixels are within `tolerance` of each other in every channel (shaded
/// colours are not scene colours, so they cannot be compared by class).
async function nearFraction(page, pngA, pngB, tolerance) {
  await installPngDecoder(page);
  return page.evaluate(async ([a, b, tolerance]) => {
    const [pa, pb] = [(await window.decodePng(a)).data, (await window.decodePng(b)).data];
    if (pa.length !== pb.length) return -1;
    let near = 0;
    for (let i = 0; i < pa.length; i += 4) {
      if ([0, 1, 2].every((c) => Math.abs(pa[i + c] - pb[i + c]) <= tolerance)) near++;
    }
    return near / (pa.length / 4);
  }, [pngA.toString('base64'), pngB.toString('base64'), tolerance]);
}

// ---------------------------------------------------------------- 1. bits

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

// ---------------------------------------------------------------- 2. picture

test('the picture at step 250 is the native renderer\'s (WebGL2, 792x573)', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250', { width: 900, height: 1000 });
  const info = await page.evaluate(() => clothDemo.glInfo());
  assert.match(info, /^WebGL 2\.0.*shaders Gles3; colour 8\/8\/8 bits, depth (16|24|32) bits$/);
  figures.gl = info;
  // The page's column is wide enough for the original size at scale 1.
  await page.setViewportSize({ width: 792 + 32, height: 1000 });
  await settle(page);
  assert.deepEqual(await page.evaluate(() => Array.from(clothDemo.drawingBuffer())), INNER);
  await assertLikeNative(page, 250, 'web_step_250');
  await close(page);
});

test('WebGL 1 (?webgl=1, the ES 2.0 shaders) draws the same picture', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250&webgl=1', { width: 792 + 32, height: 1000 });
  const info = await page.evaluate(() => clothDemo.glInfo());
  assert.match(info, /^WebGL 1\.0.*shaders Gles2/);
  figures.gl_webgl1 = info;
  await assertLikeNative(page, 250, 'web_step_250_webgl1');
  await close(page);
});

// ---------------------------------------------------------------- 3. behaviour

test('60 steps a second of wall time (the first frame\'s time is a figure)', { timeout: 60_000 }, async () => {
  const page = await open('');
  // A figure, not a check (timings belong to benchmarks; this machine is
  // shared): printed, and kept in figures.json.
  const first = await page.evaluate(() => clothDemo.firstFrameMs());
  figures.first_frame_ms = first;
  // Where the time went, ms since navigation.
  figures.first_frame_timeline = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime;
    return {
      dom_content_loaded: nav.domContentLoadedEventEnd, wasm_fetched: wasm?.responseEnd,
      wasm_ready: mark('cloth-demo: wasm ready'), started: mark('cloth-demo: started'),
      first_frame: clothDemo.firstFrameMs(),
    };
  });
  console.log(`first frame ${first.toFixed(0)} ms after navigation: ${JSON.stringify(figures.first_frame_timeline)}`);
  const [steps, seconds] = await page.evaluate(async () => {
    const s0 = clothDemo.steps();
    const t0 = performance.now();
    await new Promise((ok) => setTimeout(ok, 3000));
    return [clothDemo.steps() - s0, (performance.now() - t0) / 1000];
  });
  const rate = steps / seconds;
  figures.steps_per_second = rate;
  assert.ok(Math.abs(rate - 60) <= 6, `${steps} steps in ${seconds.toFixed(3)} s: ${rate.toFixed(1)}/s`);
  await close(page);
});

test('a drag turns the view as render --orbit does, scaled to the original window, HiDPI', { timeout: 60_000 }, async () => {
  // A 496-px-wide canvas (the viewport less the margins) at 2 device
  // pixels a CSS pixel: a 100-px drag is 100 * 792 / 496 original pixels.
  const page = await open('?steps=250', { width: 528, height: 900, screenScale: 2 });
  const rect = await page.locator('#cloth').boundingBox();
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  assert.ok(Math.abs(buffer[0] - rect.width * 2) <= 1 && Math.abs(buffer[1] - rect.height * 2) <= 1,
    `drawing buffer ${buffer} in device pixels for a ${rect.width}x${rect.height} canvas at scale 2`);
  assert.deepEqual(buffer, await page.evaluate(() => new Promise((ok) => new ResizeObserver((e) => {
    const s = e[0].devicePixelContentBoxSize[0];
    ok([s.inlineSize, s.blockSize]);
  }).observe(document.getElementById('cloth')))), 'the drawing buffer is the pixels the canvas covers');
  const [x0, y0] = [Math.round(rect.x + rect.width / 2), Math.round(rect.y + rect.height / 2)];
  const [dx, dy] = [100, -30];
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + dx / 2, y0 + dy / 2, { steps: 5 });
  await page.mouse.move(x0 + dx, y0 + dy, { steps: 5 });
  await page.mouse.up();
  await settle(page);
  const camera = await page.evaluate(() => Array.from(clothDemo.camera()));
  const scale = INNER[0] / rect.width;
  assert.ok(Math.abs(camera[0] - -dx * scale) < 1e-9, `r1 ${camera[0]}, want ${-dx * scale}`);
  assert.ok(Math.abs(camera[1] - -dy * scale) < 1e-9, `r2 ${camera[1]}, want ${-dy * scale}`);
  assert.equal(await page.evaluate(() => clothDemo.steps()), 250, 'the held clock ran no step');
  figures.drag = { canvas_css: [rect.width, rect.height], drag_css: [dx, dy], camera };
  await assertLikeNative(page, 250, 'web_step_250_dragged');
  await close(page);
});

test('a touch drag turns the view too', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250', { width: 824, height: 900, touch: true });
  const rect = await page.locator('#cloth').boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const [x0, y0] = [Math.round(rect.x + 300), Math.round(rect.y + 200)];
  const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  await touch('touchStart', x0, y0);
  for (let k = 1; k <= 6; k++) await touch('touchMove', x0 - 10 * k, y0 + 5 * k);
  await touch('touchEnd');
  await settle(page);
  const camera = await page.evaluate(() => Array.from(clothDemo.camera()));
  const scale = INNER[0] / rect.width;
  assert.ok(Math.abs(camera[0] - 60 * scale) < 1e-9 && Math.abs(camera[1] - -30 * scale) < 1e-9,
    `camera ${camera}, want ${[60 * scale, -30 * scale]}`);
  await close(page);
});

test('Escape stops it (nothing moves); a click starts it again from the beginning', { timeout: 60_000 }, async () => {
  const page = await open('');
  await page.waitForFunction(() => clothDemo.steps() >= 60, null, { timeout: WAIT });
  assert.equal(await page.locator('#caption').textContent(), RUNNING);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => clothDemo.running()), false);
  assert.equal(await page.locator('#caption').textContent(), STOPPED);
  const stoppedAt = await page.evaluate(() => clothDemo.steps());
  await settle(page);
  const a = await canvasShot(page, path.join(outDir, 'web_stopped_a.png'));
  await page.waitForTimeout(1000);
  const b = await canvasShot(page, path.join(outDir, 'web_stopped_b.png'));
  assert.ok(a.equals(b), 'two screenshots a second apart differ');
  assert.equal(await page.evaluate(() => clothDemo.steps()), stoppedAt);
  // A drag while stopped turns nothing.
  const rect = await page.locator('#cloth').boundingBox();
  await page.mouse.move(rect.x + 200, rect.y + 200);
  await page.mouse.down();
  await page.mouse.move(rect.x + 300, rect.y + 250, { steps: 4 });
  assert.deepEqual(await page.evaluate(() => Array.from(clothDemo.camera())), [0, 0]);
  // The step counter just after the page handled the click (this
  // listener, on the document, runs after the canvas's).
  await page.evaluate(() => document.addEventListener('click', () => {
    window.afterClick = [clothDemo.steps(), clothDemo.running()];
  }, { once: true }));
  await page.mouse.up();
  // That press and release was a click: it started the program again.
  await page.waitForFunction(() => window.afterClick !== undefined, null, { timeout: WAIT });
  const [restarted, running] = await page.evaluate(() => window.afterClick);
  assert.ok(running, 'running again after the click');
  assert.equal(restarted, 0, `after the click: step ${restarted}, stopped at ${stoppedAt}`);
  assert.equal(await page.locator('#caption').textContent(), RUNNING);
  await page.waitForFunction((s) => clothDemo.steps() > s + 10, restarted, { timeout: WAIT });
  figures.escape = { stopped_at: stoppedAt, after_click: restarted };
  await close(page);
});

test('the keys: Space pauses, . steps, 1 and 0 change the model, R restarts, [ and ] change the speed, H lists them', { timeout: 60_000 }, async () => {
  // The keys come from the window's table (src/app/keys.rs); the caption
  // starts with what differs from the default, as the window's title does.
  const page = await open('');
  const caption = () => page.locator('#caption').textContent();
  const steps = () => page.evaluate(() => clothDemo.steps());
  await page.waitForFunction(() => clothDemo.steps() >= 30, null, { timeout: WAIT });
  assert.equal(await caption(), RUNNING);

  // Space: paused, nothing moves (two screenshots a second apart), the
  // caption says so; the view still turns.
  await page.keyboard.press('Space');
  const pausedAt = await steps();
  assert.deepEqual(await page.evaluate(() => [clothDemo.paused(), clothDemo.running()]), [true, false]);
  assert.equal(await caption(), `Paused, step ${pausedAt}. ${RUNNING}`);
  await settle(page);
  const a = await canvasShot(page, path.join(outDir, 'web_paused_a.png'));
  await page.waitForTimeout(1000);
  const b = await canvasShot(page, path.join(outDir, 'web_paused_b.png'));
  assert.ok(a.equals(b), 'two screenshots a second apart differ while paused');
  assert.equal(await steps(), pausedAt, 'no step while paused');

  // . : one step.
  await page.keyboard.press('.');
  assert.equal(await steps(), pausedAt + 1);
  assert.equal(await caption(), `Paused, step ${pausedAt + 1}. ${RUNNING}`);

  // 1 and 0: one pass a step, in the caption; then the original's 15.
  await page.keyboard.press('1');
  assert.equal(await caption(), `Paused, step ${pausedAt + 1}, 1 pass. ${RUNNING}`);
  await page.keyboard.press('0');
  assert.equal(await caption(), `Paused, step ${pausedAt + 1}. ${RUNNING}`);

  // R, paused: the flat sheet again, shown at step 0 (no first frame's
  // steps run): the picture is render --steps 0's.
  await page.keyboard.press('r');
  await page.waitForFunction(() => clothDemo.steps() === 0, null, { timeout: WAIT });
  assert.equal(await caption(), `Paused, step 0. ${RUNNING}`);
  await assertLikeNative(page, 0, 'web_restarted_paused');
  assert.equal(await steps(), 0, 'R while paused stays at step 0');

  // Space again, then ] twice: 240 steps a second; [ three times: 30.
  await page.keyboard.press('Space');
  assert.deepEqual(await page.evaluate(() => [clothDemo.paused(), clothDemo.running()]), [false, true]);
  assert.equal(await caption(), RUNNING);
  const rate = () => page.evaluate(async () => {
    const [s0, t0] = [clothDemo.steps(), performance.now()];
    await new Promise((ok) => setTimeout(ok, 1000));
    return (clothDemo.steps() - s0) / ((performance.now() - t0) / 1000);
  });
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  assert.equal(await caption(), `240 steps/s. ${RUNNING}`);
  const fast = await rate();
  for (let k = 0; k < 3; k++) await page.keyboard.press('[');
  assert.equal(await caption(), `30 steps/s. ${RUNNING}`);
  const slow = await rate();
  figures.keys = { paused_at: pausedAt, steps_per_second_240: fast, steps_per_second_30: slow };
  assert.ok(Math.abs(fast - 240) <= 24, `${fast.toFixed(1)} steps/s after ] ]`);
  assert.ok(Math.abs(slow - 30) <= 4, `${slow.toFixed(1)} steps/s after [ [ [`);

  // H: the key list opens under the picture, filled from the same table.
  assert.equal(await page.locator('#keys').getAttribute('open'), null);
  await page.keyboard.press('h');
  assert.notEqual(await page.locator('#keys').getAttribute('open'), null, 'H opens the key list');
  const list = await page.locator('#key-list').textContent();
  for (const line of ['Space', '. or Right', 'Escape', 'drag']) {
    assert.ok(list.split('\n').some((l) => l.trimStart().startsWith(line)), `${line} in the key list: ${list}`);
  }
  await close(page);
});

test('?scene=flag&steps=300 is render --scene flag --steps 300\'s picture; S unshades it, W shows its springs, N goes on to the drape', { timeout: 60_000 }, async () => {
  // The query's names are the command line's flags without --; the
  // caption starts with the scene and what it sets, as the window's title.
  const page = await open('?scene=flag&steps=300', { width: 792 + 32, height: 1000 });
  const caption = () => page.locator('#caption').textContent();
  assert.equal(await page.evaluate(() => clothDemo.steps()), 300);
  assert.match(await caption(), /^Flag, pinned top, wind 0,0,0\.003, gusts, inertia 0\.1, shaded\. /);
  // Shaded: the native picture's bytes exactly (shaded colours are not
  // scene colours), on the same 98% of pixels.
  await settle(page);
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  assert.deepEqual(buffer, INNER);
  const shaded = await canvasShot(page, path.join(outDir, 'web_flag_300.png'));
  const native = nativeRender(300, buffer, [0, 0], 'web_flag_300_native.png', ['--scene', 'flag']);
  const same = await nearFraction(page, shaded, native, 0);
  figures.flag_300 = { shaded_same_bytes: same };
  assert.ok(same >= 0.98, `only ${(100 * same).toFixed(2)}% of the shaded flag's pixels are render's`);
  // S: the flat colours, by scene colour as the other pictures.
  await page.keyboard.press('s');
  assert.match(await caption(), /^Flag, pinned top, wind 0,0,0\.003, gusts, inertia 0\.1\. /);
  const flat = await assertLikeNative(page, 300, 'web_flag_300_flat', ['--scene', 'flag', '--flat']);
  const unchanged = await nearFraction(page, shaded, flat.shot, 0);
  figures.flag_300.flat_same_bytes_as_shaded = unchanged;
  assert.ok(unchanged < 0.9, `S left ${(100 * unchanged).toFixed(2)}% of the pixels as they were`);
  // W: the springs view, render --springs's picture (lines rasterise a
  // little differently in SwiftShader, hence a tolerance).
  await page.keyboard.press('w');
  assert.match(await caption(), /^Flag, pinned top, wind 0,0,0\.003, gusts, inertia 0\.1, springs view\. /);
  await settle(page);
  const springs = await canvasShot(page, path.join(outDir, 'web_flag_300_springs.png'));
  const springsNative = nativeRender(300, buffer, [0, 0], 'web_flag_300_springs_native.png',
    ['--scene', 'flag', '--flat', '--springs']);
  const springsSame = await nearFraction(page, springs, springsNative, 24);
  figures.flag_300.springs_near = springsSame;
  assert.ok(springsSame >= 0.97, `only ${(100 * springsSame).toFixed(2)}% of the springs view's pixels are render --springs's`);
  await page.keyboard.press('w');
  assert.match(await caption(), /^Flag, pinned top, wind 0,0,0\.003, gusts, inertia 0\.1\. /);
  // N: the next scene from its start, its 300 held steps run again.
  await page.keyboard.press('n');
  await page.waitForFunction(() => clothDemo.steps() === 300, null, { timeout: WAIT });
  assert.match(await caption(), /^Drape, inertia 0\.5, self-collision\. /);
  await assertLikeNative(page, 300, 'web_drape_300', ['--scene', 'drape']);
  await close(page);
});

test('?compare=1 draws two halves, render --compare\'s picture, each labelled by HTML text; C goes back to one', { timeout: 60_000 }, async () => {
  const page = await open('?compare=1&no-diagonals=1&steps=250', { width: 792 + 32, height: 1000 });
  await settle(page);
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  assert.deepEqual(buffer, INNER);
  assert.match(await page.locator('#caption').textContent(), /^No diagonals, compare\. /);
  // The labels: real text, over the left and the right half.
  const left = page.locator('#compare-left');
  const right = page.locator('#compare-right');
  assert.equal(await left.textContent(), 'original');
  assert.equal(await right.textContent(), 'no diagonals');
  const canvas = await page.locator('#cloth').boundingBox();
  const [l, r] = [await left.boundingBox(), await right.boundingBox()];
  const middle = canvas.x + canvas.width / 2;
  assert.ok(l && l.x >= canvas.x && l.x + l.width <= middle && l.y >= canvas.y, `the left label at ${JSON.stringify(l)}`);
  assert.ok(r && r.x >= middle && r.x + r.width <= canvas.x + canvas.width && r.y >= canvas.y, `the right label at ${JSON.stringify(r)}`);
  // The picture: render --compare's, by scene colour (the labels are the
  // browser's text there and egui's here: a few hundred pixels).
  const shot = await canvasShot(page, path.join(outDir, 'web_compare_250.png'));
  const native = nativeRender(250, buffer, [0, 0], 'web_compare_250_native.png', ['--compare', '--no-diagonals']);
  const split = await compareClasses(page, shot, native);
  figures.compare_250 = { agree: split.agree };
  assert.ok(split.agree >= 0.97, `only ${(100 * split.agree).toFixed(2)}% of the pixels are render --compare's`);
  // C: one picture again, the labels hidden.
  await page.keyboard.press('c');
  assert.match(await page.locator('#caption').textContent(), /^No diagonals\. /);
  await settle(page);
  assert.equal(await left.isVisible(), false);
  assert.equal(await right.isVisible(), false);
  const one = await canvasShot(page, path.join(outDir, 'web_compare_off.png'));
  const again = await compareClasses(page, one, shot);
  figures.compare_250.off_agree_with_split = again.agree;
  assert.ok(again.agree < 0.95, `C left ${(100 * again.agree).toFixed(2)}% of the split picture`);
  await close(page);
});

test('a bad ?scene is one line in the caption and the console, and the original runs', { timeout: 60_000 }, async () => {
  const page = await open('?scene=sail&steps=250', { width: 792 + 32, height: 1000, expectErrors: true });
  await page.waitForFunction(() => window.clothDemo?.firstFrameMs() !== undefined, null, { timeout: WAIT });
  const line = 'bad ?scene=sail: unknown scene "sail": expected original, curtain, flag or drape; the original demo runs instead';
  assert.equal(await page.locator('#caption').textContent(), `${line}. ${RUNNING}`);
  assert.deepEqual(page.seen, [`warning: cloth-demo: ${line}`]);
  await assertLikeNative(page, 250, 'web_bad_scene_250');
  await close(page);
});

// ---------------------------------------------------------------- 4. page

/// The canvas's box: it fits the window's width, and keeps the shape.
async function assertShape(page, name) {
  const rect = await page.locator('#cloth').boundingBox();
  const viewport = await page.evaluate(() => [innerWidth, innerHeight]);
  assert.ok(rect.x >= 0 && rect.x + rect.width <= viewport[0] + 0.5, `${name}: the canvas fits the width`);
  assert.ok(Math.abs(rect.width / rect.height - INNER[0] / INNER[1]) < 0.01, `${name}: shape ${rect.width}x${rect.height}`);
  await settle(page);
  return { rect, viewport };
}

test('a narrow phone-like window (scale 3) keeps the shape and the picture', { timeout: 60_000 }, async () => {
  // 500 px is the narrowest window headless Chromium makes.
  const page = await open('?steps=250', { width: 500, height: 900, screenScale: 3 });
  const { viewport } = await assertShape(page, 'narrow');
  assert.equal(viewport[0], 500);
  await assertLikeNative(page, 250, 'web_step_250_narrow');
  await close(page);
});

test('resizing the window resizes the drawing buffer; the canvas fits a short window', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250', { width: 1000, height: 900 });
  await page.setViewportSize({ width: 1200, height: 500 });
  const { rect } = await assertShape(page, 'wide and short');
  assert.ok(rect.y + rect.height <= 500, `the canvas fits in the window: ${JSON.stringify(rect)}`);
  await assertLikeNative(page, 250, 'web_step_250_short');
  await page.setViewportSize({ width: 400, height: 900 });
  await assertShape(page, 'narrow again');
  await assertLikeNative(page, 250, 'web_step_250_resized_narrow');
  await close(page);
});

test('under device emulation (DevTools), the buffer is still the CSS size times the ratio', { timeout: 60_000 }, async () => {
  // Chromium reports CSS pixels as devicePixelContentBoxSize there; the
  // page must not take them for device pixels.
  const page = await open('?steps=250', { width: 360, height: 740, scale: 3 });
  const { rect } = await assertShape(page, 'emulated');
  const buffer = await page.evaluate(() => Array.from(clothDemo.drawingBuffer()));
  assert.ok(Math.abs(buffer[0] - 3 * rect.width) <= 1 && Math.abs(buffer[1] - 3 * rect.height) <= 1,
    `buffer ${buffer} for ${rect.width}x${rect.height} at 3`);
  await close(page);
});

test('a bad ?steps is one line on the page, not a blank canvas', { timeout: 60_000 }, async () => {
  const page = await open('?steps=lots', { expectErrors: true });
  await page.waitForFunction(() => document.getElementById('caption').textContent.startsWith('The demo cannot start'), null, { timeout: WAIT });
  assert.equal(await page.locator('#caption').textContent(),
    'The demo cannot start: bad ?steps=lots: it takes a whole number of steps, 0 to 4294967295');
  await close(page);
});

test('a browser with WebGL turned off gets one line saying so', { timeout: 60_000 }, async () => {
  const page = await open('', { expectErrors: true, args: ['--disable-webgl'] });
  await page.waitForFunction(() => document.getElementById('caption').textContent.startsWith('The demo cannot start'), null, { timeout: WAIT });
  assert.equal(await page.locator('#caption').textContent(),
    'The demo cannot start: this browser offers no WebGL (neither WebGL2 nor WebGL 1), or it is turned off');
  await close(page);
});

test('the page as a person sees it; the .wasm is under 2 MB', { timeout: 60_000 }, async () => {
  const page = await open('?steps=250', { width: 1000, height: 900 });
  assert.equal(await page.title(), 'Cloth on spheres: a spring-mass cloth demo in the browser');
  assert.ok(await page.locator('a[href="cloth-demo-source.tar.gz"]').count() >= 1);
  const source = await page.request.get(base + 'cloth-demo-source.tar.gz');
  assert.equal(source.status(), 200, 'the source link works');
  await page.screenshot({ path: path.join(outDir, 'web_page.png') });
  const wasm = fs.statSync(path.join(webDir, 'cloth_demo_bg.wasm')).size;
  figures.wasm_bytes = wasm;
  assert.ok(wasm < 2 * 1024 * 1024, `${wasm} bytes`);
  await close(page);
});

// ---------------------------------------------------------------- 5. hands and zoom

handsTests({ open, close, settle, canvasShot, installPngDecoder, assertLikeNative, figures, outDir });

// ---------------------------------------------------------------- 6. controls

controlsTests({ open, close, settle, compareClasses, nativeRender, figures, outDir, repo, WAIT });

// ---------------------------------------------------------------- 7. a lost context, a phone

surviveTests({ open, close, settle, canvasShot, nearFraction, figures, outDir, repo, WAIT });

test('no errors or warnings in the console of any page', { timeout: 10_000 }, async () => {
  assert.deepEqual(complaints, []);
});
