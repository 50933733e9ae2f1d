// The table of games (core/rules/game_type.h) and what each game says about itself and its positions
// (core/rules/game_facts.h): facts, names, the count term by term, marks, the stones a turn changed —
// and a fifth, test-only game (tests/capture_go.h) that goes through AnyGame, GTP, SGF and the
// bot after one table line.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "bot/bot.h"
#include "bot/game_type_of.h"
#include "capture_go.h"
#include "formats/sgf.h"
#include "random_game.h"
#include "rules/any_game.h"
#include "rules/notation.h"
#include "session.h"
#include "tools/bench.h"
#include "tools/gtp.h"

using namespace stonegrid;

namespace {

AnyGame make(std::string_view name, int size, std::initializer_list<const char*> moves) {
  std::string error;
  std::optional<AnyGame> game = AnyGame::create(name, size, std::nullopt, error);
  REQUIRE(game);
  for (const char* text : moves) {
    std::optional<Move> move = parse_move(text, size, error);
    REQUIRE(move);
    REQUIRE(game->play(*move) == Illegal::none);
  }
  return *game;
}

double total(const std::vector<ScoreTerm>& terms) {
  double sum = 0;
  for (const ScoreTerm& t : terms) sum += t.value;
  return sum;
}

Point at(const char* vertex, int size) {
  std::string error;
  return *parse_vertex(vertex, size, error);
}

}  // namespace

TEST_CASE("game table: the built-in games, their names and facts") {
  const std::vector<GameKind> kinds = game_kinds();
  REQUIRE(kinds.size() >= 4);
  CHECK(kinds[0] == GameKind::loose);
  CHECK(GameKind::loose.facts().name == "loose");
  CHECK(GameKind::go.facts().name == "go");
  CHECK(GameKind::looper.facts().name == "looper");
  CHECK(GameKind::squaresquared.facts().name == "squaresquared");
  CHECK(game_kind("S2") == GameKind::squaresquared);
  CHECK(game_kind("Square-Squared") == GameKind::squaresquared);
  CHECK(game_kind("GO") == GameKind::go);
  CHECK_FALSE(game_kind("chess"));

  const GameFacts& loose = GameKind::loose.facts();
  CHECK(loose.size_allowed(9));
  CHECK_FALSE(loose.size_allowed(10));
  CHECK(loose.komi_allowed(-4));
  CHECK_FALSE(loose.komi_allowed(3));
  CHECK(loose.komi_cut_and_choose);
  CHECK(GameKind::go.facts().komi_allowed(6.5));
  CHECK_FALSE(GameKind::go.facts().komi_allowed(6.25));
  CHECK_FALSE(GameKind::looper.facts().has_komi);
  CHECK_FALSE(GameKind::looper.facts().can_pass);
  CHECK(GameKind::squaresquared.facts().default_size == 7);
  CHECK(GameKind::squaresquared.facts().variant_count == 2);

  const std::string json = game_facts_json();
  CHECK(json.front() == '[');
  CHECK(json.find("\"name\":\"looper\"") != std::string::npos);
  CHECK(json.find("\"odd_sizes_only\":true") != std::string::npos);
  CHECK(json.find("\"default_komi\":6.5") != std::string::npos);
  CHECK(json.find("\"komi_step\":2") != std::string::npos);
}

TEST_CASE("game table: AnyGame follows the facts for sizes, komi and variants") {
  std::string error;
  CHECK_FALSE(AnyGame::create("go", 4, std::nullopt, error));
  CHECK(error == "size 4 is not allowed in Go (sizes 5 to 25)");
  CHECK_FALSE(AnyGame::create("go", 9, 6.3, error));
  CHECK(error == "komi 6.3 is not allowed in Go: komi is a multiple of 0.5");
  std::optional<AnyGame> looper = AnyGame::create("looper", 9, 7.5, error);
  REQUIRE(looper);
  CHECK(looper->komi() == 0);
  GameSettings v3;
  v3.kind = GameKind::squaresquared;
  v3.variant = 1;
  std::optional<AnyGame> s2 = AnyGame::create(v3, error);
  REQUIRE(s2);
  CHECK(write_sgf(*s2).find("RU[SquareSquared-v3]") != std::string::npos);
  v3.variant = 5;  // no such variant: the ruling
  CHECK(AnyGame::create(v3, error)->settings().variant == 0);
}

