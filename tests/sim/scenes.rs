//! The presets and the new choices' values: names, parsing and its
//! one-line errors, what each scene sets and says, that explicit choices
//! override a scene's; and what each scene visibly does over a run, in
//! figures (the curtain hangs and sways, the flag streams and flaps, the
//! drape's heap lies in layers where the original's passes through
//! itself).

use cloth_demo::sim::{
    Cloth, Damping, Model, ModelError, Pins, Scene, Simulation, Solver, TearFactor, Thickness,
    Wind, FLOOR_Y, GRID,
};

fn msg(e: ModelError) -> String {
    e.to_string()
}

#[test]
fn scenes_by_name_and_what_they_set() {
    assert_eq!(
        Scene::NAMES,
        ["original", "curtain", "flag", "drape", "hands"]
    );
    for (s, name) in Scene::ALL.into_iter().zip(Scene::NAMES) {
        assert_eq!(s.to_string(), name);
        assert_eq!(name.parse::<Scene>().unwrap(), s);
    }
    assert_eq!(Scene::default(), Scene::Original);
    assert_eq!(
        msg("sail".parse::<Scene>().unwrap_err()),
        "unknown scene \"sail\": expected original, curtain, flag, drape or hands"
    );
    let said: Vec<String> = Scene::ALL.iter().map(|s| s.summary()).collect();
    assert_eq!(
        said,
        [
            "the original; the flat sheet",
            "pinned top, wind 0,0,-0.0001, gusts, inertia 0.01; hung straight down",
            "pinned top, wind 0,0,0.003, gusts, inertia 0.1; held out level from its pole, shaded",
            "inertia 0.5, self-collision; the flat sheet",
            "xpbd cotton, pinned top, tearing 3; 64 x 64, hung straight down",
        ]
    );
    assert!(Scene::Original.model().is_original());
    for s in [Scene::Curtain, Scene::Flag, Scene::Drape, Scene::Hands] {
        assert!(!s.model().is_original(), "{s}");
    }
    // The hands scene: the curtain's start and pins on 64 x 64, under
    // XPBD, tearing at XPBD's factor.
    let hands = Scene::Hands.model();
    assert_eq!(
        (hands.solver, hands.tear, hands.pins),
        (
            Solver::Xpbd,
            Some(TearFactor::for_solver(Solver::Xpbd)),
            Pins::Top
        )
    );
    assert_eq!(Scene::Hands.grid().get(), 64);
    assert_eq!(Scene::Curtain.grid().get(), GRID);
    assert_eq!(
        Scene::Hands.start_cloth_on(64),
        Scene::Curtain.start_cloth_on(64)
    );
    assert_eq!(
        Scene::Curtain.model().differences(),
        ["pinned top", "wind 0,0,-0.0001", "gusts", "inertia 0.01"]
    );
    let drape = Scene::Drape.model();
    assert_eq!(drape.inertia, Some(Damping::DRAPE));
    assert_eq!(drape.self_collision, Some(Thickness::default()));
    assert_eq!(drape.springs, Model::ORIGINAL.springs);
    assert_eq!(
        [Scene::Original, Scene::Curtain, Scene::Flag, Scene::Drape].map(Scene::shade),
        [false, false, true, false]
    );
}

#[test]
fn each_scene_starts_where_it_says() {
    assert_eq!(Scene::Original.start_cloth(), Cloth::flat(GRID));
    assert_eq!(Scene::Drape.start_cloth(), Cloth::flat(GRID));
    let curtain = Scene::Curtain.start_cloth();
    assert_eq!(curtain.point(0, 0), [(0.0 - 16.0) * 0.1, 2.0, -1.6]);
    assert_eq!(curtain.point(31, 31)[1], 2.0 - 31.0 * 0.1);
    assert!(curtain.z.iter().all(|&z| z == -1.6));
    let flag = Scene::Flag.start_cloth();
    assert!(flag.y.iter().all(|&y| y == 2.0));
    assert_eq!(
        (flag.x.clone(), flag.z.clone()),
        (Cloth::flat(GRID).x, Cloth::flat(GRID).z)
    );
    assert_eq!(Scene::Curtain.start_cloth_on(4).n(), 4);
    let sim = Scene::Flag.simulation();
    assert_eq!((sim.steps(), sim.model()), (0, Scene::Flag.model()));
    assert_eq!(sim.previous(), Some(&flag), "inertia: at rest");
}

