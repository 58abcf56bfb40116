/*
 * The fleet rule's second half for the port: a line-by-line port of src/main/jampr/env/fleet-guard.ts (whose
 * comments give the reasons), in C because it is a search per row, sequential by nature, that training runs after
 * every step of thousands of rollouts. fleet_guard.py builds it and calls `guard_rows`; parity.py checks that the
 * port's masks then equal the product's. Every comparison and sum is the product's, in the product's order, so
 * that ties and the search budget fall alike.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXACT_LEFT 10      /* at most this many customers left: the guard searches instead of estimating */
#define EXACT_BUDGET 20000 /* the search gives up (and the estimate decides) after this many route extensions */

typedef struct {
  int nodes;
  const double *travel, *ready, *due, *service, *demand;
  double capacity, eps;
  int hard;
} Day;

typedef struct {
  double time;
  int position;
  double load;
} Vehicle;

typedef struct {
  int *at;
  int len;
} List;

static int exceeds_capacity(double load, double capacity) {
  return load > capacity + 1e-9 * fmax(1.0, fabs(capacity));
}

/* rules.ts reaches */
static int reaches(const Day *p, Vehicle at, int i) {
  if (exceeds_capacity(at.load + p->demand[i], p->capacity)) return 0;
  if (!p->hard) return 1;
  double arrival = at.time + p->travel[at.position * p->nodes + i];
  if (arrival - p->due[i] > p->eps) return 0;
  double back = fmax(arrival, p->ready[i]) + p->service[i] + p->travel[i * p->nodes];
  return !(back > p->due[0] + p->eps);
}

/* The vehicle after serving c (tw1 waits for the window; soft policies never ask about time). */
static Vehicle step(const Day *p, Vehicle at, int c) {
  Vehicle next = {fmax(at.time + p->travel[at.position * p->nodes + c], p->ready[c]) + p->service[c], c,
                  at.load + p->demand[c]};
  return next;
}

static Vehicle at_depot(const Day *p) {
  Vehicle v = {p->ready[0], 0, 0.0};
  return v;
}

/* Stable sort by due date, in place (as the product's Array.sort). */
static void by_due(const Day *p, List *l) {
  for (int x = 1; x < l->len; x++) {
    int c = l->at[x], y = x;
    while (y > 0 && p->due[l->at[y - 1]] > p->due[c]) {
      l->at[y] = l->at[y - 1];
      y--;
    }
    l->at[y] = c;
  }
}

/* Chains the customers (earliest due first) onto the vehicle; writes those it could not take to `left`. */
static void chain(const Day *p, Vehicle at, const List *customers, List *left) {
  left->len = 0;
  for (int x = 0; x < customers->len; x++) {
    int c = customers->at[x];
    if (reaches(p, at, c))
      at = step(p, at, c);
    else
      left->at[left->len++] = c;
  }
}

/* fleet-guard.ts freshNeeded; `routes` has room for one route per customer. */
static double fresh_needed(const Day *p, const List *customers, double enough, Vehicle *routes) {
  if (customers->len == 0) return 0;
  int count = 0;
  double demand = 0;
  for (int x = 0; x < customers->len; x++) {
    int c = customers->at[x];
    demand += p->demand[c];
    int found = -1;
    for (int r = 0; r < count; r++) {
      if (reaches(p, routes[r], c)) {
        found = r;
        break;
      }
    }
    if (found < 0) {
      if (count > enough) return count;
      routes[count] = at_depot(p);
      found = count++;
    }
    routes[found] = step(p, routes[found], c);
  }
  return fmax(count, ceil(demand / p->capacity - 1e-9));
}

/* Two lists in due order as one into `out`; on equal due dates `first` goes first. */
static void merge_by_due(const Day *p, const List *first, const List *second, List *out) {
  int x = 0, y = 0;
  out->len = 0;
  while (x < first->len && y < second->len)
    out->at[out->len++] = p->due[second->at[y]] < p->due[first->at[x]] ? second->at[y++] : first->at[x++];
  while (x < first->len) out->at[out->len++] = first->at[x++];
  while (y < second->len) out->at[out->len++] = second->at[y++];
}

