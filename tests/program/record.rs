//! `cloth-demo record`: the built binary run headless (no `DISPLAY`, no
//! `WAYLAND_DISPLAY`), its GIF decoded and composited as a viewer would:
//! frame count, size, delays and looping; every frame the very picture
//! `render` draws of the same step; an interrupted run leaving no file; bad
//! arguments. Runs on Mesa's software EGL device (llvmpipe); no GPU needed.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Output, Stdio};

use crate::common::{self, classify_rgb, cloth_demo, run, stderr, stdout, Colour};
use std::time::{Duration, Instant};

/// A decoded GIF, each frame composited over the ones before it.
pub(crate) struct Gif {
    pub(crate) width: usize,
    pub(crate) height: usize,
    repeat: gif::Repeat,
    /// The whole picture after each frame, RGB, rows top to bottom.
    pub(crate) frames: Vec<Vec<[u8; 3]>>,
    /// Each frame's delay, hundredths of a second.
    delays: Vec<u16>,
}

fn decode_gif(path: &Path) -> Gif {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(file).expect("a GIF header");
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut canvas: Vec<[u8; 3]> = Vec::new();
    let mut gif = Gif {
        width,
        height,
        repeat: gif::Repeat::Finite(0),
        frames: Vec::new(),
        delays: Vec::new(),
    };
    while let Some(frame) = decoder.read_next_frame().expect("GIF frame data") {
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let (fw, fh) = (usize::from(frame.width), usize::from(frame.height));
        assert!(frame.palette.is_none(), "frames use the global palette");
        assert!(left + fw <= width && top + fh <= height, "frame inside");
        if canvas.is_empty() {
            // Nothing to show through: the first frame is whole and opaque.
            assert_eq!((left, top, fw, fh), (0, 0, width, height));
            canvas = vec![[0; 3]; width * height];
        }
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for y in 0..fh {
            for x in 0..fw {
                let index = frame.buffer[y * fw + x];
                if Some(index) == frame.transparent {
                    continue;
                }
                let k = usize::from(index) * 3;
                let rgb = palette
                    .get(k..k + 3)
                    .unwrap_or_else(|| panic!("index {index} outside the palette"));
                canvas[(top + y) * width + left + x] = [rgb[0], rgb[1], rgb[2]];
            }
        }
        gif.frames.push(canvas.clone());
        gif.delays.push(frame.delay);
    }
    gif.repeat = decoder.repeat();
    gif
}

/// `render` with `args` (after `render --out FILE`), as RGB.
pub(crate) fn render(args: &[&str], dir: &Path) -> (usize, usize, Vec<[u8; 3]>) {
    let path = dir.join("render.png");
    let out = run(cloth_demo().args(["render", "--out"]).arg(&path).args(args));
    assert!(out.status.success(), "render {args:?}: {}", stderr(&out));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    let rgb = buf.chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect();
    (info.width as usize, info.height as usize, rgb)
}

/// Run `record` with `args` (after `record --out DIR/NAME`); the output.
fn record(dir: &Path, name: &str, args: &[&str]) -> Output {
    run(cloth_demo()
        .args(["record", "--out"])
        .arg(dir.join(name))
        .args(args))
}

/// Run `record` and decode its GIF; the run must succeed and leave only the
/// GIF in `dir`.
pub(crate) fn record_gif(dir: &Path, args: &[&str]) -> (Gif, Output) {
    let out = record(dir, "out.gif", args);
    assert!(out.status.success(), "record {args:?}: {}", stderr(&out));
    assert!(
        out.stderr.is_empty(),
        "no progress output when not a terminal"
    );
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["out.gif"], "nothing but the GIF left");
    (decode_gif(&dir.join("out.gif")), out)
}

