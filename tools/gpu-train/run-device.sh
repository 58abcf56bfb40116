#!/usr/bin/env bash
# Four fine-tuning runs side by side on one GPU (README.md): tw1 and tw3, each at two learning rates.
# Usage (on the GPU machine, from the repository root):
#   tools/gpu-train/run-device.sh OUT_DIR [SECONDS] [INIT_ROOT] ["LR_A LR_B"] [more train.py options]
set -u
out=${1:?output folder}
seconds=${2:-420}
init=${3:-../../resources/models}
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.is_available())'
lrs=${4:-"1e-4 3e-5"}
extra=("${@:5}")
for run in "tw1 ${lrs% *} a" "tw1 ${lrs#* } b" "tw3 ${lrs% *} a" "tw3 ${lrs#* } b"; do
  set -- $run
  PYTHONUNBUFFERED=1 python3 train.py --init "$init/jampr-$1-n50" --days ../../.gpu/days \
    --out "$out/$1-$3" --seconds "$seconds" --lr "$2" "${extra[@]}" > /dev/null &
done
wait
nvidia-smi --query-gpu=memory.used --format=csv,noheader
for f in "$out"/*/log.txt; do echo "== $f"; grep -E 'validation|saved|done|memory' "$f" | tail -6; done
