// Load the WebAssembly build (wasm-bindgen's `--target web` module) and
// start the demo on the canvas. The running demo stays on
// `window.clothDemo`: steps(), stateCsv(), camera(), distance(), held(), pinned(),
// projected(j, i), running(), paused(), frames(), firstFrameMs(), drawingBuffer(),
// glInfo() (see src/app/web/handle.rs).
import init, { start } from './cloth_demo.js';

const canvas = document.getElementById('cloth');
const caption = document.getElementById('caption');
try {
  await init();
  performance.mark('cloth-demo: wasm ready');
  window.clothDemo = start(canvas, caption, location.search);
  performance.mark('cloth-demo: started');
} catch (e) {
  caption.textContent = `The demo cannot start: ${e}`;
  caption.classList.add('error');
  throw e;
}
