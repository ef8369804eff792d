// WebKitGTK's MiniBrowser, driven by selenium-webdriver through
// WebKitWebDriver (classic WebDriver): the page API of
// .ci/web/drivers/base.mjs. selenium-webdriver is found at
// $SELENIUM_WEBDRIVER (else on node's path). Each page is a driver of its
// own on a free port, with a fresh home folder (MiniBrowser's profile and
// where it saves downloads) and the X display in its environment, which
// MiniBrowser inherits.
//
// WebKitWebDriver has no BiDi and no console log, so the console is
// recorded in the page: the test server puts `PAGE_SCRIPT` first in every
// HTML page it serves to this engine (.ci/web/harness.mjs).

import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Page, WAIT } from './base.mjs';

const require = createRequire(import.meta.url);
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/// The session's start: a wrong MiniBrowser flag or no display makes
/// WebKitWebDriver wait for ever, silently.
const SESSION_WAIT = 30_000;
/// Where PAGE_SCRIPT keeps the console (it outlives a reload).
const STORE = 'cloth-demo-test-console';

/// Console errors and warnings and uncaught errors, as lines kept in
/// sessionStorage: a script run before the page's own.
export const PAGE_SCRIPT = `(() => {
  const keep = (line) => {
    const all = JSON.parse(sessionStorage.getItem('${STORE}') ?? '[]');
    all.push(line);
    sessionStorage.setItem('${STORE}', JSON.stringify(all));
  };
  for (const [name, type] of [['warn', 'warning'], ['error', 'error']]) {
    const original = console[name];
    console[name] = function (...args) {
      keep(type + ': ' + args.map(String).join(' '));
      return original.apply(this, args);
    };
  }
  addEventListener('error', (e) => keep('page error: ' + e.message));
  addEventListener('unhandledrejection', (e) => keep('page error: ' + (e.reason?.message ?? e.reason)));
})();`;

/// playwright's key names as WebDriver's keys.
function webdriverKey(Key, key) {
  const named = {
    Space: Key.SPACE, Escape: Key.ESCAPE, Home: Key.HOME, End: Key.END, Tab: Key.TAB,
    Enter: Key.ENTER, Control: Key.CONTROL, Shift: Key.SHIFT, Alt: Key.ALT,
    ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP,
    ArrowDown: Key.ARROW_DOWN, Backspace: Key.BACK_SPACE, Delete: Key.DELETE,
  };
  return named[key] ?? key;
}

/// The symbols a US keyboard types with Shift: WebKitWebDriver types
/// them unshifted ('+' arrives as '='), so Shift goes down with them.
const SHIFTED = '~!@#$%^&*()_+{}|:"<>?';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

class WebKitPage extends Page {
  constructor(selenium, driver, server, home) {
    super('webkit');
    this.selenium = selenium;
    this.driver = driver;
    this.server = server;
    this.home = home;
    /// The wheel's deltas sent so far, summed: WebKitWebDriver 2.50 hands
    /// the page each scroll action's delta less the previous one's, so a
    /// wheel turn of d is sent as the sum so far.
    this.wheelSum = [0, 0];
  }

  async _evaluate(fn, arg) {
    // The value as JSON text (undefined kept apart from null).
    const json = await this.driver.executeScript(
      `const arg = arguments[0];
       return Promise.resolve((${String(fn)})(arg))
         .then((v) => JSON.stringify(v === undefined ? {} : { v }));`, arg);
    return JSON.parse(json).v;
  }

  goto(url) { return this.driver.get(url); }
  reload() { return this.driver.navigate().refresh(); }
  async _screenshot() { return Buffer.from(await this.driver.takeScreenshot(), 'base64'); }

  /// The window resized until its viewport is `width x height`: the
  /// window less MiniBrowser's toolbar, measured.
  async setViewportSize({ width, height }) {
    const inner = () => this._evaluate(() => [innerWidth, innerHeight, outerWidth, outerHeight]);
    for (let k = 0; k < 4; k++) {
      const [iw, ih, ow, oh] = await inner();
      if (iw === width && ih === height) {
        // Drawn at the new size before anything looks.
        await this._evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
        return;
      }
      await this.driver.manage().window().setRect({ width: width + ow - iw, height: height + oh - ih });
      for (let t = 0; t < 40; t++) {
        const [w, h] = await inner();
        if (w !== iw || h !== ih) break;
        await sleep(25);
      }
    }
    throw new Error(`webkit: the viewport is ${await inner()}, not ${width}x${height}`);
  }

  async _pointerMoves(points) {
    const { Origin } = this.selenium;
    const actions = this.driver.actions();
    for (const [x, y] of points) actions.move({ x, y, origin: Origin.VIEWPORT, duration: 0 });
    await actions.perform();
  }

  _pointerButton(kind, button) {
    const { Button } = this.selenium;
    const b = button === 'right' ? Button.RIGHT : Button.LEFT;
    const actions = this.driver.actions();
    return (kind === 'down' ? actions.press(b) : actions.release(b)).perform();
  }

