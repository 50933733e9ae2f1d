// The session. Read `new_game`, `play`/`accept` and `undo` first; then `think` with the bot's
// and the analysis's restarts; the rest is reading.
#include "session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "formats/sgf.h"
#include "formats/sl_diagram.h"

namespace stonegrid {

namespace {

constexpr double max_analysis_slice_ms = 5;  // the analysis shares the frame with drawing

}  // namespace

std::string quote(std::string_view text) {
  if (text.size() <= quoted_input) return std::string(text);
  size_t cut = quoted_input;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
    --cut;  // not inside a UTF-8 character
  return std::string(text.substr(0, cut)) + "…";
}

namespace {

const char* color_word(Color c) {
  return c == Color::black ? "Black" : c == Color::white ? "White" : "Nobody";
}

}  // namespace

std::string end_reason(const AnyGame& game) {
  if (!game.state().is_over() || game.moves().empty()) return "";
  const Outcome o = game.state().outcome();
  const Move& last = game.moves().back();
  if (o.by_resignation || last.kind == Move::Kind::resign)
    return std::string(color_word(o.winner == Color::black ? Color::white : Color::black)) + " resigned";
  std::string ended = game.state().explain().ended;  // the game's own words (Looper's loop, Go's phases)
  if (!ended.empty()) return ended;
  if (last.kind == Move::Kind::pass) return "Both players passed, and the board is counted";
  return "No legal turn was left";
}

NewGamePlan plan_new_game(const NewGameChoice& d, bool heads) {
  const GameFacts& facts = d.kind.facts();
  NewGamePlan plan;
  plan.settings.kind = d.kind;
  plan.settings.size = d.size;
  const PlayerSetup person{false, d.level}, away{false, d.level, true};
  // The other side: the bot, or a friend elsewhere (who plays the sides the bot would).
  const PlayerSetup bot = d.opponent == Opponent::friend_away ? away : PlayerSetup{true, d.level};
  plan.first = plan.second = d.opponent == Opponent::bots ? bot : person;
  if (facts.komi_cut_and_choose) {
    const bool person_names = d.opponent == Opponent::friend_here || d.opponent == Opponent::friend_away ||
                              (d.opponent == Opponent::bot && d.you_name_komi);
    const double komi = person_names ? facts.allowed_komi(d.named_komi) : fair_komi(d.kind, d.size);
    plan.settings.komi = komi;
    const Color chosen = choose_color(d.kind, d.size, komi);  // what a bot choosing would take
    if (d.opponent == Opponent::friend_away) {                // you name the komi; your friend picks a colour
      plan.first = plan.second = bot;
    } else if (d.opponent == Opponent::bot) {
      const bool you_black = d.you_name_komi ? chosen != Color::black : d.you_take_black;
      (you_black ? plan.second : plan.first) = bot;
      plan.settings.komi_named_by = d.you_name_komi == you_black ? Color::black : Color::white;
    } else if (d.opponent == Opponent::bots) {
      plan.settings.komi_named_by = opponent(chosen);
    }
  } else {
    if (facts.has_komi) plan.settings.komi = d.komi;
    if (d.opponent == Opponent::bot || d.opponent == Opponent::friend_away) {
      const bool you_first = d.side == Side::first || (d.side == Side::random && heads);
      (you_first ? plan.second : plan.first) = bot;
    }
  }
  return plan;
}

std::string result_headline(const AnyGame& game, int you) {
  if (!game.state().is_over()) return "";
  const Outcome o = game.state().outcome();
  if (o.winner_player == 0 && o.winner == Color::empty) return "A draw";
  std::string winner =
      o.winner != Color::empty ? color_word(o.winner) : "Player " + std::to_string(o.winner_player);
  std::string verb = " wins";
  if (you != 0) {
    winner = "You";
    verb = o.winner_player == you ? " won" : " lost";
  }
  if (o.by_resignation) return winner + verb + " by resignation";
  const Score s = game.state().score();
  if (!s.defined) return winner + verb;
  const double margin = std::fabs(s.black - s.white);
  if (margin == 0) return winner + verb + " the tie";
  return winner + verb + " by " + format_number(margin);
}

namespace {

// A number as the count's lines write it, with a minus sign ("−1") rather than a hyphen.
std::string count_number(double x) {
  return std::signbit(x) && x != 0 ? "−" + format_number(-x) : format_number(x);
}

// A term as it follows the colour or the term before: " + 6.5 komi", " − 2 prisoners", or
// " + (4 − 2) at A1" — a worked-out value in brackets, so its own minus cannot run into the
// numbers around it. The first term has no joining sign ("14 territory", "−1 stone").
std::string term_text(const ScoreTerm& term, bool first) {
  const bool minus = std::signbit(term.value);  // −0 prisoners is still taken away
  std::string text;
  if (!term.worked.empty()) {
    // One piece of arithmetic, never split across two lines: its spaces do not break.
    std::string worked;
    for (char ch : term.worked) worked += ch == ' ' ? std::string("\u00a0") : std::string(1, ch);
    text = (first ? "(" : " + (") + worked + ")";
  } else
    text = (first ? (minus ? "−" : "") : (minus ? " − " : " + ")) + format_number(std::fabs(term.value));
  return term.label.empty() ? text : text + " " + term.label;
}

}  // namespace

std::vector<std::string> count_lines(const AnyGame& game, const Explanation& e) {
  const Score s = game.state().score();
  std::vector<std::string> lines;
  if (!e.counted || !s.defined) return lines;
  for (Color c : {Color::black, Color::white}) {
    const std::vector<ScoreTerm>& terms = c == Color::black ? e.black : e.white;
    std::string line = std::string(color_word(c)) + ": ";
    if (terms.empty()) line += e.nothing_counted;
    for (size_t i = 0; i < terms.size(); ++i) line += term_text(terms[i], i == 0);
    lines.push_back(line + " = " + count_number(c == Color::black ? s.black : s.white));
  }
  return lines;
}

std::optional<AnyGame> sample_game(GameKind kind) {
  const GameFacts& facts = kind.facts();
  if (facts.sample.empty()) return std::nullopt;
  GameSettings settings;
  settings.kind = kind;
  settings.size = facts.sample_size;
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) return std::nullopt;
  std::string_view rest = facts.sample;
  while (!rest.empty()) {
    const size_t space = rest.find(' ');
    std::optional<Move> move = parse_move(rest.substr(0, space), game->size(), error);
    if (!move || game->check(*move) != Illegal::none) return std::nullopt;
    game->play(*move);
    rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
  }
  return game;
}

