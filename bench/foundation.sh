#!/usr/bin/env bash
# Foundation rows of bench/RESULTS.md: random(1000) and classical on generated sets and on Solomon R201/RC201.
# Usage: bench/foundation.sh [CLASSICAL_SECONDS] ; writes bench/out/foundation-*.md
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-2}
S=data/solomon
for n in 20 50; do
  for v in tw1 tw2 tw3; do
    npx jampr bench --size $n --count 100 --seed 1234 --variant $v --methods random,classical --time-limit "$limit" > bench/out/foundation-gen-$v-n$n.md
  done
done
for first in 50 100; do
  npx jampr bench --solomon $S/R201.txt --first $first --variant tw1 --alpha 0 --methods random,classical --time-limit 10 > bench/out/foundation-R201-$first-alpha0.md
  npx jampr bench --solomon $S/RC201.txt --first $first --variant tw1 --alpha 0 --methods random,classical --time-limit 10 > bench/out/foundation-RC201-$first-alpha0.md
  npx jampr bench --solomon $S/R201.txt --first $first --variant tw1 --methods random,classical --time-limit 8 > bench/out/foundation-R201-$first.md
  npx jampr bench --solomon $S/RC201.txt --first $first --variant tw1 --methods random,classical --time-limit 8 > bench/out/foundation-RC201-$first.md
done
