//! The pictures under `assets/` that one `cloth-demo` command draws are
//! what that command draws now, byte for byte: the command beside each in
//! the docs (`docs/models.md`) makes it again, compare mode's labels
//! (egui's text) included. (The pictures cut with
//! netpbm are `assets/what-if/make`'s.)

use crate::common::{cloth_demo, run, stderr};

/// Each picture and the arguments of the command that draws it, as the
/// docs give them (`--out` last).
const ASSETS: [(&str, &[&str]); 17] = [
    ("cloth.png", &["render", "--steps", "250"]),
    (
        "cloth-orbit.png",
        &["render", "--steps", "250", "--orbit", "120,-120"],
    ),
    (
        "cloth.gif",
        &[
            "record", "--steps", "900", "--every", "4", "--size", "396x287",
        ],
    ),
    (
        "other-models/curtain-torn.gif",
        &[
            "record",
            "--scene",
            "curtain",
            "--tear",
            "12",
            "--grab",
            "14,16",
            "--grab-to=1,0,-5",
            "--grab-steps",
            "90-140",
            "--orbit=900,-60",
            "--distance",
            "5",
            "--steps",
            "300",
            "--every",
            "4",
            "--size",
            "396x287",
        ],
    ),
    (
        "other-models/curtain-torn.png",
        &[
            "render",
            "--scene",
            "curtain",
            "--tear",
            "12",
            "--grab",
            "14,16",
            "--grab-to=1,0,-5",
            "--grab-steps",
            "90-140",
            "--orbit=900,-60",
            "--distance",
            "5",
            "--steps",
            "126",
        ],
    ),
    (
        "other-models/drape-springs.png",
        &[
            "render",
            "--scene",
            "drape",
            "--springs",
            "--steps",
            "150",
            "--size",
            "1188x860",
        ],
    ),
    (
        "compare/no-diagonals.png",
        &[
            "render",
            "--compare",
            "--no-diagonals",
            "--steps",
            "1500",
            "--orbit",
            "450,-300",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/bend.png",
        &[
            "render",
            "--compare",
            "--bend",
            "--steps",
            "1500",
            "--orbit",
            "450,-300",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/in-place.png",
        &[
            "render",
            "--compare",
            "--in-place",
            "--steps",
            "1500",
            "--orbit",
            "450,-300",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/hooke.png",
        &[
            "render",
            "--compare",
            "--hooke",
            "--steps",
            "200",
            "--orbit",
            "0,-250",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/passes-1.png",
        &[
            "render",
            "--compare",
            "--passes",
            "1",
            "--steps",
            "1400",
            "--orbit",
            "0,-150",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/mass-spring.png",
        &[
            "render",
            "--compare",
            "--solver",
            "mass-spring",
            "--steps",
            "250",
            "--orbit",
            "0,-150",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/relaxation.png",
        &[
            "render",
            "--compare",
            "--solver",
            "relaxation",
            "--steps",
            "250",
            "--orbit",
            "0,-150",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/xpbd.png",
        &[
            "render",
            "--compare",
            "--solver",
            "xpbd",
            "--steps",
            "250",
            "--orbit",
            "0,-150",
            "--size",
            "1188x573",
        ],
    ),
    (
        "compare/pull-xpbd.png",
        &[
            "render",
            "--compare",
            "--solver",
            "xpbd",
            "--grab",
            "16,16",
            "--grab-to",
            "0,1,0",
            "--grab-steps",
            "200-260",
            "--steps",
            "260",
            "--orbit",
            "0,-150",
            "--size",
            "1188x573",
        ],
    ),
    (
        "hands/rip-xpbd.png",
        &[
            "render",
            "--scene",
            "curtain",
            "--grid",
            "64",
            "--solver",
            "xpbd",
            "--tear",
            "3",
            "--grab",
            "32,32",
            "--grab-to=0,0.43,-0.1",
            "--grab-steps",
            "1-120",
            "--steps",
            "120",
            "--orbit=150,-30",
        ],
    ),
    (
        "hands/cut-xpbd.png",
        &[
            "render",
            "--scene",
            "curtain",
            "--grid",
            "64",
            "--solver",
            "xpbd",
            "--steps",
            "125",
            "--cut",
            "100,260:700,260",
            "--cut-step",
            "101",
            "--orbit=150,-30",
        ],
    ),
];

#[test]
fn the_docs_pictures_are_what_their_commands_draw() {
    let dir = tempfile::tempdir().unwrap();
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    for (name, args) in ASSETS {
        let out = dir.path().join(name.replace('/', "-"));
        let result = run(cloth_demo().args(args).arg("--out").arg(&out));
        assert!(result.status.success(), "{name}: {}", stderr(&result));
        let want = std::fs::read(assets.join(name)).unwrap();
        assert!(
            std::fs::read(&out).unwrap() == want,
            "assets/{name} is not what `cloth-demo {} --out assets/{name}` draws now: \
             run it to draw it again",
            args.join(" ")
        );
    }
}
