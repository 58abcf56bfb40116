"""
The JAMPR policy and its environment in PyTorch, for training on a GPU (README.md beside this file).

A port of the product's model (src/main/jampr/model: encoder.ts, jampr-decoder.ts, jampr-weights.ts, inputs.ts,
pair-features.ts) and environment (src/main/jampr/env: env.ts, rules.ts), batched over rows on tensors. Everything
works in the model frame (src/main/jampr/frame.ts): times from the shift start with the shift 1000 units long,
coordinates in the same units. The fleet guard's second half (env/fleet-guard.ts: an estimate per row, sequential by
nature) runs per row on the host (fleet_guard.c through fleet_guard.py), where fewer vehicles are at the depot than customers are left;
`guard=False` leaves it out (the earlier rounds' port). One difference from the product, on purpose: travel is the
Euclidean distance in the frame unless a travel matrix is given (city days: haversine minutes, which the frame's
equirectangular projection matches to well under 0.1 % within a city).
The port is checked against the product's own greedy plans (parity.py): same actions, same log-probabilities.
"""
import json
import math
import os

import numpy as np
import torch

import fleet_guard

MASKED = -1e9
NEED_CAP = 2.0
FRAME_SHIFT = 1000.0
SERVICE_SCALE = 100.0  # inputs.ts: service on the coordinates' scale
PAIR_UNIT = 100.0
VARIANTS = {
    # alpha: earliness price, beta: lateness price (None: lateness forbidden), waits: tw1/tw2 wait for the window
    'tw1': dict(alpha=1.0, beta=None, waits=True, hard=True),
    'tw2': dict(alpha=0.0, beta=0.5, waits=True, hard=False),
    'tw3': dict(alpha=0.1, beta=0.5, waits=False, hard=False),
}


# ---------------------------------------------------------------------------------------------------------------
# Checkpoints: model.json lists the tensors in weights.bin's order (float16 or float32).

def load_checkpoint(folder, device):
    with open(os.path.join(folder, 'model.json')) as f:
        manifest = json.load(f)
    dtype = np.float16 if manifest.get('weightsDtype') == 'float16' else np.float32
    raw = np.fromfile(os.path.join(folder, 'weights.bin'), dtype=dtype).astype(np.float32)
    weights, offset = {}, 0
    for t in manifest['tensors']:
        size = int(np.prod(t['shape'])) if t['shape'] else 1
        weights[t['name']] = torch.tensor(raw[offset:offset + size].reshape(t['shape']), device=device)
        offset += size
    if offset != raw.size:
        raise ValueError(f'{folder}/weights.bin has {raw.size} values, the manifest {offset}')
    return manifest, weights


def save_weights(path, manifest, weights):
    """weights.bin in the manifest's order and dtype."""
    dtype = np.float16 if manifest.get('weightsDtype') == 'float16' else np.float32
    parts = [weights[t['name']].detach().float().cpu().numpy().reshape(-1) for t in manifest['tensors']]
    np.concatenate(parts).astype(dtype).tofile(path)


# ---------------------------------------------------------------------------------------------------------------
# Instances: node rows (x, y, demand, ready, due, service) in frame units, fleet K and capacity Q per row.

class Days:
    def __init__(self, nodes, fleet, capacity, variant, travel=None):
        self.nodes = nodes  # [B, N+1, 6]
        self.B, self.size = nodes.shape[0], nodes.shape[1]
        self.n = self.size - 1
        self.x, self.y = nodes[..., 0], nodes[..., 1]
        self.demand, self.ready, self.due, self.service = nodes[..., 2], nodes[..., 3], nodes[..., 4], nodes[..., 5]
        self.fleet = fleet.long()  # [B]
        self.capacity = capacity  # [B]
        if travel is None:
            xy = nodes[..., :2]
            travel = torch.cdist(xy, xy)
        self.travel = travel  # [B, N+1, N+1]
        # Per node, a lower bound of the time serving it takes: its service plus the shortest drive into it from any
        # other node (rules.ts customerWork; the depot's entry is never counted, the depot being marked visited).
        others = torch.eye(self.size, dtype=torch.bool, device=travel.device).unsqueeze(0)
        self.work = self.service + travel.masked_fill(others, float('inf')).min(1).values.nan_to_num(posinf=0.0)
        self.kmax = int(self.fleet.max().item())
        self.variant_name = variant
        self.variant = VARIANTS[variant]
        total = self.demand[:, 1:].sum(1)
        self.tightness = torch.where(total > 0, (2 - self.fleet * capacity / total.clamp(min=1e-9)).clamp(0, 1),
                                     torch.zeros_like(total))

    def repeat(self, times):
        """Each row `times` times in a row (instance-major), for several samples per instance."""
        rep = lambda t: t.repeat_interleave(times, 0)
        return Days(rep(self.nodes), rep(self.fleet), rep(self.capacity), self.variant_name, rep(self.travel))