static void without(const List *from, int i, List *out) {
  out->len = 0;
  for (int x = 0; x < from->len; x++)
    if (from->at[x] != i) out->at[out->len++] = from->at[x];
}

/* ---- the endgame's search (fleet-guard.ts endgame) ---- */

typedef struct {
  int v, position, left, stamp;
  double load, time;
} Hopeless;

#define TABLE_BITS 16
#define TABLE_SIZE (1 << TABLE_BITS)

typedef struct {
  const Day *p;
  Vehicle fleet[64 + EXACT_LEFT];
  int size, todo[EXACT_LEFT], todo_len, later_cover[64 + EXACT_LEFT], budget, stamp;
  double later_room[64 + EXACT_LEFT];
  Hopeless *table;
} Search;

static int reachable(Search *s, Vehicle at) {
  int bits = 0;
  for (int x = 0; x < s->todo_len; x++)
    if (reaches(s->p, at, s->todo[x])) bits |= 1 << x;
  return bits;
}

static Hopeless *hopeless_slot(Search *s, int v, int position, int left, double load) {
  uint64_t bits;
  double key_load = load == 0 ? 0 : load; /* -0 and 0 are one key, as in the product's string key */
  memcpy(&bits, &key_load, sizeof bits);
  uint64_t h = ((uint64_t)v * 1000003u) ^ ((uint64_t)(position + 1) * 916969u) ^ ((uint64_t)left * 2654435761u) ^ bits;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 32;
  for (uint32_t at = (uint32_t)h & (TABLE_SIZE - 1);; at = (at + 1) & (TABLE_SIZE - 1)) {
    Hopeless *e = &s->table[at];
    if (e->stamp != s->stamp || (e->v == v && e->position == position && e->left == left && e->load == key_load))
      return e;
  }
}

static void mark_hopeless(Search *s, Hopeless *e, int v, int position, int left, double load, double time) {
  if (e->stamp == s->stamp) {
    e->time = fmin(e->time, time);
    return;
  }
  e->stamp = s->stamp;
  e->v = v;
  e->position = position;
  e->left = left;
  e->load = load == 0 ? 0 : load;
  e->time = time;
}

static __thread Hopeless *thread_table = NULL;
static __thread int thread_stamp = 0;

/* Each search's entries carry its own stamp, so the table is never cleared between searches. */
static int next_stamp(void) {
  if (thread_stamp == 0x7fffffff) {
    memset(thread_table, 0, sizeof(Hopeless) * TABLE_SIZE);
    thread_stamp = 0;
  }
  return ++thread_stamp;
}

static int search(Search *s, int v, Vehicle at, int left) {
  const Day *p = s->p;
  if (left == 0) return 1;
  if (--s->budget < 0) return 1;
  /* Under soft windows only the load decides who can serve what, so where a vehicle stands does not matter. */
  int position = p->hard ? at.position : -1;
  Hopeless *e = hopeless_slot(s, v, position, left, at.load);
  if (e->stamp == s->stamp && (!p->hard || at.time >= e->time)) return 0;
  int here = reachable(s, at);
  double demand = 0;
  for (int x = 0; x < s->todo_len; x++)
    if (left & (1 << x)) demand += p->demand[s->todo[x]];
  if ((left & ~(here | s->later_cover[v])) != 0 || demand > p->capacity - at.load + s->later_room[v] + 1e-6) {
    mark_hopeless(s, e, v, position, left, at.load, at.time);
    return 0;
  }
  for (int x = 0; x < s->todo_len; x++) {
    if (!(left & here & (1 << x))) continue;
    if (search(s, v, step(p, at, s->todo[x]), left & ~(1 << x))) return 1;
  }
  if (v + 1 < s->size && search(s, v + 1, s->fleet[v + 1], left)) return 1;
  /* The table may have moved on during the recursion: look the key up again. */
  mark_hopeless(s, hopeless_slot(s, v, position, left, at.load), v, position, left, at.load, at.time);
  return 0;
}

