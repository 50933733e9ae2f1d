// The review: positions searched in order with one `Bot` (its tree carried from a position to
// the next when the search allows), then each turn judged from the two positions around it.
#include "tools/review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "bot/bot.h"
#include "formats/sgf.h"
#include "rules/notation.h"

namespace stonegrid {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::good:
      return "good";
    case Verdict::inaccuracy:
      return "inaccuracy";
    case Verdict::mistake:
      return "mistake";
    case Verdict::blunder:
      return "blunder";
  }
  return "good";
}

Verdict verdict_of(double loss) {
  if (loss >= blunder_loss) return Verdict::blunder;
  if (loss >= mistake_loss) return Verdict::mistake;
  if (loss >= inaccuracy_loss) return Verdict::inaccuracy;
  return Verdict::good;
}

namespace {

// The chances of `player` in a finished game: 1 won, ½ drawn, 0 lost.
double final_chances(const AnyGame& game, int player) {
  const Outcome o = game.state().outcome();
  if (o.winner_player == 0) return 0.5;
  return o.winner_player == player ? 1 : 0;
}

// `player`'s lead on the game's count now (komi included); nothing for a game without one.
std::optional<double> count_lead(const AnyGame& game, int player) {
  const Score s = game.state().score();
  if (!s.defined) return std::nullopt;
  const int black = game.state().black_player() ? game.state().black_player() : 1;
  return player == black ? s.black - s.white : s.white - s.black;
}

std::string percent(double x) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f %%", 100 * x);
  return text;
}

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", x);
  return text;
}

}  // namespace

namespace {

Bot::Options bot_options(const ReviewOptions& options) {
  Bot::Options o;
  o.seed = options.seed;
  o.resign_threshold = 0;  // judge, never give up
  o.threads = options.threads;
  o.score_leads = true;
  if (options.seconds > 0)
    o.seconds = options.seconds;
  else
    o.playouts = std::max<long long>(1, options.playouts);
  return o;
}

// The record's start: its set-up and settings, no move.
AnyGame start_of(const AnyGame& game) {
  GameRecord record = game.record();
  record.moves.clear();
  std::string error;
  return *AnyGame::replay(record, error);  // the start of a record AnyGame holds replays
}

}  // namespace

Reviewer::Reviewer(const AnyGame& game, const ReviewOptions& options)
    : game_(game),
      options_(options),
      moves_(game.moves()),
      position_(start_of(game)),
      bot_(std::make_unique<Bot>(bot_options(options))) {}

Reviewer::~Reviewer() = default;

bool Reviewer::step(double budget_ms) {
  if (finished()) return true;
  if (position_.state().is_over()) {
    judge_position();
    return finished();
  }
  if (!searching_) {
    bot_->start(position_, max_level);
    searching_ = true;
  }
  bot_->step(budget_ms);
  if (bot_->done()) judge_position();
  return finished();
}

void Reviewer::search_next() {
  if (finished()) return;
  if (!position_.state().is_over()) {
    if (!searching_) bot_->start(position_, max_level);
    searching_ = true;
    bot_->think();
  }
  judge_position();
}

// The search of the position is over (or it is over): its verdict, then on to the next.
void Reviewer::judge_position() {
  Judged j = searching_ ? judged_of(*bot_, position_) : Judged{};
  searching_ = false;
  add_judged(std::move(j));
}

Reviewer::Judged Reviewer::judged_of(Bot& bot, const AnyGame& position) {
  Judged j;
  const bot::Analysis a = bot.analysis(1);
  j.best = bot.move();
  j.winrate = a.moves.empty() ? a.winrate : a.moves.front().winrate;
  j.line = a.line;
  if (j.line.empty() || !(j.line.front() == j.best)) j.line.assign(1, j.best);
  j.scored = !a.moves.empty() && a.moves.front().scored && a.moves.front().move == j.best;
  if (j.scored) j.lead = a.moves.front().score_lead;
  if (!j.scored) lead_after_best(j, position);
  return j;
}