#[test]
fn frames_count_size_delays_and_looping() {
    let dir = tempfile::tempdir().unwrap();
    // K = 4: 4/60 s = 6.67 hundredths a frame, the remainder carried.
    let (gif, out) = record_gif(
        dir.path(),
        &["--steps", "24", "--every", "4", "--size", "97x61"],
    );
    assert_eq!((gif.width, gif.height), (97, 61));
    assert_eq!(gif.frames.len(), 6);
    assert_eq!(gif.delays, [6, 7, 7, 6, 7, 7]);
    assert_eq!(gif.repeat, gif::Repeat::Infinite);
    let said = stdout(&out);
    assert!(said.starts_with("6 frames of 97x61, 0.40 s long"), "{said}");

    // K = 1: 1.67 hundredths; 30 frames are exactly half a second.
    let dir = tempfile::tempdir().unwrap();
    let (gif, _) = record_gif(
        dir.path(),
        &["--steps", "30", "--every", "1", "--size", "40x30"],
    );
    assert_eq!(gif.frames.len(), 30);
    assert_eq!(gif.delays[..6], [1, 2, 2, 1, 2, 2]);
    assert_eq!(gif.delays.iter().map(|&d| u32::from(d)).sum::<u32>(), 50);

    // K = 3 divides evenly (5 hundredths); N not a multiple of K: frames at
    // steps 3, 6 and 9, and step 10 is not drawn.
    let dir = tempfile::tempdir().unwrap();
    let (gif, _) = record_gif(
        dir.path(),
        &["--steps", "10", "--every", "3", "--size", "33x20"],
    );
    assert_eq!((gif.width, gif.height), (33, 20));
    assert_eq!(gif.delays, [5, 5, 5]);

    // The default size is the demo's drawing area; N = K gives one frame.
    let dir = tempfile::tempdir().unwrap();
    let (gif, _) = record_gif(dir.path(), &["--steps", "60", "--every", "60"]);
    assert_eq!((gif.width, gif.height), (792, 573));
    assert_eq!(gif.delays, [100]);
}

#[test]
fn every_frame_is_the_picture_render_draws_of_its_step() {
    let dir = tempfile::tempdir().unwrap();
    let size = "200x145";
    let (gif, _) = record_gif(
        dir.path(),
        &["--steps", "300", "--every", "100", "--size", size],
    );
    assert_eq!(gif.frames.len(), 3);
    let mut seen = BTreeSet::new();
    for (k, frame) in gif.frames.iter().enumerate() {
        let steps = ((k + 1) * 100).to_string();
        let (w, h, want) = render(&["--steps", &steps, "--size", size], dir.path());
        assert_eq!((w, h), (gif.width, gif.height));
        let differing = want.iter().zip(frame).filter(|(a, b)| a != b).count();
        assert_eq!(differing, 0, "frame {k} (step {steps}) differs from render");
        for &p in frame {
            let c =
                classify_rgb(p).unwrap_or_else(|| panic!("frame {k}: {p:?} is no scene colour"));
            seen.insert(c);
        }
    }
    // The frames show the whole scene: background, cloth, spheres, floor.
    use Colour::*;
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [Black, Yellow, Blue, Red, White, LightGrey, DarkGrey]
    );
    // The cloth moves: no two frames alike.
    assert_ne!(gif.frames[0], gif.frames[1]);
    assert_ne!(gif.frames[1], gif.frames[2]);
}

#[test]
fn orbit_and_a_saved_start_state_work_as_in_render() {
    let dir = tempfile::tempdir().unwrap();
    let from = common::data_path("cloth_step_01000.csv");
    let from = from.to_str().unwrap();
    let view = [
        "--size", "120x90", "--orbit", "-150,60", "--from", from, "--start", "1000",
    ];
    let (gif, out) = record_gif(
        dir.path(),
        &[&["--steps", "30", "--every", "15"][..], &view].concat(),
    );
    assert_eq!(gif.frames.len(), 2);
    // The summary says the steps the frames are at.
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.starts_with(
            "2 frames of 120x90, the states after steps 1,015 to 1,030 (every 15 from step 1,000), \
             0.50 s long, in "
        ),
        "{said}"
    );
    for (k, steps) in ["15", "30"].into_iter().enumerate() {
        let (_, _, want) = render(&[&["--steps", steps][..], &view].concat(), dir.path());
        assert!(gif.frames[k] == want, "frame {k} (step 1000 + {steps})");
    }
}

#[test]
fn an_interrupted_run_leaves_no_file_at_the_output_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.gif");
    let mut child = cloth_demo()
        .args(["record", "--steps", "100000000", "--every", "1"])
        .args(["--size", "64x48", "--out"])
        .arg(&path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until it is writing: its temporary file is there and frames
    // have gone into it (past the write buffer).
    let written = || {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().metadata().map_or(0, |m| m.len()))
            .sum::<u64>()
    };
    let t0 = Instant::now();
    while written() == 0 {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("record stopped early: {status}");
        }
        assert!(t0.elapsed() < Duration::from_secs(30), "nothing written");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL: no chance to clean up
    child.wait().unwrap();
    assert!(!path.exists(), "a half-written {}", path.display());
    // What may remain is the hidden temporary file, frames and all.
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(name.starts_with(".cloth-demo-"), "left {name}");
    }
    assert!(written() > 0);
}

