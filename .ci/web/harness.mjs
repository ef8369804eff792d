// What every test file of the page shares: the page (web/build's output)
// served from 127.0.0.1 by a server started and stopped here, a fresh
// browser of the engine $WEB_ENGINE (chromium, firefox or webkit; see
// .ci/web/drivers/index.mjs) for each page opened, and the picture comparisons
// against the native renderer (`cloth-demo render` on Mesa's EGL, by scene
// colour class, as tests/common's `classify_rgb`). A test file imports it
// and registers node:test tests; .ci/web/run runs each file once per engine:
//
//     WEB_ENGINE=firefox WEB_DISPLAY=:99 WEB_DIR=target/web \
//     CLOTH_DEMO_BIN=target/release/cloth-demo \
//     PLAYWRIGHT_CORE=... PUPPETEER_CORE=... SELENIUM_WEBDRIVER=... \
//         node --test .ci/web/tests/bits.mjs
//
// Screenshots go to $WEB_TEST_OUT (target/web-test), and the figures of
// every file to figures.json there.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CHROMIUM_ONLY, engine, launch, pageScript } from './drivers/index.mjs';
import { WAIT } from './drivers/base.mjs';

export { WAIT };
export const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const webDir = path.resolve(repo, process.env.WEB_DIR ?? 'target/web');
export const bin = path.resolve(repo, process.env.CLOTH_DEMO_BIN ?? 'target/debug/cloth-demo');
export const outDir = path.resolve(repo, process.env.WEB_TEST_OUT ?? 'target/web-test');
/// The engine these tests run in.
export const ENGINE = process.env.WEB_ENGINE ?? 'chromium';
engine(ENGINE);
const DISPLAY = process.env.WEB_DISPLAY || process.env.DISPLAY;

export const INNER = [792, 573];
export const RUNNING = 'Drag to turn the view; H lists the keys. Escape stops the program; a click then starts it again.';
export const STOPPED = 'Stopped, as Escape stopped the original. Click the picture to start again from the beginning.';

/// This file's figures, merged into figures.json at its end.
export const figures = {};
/// The address the page is served at, set once the server listens.
export let base;
let server;
const pages = new Set();

/// node:test's `skip` for a test that needs what only Chromium's DevTools
/// protocol has (`CHROMIUM_ONLY`'s `what`): false in Chromium, else the
/// reason, shown in the report.
export const chromiumOnly = (what) => (ENGINE === 'chromium' ? false : `Chromium only: ${CHROMIUM_ONLY[what]}`);

/// node:test's `skip` where engine `name` cannot run a test: false
/// elsewhere, there `${name}: why`.
export const skipIn = (name, why) => (ENGINE === name ? `${name}: ${why}` : false);

// ---------------------------------------------------------------- set-up

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.gz': 'application/gzip',
};

