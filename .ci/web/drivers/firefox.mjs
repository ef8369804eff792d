// Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver
// BiDi: the page API of .ci/web/drivers/base.mjs. puppeteer-core is found
// at $PUPPETEER_CORE (else on node's path). Headless Firefox offers WebGL
// only with an X display to open it on (Mesa's llvmpipe there): `display`.

import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Page, WAIT, consoleLine } from './base.mjs';

const require = createRequire(import.meta.url);

/// playwright's key names that BiDi's keyboard spells otherwise.
const KEYS = { Space: ' ' };

class FirefoxPage extends Page {
  constructor(browser, page, downloads) {
    super('firefox');
    this.browser = browser;
    this.page = page;
    this.downloads = downloads;
    this.seen = [];
    page.setDefaultTimeout(WAIT);
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warn') this.seen.push(consoleLine(m.type(), m.text()));
    });
    page.on('pageerror', (e) => this.seen.push(`page error: ${e.message}`));
  }

  _evaluate(fn, arg) { return this.page.evaluate(fn, arg); }
  async goto(url) { await this.page.goto(url, { timeout: WAIT }); }
  async reload() { await this.page.reload({ timeout: WAIT }); }
  async _screenshot() { return Buffer.from(await this.page.screenshot()); }
  async _fullPageScreenshot() { return Buffer.from(await this.page.screenshot({ fullPage: true })); }
  setViewportSize({ width, height }) { return this.page.setViewport({ width, height }); }

  async _pointerMoves(points) {
    for (const [x, y] of points) await this.page.mouse.move(x, y);
  }

  _pointerButton(kind, button) { return this.page.mouse[kind]({ button }); }
  _wheel(deltaX, deltaY) { return this.page.mouse.wheel({ deltaX, deltaY }); }
  _key(kind, key) { return this.page.keyboard[kind](KEYS[key] ?? key); }

  /// Firefox saves a download to the profile's download folder (the
  /// prefs below): the file that appears there, whole.
  async download(action) {
    for (const f of fs.readdirSync(this.downloads)) fs.rmSync(path.join(this.downloads, f));
    await action();
    const until = Date.now() + WAIT;
    for (;;) {
      const done = fs.readdirSync(this.downloads).filter((f) => !f.endsWith('.part'));
      if (done.length === 1 && !fs.readdirSync(this.downloads).some((f) => f.endsWith('.part'))) {
        return { name: done[0], bytes: fs.readFileSync(path.join(this.downloads, done[0])) };
      }
      if (Date.now() > until) throw new Error(`firefox: no download in ${this.downloads} after ${WAIT} ms`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
  }

  async consoleMessages() { return [...this.seen]; }

  async close() {
    await this.browser.close().catch(() => {});
    fs.rmSync(this.downloads, { recursive: true, force: true });
  }
}

/// A fresh Firefox (puppeteer's new profile) with one blank page, its
/// viewport `width x height` CSS pixels. `screenScale`: device pixels a
/// CSS pixel (the pref `layout.css.devPixelsPerPx`, as a HiDPI screen).
/// `webgl`: false turns WebGL off. `display`: the X display.
export async function launch({ width, height, screenScale, webgl = true, display }) {
  if (!display) throw new Error('firefox: no X display (DISPLAY or WEB_DISPLAY): headless Firefox has no WebGL without one');
  const puppeteer = require(process.env.PUPPETEER_CORE ?? 'puppeteer-core');
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'cloth-demo-firefox-downloads-'));
  const prefs = {
    // Scrollbars over the page, as Chromium's headless and GTK's own
    // draw them, so the viewport is all the page's width.
    'ui.useOverlayScrollbars': 1,
    'browser.download.dir': downloads,
    'browser.download.folderList': 2,
    'browser.download.useDownloadDir': true,
    'browser.download.start_downloads_in_tmp_dir': false,
    'browser.download.always_ask_before_handling_new_types': false,
    ...(screenScale === undefined ? {} : { 'layout.css.devPixelsPerPx': String(screenScale) }),
    ...(webgl ? {} : { 'webgl.disabled': true }),
  };
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true,
    env: { ...process.env, DISPLAY: display }, extraPrefsFirefox: prefs, timeout: 60_000,
  });
  try {
    const page = (await browser.pages())[0] ?? await browser.newPage();
    await page.setViewport({ width, height });
    return new FirefoxPage(browser, page, downloads);
  } catch (e) {
    await browser.close().catch(() => {});
    throw e;
  }
}
