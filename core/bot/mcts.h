// Monte Carlo tree search over any game of game.h: UCT with RAVE (AMAF) values mixed by the
// Gelly–Silver schedule, priors from each game's knowledge (policy_*.h), tree reuse between
// moves, search in slices so a browser frame never blocks, and threads sharing one tree.
//
// It names no game: `Mcts<G>` is instantiated where the game's policy header (policy_go.h, …)
// is included, which defines `Policy<G>` and, for a game whose turns split, `Turns<G>`.
//
// How to read it: `SearchLimits` and `SearchOptions` say how long and how; then the public
// members of `Mcts` in the order a caller uses them (`start`, `step`/`done`/`stop` or
// `search_threads`, `best_move`, `analysis`, `advance`); the private part follows one
// simulation (`simulate`): descend (`select`), grow (`children_of`, `install`), play out
// (`playout`), back up (`backup`).
//
// One simulation: walk down the tree choosing at each node the child with the best mix of its
// own win rate, its AMAF win rate and an exploration term; on a copy of the root state, replay
// that path; grow the leaf once it has been visited `expand_after` times (all its children at
// once, each with prior virtual visits/wins) and step into one of them; play the game out with
// the game's policy (at most 3·N·N moves, then the count decides); back the result up the
// path, and update the AMAF statistics of every sibling whose point the same player played
// later in the simulation. With threads, the walk down and the back up hold the tree's lock
// and the rest runs without it (`search_threads`).
//
// Deterministic: with a fixed seed and a playout limit (no time limit), the same root gives
// the same move and the same node count on every build (tests check a "signature").
// Values are always from the viewpoint of the player who made the move into a node; players
// are 1 and 2 (Looper's players keep their number through `take`).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <functional>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

#include "bot/analysis.h"
#include "bot/policy.h"
#include "bot/tree_memory.h"
#include "bot/turns.h"
#include "rules/game.h"

namespace stonegrid::bot {

struct SearchLimits {
  long long playouts = 1000;  // per move; <= 0: no playout limit
  double seconds = 0;         // per move, counted inside `step`; <= 0: no time limit
  // Count `seconds` in processor time of this process (std::clock) instead of wall time: a
  // fair budget on a shared machine (the arena's `--clock cpu`). Slices stay wall time.
  bool cpu_time = false;
};

struct SearchOptions {
  uint64_t seed = 0x5EED;
  bool weakened = false;          // the game's plain random playouts, no priors (level 1)
  double resign_threshold = 0;    // resign when the win rate is below this (0: never)
  long long resign_after = 1000;  // ... after at least this many playouts of the move
  float exploration = 0.1f;       // UCT constant
  float rave_equivalence = 1500;  // AMAF weight falls to 1/2 near this many visits
  int expand_after = 4;           // visits of a leaf before it grows children
  size_t max_nodes = 1 << 21;     // node pool capacity (~56 MB); full: no more growth
  // Keep the mean lead on the count at the end of the playouts through each root child
  // (`MoveStats::score_lead`; games with a count only): the review's points lost. Off, no cost.
  bool score_leads = false;
};

// A game whose policy scores a playout against the state it started from (policy.h).
template <typename G>
concept ScoresPlayoutFromStart = requires(const G& g) {
  { Policy<G>::playout_winner(g, Policy<G>::playout_start(g)) } -> std::same_as<int>;
};

// A game with a count (Go, Loose, Square Squared; not Looper): a playout's end has a score lead.
template <typename G>
concept CountsPoints = requires(const G& g) {
  { g.score() } -> std::same_as<Score>;
};

// A game whose policy measures a playout's lead against the state it started from (policy.h).
template <typename G>
concept LeadFromStart = ScoresPlayoutFromStart<G> && requires(const G& g) {
  { Policy<G>::playout_lead(g, Policy<G>::playout_start(g)) } -> std::same_as<double>;
};

// A game whose policy says when a win rate is no ground for resigning (policy.h).
template <typename G>
concept LimitsResigning = requires(const G& g) {
  { Policy<G>::may_resign(g) } -> std::same_as<bool>;
};

// A game whose policy's playout moves are checked legal already (policy.h): the playout makes
// them without judging them again.
template <typename G>
concept PlayoutMovesChecked = Policy<G>::playout_moves_checked && requires(G& g, const Move& m) {
  g.play_legal(m);
};

template <Game G>
class Mcts {
 public:
  explicit Mcts(const G& root, const SearchOptions& options = {}, Point last = no_point)
      : options_(options), main_(options.seed), root_state_(root), root_last_(last) {
    reset_tree();
  }

