// QR codes (core/formats/qr_code.h), checked three ways. Known answers from ISO/IEC 18004: the
// byte-mode capacities of Table 7 for every version at L and M, total codewords of Table 9, the
// Reed–Solomon codewords of Annex I's worked example, the format information of Annex C's example
// and the version information of Annex D, the alignment centres of Annex E, and penalties worked
// out by hand. Structure: finder, separator, timing, alignment patterns, the dark module, both
// copies of the format and version information read back, sizes, the version chosen for a
// length and the mask with the lowest penalty. Whether a reader decodes the symbols is
// tests/qr_decode.sh's question (zbarimg).
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "formats/qr_code.h"

using namespace stonegrid;

namespace {

// Table 7's byte-mode capacities, versions 1–40.
constexpr int capacity_l[40] = {17,   32,   53,   78,   106,  134,  154,  192,  230,  271,
                                321,  367,  425,  458,  520,  586,  644,  718,  792,  858,
                                929,  1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732,
                                1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953};
constexpr int capacity_m[40] = {14,   26,   42,   62,   84,   106,  122,  152,  180,  213,
                                251,  287,  331,  362,  412,  450,  504,  560,  624,  666,
                                711,  779,  857,  911,  997,  1059, 1125, 1190, 1264, 1370,
                                1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331};

// A link of `length` characters: a URL whose fragment is base64url (every one of its 64
// characters, in turn).
std::string link_of_length(size_t length) {
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string link = "https://stonegrid.example/play#g=";
  for (size_t i = 0; link.size() < length; ++i) link += alphabet[(i * 7) % alphabet.size()];
  return link;
}

// Multiplication in GF(256) modulo x^8+x^4+x^3+x^2+1, bit by bit (not the library's tables).
uint8_t gf_multiply(uint8_t a, uint8_t b) {
  unsigned product = 0, x = a;
  for (int i = 0; i < 8; ++i, x <<= 1) {
    if (x & 0x100) x ^= 0x11D;
    if ((b >> i) & 1) product ^= x;
  }
  return static_cast<uint8_t>(product);
}

// The codeword polynomial (first codeword the highest power) at x = α^k.
uint8_t evaluate(const std::vector<uint8_t>& codewords, int k) {
  uint8_t alpha_k = 1;
  for (int i = 0; i < k; ++i) alpha_k = gf_multiply(alpha_k, 2);
  uint8_t value = 0;
  for (uint8_t c : codewords) value = gf_multiply(value, alpha_k) ^ c;  // Horner
  return value;
}

// The 15 format bits as read from the symbol, first bit (bit 14) first: copy 1 along row 8
// from the left edge then up column 8; copy 2 up column 8 from the bottom, then along row 8
// to the right edge.
std::pair<uint32_t, uint32_t> read_format(const QrCode& code) {
  std::vector<std::pair<int, int>> first, second;
  for (int x : {0, 1, 2, 3, 4, 5, 7, 8}) first.push_back({x, 8});
  for (int y : {7, 5, 4, 3, 2, 1, 0}) first.push_back({8, y});
  for (int i = 0; i < 7; ++i) second.push_back({8, code.size - 1 - i});
  for (int i = 0; i < 8; ++i) second.push_back({code.size - 8 + i, 8});
  auto bits = [&](const std::vector<std::pair<int, int>>& path) {
    uint32_t v = 0;
    for (auto [x, y] : path) v = v << 1 | (code.dark(x, y) ? 1 : 0);
    return v;
  };
  return {bits(first), bits(second)};
}

// The version information block in the bottom left (6 wide, 3 high; bit 0 in its top left
// corner, bits counted down the columns of 3) and the top right (its transpose).
std::pair<uint32_t, uint32_t> read_version(const QrCode& code) {
  uint32_t bottom_left = 0, top_right = 0;
  for (int i = 17; i >= 0; --i) {
    bottom_left = bottom_left << 1 | (code.dark(i / 3, code.size - 11 + i % 3) ? 1 : 0);
    top_right = top_right << 1 | (code.dark(code.size - 11 + i % 3, i / 3) ? 1 : 0);
  }
  return {bottom_left, top_right};
}

// A finder pattern with its top left corner at (x, y): 7×7, dark ring, light ring, dark 3×3.
bool finder_at(const QrCode& code, int x, int y) {
  for (int dy = 0; dy < 7; ++dy)
    for (int dx = 0; dx < 7; ++dx) {
      const int ring = std::max(std::abs(dx - 3), std::abs(dy - 3));
      if (code.dark(x + dx, y + dy) != (ring != 2)) return false;
    }
  return true;
}

QrCode blank(int size) {
  QrCode code;
  code.size = size;
  code.modules.assign(static_cast<size_t>(size * size), 0);
  return code;
}

}  // namespace