TEST_CASE("explain: Go counts territory and prisoners, and marks the territory") {
  // Black walls off the left two columns, White the right; White captured nothing, Black one.
  AnyGame go = make("go", 5, {"B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5"});
  Explanation e = go.state().explain();
  CHECK(e.counted);
  CHECK_FALSE(e.show_owner);  // phase 1
  REQUIRE(e.black.size() == 2);
  CHECK(e.black[0].label == "territory");
  CHECK(e.black[0].value == 5);
  CHECK(e.white[0].value == 5);
  CHECK(e.white.back().label == "komi");
  CHECK(total(e.black) == go.state().score().black);
  CHECK(total(e.white) == go.state().score().white);
  CHECK(e.owner[at("A1", 5)] == Color::black);
  CHECK(e.owner[at("E5", 5)] == Color::white);
  CHECK(e.owner[at("C3", 5)] == Color::empty);  // touches both
  go.play(Move::pass());
  go.play(Move::pass());
  CHECK(go.state().explain().show_owner);  // the resolve phase
}

TEST_CASE("explain: Loose stones and komi, false liberties as the game judges them") {
  AnyGame loose = make("loose", 5, {"A2", "B1", "C1"});
  Explanation e = loose.state().explain();
  CHECK(total(e.black) == loose.state().score().black);
  CHECK(total(e.white) == loose.state().score().white);
  CHECK(e.black[0].label == "stones");
  // A1 touches black A2 and white B1 and no empty point: a false liberty.
  CHECK(e.false_liberties[at("A1", 5)]);
  CHECK_FALSE(e.false_liberties[at("C3", 5)]);
  CHECK(e.false_liberties.count() == 1);
}

TEST_CASE("explain: Square Squared edge chains, their tax and labels") {
  AnyGame s2 = make("squaresquared", 7, {"A1", "C4", "B1", "F7", "C1", "G7", "D1", "G6"});
  Explanation e = s2.state().explain();
  CHECK(total(e.black) == s2.state().score().black);
  CHECK(total(e.white) == s2.state().score().white);
  REQUIRE(e.black.size() == 1);
  CHECK(e.black[0].label == "at A1");
  CHECK(e.black[0].worked == "4 − 2");
  CHECK(e.black[0].value == 2);
  REQUIRE(e.labels.size() == 2);
  CHECK(e.labels[0].point == at("A1", 7));
  CHECK(e.labels[0].text == "+2");
}

