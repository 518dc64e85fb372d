// Package move prices movement over desert boards: what entering a hex
// costs each unit type and why (the Desert Terrain Chart of F.2 with the
// Chapter-B costs board 25 keeps, F.2A, sections 2–9 and 12.51), which
// moves are prohibited, which Hammada Immobilization and Sand Bog checks a
// move calls for (3.31, 7.31, 11.8) and how they resolve, and the least-cost
// area a unit can reach with its allowance.
//
// Costs are exact: MP counts half movement points, so the 8½ MP of F.2's
// example is MP(17). Everything is deterministic: no clock, no map
// iteration, dice only through engine/dice. Decisions on values the seeds
// leave open are written in docs/rules.md.
package move
