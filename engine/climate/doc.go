// Package climate is the arid-climate rules engine: section 11 of the desert
// chapter (seed 000) with the alternate-terrain effects of 13.1 (Broken) and
// 13.2 (Steppe).
//
// It answers four kinds of question:
//   - generation: the DYO weather, time of day, EC, wind and dust of a
//     scenario, every die roll recorded through package dice (Generate);
//   - applicability: which climate rules are in force for an Environment
//     (InForce), with scenario SSRs able to force any rule on or off;
//   - desert low visibility and dust: sun blindness and its zone, heat haze,
//     dust densities, vehicle and FFE dust, heavy wind, night illumination and
//     desert mud;
//   - one answer per attack: DRMs lists every climate DRM in force for an
//     Attack, each with its rule number.
//
// The package is pure: no clock, no global state, no map iteration whose
// order could leak into a result. Heights are in half levels, as in hexmap.
// docs/rules.md records each rule's reading and its test.
package climate
