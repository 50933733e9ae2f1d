// The game session behind the page and the desktop window: the game and its record, who plays
// (a person, the bot at a level, or a friend elsewhere whose turns come by link), the new-game
// plan, rematch, a several-point turn being picked, the bot, the analysis and a review thinking in
// slices, undo, viewing an earlier position, SGF, and the messages a player reads. Plain
// C++ over the core: no ImGui, SDL or Emscripten, so the doctest suite tests it (tests/
// test_session.cpp, natively and as WebAssembly). The front end (web/: `App` and the panels'
// free functions) draws it and forwards input.
// It is the front end's main door into the core (it brings the game table, AnyGame, the bot's
// analysis, the text of moves, and SGF markup with the diagram writer). Besides it, the coach
// reads the lessons (teach.h) and the help's texts the game facts and fair komi (help_text.h/.cpp).
//
// How to read it: the game (`new_game`, `play`, `undo`, `load_sgf`), then the bot (`think`),
// then what the UI reads. Every accepted turn, whoever made it, passes through `accept`, which
// tells the listener (`on_event`): the UI animates and announces from there.
//
// The bot and the analysis restart in one place (`think`): each remembers the position it
// started on (`Thinker::started`: the game's generation and move count), and a different
// position starts it again. Time comes in as a parameter (`now`, seconds on the UI's clock):
// the session reads no clock of its own, so tests drive it exactly.
//
// The bot searches in slices on the caller's thread (`think`'s budget), or, after
// `set_search_threads(n)` with n ≥ 1, on a thread of its own (`Background`): then `think`
// only looks whether that search has ended, and the UI's thread never waits for the bot. The
// session's other members are for the UI's thread only.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bot/bot.h"
#include "formats/diagram.h"
#include "formats/game_link.h"
#include "review_threads.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "tools/review.h"