TEST_CASE("qr: Table 7's byte capacities and Table 9's codewords, versions 1-40 at L and M") {
  for (int v = 1; v <= 40; ++v) {
    INFO("version " << v);
    CHECK(qr_byte_capacity(v, QrLevel::L) == capacity_l[v - 1]);
    CHECK(qr_byte_capacity(v, QrLevel::M) == capacity_m[v - 1]);
  }
  CHECK(qr_data_codewords(1, QrLevel::M) == 16);  // of 26 codewords, 10 for error correction
  CHECK(qr_data_codewords(1, QrLevel::L) == 19);  // 7 for error correction
  CHECK(qr_data_codewords(5, QrLevel::M) == 86);  // 134 codewords: 2 blocks (67, 43)
  CHECK(qr_data_codewords(40, QrLevel::L) == 2956);
  CHECK(qr_data_codewords(40, QrLevel::M) == 2334);  // 3706 codewords: 18 (147, 121) + 31 (148, 122)
  CHECK(qr_byte_capacity(0, QrLevel::M) == 0);
  CHECK(qr_byte_capacity(41, QrLevel::M) == 0);
}

TEST_CASE("qr: Reed-Solomon codewords of Annex I's example (01234567, version 1-M)") {
  const std::vector<uint8_t> data = {0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11,
                                     0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11};
  const std::vector<uint8_t> expected = {0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55};
  CHECK(reed_solomon_remainder(data, 10) == expected);
  // Data and error correction together are a multiple of the generator: zero at α^0…α^(n-1).
  for (int ec : {7, 10, 18, 22, 26, 30}) {
    std::vector<uint8_t> codeword(data);
    for (uint8_t c : reed_solomon_remainder(data, ec)) codeword.push_back(c);
    for (int k = 0; k < ec; ++k) CHECK(evaluate(codeword, k) == 0);
    CHECK(evaluate(codeword, ec) != 0);  // and not at the next power
  }
}

TEST_CASE("qr: format information (Annex C) and version information (Annex D)") {
  CHECK(qr_format_bits(QrLevel::M, 5) == 0b100000011001110);  // Annex C's example: M, mask 101
  CHECK(qr_format_bits(QrLevel::M, 0) == 0b101010000010010);  // all-zero data: just the XOR mask
  CHECK(qr_format_bits(QrLevel::L, 0) == 0b111011111000100);
  // BCH(15,5): any two of the 16 differ in at least 7 bits.
  for (int a = 0; a < 16; ++a)
    for (int b = a + 1; b < 16; ++b) {
      const uint32_t fa = qr_format_bits(a < 8 ? QrLevel::L : QrLevel::M, a % 8);
      const uint32_t fb = qr_format_bits(b < 8 ? QrLevel::L : QrLevel::M, b % 8);
      CHECK(std::popcount(fa ^ fb) >= 7);
    }
  CHECK(qr_version_bits(7) == 0x07C94);
  CHECK(qr_version_bits(8) == 0x085BC);
  CHECK(qr_version_bits(21) == 0x15683);
  CHECK(qr_version_bits(40) == 0x28C69);
  for (int a = 7; a <= 40; ++a)  // BCH(18,6): at least 8 bits apart
    for (int b = a + 1; b <= 40; ++b) CHECK(std::popcount(qr_version_bits(a) ^ qr_version_bits(b)) >= 8);
}

