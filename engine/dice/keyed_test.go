package dice

import "testing"

// TestKeyedCommonRandomNumbers: two clones of a keyed roller that differ
// by extra throws still throw the same dice for the same (why,
// occurrence) — the lookahead's common random numbers (issue 20).
func TestKeyedCommonRandomNumbers(t *testing.T) {
	base := New(1).Keyed(42)
	base.D10("10.8 A to hit B")
	a, b := base.Clone(), base.Clone()
	a.D10("10.8 A to hit C") // branch a shoots at another target first
	a.Dr("F.4 A mechanical reliability")
	for i := 0; i < 5; i++ {
		ra, rb := a.D10("10.8 A to hit B"), b.D10("10.8 A to hit B")
		if ra.Colored != rb.Colored {
			t.Fatalf("occurrence %d: branch a threw %d, branch b %d", i+2, ra.Colored, rb.Colored)
		}
		da, db := a.DR("7.311 T1 Bog Removal"), b.DR("7.311 T1 Bog Removal")
		if da.Colored != db.Colored || da.White != db.White {
			t.Fatalf("DR occurrence %d differs: %v, %v", i+1, da, db)
		}
	}
	// another seed is another world
	c := New(1).Keyed(43)
	same := 0
	for i := 0; i < 50; i++ {
		if c.D10("x").Colored == New(1).Keyed(42).D10("x").Colored {
			same++
		}
	}
	if same == 50 {
		t.Fatal("seeds 42 and 43 threw the same dice")
	}
}

// TestKeyedFaces: keyed throws cover every face about evenly, a d10 and
// both dice of a DR.
func TestKeyedFaces(t *testing.T) {
	r := New(0).Keyed(7)
	var d10 [11]int
	var col, white [7]int
	const n = 6000
	for i := 0; i < n; i++ {
		d10[r.D10("shot").Colored]++
		x := r.DR("bog")
		col[x.Colored]++
		white[x.White]++
	}
	for f := 1; f <= 10; f++ {
		if d10[f] < n/10*8/10 || d10[f] > n/10*12/10 {
			t.Errorf("d10 face %d: %d of %d", f, d10[f], n)
		}
	}
	for f := 1; f <= 6; f++ {
		if col[f] < n/6*8/10 || col[f] > n/6*12/10 || white[f] < n/6*8/10 || white[f] > n/6*12/10 {
			t.Errorf("DR face %d: coloured %d, white %d of %d", f, col[f], white[f], n)
		}
	}
}

// TestKeyedForce: a forced outcome is thrown once, for the why it names,
// and a plain roller refuses to be forced and throws D10Test exactly as
// D10 (real games' dice are untouched).
func TestKeyedForce(t *testing.T) {
	class := func(f int) int { // success 6+, else failure
		if f >= 6 {
			return 0
		}
		return 2
	}
	for want := 0; want <= 2; want += 2 {
		for seed := uint64(0); seed < 20; seed++ {
			r := New(0).Keyed(seed)
			if !r.Force("A to hit B", want) {
				t.Fatal("a keyed roller refused Force")
			}
			r.D10Test("10.8 A to hit C", class) // not the named why: not forced
			if got := class(r.D10Test("10.8 A to hit B", class).Colored); got != want {
				t.Fatalf("seed %d: forced class %d, threw class %d", seed, want, got)
			}
			if len(r.key.force) != 0 {
				t.Fatal("the forced outcome was not used up")
			}
		}
	}
	p, q := New(9), New(9)
	if p.Force("A to hit B", 0) {
		t.Fatal("a real roller accepted Force")
	}
	for i := 0; i < 30; i++ {
		if a, b := p.D10Test("10.8 A to hit B", class), q.D10("10.8 A to hit B"); a != b {
			t.Fatalf("throw %d: D10Test %v, D10 %v", i, a, b)
		}
	}
	if string(p.State()) != string(q.State()) {
		t.Fatal("D10Test moved the stream differently")
	}
}