namespace stonegrid {

struct PlayerSetup {
  bool bot = false;
  int level = 3;
  bool remote = false;  // a friend on another device, whose turns come by link
  friend bool operator==(const PlayerSetup&, const PlayerSetup&) = default;
};

// A stone the last turn changed besides the ones it placed: flipped (Loose) or removed.
struct StoneChange {
  Point point = no_point;
  Color from = Color::empty;
  Color to = Color::empty;
};

// --- a new game as a person picks it (the new-game dialog) ---------------------------------

// Who the person plays against: the bot, a friend at this screen, bot against bot (a demo), or a
// friend on another device whose turns come by link.
enum class Opponent { bot, friend_here, bots, friend_away };
// Which side the person takes against the bot: the first player (Black), the second, or a coin.
enum class Side { first, second, random };

// The new-game dialog's choices, in the player's words. Kept between openings (what the player
// picked), never taken from the last game's roles.
struct NewGameChoice {
  GameKind kind;  // Go (GameKind's default)
  int size = 9;
  double komi = 6.5;  // a game whose komi is not cut and choose
  Opponent opponent = Opponent::bot;
  int level = 3;
  Side side = Side::first;
  // A cut-and-choose komi (GameFacts::komi_cut_and_choose, Loose): one side names the komi, the
  // other chooses a colour. Against the bot, the person names it (`you_name_komi`: the bot then
  // picks a colour) or the bot names the fair komi and the person picks (`you_take_black`).
  bool you_name_komi = false;
  double named_komi = 0;  // what the person (or, on one device, one of the friends) names
  bool you_take_black = true;
};

// The game a choice makes: its settings (komi, who named it) and who plays first and second.
struct NewGamePlan {
  GameSettings settings;
  PlayerSetup first, second;
};
// `heads`: the coin for Side::random (true: the person moves first). A named komi the game does
// not allow is moved up to the next one it does (Loose: 3 -> 4).
NewGamePlan plan_new_game(const NewGameChoice& choice, bool heads);

// What the session did, for the UI to animate, sound and announce.
struct SessionEvent {
  enum class Kind { move, new_game, undo, loaded };
  Kind kind = Kind::move;
  Move move;                         // Kind::move: the turn played
  bool by_bot = false;               // Kind::move: the bot played it
  std::vector<StoneChange> changes;  // Kind::move: flips and captures
};

// Why a finished game ended, in a player's words: "Black resigned", "Both players passed",
// "Two passes in a row ended the resolve phase, and the board is counted", "Black made a loop around the
// torus", "Black can no longer make a loop". Empty while the game is on.
std::string end_reason(const AnyGame& game);
// Who won and by how much: "Black wins by 2.5", "White wins by resignation", "A draw"; from a
// person's side against the bot (`you`: the person's player, 1 or 2; 0 for none): "You won by
// 2.5", "The bot won by resignation".
std::string result_headline(const AnyGame& game, int you = 0);
// The count term by term, a line per colour, as arithmetic a player can check: "Black: 14
// territory − 2 prisoners = 12", "White: (5 − 2) at A1 + (1 − 2) at G4 = 2" (Square Squared's
// edge chains), "Black: no edge chain = 0" (a side with no term says so); none when the game
// has no count (Looper). `explained` is `game.explain()`.
std::vector<std::string> count_lines(const AnyGame& game, const Explanation& explained);
// A review's verdict as a move list writes it: "?!" inaccuracy, "?" mistake, "??" blunder, "" good.
std::string review_mark(Verdict verdict);
// What the marks mean, for a new player: "?! inaccuracy · ? mistake · ?? blunder".
inline constexpr std::string_view review_marks_legend = "?! inaccuracy · ? mistake · ?? blunder";
// A review in words: "Reviewing: 12 of 61 positions" while it runs; once done, a line a player:
// "Black: accuracy 92 %, 2 inaccuracies, 1 mistake, 0 blunders".
std::string review_summary(const Reviewer& review);
// The chances of `player` (1 or 2) from a review: before the first turn, then after each turn
// judged (turns().size() + 1 values, 0..1), for the review's graph.
std::vector<double> review_curve(const Reviewer& review, int player);
// The same for `player`'s expected lead in points where the game counts points (empty when no
// turn is scored: Looper); an unscored turn keeps the lead before it.
std::vector<double> review_score_curve(const Reviewer& review, int player);
// The turns (numbers, 1 for the first) of the review's biggest drops, mistakes and blunders
// only, at most `most`, in the order they were played.
std::vector<int> turning_points(const Reviewer& review, int most = 5);
// The next turn after `from` (direction 1) or the last before it (−1) judged a mistake or a
// blunder; 0 when there is none.
int next_mistake(const Reviewer& review, int from, int direction);
// The judged turn `number` in words: "Move 12: Black D4, a mistake (62 % → 48 %). Best: E5"
// ("good" says only the move and the chances); with the points lost where the turn is scored
// ("Move 7: Black B2, a mistake: −3.5 points (62 % → 48 %). Best: C3"; a good move's only from
// half a point; a verdict's only when they show as more than −0.0, else the chances its label
// came from stand alone); empty when the review has not reached it.
std::string turn_verdict_sentence(const Reviewer& review, int number);

// The same of one judged turn `t`, turn `number` of a game on a `size` board.
std::string turn_sentence(const TurnReview& t, int number, int size);
// The colour player 1 or 2 has at the end of `game` (Color::empty while undecided: Looper
// before `take`).
Color player_color(const AnyGame& game, int player);

// The game's typical position (`GameFacts::sample`), for pictures; nullopt when it has none.
std::optional<AnyGame> sample_game(GameKind kind);

// The longest piece of player input a message repeats (a move, a file name).
inline constexpr size_t quoted_input = 80;
// `text` cut to `quoted_input` characters, with "…" when cut.
std::string quote(std::string_view text);

class Session {
 public:
  // Analysis searches at this level; the bot's own search is shown instead while it thinks.
  static constexpr int analysis_level = 6;
  // The bot's reply comes at least this long (seconds) after its turn began, so a person sees
  // their own stone land first (Move now skips the wait).
  static constexpr double reply_beat = 0.4;

  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // --- the game ------------------------------------------------------------------------------
  const AnyGame& game() const { return game_; }
  const PlayerSetup& player(int p) const { return players_[p]; }
  // New games, undos and loads so far: a search started before a change is never used after it.
  int generation() const { return generation_; }
  // A new game; false with `error` (nothing changes) when the settings are not allowed.
  bool new_game(const GameSettings& settings, PlayerSetup first, PlayerSetup second, std::string& error);
  bool new_game(const NewGamePlan& plan, std::string& error) {
    return new_game(plan.settings, plan.first, plan.second, error);
  }
  // The same game again, the players' seats swapped (and who names a cut-and-choose komi); the
  // message says the colour the person plays now ("Rematch: you play White now").
  bool rematch(std::string& error);
  // A position to play on (a lesson's, a puzzle's), for two people on this device, with the
  // marks its record puts on it (a lesson's "marked point"). It is practice: `state_json` says
  // so ("practice": true), and the page neither saves it nor links to it.
  void start_from(AnyGame game, std::vector<Markup> markup = {});
  // The game and who plays it, to put back later (the game a lesson interrupted).
  struct Snapshot {
    AnyGame game;
    PlayerSetup first, second;
    std::vector<Markup> markup;
  };
  Snapshot snapshot() const { return {game_, players_[1], players_[2], markup_}; }
  void restore(Snapshot snapshot);
  bool practice() const { return practice_; }
  // Plays a turn for the side to move (whoever that is). When illegal, sets the message.
  bool play(const Move& move);
  // Text notation ("D4", "pass", "A1+C3"); a notation error also sets the message.
  bool play_text(std::string_view text);
  // The move list's lines: "12. W B4", with "×3" when the turn flipped or captured 3 stones;
  // players are P1/P2 while their colours are undecided (Looper before `take`).
  std::vector<std::string> move_labels() const;
  // The last turn in words ("Move 12: White B4"; "Move 3: Player 2 take"), empty before any.
  std::string last_move_sentence() const;