/* Whether, after slot j's vehicle takes node i (0: goes home), the vehicles on the road and `fresh` new ones can
 * serve every customer left. */
static int endgame(Search *s, const Vehicle *vehicles, const int *on_road, int m, const List *customers, int fresh,
                   int j, int i) {
  const Day *p = s->p;
  s->size = 0;
  for (int o = 0; o < m; o++) {
    if (o != j) {
      if (on_road[o]) s->fleet[s->size++] = vehicles[o];
    } else if (i > 0) {
      s->fleet[s->size++] = step(p, on_road[o] ? vehicles[o] : at_depot(p), i);
    }
  }
  int fresh_left = fresh - (on_road[j] ? 0 : 1);
  for (int f = 0; f < fresh_left; f++) s->fleet[s->size++] = at_depot(p);
  List todo = {s->todo, 0};
  without(customers, i, &todo);
  by_due(p, &todo);
  s->todo_len = todo.len;
  for (int v = 0; v < s->size; v++) {
    s->later_cover[v] = 0;
    s->later_room[v] = 0;
  }
  for (int v = s->size - 2; v >= 0; v--) {
    s->later_cover[v] = s->later_cover[v + 1] | reachable(s, s->fleet[v + 1]);
    s->later_room[v] = s->later_room[v + 1] + p->capacity - s->fleet[v + 1].load;
  }
  s->budget = EXACT_BUDGET;
  s->stamp = next_stamp();
  return s->size > 0 && search(s, 0, s->fleet[0], (1 << s->todo_len) - 1);
}

/* ---- the guard of one row (fleet-guard.ts guardFreshVehicles) ---- */

static int popcount(int bits) {
  int count = 0;
  for (int x = bits; x; x &= x - 1) count++;
  return count;
}

typedef struct {
  const Day *p;
  int m, fresh;
  const Vehicle *vehicles;
  const int *on_road;
  List orphans, unkept, *own, *kept, *shared; /* shared[j * m + o]: the customers only slots j and o can serve */
  int *worst;
  double least;
  List parts_pool[66], scratch, merged[2];
  Vehicle *routes;
} Guard;

static double shortage(Guard *g, const List *pool, int size, int fresh_left) {
  if (size <= fresh_left) return 0; /* each can have a fresh vehicle of its own */
  return fmax(0, fresh_needed(g->p, pool, g->least + fresh_left, g->routes) - fresh_left);
}

static double price(Guard *g, int j, int i) {
  const Day *p = g->p;
  int m = g->m;
  if (!g->on_road[j]) {
    /* A fresh vehicle's first stop puts it on the road: it can take along what nobody keeps. */
    if (g->worst[j] <= g->fresh - 1) return 0;
    without(&g->unkept, i, &g->scratch);
    chain(p, step(p, at_depot(p), i), &g->scratch, &g->merged[0]);
    return shortage(g, &g->merged[0], g->merged[0].len, g->fresh - 1);
  }
  if (g->worst[j] <= g->fresh) return 0;
  int moves = i != 0;
  Vehicle after = moves ? step(p, g->vehicles[j], i) : g->vehicles[j];
  int size = g->orphans.len;
  List *parts = g->parts_pool;
  for (int o = 0; o < m; o++) {
    List *part = &parts[o];
    part->len = 0;
    if (o == j) {
      if (moves) {
        without(&g->own[j], i, &g->scratch);
        chain(p, after, &g->scratch, part);
      } else {
        memcpy(part->at, g->own[j].at, sizeof(int) * g->own[j].len);
        part->len = g->own[j].len;
      }
    } else if (g->on_road[o]) {
      const List *both = &g->shared[j < o ? j * m + o : o * m + j];
      List lost = g->scratch;
      lost.len = 0;
      for (int x = 0; x < both->len; x++) {
        int c = both->at[x];
        if (c != i && !(moves && reaches(p, after, c))) lost.at[lost.len++] = c;
      }
      if (lost.len == 0) {
        memcpy(part->at, g->kept[o].at, sizeof(int) * g->kept[o].len);
        part->len = g->kept[o].len;
      } else {
        List mine = g->merged[1];
        memcpy(mine.at, g->own[o].at, sizeof(int) * g->own[o].len);
        memcpy(mine.at + g->own[o].len, lost.at, sizeof(int) * lost.len);
        mine.len = g->own[o].len + lost.len;
        by_due(p, &mine);
        chain(p, g->vehicles[o], &mine, part);
      }
    }
    size += part->len;
  }
  if (size <= g->fresh) return 0;
  /* The pool: the orphans, then each part merged in by due date (first wins ties), as the product folds them. */
  List *pool = &g->merged[0], *spare = &g->merged[1];
  memcpy(pool->at, g->orphans.at, sizeof(int) * g->orphans.len);
  pool->len = g->orphans.len;
  for (int o = 0; o < m; o++) {
    if (parts[o].len == 0) continue;
    merge_by_due(p, pool, &parts[o], spare);
    List *t = pool;
    pool = spare;
    spare = t;
  }
  return shortage(g, pool, size, g->fresh);
}

