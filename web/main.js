// Load the WebAssembly build (wasm-bindgen's `--target web` module) and
// start the demo on the canvas. The build with SIMD128 where the engine
// runs it (every current one does), else the scalar one in scalar/; the
// same bits either way. `?simd=0` asks for the scalar build. The running
// demo stays on `window.clothDemo`: steps(), stateCsv(), camera(),
// distance(), held(), pinned(), projected(j, i), running(), paused(),
// frames(), firstFrameMs(), drawingBuffer(), glInfo() (see
// src/app/web/handle.rs); `window.clothDemoSimd` says which build runs.

// The smallest module that uses a SIMD128 instruction (i8x16.splat of a
// constant, then i8x16.popcnt): an engine without SIMD refuses it.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253,
  15, 253, 98, 11,
]);

const canvas = document.getElementById('cloth');
const caption = document.getElementById('caption');
try {
  const params = new URLSearchParams(location.search);
  const simd = params.get('simd') !== '0' && WebAssembly.validate(SIMD_PROBE);
  params.delete('simd');
  const { default: init, start } = await import(simd ? './cloth_demo.js' : './scalar/cloth_demo.js');
  await init();
  window.clothDemoSimd = simd;
  performance.mark('cloth-demo: wasm ready');
  // The query as typed, unless `simd` has to come out of it.
  const query = params.toString();
  const search = new URLSearchParams(location.search).has('simd') ? (query && `?${query}`) : location.search;
  window.clothDemo = start(canvas, caption, search);
  performance.mark('cloth-demo: started');
} catch (e) {
  caption.textContent = `The demo cannot start: ${e}`;
  caption.classList.add('error');
  throw e;
}