  // --- a turn of several points (Looper's ballot): points picked, then confirmed as one turn --
  // The stage of play the game is in (game_facts.h, GameStage): its name, what a turn places.
  const GameStage& stage() const { return stage_of(game_); }
  // A turn now names up to `stage().most_points` points, picked one by one (not while viewing).
  bool picking() const { return stage().most_points > 1 && !game_.state().is_over() && viewing_ < 0; }
  const std::vector<Point>& picks() const { return picks_; }
  // Picks an empty point for the turn, or unpicks a picked one; false with the message when
  // refused (an occupied point, a point too many, no such turn now).
  bool pick(Point p);
  // The picked points as one turn (to play through `play`, or a lesson's coach); nullopt
  // before any pick.
  std::optional<Move> picked_move() const;
  void clear_picks() { picks_.clear(); }

  // The stones each turn of the record changed besides those it placed (flips, captures): the
  // move list writes "W B4 ×3". One entry per move.
  const std::vector<int>& changed_counts() const { return changed_; }
  // What a pass by the side to move would end, in words with the count it would give ("Passing
  // now ends the game: Black wins by 2.5 (Black 14, White 11.5)"), or empty when it ends nothing.
  std::string pass_warning() const;
  // The person playing the bot (1 or 2), or 0 (two people, or two bots).
  int you() const;
  // Takes back the last turn; against the bot, also the bot's reply (back to a person's turn).
  bool undo();
  // The record as SGF; once a review of it is finished, with the review in it (reviewed_sgf).
  std::string sgf() const;
  // Loads a game; the players stay as they were. False with `error` (also the message). A root
  // VW[] that names a part of the board (not on a torus) is its `diagram_part`.
  bool load_sgf(std::string_view text, std::string& error);
  // Loads the position of a Sensei's Library `$$` diagram (core/formats/sl_diagram.h) in `game`
  // (when its text does not say; "" the default game), with its marks, letters, numbers and
  // caption. False with `error` ("sl: line 3, column 5: ...", also the message): nothing changes.
  bool load_sl(std::string_view text, std::string_view game, std::string& error);
  // The part of the board the loaded `$$` diagram (or an SGF's root VW[]) shows when it is not
  // all of it (a corner, a side; not on a torus), while the game is at the diagram's position (again after
  // undo back to it); nullopt otherwise. The page shows that part magnified, as the SVG crops it.
  std::optional<BoardPart> diagram_part() const;
  // The game's state JSON (gtp.md's stonegrid-state) plus who plays: "players":{"1":{"bot":
  // false,"level":3},"2":{...}}.
  std::string state_json() const;

  // --- viewing an earlier position ---------------------------------------------------------
  // -1 for the live position, else the number of moves shown.
  int viewing() const { return viewing_; }
  // Shows the position after `moves` turns; out of range (or -1): the live position.
  void view_move(int moves);
  // The position on the board now: the live game, or the earlier position being viewed.
  const AnyGame& shown() const { return viewing_ >= 0 && shown_ ? *shown_ : game_; }

  // --- SGF markup: what a loaded record says about its positions (diagrams) ------------------
  // One `Markup` per main-line node of the SGF last loaded (core/formats/sgf.h: marks, labels, MN, PM,
  // the comment); empty for a game not loaded from SGF (a new game clears it). A turn played
  // drops the nodes about positions after it (they belong to a line no longer on the board);
  // undo keeps them.
  const std::vector<Markup>& markup() const { return markup_; }
  // The markup of the position shown (its node's marks, labels and comment), or null.
  const Markup* markup_shown() const;
  // The position shown as a diagram's options (core/formats/diagram.h's `apply_markup`): its node's
  // marks and labels, its comment as the caption, the move numbers MN gives, and numbering on or
  // off as PM last said (off when no PM). The caller's own choices are set afterwards.
  DiagramOptions markup_options() const;

