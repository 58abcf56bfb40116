"""
The fleet rule's second half for the port (env/fleet-guard.ts in the product): fleet_guard.c, a line-by-line port
in C, built on first use (any C compiler, with OpenMP where it has it; $CC, else cc) into .gpu/, which git ignores
and the GPU runs carry (built here, it needs no compiler there), and called through ctypes on the rows of a step
that need it. The rule is a search per row, sequential by nature, so it runs on the host, over rows in parallel.
parity.py checks that the port's masks equal the product's.
"""
import ctypes
import hashlib
import os
import subprocess

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, 'fleet_guard.c')
BUILD = os.path.normpath(os.path.join(HERE, '..', '..', '.gpu'))
_library = None


def library():
    """The built guard, rebuilt when fleet_guard.c changes (the file name carries the source's digest)."""
    global _library
    if _library is None:
        digest = hashlib.sha1(open(SOURCE, 'rb').read()).hexdigest()[:12]
        path = os.path.join(BUILD, f'fleet_guard-{digest}.so')
        if not os.path.exists(path):
            build(path)
        lib = ctypes.CDLL(path)
        lib.guard_rows.restype = None
        _library = lib
    return _library


def build(path):
    """Compiles fleet_guard.c to `path`: with OpenMP where the compiler has it, else serial (the pragma is ignored)."""
    os.makedirs(BUILD, exist_ok=True)
    partial = f'{path}.{os.getpid()}'
    compiler = os.environ.get('CC', 'cc')
    for openmp in (['-fopenmp'], []):
        done = subprocess.run([compiler, '-O2', '-shared', '-fPIC', *openmp, '-o', partial, SOURCE, '-lm'],
                              capture_output=True, text=True)
        if done.returncode == 0:
            os.replace(partial, path)
            return
    raise RuntimeError(f'{compiler} could not build {SOURCE} (build it elsewhere into {path}):\n{done.stderr}')


def _pointer(array):
    return array.ctypes.data_as(ctypes.c_void_p)


class HostDays:
    """A Days' arrays on the host in float64, once per environment (the guard reads them at every step)."""

    def __init__(self, days):
        host = lambda t: np.ascontiguousarray(t.detach().double().cpu().numpy())
        self.nodes = days.size
        self.travel, self.ready, self.due = host(days.travel), host(days.ready), host(days.due)
        self.service, self.demand, self.capacity = host(days.service), host(days.demand), host(days.capacity)
        self.hard = bool(days.variant['hard'])


def guard(days, rows, mask, slots, tour_length, time, position, load, visited, visited_count, fresh, eps):
    """Guards the given rows (numpy arrays, row-major, one entry per row in `rows`); masks `mask` (uint8 [R, m, S])
    in place and returns how many entries it took per row."""
    count, m, nodes = mask.shape
    kmax = tour_length.shape[1]
    arrays = dict(
        day_of=np.ascontiguousarray(rows, dtype=np.int64), slots=np.ascontiguousarray(slots, dtype=np.int64),
        tour_length=np.ascontiguousarray(tour_length, dtype=np.int64), time=np.ascontiguousarray(time, dtype=np.float64),
        position=np.ascontiguousarray(position, dtype=np.int64), load=np.ascontiguousarray(load, dtype=np.float64),
        visited=np.ascontiguousarray(visited, dtype=np.uint8),
        visited_count=np.ascontiguousarray(visited_count, dtype=np.int64), fresh=np.ascontiguousarray(fresh, dtype=np.int64))
    assert mask.dtype == np.uint8 and mask.flags['C_CONTIGUOUS']
    taken = np.zeros(count, dtype=np.int64)
    a = arrays
    library().guard_rows(
        ctypes.c_int(count), ctypes.c_int(m), ctypes.c_int(nodes), ctypes.c_int(kmax), _pointer(a['day_of']),
        _pointer(days.travel), _pointer(days.ready), _pointer(days.due), _pointer(days.service), _pointer(days.demand),
        _pointer(days.capacity), ctypes.c_int(1 if days.hard else 0), ctypes.c_double(eps), _pointer(mask),
        _pointer(a['slots']), _pointer(a['tour_length']), _pointer(a['time']), _pointer(a['position']), _pointer(a['load']),
        _pointer(a['visited']), _pointer(a['visited_count']), _pointer(a['fresh']), _pointer(taken))
    return taken
