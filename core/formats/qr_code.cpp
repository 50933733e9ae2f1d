// QR codes, bottom up, in the order the spec builds a symbol: the block structure (Table 9),
// GF(256) and Reed–Solomon, the data codewords (mode indicator, character count, data,
// terminator, pad codewords), the final sequence (blocks interleaved), the function patterns,
// the codewords placed in two-module columns, the masks and their penalty, and `make_qr_code`
// at the end. Coordinates are (x, y) = (column, row), (0, 0) the top left module.
#include "formats/qr_code.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace stonegrid {

namespace {

// --- the block structure (Table 9) ---------------------------------------------------------------

// Per version (index 0 unused), at levels L and M: error correction codewords per block and the
// number of blocks. When a version's data codewords do not divide evenly among the blocks, the
// last ones hold one data codeword more (Table 9's second (c, k, r) line).
constexpr std::array<uint8_t, 41> ec_per_block_l = {0,  7,  10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26,
                                                    30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30,
                                                    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30};
constexpr std::array<uint8_t, 41> blocks_l = {0,  1,  1,  1,  1,  1,  2,  2,  2,  2,  4,  4,  4,  4,
                                              4,  6,  6,  6,  6,  7,  8,  8,  9,  9,  10, 12, 12, 12,
                                              13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25};
constexpr std::array<uint8_t, 41> ec_per_block_m = {0,  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22,
                                                    24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
                                                    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28};
constexpr std::array<uint8_t, 41> blocks_m = {0,  1,  1,  1,  2,  2,  4,  4,  4,  5,  5,  5,  8,  9,
                                              9,  10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
                                              26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49};

struct Blocks {
  int count = 0;    // error correction blocks
  int ec_each = 0;  // error correction codewords in each
  int total = 0;    // all codewords of the symbol
};

// Modules left for codewords once the function patterns and format and version information
// are placed (the remainder bits included): 208 for version 1.
int data_modules(int version) {
  int modules = (16 * version + 128) * version + 64;  // all, less the finders, separators, timing
  if (version >= 2) {
    const int align = version / 7 + 2;  // alignment patterns along one side
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;  // the two version information blocks
  }
  return modules;
}

Blocks blocks_of(int version, QrLevel level) {
  const bool l = level == QrLevel::L;
  return {l ? blocks_l[version] : blocks_m[version], l ? ec_per_block_l[version] : ec_per_block_m[version],
          data_modules(version) / 8};
}

bool valid_version(int version) {
  return version >= 1 && version <= 40;
}

// --- GF(256) and Reed–Solomon --------------------------------------------------------------------

// Powers of alpha (the element 2) and their logarithms in GF(256), with the prime polynomial
// x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
struct Galois {
  std::array<uint8_t, 255> exp{};
  std::array<uint8_t, 256> log{};
  constexpr Galois() {
    int x = 1;
    for (int i = 0; i < 255; ++i) {
      exp[i] = static_cast<uint8_t>(x);
      log[x] = static_cast<uint8_t>(i);
      x <<= 1;
      if (x & 0x100) x ^= 0x11D;
    }
  }
  uint8_t multiply(uint8_t a, uint8_t b) const { return a == 0 || b == 0 ? 0 : exp[(log[a] + log[b]) % 255]; }
};
constexpr Galois gf;

// The generator polynomial of degree n, (x − alpha^0)(x − alpha^1)…(x − alpha^(n−1)), highest
// power first (its leading coefficient 1 included). Subtraction is addition (XOR) in GF(256).
std::vector<uint8_t> generator_polynomial(int n) {
  std::vector<uint8_t> g = {1};
  for (int i = 0; i < n; ++i) {
    std::vector<uint8_t> next(g.size() + 1, 0);
    for (size_t j = 0; j < g.size(); ++j) {
      next[j] ^= g[j];                              // g·x
      next[j + 1] ^= gf.multiply(g[j], gf.exp[i]);  // g·alpha^i
    }
    g = std::move(next);
  }
  return g;
}

// --- the data codewords --------------------------------------------------------------------------

// Bits of the character count indicator in byte mode (Table 3).
int count_bits(int version) {
  return version <= 9 ? 8 : 16;
}

class BitStream {
 public:
  void put(uint32_t value, int bits) {
    for (int i = bits - 1; i >= 0; --i) bits_.push_back(static_cast<uint8_t>((value >> i) & 1));
  }
  size_t size() const { return bits_.size(); }
  // The bits as codewords, most significant bit first (the size is a multiple of 8).
  std::vector<uint8_t> codewords() const {
    std::vector<uint8_t> out(bits_.size() / 8, 0);
    for (size_t i = 0; i < bits_.size(); ++i) out[i / 8] = static_cast<uint8_t>(out[i / 8] << 1 | bits_[i]);
    return out;
  }

