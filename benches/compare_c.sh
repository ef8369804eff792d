#!/usr/bin/env bash
# The article's physics as plain C against this port, in alternating runs
# in one sitting, the figures the README's Performance section quotes.
#
#     benches/compare_c.sh PATH/TO/cloth_ref.c [ROUNDS] [STEPS]
#
# cloth_ref.c is the article's code as plain C (kept outside this
# repository); it is built with `gcc -O2 ... -lm`. Each round runs, one
# after another: the C (`cloth_ref bench STEPS`), `cloth-demo simulate
# --steps STEPS` on one thread and on two, once for each SIMD path this CPU
# has (CLOTH_DEMO_SIMD), and the Rust reference pass
# (`--example reference_run`). Every program times its own steps (start-up
# excluded); the ratios are taken round by round against that round's C
# run, and the table gives their medians, so a machine whose speed drifts
# during the sitting still gives fair ratios. Run it on a quiet machine:
# `uptime` is printed first.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -f "$1" ]; then
    echo "usage: benches/compare_c.sh PATH/TO/cloth_ref.c [ROUNDS] [STEPS]" >&2
    exit 2
fi
c_source=$(realpath "$1")
rounds=${2:-10}
steps=${3:-3000}
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -o "$work/cloth_ref" "$c_source" -lm
cargo build --release --quiet --bin cloth-demo --example reference_run
demo=target/release/cloth-demo
plain=target/release/examples/reference_run

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
echo "load: $(uptime | sed 's/.*load average: //')"
echo "gcc: $(gcc --version | head -1); rustc: $(rustc --version)"

# The paths this CPU has: a forced path it lacks exits with status 2.
paths=()
for p in avx512-fma avx512 avx2 baseline; do
    if CLOTH_DEMO_SIMD=$p "$demo" simulate --steps 1 >/dev/null 2>&1; then
        paths+=("$p")
    fi
done

# us/step from "N steps in S s: R steps/s (T us/step)"; the C prints ns/step.
us_of() { sed -n 's/.*(\([0-9.]*\) us\/step).*/\1/p'; }
results="$work/results"
: >"$results"
for ((r = 1; r <= rounds; r++)); do
    c_us=$("$work/cloth_ref" bench "$steps" | awk '{print $1 / 1000}')
    echo "c $c_us $c_us" >>"$results"
    for p in "${paths[@]}"; do
        for t in 1 2; do
            us=$(CLOTH_DEMO_SIMD=$p "$demo" simulate --steps "$steps" --threads "$t" | us_of)
            echo "$p/$t $us $c_us" >>"$results"
        done
    done
    us=$("$plain" "$steps" | us_of)
    echo "reference $us $c_us" >>"$results"
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo
echo "$rounds alternating rounds of $steps steps, medians (ratio: C's time over this one's, round by round):"
echo
echo "| program | path | threads | us a step | x C |"
echo "|---|---|---|---|---|"
for key in c "${paths[@]/%//1}" "${paths[@]/%//2}" reference; do
    us=$(awk -v k="$key" '$1 == k {print $2}' "$results" | median)
    ratio=$(awk -v k="$key" '$1 == k {print $3 / $2}' "$results" | median)
    case $key in
        c) echo "| C, gcc -O2 | | 1 | $us | 1 |" ;;
        reference) echo "| sim::reference | | 1 | $us | $(printf '%.2f' "$ratio") |" ;;
        *) echo "| cloth-demo simulate | ${key%/*} | ${key#*/} | $us | $(printf '%.2f' "$ratio") |" ;;
    esac
done