# ---------------------------------------------------------------------------------------------------------------
# The environment (env/env.ts, env/rules.ts), all rows at once, writes as masked selects (no host syncs).

class Env:
    def __init__(self, days, m_con, m_pre, eps, guard=True):
        d = days
        self.d, self.m, self.m_pre, self.eps = d, m_con, m_pre, eps
        self.guard, self.host, self.guarded = guard, None, 0  # guarded: mask entries the fleet guard took
        B, S, K, dev = d.B, d.size, d.kmax, d.nodes.device
        f = d.nodes.dtype
        self.rows = torch.arange(B, device=dev)
        self.karange = torch.arange(K, device=dev)
        self.marange = torch.arange(m_con, device=dev)
        self.visited = torch.zeros(B, S, dtype=torch.bool, device=dev)
        self.visited[:, 0] = True  # the depot is never a customer to serve
        self.vcount = torch.zeros(B, dtype=torch.long, device=dev)
        self.served_by = torch.full((B, S), -1, dtype=torch.long, device=dev)
        self.status = torch.zeros(B, K, dtype=torch.long, device=dev)  # 0 unused, 1 active, 2 done
        self.pos = torch.zeros(B, K, dtype=torch.long, device=dev)
        self.last = torch.zeros(B, K, dtype=torch.long, device=dev)
        self.time = torch.zeros(B, K, dtype=f, device=dev)
        self.load = torch.zeros(B, K, dtype=f, device=dev)
        self.tlen = torch.zeros(B, K, dtype=torch.long, device=dev)
        self.slots = torch.full((B, m_con), -1, dtype=torch.long, device=dev)
        self.nextv = torch.zeros(B, dtype=torch.long, device=dev)
        self.prem = torch.zeros(B, dtype=torch.long, device=dev)
        self.dleft = d.demand[:, 1:].sum(1).clone()
        self.retired = torch.full((B, m_con), -1, dtype=torch.long, device=dev)
        self.finished = torch.zeros(B, dtype=torch.bool, device=dev)
        self.mask = torch.zeros(B, m_con, S, dtype=torch.bool, device=dev)
        self.distance = torch.zeros(B, dtype=f, device=dev)
        self.penalty = torch.zeros(B, dtype=f, device=dev)
        everyone = torch.ones(B, dtype=torch.bool, device=dev)
        for j in range(m_con):
            self._activate(everyone, torch.full((B,), j, dtype=torch.long, device=dev))
        self._settle(everyone)

    # -- per-row gathers and writes --
    def _veh(self, t, k):
        return t.gather(1, k.clamp(min=0).unsqueeze(1)).squeeze(1)

    def _set_veh(self, t, rows, k, value):
        sel = rows.unsqueeze(1) & (self.karange.unsqueeze(0) == k.unsqueeze(1))
        value = value if torch.is_tensor(value) else torch.full_like(t[:, 0], value)
        return torch.where(sel, value.unsqueeze(1).to(t.dtype), t)

    def _slot(self, j):
        return self.slots.gather(1, j.unsqueeze(1)).squeeze(1)

    def _set_slot(self, t, rows, j, value):
        sel = rows.unsqueeze(1) & (self.marange.unsqueeze(0) == j.unsqueeze(1))
        return torch.where(sel, value.unsqueeze(1), t)

    # -- rules --
    def can_serve(self, k):
        """[B, N+1]: may vehicle k[b] of row b serve customer i next (rules.ts canServe)."""
        d = self.d
        load, time, pos = self._veh(self.load, k), self._veh(self.time, k), self._veh(self.pos, k)
        ok = ~self.visited & (load.unsqueeze(1) + d.demand <= d.capacity.unsqueeze(1))
        if d.variant['hard']:
            leg = d.travel.gather(1, pos.view(-1, 1, 1).expand(-1, 1, d.size)).squeeze(1)
            arrival = time.unsqueeze(1) + leg
            ok &= (arrival - d.due) <= self.eps
            back = torch.maximum(arrival, d.ready) + d.service + d.travel[:, :, 0]
            ok &= ~(back > d.due[:, :1] + self.eps)
        return ok

    def capacity_left(self, except_slot=None):
        d = self.d
        room = (d.fleet - self.nextv).to(d.capacity.dtype) * d.capacity
        for j in range(self.m):
            k = self.slots[:, j]
            use = k >= 0
            if except_slot is not None:
                use = use & (except_slot != j)
            room = room + torch.where(use, d.capacity - self._veh(self.load, k), torch.zeros_like(room))
        return room

    def _largest_left(self):
        return torch.where(self.visited, torch.zeros_like(self.d.demand), self.d.demand).max(1).values

    def _spare(self, j, largest_left):
        """[B]: could the rest of the fleet carry the demand left without slot j's vehicle, and (soft windows) has it
        the hours for the work left (rules.ts fleetCanSpare, fleetHasHours)."""
        k = self.slots[:, j]
        return (self.dleft + largest_left <= self.capacity_left(torch.full_like(k, j)) + self.eps) & self._has_hours(j)

    def _has_hours(self, j):
        d = self.d
        if d.variant['hard']:
            return torch.ones(d.B, dtype=torch.bool, device=d.nodes.device)
        end = d.due[:, 0]
        hours = (d.fleet - self.nextv).to(end.dtype) * (end - d.ready[:, 0])
        for other in range(self.m):
            if other == j:
                continue
            k = self.slots[:, other]
            hours = hours + torch.where(k >= 0, (end - self._veh(self.time, k)).clamp(min=0), torch.zeros_like(hours))
        work = torch.where(self.visited, torch.zeros_like(d.work), d.work).sum(1)
        return work <= hours

    def _customers(self, j, largest_left):
        """[B, N+1]: the customers slot j's vehicle may serve next: feasible, less the shift rule's (rules.ts)."""
        k = self.slots[:, j]
        has = k >= 0
        customers = self.can_serve(k) & has.unsqueeze(1)
        if not self.d.variant['hard']:
            road = has & (self._veh(self.tlen, k) > 0) & self._spare(j, largest_left) & self._fresh_left()
            customers &= ~self._dearer_than_fresh(k, road)
        return customers

    def _fresh_left(self):
        """[B]: a vehicle still at the depot: one not yet in a slot, or a slot's empty route (rules.ts freshVehicleLeft)."""
        fresh = self.nextv < self.d.fleet
        for j in range(self.m):
            k = self.slots[:, j]
            fresh = fresh | ((k >= 0) & (self._veh(self.tlen, k) == 0))
        return fresh

    def _time_price(self, arrival):
        """[B, N+1]: each customer's price for earliness and lateness when reached at `arrival` (evaluate.ts stopPenalty)."""
        d = self.d
        price = d.variant['alpha'] * (d.ready - arrival).clamp(min=0)
        if d.variant['beta'] is not None:
            price = price + d.variant['beta'] * (arrival - d.due).clamp(min=0)
        return price

    def _dearer_than_fresh(self, k, road):
        """[B, N+1]: the shift rule (rules.ts maskDearerThanFresh) on rows `road`: stops whose price for time from
        vehicle k[b] is above a fresh vehicle's from the depot at the shift start plus the round trip."""
        d = self.d
        pos, time = self._veh(self.pos, k), self._veh(self.time, k)
        leg = d.travel.gather(1, pos.view(-1, 1, 1).expand(-1, 1, d.size)).squeeze(1)
        from_depot = d.travel[:, 0, :]
        road_price = self._time_price(time.unsqueeze(1) + leg)
        fresh_price = self._time_price(d.ready[:, :1] + from_depot)
        return road.unsqueeze(1) & (road_price > fresh_price + from_depot + d.travel[:, :, 0] + self.eps)

    def _refresh(self, rows, j, largest_left):
        """Writes slot j's mask entries on `rows` (rules.ts refreshSlotMask); largest_left: _largest_left()."""
        k = self.slots[:, j]
        has = k >= 0
        customers = self._customers(j, largest_left)
        depot = has & (self._veh(self.tlen, k) > 0) & (self.prem < self.m_pre) & self._spare(j, largest_left)
        customers[:, 0] = depot
        self.mask[:, j] = torch.where(rows.unsqueeze(1), customers, self.mask[:, j])

    # -- transitions --
    def _activate(self, rows, j):
        k = self.nextv
        ok = rows & (k < self.d.fleet)
        self.slots = self._set_slot(self.slots, rows, j, torch.where(ok, k, torch.full_like(k, -1)))
        self.status = self._set_veh(self.status, ok, k, 1)
        self.pos = self._set_veh(self.pos, ok, k, 0)
        self.time = self._set_veh(self.time, ok, k, self.d.ready[:, 0])
        self.load = self._set_veh(self.load, ok, k, 0.0)
        self.nextv = self.nextv + ok.long()

    def _return(self, rows, k):
        leg = self.d.travel[self.rows, self._veh(self.pos, k), 0]
        self.distance = self.distance + torch.where(rows, leg, torch.zeros_like(leg))
        self.time = self._set_veh(self.time, rows, k, self._veh(self.time, k) + leg)
        self.pos = self._set_veh(self.pos, rows, k, 0)
        self.status = self._set_veh(self.status, rows, k, 2)

    def _retire(self, rows, j):
        self.retired = self._set_slot(self.retired, rows, j, self._slot(j))
        self._activate(rows, j)

    def _visit(self, rows, k, i):
        d = self.d
        pos, time = self._veh(self.pos, k), self._veh(self.time, k)
        leg = d.travel[self.rows, pos, i]
        arrival = time + leg
        ready, due = d.ready[self.rows, i], d.due[self.rows, i]
        early = (ready - arrival).clamp(min=0)
        late = (arrival - due).clamp(min=0)
        start = torch.maximum(arrival, ready) if d.variant['waits'] else arrival
        zero = torch.zeros_like(leg)
        price = d.variant['alpha'] * early
        if d.variant['beta'] is not None:
            price = price + d.variant['beta'] * late
        self.distance = self.distance + torch.where(rows, leg, zero)
        self.penalty = self.penalty + torch.where(rows, price, zero)
        self.time = self._set_veh(self.time, rows, k, start + d.service[self.rows, i])
        q = d.demand[self.rows, i]
        self.load = self._set_veh(self.load, rows, k, self._veh(self.load, k) + q)
        self.dleft = self.dleft - torch.where(rows, q, zero)
        self.pos = self._set_veh(self.pos, rows, k, i)
        self.last = self._set_veh(self.last, rows, k, i)
        node = rows.unsqueeze(1) & (torch.arange(d.size, device=i.device).unsqueeze(0) == i.unsqueeze(1))
        self.served_by = torch.where(node, k.unsqueeze(1), self.served_by)
        self.visited = self.visited | node
        self.tlen = self._set_veh(self.tlen, rows, k, self._veh(self.tlen, k) + 1)
        self.vcount = self.vcount + rows.long()

    def _finish(self, rows):
        for j in range(self.m):
            k = self.slots[:, j]
            has = rows & (k >= 0)
            nonempty = has & (self._veh(self.tlen, k) > 0)
            self._return(nonempty, k)
            self.status = self._set_veh(self.status, has & ~nonempty, k, 0)
            self.slots[:, j] = torch.where(rows, torch.full_like(k, -1), k)
        self.finished = self.finished | rows
        noop = torch.zeros_like(self.mask)
        noop[:, 0, 0] = True
        self.mask = torch.where(rows.view(-1, 1, 1), noop, self.mask)

    def _settle(self, rows):
        """env.ts settle on every row of `rows`."""
        live = rows & ~self.finished
        complete = live & (self.vcount == self.d.n)
        self._finish(complete)
        live = live & ~complete
        active = torch.zeros_like(self.vcount)
        largest_left = self._largest_left()  # no customer is served while the masks are written
        for j in range(self.m):
            jj = torch.full_like(self.vcount, j)
            k = self.slots[:, j]
            none = live & (k >= 0) & (self._customers(j, largest_left).sum(1) == 0)
            fresh = none & (self._veh(self.tlen, k) == 0)
            self._finish(fresh)
            live = live & ~fresh
            back = none & ~fresh
            self._return(back, k)
            self._retire(back, jj)
            k2 = self.slots[:, j]
            dead = back & (k2 >= 0) & (self._customers(j, largest_left).sum(1) == 0)
            self._finish(dead)
            live = live & ~dead
            active = active + (live & (self.slots[:, j] >= 0)).long()
        out = live & (active == 0)
        self._finish(out)
        live = live & ~out
        for j in range(self.m):
            self._refresh(live, j, largest_left)
        if self.guard:
            self._guard(live)

    def _fresh_count(self):
        """[B]: vehicles still at the depot (state.ts freshVehicles)."""
        fresh = self.d.fleet - self.nextv
        for j in range(self.m):
            k = self.slots[:, j]
            fresh = fresh + ((k >= 0) & (self._veh(self.tlen, k) == 0)).long()
        return fresh

    def _guard(self, live):
        """The fleet guard (fleet_guard.py) on the live rows that have fewer fresh vehicles than customers left."""
        fresh = self._fresh_count()
        rows = (live & (fresh < self.d.n - self.vcount)).nonzero().squeeze(1)
        if rows.numel() == 0:
            return
        if self.host is None:
            self.host = fleet_guard.HostDays(self.d)
        host = lambda t: t[rows].cpu().numpy()
        mask = np.ascontiguousarray(host(self.mask).astype(np.uint8))
        taken = fleet_guard.guard(self.host, rows.cpu().numpy(), mask, host(self.slots), host(self.tlen), host(self.time),
                                  host(self.pos), host(self.load), host(self.visited), host(self.vcount), host(fresh),
                                  self.eps)
        self.guarded += int(taken.sum())
        self.mask[rows] = torch.from_numpy(mask).to(device=self.mask.device, dtype=torch.bool)

    def step(self, actions):
        S = self.d.size
        rows = ~self.finished
        self.retired = torch.full_like(self.retired, -1)
        j, i = actions // S, actions % S
        k = self._slot(j)
        go = rows & (i > 0)
        home = rows & (i == 0)
        self._visit(go, k, i.clamp(min=1))
        self._return(home, k)
        self.prem = self.prem + home.long()
        self._retire(home, j)
        self._settle(rows)

    def done(self):
        return bool(self.finished.all())

    def cost(self):
        """Training cost in frame units (train/costs.ts): travel and penalties, plus a shift per unserved customer."""
        unserved = (self.d.n - self.vcount).to(self.distance.dtype)
        return self.distance + self.penalty + unserved * FRAME_SHIFT