  // --- the bot -------------------------------------------------------------------------------
  // The side to move is the bot's and the game is on.
  bool bot_to_move() const;
  // When the bot began thinking about this turn (the `now` of that `think`), or -1.
  double bot_started_at() const {
    return bot_to_move() && bot_.started.generation >= 0 ? bot_started_at_ : -1;
  }
  // The bot plays its best move so far at the next `think`.
  void move_now() { move_now_ = true; }
  // 0 (the start): the bot searches in `think`'s slices. n ≥ 1: on a thread of its own, and a
  // search bounded by time only (level 10) on up to n threads sharing its tree (at most the
  // machine's cores: `Bot::Options::threads`). Only where threads can be made (natively, or
  // WebAssembly built with pthreads). Takes effect from the bot's next search.
  void set_search_threads(int threads) { search_threads_ = threads; }
  int search_threads() const { return search_threads_; }
  // Runs the bot (or, when on and the bot is idle, the analysis) for about `budget_ms`. The
  // bot's move is played in the `think` after its search ends, with no search in that call.
  void think(double budget_ms, double now);
  // The bot's candidate moves for the position shown (the live one, or an earlier one being
  // reviewed), shown while the bot or the analysis thinks.
  void set_analysis(bool on) { analysis_on_ = on; }
  // The figures to show, refreshed 4 times a second (numbers that change every frame cannot be
  // read); null when nothing is being analysed for the position shown.
  const bot::Analysis* analysis(double now);
  // The search behind the bot's last move, for measuring the page (the page API's lastSearch):
  // its simulations (all threads'), the threads it ran on, its level, and the wall time from the
  // turn's start to the first `think` that found the search over (not the beat before the reply).
  struct SearchRecord {
    long long simulations = 0;
    int threads = 0;
    int level = 0;
    double ms = 0;
  };
  const std::optional<SearchRecord>& last_search() const { return last_search_; }

  // --- a game with a friend on another device, by link (no server) ------------------------
  // A new game against a friend elsewhere: `you` (1 or 2) plays here, the other player's turns
  // come in links. The game gets a new identity (`id`, 48 bits; the caller draws it).
  bool new_friend_game(const GameSettings& settings, int you, uint64_t id, std::string& error);
  bool friend_game() const { return players_[1].remote || players_[2].remote; }
  // The link's text for the game as it stands (after your move), with your name if given.
  // Sending it shows the friend every move so far: from then on an undo stops there.
  std::string friend_link(std::string_view your_name = "");
  // Opens a friend's link: a new game by link (you take the other side), or the next moves of
  // the game here. True when the game changed; the message says what happened either way:
  // "Your move: you are White", "Ann played D4: your move", "Nothing new in this link", "This
  // link is older than your game: nothing changed", "This link's game differs from yours from
  // move 12: nothing changed", or why the link was refused.
  bool open_link(std::string_view text, std::string& message);
  // The friend's name from their last link, or empty.
  const std::string& friend_name() const { return friend_name_; }
  // A game by link whose komi is cut and choose (Loose) starts with the colours open: the side
  // that started it named the komi and sends the first link; the other side picks a colour
  // (`pick_colour`), and the game begins. Neither side plays until then.
  bool colours_open() const { return friend_game() && players_[1].remote && players_[2].remote; }
  // Whether this side picks (it did not name the komi).
  bool picks_colour() const { return colours_open() && !named_here_; }
  // Takes `colour` (black or white) here; the namer gets the other. False, with the message,
  // when this side does not pick.
  bool pick_colour(Color colour);
  // The game by link's identity (48 bits; 0 for a game not by link) and the moves the friend has
  // seen (an undo stops there).
  uint64_t friend_id() const { return friend_game() ? friend_id_ : 0; }
  size_t sent_moves() const { return sent_moves_; }
  // The game as a link sent from this side, without counting it sent: what this device keeps of
  // a game by link (its list of such games), put back with `resume_friend_game`.
  std::string link_text() const;
  // Puts back a game by link kept on this device: `text` from `link_text`, the friend's name and
  // the moves they had seen. False, with `error`, when the text is not a game.
  bool resume_friend_game(std::string_view text, std::string friend_name, size_t sent, std::string& error);

