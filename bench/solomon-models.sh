#!/usr/bin/env bash
# The paper's Solomon protocol with the shipped N=50 models: R201 and RC201, hard windows (tw1), N=50 (depot +
# customers 1-50) and N=100, JAMPR greedy, sampling 1280 and JAMPR + 2 s local search. random(1000) and the
# classical rows are in bench/foundation.sh. Results: bench/out/solomon-models/<instance>-n<N>.md
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/solomon-models && mkdir -p "$out"
for instance in R201 RC201; do
  for n in 50 100; do
    first=() && [[ $n == 50 ]] && first=(--first 50)
    npx jampr bench --solomon "data/solomon/$instance.txt" "${first[@]}" --variant tw1 \
      --methods jampr-greedy,jampr-ls,jampr-sample --improve 2 --samples 1280 | tee "$out/$instance-n$n.md"
  done
done
