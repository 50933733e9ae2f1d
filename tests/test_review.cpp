// The review (core/tools/review.h): a turn that hands the opponent the win is a blunder, the
// winning reply is good, the bot's better move is named, and the SGF keeps the review.
#include <doctest/doctest.h>

#include <string>

#include "capture_go.h"
#include "formats/sgf.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "session.h"
#include "tools/review.h"

using namespace stonegrid;

namespace {

AnyGame played(std::string_view game, int size, std::initializer_list<const char*> moves) {
  std::string error;
  std::optional<AnyGame> g = AnyGame::create(game, size, std::nullopt, error);
  REQUIRE(g);
  for (const char* text : moves) {
    std::optional<Move> m = parse_move(text, size, error);
    REQUIRE_MESSAGE(m, error);
    REQUIRE(g->play(*m) == Illegal::none);
  }
  return *g;
}

}  // namespace

TEST_CASE("review: verdicts from the drop in winning chances") {
  CHECK(verdict_of(0) == Verdict::good);
  CHECK(verdict_of(0.049) == Verdict::good);
  CHECK(verdict_of(0.05) == Verdict::inaccuracy);
  CHECK(verdict_of(0.1) == Verdict::mistake);
  CHECK(verdict_of(0.15) == Verdict::blunder);
  CHECK(verdict_name(Verdict::mistake) == "mistake");
}

TEST_CASE("review: a self-atari that loses the game is a blunder, the capture is good") {
  // Capture Go 5×5: Black C3, White A2, Black A1 (its only liberty B1), White B1 captures.
  const AnyGame game = played("capturego", 5, {"C3", "A2", "A1", "B1"});
  REQUIRE(game.state().is_over());
  ReviewOptions options;
  options.playouts = 1500;
  int calls = 0;
  const std::vector<TurnReview> turns = review_game(game, options, [&](int done, int total) {
    ++calls;
    CHECK(total == 5);
    CHECK(done == calls);
    return true;
  });
  CHECK(calls == 5);
  REQUIRE(turns.size() == 4);
  const TurnReview& self_atari = turns[2];
  CHECK(self_atari.number == 3);
  CHECK(self_atari.by.player == 1);
  CHECK(self_atari.by.color == Color::black);
  CHECK(self_atari.winrate_after == 0);
  CHECK(self_atari.loss >= blunder_loss);
  CHECK(self_atari.verdict == Verdict::blunder);
  CHECK_FALSE(self_atari.best == self_atari.move);
  REQUIRE_FALSE(self_atari.line.empty());
  CHECK(self_atari.line.front() == self_atari.best);
  const TurnReview& capture = turns[3];
  CHECK(capture.winrate_after == 1);
  CHECK(capture.verdict == Verdict::good);
  CHECK(accuracy(turns, 1) <= 50);  // of Black's two turns, one is the blunder
  CHECK(accuracy({}, 2) == 100);

  const std::string json = review_json(self_atari, 5);
  CHECK(json.find("\"number\":3,\"color\":\"black\",\"move\":\"A1\"") == 1);
  CHECK(json.find("\"label\":\"blunder\"") != std::string::npos);
  CHECK(json.find("\"winrate_after\":0.0000") != std::string::npos);
  CHECK_FALSE(self_atari.scored);  // Capture Go has no count

  // The SGF keeps the review and reads back as the same game.
  const std::string sgf = reviewed_sgf(game, turns);
  CHECK(sgf.find("BM[2]C[Blunder: ") != std::string::npos);
  CHECK(sgf.find("SBKV[") != std::string::npos);
  std::string error;
  const std::optional<AnyGame> back = read_sgf(sgf, error);
  REQUIRE_MESSAGE(back, error);
  CHECK(back->moves() == game.moves());
}