  // --- the review: the bot's verdict on every turn of the game, searched beside it ------------
  // Starts reviewing the game on the board (its record as it is now), replacing any review;
  // `think` then searches it in its slices while the bot is not to move, before the analysis
  // (with search threads, `set_search_threads(n)`: on threads of its own, all cores but one,
  // review_threads.h, and `think` takes in their results).
  void start_review(const ReviewOptions& options = {});
  void stop_review() { end_review(); }
  // The review under way or finished, or null. It stays while the game is the one reviewed (a
  // new game, a load or a turn played drops it; looking back does not).
  const Reviewer* review() const { return review_.get(); }
  // The threads the review searches (or searched) on; 0: in `think`'s slices, or no review.
  int review_threads() const { return review_ ? review_thread_count_ : 0; }
  // The review as text to keep with the saved game (Reviewer::saved), "" without one.
  std::string review_text() const { return review_ ? review_->saved() : ""; }
  // Puts back a review kept with the game on the board (finished: shown at once, no search;
  // partial: `think` goes on with it), replacing any review. False, and the reason, when the
  // text is not a review of this game; then nothing changes.
  bool restore_review(std::string_view text, std::string& error);

  // --- what the UI reads and is told --------------------------------------------------------
  const std::string& message() const { return message_; }
  void set_message(std::string text) { message_ = std::move(text); }
  // Called for every turn played and every new game, undo and load.
  std::function<void(const SessionEvent&)> on_event;

 private:
  // A search and the position it was started on.
  struct Thinker {
    Bot bot;
    struct Position {
      int generation = -1;
      long moves = -1;
      friend bool operator==(const Position&, const Position&) = default;
    } started;
  };
  Thinker::Position position() const { return {generation_, static_cast<long>(game_.moves().size())}; }
  // The position shown (the analysis follows it).
  Thinker::Position shown_position() const {
    return {generation_, static_cast<long>(shown().moves().size())};
  }
  void count_changes();
  // `part`: a loaded diagram's part (diagram_part); an undo keeps the one there was.
  void replace_game(AnyGame game, SessionEvent::Kind why, std::optional<BoardPart> part = std::nullopt);
  void accept(const Move& move, bool by_bot);
  void run_bot(double budget_ms, double now);
  // The bot's search on a thread of its own: `think` runs there, reporting its analysis into
  // `latest` about every 100 ms; `finished` is set when it returns.
  struct Background {
    std::thread thread;
    std::atomic<bool> finished = false;
    std::mutex lock;  // guards `latest`
    bot::Analysis latest;
  };
  void start_background();
  // Stops the bot's thread, if any, and waits for it: afterwards only this thread uses `bot_`.
  void end_background();
  void run_analysis(double budget_ms);
  void tell(SessionEvent event) {
    if (on_event) on_event(event);
  }

  AnyGame game_;
  std::array<PlayerSetup, 3> players_{};  // [1] moves first, [2] second
  int generation_ = 0;
  std::optional<AnyGame> shown_;
  int viewing_ = -1;
  std::vector<Markup> markup_;
  std::optional<BoardPart> part_;  // a loaded diagram's part, and its turns (diagram_part)
  size_t part_moves_ = 0;
  bool practice_ = false;  // a lesson's or puzzle's position (start_from)

  Thinker bot_, analyst_;
  int search_threads_ = 0;
  std::unique_ptr<Background> background_;  // while the bot's search has a thread
  double bot_started_at_ = 0;
  double bot_search_ended_at_ = -1;  // -1: the current search has not been seen to end
  std::optional<SearchRecord> last_search_;
  bool move_now_ = false;
  bool analysis_on_ = false;
  bot::Analysis analysis_;
  Thinker::Position analysis_position_;
  int analysis_source_ = 0;  // 1: the bot, 2: the analyst
  double analysis_time_ = -100;

  std::vector<int> changed_;  // per move of the record: stones changed besides those placed
  std::vector<Point> picks_;  // a several-point turn's picks, not yet played
  std::unique_ptr<Reviewer> review_;
  std::unique_ptr<ReviewThreads> review_threads_;  // searching it, where there are search threads
  int review_thread_count_ = 0;
  void begin_review(std::unique_ptr<Reviewer> review);
  void end_review();
  // Puts a game by link that arrived new on the board (`open`: its colours are still open).
  void take_link_game(const GameLink& link, AnyGame game, bool open);
  uint64_t friend_id_ = 0;            // the identity of the game by link
  std::string friend_name_;           // the friend's name, from their link
  size_t sent_moves_ = 0;             // moves the friend has seen: an undo never goes below
  bool named_here_ = false;           // colours open: this side named the komi (the other picks)
  bool run_review(double budget_ms);  // false: no review to search now

  std::string message_;
};

}  // namespace stonegrid
