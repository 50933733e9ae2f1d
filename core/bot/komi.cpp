// Lookups over the measured table (the table itself: core/bot/komi_table.cpp, generated).
#include "bot/komi.h"

namespace stonegrid {

const MeasuredBalance* find_balance(GameKind kind, int size, int variant) {
  for (const MeasuredBalance& entry : measured_balance())
    if (entry.primary && entry.kind == kind && entry.size == size && entry.variant == variant) return &entry;
  return nullptr;
}

int fair_loose_komi(int size) {
  const MeasuredBalance* entry = find_balance(GameKind::loose, size);
  return entry ? static_cast<int>(entry->fair) : 0;
}

Color choose_loose_color(int size, int komi) {
  // Black's score falls as the komi rises and crosses one half at `crossing`: a komi above it
  // leaves Black below one half, so White is the better colour; at or below it, Black.
  const MeasuredBalance* entry = find_balance(GameKind::loose, size);
  const double crossing = entry ? entry->crossing : 0;
  return komi > crossing ? Color::white : Color::black;
}

}  // namespace stonegrid