TEST_CASE("qr: alignment pattern centres (Annex E)") {
  CHECK(qr_alignment_centres(1).empty());
  CHECK(qr_alignment_centres(2) == std::vector<int>{6, 18});
  CHECK(qr_alignment_centres(7) == std::vector<int>{6, 22, 38});
  CHECK(qr_alignment_centres(14) == std::vector<int>{6, 26, 46, 66});
  CHECK(qr_alignment_centres(21) == std::vector<int>{6, 28, 50, 72, 94});
  CHECK(qr_alignment_centres(32) == std::vector<int>{6, 34, 60, 86, 112, 138});  // step 26
  CHECK(qr_alignment_centres(36) == std::vector<int>{6, 24, 50, 76, 102, 128, 154});
  CHECK(qr_alignment_centres(40) == std::vector<int>{6, 30, 58, 86, 114, 142, 170});
  for (int v = 2; v <= 40; ++v) CHECK(qr_alignment_centres(v).back() == 17 + 4 * v - 7);
}

TEST_CASE("qr: the penalty rules on hand-made symbols") {
  QrCode light = blank(21);
  // Rule 1: 42 lines of 21 light modules, 3 + 16 each; rule 2: 400 light 2×2 blocks, 3 each;
  // rule 4: 0 % dark is 10 steps of 5 % from 50 %.
  CHECK(qr_penalty(light) == 42 * 19 + 400 * 3 + 100);
  QrCode checkerboard = blank(21);
  for (int y = 0; y < 21; ++y)
    for (int x = 0; x < 21; ++x) checkerboard.modules[static_cast<size_t>(y * 21 + x)] = (x + y) % 2 == 0;
  CHECK(qr_penalty(checkerboard) == 0);  // no runs, no blocks; 221 of 441 dark is within 5 %
  // Row 10 of the light symbol gets 1011101 at columns 7-13: rule 1 gives row 10 runs of 7 light
  // at either end (5 + 5), the other 20 rows 19 each, the 5 darkened columns two runs of 10
  // (8 + 8), the other 16 columns 19 each; rule 2: 16 of the 400 blocks are mixed now; rule 3:
  // one finder-like pattern with light on both sides (counted once); rule 4: 5 of 441 dark
  // is 9 whole steps from 50 %.
  QrCode finder_like = blank(21);
  for (int x : {7, 9, 10, 11, 13}) finder_like.modules[static_cast<size_t>(10 * 21 + x)] = 1;
  CHECK(qr_penalty(finder_like) == (10 + 20 * 19 + 5 * 16 + 16 * 19) + 384 * 3 + 40 + 90);
  // 1 0 1011101 at columns 0-8: the pattern (columns 2-8) has a dark module among the 4 before
  // it and light only after it, which counts too. Rule 1: row 10 ends in 12 light (10), the
  // 6 darkened columns 16 each, the 15 others 19; rule 2: 18 mixed blocks; rule 4: 6 dark.
  QrCode light_after = blank(21);
  for (int x : {0, 2, 4, 5, 6, 8}) light_after.modules[static_cast<size_t>(10 * 21 + x)] = 1;
  CHECK(qr_penalty(light_after) == (10 + 20 * 19 + 6 * 16 + 15 * 19) + 382 * 3 + 40 + 90);
}