  // --- the position -------------------------------------------------------------------------
  const G& root() const { return root_state_.game(); }
  const SearchOptions& options() const { return options_; }
  // New options for the next search; the tree is kept (its priors stay as they were made).
  void set_options(const SearchOptions& options) {
    options_ = options;
    main_.rng = Rng(options.seed);
  }
  // Plays a turn at the root, keeping its subtree. False (and nothing changed) when illegal.
  bool advance(const Move& move) {
    Turns<G> next = root_state_;
    const TurnActions turn = root_state_.turn_actions(move);
    int node = root_;
    for (int i = 0; i < turn.count; ++i) {
      if (!next.apply(turn.actions[i])) return false;
      node = node >= 0 ? child_with(node, turn.actions[i]) : -1;
    }
    root_state_ = next;
    root_prev_ = move.is_place() && move.count > 1 ? move.points[move.count - 2] : root_last_;
    root_last_ = move.is_place() ? move.points[move.count - 1] : no_point;
    if (node < 0)
      reset_tree();
    else
      keep_subtree(node);
    return true;
  }

  // --- searching ----------------------------------------------------------------------------
  // Begins a search for the root's move (the tree is kept; counters restart).
  void start(const SearchLimits& limits) {
    limits_ = limits;
    searched_ = 0;
    elapsed_ms_ = 0;
    stopped_.store(false, std::memory_order_relaxed);
  }
  // Runs simulations for about `budget_ms` (the clock is read after every simulation) or until
  // the limits are reached. Returns the simulations run.
  int step(double budget_ms) {
    if (done()) return 0;
    const Stopwatch watch(limits_.cpu_time);
    int ran = 0;
    for (;;) {
      simulate(main_);
      ++ran;
      ++searched_;
      const double ms = watch.wall_ms();
      const double spent = watch.spent_ms(ms);
      const bool out_of_playouts = limits_.playouts > 0 && searched_ >= limits_.playouts;
      const bool out_of_time = limits_.seconds > 0 && elapsed_ms_ + spent >= limits_.seconds * 1000;
      // (`stopped_`: `stop` from another thread.)
      if (out_of_playouts || out_of_time || ms >= budget_ms || stopped_.load(std::memory_order_relaxed)) {
        elapsed_ms_ += spent;
        break;
      }
      if (may_settle(elapsed_ms_ + spent)) {
        elapsed_ms_ += spent;
        break;
      }
    }
    return ran;
  }
  // Runs the whole search at once (native callers: the GTP engine, arena, tests).
  void run(const SearchLimits& limits) {
    start(limits);
    while (!done()) step(50);
  }
  // Searches until done (blocking) on `threads` threads sharing this tree: tree parallelism.
  // A thread walks down without a lock, counting at once a visit with no win at every node
  // it passes (a virtual loss, so the threads spread over different lines); grows the leaf
  // and plays its playout on its own; then takes the tree's lock to add the leaf's children
  // and back the result up (without counting the visits again). Not deterministic (the
  // threads interleave as the machine runs them): for searches bounded by time. At most the
  // machine's cores (WebAssembly without pthreads has 1: no thread is made); 1 thread: as
  // `step`.
  // `report`, when given, is called about every `report_every_ms` while the search runs, on
  // the calling thread, at a moment when no thread changes the tree but by adding virtual
  // losses: there `analysis` may be read (a front end searching on a thread of its own shows
  // it). `stop` may be called from any thread; the search ends within a simulation.
  static constexpr double report_every_ms = 100;
  void search_threads(int threads, const std::function<void()>& report = {}) {
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    if (cores > 0) threads = std::min(threads, cores);
    if (threads <= 1 || done()) {
      while (!done()) {
        step(report_every_ms);
        if (report) report();
      }
      return;
    }
    const Stopwatch watch(limits_.cpu_time);
    const double before_ms = elapsed_ms_;
    SpinLock tree;
    std::atomic<bool> finished{false};
    double reported_ms = 0;
    auto work = [&](Worker& w, bool reports) {
      while (!finished.load(std::memory_order_relaxed)) {
        std::unique_lock<SpinLock> lock(tree, std::defer_lock);
        simulate(w, &lock);  // returns holding the lock
        ++searched_;
        const double ms = watch.wall_ms();
        elapsed_ms_ = before_ms + watch.spent_ms(ms);
        may_settle(elapsed_ms_);
        if (done()) finished.store(true, std::memory_order_relaxed);
        if (reports && report && ms - reported_ms >= report_every_ms) {
          report();
          reported_ms = ms;
        }
      }
    };
    std::vector<Worker> workers;
    workers.reserve(threads - 1);
    for (int i = 1; i < threads; ++i)
      workers.emplace_back(options_.seed ^ (0xD1B54A32D192ED03ull * static_cast<uint64_t>(i)));
    std::vector<std::thread> pool;
    for (Worker& w : workers) {
      try {
        pool.emplace_back(work, std::ref(w), false);
      } catch (const std::system_error&) {
        break;  // the system would not make another thread: search on those made
      }
    }
    work(main_, true);
    for (std::thread& t : pool) t.join();
  }
  bool done() const {
    if (stopped_.load(std::memory_order_relaxed) || root_state_.is_over()) return true;
    if (limits_.playouts > 0 && searched_ >= limits_.playouts) return true;
    if (limits_.seconds > 0 && elapsed_ms_ >= limits_.seconds * 1000) return true;
    return limits_.playouts <= 0 && limits_.seconds <= 0;
  }
  void stop() { stopped_.store(true, std::memory_order_relaxed); }
  long long searched() const { return searched_; }
  double elapsed_ms() const { return elapsed_ms_; }
  size_t nodes() const { return nodes_.count(); }