std::unique_ptr<Bot> Reviewer::make_bot() const {
  return std::make_unique<Bot>(bot_options(options_));
}

void Reviewer::add(Judged j) {
  if (!finished() && !searching_) add_judged(std::move(j));
}

// A position judged (searched or read back): on to the next, and the turns now known judged.
void Reviewer::add_judged(Judged j) {
  judged_.push_back(std::move(j));
  const size_t next = judged_.size() - 1;
  if (next < moves_.size()) position_.play(moves_[next]);
  judge_turns();
}

// No lead from the search for the best move (a turn that wins at once is played without one):
// the count after it, when it ends the game.
void Reviewer::lead_after_best(Judged& j, const AnyGame& position) {
  AnyGame after = position;
  const int mover = position.state().to_move();
  if (j.best.kind == Move::Kind::resign || after.play(j.best) != Illegal::none || !after.state().is_over())
    return;
  if (const std::optional<double> lead = count_lead(after, mover)) {
    j.scored = true;
    j.lead = *lead;
  }
}

// The points a turn lost, where the positions around it have a lead: the search's, or the
// count once the game is over (none after a resignation).
void Reviewer::score_turn(TurnReview& t, const AnyGame& after) const {
  const size_t i = static_cast<size_t>(t.number - 1);
  if (!judged_[i].scored || t.move.kind == Move::Kind::resign) return;
  std::optional<double> lead;
  if (after.state().is_over())
    lead = count_lead(after, t.by.player);
  else if (i + 1 < judged_.size() && judged_[i + 1].scored)
    lead = after.state().to_move() == t.by.player ? judged_[i + 1].lead : -judged_[i + 1].lead;
  if (!lead) return;
  t.scored = true;
  t.score_before = judged_[i].lead;
  t.score_after = *lead;
  t.points_lost = std::max(0.0, t.score_before - t.score_after);
}

// Judges each turn whose positions before and after are both known.
void Reviewer::judge_turns() {
  GameRecord record = game_.record();
  while (turns_.size() < moves_.size() && turns_.size() < judged_.size()) {
    const size_t i = turns_.size();
    record.moves.assign(moves_.begin(), moves_.begin() + static_cast<long>(i));
    std::string error;
    AnyGame before = *AnyGame::replay(record, error);
    TurnReview t;
    t.number = static_cast<int>(i) + 1;
    t.move = moves_[i];
    t.by = Mover{before.state().to_move(),
                 before.state().black_player() == 0 ? Color::empty : before.state().color_to_move()};
    t.best = judged_[i].best;
    t.line = judged_[i].line;
    t.winrate_before = judged_[i].winrate;
    AnyGame after = before;
    after.play(t.move);
    if (t.move.kind == Move::Kind::resign)
      t.winrate_after = 0;
    else if (after.state().is_over())
      t.winrate_after = final_chances(after, t.by.player);
    else if (i + 1 < judged_.size())
      t.winrate_after =
          after.state().to_move() == t.by.player ? judged_[i + 1].winrate : 1 - judged_[i + 1].winrate;
    else
      break;  // the next position is not searched yet
    t.loss = std::max(0.0, t.winrate_before - t.winrate_after);
    // A resignation is no move to judge: it gets no mark, whatever the chances it gave up.
    const bool judged = !(t.move == t.best) && t.move.kind != Move::Kind::resign;
    t.verdict = judged ? verdict_of(t.loss) : Verdict::good;
    score_turn(t, after);
    turns_.push_back(t);
  }
}

// --- kept with a saved game ----------------------------------------------------------------

