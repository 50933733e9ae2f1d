// The review: positions searched in order with one `Bot` (its tree carried from a position to
// the next when the search allows), then each turn judged from the two positions around it.
#include "tools/review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

// What the search says about a position: the chances of the player to move with the bot's
// best move, that move and its line.
struct Judged {
  double winrate = 0.5;
  Move best = Move::pass();
  std::vector<Move> line;
};

Judged search(Bot& bot, const AnyGame& position) {
  Judged j;
  bot.start(position, max_level);
  bot.think();
  const bot::Analysis a = bot.analysis(1);
  j.best = bot.move();
  j.winrate = a.moves.empty() ? a.winrate : a.moves.front().winrate;
  j.line = a.line;
  if (j.line.empty() || !(j.line.front() == j.best)) j.line.assign(1, j.best);
  return j;
}

// The chances of `player` in a finished game: 1 won, ½ drawn, 0 lost.
double final_chances(const AnyGame& game, int player) {
  const Outcome o = game.state().outcome();
  if (o.winner_player == 0) return 0.5;
  return o.winner_player == player ? 1 : 0;
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

std::vector<TurnReview> review_game(const AnyGame& game, const ReviewOptions& options,
                                    const std::function<bool(int, int)>& progress) {
  Bot::Options bot_options;
  bot_options.seed = options.seed;
  bot_options.resign_threshold = 0;  // judge, never give up
  bot_options.threads = options.threads;
  if (options.seconds > 0)
    bot_options.seconds = options.seconds;
  else
    bot_options.playouts = std::max<long long>(1, options.playouts);
  Bot bot(bot_options);

  // The positions before each turn (and after the last), replayed from the record.
  GameRecord record = game.record();
  const std::vector<Move> moves = record.moves;
  record.moves.clear();
  std::string error;
  std::optional<AnyGame> position = AnyGame::replay(record, error);
  if (!position) return {};
  const int total = static_cast<int>(moves.size());
  std::vector<Judged> judged;
  std::vector<TurnReview> turns;
  for (int i = 0; i <= total; ++i) {
    judged.push_back(position->state().is_over() ? Judged{} : search(bot, *position));
    if (progress && !progress(i + 1, total + 1)) break;
    if (i == total) break;
    TurnReview turn;
    turn.number = i + 1;
    turn.move = moves[i];
    turn.by = Mover{position->state().to_move(),
                    position->state().black_player() == 0 ? Color::empty : position->state().color_to_move()};
    turn.best = judged[i].best;
    turn.line = judged[i].line;
    turn.winrate_before = judged[i].winrate;
    if (position->play(moves[i]) != Illegal::none) break;  // a record AnyGame accepted replays
    turns.push_back(turn);
  }
  // Each turn's chances after it: from the next position's search, or the result.
  AnyGame replay = *AnyGame::replay(record, error);
  for (size_t i = 0; i < turns.size(); ++i) {
    TurnReview& t = turns[i];
    replay.play(t.move);
    if (t.move.kind == Move::Kind::resign) {
      t.winrate_after = 0;
    } else if (replay.state().is_over()) {
      t.winrate_after = final_chances(replay, t.by.player);
    } else if (i + 1 < judged.size()) {
      const double next = judged[i + 1].winrate;
      t.winrate_after = replay.state().to_move() == t.by.player ? next : 1 - next;
    } else {
      t.winrate_after = t.winrate_before;  // stopped before the next position was searched
    }
    t.loss = std::max(0.0, t.winrate_before - t.winrate_after);
    t.verdict = t.move == t.best ? Verdict::good : verdict_of(t.loss);
  }
  return turns;
}

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
         ",\"winrate_after\":" + number(t.winrate_after) + ",\"loss\":" + number(t.loss) + ",\"label\":\"" +
         std::string(verdict_name(t.verdict)) + "\",\"best\":\"" + move_text(t.best, size) +
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
      comment = word + ": " + percent(t.winrate_before) + " -> " + percent(t.winrate_after) +
                ". Best: " + move_text(t.best, n);
      if (t.line.size() > 1) {
        comment += " (";
        for (size_t i = 0; i < t.line.size(); ++i) comment += (i ? " " : "") + move_text(t.line[i], n);
        comment += ")";
      }
      comment += ".";
    } else {
      comment = "Good: " + percent(t.winrate_after) + ".";
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
