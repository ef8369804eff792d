// Debian's Chromium, headless with software WebGL2 (SwiftShader), driven
// by playwright-core over the DevTools protocol: the page API of
// .ci/web/drivers/base.mjs. playwright-core is found at $PLAYWRIGHT_CORE
// (else on node's path). `page.chromium` is playwright's own page, for
// what only this protocol offers (touch input, device emulation).

import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Page, WAIT, consoleLine } from './base.mjs';

const require = createRequire(import.meta.url);

const ARGS = [
  '--headless', '--no-sandbox', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

class ChromiumPage extends Page {
  constructor(context, page, dir) {
    super('chromium');
    this.context = context;
    this.chromium = page;
    this.dir = dir;
    this.seen = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') this.seen.push(consoleLine(m.type(), m.text()));
    });
    page.on('pageerror', (e) => this.seen.push(`page error: ${e.message}`));
  }

  _evaluate(fn, arg) { return this.chromium.evaluate(fn, arg); }
  async goto(url) { await this.chromium.goto(url, { timeout: WAIT }); }
  async reload() { await this.chromium.reload({ timeout: WAIT }); }
  _screenshot() { return this.chromium.screenshot(); }
  _fullPageScreenshot() { return this.chromium.screenshot({ fullPage: true }); }
  setViewportSize(size) { return this.chromium.setViewportSize(size); }

  async _pointerMoves(points) {
    for (const [x, y] of points) await this.chromium.mouse.move(x, y);
  }

  _pointerButton(kind, button) { return this.chromium.mouse[kind]({ button }); }
  _wheel(dx, dy) { return this.chromium.mouse.wheel(dx, dy); }
  _key(kind, key) { return this.chromium.keyboard[kind](key); }

  async download(action) {
    const [d] = await Promise.all([this.chromium.waitForEvent('download', { timeout: WAIT }), action()]);
    return { name: d.suggestedFilename(), bytes: fs.readFileSync(await d.path()) };
  }

  async consoleMessages() { return [...this.seen]; }

  async close() {
    await this.context.close().catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/// A fresh Chromium (its own new profile folder) with one blank page.
/// `width x height`: the viewport, CSS pixels. `scale`: device pixels a
/// CSS pixel by device emulation (as DevTools' device mode);
/// `screenScale`: a real one (`--force-device-scale-factor`, a HiDPI
/// screen), the window then `width x height`. `touch`: a touch screen;
/// `mobile`: a phone's browser (the viewport meta honoured). `webgl`:
/// false turns WebGL off.
export async function launch({ width, height, scale = 1, screenScale, touch = false, mobile = false, webgl = true }) {
  const { chromium } = require(process.env.PLAYWRIGHT_CORE ?? 'playwright-core');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloth-demo-chromium-'));
  const args = [...ARGS, ...(webgl ? [] : ['--disable-webgl'])];
  const screen = screenScale === undefined
    ? { viewport: { width, height }, deviceScaleFactor: scale, args }
    : { viewport: null, args: [...args, `--force-device-scale-factor=${screenScale}`, `--window-size=${width},${height}`] };
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, hasTouch: touch, isMobile: mobile, ...screen,
  });
  const page = context.pages()[0] ?? await context.newPage();
  return new ChromiumPage(context, page, dir);
}