/* Masks, in place, the actions of one row that leave more than the least shortage; returns how many it masked. */
static int64_t guard_row(const Day *p, uint8_t *mask, int m, const int64_t *slots, const int64_t *tour_length,
                         const double *time, const int64_t *position, const double *load, const uint8_t *visited,
                         int visited_count, int fresh) {
  int nodes = p->nodes, n = nodes - 1;
  if (m > 30 || m + EXACT_LEFT > 64) abort(); /* slots are bits of an int; the search's fleet array is fixed */
  Vehicle vehicles[64];
  int on_road[64];
  int *cover = calloc(nodes, sizeof(int));
  for (int j = 0; j < m; j++) {
    int64_t k = slots[j];
    on_road[j] = k >= 0 && tour_length[k] != 0;
    if (!on_road[j]) continue;
    vehicles[j].time = time[k];
    vehicles[j].position = (int)position[k];
    vehicles[j].load = load[k];
    for (int i = 1; i < nodes; i++)
      if (mask[j * nodes + i]) cover[i] |= 1 << j;
  }
  int left = n - visited_count;
  if (fresh >= left) {
    free(cover);
    return 0;
  }
  Guard g = {.p = p, .m = m, .fresh = fresh, .vehicles = vehicles, .on_road = on_road, .least = INFINITY};
  /* One block of lists, each with room for every node (and the merged ones for every node twice over). */
  int lists = 2 + 2 * m + m * m + 66 + 3;
  int *block = malloc(sizeof(int) * (size_t)nodes * (lists + 2));
  int *next = block;
#define TAKE(l, room) ((l).at = next, (l).len = 0, next += (room))
  List customers;
  TAKE(customers, nodes);
  TAKE(g.orphans, nodes);
  TAKE(g.unkept, nodes);
  List own[30], kept[30], shared[900];
  for (int j = 0; j < m; j++) {
    TAKE(own[j], nodes);
    TAKE(kept[j], nodes);
  }
  for (int x = 0; x < m * m; x++) shared[x].len = 0, shared[x].at = NULL;
  for (int j = 0; j < m; j++)
    for (int o = j + 1; o < m; o++) TAKE(shared[j * m + o], nodes);
  for (int o = 0; o < m; o++) TAKE(g.parts_pool[o], nodes);
  TAKE(g.scratch, nodes);
  TAKE(g.merged[0], 2 * nodes);
  TAKE(g.merged[1], 2 * nodes);
#undef TAKE
  g.own = own;
  g.kept = kept;
  g.shared = shared;
  g.routes = malloc(sizeof(Vehicle) * nodes);
  int worst[30];
  g.worst = worst;

  for (int i = 1; i < nodes; i++)
    if (!visited[i]) customers.at[customers.len++] = i;
  by_due(p, &customers);
  int at_risk = 0;
  for (int x = 0; x < customers.len; x++) {
    int c = customers.at[x], bits = cover[c];
    if (bits == 0)
      g.orphans.at[g.orphans.len++] = c;
    else if ((bits & (bits - 1)) == 0)
      own[__builtin_ctz(bits)].at[own[__builtin_ctz(bits)].len++] = c;
    else if (popcount(bits) == 2) {
      int j = __builtin_ctz(bits), o = 31 - __builtin_clz(bits);
      shared[j * m + o].at[shared[j * m + o].len++] = c;
    } else
      continue;
    at_risk++;
  }
  int has_fresh_slot = 0;
  for (int j = 0; j < m; j++)
    if (!on_road[j] && slots[j] >= 0) has_fresh_slot = 1;
  int64_t taken = 0;
  if (left > EXACT_LEFT && at_risk <= fresh - has_fresh_slot) goto done;
  for (int j = 0; j < m; j++) {
    if (on_road[j])
      chain(p, vehicles[j], &own[j], &kept[j]);
    else
      kept[j].len = 0;
  }
  memcpy(g.unkept.at, g.orphans.at, sizeof(int) * g.orphans.len);
  g.unkept.len = g.orphans.len;
  for (int j = 0; j < m; j++) {
    memcpy(g.unkept.at + g.unkept.len, kept[j].at, sizeof(int) * kept[j].len);
    g.unkept.len += kept[j].len;
  }
  by_due(p, &g.unkept);
  for (int j = 0; j < m; j++) {
    if (!on_road[j]) {
      worst[j] = g.unkept.len;
      continue;
    }
    worst[j] = g.orphans.len + own[j].len;
    for (int o = 0; o < m; o++)
      if (on_road[o] && o != j) worst[j] += own[o].len + shared[j < o ? j * m + o : o * m + j].len;
  }

  Search s = {.p = p};
  if (left <= EXACT_LEFT) {
    if (!thread_table) thread_table = calloc(TABLE_SIZE, sizeof(Hopeless));
    s.table = thread_table;
  }
  double *prices = malloc(sizeof(double) * m * nodes);
  for (int a = 0; a < m * nodes; a++) prices[a] = INFINITY;
  for (int j = 0; j < m; j++) {
    if (slots[j] < 0) continue;
    for (int i = 0; i < nodes; i++) {
      if (!mask[j * nodes + i]) continue;
      double estimate = price(&g, j, i);
      double value = estimate;
      if (left <= EXACT_LEFT) value = endgame(&s, vehicles, on_road, m, &customers, fresh < left ? fresh : left, j, i) ? 0 : 1 + estimate;
      prices[j * nodes + i] = value;
      if (value < g.least) g.least = value;
    }
  }
  for (int a = 0; a < m * nodes; a++) {
    if (prices[a] > g.least && mask[a]) {
      mask[a] = 0;
      taken++;
    }
  }
  free(prices);
done:
  free(g.routes);
  free(block);
  free(cover);
  return taken;
}

