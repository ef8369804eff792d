//! `--look-at X,Y,Z` on `render` and `record`: each bad value one line
//! naming the rule, exit 2, and no output file. (What it draws is in
//! `tests/render/look_at.rs`.)

use crate::common::{self, assert_one_line_error, run};

#[test]
fn look_at_points_out_of_bounds_or_malformed_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("x.png");
    let gif = dir.path().join("x.gif");
    let (png, gif) = (png.to_str().unwrap(), gif.to_str().unwrap());
    for bad in [
        "", "1,2", "1,2,3,4", "a,b,c", "nan,0,0", "0,inf,0", "10.5,0,0", "0,0,-1e9", "1,,2", "-",
    ] {
        for command in [
            &["render", "--steps", "1", "--out", png][..],
            &["record", "--steps", "2", "--every", "1", "--out", gif],
        ] {
            let out = run(common::cloth_demo().args([command, &["--look-at", bad]].concat()));
            assert_one_line_error(
                &out,
                2,
                &[&format!(
                    "cloth-demo: error: --look-at must be X,Y,Z, three numbers of world units \
                     from -10 to 10 (e.g. 0,-2.5,0.5; the original's is 0,0,0), not `{bad}` \
                     (see --help)"
                )],
            );
        }
    }
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}