  async _wheel(dx, dy) {
    this.wheelSum = [this.wheelSum[0] + dx, this.wheelSum[1] + dy];
    const [x, y] = this.pointer.map(Math.round);
    await this.driver.actions().scroll(x, y, this.wheelSum[0], this.wheelSum[1], this.selenium.Origin.VIEWPORT).perform();
  }

  _key(kind, key) {
    const k = webdriverKey(this.selenium.Key, key);
    const actions = this.driver.actions();
    const shift = SHIFTED.includes(key) ? this.selenium.Key.SHIFT : null;
    if (kind === 'down') {
      if (shift) actions.keyDown(shift);
      actions.keyDown(k);
    } else {
      actions.keyUp(k);
      if (shift) actions.keyUp(shift);
    }
    return actions.perform();
  }

  /// MiniBrowser saves a download to its home folder: the new file there.
  async download(action) {
    const before = new Set(fs.readdirSync(this.home));
    await action();
    const until = Date.now() + WAIT;
    for (;;) {
      const added = fs.readdirSync(this.home).filter((f) => !before.has(f) && fs.statSync(path.join(this.home, f)).isFile());
      const done = added.filter((f) => !f.endsWith('.wkdownload') && !f.endsWith('.part'));
      if (done.length === 1 && added.length === 1) {
        return { name: done[0], bytes: fs.readFileSync(path.join(this.home, done[0])) };
      }
      if (Date.now() > until) throw new Error(`webkit: no download in ${this.home} after ${WAIT} ms (${added})`);
      await sleep(50);
    }
  }

  async consoleMessages() {
    return this._evaluate((store) => JSON.parse(sessionStorage.getItem(store) ?? '[]'), STORE);
  }

  async close() {
    await this.driver.quit().catch(() => {});
    await stop(this.server);
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

/// A port no one listens on now.
function freePort() {
  return new Promise((ok, fail) => {
    const s = net.createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/// Wait for something to listen on `port`.
async function listening(port, until) {
  for (;;) {
    const up = await new Promise((ok) => {
      const c = net.connect(port, '127.0.0.1', () => { c.destroy(); ok(true); });
      c.on('error', () => ok(false));
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`webkit: WebKitWebDriver is not listening on ${port}`);
    await sleep(50);
  }
}

/// End a WebKitWebDriver this module started (and so its MiniBrowser).
async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((ok) => server.once('exit', ok));
  server.kill();
  await Promise.race([gone, sleep(5000)]);
}

/// A fresh MiniBrowser, its viewport `width x height` CSS pixels.
/// `screenScale`: a whole number of device pixels a CSS pixel (GTK's
/// GDK_SCALE, as a HiDPI screen). `webgl`: false turns WebGL off.
/// `display`: the X display.
///
/// A MiniBrowser that says it "cannot open display" is launched once
/// more: on a loaded machine one launch in several hundred has been
/// refused by an Xvfb that served the launches before and after it.
/// Any other failure, or the same one twice, is the test's error.
export async function launch(options) {
  try {
    return await launchOnce(options);
  } catch (e) {
    if (!String(e?.message).includes('cannot open display')) throw e;
    console.log(`webkit: launched again after: ${e.message}`);
    return launchOnce(options);
  }
}

/// [`launch`] without the second try.
async function launchOnce({ width, height, screenScale, webgl = true, display }) {
  if (!display) throw new Error('webkit: no X display (DISPLAY or WEB_DISPLAY) for MiniBrowser');
  if (screenScale !== undefined && !Number.isInteger(screenScale)) {
    throw new Error(`webkit: GDK_SCALE takes whole numbers, not ${screenScale}`);
  }
  const selenium = require(process.env.SELENIUM_WEBDRIVER ?? 'selenium-webdriver');
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'cloth-demo-webkit-'));
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
  if (screenScale !== undefined) env.GDK_SCALE = String(screenScale);
  const server = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  server.stderr.on('data', (d) => { said += d; });
  const started = new Promise((ok) => server.once('spawn', ok));
  const failed = new Promise((_, fail) => server.once('error', fail));
  try {
    await Promise.race([started, failed]);
    await listening(port, Date.now() + 10_000);
    const capabilities = new selenium.Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation', ...(webgl ? [] : ['--enable-webgl=false'])],
      },
    });
    let timer;
    const driver = await Promise.race([
      new selenium.Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build(),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error(`webkit: no session after ${SESSION_WAIT} ms: ${said.trim() || 'WebKitWebDriver said nothing'}`)), SESSION_WAIT);
      }),
    ]).finally(() => clearTimeout(timer));
    await driver.manage().setTimeouts({ script: WAIT, pageLoad: WAIT });
    const page = new WebKitPage(selenium, driver, server, home);
    await page.setViewportSize({ width, height });
    return page;
  } catch (e) {
    await stop(server);
    fs.rmSync(home, { recursive: true, force: true });
    throw e;
  }
}