 private:
  std::vector<uint8_t> bits_;
};

// The data codewords of `text` in byte mode, filling the symbol's data capacity: mode indicator
// 0100, the character count, the bytes, the terminator (up to four 0 bits), 0 bits to a
// codeword boundary, then the pad codewords 11101100 and 00010001 in turn. The text fits.
std::vector<uint8_t> data_codewords(std::string_view text, int version, QrLevel level) {
  const size_t capacity = static_cast<size_t>(qr_data_codewords(version, level)) * 8;
  BitStream bits;
  bits.put(0b0100, 4);
  bits.put(static_cast<uint32_t>(text.size()), count_bits(version));
  for (char c : text) bits.put(static_cast<uint8_t>(c), 8);
  bits.put(0, static_cast<int>(std::min<size_t>(4, capacity - bits.size())));
  bits.put(0, static_cast<int>((8 - bits.size() % 8) % 8));
  std::vector<uint8_t> codewords = bits.codewords();
  for (uint8_t pad = 0xEC; codewords.size() < capacity / 8; pad ^= 0xEC ^ 0x11) codewords.push_back(pad);
  return codewords;
}

// The final message: the data split into blocks (the short ones first), each block's error
// correction codewords computed, then the data codewords taken one from each block in turn,
// and the error correction codewords likewise.
std::vector<uint8_t> final_sequence(const std::vector<uint8_t>& data, const Blocks& blocks) {
  const size_t count = static_cast<size_t>(blocks.count);
  const size_t short_length = data.size() / count;
  const size_t short_blocks = count - data.size() % count;
  std::vector<std::span<const uint8_t>> data_blocks;
  std::vector<std::vector<uint8_t>> ec_blocks;
  for (size_t b = 0, start = 0; b < count; ++b) {
    const size_t length = short_length + (b < short_blocks ? 0 : 1);
    data_blocks.emplace_back(data.data() + start, length);
    ec_blocks.push_back(reed_solomon_remainder(data_blocks.back(), blocks.ec_each));
    start += length;
  }
  std::vector<uint8_t> out;
  for (size_t i = 0; i <= short_length; ++i)
    for (std::span<const uint8_t> block : data_blocks)
      if (i < block.size()) out.push_back(block[i]);
  for (size_t i = 0; i < static_cast<size_t>(blocks.ec_each); ++i)
    for (const std::vector<uint8_t>& block : ec_blocks) out.push_back(block[i]);
  return out;
}

// --- the matrix: function patterns ---------------------------------------------------------------

// A symbol under construction: its modules and which of them belong to function patterns (and
// the format and version information), which the codewords and the mask leave alone.
struct Matrix {
  int size;
  std::vector<uint8_t> dark;
  std::vector<uint8_t> function;

  explicit Matrix(int version)
      : size(17 + 4 * version),
        dark(static_cast<size_t>(size * size), 0),
        function(static_cast<size_t>(size * size), 0) {}
  size_t at(int x, int y) const { return static_cast<size_t>(y * size + x); }
  void set_function(int x, int y, bool is_dark) {
    dark[at(x, y)] = is_dark;
    function[at(x, y)] = 1;
  }
};

// A finder pattern (7×7: dark ring, light ring, 3×3 dark centre) around (cx, cy), with its light
// separator, the ring one module wide around it where it lies inside the symbol.
void draw_finder(Matrix& m, int cx, int cy) {
  for (int dy = -4; dy <= 4; ++dy)
    for (int dx = -4; dx <= 4; ++dx) {
      const int x = cx + dx, y = cy + dy;
      const int ring = std::max(std::abs(dx), std::abs(dy));
      if (x >= 0 && y >= 0 && x < m.size && y < m.size) m.set_function(x, y, ring != 2 && ring != 4);
    }
}

// A 5×5 alignment pattern around (cx, cy): dark ring, light ring, dark centre module.
void draw_alignment(Matrix& m, int cx, int cy) {
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      m.set_function(cx + dx, cy + dy, std::max(std::abs(dx), std::abs(dy)) != 1);
}

// The 15 format information bits, both copies: one around the top left finder, one split
// between the bottom left and top right finders; and the dark module beside the bottom left
// finder, which is always dark. (Bit 0 here is the last bit of the sequence.)
void draw_format(Matrix& m, uint32_t bits) {
  auto bit = [&](int i) { return ((bits >> i) & 1) != 0; };
  for (int i = 0; i <= 5; ++i) m.set_function(8, i, bit(i));
  m.set_function(8, 7, bit(6));  // row 6 is the timing pattern's
  m.set_function(8, 8, bit(7));
  m.set_function(7, 8, bit(8));
  for (int i = 9; i < 15; ++i) m.set_function(14 - i, 8, bit(i));
  for (int i = 0; i < 8; ++i) m.set_function(m.size - 1 - i, 8, bit(i));
  for (int i = 8; i < 15; ++i) m.set_function(8, m.size - 15 + i, bit(i));
  m.set_function(8, m.size - 8, true);  // the dark module
}

// The 18 version information bits (versions 7–40), 6×3 above the bottom left finder and the
// same transposed left of the top right finder.
void draw_version(Matrix& m, int version) {
  if (version < 7) return;
  const uint32_t bits = qr_version_bits(version);
  for (int i = 0; i < 18; ++i) {
    const bool is_dark = ((bits >> i) & 1) != 0;
    const int a = m.size - 11 + i % 3, b = i / 3;
    m.set_function(a, b, is_dark);
    m.set_function(b, a, is_dark);
  }
}

// Every function pattern of a version, with the format information reserved (written again
// once the mask is chosen).
Matrix function_patterns(int version) {
  Matrix m(version);
  for (int i = 0; i < m.size; ++i) {  // the timing patterns: row 6 and column 6, dark on even
    m.set_function(6, i, i % 2 == 0);
    m.set_function(i, 6, i % 2 == 0);
  }
  draw_finder(m, 3, 3);
  draw_finder(m, m.size - 4, 3);
  draw_finder(m, 3, m.size - 4);
  const std::vector<int> centres = qr_alignment_centres(version);
  const size_t n = centres.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      const bool on_finder = (i == 0 && j == 0) || (i == 0 && j == n - 1) || (i == n - 1 && j == 0);
      if (!on_finder) draw_alignment(m, centres[i], centres[j]);
    }
  draw_format(m, 0);
  draw_version(m, version);
  return m;
}