Session::Session() {
  players_[1] = PlayerSetup{false, 3};
  players_[2] = PlayerSetup{false, 3};
}

Session::~Session() {
  end_background();
  end_review();
}

// --- the game ------------------------------------------------------------------------------

void Session::replace_game(AnyGame game, SessionEvent::Kind why, std::optional<BoardPart> part) {
  if (why != SessionEvent::Kind::undo) {
    part_ = part;
    part_moves_ = game.moves().size();
  }
  bot_.bot.stop();
  analyst_.bot.stop();
  game_ = std::move(game);
  count_changes();
  ++generation_;
  move_now_ = false;
  viewing_ = -1;
  shown_.reset();
  picks_.clear();
  end_review();
  SessionEvent event;
  event.kind = why;
  tell(event);
}

bool Session::new_game(const GameSettings& settings, PlayerSetup first, PlayerSetup second,
                       std::string& error) {
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) return false;
  players_[1] = first;
  players_[2] = second;
  message_.clear();
  markup_.clear();
  practice_ = false;
  if (friend_game()) {  // a new game by link: a new identity
    static std::mt19937_64 draw{std::random_device{}()};
    friend_id_ = draw() & 0xFFFFFFFFFFFFull;
    friend_name_.clear();
    sent_moves_ = 0;
    named_here_ = true;  // when the colours are open, this side named the komi
  }
  replace_game(std::move(*game), SessionEvent::Kind::new_game);
  return true;
}

void Session::start_from(AnyGame game, std::vector<Markup> markup) {
  players_[1] = players_[2] = PlayerSetup{};
  message_.clear();
  markup_ = std::move(markup);
  practice_ = true;
  replace_game(std::move(game), SessionEvent::Kind::new_game);
}

bool Session::play(const Move& move) {
  if (players_[game_.state().to_move()].remote && !game_.state().is_over()) {
    message_ = colours_open() ? (named_here_ ? "Your friend picks a colour first: send them the link"
                                             : "Pick a colour first: Black or White")
                              : "It is your friend's turn: send them the link";
    return false;
  }
  const Illegal why = game_.check(move);
  if (why != Illegal::none) {
    message_ = "Illegal move " + quote(move_text(move, game_.size())) + ": " + std::string(describe(why));
    return false;
  }
  accept(move, false);
  return true;
}

bool Session::play_text(std::string_view text) {
  std::string error;
  std::optional<Move> move = parse_move(text.substr(0, 4 * quoted_input), game_.size(), error);
  if (!move) {
    message_ = text.size() > 4 * quoted_input ? "Not a move: " + quote(text) : quote(error);
    return false;
  }
  return play(*move);
}

