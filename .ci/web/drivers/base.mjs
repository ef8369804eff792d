// The page API the browser tests use, one for every engine: a small
// subset of playwright's `Page`, under the same names, so a test reads as
// a playwright one. Each engine's driver (.ci/web/drivers/chromium.mjs,
// firefox.mjs, webkit.mjs) extends `Page` with the few primitives below;
// everything else (waiting, locating elements, clicking them) is built
// here on those, once for all engines.
//
// The primitives a driver gives: `_evaluate(fn, arg)`, `goto(url)`,
// `reload()`, `_screenshot()` (the viewport in device pixels, PNG bytes),
// `setViewportSize({ width, height })`, `_pointerMoves(points)` (the
// mouse through each point, CSS pixels of the viewport),
// `_pointerButton('down' | 'up', 'left' | 'right')`, `_wheel(dx, dy)`
// (at the pointer), `_key('down' | 'up', key)` (playwright's key names:
// 'Space', 'Control', '.', 'a'), `download(action)` (the file the page
// hands over while `action()` runs: `{ name, bytes }`), `consoleMessages()`
// and `close()`; and where the engine has one, `_fullPageScreenshot()`.

import fs from 'node:fs';

/// Every bounded wait, ms.
export const WAIT = 15_000;

/// How often a poll asks again, ms.
const POLL = 25;

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/// The points a pointer passes through going from `from` to `to` in
/// `steps` moves, as playwright's `mouse.move(x, y, { steps })` does: the
/// last one `to`.
export function stepsBetween(from, to, steps = 1) {
  const n = Math.max(1, Math.round(steps));
  return Array.from({ length: n }, (_, k) => [
    from[0] + (to[0] - from[0]) * (k + 1) / n,
    from[1] + (to[1] - from[1]) * (k + 1) / n,
  ]);
}

/// A console line as the tests compare them: `warning: text`,
/// `error: text`, or `page error: message` for an uncaught exception.
export const consoleLine = (type, text) => `${type === 'warn' ? 'warning' : type}: ${text}`;

export class Page {
  /// `engine`: chromium, firefox or webkit.
  constructor(engine) {
    this.engine = engine;
    /// Where the mouse is, CSS pixels of the viewport.
    this.pointer = [0, 0];
    this.mouse = {
      move: async (x, y, { steps = 1 } = {}) => {
        const points = stepsBetween(this.pointer, [x, y], steps);
        this.pointer = [x, y];
        await this._pointerMoves(points);
      },
      down: ({ button = 'left' } = {}) => this._pointerButton('down', button),
      up: ({ button = 'left' } = {}) => this._pointerButton('up', button),
      click: async (x, y, { button = 'left' } = {}) => {
        await this.mouse.move(x, y);
        await this._pointerButton('down', button);
        await this._pointerButton('up', button);
      },
      wheel: (dx, dy) => this._wheel(dx, dy),
    };
    this.keyboard = {
      down: (key) => this._key('down', key),
      up: (key) => this._key('up', key),
      press: async (key) => {
        await this._key('down', key);
        await this._key('up', key);
      },
    };
  }

  /// `fn(arg)` run in the page (a function, or its source text); its
  /// result, JSON-like values only (typed arrays as `Array.from`).
  evaluate(fn, arg) {
    return this._evaluate(fn, arg);
  }

  /// Wait until `fn(arg)` is truthy in the page, polling; its value.
  /// Throws after `timeout` ms, naming the function.
  async waitForFunction(fn, arg, { timeout = WAIT } = {}) {
    const until = Date.now() + timeout;
    for (;;) {
      const value = await this._evaluate(fn, arg);
      if (value) return value;
      if (Date.now() > until) throw new Error(`${this.engine}: waited ${timeout} ms for ${String(fn)}`);
      await sleep(POLL);
    }
  }

  waitForTimeout(ms) {
    return sleep(ms);
  }

  title() {
    return this._evaluate(() => document.title);
  }

  /// The viewport, CSS pixels.
  async viewportSize() {
    const [width, height] = await this._evaluate(() => [innerWidth, innerHeight]);
    return { width, height };
  }

  /// The elements a CSS selector picks.
  locator(selector) {
    return new Locator(this, { css: selector });
  }

  /// The form control whose label (or aria-label) reads `text`; only
  /// exact matches (whitespace folded), as playwright's `{ exact: true }`.
  getByLabel(text) {
    return new Locator(this, { label: text });
  }

  /// Buttons named `name` (their aria-label or text, exactly);
  /// `role` must be 'button'.
  getByRole(role, { name }) {
    if (role !== 'button') throw new Error(`getByRole: only buttons, not ${role}`);
    return new Locator(this, { button: name });
  }

  /// The viewport as the engine draws it, device pixels: PNG bytes,
  /// saved to `path` too when given one. `fullPage`: the whole page
  /// instead, where the driver has `_fullPageScreenshot()`.
  async screenshot({ path, fullPage = false } = {}) {
    if (fullPage && !this._fullPageScreenshot) throw new Error(`${this.engine}: no full-page screenshot`);
    const png = await (fullPage ? this._fullPageScreenshot() : this._screenshot());
    if (path) fs.writeFileSync(path, png);
    return png;
  }
}

