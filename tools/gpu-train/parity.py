"""
Checks the port (jampr_torch.py) against the product: replays the greedy plans that `export.ts parity` recorded
with the product's masks, and compares each step's log-probability of the chosen action. Also reports where the
port's own mask differs from the product's, which it must not: the port has the whole fleet rule, the guard's second
half included (fleet_guard.py), and the fixtures hold days of the fewest vehicles their load allows, where the guard
masks actions (the count is printed).

    python3 tools/gpu-train/parity.py .gpu/parity-tw1.json resources/models/jampr-tw1-n50
"""
import json
import sys

import torch

import jampr_torch as jt


def main(fixture_path, model_dir):
    torch.set_default_dtype(torch.float32)
    fixture = json.load(open(fixture_path))
    manifest, weights = jt.load_checkpoint(model_dir, 'cpu')
    model = jt.Jampr(manifest, weights)
    worst, extra, fewer, steps, guarded = 0.0, 0, 0, 0, 0
    for case in fixture['cases']:
        n = case['n']
        nodes = torch.tensor(case['nodes'], dtype=torch.float64).reshape(1, n + 1, 6)
        travel = torch.tensor(case['travel'], dtype=torch.float64).reshape(1, n + 1, n + 1)
        days = jt.Days(nodes, torch.tensor([case['fleet']]), torch.tensor([float(case['capacity'])], dtype=torch.float64),
                       fixture['variant'], travel)
        env = jt.Env(days, fixture['mCon'], fixture['mPre'], 1e-9)
        dec = jt.Decoder(model, env, torch.zeros(1, dtype=torch.long))
        with torch.no_grad():
            for t, action in enumerate(case['actions']):
                product = torch.tensor(case['masks'][t], dtype=torch.bool).reshape(env.mask.shape)
                own = env.mask
                fewer += int((product & ~own).sum())  # the product allows what the port does not: a port error
                extra += int((own & ~product).sum())  # the port allows more: a port error
                env.mask = product
                logp = dec.step()
                worst = max(worst, abs(float(logp[0, action]) - case['logps'][t]))
                env.step(torch.tensor([action]))
                steps += 1
        assert env.done(), 'the plan did not finish the day in the port'
        guarded += env.guarded
        cost = float(env.distance[0] + env.penalty[0])
        print(f"n={n} K={case['fleet']}: {len(case['actions'])} steps, cost port {cost:.3f} product {case['cost']:.3f}")
    print(f'{steps} steps: largest |Δ log π| {worst:.2e}; mask entries the port lacks {fewer}, the port adds {extra}; '
          f'the fleet guard took {guarded}')
    if worst > 2e-3 or fewer > 0 or extra > 0:
        sys.exit(1)


if __name__ == '__main__':
    main(*sys.argv[1:3])
