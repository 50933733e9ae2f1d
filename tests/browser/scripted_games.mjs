// One fixed game per game kind, in two parts: `mid` plays to a position in the middle of the
// game, `end` from there to its end. Used by the layout audit (layout.test.mjs) and the
// screenshots of the docs (scripts/screenshots.mjs): the same moves every run.
export const scriptedGames = {
  go: { settings: { game: 'go', size: 9, komi: 6.5 },
    mid: ['E5', 'C4', 'G4', 'D6', 'F7', 'C7', 'D3', 'C3', 'D2', 'B5', 'G6', 'F3', 'G3', 'E4', 'F4', 'E3', 'D4', 'D5', 'E6'],
    end: ['E2', 'C6', 'H5', 'F2', 'G2', 'E1', 'F1', 'C2', 'D1', 'B2', 'pass', 'pass', 'pass', 'pass'] },
  loose: { settings: { game: 'loose', size: 9, komi: 2 },
    mid: ['E5', 'D5', 'D4', 'E4', 'F4', 'E3', 'D3', 'F5', 'E6', 'F6', 'G5', 'C4', 'C5', 'D6', 'E7', 'C3', 'B4', 'D2', 'F3'],
    end: ['E2', 'G6', 'C6', 'B3', 'pass', 'pass'] },
  looper: { settings: { game: 'looper', size: 9 },
    mid: ['E5+E6', 'D4+F4+C2', 'take', 'A1', 'E7', 'A3', 'E8', 'A5', 'E9', 'A7', 'E1', 'B9', 'E2', 'B1'],
    end: ['E3', 'B3', 'E4'] },
  squaresquared: { settings: { game: 'squaresquared', size: 7, komi: 0 },
    mid: ['A1', 'G7', 'B1', 'F7', 'C1', 'G6', 'D4', 'E4', 'D1', 'G5', 'E1', 'D5'],
    end: ['A2', 'G4', 'pass', 'pass'] },
};