TEST_CASE("review: where the game counts points, the points each turn lost") {
  // Go 7×7: White C3 D3 are cut off; after Black's E3 they are in atari (D2). White's G7, in
  // the corner, lets Black take them: many points lost. The game goes on (no count yet).
  const AnyGame game = played("go", 7, {"C4", "C3", "D4", "D3", "B3", "F6", "C2", "F5", "E3", "G7", "D2"});
  ReviewOptions options;
  options.playouts = 2000;
  const std::vector<TurnReview> turns = review_game(game, options);
  REQUIRE(turns.size() == 11);
  for (size_t i = 0; i < turns.size(); ++i) {
    CAPTURE(i);
    const TurnReview& t = turns[i];
    REQUIRE(t.scored);
    CHECK(t.points_lost == doctest::Approx(std::max(0.0, t.score_before - t.score_after)));
    // After a turn, the mover's lead is the next mover's with the sign turned.
    if (i + 1 < turns.size()) CHECK(t.score_after == doctest::Approx(-turns[i + 1].score_before));
  }
  const TurnReview& corner = turns[9];
  CHECK(move_text(corner.move, 7) == "G7");
  CHECK(corner.points_lost >= 8);
  CHECK(corner.points_lost > 2 * turns[3].points_lost);  // White's D3, the bot's own choice
  const std::string json = review_json(corner, 7);
  CHECK(json.find(",\"points_lost\":") != std::string::npos);
  CHECK(json.find(",\"score_before\":") != std::string::npos);
  CHECK(reviewed_sgf(game, turns).find(" points lost. Best: ") != std::string::npos);
}

TEST_CASE("review: Looper's ballot turns and the take are judged, players named until colours are known") {
  const AnyGame game = played("looper", 5, {"A1+B2", "C3", "take", "D4"});
  ReviewOptions options;
  options.playouts = 300;
  const std::vector<TurnReview> turns = review_game(game, options);
  REQUIRE(turns.size() == 4);
  CHECK(turns[0].move.count == 2);
  CHECK(turns[2].move.kind == Move::Kind::take);
  CHECK(turns[2].by.color == Color::empty);
  CHECK(review_json(turns[2], 5).find("\"color\":\"player 1\"") != std::string::npos);
  CHECK(turns[3].by.color != Color::empty);
  for (const TurnReview& t : turns) {
    CHECK(t.winrate_before >= 0);
    CHECK(t.winrate_before <= 1);
    CHECK(t.loss == doctest::Approx(std::max(0.0, t.winrate_before - t.winrate_after)));
    CHECK_FALSE(t.scored);  // Looper has no count
    CHECK(review_json(t, 5).find("points_lost") == std::string::npos);
  }
}

TEST_CASE("review: stopping early keeps the turns judged so far") {
  const AnyGame game = played("go", 5, {"C3", "B3", "C2", "B2"});
  ReviewOptions options;
  options.playouts = 100;
  const std::vector<TurnReview> turns = review_game(game, options, [](int done, int) { return done < 3; });
  CHECK(turns.size() == 2);
}

TEST_CASE("review: in slices it judges as in one go (playout-bounded searches are deterministic)") {
  const AnyGame game = played("go", 5, {"C3", "B3", "C2", "B2", "pass"});
  ReviewOptions options;
  options.playouts = 400;
  const std::vector<TurnReview> whole = review_game(game, options);
  Reviewer sliced(game, options);
  int steps = 0;
  while (!sliced.step(0.5)) ++steps;
  CHECK(steps > 5);
  CHECK(sliced.searched() == sliced.positions());
  REQUIRE(sliced.turns().size() == whole.size());
  for (size_t i = 0; i < whole.size(); ++i) {
    CAPTURE(i);
    CHECK(sliced.turns()[i].best == whole[i].best);
    CHECK(sliced.turns()[i].winrate_before == whole[i].winrate_before);
    CHECK(sliced.turns()[i].verdict == whole[i].verdict);
  }
}