#[test]
fn explicit_choices_override_a_scenes() {
    let mut m = Scene::Curtain.model();
    m.pins = Pins::Corners;
    m.gusts = false;
    m.inertia = None;
    assert_eq!(m.differences(), ["pinned corners", "wind 0,0,-0.0001"]);
    let mut sim = Simulation::resume_with(Scene::Curtain.start_cloth(), 0, m);
    sim.run(50);
    let start = Scene::Curtain.start_cloth();
    assert_eq!(sim.cloth.point(0, 0), start.point(0, 0));
    assert_eq!(sim.cloth.point(0, 31), start.point(0, 31));
    assert_ne!(
        sim.cloth.point(0, 16),
        start.point(0, 16),
        "no longer on its rod"
    );
    assert!(sim.previous().is_none());
}

#[test]
fn the_new_values_parse_and_refuse_in_one_line() {
    assert_eq!(Pins::NAMES, ["none", "top", "corners"]);
    for (p, name) in Pins::ALL.into_iter().zip(Pins::NAMES) {
        assert_eq!(name.parse::<Pins>().unwrap(), p);
        assert_eq!(p.to_string(), name);
    }
    assert_eq!(
        msg("left".parse::<Pins>().unwrap_err()),
        "unknown pins \"left\": expected none, top or corners"
    );
    assert_eq!(
        "0,0,0.0005".parse::<Wind>().unwrap().get(),
        [0.0, 0.0, 0.0005]
    );
    assert_eq!(
        " 1e-3 , -0.1,0.1".parse::<Wind>().unwrap().get(),
        [0.001, -0.1, 0.1]
    );
    assert_eq!(
        Wind::new([0.0, 0.0, -0.0001]).unwrap().to_string(),
        "0,0,-0.0001"
    );
    assert!(Wind::CALM.is_calm() && Wind::default().is_calm());
    for bad in [
        "1,2", "0,0,0,0", "0,0,nan", "0,0,inf", "0,0,0.2", "a,b,c", "",
    ] {
        assert_eq!(
            msg(bad.parse::<Wind>().unwrap_err()),
            format!(
                "wind must be X,Y,Z, three numbers from -0.1 to 0.1 (world units a pass), got {bad:?}"
            )
        );
    }
    assert!(Wind::new([f64::NAN, 0.0, 0.0]).is_err());
    assert_eq!("0.01".parse::<Damping>().unwrap().get(), 0.01);
    assert_eq!(Damping::new(0.0).unwrap().get(), 0.0);
    assert_eq!(Damping::new(1.0).unwrap().get(), 1.0);
    assert_eq!(
        msg("2".parse::<Damping>().unwrap_err()),
        "damping must be a number from 0 to 1, got 2"
    );
    assert_eq!(
        msg("-0.5".parse::<Damping>().unwrap_err()),
        "damping must be a number from 0 to 1, got -0.5"
    );
    assert_eq!(
        msg("lots".parse::<Damping>().unwrap_err()),
        "damping must be a number from 0 to 1, got \"lots\""
    );
    assert!(Damping::new(f64::NAN).is_err());
    assert_eq!(Thickness::default().get(), 0.05);
    assert_eq!("0.2".parse::<Thickness>().unwrap().get(), 0.2);
    for bad in ["0", "0.0005", "0.3", "NaN"] {
        assert_eq!(
            msg(bad.parse::<Thickness>().unwrap_err()),
            format!("thickness must be a number from 0.001 to 0.2, got {bad}")
        );
    }
    assert_eq!(
        msg("thick".parse::<Thickness>().unwrap_err()),
        "thickness must be a number from 0.001 to 0.2, got \"thick\""
    );
}