// Every accepted turn: the stones it changed (besides those placed) go to the listener.
void Session::accept(const Move& move, bool by_bot) {
  std::array<Color, max_points> before;
  const Geometry& g = game_.state().geometry();
  for (Point p = 0; p < g.points; ++p) before[p] = game_.state().at(p);
  const int moves_before = static_cast<int>(game_.moves().size());
  std::erase_if(markup_, [&](const Markup& node) { return node.moves > moves_before; });
  game_.play(move);
  viewing_ = -1;
  shown_.reset();
  picks_.clear();
  end_review();
  message_.clear();
  SessionEvent event;
  event.move = move;
  event.by_bot = by_bot;
  for (Point p : game_.last_changed()) event.changes.push_back({p, before[p], game_.state().at(p)});
  changed_.push_back(static_cast<int>(event.changes.size()));
  tell(event);
}

bool Session::rematch(std::string& error) {
  GameSettings settings = game_.settings();
  if (settings.komi_named_by != Color::empty) settings.komi_named_by = opponent(settings.komi_named_by);
  const PlayerSetup first = players_[2], second = players_[1];
  if (!new_game(settings, first, second, error)) return false;
  const int person = you();
  if (person != 0 && game_.state().black_player() != 0)
    message_ = std::string("Rematch: you play ") +
               color_word(game_.state().black_player() == person ? Color::black : Color::white) + " now";
  return true;
}

std::vector<std::string> Session::move_labels() const {
  const std::vector<Move>& moves = game_.moves();
  std::vector<std::string> labels;
  for (size_t i = 0; i < moves.size(); ++i) {
    const Mover by = game_.mover(i);
    std::string label = std::to_string(i + 1) + ". " +
                        (by.color == Color::empty   ? "P" + std::to_string(by.player)
                         : by.color == Color::black ? "B"
                                                    : "W") +
                        " " + move_text(moves[i], game_.size());
    const int changed = i < changed_.size() ? changed_[i] : 0;
    if (changed > 0) label += " ×" + std::to_string(changed);
    if (review_ && i < review_->turns().size()) label += review_mark(review_->turns()[i].verdict);
    labels.push_back(label);
  }
  return labels;
}

std::vector<double> review_curve(const Reviewer& review, int player) {
  const std::vector<TurnReview>& turns = review.turns();
  auto of = [&](const TurnReview& t, double mover_chances) {
    return t.by.player == player ? mover_chances : 1 - mover_chances;
  };
  std::vector<double> curve;
  if (turns.empty()) return curve;
  curve.push_back(of(turns.front(), turns.front().winrate_before));
  for (const TurnReview& t : turns) curve.push_back(of(t, t.winrate_after));
  return curve;
}

std::vector<double> review_score_curve(const Reviewer& review, int player) {
  const std::vector<TurnReview>& turns = review.turns();
  std::vector<double> curve;
  bool any = false;
  for (const TurnReview& t : turns) any = any || t.scored;
  if (!any) return curve;
  auto of = [&](const TurnReview& t, double mover_lead) {
    return t.by.player == player ? mover_lead : -mover_lead;
  };
  double last = 0;  // an unscored turn keeps the lead before it (a resignation, say)
  for (const TurnReview& t : turns)
    if (t.scored) {
      last = of(t, t.score_before);
      break;
    }
  curve.push_back(last);
  for (const TurnReview& t : turns) curve.push_back(last = t.scored ? of(t, t.score_after) : last);
  return curve;
}

