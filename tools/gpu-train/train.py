"""
Fine-tunes a shipped JAMPR model on a GPU with REINFORCE (README.md beside this file): several sampled rollouts
per day, each under one of the square's 8 symmetries, the mean of a day's rollouts as its baseline (the product's
pomo-mean recipe, train/baseline.ts), BatchNorm on its running statistics, Adam, gradients clipped to norm 1.
Days come from `export.ts days` (half the paper's generator, half city days of 35–100 stops); the last
`--holdout` days of every bucket are never trained on and give the validation cost, greedy, every --val-every s.
The weights of the best validation (mean over buckets of cost / starting cost) are written in the product's
checkpoint format (float16 weights.bin in model.json's order).

    python3 tools/gpu-train/train.py --init resources/models/jampr-tw1-n50 --days .gpu/days --seconds 420 \
        --out $OUT/tw1 [--batch 128 --samples 16 --lr 1e-4]
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch

import jampr_torch as jt


def load_days(folder, device):
    index = json.load(open(os.path.join(folder, 'index.json')))
    buckets = []
    for b in index['buckets']:
        n, count = b['n'], b['count']
        nodes = np.fromfile(os.path.join(folder, b['file'] + '.f16'), dtype=np.float16).astype(np.float32)
        meta = np.fromfile(os.path.join(folder, b['file'] + '.meta'), dtype=np.float32).reshape(count, 2)
        buckets.append(dict(name=b['file'], kind=b['kind'], n=n,
                            nodes=torch.tensor(nodes.reshape(count, n + 1, 6), device=device),
                            fleet=torch.tensor(meta[:, 0], device=device).long(),
                            capacity=torch.tensor(meta[:, 1], device=device)))
    return buckets


def days_of(bucket, rows, variant):
    return jt.Days(bucket['nodes'][rows], bucket['fleet'][rows], bucket['capacity'][rows], variant)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--init', required=True)
    ap.add_argument('--days', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seconds', type=float, default=420)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--samples', type=int, default=16)
    ap.add_argument('--lr', type=float, default=1e-4)
    ap.add_argument('--holdout', type=int, default=128)
    ap.add_argument('--val-every', type=float, default=60)
    ap.add_argument('--cost-scale', type=float, default=0.01)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--stranded', choices=['charge', 'ignore'], default='charge',
                    help="charge: a rollout pays a shift per unserved customer (the product's reward); ignore: only "
                         'rollouts that serve everyone teach (tried for tw1 before the port had the fleet guard: it '
                         'then learned to strand, README.md)')
    ap.add_argument('--no-guard', action='store_true',
                    help="leave the fleet guard's second half out of the rollouts (the port before fleet_guard.c)")
    ap.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
    args = ap.parse_args()
    start = time.time()
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    dev = torch.device(args.device)
    os.makedirs(args.out, exist_ok=True)
    card = json.load(open(os.path.join(args.init, 'card.json')))
    variant, m_con, m_pre = card['variant'], card['env']['mCon'], card['env']['mPre']
    manifest, weights = jt.load_checkpoint(args.init, dev)
    # As the app's trainer does (train/setup.ts), a model saved before the service feature gains it with zero weight.
    jt.add_service_feature(manifest, weights)
    with open(os.path.join(args.out, 'model.json'), 'w') as f:
        json.dump(manifest, f, indent=2)  # the manifest the run's weights files are written in
    model = jt.Jampr(manifest, weights)
    params = model.trainable()
    for p in params:
        p.requires_grad_(True)
    opt = torch.optim.Adam(params, lr=args.lr)
    buckets = load_days(args.days, dev)
    eps = 1e-3  # float32 times of up to ~1000 frame units
    log = open(os.path.join(args.out, 'log.txt'), 'a')

    def say(text):
        line = f'[{time.time() - start:7.1f}s] {text}'
        print(line, flush=True)
        log.write(line + '\n')
        log.flush()

    say(f'{args.init}: {variant}, m_con {m_con}, device {dev}, fleet guard in training rollouts: {not args.no_guard}, '
        'buckets ' + ', '.join(f"{b['name']}" for b in buckets))

    def validate():
        """Per bucket: each held-out day's greedy cost (unserved charged) and whether it served everyone."""
        out = []
        with torch.no_grad():
            for b in buckets:
                count = b['nodes'].shape[0]
                rows = torch.arange(count - args.holdout, count, device=dev)
                days = days_of(b, rows, variant)
                env, _ = jt.rollout(model, days, m_con, m_pre, torch.zeros(days.B, dtype=torch.long, device=dev), 'greedy', eps)
                out.append((env.cost().float(), env.vcount == days.n))
        return out

    def score(now):
        """Mean over buckets of cost now / cost at the start, unserved customers charged a shift each whatever
        --stranded says: scored only on the days served in full both times, a policy that learns to strand the hard
        days scores better while every bucket's mean cost rises (bench/RESULTS.md §8, twenty-third round)."""
        return float(np.mean([float(cost.mean() / cost0.mean()) for (cost, _), (cost0, _) in zip(now, first)]))

    def report(now):
        return ', '.join(f"{b['name']} {float(c.mean()):.1f} ({int((~s).sum())} days not served in full)" for b, (c, s) in zip(buckets, now))

    first = validate()
    say('validation start: ' + report(first))
    best = 1.0
    save = lambda name: jt.save_weights(os.path.join(args.out, name), manifest, model.w)
    # Half the batches from the paper's generator, half from city days (the shipped models' mix, train/sources.ts).
    paper = [i for i, b in enumerate(buckets) if b['kind'] == 'paper']
    city = [i for i, b in enumerate(buckets) if b['kind'] != 'paper']
    step, seen, last_val = 0, 0, time.time()
    while time.time() - start < args.seconds:
        pool = paper if (rng.random() < 0.5 or not city) and paper else city
        b = buckets[pool[rng.integers(len(pool))]]
        count = b['nodes'].shape[0] - args.holdout
        rows = torch.tensor(rng.integers(0, count, args.batch), device=dev)
        days = days_of(b, rows, variant).repeat(args.samples)
        symmetry = torch.arange(args.samples, device=dev).repeat(args.batch) % 8
        try:
            env, logl = jt.rollout(model, days, m_con, m_pre, symmetry, 'sample', eps, guard=not args.no_guard)
            cost = env.cost().float().detach()
            per_day = cost.reshape(args.batch, args.samples)
            if args.stranded == 'ignore':
                # Only rollouts that served everyone teach: the product's fleet guard, which the port lacks, keeps
                # customers from being stranded, so learning to avoid it here would trade routing for nothing.
                full = (env.vcount == days.n).float().reshape(args.batch, args.samples)
                base = (per_day * full).sum(1, keepdim=True) / full.sum(1, keepdim=True).clamp(min=1)
                advantage = ((per_day - base) * full).reshape(-1) * args.cost_scale
            else:
                advantage = (per_day - per_day.mean(1, keepdim=True)).reshape(-1) * args.cost_scale
            loss = (advantage * logl).mean()
            opt.zero_grad()
            loss.backward()
        except torch.cuda.OutOfMemoryError:
            # Several runs share one GPU: a batch that does not fit is halved, not fatal.
            env = logl = loss = None
            opt.zero_grad()
            torch.cuda.empty_cache()
            args.batch = max(8, args.batch // 2)
            say(f'out of GPU memory: batch now {args.batch} days')
            continue
        norm = torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        step += 1
        seen += args.batch
        if step % 10 == 0:
            unserved = float((days.n - env.vcount).float().mean())
            say(f"step {step} ({seen} days) {b['name']}: cost {float(cost.mean()):.1f}, best of samples "
                f"{float(per_day.min(1).values.mean()):.1f}, unserved/rollout {unserved:.3f}, grad norm {float(norm):.2f}")
        if time.time() - last_val > args.val_every:
            last_val = time.time()
            now = validate()
            ratio = score(now)
            say(f'validation after {seen} days: {report(now)} -> {ratio:.4f} of the start')
            if ratio < best:
                best = ratio
                save('weights-best.bin')
                say(f'saved weights-best.bin ({ratio:.4f})')
    now = validate()
    ratio = score(now)
    say(f'final validation after {seen} days: {report(now)} -> {ratio:.4f} of the start')
    if ratio < best:
        save('weights-best.bin')
        say(f'saved weights-best.bin ({ratio:.4f})')
    say(f'done: {step} steps, {seen} days')


if __name__ == '__main__':
    sys.exit(main())
