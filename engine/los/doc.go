// Package los answers "can this Location see that one, and what hinders
// it" for Khamsin's desert boards (brief §4, seed 000 sections 4–7, 10,
// 11.74–11.75, 12.4, 13).
//
// Heights are in half levels, as in package hexmap. A Location is a hex, the
// unit's elevation there and its posture (in a wadi floor, in Crest status,
// entrenched or emplaced). The thread is hexmap's exact centre-to-centre
// thread; everything here is integer arithmetic, so the same question always
// gets the same answer and LOS is reciprocal: the rules are applied to the
// pair of Locations, never to "the firer" alone.
//
// The model, in the order a query applies it (docs/rules.md states each
// decision and names its test):
//
//   - Full-level obstacles (hill ground, buildings, woods): the sightline's
//     height over an intervening hex is interpolated by that hex's range from
//     each end. Ground blocks when it rises strictly above the sightline, an
//     obstacle standing on the ground when its top reaches it; so an obstacle
//     below the higher Location blinds the hexes behind it out to a range set
//     by the heights and distances (LOS-3), and a plateau hides what lies
//     below beyond its edge.
//   - Half-level obstacles (hillocks and summits, dune crests, walls and
//     hedges, rubble-like crag and cactus) never cast blind hexes (6.4): one
//     blocks unless a Location is above it, stands behind it, is on it, or is
//     level with its top and it is the first such obstacle on its side
//     (6.41–6.42, 7.512, 10.2); but a hillock hex next to an entrenched or
//     emplaced Location not on that hillock yields only to a Location above
//     it (6.44, our reading, adopted by ruling).
//   - Wadis (5.4, 5.65), deirs (4.4, 4.51), cliffs (5.67) restrict what a
//     Location may see on top of that.
//   - Hindrances (orchards, grain, AFVs and wrecks, Vehicle and FFE Dust)
//     add DRMs; the climate's DLV joins them through Answer.AddHindrances.
//
// Grid precomputes per-hex heights into flat arrays; a Checker owns the
// scratch space of one goroutine. A Grid is read-only and may be shared.
package los