# ---------------------------------------------------------------------------------------------------------------
# The network (encoder.ts, jampr-weights.ts, jampr-decoder.ts), BatchNorm on its running statistics.

def place(x, y, symmetry):
    """symmetry.ts placeScaled: x, y in frame units -> the model's coordinates under one of the 8 symmetries."""
    u, v = x / 100 - 0.5, y / 100 - 0.5
    s = symmetry.view(-1, *([1] * (x.dim() - 1)))
    options = [(u, v), (-v, u), (-u, -v), (v, -u), (-u, v), (u, -v), (v, u), (-v, -u)]
    pu = torch.zeros_like(u)
    pv = torch.zeros_like(v)
    for index, (a, b) in enumerate(options):
        pu = torch.where(s == index, a, pu)
        pv = torch.where(s == index, b, pv)
    return pu + 0.5, pv + 0.5


class Jampr:
    def __init__(self, manifest, weights):
        self.c = manifest['config']
        self.w = weights
        if not (self.c['kind'] == 'jampr' and self.c.get('loadFeature') and self.c.get('fleetFeature') and self.c.get('pairBias')
                and self.c['tourAggregation'] == 'depot-mean'):
            raise ValueError('the port covers the shipped configuration only (jampr, load/fleet features, pair bias, depot-mean)')
        self.service_feature = bool(self.c.get('serviceFeature'))

    def trainable(self):
        return [t for name, t in self.w.items() if not (name.endswith('movingMean') or name.endswith('movingVariance'))]

    def lin(self, name, x, relu=False):
        y = x @ self.w[f'{name}/kernel']
        if f'{name}/bias' in self.w:
            y = y + self.w[f'{name}/bias']
        return torch.relu(y) if relu else y

    def bn(self, name, x):
        w = self.w
        return (x - w[f'{name}/movingMean']) / torch.sqrt(w[f'{name}/movingVariance'] + 1e-5) * w[f'{name}/gamma'] + w[f'{name}/beta']

    def encode(self, features):
        """features [B, N+1, F] -> omega [B, N+1, d]."""
        B, S, F = features.shape
        c = self.c
        d, H = c['embedDim'], c['encoderHeads']
        hd = d // H
        z = self.lin('encoder/embed', features.reshape(B * S, F))
        for l in range(c['encoderLayers']):
            p = f'encoder/{l}'
            split = lambda t: t.reshape(B, S, H, hd).transpose(1, 2)
            q, k, v = (split(z @ self.w[f'{p}/mha/{n}/kernel']) for n in ('Wq', 'Wk', 'Wv'))
            att = torch.softmax(q @ k.transpose(2, 3) / math.sqrt(hd), -1)
            heads = (att @ v).transpose(1, 2).reshape(B * S, d) @ self.w[f'{p}/mha/Wo/kernel']
            h = self.bn(f'{p}/bn1', z + heads)
            z = self.bn(f'{p}/bn2', h + self.lin(f'{p}/ff2', self.lin(f'{p}/ff1', h, relu=True)))
        return z.reshape(B, S, d)

    def vehicle(self, x):
        return self.lin('jampr/gv/2', self.lin('jampr/gv/1', self.lin('jampr/gv/0', x, relu=True), relu=True))

    def tour(self, x):
        return self.lin('jampr/gs/1', self.lin('jampr/gs/0', x, relu=True))

    def fold(self):
        c, w = self.c, self.w
        d, D, H = c['embedDim'], c['decoderDim'], c['decoderHeads']
        hd = D // H
        parts = [w['jampr/W1'], w['jampr/W2'], w['jampr/W3'][:d], w['jampr/W3'][d:d + 1]]
        key = [(p @ w['jampr/Wk']).reshape(p.shape[0], H, hd).permute(1, 2, 0) for p in parts]  # [H, hd, rows]
        value = [(p @ w['jampr/Wv']).reshape(p.shape[0], H, hd).permute(1, 0, 2) for p in parts]  # [H, rows, hd]
        pointer = [p @ w['jampr/Wl'] for p in parts]  # [rows, D]
        return key, value, pointer

    def query_block(self, index):
        d = self.c['embedDim']
        return self.w['jampr/Wq'][index * d:(index + 1) * d]