before(async () => {
  assert.ok(fs.existsSync(path.join(webDir, 'index.html')), `no page in ${webDir}: run web/build`);
  assert.ok(fs.existsSync(bin), `no ${bin}: build the cloth-demo binary`);
  fs.mkdirSync(outDir, { recursive: true });
  const script = pageScript(ENGINE);
  server = http.createServer((req, res) => {
    let name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (name.endsWith('/')) name += 'index.html';
    const file = path.join(webDir, path.normalize(name));
    if (!file.startsWith(webDir + path.sep)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end(); return; }
      if (script && file.endsWith('.html')) {
        body = body.toString('utf8').replace('<head>', `<head>\n<script>${script}</script>`);
      }
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}/`;
});

after(async () => {
  for (const page of pages) await page.close().catch(() => {});
  await new Promise((ok) => server.close(ok));
  const file = path.join(outDir, 'figures.json');
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  fs.writeFileSync(file, JSON.stringify({ ...all, ...figures }, null, 2) + '\n');
});

/// A fresh browser showing the page at `query`, in a viewport of
/// `width x height` CSS pixels; waits for the first frame. `screenScale`:
/// device pixels a CSS pixel, as a HiDPI screen (whole numbers in
/// WebKit); `scale`, `touch`, `mobile`: Chromium's emulation (see
/// .ci/web/drivers/chromium.mjs); `webgl`: false turns it off.
/// `expectErrors`: the console may complain (else `close` checks it
/// did not), and no first frame is waited for.
export async function open(query = '', { width = 1000, height = 900, scale, screenScale, touch, mobile, webgl, expectErrors = false } = {}) {
  const page = await launch(ENGINE, { width, height, scale, screenScale, touch, mobile, webgl, display: DISPLAY });
  pages.add(page);
  page.query = query;
  page.expectErrors = expectErrors;
  await page.goto(base + query);
  if (!expectErrors) {
    await page.waitForFunction(() => window.clothDemo?.firstFrameMs() !== undefined, null, { timeout: WAIT });
  }
  return page;
}

/// Close `page`'s browser; unless it expected errors, its console had
/// no error or warning, nor an uncaught error.
export async function close(page) {
  const seen = await page.consoleMessages().catch((e) => [`(console unread: ${e.message})`]);
  pages.delete(page);
  await page.close();
  if (!page.expectErrors) assert.deepEqual(seen, [], `${ENGINE}: the console of ${page.query || '(no query)'}`);
}

/// Let the page draw whatever input it has had: two animation frames.
export const settle = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/// A screenshot of exactly the device pixels the canvas covers: the whole
/// page's, cropped to the canvas's box with its edges snapped to device
/// pixels, as the browser places it (and as the drawing buffer is sized).
/// Where the driver takes no full-page screenshot (WebKit's), the
/// viewport's, a canvas partly out of view scrolled into it for the
/// screenshot and the page scrolled back after. Saved to `file`; returns
/// the PNG bytes.
export async function canvasShot(page, file) {
  const fullPage = Boolean(page._fullPageScreenshot);
  const scrolled = fullPage ? null : await page.evaluate(() => {
    const canvas = document.getElementById('cloth');
    const r = canvas.getBoundingClientRect();
    if (r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth) return null;
    const was = [scrollX, scrollY];
    canvas.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return was;
  });
  if (scrolled) await settle(page);
  const full = await page.screenshot({ fullPage });
  const png = await page.evaluate(async ([b64, fullPage]) => {
    const r = document.getElementById('cloth').getBoundingClientRect();
    const dpr = devicePixelRatio;
    const [left, top] = fullPage ? [r.x + scrollX, r.y + scrollY] : [r.x, r.y];
    const [x, y] = [Math.round(left * dpr), Math.round(top * dpr)];
    const [w, h] = clothDemo.drawingBuffer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    if (x < 0 || y < 0 || x + w > bitmap.width || y + h > bitmap.height) {
      return { error: `the canvas (${w}x${h} at ${x},${y}) is not wholly in the ${bitmap.width}x${bitmap.height} screenshot` };
    }
    const c = new OffscreenCanvas(w, h);
    c.getContext('2d').drawImage(bitmap, x, y, w, h, 0, 0, w, h);
    const out = new Uint8Array(await (await c.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let text = '';
    for (const b of out) text += String.fromCharCode(b);
    return { png: btoa(text) };
  }, [full.toString('base64'), fullPage]);
  if (scrolled) {
    await page.evaluate(([x, y]) => scrollTo(x, y), scrolled);
    await settle(page);
  }
  assert.ok(png.png, png.error);
  const bytes = Buffer.from(png.png, 'base64');
  fs.writeFileSync(file, bytes);
  return bytes;
}

/// `cloth-demo render` of the same picture, as PNG bytes.
/// `args`: more flags (`--scene flag --flat`).
export function nativeRender(steps, [w, h], [r1, r2] = [0, 0], name = `native_${steps}_${w}x${h}.png`, args = []) {
  const out = path.join(outDir, name);
  execFileSync(bin, ['render', '--steps', String(steps), '--size', `${w}x${h}`,
    '--orbit', `${r1},${r2}`, ...args, '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
  return fs.readFileSync(out);
}

/// Give the page `window.decodePng(base64)`: a PNG decoded by the
/// browser's own decoder, as `{ w, h, data }` (RGBA bytes). Idempotent; the
/// comparisons below call it first, since a navigation clears it.
export async function installPngDecoder(page) {
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
export async function compareClasses(page, pngA, pngB) {
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
/// the same class (96% in WebKit where the canvas's box is not whole
/// device pixels). `args`: `render`'s flags for the page's query
/// (`--scene flag --flat` for `?scene=flag&flat=1`).
export async function assertLikeNative(page, steps, name, args = []) {
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
  // The canvas's box in device pixels: an engine that does not snap it to
  // whole pixels (WebKit at a HiDPI scale) scales the buffer into it,
  // blending colours at edges, where the others show it pixel for pixel.
  const box = await page.evaluate(() => {
    const r = document.getElementById('cloth').getBoundingClientRect();
    return [r.width * devicePixelRatio, r.height * devicePixelRatio];
  });
  figures[name] = { size: buffer, box, camera, agree: r.agree, other: r.a.other ?? 0 };
  if (r.agree < 0.999) {
    console.log(`${ENGINE}: ${name}: ${(100 * r.agree).toFixed(2)}% of pixels agree with render's, ${r.a.other ?? 0} of no scene colour; the ${buffer.join('x')} buffer shown in a ${box.map((v) => v.toFixed(2)).join('x')}-device-pixel box`);
  }
  // WebKit scales a buffer into a box of a fraction of a pixel more or
  // less, so every edge blends: a small picture's edges are more of it.
  const fractional = box.some((v, k) => Math.abs(v - buffer[k]) > 0.01);
  const least = ENGINE === 'webkit' && fractional ? 0.96 : 0.98;
  assert.ok(r.agree >= least, `${name}: only ${(100 * r.agree).toFixed(2)}% of pixels agree (want ${100 * least}%): ${JSON.stringify(r)}`);
  return { ...r, shot };
}

/// Decode two PNGs of one size in the page and say what fraction of their
/// pixels are within `tolerance` of each other in every channel (shaded
/// colours are not scene colours, so they cannot be compared by class).
export async function nearFraction(page, pngA, pngB, tolerance) {
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

/// Where cloth point [j][i] is drawn, page CSS pixels.
export async function pointOnPage(page, [j, i]) {
  const rect = await page.locator('#cloth').boundingBox();
  const p = await page.evaluate(([j, i]) => Array.from(clothDemo.projected(j, i)), [j, i]);
  assert.equal(p.length, 2, `point [${j}][${i}] is in view`);
  return [rect.x + p[0], rect.y + p[1], rect];
}

/// Cloth (yellow and blue) in the box `[x, y, w, h]` of the canvas's
/// picture `png` (CSS pixels from the canvas's corner): `{ pixels, rows,
/// height, filled }`, its cloth pixels, the rows with any cloth and the
/// box's rows (both in CSS pixels), and the fraction of its pixels that
/// are cloth.
export async function clothIn(page, png, [x, y, w, h]) {
  await installPngDecoder(page);
  return page.evaluate(async ([b64, box]) => {
    const p = await window.decodePng(b64);
    const k = p.w / document.getElementById('cloth').getBoundingClientRect().width;
    const [x0, y0] = [Math.round(box[0] * k), Math.round(box[1] * k)];
    const [x1, y1] = [Math.round((box[0] + box[2]) * k), Math.round((box[1] + box[3]) * k)];
    let [rows, pixels, all] = [0, 0, 0];
    for (let y = Math.max(0, y0); y < Math.min(p.h, y1); y++) {
      let any = false;
      for (let x = Math.max(0, x0); x < Math.min(p.w, x1); x++) {
        const [r, g, b] = p.data.subarray(4 * (y * p.w + x), 4 * (y * p.w + x) + 3);
        all++;
        if ((r === 255 && g === 255 && b === 0) || (r === 0 && g === 0 && b === 255)) { pixels++; any = true; }
      }
      if (any) rows++;
    }
    return { pixels, rows: Math.round(rows / k), height: Math.round((y1 - y0) / k), filled: all ? pixels / all : 0 };
  }, [png.toString('base64'), [x, y, w, h]]);
}
