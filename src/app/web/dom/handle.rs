//! What JavaScript sees of the running page: [`WebDemo`], which `main.js`
//! keeps as `window.clothDemo` for the tests (and the curious) to read,
//! and [`wave_values`], the sim's waves for the bit-exactness test.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::page::Page;
use crate::app::controls::RunState;
use crate::sim::spheres::{wave_argument, wave_trig, SPHERE_COUNT};

/// The running page, as `main.js` keeps it (`window.clothDemo`): what the
/// tests read.
#[wasm_bindgen]
pub struct WebDemo {
    pub(super) page: Rc<RefCell<Page>>,
}

#[wasm_bindgen]
impl WebDemo {
    /// Steps run since the start (or the last restart).
    pub fn steps(&self) -> f64 {
        self.page.borrow().demo.sim().steps() as f64
    }

    /// The state now, as a state file, byte for byte what `cloth-demo
    /// simulate --csv` writes for the same run: `j,i,x,y,z`, each
    /// coordinate with 17 significant digits; with inertia (the curtain,
    /// the flag, the drape) the previous positions too, `px,py,pz`; with
    /// torn springs a last column `torn`
    /// ([`Simulation::to_state_file`](crate::sim::Simulation::to_state_file)).
    #[wasm_bindgen(js_name = stateCsv)]
    pub fn state_csv(&self) -> String {
        self.page.borrow().demo.sim().to_state_file()
    }

    /// The view: `[r1, r2]`, original-window pixels dragged (0.2 degrees
    /// each), as `cloth-demo render --orbit R1,R2` takes them.
    pub fn camera(&self) -> Vec<f64> {
        let c = self.page.borrow().demo.camera();
        vec![c.r1, c.r2]
    }

    /// How far the camera stands from the point it looks at ([`target`](Self::target)), world
    /// units (5 unless zoomed), as `cloth-demo render --distance D` takes
    /// it.
    pub fn distance(&self) -> f64 {
        self.page.borrow().demo.camera().distance()
    }

    /// The point the camera looks at and turns about, `[x, y, z]` world
    /// units (the origin unless the wheel or a pinch zoomed toward a
    /// point), as `cloth-demo render --look-at X,Y,Z` takes it.
    pub fn target(&self) -> Vec<f64> {
        self.page.borrow().demo.camera().target().to_vec()
    }

    /// The point held by a grab, `[j, i]`, or `undefined` when none is.
    pub fn held(&self) -> Option<Vec<u32>> {
        let (j, i) = self.page.borrow().demo.sim().held()?.point();
        Some(vec![j as u32, i as u32])
    }

    /// How many points are pinned (a scene's pins, and those pinned by
    /// hand).
    pub fn pinned(&self) -> u32 {
        self.page.borrow().demo.sim().pins().len() as u32
    }

    /// How many springs are torn or cut, for good (0 unless tearing or
    /// the knife has broken some).
    pub fn torn(&self) -> u32 {
        self.page.borrow().demo.sim().torn().len() as u32
    }

    /// Where cloth point `[j][i]` is drawn: `[x, y]`, CSS pixels from the
    /// canvas's top-left corner (to aim a grab at it); empty when it is not
    /// in view or off the grid.
    pub fn projected(&self, j: u32, i: u32) -> Vec<f64> {
        let page = self.page.borrow();
        let cloth = &page.demo.sim().cloth;
        let (j, i) = (j as usize, i as usize);
        if j >= cloth.n() || i >= cloth.n() {
            return Vec::new();
        }
        let k = page.buffer_per_css();
        page.demo
            .camera()
            .project(cloth.point(j, i), page.canvas.width(), page.canvas.height())
            .map_or_else(Vec::new, |[x, y]| vec![f64::from(x) / k, f64::from(y) / k])
    }

    /// Whether it is running: neither paused (Space) nor stopped (Escape).
    pub fn running(&self) -> bool {
        self.page.borrow().demo.state() == RunState::Running
    }

    /// Whether Space has paused it (and not stopped: Escape stops).
    pub fn paused(&self) -> bool {
        self.page.borrow().demo.state() == RunState::Paused
    }

    /// Frames drawn since the page started (frames that would draw the
    /// same picture are skipped and not counted).
    pub fn frames(&self) -> f64 {
        self.page.borrow().frames as f64
    }

    /// When the first frame had been drawn, ms since navigation
    /// (`performance.now()`); `undefined` before.
    #[wasm_bindgen(js_name = firstFrameMs)]
    pub fn first_frame_ms(&self) -> Option<f64> {
        self.page.borrow().first_frame_ms
    }

    /// The drawing buffer: `[width, height]`, device pixels.
    #[wasm_bindgen(js_name = drawingBuffer)]
    pub fn drawing_buffer(&self) -> Vec<u32> {
        let page = self.page.borrow();
        vec![page.canvas.width(), page.canvas.height()]
    }

    /// The GL in use, one line: the context's version string, the shader
    /// dialect, and the default framebuffer's colour and depth bits.
    #[wasm_bindgen(js_name = glInfo)]
    pub fn gl_info(&self) -> String {
        self.page.borrow().gl_info.clone()
    }
}

/// The spheres' waves as `sim` computes them in this build: for each
/// `(steps[n], spheres[n])`, the argument and the correctly rounded `cos`
/// (`sin` for sphere 2), flattened as `[x0, y0, x1, y1, ...]`; the rows of
/// `tests/data/waves.csv`. Pairs past the shorter list, and spheres past
/// the fifth, are left out.
#[wasm_bindgen(js_name = waveValues)]
pub fn wave_values(steps: &[u32], spheres: &[u32]) -> Vec<f64> {
    steps
        .iter()
        .zip(spheres)
        .filter(|&(_, &k)| (k as usize) < SPHERE_COUNT)
        .flat_map(|(&a, &k)| {
            let (k, a) = (k as usize, u64::from(a));
            [wave_argument(k, a), wave_trig(k, a)]
        })
        .collect()
}
