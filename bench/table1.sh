#!/usr/bin/env bash
# The paper's Table 1 protocol on seeded generated instances (seed 1234), one variant and size per call:
#   bench/table1.sh tw1 20        (results: bench/out/table1/<variant>-n<size>-<rows>.md)
# The cheap rows run on FULL instances; the expensive ones on the first instances of the same set (the set is
# prefix-stable): classical with the paper's 8 s GORT-GLS budget on CLASSICAL, JAMPR + local search on LS, and
# sampling 1280 on SAMPLED, next to random(1000) and greedy on that same subset so the rows stay comparable.
# Models: the shipped defaults for the variant and size (resources/models); AM+TW only where one is shipped.
set -euo pipefail
variant=$1 size=$2
FULL=${FULL:-1000} CLASSICAL=${CLASSICAL:-20} LS=${LS:-100} SAMPLED=${SAMPLED:-10}
out=bench/out/table1 && mkdir -p "$out"
bench() { local rows=$1; shift; npx jampr bench --variant "$variant" --size "$size" --seed 1234 "$@" | tee "$out/$variant-n$size-$rows.md"; }

bench full --count "$FULL" --methods random,jampr-greedy
[[ -d resources/models/am-$variant-n$size ]] && bench am --count "$FULL" --methods am-greedy --model "resources/models/am-$variant-n$size"
bench ls --count "$LS" --methods jampr-ls --improve 2
bench classical --count "$CLASSICAL" --methods classical --time-limit 8
bench sampled --count "$SAMPLED" --methods random,jampr-greedy,jampr-sample --samples 1280