#[test]
fn the_new_choices_in_words() {
    let mut m = Model::ORIGINAL;
    m.pins = Pins::Top;
    m.wind = Wind::new([0.001, 0.0, 0.0]).unwrap();
    m.gusts = true;
    m.inertia = Some(Damping::new(0.25).unwrap());
    m.self_collision = Some(Thickness::new(0.03).unwrap());
    assert_eq!(
        m.to_string(),
        "pinned top, wind 0.001,0,0, gusts, inertia 0.25, self-collision 0.03"
    );
    // A calm wind says nothing, but gusts still count as a difference:
    // every field but the original's is off the fast pass.
    let mut calm = Model::ORIGINAL;
    calm.gusts = true;
    assert_eq!(calm.differences(), ["gusts"]);
    assert!(!calm.is_original());
    let mut zero = Model::ORIGINAL;
    zero.wind = Wind::new([0.0, -0.0, 0.0]).unwrap();
    assert!(zero.is_original(), "a calm wind is the original's");
}

// --- What each scene does over a run ---

fn hem(c: &Cloth) -> [f64; 3] {
    let n = c.n();
    let mut m = [0.0; 3];
    for i in 0..n {
        let p = c.point(n - 1, i);
        for a in 0..3 {
            m[a] += p[a] / n as f64;
        }
    }
    m
}

/// The hem's (the last row's) middle every 10 steps over steps 300 to
/// 900, and the simulation at step 900.
fn hem_over_a_run(scene: Scene) -> (Vec<[f64; 3]>, Simulation) {
    let mut sim = scene.simulation();
    sim.run(300);
    let mut out = Vec::new();
    while sim.steps() < 900 {
        sim.run(10);
        out.push(hem(&sim.cloth));
        stays_in_the_scene(&sim.cloth, scene);
    }
    (out, sim)
}

/// Nothing is flung out of the scene: every point within 4 of the middle
/// across, and between the floor and the rod or pole.
fn stays_in_the_scene(c: &Cloth, scene: Scene) {
    for p in c.points() {
        assert!(p[0].abs() < 4.0 && p[2].abs() < 4.0, "{scene}: {p:?}");
        assert!(p[1] > FLOOR_Y - 0.3 && p[1] <= 2.0, "{scene}: {p:?}");
    }
}

fn range(v: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let lo = v.clone().fold(f64::INFINITY, f64::min);
    (lo, v.fold(f64::NEG_INFINITY, f64::max))
}

/// Nothing is flung out of the scene from the very first step, in every
/// preset (the curtain's hem once met a sphere at step 14 and a squashed
/// spring flung a point 250 units, its move then not limited).
#[test]
fn no_scene_flings_a_point_from_its_start() {
    for scene in Scene::ALL {
        let mut sim = scene.simulation();
        for _ in 0..600 {
            let before = sim.cloth.clone();
            sim.step();
            stays_in_the_scene(&sim.cloth, scene);
            if scene.model().inertia.is_some() {
                for k in 0..before.x.len() {
                    let d = [
                        sim.cloth.x[k] - before.x[k],
                        sim.cloth.y[k] - before.y[k],
                        sim.cloth.z[k] - before.z[k],
                    ];
                    let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                    // The limit, and with self-collision its step's-end pushes.
                    assert!(
                        len <= 0.6,
                        "{scene}: step {} moved a point {len}",
                        sim.steps()
                    );
                }
            }
        }
    }
}