std::vector<int> turning_points(const Reviewer& review, int most) {
  std::vector<const TurnReview*> bad;
  for (const TurnReview& t : review.turns())
    if (t.verdict >= Verdict::mistake) bad.push_back(&t);
  std::stable_sort(bad.begin(), bad.end(),
                   [](const TurnReview* a, const TurnReview* b) { return a->loss > b->loss; });
  if (static_cast<int>(bad.size()) > most) bad.resize(static_cast<size_t>(std::max(0, most)));
  std::vector<int> numbers;
  for (const TurnReview* t : bad) numbers.push_back(t->number);
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

int next_mistake(const Reviewer& review, int from, int direction) {
  const std::vector<TurnReview>& turns = review.turns();
  if (direction > 0) {
    for (const TurnReview& t : turns)
      if (t.number > from && t.verdict >= Verdict::mistake) return t.number;
  } else {
    for (auto t = turns.rbegin(); t != turns.rend(); ++t)
      if (t->number < from && t->verdict >= Verdict::mistake) return t->number;
  }
  return 0;
}

std::string turn_verdict_sentence(const Reviewer& review, int number) {
  if (number < 1 || number > static_cast<int>(review.turns().size())) return "";
  return turn_sentence(review.turns()[static_cast<size_t>(number - 1)], number, review.game().size());
}

std::string turn_sentence(const TurnReview& t, int number, int size) {
  const std::string who = t.by.color == Color::empty ? "Player " + std::to_string(t.by.player)
                                                     : std::string(color_word(t.by.color));
  char chances[48];
  std::snprintf(chances, sizeof chances, "%.0f %% → %.0f %%", 100 * t.winrate_before, 100 * t.winrate_after);
  std::string text = "Move " + std::to_string(number) + ": " + who + " " + move_text(t.move, size);
  char points[48] = "";
  if (t.scored) std::snprintf(points, sizeof points, "−%.1f points", t.points_lost);
  if (t.verdict == Verdict::good)
    return text + " (" + chances + (t.scored && t.points_lost >= 0.5 ? std::string(", ") + points : "") + ")";
  const std::string_view name = verdict_name(t.verdict);
  text += std::string(name == "inaccuracy" ? ", an " : ", a ") + std::string(name) +
          (t.scored && t.points_lost >= 0.05 ? std::string(": ") + points : "") + " (" + chances + ")";
  if (!(t.best == t.move)) text += ". Best: " + move_text(t.best, size);
  return text;
}

Color player_color(const AnyGame& game, int player) {
  const int black = game.state().black_player();
  if (black == 0) return Color::empty;
  return player == black ? Color::black : Color::white;
}

std::string review_mark(Verdict verdict) {
  switch (verdict) {
    case Verdict::inaccuracy:
      return "?!";
    case Verdict::mistake:
      return "?";
    case Verdict::blunder:
      return "??";
    case Verdict::good:
      break;
  }
  return "";
}

std::string review_summary(const Reviewer& review) {
  if (!review.finished())
    return "Reviewing: " + std::to_string(review.searched()) + " of " + std::to_string(review.positions()) +
           " positions";
  std::string text;
  for (int player : {1, 2}) {
    const AnyGame& game = review.game();
    const Color c = player_color(game, player);
    int counts[4] = {};
    for (const TurnReview& t : review.turns())
      if (t.by.player == player) ++counts[static_cast<int>(t.verdict)];
    auto count = [](int n, const char* one, const char* many) {
      return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    char share[16];
    std::snprintf(share, sizeof share, "%.0f %%", accuracy(review.turns(), player));
    text += (text.empty() ? "" : "\n") +
            (c == Color::empty ? "Player " + std::to_string(player) : std::string(color_word(c))) +
            ": accuracy " + share + ", " + count(counts[1], "inaccuracy", "inaccuracies") + ", " +
            count(counts[2], "mistake", "mistakes") + ", " + count(counts[3], "blunder", "blunders");
  }
  return text;
}

std::string Session::last_move_sentence() const {
  const std::vector<Move>& moves = game_.moves();
  if (moves.empty()) return "";
  const Mover by = game_.mover(moves.size() - 1);
  const std::string who =
      by.color == Color::empty ? "Player " + std::to_string(by.player) : color_word(by.color);
  return "Move " + std::to_string(moves.size()) + ": " + who + " " + move_text(moves.back(), game_.size());
}

bool Session::pick(Point p) {
  if (!picking()) {
    message_ = "There is no turn of several stones to pick for now";
    return false;
  }
  if (const auto it = std::find(picks_.begin(), picks_.end(), p); it != picks_.end()) {
    picks_.erase(it);
    return true;
  }
  if (p < 0 || p >= game_.state().geometry().points || game_.state().at(p) != Color::empty) {
    message_ = "Illegal move " +
               (p >= 0 && p < game_.state().geometry().points ? vertex_text(p, game_.size())
                                                              : std::string("there")) +
               ": " +
               std::string(describe(p < 0 || p >= game_.state().geometry().points ? Illegal::off_board
                                                                                  : Illegal::occupied));
    return false;
  }
  if (static_cast<int>(picks_.size()) >= stage().most_points) {
    message_ = "A " + std::string(stage().name) + " turn places 1 to " + std::to_string(stage().most_points) +
               " stones: confirm, or click a picked stone to remove it";
    return false;
  }
  picks_.push_back(p);
  return true;
}

std::optional<Move> Session::picked_move() const {
  if (picks_.empty()) return std::nullopt;
  return Move::places(picks_[0], picks_.size() > 1 ? picks_[1] : no_point,
                      picks_.size() > 2 ? picks_[2] : no_point);
}

bool Session::undo() {
  if (!picks_.empty()) {  // points picked for a turn not played yet: only they go
    picks_.clear();
    return true;
  }
  if (game_.moves().empty()) {
    message_ = "Nothing to take back";
    return false;
  }
  if (friend_game() && game_.moves().size() <= sent_moves_) {
    message_ = "Your friend has this move: it cannot be taken back";
    return false;
  }
  AnyGame game = game_;
  game.undo();
  // Against the bot, take back its reply too: back to the person's turn.
  if (players_[1].bot != players_[2].bot)
    while (!game.moves().empty() && players_[game.state().to_move()].bot) game.undo();
  replace_game(std::move(game), SessionEvent::Kind::undo);
  message_ = "Move taken back";
  return true;
}

// Replays the record to count each turn's changed stones (after a load or an undo).
void Session::count_changes() {
  changed_.clear();
  GameRecord record = game_.record();
  std::vector<Move> moves = std::move(record.moves);
  record.moves.clear();
  std::string error;
  std::optional<AnyGame> replay = AnyGame::replay(record, error);
  for (const Move& move : moves) {
    if (!replay || replay->check(move) != Illegal::none) {
      changed_.push_back(0);
      continue;
    }
    replay->play(move);
    changed_.push_back(static_cast<int>(replay->last_changed().size()));
  }
}

std::string Session::pass_warning() const {
  if (game_.state().is_over() || !game_.facts().can_pass || game_.check(Move::pass()) != Illegal::none)
    return "";
  AnyGame after = game_;
  after.play(Move::pass());
  const Score s = after.state().score();
  const std::string count =
      // (a no-break space keeps each side's name with its number on one line)
      s.defined ? " (Black\u00a0" + format_number(s.black) + ", White\u00a0" + format_number(s.white) + ")"
                : "";
  if (after.state().is_over())
    return "Passing now ends the game: " + result_headline(after, you()) + count + ".";
  if (after.state().status().stage != game_.state().status().stage && !stage_of(after).ahead.empty())
    return std::string(stage_of(after).ahead) + " The count after this pass" + count + ".";
  return "";
}

int Session::you() const {
  const bool away1 = players_[1].bot || players_[1].remote, away2 = players_[2].bot || players_[2].remote;
  if (away1 == away2) return 0;
  return away1 ? 2 : 1;
}

// --- games by link -----------------------------------------------------------------------------

bool Session::new_friend_game(const GameSettings& settings, int you, uint64_t id, std::string& error) {
  PlayerSetup here, there;
  there.remote = true;
  if (!new_game(settings, you == 1 ? here : there, you == 1 ? there : here, error)) return false;
  friend_id_ = id & 0xFFFFFFFFFFFFull;
  return true;
}

namespace {

// The player who sends a link: yours; with the colours open, 1 from the side that named the
// komi and 2 from the side that picks (so a game kept on a device knows which it was).
int link_sender(int you, bool colours_open, bool named_here, int to_move) {
  if (colours_open) return named_here ? 1 : 2;
  return you == 0 ? to_move : you;
}

}  // namespace

std::string Session::friend_link(std::string_view your_name) {
  sent_moves_ = game_.moves().size();
  GameLink link;
  link.record = game_.record();
  link.sender = link_sender(you(), colours_open(), named_here_, game_.state().to_move());
  link.name = std::string(your_name);
  link.id = friend_id_;
  return encode_game_link(link);
}

std::string Session::link_text() const {
  GameLink link;
  link.record = game_.record();
  link.sender = link_sender(you(), colours_open(), named_here_, game_.state().to_move());
  link.id = friend_id_;
  return encode_game_link(link);
}

namespace {

// A game by link whose colours are still open: cut-and-choose komi named, no colour picked.
bool colours_open_in(const GameRecord& record) {
  return record.settings.kind.facts().komi_cut_and_choose && record.settings.komi_named_by == Color::empty &&
         record.moves.empty();
}

// Where a game by link stands for player `you`: "Your move: you are White", "Your friend's move",
// "The game is over: You won by 3".
std::string your_turn_sentence(const AnyGame& g, int you) {
  if (g.state().is_over()) return "The game is over: " + result_headline(g, you);
  const Color c = player_color(g, you);
  if (g.state().to_move() != you) return "Your friend's move";
  return c == Color::empty ? "Your move: you are player " + std::to_string(you)
                           : std::string("Your move: you are ") + (c == Color::black ? "Black" : "White");
}

}  // namespace

bool Session::resume_friend_game(std::string_view text, std::string friend_name, size_t sent,
                                 std::string& error) {
  std::optional<GameLink> link = decode_game_link(text, error);
  std::optional<AnyGame> game = link ? AnyGame::replay(link->record, error) : std::nullopt;
  if (!game) return false;
  const bool open = colours_open_in(link->record);
  PlayerSetup here, there;
  there.remote = true;
  players_[1] = link->sender == 1 && !open ? here : there;
  players_[2] = link->sender == 2 && !open ? here : there;
  named_here_ = open && link->sender == 1;
  message_.clear();
  markup_.clear();
  practice_ = false;
  friend_id_ = link->id;
  friend_name_ = std::move(friend_name);
  sent_moves_ = std::min(sent, game->moves().size());
  replace_game(std::move(*game), SessionEvent::Kind::loaded);
  return true;
}

void Session::take_link_game(const GameLink& link, AnyGame game, bool open) {
  PlayerSetup here, there;
  there.remote = true;
  const int you = link.sender == 1 ? 2 : 1;
  players_[1] = you == 1 && !open ? here : there;
  players_[2] = you == 2 && !open ? here : there;
  named_here_ = false;
  markup_.clear();
  practice_ = false;
  friend_id_ = link.id;
  friend_name_ = quote(link.name);
  sent_moves_ = game.moves().size();
  replace_game(std::move(game), SessionEvent::Kind::loaded);
}

bool Session::open_link(std::string_view text, std::string& message) {
  std::string error;
  std::optional<GameLink> link = decode_game_link(text, error);
  std::optional<AnyGame> game = link ? AnyGame::replay(link->record, error) : std::nullopt;  // links replay
  if (!game) {
    message_ = message = "This link cannot be opened: " + error;
    return false;
  }
  const std::string name = quote(link->name), who = name.empty() ? "Your friend" : name;
  const int you = link->sender == 1 ? 2 : 1;
  const auto played = [&] {
    return game_.moves().empty() ? std::string()
                                 : who + " played " + move_text(game_.moves().back(), game_.size()) + ". ";
  };
  if (!friend_game() || link->id != friend_id_) {  // a new game by link
    const bool open = colours_open_in(link->record);
    take_link_game(*link, std::move(*game), open);
    message_ = message = open ? who + " named komi " + format_number(game_.komi()) +
                                    " (points for White): pick a colour, Black or White"
                              : played() + your_turn_sentence(game_, you);
    return true;
  }
  if (colours_open() && named_here_ && !colours_open_in(link->record) &&
      link->record.settings.komi == game_.settings().komi) {  // the friend picked a colour
    const Color theirs = player_color(*game, link->sender);
    take_link_game(*link, std::move(*game), false);
    message_ = message = who + " took " + (theirs == Color::black ? "Black" : "White") + ". " + played() +
                         your_turn_sentence(game_, you);
    return true;
  }
  size_t at = 0;
  switch (link_fit(game_.record(), link->record, at)) {
    case LinkFit::same:
      message = "Nothing new in this link";
      break;
    case LinkFit::older:
      message = "This link is older than your game: nothing changed";
      break;
    case LinkFit::branched:
      message =
          "This link's game differs from yours from move " + std::to_string(at + 1) + ": nothing changed";
      break;
    case LinkFit::extends: {
      for (size_t i = game_.moves().size(); i < link->record.moves.size(); ++i)
        accept(link->record.moves[i], false);
      friend_name_ = name;
      sent_moves_ = game_.moves().size();
      message_ = message = played() + your_turn_sentence(game_, you);
      return true;
    }
  }
  message_ = message;
  return false;
}

bool Session::pick_colour(Color colour) {
  if (!picks_colour() || colour == Color::empty) {
    message_ = colours_open() ? "Your friend picks the colour: they named the komi"
                              : "The colours are already decided";
    return false;
  }
  GameSettings settings = game_.settings();
  settings.komi_named_by = opponent(colour);  // the friend named the komi
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(settings, error);
  if (!game) {
    message_ = error;
    return false;
  }
  const int you = colour == Color::black ? 1 : 2;
  players_[you] = PlayerSetup{};
  replace_game(std::move(*game), SessionEvent::Kind::loaded);
  message_ = colour == Color::black ? "You took Black: your move"
                                    : "You took White: Black moves first, so send your friend the link";
  return true;
}

std::string Session::sgf() const {
  if (review_ && review_->finished()) return reviewed_sgf(game_, review_->turns());
  return write_sgf(game_);
}

// The record with its markup; a file whose markup alone is bad (a mark off the board, a bad
// MN) still loads, without the markup, and the message says why.
bool Session::load_sgf(std::string_view text, std::string& error) {
  std::optional<SgfRecord> record = read_sgf_with_markup(text, error);
  std::string markup_error;
  if (!record) {
    markup_error = error;
    std::optional<AnyGame> game = read_sgf(text, error);
    if (!game) {
      message_ = "Cannot load the SGF file: " + quote(error);
      return false;
    }
    error.clear();
    record = SgfRecord{std::move(*game), {}};
  }
  const size_t turns = record->game.moves().size();
  message_ = "Loaded " + std::string(record->game.facts().short_title) + ", " + std::to_string(turns) +
             (turns == 1 ? " move" : " moves");
  if (!markup_error.empty()) message_ += " (its marks were left out: " + quote(markup_error) + ")";
  // A root VW[] (a corner or a side, e.g. from a `$$` diagram's picture) is shown magnified, as
  // a diagram's part is; not on a torus, which has no corner.
  std::optional<BoardPart> part;
  if (!record->nodes.empty() && !record->game.facts().torus)
    part = view_of(record->nodes.front(), record->game.size());
  markup_ = std::move(record->nodes);
  practice_ = false;
  replace_game(std::move(record->game), SessionEvent::Kind::loaded, part);
  return true;
}

bool Session::load_sl(std::string_view text, std::string_view game, std::string& error) {
  SlReadOptions options;
  if (!game.empty()) options.game = std::string(game);
  std::optional<SlDiagram> diagram = read_sl_diagram(text, options, error);
  if (!diagram) {
    message_ = "Cannot read the diagram: " + error;
    return false;
  }
  message_ = "Loaded a diagram: " + std::string(diagram->game.facts().short_title) + " " +
             std::to_string(diagram->game.size()) + "×" + std::to_string(diagram->game.size());
  markup_ = sl_markup(*diagram);
  practice_ = false;
  std::optional<BoardPart> part;
  if (!diagram->view.whole(diagram->game.size()) && !diagram->game.facts().torus) part = diagram->view;
  replace_game(std::move(diagram->game), SessionEvent::Kind::loaded, part);
  return true;
}

std::optional<BoardPart> Session::diagram_part() const {
  if (!part_ || game_.moves().size() != part_moves_) return std::nullopt;
  return part_;
}

void Session::restore(Snapshot snapshot) {
  players_[1] = snapshot.first;
  players_[2] = snapshot.second;
  message_.clear();
  markup_ = std::move(snapshot.markup);
  practice_ = false;
  replace_game(std::move(snapshot.game), SessionEvent::Kind::loaded);
}

namespace {

// `text` as a JSON string: quotes, backslashes and control characters escaped.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char code[8];
      std::snprintf(code, sizeof code, "\\u%04x", static_cast<unsigned>(c));
      out += code;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

std::string Session::state_json() const {
  std::string json = game_.state_json();
  json.pop_back();  // the closing brace
  if (practice_) json += ",\"practice\":true";
  if (friend_game()) {
    char id[16];
    std::snprintf(id, sizeof id, "%012llx", static_cast<unsigned long long>(friend_id_));
    json +=
        ",\"friend\":{\"id\":\"" + std::string(id) + "\",\"name\":" + json_string(friend_name_) +
        ",\"sent\":" + std::to_string(sent_moves_) + ",\"you\":" + std::to_string(you()) +
        (colours_open() ? std::string(",\"colours\":\"") + (named_here_ ? "theirs" : "yours") + "\"" : "") +
        "}";
  }
  json += ",\"players\":{";
  for (int p = 1; p <= 2; ++p)
    json += std::string(p == 1 ? "" : ",") + "\"" + std::to_string(p) +
            "\":{\"bot\":" + (players_[p].bot ? "true" : "false") +
            ",\"level\":" + std::to_string(players_[p].level) +
            (players_[p].remote ? ",\"remote\":true" : "") + "}";
  return json + "}}";
}

void Session::view_move(int moves) {
  const int total = static_cast<int>(game_.moves().size());
  viewing_ = -1;
  shown_.reset();
  picks_.clear();
  if (moves < 0 || moves >= total) return;
  GameRecord record = game_.record();
  record.moves.resize(static_cast<size_t>(moves));
  std::string error;
  shown_ = AnyGame::replay(record, error);
  if (shown_) viewing_ = moves;
}

// --- SGF markup ------------------------------------------------------------------------------

const Markup* Session::markup_shown() const {
  return markup_after(markup_, static_cast<int>(shown().moves().size()));
}

DiagramOptions Session::markup_options() const {
  DiagramOptions options;
  apply_markup(options, markup_, static_cast<int>(shown().moves().size()));
  return options;
}

// --- the bot -------------------------------------------------------------------------------

bool Session::bot_to_move() const {
  return !game_.state().is_over() && players_[game_.state().to_move()].bot;
}

void Session::think(double budget_ms, double now) {
  run_bot(budget_ms, now);
  if (!run_review(budget_ms)) run_analysis(budget_ms);  // one slice a frame beside the bot's
}

void Session::start_review(const ReviewOptions& options) {
  begin_review(std::make_unique<Reviewer>(game_, options));
}

bool Session::restore_review(std::string_view text, std::string& error) {
  std::unique_ptr<Reviewer> review = Reviewer::restore(game_, ReviewOptions{}, text, error);
  if (!review) return false;
  begin_review(std::move(review));
  return true;
}

// A review to show, and to search on threads of its own where the session has search threads
// (else in `think`'s slices).
void Session::begin_review(std::unique_ptr<Reviewer> review) {
  end_review();
  review_ = std::move(review);
  if (search_threads_ > 0 && !review_->finished()) {
    review_threads_ =
        std::make_unique<ReviewThreads>(*review_, review_threads_for(std::thread::hardware_concurrency()));
    if (review_threads_->threads() == 0) review_threads_.reset();  // no thread: slices then
  }
  review_thread_count_ = review_threads_ ? review_threads_->threads() : 0;
}

void Session::end_review() {
  review_threads_.reset();  // stops and waits for its threads
  review_.reset();
}

bool Session::run_review(double budget_ms) {
  if (!review_ || review_->finished() || bot_to_move()) return false;
  if (review_threads_) {  // the threads search; the results come in here, in order
    review_threads_->collect(*review_);
    if (review_->finished()) review_threads_.reset();
    return true;
  }
  if (budget_ms <= 0) return false;
  review_->step(std::min(max_analysis_slice_ms, budget_ms));
  return true;
}

void Session::run_bot(double budget_ms, double now) {
  if (!bot_to_move()) {
    end_background();  // a search for a turn that is no longer the bot's (undo, a new game)
    move_now_ = false;
    return;
  }
  if (bot_.started != position()) {
    end_background();
    Bot::Options options = bot_.bot.options();
    options.threads = std::max(1, search_threads_);
    bot_.bot.set_options(options);
    bot_.bot.start(game_, players_[game_.state().to_move()].level);
    bot_.started = position();
    bot_started_at_ = now;
    bot_search_ended_at_ = -1;
    move_now_ = false;
    if (search_threads_ > 0) start_background();
  }
  if (background_) {
    if (!background_->finished.load(std::memory_order_acquire) && !move_now_) return;
  } else if (!bot_.bot.done() && !move_now_) {
    // The move is played in the call after the search ends, without a slice: that frame also
    // draws the move and tells the page, and should stay short.
    if (budget_ms > 0) bot_.bot.step(budget_ms);
    return;
  }
  if (bot_search_ended_at_ < 0) bot_search_ended_at_ = now;
  if (!move_now_ && now - bot_started_at_ < reply_beat) return;  // the beat before the reply
  end_background();
  bot_.bot.stop();
  move_now_ = false;
  last_search_ =
      SearchRecord{bot_.bot.playouts(), bot_.bot.threads(), players_[game_.state().to_move()].level,
                   (bot_search_ended_at_ - bot_started_at_) * 1000};
  Move move = bot_.bot.move();
  if (game_.check(move) != Illegal::none) {
    // Never expected; keep the game going with any legal turn rather than stall.
    MoveList legal;
    game_.state().legal_moves(legal);
    if (legal.count == 0) return;
    move = legal.moves[0];
  }
  accept(move, true);
}

void Session::start_background() {
  background_ = std::make_unique<Background>();
  Background& b = *background_;
  Bot& bot = bot_.bot;
  b.thread = std::thread([&b, &bot] {
    auto report = [&b, &bot] {
      bot::Analysis now = bot.analysis(5);
      std::lock_guard<std::mutex> hold(b.lock);
      b.latest = std::move(now);
    };
    bot.think(report);
    report();
    b.finished.store(true, std::memory_order_release);
  });
}

void Session::end_background() {
  if (!background_) return;
  bot_.bot.stop();
  background_->thread.join();
  background_.reset();
}

void Session::run_analysis(double budget_ms) {
  if (!analysis_on_ || shown().state().is_over() || (viewing_ < 0 && bot_to_move())) return;
  if (analyst_.started != shown_position()) {
    analyst_.bot.start(shown(), analysis_level);
    analyst_.started = shown_position();
  }
  if (!analyst_.bot.done()) analyst_.bot.step(std::min(max_analysis_slice_ms, budget_ms));
}

const bot::Analysis* Session::analysis(double now) {
  if (!analysis_on_ || shown().state().is_over()) return nullptr;
  const bool bot = viewing_ < 0 && bot_to_move();
  const Thinker& source = bot ? bot_ : analyst_;
  if (source.started != shown_position()) return nullptr;
  const int source_id = bot ? 1 : 2;
  if (analysis_position_ != shown_position() || analysis_source_ != source_id ||
      now - analysis_time_ >= 0.25) {
    if (bot && background_) {
      std::lock_guard<std::mutex> hold(background_->lock);
      analysis_ = background_->latest;
    } else {
      analysis_ = source.bot.analysis(5);
    }
    analysis_position_ = shown_position();
    analysis_source_ = source_id;
    analysis_time_ = now;
  }
  return &analysis_;
}

}  // namespace stonegrid
