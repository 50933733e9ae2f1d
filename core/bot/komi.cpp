// Lookups over the measured table (the table itself: core/bot/komi_table.cpp, generated).
#include "bot/komi.h"

namespace stonegrid {

const MeasuredBalance* find_balance(GameKind kind, int size, int variant) {
  for (const MeasuredBalance& entry : measured_balance())
    if (entry.primary && entry.kind == kind && entry.size == size && entry.variant == variant) return &entry;
  return nullptr;
}

double fair_komi(GameKind kind, int size) {
  const MeasuredBalance* entry = find_balance(kind, size);
  return entry ? entry->fair : kind.facts().default_komi;
}

Color choose_color(GameKind kind, int size, double komi) {
  // Black's score falls as the komi rises and crosses one half at `crossing`: a komi above it
  // leaves Black below one half, so White is the better colour; at or below it, Black.
  const MeasuredBalance* entry = find_balance(kind, size);
  const double crossing = entry ? entry->crossing : kind.facts().default_komi;
  return komi > crossing ? Color::white : Color::black;
}

}  // namespace stonegrid