TEST_CASE("qr: every version's function patterns, format and version information") {
  const std::string text = "https://stonegrid.example/play#g=AZaz09-_";
  for (int v = 3; v <= 40; ++v)
    for (QrLevel level : {QrLevel::L, QrLevel::M}) {
      INFO("version " << v << (level == QrLevel::L ? "-L" : "-M"));
      const std::optional<QrCode> code = make_qr_code(text, level, v);
      REQUIRE(code);
      const int n = code->size;
      CHECK(n == 17 + 4 * v);
      CHECK(code->modules.size() == static_cast<size_t>(n * n));
      CHECK((finder_at(*code, 0, 0) && finder_at(*code, n - 7, 0) && finder_at(*code, 0, n - 7)));
      for (int i = 0; i < 8; ++i) {  // the separators
        CHECK_FALSE((code->dark(7, i) || code->dark(i, 7) || code->dark(n - 8, i) ||
                     code->dark(n - 1 - i, 7) || code->dark(7, n - 1 - i) || code->dark(i, n - 8)));
      }
      for (int i = 8; i < n - 8; ++i)
        CHECK((code->dark(i, 6) == (i % 2 == 0) && code->dark(6, i) == (i % 2 == 0)));
      CHECK(code->dark(8, n - 8));  // the dark module
      const std::vector<int> c = qr_alignment_centres(v);
      for (int x : c)
        for (int y : c) {
          if ((x == 6 && y == 6) || (x == 6 && y == c.back()) || (x == c.back() && y == 6)) continue;
          CHECK((code->dark(x, y) && !code->dark(x + 1, y) && !code->dark(x, y - 1) &&
                 code->dark(x + 2, y + 2) && code->dark(x - 2, y) && code->dark(x, y + 2)));
        }
      const auto [first, second] = read_format(*code);
      CHECK(first == qr_format_bits(level, code->mask));
      CHECK(second == first);
      if (v >= 7) CHECK(read_version(*code) == std::pair{qr_version_bits(v), qr_version_bits(v)});
      CHECK_FALSE(code->dark(-1, 0));  // the quiet zone is light
      CHECK_FALSE(code->dark(n, n - 1));
    }
}

TEST_CASE("qr: the smallest version, level M, then L; nothing past version 40") {
  CHECK(make_qr_code("")->version == 1);
  for (int v = 1; v <= 40; ++v) {
    INFO("version " << v);
    const std::optional<QrCode> fits = make_qr_code(std::string(static_cast<size_t>(capacity_m[v - 1]), 'a'));
    REQUIRE(fits);
    CHECK(fits->version == v);
    CHECK(fits->level == QrLevel::M);
  }
  const std::optional<QrCode> link500 = make_qr_code(link_of_length(500));
  REQUIRE(link500);
  CHECK((link500->version == 17 && link500->size == 85 && link500->level == QrLevel::M));
  const std::optional<QrCode> link2000 = make_qr_code(link_of_length(2000));
  REQUIRE(link2000);
  CHECK((link2000->version == 38 && link2000->size == 169 && link2000->level == QrLevel::M));
  const std::optional<QrCode> past_m = make_qr_code(std::string(2332, 'a'));  // past 40-M: 36-L
  REQUIRE(past_m);
  CHECK((past_m->version == 36 && past_m->level == QrLevel::L));
  const std::optional<QrCode> most = make_qr_code(std::string(2953, '\xff'));
  REQUIRE(most);
  CHECK((most->version == 40 && most->level == QrLevel::L));
  CHECK_FALSE(make_qr_code(std::string(2954, 'a')));
  CHECK_FALSE(make_qr_code(std::string(100000, 'a')));
  CHECK_FALSE(make_qr_code("too long for version 1", QrLevel::M, 1));
  CHECK_FALSE(make_qr_code("x", QrLevel::M, 0));
  CHECK_FALSE(make_qr_code("x", QrLevel::M, 41));
  CHECK_FALSE(make_qr_code("x", QrLevel::M, 1, 8));
}

TEST_CASE("qr: the mask chosen has the lowest penalty, the lowest number among equals") {
  for (size_t length : {0, 20, 100, 500}) {
    const std::string text = link_of_length(length);
    const std::optional<QrCode> best = make_qr_code(text);
    REQUIRE(best);
    INFO(length << " characters, mask " << best->mask);
    for (int mask = 0; mask < 8; ++mask) {
      const std::optional<QrCode> other = make_qr_code(text, best->level, best->version, mask);
      REQUIRE(other);
      CHECK(other->mask == mask);
      if (mask == best->mask) CHECK(other->modules == best->modules);
      if (mask < best->mask) CHECK(qr_penalty(*other) > qr_penalty(*best));
      if (mask > best->mask) CHECK(qr_penalty(*other) >= qr_penalty(*best));
    }
  }
}