TEST_CASE("review: kept with the saved game, read back exactly; a partial one goes on from there") {
  const AnyGame game = played("go", 5, {"C3", "B3", "C2", "B2", "pass"});
  ReviewOptions options;
  options.playouts = 300;
  Reviewer whole(game, options);
  while (!whole.finished()) whole.search_next();
  const std::string text = whole.saved();
  CHECK(text.starts_with("stonegrid-review 1 5 "));
  CHECK(text.find_first_of("\"\\\n") == std::string::npos);  // as a JSON string, unchanged
  std::string error;
  const std::unique_ptr<Reviewer> back = Reviewer::restore(game, options, text, error);
  REQUIRE_MESSAGE(back, error);
  CHECK(back->finished());
  CHECK(back->restored() == 6);
  CHECK(back->saved() == text);
  REQUIRE(back->turns().size() == whole.turns().size());
  for (size_t i = 0; i < whole.turns().size(); ++i) {
    CAPTURE(i);
    const TurnReview &a = whole.turns()[i], &b = back->turns()[i];
    CHECK(a.winrate_before == b.winrate_before);
    CHECK(a.winrate_after == b.winrate_after);
    CHECK(a.verdict == b.verdict);
    CHECK(a.best == b.best);
    CHECK(a.line == b.line);
    CHECK(a.scored == b.scored);
    CHECK(a.points_lost == b.points_lost);
  }

  // Partial: two positions kept; the rest is searched on from the third.
  Reviewer started(game, options);
  started.search_next();
  started.search_next();
  const std::unique_ptr<Reviewer> partial = Reviewer::restore(game, options, started.saved(), error);
  REQUIRE_MESSAGE(partial, error);
  CHECK(partial->searched() == 2);
  CHECK(partial->turns().size() == 1);
  while (!partial->step(50)) {
  }
  CHECK(partial->turns().size() == 5);
  CHECK(partial->restored() == 2);
}

TEST_CASE("review: a saved review that is not of this game, or does not read, is refused with the reason") {
  const AnyGame game = played("looper", 5, {"A1+B2", "C3", "take", "D4"});
  ReviewOptions options;
  options.playouts = 100;
  Reviewer review(game, options);
  while (!review.finished()) review.search_next();
  const std::string text = review.saved();
  std::string error;
  REQUIRE_MESSAGE(Reviewer::restore(game, options, text, error), error);  // ballot turns read back

  auto refused = [&](const AnyGame& g, const std::string& bad) {
    error.clear();
    CHECK_FALSE(Reviewer::restore(g, options, bad, error));
    return error;
  };
  CHECK(refused(played("looper", 5, {"A1+B2", "C3", "take", "E5"}), text) == "the review is of another game");
  CHECK(refused(played("looper", 5, {"A1+B2", "C3", "take"}), text) == "the review is of another game");
  CHECK(refused(game, "") == "not a saved review");
  CHECK(refused(game, "stonegrid-review 2" + text.substr(18)) == "not a saved review");
  const std::string head = text.substr(0, text.find(';'));
  CHECK(refused(game, head + ";0x1p+1,,A1") == "position 0 of the review: not a win rate, lead and line");
  CHECK(refused(game, head + ";0x1p-1,x,A1") ==
        "position 0 of the review: the lead is not a number of points");
  CHECK(refused(game, head + ";0x1p-1,,Z9").starts_with("position 0 of the review: "));
  CHECK(refused(game, head + ";0x1p-1,,A1;0x1p-1,,A1") ==
        "position 1 of the review: the line's A1 is not legal there");
  CHECK(refused(game, head + std::string(6, ';')) == "the review has more positions than the game");
}

// The fresh-eyes test: "21. B resign?!" and "Black pass, an inaccuracy: −0.0 points (8 % → 0 %)".
TEST_CASE("review: a resignation gets no mark; a pass's verdict shows the measure it came from") {
  const AnyGame game = played("go", 5, {"C3", "resign"});
  ReviewOptions options;
  options.playouts = 300;
  const std::vector<TurnReview> turns = review_game(game, options);
  REQUIRE(turns.size() == 2);
  CHECK(turns[1].move.kind == Move::Kind::resign);
  CHECK(turns[1].loss > 0.15);               // White gave up its chances...
  CHECK(turns[1].verdict == Verdict::good);  // ...but a resignation is not judged
  CHECK(review_mark(turns[1].verdict).empty());

  TurnReview pass;
  pass.move = Move::pass();
  pass.best = Move::place(7);
  pass.by = Mover{1, Color::black};
  pass.winrate_before = 0.08;
  pass.winrate_after = 0;
  pass.loss = 0.08;
  pass.verdict = verdict_of(pass.loss);
  pass.scored = true;
  pass.points_lost = 0.01;
  const std::string said = turn_sentence(pass, 23, 5);
  INFO(said);
  CHECK(said.starts_with("Move 23: Black pass, an inaccuracy (8 % → 0 %). Best: "));
  CHECK(said.find("0.0 points") == std::string::npos);
  pass.points_lost = 2.5;
  CHECK(
      turn_sentence(pass, 23, 5).starts_with("Move 23: Black pass, an inaccuracy: −2.5 points (8 % → 0 %)"));
}