  // --- answers ------------------------------------------------------------------------------
  // The move to play now: always a legal turn while the game is on (resign when hopeless and
  // resigning is enabled; a prior-guided move even with no simulation at all).
  Move best_move() {
    if (root_state_.is_over()) return Move::resign();
    if (!nodes_[root_].expanded) expand(root_, root_state_, root_last_, root_prev_);
    if (nodes_[root_].child_count == 0) return Move::resign();
    if (options_.resign_threshold > 0 && searched_ >= options_.resign_after && may_resign() &&
        root_winrate() < options_.resign_threshold && best_child_winrate() < options_.resign_threshold)
      return Move::resign();
    return turn_from(consider_pass(best_child(root_)));
  }

  Analysis analysis(int top = 5) const {
    Analysis a;
    const Node& root = nodes_[root_];
    a.playouts = root.playouts;
    a.winrate = root.playouts ? root_wins_ / root.playouts : 0.5;
    if (!root.expanded) return a;
    root_lead(a);
    std::vector<int> order;
    for (int i = 0; i < root.child_count; ++i) order.push_back(root.first_child + i);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return better_child(x, y); });
    for (int i = 0; i < static_cast<int>(order.size()) && i < top; ++i) {
      const Node& n = nodes_[order[i]];
      if (n.playouts == 0 && i > 0) break;
      MoveStats m;
      m.move = turn_from(order[i]);
      m.visits = n.playouts;
      m.winrate = n.playouts ? n.real_wins / n.playouts : 0.5;
      const size_t k = static_cast<size_t>(order[i] - root.first_child);
      if (k < lead_counts_.size() && lead_counts_[k] > 0) {
        m.scored = true;
        m.score_lead = lead_sums_[k] / lead_counts_[k];
      }
      a.moves.push_back(m);
    }
    a.line = principal_line();
    return a;
  }

  // The most visited line from the root, turn by turn: at most `turns`, each turn's first choice
  // seen in at least `min_visits` simulations. The search's expected continuation.
  std::vector<Move> principal_line(int turns = 8, int min_visits = 10) const {
    std::vector<Move> line;
    Turns<G> state = root_state_;
    int node = root_;
    while (static_cast<int>(line.size()) < turns && !state.is_over()) {
      if (!nodes_[node].expanded || nodes_[node].child_count == 0) break;
      int child = best_child(node);
      if (nodes_[child].playouts < min_visits) break;
      std::array<Point, 3> points{no_point, no_point, no_point};
      int count = 0;
      std::optional<Move> special;
      for (;;) {  // one turn: one action, or a ballot's points and `stop`
        const Action a = nodes_[child].action;
        node = child;
        if (!state.apply(a)) return line;
        if (a == take_action) special = Move::take();
        if (a == pass_action) special = Move::pass();
        if (a < pass_action && count < 3) points[count++] = static_cast<Point>(a);
        if (state.at_turn_start()) break;
        if (!nodes_[node].expanded || nodes_[node].child_count == 0) return line;  // unfinished
        child = best_child(node);
      }
      line.push_back(special      ? *special
                     : count == 1 ? Move::place(points[0])
                                  : Move::places(points[0], points[1], points[2]));
    }
    return line;
  }

  bool may_resign() const {
    if constexpr (LimitsResigning<G>)
      return Policy<G>::may_resign(root());
    else
      return true;
  }

  // Win rate of the player to move at the root (0.5 before any simulation).
  double root_winrate() const {
    const Node& root = nodes_[root_];
    return root.playouts ? root_wins_ / root.playouts : 0.5;
  }

 private:
  // What the threads' walks down read without the lock is `Relaxed` (tree_memory.h); the
  // children's place and count are written before `expanded` is published, and never again.
  struct Node {
    Relaxed<float> visits = 0, wins = 0;            // real + prior, for selection
    Relaxed<float> amaf_visits = 0, amaf_wins = 0;  // all-moves-as-first
    float real_wins = 0;                            // real simulations only (analysis)
    Relaxed<int32_t> playouts = 0;                  // real simulations through this node
    int32_t first_child = -1;
    uint16_t child_count = 0;
    Action action = pass_action;
    uint8_t mover = 0;  // the player who made `action`
    Published expanded;
  };

  // One thread's scratch for simulations: its random numbers, the path down the tree, the
  // playout's placements and the AMAF marks. The tree is shared.
  struct Played {
    Point point;
    uint8_t player;
  };
  struct Worker {
    explicit Worker(uint64_t seed) : rng(seed) {}
    Rng rng;
    std::vector<int> path;        // root first
    std::vector<Action> actions;  // the actions into path[1], path[2], ...
    std::vector<Node> fresh;      // a growing leaf's children
    std::vector<Played> playout_moves;
    std::array<uint8_t, max_points> marks{};
    double lead = 0;   // player 1's lead on the count at the playout's end, when `led`
    bool led = false;  // (SearchOptions::score_leads, a game with a count)
  };

  // --- tree bookkeeping ---------------------------------------------------------------------
  // The tree grows while it has at most `max_nodes` nodes; its pool has room for the slots
  // that keeping each run of children in one block skips (under 1/8: a run is at most
  // max_points + 3 of a block's 4096).
  size_t pool_capacity() const {
    return options_.max_nodes + options_.max_nodes / 8 + BlockPool<Node>::block;
  }
  size_t room() const { return options_.max_nodes - std::min(options_.max_nodes, nodes_.count()); }

  void reset_tree() {
    nodes_.reset(pool_capacity());
    const Node root;
    nodes_.append(&root, 1);
    root_ = 0;
    root_wins_ = 0;
    lead_sums_.clear();
    lead_counts_.clear();
  }

  int child_with(int node, Action a) const {
    const Node& n = nodes_[node];
    if (!n.expanded) return -1;
    for (int i = 0; i < n.child_count; ++i)
      if (nodes_[n.first_child + i].action == a) return n.first_child + i;
    return -1;
  }

  // Copies the subtree under `node` into a fresh pool (children stay contiguous).
  void keep_subtree(int node) {
    BlockPool<Node> kept(pool_capacity());
    kept.append(&nodes_[node], 1);
    for (size_t i = 0; i < kept.end(); ++i) {  // slots a run skipped are not expanded
      if (!kept[i].expanded) continue;
      kept[i].first_child =
          static_cast<int32_t>(kept.append(&nodes_[kept[i].first_child], kept[i].child_count));
    }
    nodes_.swap(kept);
    root_ = 0;
    lead_sums_.clear();  // the kept playouts' leads were not kept: only new ones count
    lead_counts_.clear();
    // The root's wins were counted for the player who moved into it; flip to the mover now.
    const Node& r = nodes_[0];
    root_wins_ = r.playouts - r.real_wins;
    if (r.mover == root_state_.to_move()) root_wins_ = r.real_wins;
  }

  // --- one simulation -----------------------------------------------------------------------
  // One simulation with `w`'s scratch, in three parts: down the tree to a leaf, reading and
  // writing only the tree; then, without the tree, the leaf's position, its children and
  // their priors if it grows (worked out into `w.fresh`), the step into one of them and the
  // playout; then the new children added and the result backed up. `lock`, when the threads
  // share the tree (`search_threads`): not held on entry, taken for the last part and held on
  // return. Then the walk down reads the tree without it, and counts every visit at once,
  // with no win (a virtual loss, so the next thread down prefers other lines); the back up
  // adds only the result.
  void simulate(Worker& w, std::unique_lock<SpinLock>* lock = nullptr) {
    const bool shared = lock != nullptr;
    w.path.clear();
    w.actions.clear();
    int node = root_;
    auto visit = [&](int n) {
      w.path.push_back(n);
      if (shared) nodes_[n].visits.add(1);
    };
    visit(root_);
    while (nodes_[node].expanded) {
      node = select(node);
      w.actions.push_back(nodes_[node].action);
      visit(node);
    }
    const bool grows = node == root_ || nodes_[node].playouts >= options_.expand_after;
    const float leaf_log_visits = portable_log(nodes_[node].visits + 1.0f);
    const size_t room_left = room();

    Turns<G> state = root_state_;
    Point last = root_last_, prev = root_prev_;
    auto apply = [&](Action a) {
      state.apply(a);  // legal: the tree holds legal actions only
      if (is_point(a)) {
        prev = last;
        last = static_cast<Point>(a);
      } else if (state.at_turn_start()) {
        prev = last;
        last = no_point;
      }
    };
    for (Action a : w.actions) apply(a);
    int chosen = -1;  // in `w.fresh`
    if (grows && !state.is_over() && children_of(state, last, prev, w.fresh) && w.fresh.size() <= room_left) {
      chosen = best_of(w.fresh.data(), static_cast<int>(w.fresh.size()), leaf_log_visits);
      apply(w.fresh[chosen].action);
    }
    w.playout_moves.clear();
    w.led = false;
    const int winner = state.is_over() ? game_over_winner(w, state.game()) : playout(w, state, last, prev);
    mark_playout(w);

    if (shared) lock->lock();
    if (chosen >= 0) {
      // Another thread may have grown the leaf meanwhile: then its children stand.
      if (!nodes_[node].expanded) install(node, w.fresh);
      const int child = child_with(node, w.fresh[chosen].action);
      if (child >= 0) visit(child);
    }
    backup(w, winner, !shared);
  }

  // The child of `node` to walk into: the best mix of its own win rate, its AMAF win rate and
  // an exploration term.
  int select(int node) const {
    const Node& n = nodes_[node];
    return n.first_child + best_of(&nodes_[n.first_child], n.child_count, portable_log(n.visits + 1.0f));
  }
  int best_of(const Node* children, int count, float log_visits) const {
    const bool rave = !options_.weakened;
    int best = 0;
    float best_value = -1e30f;
    for (int i = 0; i < count; ++i) {
      const Node& c = children[i];
      const float q = c.visits > 0 ? c.wins / c.visits : 1.0f;
      float value = q;
      if (rave && c.amaf_visits > 0) {
        const float beta =
            c.amaf_visits / (c.amaf_visits + c.visits + c.visits * c.amaf_visits / options_.rave_equivalence);
        value = (1 - beta) * q + beta * (c.amaf_wins / c.amaf_visits);
      }
      value += options_.exploration * std::sqrt(log_visits / (c.visits + 1.0f));
      if (value > best_value) {
        best_value = value;
        best = i;
      }
    }
    return best;
  }

  // The children of a node at `state`, with their priors (prior visits and wins); false when
  // there is no action.
  bool children_of(const Turns<G>& state, Point last, Point prev, std::vector<Node>& out) const {
    ActionList list;
    state.actions(list);
    out.clear();
    if (list.count == 0) return false;
    std::array<Prior, max_points + 3> priors;
    if (options_.weakened) {
      for (int i = 0; i < list.count; ++i) priors[i] = Prior{}, priors[i].even(2);
    } else {
      policy_.priors(state, last, prev, list, priors.data());
    }
    const uint8_t mover = static_cast<uint8_t>(state.to_move());
    for (int i = 0; i < list.count; ++i) {
      Node c;
      c.action = list.actions[i];
      c.mover = mover;
      c.visits = priors[i].visits;
      c.wins = priors[i].wins;
      out.push_back(c);
    }
    return true;
  }
  // Adds `node`'s children (one writer at a time) and publishes them; false when the tree is
  // full.
  bool install(int node, const std::vector<Node>& children) {
    if (children.size() > room()) return false;
    const long first = nodes_.append(children.data(), children.size());
    if (first < 0) return false;
    Node& n = nodes_[node];
    n.first_child = static_cast<int32_t>(first);
    n.child_count = static_cast<uint16_t>(children.size());
    n.expanded.set();
    return true;
  }
  // Grows `node` at once (the root, when an answer is asked before any simulation).
  bool expand(int node, const Turns<G>& state, Point last, Point prev) {
    std::vector<Node> children;
    return children_of(state, last, prev, children) && install(node, children);
  }

  // Plays the game out from `state`; returns the winning player (0: draw).
  int playout(Worker& w, Turns<G>& state, Point last, Point prev) {
    state.finish_turn();
    G& g = state.game();
    if constexpr (ScoresPlayoutFromStart<G>) {
      const auto start = Policy<G>::playout_start(g);
      play_out(w, g, last, prev);
      if constexpr (LeadFromStart<G>)
        if (options_.score_leads) note_lead(w, g, Policy<G>::playout_lead(g, start));
      return Policy<G>::playout_winner(g, start);
    } else {
      play_out(w, g, last, prev);
      note_count_lead(w, g);
      return Policy<G>::winner(g);
    }
  }
  int game_over_winner(Worker& w, const G& g) {
    if (!g.outcome().by_resignation) note_count_lead(w, g);
    return Policy<G>::winner(g);
  }

  // --- the score lead (SearchOptions::score_leads) ------------------------------------------
  // Black's lead `black_lead` at a playout's end, noted as player 1's for the back up.
  static void note_lead(Worker& w, const G& end, double black_lead) {
    w.lead = end.status().black_player == 2 ? -black_lead : black_lead;
    w.led = true;
  }
  // The lead as the game counts it now (komi included).
  void note_count_lead(Worker& w, const G& g) const {
    if constexpr (CountsPoints<G>) {
      if (!options_.score_leads) return;
      const Score s = g.score();
      if (s.defined) note_lead(w, g, s.black - s.white);
    }
  }
  // Adds a playout's lead to the root child it went through (the lock held when shared).
  void add_root_lead(const Worker& w) {
    if (!w.led || w.path.size() < 2) return;
    const Node& root = nodes_[root_];
    const size_t k = static_cast<size_t>(w.path[1] - root.first_child);
    if (lead_counts_.size() < root.child_count) {
      lead_sums_.resize(root.child_count, 0);
      lead_counts_.resize(root.child_count, 0);
    }
    lead_sums_[k] += nodes_[w.path[1]].mover == 1 ? w.lead : -w.lead;
    ++lead_counts_[k];
  }
  // The root's mean lead for the player to move, over every child's playouts.
  void root_lead(Analysis& a) const {
    double sum = 0;
    long long count = 0;
    for (size_t k = 0; k < lead_counts_.size(); ++k) {
      sum += lead_sums_[k];
      count += lead_counts_[k];
    }
    a.scored = count > 0;
    if (count > 0) a.score_lead = sum / static_cast<double>(count);
  }

  void play_out(Worker& w, G& g, Point last, Point prev) {
    const int start_stage = g.status().stage;
    const int cap = 3 * g.geometry().size * g.geometry().size;
    for (int k = 0; k < cap && !g.status().over(); ++k) {
      if (Policy<G>::playout_done(g, start_stage)) break;
      const int mover = g.status().to_move;
      Move m = options_.weakened ? g.random_move(w.rng) : policy_.playout_move(g, last, prev, w.rng);
      if constexpr (PlayoutMovesChecked<G>) {
        if (!options_.weakened) {
          g.play_legal(m);
          note_playout_move(w, m, mover, last, prev);
          continue;
        }
      }
      if (!g.play(m)) {
        m = g.random_move(w.rng);
        if (!g.play(m)) break;
      }
      note_playout_move(w, m, mover, last, prev);
    }
  }
  static void note_playout_move(Worker& w, const Move& m, int mover, Point& last, Point& prev) {
    prev = last;
    if (m.is_place()) {
      for (int i = 0; i < m.count; ++i) w.playout_moves.push_back({m.points[i], static_cast<uint8_t>(mover)});
      last = m.points[m.count - 1];
    } else {
      last = no_point;
    }
  }

  static float reward(int winner, int player) { return winner == player ? 1.0f : winner == 0 ? 0.5f : 0.0f; }

  // `count_visits`: false when the way down counted them already (virtual losses).
  // AMAF marks: the first player to play each point from a given depth on. The playout's
  // moves first (the earliest wins; `mark_playout`, before the back up, outside the lock when
  // shared), then the tree's moves from the bottom up (each overwrites; `backup`).
  static void mark_playout(Worker& w) {
    w.marks.fill(0);
    for (const auto& [p, player] : w.playout_moves)
      if (!w.marks[p]) w.marks[p] = player;
  }
  void backup(Worker& w, int winner, bool count_visits = true) {
    std::array<uint8_t, max_points>& marks = w.marks;
    const int depth = static_cast<int>(w.path.size()) - 1;
    for (int i = depth; i >= 0; --i) {
      if (i < depth) {
        const Node& below = nodes_[w.path[i + 1]];
        if (is_point(below.action)) marks[below.action] = below.mover;
      }
      Node& n = nodes_[w.path[i]];
      if (count_visits) n.visits += 1;
      n.playouts += 1;
      const float r = reward(winner, n.mover);
      n.wins += r;
      n.real_wins += r;
      if (!n.expanded || options_.weakened) continue;
      for (int k = 0; k < n.child_count; ++k) {
        Node& c = nodes_[n.first_child + k];
        if (!is_point(c.action) || marks[c.action] != c.mover) continue;
        c.amaf_visits += 1;
        c.amaf_wins += reward(winner, c.mover);
      }
    }
    root_wins_ += reward(winner, root_state_.to_move());
    add_root_lead(w);
  }

  // --- choosing the move --------------------------------------------------------------------
  // The most visited first; of two as often visited, the one with the better value.
  bool better_child(int x, int y) const {
    const Node& c = nodes_[x];
    const Node& b = nodes_[y];
    return c.playouts > b.playouts || (c.playouts == b.playouts && c.wins * b.visits > b.wins * c.visits);
  }
  int best_child(int node) const {
    const Node& n = nodes_[node];
    int best = n.first_child;
    for (int i = 1; i < n.child_count; ++i)
      if (better_child(n.first_child + i, best)) best = n.first_child + i;
    return best;
  }

  // A search's clock: wall milliseconds since it was made, and the time the limits count (the
  // same, or processor time under `SearchLimits::cpu_time`).
  class Stopwatch {
   public:
    explicit Stopwatch(bool cpu) : cpu_(cpu), cpu_begin_(cpu ? std::clock() : 0) {}
    double wall_ms() const {
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin_).count();
    }
    double spent_ms(double wall_ms) const {
      return cpu_ ? 1000.0 * (std::clock() - cpu_begin_) / CLOCKS_PER_SEC : wall_ms;
    }

   private:
    bool cpu_;
    std::clock_t cpu_begin_;
    std::chrono::steady_clock::time_point begin_ = std::chrono::steady_clock::now();
  };

  // Every 128 simulations of a time-bounded search, `settled` is asked with the time spent so
  // far; true (the search is stopped) when it says so.
  bool may_settle(double spent_ms) {
    if ((searched_ & 127) != 0 || limits_.seconds <= 0 || !settled(spent_ms)) return false;
    stop();
    return true;
  }

  // A time-bounded search may end early once the most visited root child cannot be overtaken
  // in the simulations left (estimated from the rate so far), as its own clock would otherwise
  // be spent confirming a decided move. Not for playout-bounded searches: they stay
  // deterministic.
  bool settled(double spent_ms) const {
    const double limit_ms = limits_.seconds * 1000;
    if (spent_ms < 0.05 * limit_ms || spent_ms <= 0) return false;
    double left = searched_ * (limit_ms - spent_ms) / spent_ms;
    if (limits_.playouts > 0) left = std::min(left, static_cast<double>(limits_.playouts - searched_));
    const Node& root = nodes_[root_];
    if (!root.expanded || root.child_count < 2) return root.expanded;
    int first = 0, second = 0;
    for (int i = 0; i < root.child_count; ++i) {
      const int visits = nodes_[root.first_child + i].playouts;
      if (visits > first) {
        second = first;
        first = visits;
      } else if (visits > second) {
        second = visits;
      }
    }
    return first - second > left;
  }

  double best_child_winrate() const {
    const Node& b = nodes_[best_child(root_)];
    return b.playouts ? b.real_wins / b.playouts : 0.5;
  }

  // Games with a pass (a game without one, like Looper, has no pass child: the best move
  // stands). After the opponent's pass, passing is judged by the count as it stands: a pass
  // that ends the game is a proven win (taken at once: no more stones than needed) or a proven
  // loss (never); one that ends a phase (Go's phase 1) is taken when the count wins and the
  // search agrees, or when the search rates it as well as the best move (the next phase
  // captures what the count missed, for free, while a placement now in one's own area costs a
  // point a win rate of 1 does not show). Otherwise pass when it does about as well as the
  // best move and the result is not in doubt.
  int consider_pass(int best) const {
    const int pass = child_with(root_, pass_action);
    if (pass < 0 || pass == best) return best;
    const G& game = root_state_.game();
    const Node& b = nodes_[best];
    const double best_rate = b.playouts ? b.real_wins / b.playouts : 0.5;
    const Node& p = nodes_[pass];
    const double pass_rate = p.playouts ? p.real_wins / p.playouts : 0;
    const int mover = game.status().to_move;
    if (game.status().passes > 0) {
      G after = game;
      if (after.play(Move::pass()) && after.status().over())
        return after.outcome().winner_player == mover ? pass : best;
      if constexpr (requires { game.score(); })
        if (winner_by_score(game) == mover && best_rate >= 0.5) return pass;
      if (p.playouts >= 100 && pass_rate >= best_rate - 0.01) return pass;
    }
    const long long total = nodes_[root_].playouts;
    if (p.playouts < 30 || p.playouts * 20 < total) return best;
    if (pass_rate >= 0.8 && pass_rate >= best_rate - 0.01) return pass;
    return best;
  }

  // The whole turn that starts with the root child `child` (a Looper ballot continues down
  // the most visited children, or by priors, until `stop` or three stones).
  Move turn_from(int child) const {
    Turns<G> state = root_state_;
    std::array<Point, 3> points{no_point, no_point, no_point};
    int count = 0;
    int node = child;
    Action a = nodes_[child].action;
    for (;;) {
      if (a == take_action) return Move::take();
      if (a == pass_action) return Move::pass();
      if (a == stop_action) break;
      state.apply(a);
      points[count++] = static_cast<Point>(a);
      if (state.at_turn_start()) break;
      // Mid-ballot: the next choice.
      if (node >= 0 && nodes_[node].expanded && nodes_[node].child_count > 0) {
        node = best_child(node);
        a = nodes_[node].action;
      } else {
        node = -1;
        a = stop_action;
      }
    }
    if (count == 1) return Move::place(points[0]);
    return Move::places(points[0], points[1], points[2]);
  }

  SearchOptions options_;
  Worker main_;  // the scratch of `step` and of the first thread of `search_threads`
  Policy<G> policy_;
  Turns<G> root_state_;
  Point root_last_ = no_point;
  Point root_prev_ = no_point;  // the placement before `root_last_`, when the tree saw it
  BlockPool<Node> nodes_;
  int root_ = 0;
  double root_wins_ = 0;
  // Per root child (its index among the root's children): the sum of the mover's leads at the
  // end of the playouts through it, and their number (SearchOptions::score_leads).
  std::vector<double> lead_sums_;
  std::vector<long long> lead_counts_;
  SearchLimits limits_;
  long long searched_ = 0;
  double elapsed_ms_ = 0;
  std::atomic<bool> stopped_ = false;  // set by `stop`, from any thread
};

}  // namespace stonegrid::bot