// --- placing the codewords -----------------------------------------------------------------------

// The codewords' bits, most significant first, in columns two modules wide from the right edge,
// upward then downward in turn, right module before left, skipping the function patterns and
// the vertical timing pattern's column; the remainder bits at the end stay light (0).
void place_codewords(Matrix& m, const std::vector<uint8_t>& codewords) {
  const size_t total = codewords.size() * 8;
  size_t bit = 0;
  for (int right = m.size - 1; right >= 1; right -= 2) {
    if (right == 6) right = 5;
    const bool upward = ((right + 1) & 2) == 0;
    for (int step = 0; step < m.size; ++step)
      for (int x = right; x >= right - 1; --x) {
        const int y = upward ? m.size - 1 - step : step;
        if (m.function[m.at(x, y)] || bit >= total) continue;
        m.dark[m.at(x, y)] = (codewords[bit / 8] >> (7 - bit % 8)) & 1;
        ++bit;
      }
  }
}

// --- masks ---------------------------------------------------------------------------------------

// Whether data mask pattern `mask` inverts the module in row i, column j (the spec's conditions).
bool mask_inverts(int mask, int i, int j) {
  switch (mask) {
    case 0:
      return (i + j) % 2 == 0;
    case 1:
      return i % 2 == 0;
    case 2:
      return j % 3 == 0;
    case 3:
      return (i + j) % 3 == 0;
    case 4:
      return (i / 2 + j / 3) % 2 == 0;
    case 5:
      return (i * j) % 2 + (i * j) % 3 == 0;
    case 6:
      return ((i * j) % 2 + (i * j) % 3) % 2 == 0;
    default:
      return ((i + j) % 2 + (i * j) % 3) % 2 == 0;
  }
}

// The symbol with `mask` applied to the encoding region and its format information written.
QrCode masked(const Matrix& unmasked, int version, QrLevel level, int mask) {
  Matrix m = unmasked;
  for (int y = 0; y < m.size; ++y)
    for (int x = 0; x < m.size; ++x)
      if (!m.function[m.at(x, y)] && mask_inverts(mask, y, x)) m.dark[m.at(x, y)] ^= 1;
  draw_format(m, qr_format_bits(level, mask));
  return QrCode{version, level, mask, m.size, std::move(m.dark)};
}

// --- the penalty ---------------------------------------------------------------------------------

// Rules 1 and 3 along one row or column: runs of 5 or more of one colour, and 1:1:3:1:1 dark
// runs (1011101) with 4 light modules before or after (beyond the symbol counts as light).
int line_penalty(const std::vector<uint8_t>& line) {
  const int n = static_cast<int>(line.size());
  int penalty = 0;
  for (int start = 0, end = 0; start < n; start = end) {
    while (end < n && line[end] == line[start]) ++end;
    if (end - start >= 5) penalty += 3 + (end - start - 5);
  }
  auto light = [&](int from, int to) {  // modules [from, to) all light
    for (int i = from; i < to; ++i)
      if (i >= 0 && i < n && line[i]) return false;
    return true;
  };
  static constexpr uint8_t finder_like[7] = {1, 0, 1, 1, 1, 0, 1};
  for (int s = 0; s + 7 <= n; ++s)
    if (std::equal(finder_like, finder_like + 7, line.begin() + s) &&
        (light(s - 4, s) || light(s + 7, s + 11)))
      penalty += 40;
  return penalty;
}

}  // namespace

