#!/usr/bin/env bash
# Fine-tuning runs side by side on one GPU (README.md), each RUN written POLICY:LR[:STRANDED], e.g. tw1:3e-5:ignore.
# Usage (on the GPU machine, from the repository root):
#   tools/gpu-train/run-device.sh OUT_DIR SECONDS INIT_ROOT RUN... [-- more train.py options]
# Without RUNs: tw1 and tw3, each at 1e-4 and 3e-5 (the twelfth round's first call).
set -u
out=${1:?output folder}
seconds=${2:-420}
init=${3:-../../resources/models}
shift $(($# < 3 ? $# : 3))
runs=()
while (($#)) && [[ $1 != -- ]]; do runs+=("$1"); shift; done
[[ ${1:-} == -- ]] && shift
extra=("$@")
((${#runs[@]})) || runs=(tw1:1e-4 tw1:3e-5 tw3:1e-4 tw3:3e-5)
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.is_available())'
python3 -c 'import fleet_guard; print("fleet guard", fleet_guard.library()._name)'  # built here, or carried in .gpu/
# The runs share the host's cores for the fleet guard (fleet_guard.c, OpenMP over rows).
export OMP_NUM_THREADS=$(( $(nproc) / ${#runs[@]} > 0 ? $(nproc) / ${#runs[@]} : 1 ))
for run in "${runs[@]}"; do
  IFS=: read -r policy lr stranded <<<"$run"
  PYTHONUNBUFFERED=1 python3 train.py --init "$init/jampr-$policy-n50" --days ../../.gpu/days \
    --out "$out/$policy-$lr-${stranded:-charge}" --seconds "$seconds" --lr "$lr" --stranded "${stranded:-charge}" \
    "${extra[@]}" > /dev/null &
done
wait
nvidia-smi --query-gpu=memory.used --format=csv,noheader
for f in "$out"/*/log.txt; do echo "== $f"; grep -E 'validation|saved|done|memory' "$f" | tail -6; done