/*
 * The guard on `rows` rows at once (OpenMP over rows): row r is day day_of[r] of the days' arrays, its state the
 * r-th entry of each state array. Returns, per row, how many mask entries it took. Called by fleet_guard.py.
 */
void guard_rows(int rows, int m, int nodes, int kmax, const int64_t *day_of, const double *travel, const double *ready,
                const double *due, const double *service, const double *demand, const double *capacity, int hard,
                double eps, uint8_t *mask, const int64_t *slots, const int64_t *tour_length, const double *time,
                const int64_t *position, const double *load, const uint8_t *visited, const int64_t *visited_count,
                const int64_t *fresh, int64_t *taken) {
#pragma omp parallel for schedule(dynamic, 1)
  for (int r = 0; r < rows; r++) {
    int64_t d = day_of[r];
    Day p = {nodes,
             travel + d * nodes * nodes,
             ready + d * nodes,
             due + d * nodes,
             service + d * nodes,
             demand + d * nodes,
             capacity[d],
             eps,
             hard};
    taken[r] = guard_row(&p, mask + (int64_t)r * m * nodes, m, slots + (int64_t)r * m, tour_length + (int64_t)r * kmax,
                         time + (int64_t)r * kmax, position + (int64_t)r * kmax, load + (int64_t)r * kmax,
                         visited + (int64_t)r * nodes, (int)visited_count[r], (int)fresh[r]);
  }
}
