// The browser engines the page's tests run in, and one way to open a page
// in each (the page API of .ci/web/drivers/base.mjs):
//
// - chromium: Debian's Chromium through playwright-core (DevTools protocol);
// - firefox: Firefox ESR through puppeteer-core (WebDriver BiDi);
// - webkit: WebKitGTK's MiniBrowser through selenium-webdriver and
//   WebKitWebDriver (classic WebDriver).
//
// What only Chromium's DevTools protocol offers is named in `CHROMIUM_ONLY`;
// a test that needs it is skipped elsewhere with that reason.

import * as chromium from './chromium.mjs';
import * as firefox from './firefox.mjs';
import * as webkit from './webkit.mjs';

export const ENGINES = { chromium, firefox, webkit };

/// Why a test is Chromium's alone, by what it needs.
export const CHROMIUM_ONLY = {
  touch: 'touch input is sent with Input.dispatchTouchEvent, Chromium\'s DevTools protocol',
  emulation: 'device emulation (a phone\'s screen, a device pixel ratio, mobile viewport) is Chromium\'s DevTools protocol',
};

/// The engine named `name`, or an error naming the engines there are.
export function engine(name) {
  const e = ENGINES[name];
  if (!e) throw new Error(`no engine ${JSON.stringify(name)}: WEB_ENGINE takes ${Object.keys(ENGINES).join(', ')}`);
  return e;
}

/// A fresh browser of engine `name` with one blank page: the driver's
/// `launch(options)` (see each). The options only Chromium takes (`scale`,
/// `touch`, `mobile`) are refused elsewhere.
export function launch(name, options) {
  if (name !== 'chromium') {
    for (const k of ['touch', 'mobile']) {
      if (options[k]) throw new Error(`${name}: ${k}: ${CHROMIUM_ONLY.touch}`);
    }
    if ((options.scale ?? 1) !== 1) throw new Error(`${name}: scale: ${CHROMIUM_ONLY.emulation}`);
  }
  return engine(name).launch(options);
}

/// A script the test server puts first in each HTML page for engine
/// `name` (its console recorder), or undefined.
export const pageScript = (name) => engine(name).PAGE_SCRIPT;