TEST_CASE("explain: why a Go count came out as it did, and what the board should mark") {
  // Both passed twice on a wide-open board: the one empty region touches both colours.
  AnyGame open = make("go", 5, {"C3", "D4", "pass", "pass", "pass", "pass"});
  REQUIRE(open.state().is_over());
  Explanation e = open.state().explain();
  CHECK(e.reason ==
        "No territory: every empty region touches both colours, so none counts. White wins by the komi.");
  CHECK(e.neutral.count() == 23);
  CHECK(e.neutral[at("A1", 5)]);
  CHECK_FALSE(e.neutral[at("C3", 5)]);  // a stone

  // Black walls off column A and takes a white stone on A3, White walls off column E; column C
  // touches both walls.
  AnyGame walls =
      make("go", 5, {"B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "A2", "A3", "A4"});
  CHECK(walls.state().explain().reason.empty());  // the game is on
  for (int i = 0; i < 4; ++i) REQUIRE(walls.play(Move::pass()) == Illegal::none);
  REQUIRE(walls.state().is_over());
  e = walls.state().explain();
  CHECK(e.reason ==
        "Black's territory: 3 points, White's: 5 points; the 5 empty points that touch both colours count "
        "for nobody.");
  CHECK(e.neutral.count() == 5);
  CHECK(e.neutral[at("C1", 5)]);
  CHECK_FALSE(e.neutral[at("A1", 5)]);
  CHECK(e.owner[at("A1", 5)] == Color::black);
  CHECK(e.owner[at("E3", 5)] == Color::white);
  // A3 was captured in the play phase, not the resolve phase: not marked as removed.
  CHECK(e.removed[at("A3", 5)] == Color::empty);
}

TEST_CASE("explain: stones removed in the resolve phase are marked with their colour") {
  AnyGame go = make("go", 5,
                    {"B1", "D1", "B2", "D2", "B3", "D3", "B4", "D4", "B5", "D5", "pass", "pass",
                     // the resolve phase: Black invades at E3, White at A3; both are taken
                     "E3", "A3", "A2", "E2", "A4", "E4"});
  Explanation e = go.state().explain();
  CHECK(e.removed[at("A3", 5)] == Color::white);
  CHECK(e.removed[at("E3", 5)] == Color::black);
  CHECK(e.removed[at("C3", 5)] == Color::empty);
  int marked = 0;
  for (Point p = 0; p < go.state().geometry().points; ++p) marked += e.removed[p] != Color::empty;
  CHECK(marked == 2);
  // A stone placed again on a removed point is no longer a removed one.
  REQUIRE(go.play(Move::place(at("A3", 5))) == Illegal::none);
  CHECK(go.state().explain().removed[at("A3", 5)] == Color::empty);
}

TEST_CASE("explain: why a tie went one way, in Loose and in Square Squared's v3") {
  AnyGame loose = make("loose", 5, {"C3", "D4", "pass", "pass"});
  REQUIRE(loose.state().is_over());
  CHECK(loose.state().explain().reason ==
        "The scores are equal, and White made the last placement, so White loses the tie.");
  AnyGame won = make("loose", 5, {"C3", "pass", "pass"});
  CHECK(won.state().explain().reason.empty());  // the count says it all

  GameSettings v3;
  v3.kind = GameKind::squaresquared;
  v3.size = 7;
  v3.variant = 1;
  std::string error;
  std::optional<AnyGame> s2 = AnyGame::create(v3, error);
  REQUIRE(s2);
  for (const char* m : {"B2", "F6", "C3", "pass", "pass"})
    REQUIRE(s2->play(*parse_move(m, 7, error)) == Illegal::none);
  REQUIRE(s2->state().is_over());
  CHECK(s2->state().explain().reason ==
        "The scores are equal, so the stones on the third line decide: Black 1, White 0.");
}

TEST_CASE("explain: Looper marks Black's winning loop") {
  AnyGame looper = make("looper", 5, {"A1+A2+A3", "A4+A5+B1", "take"});
  // The ballot made a vertical loop on column A: the taker wins at once.
  REQUIRE(looper.state().is_over());
  Explanation e = looper.state().explain();
  CHECK_FALSE(e.counted);
  CHECK(e.loop.count() == 5);
  CHECK(e.loop[at("A3", 5)]);
  CHECK_FALSE(e.loop[at("B1", 5)]);
}

TEST_CASE("last_changed: captures and flips, never the placed stones") {
  AnyGame go = make("go", 5, {"A2", "A1", "B1"});
  REQUIRE(go.last_changed().size() == 1);
  CHECK(go.last_changed()[0] == at("A1", 5));
  go.play(Move::pass());
  CHECK(go.last_changed().empty());

  AnyGame loose = make("loose", 5, {"B1", "A1", "A2"});
  REQUIRE(loose.last_changed().size() == 1);
  CHECK(loose.state().at(loose.last_changed()[0]) == Color::black);
  AnyGame copy = loose;
  CHECK(copy.last_changed() == loose.last_changed());
}

// --- the fifth game ----------------------------------------------------------------------------

TEST_CASE("game table: a test-only game joins with one line and plays everywhere") {
  const GameKind capture = register_game(type_of<testing::CaptureGo>());  // the table line
  CHECK(register_game(type_of<testing::CaptureGo>()) == capture);         // once only
  CHECK(game_kind("capturego") == capture);
  CHECK(game_kind("Atari-Go") == capture);
  CHECK(game_names().find("capturego") != std::string::npos);
  CHECK(game_facts_json().find("\"name\":\"capturego\"") != std::string::npos);

  // AnyGame: the facts decide sizes and komi; the first capture wins.
  std::string error;
  CHECK_FALSE(AnyGame::create("capturego", 21, std::nullopt, error));
  CHECK(error == "size 21 is not allowed in Capture Go (sizes 5 to 19)");
  AnyGame suicide = make("capturego", 5, {"A2", "C3", "B1"});
  CHECK(suicide.check(Move::place(at("A1", 5))) == Illegal::suicide);  // White A1 has no liberty
  // Black B1, White A1, Black C3, White D4, Black A2 captures A1: Black wins.
  AnyGame won = make("capturego", 5, {"B1", "A1", "C3", "D4", "A2"});
  CHECK(won.state().is_over());
  CHECK(won.state().outcome().winner == Color::black);
  CHECK(won.last_changed() == std::vector<Point>{at("A1", 5)});
  CHECK(result_text(won) == "B+");
  // The session says how it ended, in the game's own words, and who won.
  CHECK(end_reason(won) == "Black captured first");
  CHECK(result_headline(won) == "Black wins");
  CHECK(count_lines(won, won.state().explain()).empty());  // no count
  // Komi advice, the benchmark and the new-game plan take it as they take the four.
  CHECK(fair_komi(capture, 7) == 0);
  const std::vector<BenchStart> starts = bench_starts();
  CHECK(std::count_if(starts.begin(), starts.end(), [&](const BenchStart& s) { return s.kind == capture; }) ==
        2);
  NewGameChoice choice;
  choice.kind = capture;
  choice.size = 7;
  Session session;
  REQUIRE(session.new_game(plan_new_game(choice, true), error));
  CHECK(session.game().kind() == capture);
  CHECK(session.player(2).bot);

  // SGF: written with its own SG and RU, read back to the same game.
  const std::string sgf = write_sgf(won);
  CHECK(sgf.find("SG[capturego]") != std::string::npos);
  CHECK(sgf.find("RU[CaptureGo]") != std::string::npos);
  CHECK(sgf.find("KM[") == std::string::npos);
  std::optional<AnyGame> back = read_sgf(sgf, error);
  REQUIRE(back);
  CHECK(back->kind() == capture);
  CHECK(back->moves().size() == 5);
  CHECK(back->state().is_over());

  // GTP: chosen by name, played, and the bot answers with the capture.
  GtpEngine engine;
  CHECK(engine.handle("stonegrid-game capturego") == "=\n\n");
  CHECK(engine.handle("boardsize 5") == "=\n\n");
  for (const char* line : {"play b B1", "play w A1", "play b C3", "play w D4"})
    CHECK(engine.handle(line) == "=\n\n");
  CHECK(engine.handle("genmove b") == "= A2\n\n");
  CHECK(engine.handle("stonegrid-state").find("\"over\":true") != std::string::npos);

  // The bot through the facade: the capture, found by the search with the game's policy.
  AnyGame position = make("capturego", 5, {"B1", "A1", "C3", "D4"});
  Bot bot(Bot::Options{.seed = 3, .playouts = 300});
  bot.start(position, 3);
  bot.think();
  CHECK(move_text(bot.move(), 5) == "A2");
}

TEST_CASE("stages: each game's status names one of its stages, and the stage says what a turn may be") {
  // The stage vocabulary (GameStage) is all the program outside a game knows of Go's resolve
  // phase or Looper's ballot: it must agree with what the rules accept, in every game.
  for (GameKind kind : game_kinds()) {
    CAPTURE(kind.facts().name);
    const std::array<GameStage, 2>& stages = kind.facts().stages;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      std::string error;
      GameSettings settings;
      settings.kind = kind;
      settings.size = kind.facts().min_size;
      std::optional<AnyGame> game = AnyGame::create(settings, error);
      REQUIRE(game);
      Rng rng(seed);
      for (int turn = 0; turn < 400 && !game->state().is_over(); ++turn) {
        const Status status = game->state().status();
        REQUIRE(status.stage >= 0);
        REQUIRE(status.stage < static_cast<int>(stages.size()));
        const GameStage& stage = stage_of(*game);
        CHECK_FALSE(stage.name.empty());
        CHECK(phase_name(*game) == stage.name);
        CHECK((game->check(Move::take()) == Illegal::none) == stage.take);
        std::vector<Point> empty;
        for (Point p = 0; p < game->state().geometry().points; ++p)
          if (game->state().at(p) == Color::empty) empty.push_back(p);
        if (empty.size() >= 3) {
          // Several points in one turn: legal exactly up to the stage's `most_points`.
          CHECK((game->check(Move::places(empty[0], empty[1])) == Illegal::none) == (stage.most_points >= 2));
          CHECK((game->check(Move::places(empty[0], empty[1], empty[2])) == Illegal::none) ==
                (stage.most_points >= 3));
        }
        const int before = status.stage;
        AnyGame after = *game;
        REQUIRE(after.play(testing::mixed_random_move(*game, rng)) == Illegal::none);
        // Stages only go forward.
        CHECK(after.state().status().stage >= before);
        *game = after;
      }
      if (game->state().is_over()) CHECK(phase_name(*game) == "over");
    }
  }
}