def node_features(days, symmetry, service_feature):
    """inputs.ts nodeFeatures: (x, y, q/Q, a/1000, b/1000) and, with the service feature, h/100."""
    u, v = place(days.x, days.y, symmetry)
    q = days.demand / days.capacity.unsqueeze(1)
    q = torch.cat([torch.zeros_like(q[:, :1]), q[:, 1:]], 1)
    columns = [u, v, q, days.ready / FRAME_SHIFT, days.due / FRAME_SHIFT]
    if service_feature:
        columns.append(days.service / SERVICE_SCALE)
    return torch.stack(columns, -1).float()


def add_service_feature(manifest, weights):
    """checkpoint.ts addZeroInput: a model saved without the service feature gets its input with zero weight."""
    if manifest['config'].get('serviceFeature'):
        return
    name = 'encoder/embed/kernel'
    kernel = weights[name]
    weights[name] = torch.cat([kernel, torch.zeros_like(kernel[:1])], 0)
    for t in manifest['tensors']:
        if t['name'] == name:
            t['shape'] = list(weights[name].shape)
    manifest['config']['serviceFeature'] = True


class Decoder:
    """One rollout's decoder (jampr-decoder.ts): the static parts once, then log-probabilities per step."""

    def __init__(self, model, env, symmetry):
        self.model, self.env, self.symmetry = model, env, symmetry
        c = model.c
        d = c['embedDim']
        days = env.d
        B, S, K = days.B, days.size, days.kmax
        self.omega = model.encode(node_features(days, symmetry, model.service_feature))
        self.tour_embed = model.tour(self.omega.reshape(B * S, d)).reshape(B, S, d // 2)
        graph, depot = self.omega.mean(1), self.omega[:, 0]
        self.static_query = graph @ model.query_block(0) + depot @ model.query_block(3)
        self.blocks = [model.query_block(1), model.query_block(2), model.query_block(4)]
        fleet = days.fleet.unsqueeze(1).float()
        k = env.karange.unsqueeze(0).float()
        u0, v0 = place(days.x[:, :1], days.y[:, :1], symmetry)
        unused = torch.stack(torch.broadcast_tensors(
            (fleet - k) / fleet, torch.zeros_like(k), u0, v0, torch.zeros_like(k), torch.ones_like(k), torch.zeros_like(k)), -1)
        self.unused = model.vehicle(unused.reshape(B * K, 7).float()).reshape(B, K, d // 2)
        self.done_sum = torch.zeros(B, d // 2, device=self.omega.device)
        self.folded = model.fold()
        self.in_fleet = env.karange.unsqueeze(0) < days.fleet.unsqueeze(1)  # [B, K]

    def _features(self, k, need):
        """[B, 7] inputs.ts vehicleFeatures of vehicle k[b]."""
        env, days = self.env, self.env.d
        k = k.clamp(min=0)
        pos = env._veh(env.pos, k)
        fleet = days.fleet.float()
        home = days.travel[env.rows, pos, 0] / FRAME_SHIFT
        u, v = place(days.x[env.rows, pos], days.y[env.rows, pos], self.symmetry)
        time = env._veh(env.time, k) / FRAME_SHIFT
        room = (days.capacity - env._veh(env.load, k)) / days.capacity
        return torch.stack([t.float() for t in ((fleet - k.float()) / fleet, home, u, v, time, room, need)], -1)

    def step(self):
        env, days, model = self.env, self.env.d, self.model
        c = model.c
        d, h = c['embedDim'], c['embedDim'] // 2
        B, S, m = days.B, days.size, env.m
        K = days.fleet.float()
        capacity = env.capacity_left()
        need = torch.where(capacity > 0, (env.dleft / capacity.clamp(min=1e-9)).clamp(max=NEED_CAP),
                           torch.full_like(capacity, NEED_CAP))
        slot_k = env.slots
        has = slot_k >= 0  # [B, m]
        features = torch.stack([self._features(slot_k[:, j], need) for j in range(m)], 1)  # [B, m, 7]
        features = torch.where(has.unsqueeze(2), features, torch.zeros_like(features))
        # The finished vehicles' embeddings, summed once as they retire.
        retired = env.retired >= 0
        if bool(retired.any()):
            rf = torch.stack([self._features(env.retired[:, j], torch.zeros_like(need)) for j in range(m)], 1)
            rf = torch.where(retired.unsqueeze(2), rf, torch.zeros_like(rf))
            emb = model.vehicle(rf.reshape(B * m, 7)).reshape(B, m, h)
            weight = (retired.float() / K.unsqueeze(1)).unsqueeze(1)  # [B, 1, m]
            self.done_sum = self.done_sum + (weight @ emb).squeeze(1)
        slot_vehicle = model.vehicle(features.reshape(B * m, 7)).reshape(B, m, h)
        # Tour means: each node of vehicle k's tour weighs 1/(|s_k|+1), the depot too.
        tw = torch.where(self.in_fleet, 1.0 / (env.tlen.float() + 1), torch.zeros_like(env.time, dtype=torch.float))  # [B, K]
        served = env.served_by  # [B, S]
        w_of_node = torch.where(served >= 0, tw.gather(1, served.clamp(min=0)), torch.zeros_like(served, dtype=torch.float))
        fleet_tour = w_of_node / K.unsqueeze(1)
        fleet_tour[:, 0] = tw.sum(1) / K
        fleet_last = torch.zeros(B, S, device=served.device).scatter_add(
            1, env.last, self.in_fleet.float() / K.unsqueeze(1))
        unused_fleet = ((env.status == 0) & self.in_fleet).float() / K.unsqueeze(1)  # [B, K]
        slot_w = tw.gather(1, slot_k.clamp(min=0))  # [B, m]
        slot_tour = (served.unsqueeze(1) == slot_k.unsqueeze(2)).float() * slot_w.unsqueeze(2)
        slot_tour[:, :, 0] = slot_w
        slot_tour = torch.where(has.unsqueeze(2), slot_tour, torch.zeros_like(slot_tour))
        v = torch.cat([slot_vehicle, slot_tour @ self.tour_embed], 2)  # [B, m, d]
        active = has.float().sum(1, keepdim=True)
        active_mean = torch.where(has, 1.0 / active.clamp(min=1), torch.zeros_like(slot_w))
        active_fleet = has.float() / K.unsqueeze(1)
        fleet_vehicle = (unused_fleet.unsqueeze(1) @ self.unused).squeeze(1) + (active_fleet.unsqueeze(1) @ slot_vehicle).squeeze(1) + self.done_sum
        fleet = torch.cat([fleet_vehicle, (fleet_tour.unsqueeze(1) @ self.tour_embed).squeeze(1)], 1)
        act = (active_mean.unsqueeze(1) @ v).squeeze(1)
        last = (fleet_last.unsqueeze(1) @ self.omega).squeeze(1)
        qf, qa, ql = self.blocks
        q = self.static_query + fleet @ qf + act @ qa + last @ ql
        mask = torch.where(env.mask, torch.zeros_like(env.mask, dtype=torch.float), torch.full_like(env.mask, MASKED, dtype=torch.float))
        mask = mask.reshape(B, m * S)
        bias = (self.pair_features() @ model.w['jampr/pair']).reshape(B, m * S)
        return self.pointer(q, v, mask, bias)

    def pair_features(self):
        """[B, m, S, 8] pair-features.ts, zero for empty slots and finished rows."""
        env, days = self.env, self.env.d
        out = []
        for j in range(env.m):
            k = env.slots[:, j]
            pos = env._veh(env.pos, k)
            travel = days.travel.gather(1, pos.view(-1, 1, 1).expand(-1, 1, days.size)).squeeze(1)
            arrival = env._veh(env.time, k).unsqueeze(1) + travel
            quantities = torch.stack([travel, (days.ready - arrival).clamp(min=0), (arrival - days.due).clamp(min=0),
                                      (days.due - arrival).clamp(min=0)], -1) / PAIR_UNIT
            live = ((k >= 0) & ~env.finished).view(-1, 1, 1)
            both = torch.cat([quantities, quantities * days.tightness.view(-1, 1, 1)], -1)
            out.append(torch.where(live, both, torch.zeros_like(both)))
        return torch.stack(out, 1).float()

    def pointer(self, q, v, mask, bias):
        """jampr-decoder.ts foldedPointer."""
        model = self.model
        c = model.c
        H, D, d, clip = c['decoderHeads'], c['decoderDim'], c['embedDim'], c['clip']
        hd = D // H
        B, m, _ = v.shape
        omega = self.omega
        S = omega.shape[1]
        key, value, pointer = self.folded
        qh = q.reshape(B, H, hd).transpose(0, 1)  # [H, B, hd]
        r1, r2, r3, cc = ((qh @ k).transpose(0, 1) for k in key)  # [B, H, d] x3, [B, H, 1]
        v4 = v.reshape(B, 1, m, d)
        r = r1.reshape(B, H, 1, d) + v4 * (r3 + cc).reshape(B, H, 1, d)
        offset = r2 @ v.transpose(1, 2)  # [B, H, m]
        compat = r.reshape(B, H * m, d) @ omega.transpose(1, 2) + offset.reshape(B, H * m, 1)
        attention = torch.softmax((compat / math.sqrt(hd)).reshape(B, H, m * S) + mask.reshape(B, 1, m * S), -1)
        a = attention.reshape(B, H * m, S)
        pooled = (a @ omega).reshape(B, H, m, d)
        u1 = pooled.sum(2)
        u2 = a.sum(2).reshape(B, H, m) @ v
        u3 = (pooled * v4).sum(2)
        u4 = u3.sum(2, keepdim=True)
        glimpse = sum(u.transpose(0, 1) @ val for u, val in zip((u1, u2, u3, u4), value))  # [H, B, hd]
        g = glimpse.transpose(0, 1).reshape(B, D) @ model.w['jampr/Wo']
        l1, l2, l3, lc = (g @ p.t() for p in pointer)
        rl = l1.reshape(B, 1, d) + v * (l3 + lc).reshape(B, 1, d)
        logits = rl @ omega.transpose(1, 2) + v @ l2.reshape(B, d, 1)
        clipped = (torch.tanh(logits / math.sqrt(D)) * clip).reshape(B, m * S)
        return torch.log_softmax(clipped + bias + mask, -1)


def rollout(model, days, m_con, m_pre, symmetry, mode, eps, teacher=None, guard=True):
    """One batched episode. mode: 'greedy' or 'sample'. Returns (env, Σ log π of the chosen actions [B])."""
    env = Env(days, m_con, m_pre, eps, guard)
    dec = Decoder(model, env, symmetry)
    total = torch.zeros(days.B, device=days.nodes.device)
    t = 0
    while not env.done():
        logp = dec.step()
        if teacher is not None:
            actions = teacher(t, env, logp)
        elif mode == 'greedy':
            actions = logp.argmax(1)
        else:
            actions = torch.multinomial(logp.exp(), 1).squeeze(1)
        live = ~env.finished
        total = total + torch.where(live, logp.gather(1, actions.unsqueeze(1)).squeeze(1), torch.zeros_like(total))
        env.step(actions)
        t += 1
    return env, total
