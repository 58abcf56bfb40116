"""
What the fleet guard (fleet_guard.c) does to sampled rollouts in the port: per bucket of training days, the same
rollouts with and without it, their time, how many serve every customer and their mean cost (unserved charged).

    python3 tools/gpu-train/guard_cost.py .gpu/days resources/models/jampr-tw1-n50 [DAYS SAMPLES]
"""
import json
import os
import sys
import time

import torch

import jampr_torch as jt
import train


def main(days_folder, model_dir, count=8, samples=4):
    count, samples = int(count), int(samples)
    card = json.load(open(os.path.join(model_dir, 'card.json')))
    manifest, weights = jt.load_checkpoint(model_dir, 'cpu')
    jt.add_service_feature(manifest, weights)
    model = jt.Jampr(manifest, weights)
    for bucket in train.load_days(days_folder, 'cpu'):
        days = train.days_of(bucket, torch.arange(count), card['variant']).repeat(samples)
        symmetry = torch.arange(samples).repeat(count) % 8
        for guard in (False, True):
            torch.manual_seed(2)
            start = time.time()
            with torch.no_grad():
                env, _ = jt.rollout(model, days, card['env']['mCon'], card['env']['mPre'], symmetry, 'sample', 1e-3,
                                    guard=guard)
            full = float((env.vcount == days.n).float().mean())
            print(f"{bucket['name']} guard {guard}: {time.time() - start:.1f} s, {full:.1%} of rollouts serve everyone, "
                  f'mean cost {float(env.cost().mean()):.1f}, the guard took {env.guarded}', flush=True)


if __name__ == '__main__':
    main(*sys.argv[1:])