#[test]
fn the_curtain_hangs_from_its_rod_and_sways() {
    // Its rod never moves; it hangs stretched by its own weight (its hem
    // 4.2 to 4.5 below the rod, its rest length being 3.1) and clear of
    // the floor, and the gusts sway it to and fro, its hem between about
    // 0.2 in front of and 0.9 behind its start (1.4 to 2.5 behind the
    // spheres' middle at z = 0).
    let (hems, sim) = hem_over_a_run(Scene::Curtain);
    let start = Scene::Curtain.start_cloth();
    for i in 0..32 {
        assert_eq!(
            sim.cloth.point(0, i).map(f64::to_bits),
            start.point(0, i).map(f64::to_bits)
        );
    }
    let (lo_y, hi_y) = range(hems.iter().map(|h| h[1]));
    assert!(lo_y > -2.6 && hi_y < -2.1, "hem height {lo_y} to {hi_y}");
    assert!(sim.cloth.y.iter().all(|&y| y > FLOOR_Y + 0.3));
    let (lo_z, hi_z) = range(hems.iter().map(|h| h[2]));
    assert!(hi_z - lo_z > 0.8, "sways {lo_z} to {hi_z}");
    assert!(lo_z > -2.8 && hi_z < -1.2, "{lo_z} to {hi_z}");
    // Side to side it stays put: the wind is straight from the front.
    let (lo_x, hi_x) = range(hems.iter().map(|h| h[0]));
    assert!(hi_x - lo_x < 0.1, "{lo_x} to {hi_x}");
}

#[test]
fn the_flag_streams_from_its_pole_and_flaps() {
    // Its pole never moves; the wind holds it out in front of the pole
    // (the fly end 0.4 to 2.3 in front, z from -1.6), and as the gusts come
    // and go it drops below the pole and flaps back up, more than a unit
    // and a half, bending along its length as it does.
    let (hems, sim) = hem_over_a_run(Scene::Flag);
    let start = Scene::Flag.start_cloth();
    for i in 0..32 {
        assert_eq!(
            sim.cloth.point(0, i).map(f64::to_bits),
            start.point(0, i).map(f64::to_bits)
        );
    }
    let (lo_y, hi_y) = range(hems.iter().map(|h| h[1]));
    assert!(hi_y - lo_y > 1.5, "flaps {lo_y} to {hi_y}");
    assert!(hi_y < 2.0 && lo_y > -2.5, "{lo_y} to {hi_y}");
    let (lo_z, hi_z) = range(hems.iter().map(|h| h[2]));
    assert!(lo_z > 0.0 && hi_z < 3.0, "streams out {lo_z} to {hi_z}");
}

/// Points of `c` within 0.01 of each of the heights `0.05 k` above the
/// floor, `k` = 0 to 3.
fn layers(c: &Cloth) -> [usize; 4] {
    std::array::from_fn(|k| {
        let y = FLOOR_Y + 0.05 * k as f64;
        c.y.iter().filter(|&&v| (v - y).abs() < 0.01).count()
    })
}

fn closest(c: &Cloth) -> f64 {
    let n = c.n();
    let pts: Vec<[f64; 3]> = c.points().collect();
    let mut best = f64::INFINITY;
    for a in 0..n * n {
        for b in a + 1..n * n {
            if (a / n).abs_diff(b / n) > 1 || (a % n).abs_diff(b % n) > 1 {
                let d = (0..3).map(|k| (pts[a][k] - pts[b][k]).powi(2)).sum::<f64>();
                best = best.min(d.sqrt());
            }
        }
    }
    best
}

#[test]
fn the_drapes_heap_lies_in_layers() {
    // By step 900 both heaps are on the floor. The original's folds lie
    // inside each other: two thirds of its points flat on the floor, few a
    // layer up, and points of different folds 0.0003 apart. The drape's
    // lie on each other: a third on the floor, then layer on layer 0.05
    // apart (about 140, 110 and 30 points), no two points that are not
    // grid neighbours closer than the thickness, 0.05.
    let mut original = Simulation::new();
    original.run(900);
    let mut drape = Scene::Drape.simulation();
    for _ in 0..90 {
        drape.run(10);
        stays_in_the_scene(&drape.cloth, Scene::Drape);
    }
    let (o, d) = (layers(&original.cloth), layers(&drape.cloth));
    eprintln!("layers: original {o:?}, drape {d:?}");
    assert!(o[0] > 600 && o[1] < 60, "original {o:?}");
    assert!(
        d[0] < 420 && d[1] > 120 && d[2] > 80 && d[3] > 5,
        "drape {d:?}"
    );
    let (co, cd) = (closest(&original.cloth), closest(&drape.cloth));
    assert!(co < 0.005, "original {co}");
    assert!(cd >= 0.05, "drape {cd}");
}