/// Find the elements of `query` in the page and do `op` on them; runs in
/// the page (self-contained). Every op but `count` wants exactly one.
function onElements({ query, op, arg }) {
  const fold = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
  let found;
  if (query.css) {
    found = [...document.querySelectorAll(query.css)];
  } else if (query.label !== undefined) {
    found = [];
    for (const l of document.querySelectorAll('label')) {
      if (fold(l.textContent) === query.label && l.control) found.push(l.control);
    }
    for (const e of document.querySelectorAll('[aria-label]')) {
      if (fold(e.getAttribute('aria-label')) === query.label) found.push(e);
    }
    found = [...new Set(found)];
  } else {
    found = [...document.querySelectorAll('button, input[type=button], [role=button]')]
      .filter((b) => fold(b.getAttribute('aria-label') ?? b.textContent ?? b.value) === query.button);
  }
  if (op === 'count') return { value: found.length };
  if (found.length !== 1) return { missing: found.length };
  const e = found[0];
  const box = () => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  const visible = () => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const fire = () => {
    e.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    e.dispatchEvent(new Event('change', { bubbles: true }));
  };
  switch (op) {
    case 'text': return { value: e.textContent };
    case 'attribute': return { value: e.getAttribute(arg) };
    case 'box': return { value: visible() ? box() : null };
    case 'visible': return { value: visible() };
    case 'checked': return { value: e.checked };
    case 'disabled': return { value: e.disabled === true };
    case 'value': return { value: e.value };
    case 'focus': e.focus(); return { value: null };
    case 'evaluate': return { value: (0, eval)(`(${arg.source})`)(e, arg.arg) };
    case 'scroll': {
      // Into view when not wholly in it, as playwright does before a
      // click; then where it is, for the pointer.
      const r = e.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
        e.scrollIntoView({ block: 'center', inline: 'center' });
      }
      return { value: { box: box(), visible: visible(), disabled: e.disabled === true } };
    }
    case 'fill':
      // As playwright fills a range input: focus, set, input and change.
      e.focus();
      e.value = arg;
      if (e.value !== arg) return { error: `the control took ${e.value}, not ${arg}` };
      fire();
      return { value: null };
    case 'select': {
      // As playwright's selectOption: the option picked, input and change.
      const k = arg.index ?? [...e.options].findIndex((o) => o.value === arg.value);
      if (k < 0 || k >= e.options.length) return { error: `no option ${JSON.stringify(arg)}` };
      e.selectedIndex = k;
      fire();
      return { value: null };
    }
    default: return { error: `no op ${op}` };
  }
}

/// Elements of a page found by a CSS selector, a label or a button's name,
/// found again at each call (as playwright's locators): an action waits
/// up to WAIT ms for exactly one.
export class Locator {
  constructor(page, query) {
    this.page = page;
    this.query = query;
  }

  async _do(op, arg) {
    const until = Date.now() + WAIT;
    for (;;) {
      const r = await this.page._evaluate(onElements, { query: this.query, op, arg });
      if (r.error) throw new Error(`${JSON.stringify(this.query)}: ${r.error}`);
      if (r.missing === undefined) return r.value;
      if (Date.now() > until) {
        throw new Error(`${JSON.stringify(this.query)}: ${r.missing} elements after ${WAIT} ms, want one`);
      }
      await sleep(POLL);
    }
  }

  count() { return this._do('count'); }
  textContent() { return this._do('text'); }
  getAttribute(name) { return this._do('attribute', name); }
  /// `{ x, y, width, height }` in CSS pixels of the viewport, or null
  /// when it is not shown.
  boundingBox() { return this._do('box'); }
  isVisible() { return this._do('visible'); }
  isChecked() { return this._do('checked'); }
  isDisabled() { return this._do('disabled'); }
  inputValue() { return this._do('value'); }
  focus() { return this._do('focus'); }
  fill(value) { return this._do('fill', String(value)); }
  /// `{ index }`, `{ value }` or the value itself.
  selectOption(option) { return this._do('select', typeof option === 'string' ? { value: option } : option); }
  evaluate(fn, arg) { return this._do('evaluate', { source: String(fn), arg }); }
  async scrollIntoViewIfNeeded() { await this._do('scroll'); }

  /// A real click at the element's middle: scrolled into view first, and
  /// only once it is shown and enabled, as playwright's `click`.
  async click() {
    const until = Date.now() + WAIT;
    for (;;) {
      const s = await this._do('scroll');
      if (s.visible && !s.disabled) {
        await this.page.mouse.click(s.box.x + s.box.width / 2, s.box.y + s.box.height / 2);
        return;
      }
      if (Date.now() > until) throw new Error(`${JSON.stringify(this.query)}: not clickable after ${WAIT} ms`);
      await sleep(POLL);
    }
  }
}
