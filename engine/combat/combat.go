// Package combat holds seed 002's d10 tables as functions: each builds a
// Test (every modifier with its rule) from plain inputs, and a Test knows
// the chance of each outcome before the die is thrown, so the window's
// shot odds and the computer opponent read the same figures the game rolls
// against. No state, no dice: engine/game throws and applies.
package combat

// Mod is one modifier on a d10 test.
type Mod struct {
	What string `json:"what"` // "TQ", "range (long)", "dust hindrance"
	N    int    `json:"n"`
	Rule string `json:"rule"` // "10.8", "11.71 via the hindrance join"
}

// Band is a test's outcome band. Most tables read ≥6 / 2–5 / ≤1; two-band
// tables never give Middle.
type Band uint8

const (
	Success Band = iota // final score 6 or more
	Middle              // 2 to 5 on three-band tables
	Failure             // 5 or less (two-band), 1 or less (three-band)
)

// Test is one d10 roll to be made: the table, its modifiers, and whether
// it has a middle band.
type Test struct {
	Table     string `json:"table"` // "10.8 To Hit with Direct Fire"
	Rule      string `json:"rule"`  // "10.8"
	Mods      []Mod  `json:"mods"`
	ThreeBand bool   `json:"three_band"`
}

// Total is the sum of the modifiers.
func (t Test) Total() int {
	n := 0
	for _, m := range t.Mods {
		n += m.N
	}
	return n
}

// Final is the final score for a thrown d10.
func (t Test) Final(d10 int) int { return d10 + t.Total() }

// Result reads a thrown d10 (1–10) on the table.
func (t Test) Result(d10 int) Band {
	f := t.Final(d10)
	switch {
	case f >= 6:
		return Success
	case t.ThreeBand && f >= 2:
		return Middle
	}
	return Failure
}

// Chances are the probabilities of Success, Middle and Failure, counted
// exactly over the ten faces of the die.
// Each chance is a count of faces divided by ten, so it is the nearest
// float64 to the exact tenth (total 0 gives Success exactly 0.5).
func (t Test) Chances() [3]float64 {
	var n [3]int
	for d := 1; d <= 10; d++ {
		n[t.Result(d)]++
	}
	return [3]float64{float64(n[0]) / 10, float64(n[1]) / 10, float64(n[2]) / 10}
}

// Need is the lowest d10 face (1–10) that gives Success, or 11 when no
// face does; a need of 1 means every face succeeds.
func (t Test) Need() int {
	need := 6 - t.Total()
	if need < 1 {
		return 1
	}
	if need > 10 {
		return 11
	}
	return need
}

// String names the band: "success", "middle", "failure".
func (b Band) String() string {
	switch b {
	case Success:
		return "success"
	case Middle:
		return "middle"
	case Failure:
		return "failure"
	}
	return "band?"
}