namespace {

std::string exact(double x) {
  char text[40];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

std::optional<double> read_number(std::string_view text) {
  const std::string copy(text);
  char* end = nullptr;
  const double x = std::strtod(copy.c_str(), &end);
  if (copy.empty() || *end != '\0' || !std::isfinite(x)) return std::nullopt;
  return x;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

}  // namespace

// FNV-1a over the record's turns in move text and its last position's hash: a review is read
// back only onto the record it was made of.
uint64_t Reviewer::record_key() const {
  uint64_t key = 0xCBF29CE484222325ull;
  for (const Move& m : moves_)
    for (char c : move_text(m, game_.size()) + " ")
      key = (key ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  return key ^ game_.state().hash();
}

std::string Reviewer::saved() const {
  char head[80];
  std::snprintf(head, sizeof head, "stonegrid-review 1 %zu %016llx", moves_.size(),
                static_cast<unsigned long long>(record_key()));
  std::string text = head;
  for (const Judged& j : judged_) {
    text += ';';
    text += exact(j.winrate);
    text += ',';
    if (j.scored) text += exact(j.lead);
    text += ',';
    for (size_t i = 0; i < j.line.size(); ++i) {
      if (i) text += ' ';
      text += move_text(j.line[i], game_.size());
    }
  }
  return text;
}

std::unique_ptr<Reviewer> Reviewer::restore(const AnyGame& game, const ReviewOptions& options,
                                            std::string_view text, std::string& error) {
  auto review = std::make_unique<Reviewer>(game, options);
  if (!review->read_saved(text, error)) return nullptr;
  return review;
}

bool Reviewer::read_saved(std::string_view text, std::string& error) {
  const std::vector<std::string_view> parts = split(text, ';');
  const std::vector<std::string_view> head = split(parts[0], ' ');
  if (head.size() != 4 || head[0] != "stonegrid-review" || head[1] != "1") {
    error = "not a saved review";
    return false;
  }
  char key[24];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(record_key()));
  if (head[2] != std::to_string(moves_.size()) || head[3] != key) {
    error = "the review is of another game";
    return false;
  }
  if (parts.size() - 1 > static_cast<size_t>(positions())) {
    error = "the review has more positions than the game";
    return false;
  }
  for (size_t i = 1; i < parts.size(); ++i) {
    Judged j;
    if (!read_position(parts[i], j, error)) {
      error = "position " + std::to_string(i - 1) + " of the review: " + error;
      return false;
    }
    add_judged(std::move(j));
  }
  restored_ = searched();
  return true;
}

// One position of the saved text: its win rate, lead and the bot's line, which must be legal
// from the position (`position_`, the next to judge).
bool Reviewer::read_position(std::string_view text, Judged& j, std::string& error) const {
  const std::vector<std::string_view> fields = split(text, ',');
  const std::optional<double> winrate = fields.size() == 3 ? read_number(fields[0]) : std::nullopt;
  if (!winrate || *winrate < 0 || *winrate > 1) {
    error = "not a win rate, lead and line";
    return false;
  }
  j.winrate = *winrate;
  if (!fields[1].empty()) {
    const std::optional<double> lead = read_number(fields[1]);
    if (!lead || std::abs(*lead) > 10000) {
      error = "the lead is not a number of points";
      return false;
    }
    j.scored = true;
    j.lead = *lead;
  }
  AnyGame line = position_;
  for (std::string_view word : fields[2].empty() ? std::vector<std::string_view>{} : split(fields[2], ' ')) {
    const std::optional<Move> m = parse_move(word, game_.size(), error);
    if (!m) return false;
    if (line.play(*m) != Illegal::none) {
      error = "the line's " + std::string(word) + " is not legal there";
      return false;
    }
    j.line.push_back(*m);
  }
  if (!j.line.empty()) j.best = j.line.front();
  return true;
}

std::vector<TurnReview> review_game(const AnyGame& game, const ReviewOptions& options,
                                    const std::function<bool(int, int)>& progress) {
  Reviewer reviewer(game, options);
  while (!reviewer.finished()) {
    reviewer.search_next();
    if (progress && !progress(reviewer.searched(), reviewer.positions())) break;
  }
  return reviewer.turns();
}

namespace {

// ,"score_before":…,"score_after":…,"points_lost":… for a scored turn, else nothing.
std::string points_json(const TurnReview& t) {
  if (!t.scored) return "";
  char text[128];
  std::snprintf(text, sizeof text, ",\"score_before\":%.2f,\"score_after\":%.2f,\"points_lost\":%.2f",
                t.score_before, t.score_after, t.points_lost);
  return text;
}

}  // namespace

std::string review_json(const TurnReview& t, int size) {
  const std::string color = t.by.color == Color::black   ? "black"
                            : t.by.color == Color::white ? "white"
                                                         : "player " + std::to_string(t.by.player);
  std::string line = "[";
  for (size_t i = 0; i < t.line.size(); ++i)
    line += std::string(i ? "," : "") + "\"" + move_text(t.line[i], size) + "\"";
  line += "]";
  return "{\"number\":" + std::to_string(t.number) + ",\"color\":\"" + color + "\",\"move\":\"" +
         move_text(t.move, size) + "\",\"winrate_before\":" + number(t.winrate_before) +
         ",\"winrate_after\":" + number(t.winrate_after) + ",\"loss\":" + number(t.loss) + points_json(t) +
         ",\"label\":\"" + std::string(verdict_name(t.verdict)) + "\",\"best\":\"" + move_text(t.best, size) +
         "\",\"line\":" + line + "}";
}

double accuracy(const std::vector<TurnReview>& turns, int player) {
  int mine = 0, good = 0;
  for (const TurnReview& t : turns)
    if (t.by.player == player) {
      ++mine;
      good += t.verdict == Verdict::good;
    }
  return mine == 0 ? 100 : 100.0 * good / mine;
}

namespace {

// ", 3.5 points lost" for a scored turn that lost at least half a point, else nothing.
std::string points_note(const TurnReview& t) {
  if (!t.scored || t.points_lost < 0.5) return "";
  char text[48];
  std::snprintf(text, sizeof text, ", %.1f points lost", t.points_lost);
  return text;
}

}  // namespace

std::string reviewed_sgf(const AnyGame& game, const std::vector<TurnReview>& turns) {
  std::vector<std::string> notes(game.moves().size());
  const int n = game.size();
  for (const TurnReview& t : turns) {
    if (t.number < 1 || t.number > static_cast<int>(notes.size())) continue;
    std::string& note = notes[t.number - 1];
    switch (t.verdict) {
      case Verdict::blunder:
        note += "BM[2]";
        break;
      case Verdict::mistake:
        note += "BM[1]";
        break;
      case Verdict::inaccuracy:
        note += "DO[]";
        break;
      case Verdict::good:
        break;
    }
    std::string comment;
    if (t.verdict != Verdict::good) {
      std::string word(verdict_name(t.verdict));
      word[0] = static_cast<char>(word[0] - 'a' + 'A');
      comment = word + ": " + percent(t.winrate_before) + " -> " + percent(t.winrate_after) + points_note(t) +
                ". Best: " + move_text(t.best, n);
      if (t.line.size() > 1) {
        comment += " (";
        for (size_t i = 0; i < t.line.size(); ++i) {
          if (i) comment += ' ';
          comment += move_text(t.line[i], n);
        }
        comment += ")";
      }
      comment += ".";
    } else {
      comment = "Good: " + percent(t.winrate_after) + points_note(t) + ".";
    }
    note += "C[" + escape_sgf_text(comment) + "]";
    // Black's chances after the turn, in percent (the mover's, turned to Black's side).
    const bool mover_black = t.by.color == Color::black || (t.by.color == Color::empty && t.by.player == 1);
    const double black = mover_black ? t.winrate_after : 1 - t.winrate_after;
    char value[32];
    std::snprintf(value, sizeof value, "SBKV[%.2f]", 100 * black);
    note += value;
  }
  return write_sgf(game, notes);
}

}  // namespace stonegrid