#[test]
fn bad_arguments_exit_2_with_one_line_and_write_nothing() {
    for (args, needle) in [
        (&["--steps", "10", "--every", "0"][..], "--every"),
        (&["--steps", "4", "--every", "5"], "--every 5"),
        (&["--steps", "0", "--every", "1"], "--steps 0"),
        (&["--steps", "40000", "--every", "36001"], "36001"),
        (&["--steps", "10", "--every", "-1"], "-1"),
        (&["--steps", "10"], "--every"),
        (&["--every", "1"], "--steps"),
        (&["--steps", "1", "--every", "1", "--size", "0x0"], "0x0"),
        (
            &["--steps", "1", "--every", "1", "--size", "99999x10"],
            "99999",
        ),
        (&["--steps", "1", "--every", "1", "--orbit", "nan,0"], "nan"),
        (&["--steps", "1", "--every", "1", "--start", "5"], "--from"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = record(dir.path(), "x.gif", args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(err.starts_with("cloth-demo: error: "), "{args:?}: {err:?}");
        assert!(
            err.contains(needle),
            "{args:?}: {err:?} should name {needle}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

#[test]
fn an_unwritable_output_is_a_one_line_runtime_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = record(
        dir.path(),
        "no/such/dir/x.gif",
        &["--steps", "2", "--every", "1", "--size", "16x16"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(
        err.contains("cannot write") && err.contains("x.gif"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn help_says_which_steps_become_frames() {
    let out = run(cloth_demo().args(["record", "--help"]));
    assert!(out.status.success());
    let help = stdout(&out);
    for word in [
        "--steps", "--every", "--out", "--size", "--orbit", "--from", "--start", "K, 2K", "K/60 s",
    ] {
        assert!(help.contains(word), "record --help mentions {word}: {help}");
    }
    let out = run(cloth_demo().arg("--help"));
    assert!(stdout(&out).contains("record"));
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // Long enough for several bar updates (every 250 steps).
    let out = run(cloth_demo().args(["simulate", "--steps", "1000"]));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{:?}", stderr(&out));
    let said = stdout(&out);
    assert_eq!(said.lines().count(), 1, "{said:?}");
    assert!(said.starts_with("1,000 steps in "), "{said:?}");
    assert!(said.contains(" steps/s ("), "{said:?}");
}

#[test]
fn out_png_is_an_animated_png_of_the_very_frames_with_exact_delays() {
    let dir = tempfile::tempdir().unwrap();
    let view = ["--size", "64x48", "--orbit", "120,-40"];
    let out = record(
        dir.path(),
        "anim.png",
        &[&["--steps", "30", "--every", "15"][..], &view].concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(
        said.starts_with("2 frames of 64x48, 0.50 s long, in "),
        "{said}"
    );
    let file = std::fs::File::open(dir.path().join("anim.png")).unwrap();
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let actl = reader.info().animation_control.expect("an animated PNG");
    assert_eq!(
        (actl.num_frames, actl.num_plays),
        (2, 0),
        "2 frames, looping"
    );
    for (k, steps) in ["15", "30"].into_iter().enumerate() {
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb, "palette expanded");
        let fctl = reader.info().frame_control.expect("a frame control");
        assert_eq!(
            (fctl.delay_num, fctl.delay_den),
            (15, 60),
            "15 steps at 60/s"
        );
        assert_eq!((fctl.width, fctl.height), (64, 48));
        let frame: Vec<[u8; 3]> = buf[..info.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        let (_, _, want) = render(&[&["--steps", steps][..], &view].concat(), dir.path());
        assert!(frame == want, "frame {k} is render --steps {steps}");
    }
}

#[test]
fn formats_come_from_the_extension_or_are_refused_listing_what_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--steps", "1", "--every", "1", "--size", "16x16"];
    let out = record(dir.path(), "still.GIF", &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(dir.path().join("still.GIF")).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
    let said = stdout(&out);
    assert!(said.starts_with("1 frame of 16x16, "), "{said}");
    assert!(
        said.trim_end().ends_with(&format!("({} B)", bytes.len())),
        "{said}"
    );
    for (command, name, needle) in [
        (
            "record",
            "a.webp",
            "GIF (.gif), animated PNG (.png or .apng)",
        ),
        ("render", "x.jpg", "PNG (.png)"),
        ("render", "x.gif", "PNG (.png)"),
    ] {
        let empty = tempfile::tempdir().unwrap();
        let mut cmd = cloth_demo();
        cmd.args([command, "--steps", "1"]);
        if command == "record" {
            cmd.args(["--every", "1"]);
        }
        let out = run(cmd.arg("--out").arg(empty.path().join(name)));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(
            err.contains("is not supported; the formats written are "),
            "{err}"
        );
        assert!(err.contains(needle), "{err}");
        assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
    }
}