int qr_penalty(const QrCode& code) {
  const int n = code.size;
  int penalty = 0;
  std::vector<uint8_t> row(static_cast<size_t>(n)), column(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < n; ++k) {
      row[k] = code.dark(k, i);
      column[k] = code.dark(i, k);
    }
    penalty += line_penalty(row) + line_penalty(column);
  }
  int dark = 0;  // rule 2: 2×2 blocks of one colour; rule 4: the share of dark modules
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      dark += code.dark(x, y);
      const bool c = code.dark(x, y);
      if (x + 1 < n && y + 1 < n && code.dark(x + 1, y) == c && code.dark(x, y + 1) == c &&
          code.dark(x + 1, y + 1) == c)
        penalty += 3;
    }
  const int total = n * n;
  penalty += 10 * (std::abs(20 * dark - 10 * total) / total);  // whole 5 % steps away from 50 %
  return penalty;
}

int qr_data_codewords(int version, QrLevel level) {
  if (!valid_version(version)) return 0;
  const Blocks blocks = blocks_of(version, level);
  return blocks.total - blocks.count * blocks.ec_each;
}

int qr_byte_capacity(int version, QrLevel level) {
  if (!valid_version(version)) return 0;
  return (qr_data_codewords(version, level) * 8 - 4 - count_bits(version)) / 8;
}

std::vector<uint8_t> reed_solomon_remainder(std::span<const uint8_t> data, int ec_count) {
  const std::vector<uint8_t> g = generator_polynomial(ec_count);
  std::vector<uint8_t> remainder(static_cast<size_t>(ec_count), 0);
  for (uint8_t d : data) {  // long division, one data codeword at a time
    const uint8_t factor = d ^ remainder.front();
    std::rotate(remainder.begin(), remainder.begin() + 1, remainder.end());
    remainder.back() = 0;
    for (size_t i = 0; i < remainder.size(); ++i) remainder[i] ^= gf.multiply(g[i + 1], factor);
  }
  return remainder;
}

uint32_t qr_format_bits(QrLevel level, int mask) {
  const uint32_t data = (level == QrLevel::L ? 0b01u : 0b00u) << 3 | static_cast<uint32_t>(mask & 7);
  uint32_t remainder = data;  // data·x^10 modulo the generator x^10+x^8+x^5+x^4+x^2+x+1 (0x537)
  for (int i = 0; i < 10; ++i) remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537);
  return (data << 10 | remainder) ^ 0b101010000010010;
}

uint32_t qr_version_bits(int version) {
  const uint32_t data = static_cast<uint32_t>(version);
  uint32_t remainder = data;  // data·x^12 modulo x^12+x^11+x^10+x^9+x^8+x^5+x^2+1 (0x1F25)
  for (int i = 0; i < 12; ++i) remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25);
  return data << 12 | remainder;
}

// Annex E's table follows a rule: the first centre is 6, the last size − 7, and the ones between
// are evenly spaced back from the last by an even step (version 32's is 26, not 28).
std::vector<int> qr_alignment_centres(int version) {
  if (!valid_version(version) || version == 1) return {};
  const int count = version / 7 + 2;
  const int step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2;
  std::vector<int> centres(static_cast<size_t>(count));
  centres[0] = 6;
  for (int i = count - 1, at = 17 + 4 * version - 7; i >= 1; --i, at -= step) centres[i] = at;
  return centres;
}

std::optional<QrCode> make_qr_code(std::string_view text, QrLevel level, int version, int mask) {
  if (!valid_version(version) || mask < -1 || mask > 7) return std::nullopt;
  if (text.size() > static_cast<size_t>(qr_byte_capacity(version, level))) return std::nullopt;
  Matrix matrix = function_patterns(version);
  place_codewords(matrix, final_sequence(data_codewords(text, version, level), blocks_of(version, level)));
  if (mask >= 0) return masked(matrix, version, level, mask);
  std::optional<QrCode> best;
  int best_penalty = 0;
  for (int m = 0; m < 8; ++m) {  // the lowest penalty; the lowest mask number of equals
    QrCode code = masked(matrix, version, level, m);
    const int penalty = qr_penalty(code);
    if (!best || penalty < best_penalty) {
      best = std::move(code);
      best_penalty = penalty;
    }
  }
  return best;
}

std::optional<QrCode> make_qr_code(std::string_view text) {
  for (QrLevel level : {QrLevel::M, QrLevel::L})
    for (int version = 1; version <= 40; ++version)
      if (text.size() <= static_cast<size_t>(qr_byte_capacity(version, level)))
        return make_qr_code(text, level, version);
  return std::nullopt;
}

}  // namespace stonegrid
