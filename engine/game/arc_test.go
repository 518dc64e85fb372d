package game

import (
	"math"
	"testing"

	"khamsin/hexmap"
)

// Issue 17 B (brief §4): the front arc is one exact integer test. The
// facing hexside and the two beside it are in front, the other three
// behind; a hex exactly abeam — on the line through the counter's two
// side vertices, an alternate hex grain — is in front, at every range,
// and the hex just behind that line is not. Away from that line the
// integer answer is the Euclidean one.
func TestFrontArcExactIntegerCube(t *testing.T) {
	at := hexmap.Hex{Q: 3, R: -2}
	for f := hexmap.Dir(0); f < 6; f++ {
		for k := -1; k <= 1; k++ {
			if !inFrontArc(at, f, at.Neighbor(f.Turn(k))) {
				t.Errorf("facing %s: the hexside %s is not in front", f, f.Turn(k))
			}
		}
		for k := 2; k <= 4; k++ {
			if inFrontArc(at, f, at.Neighbor(f.Turn(k))) {
				t.Errorf("facing %s: the hexside %s is in front", f, f.Turn(k))
			}
		}
		for _, side := range []int{1, -1} {
			abeam := f.Turn(side).Vec().Add(f.Turn(2 * side).Vec())
			for n := 1; n <= 9; n++ {
				h := at.Add(abeam.Scale(n))
				if cubeDot(h.Sub(at), f.Vec()) != 0 || !inFrontArc(at, f, h) {
					t.Errorf("facing %s: %v exactly abeam (range %d) is not in front", f, h, 2*n)
				}
				if behind := h.Add(f.Opposite().Vec()); inFrontArc(at, f, behind) {
					t.Errorf("facing %s: %v, a hex behind the abeam line, is in front", f, behind)
				}
			}
		}
		for _, v := range hexmap.Within(hexmap.Hex{}, 12) {
			x, y := 1.5*float64(v.Q), math.Sqrt(3)*(float64(v.R)+float64(v.Q)/2)
			fv := f.Vec()
			fx, fy := 1.5*float64(fv.Q), math.Sqrt(3)*(float64(fv.R)+float64(fv.Q)/2)
			dot := x*fx + y*fy
			if math.Abs(dot) < 1e-9 {
				continue
			}
			if got := inFrontArc(at, f, at.Add(v)); got != (dot > 0) {
				t.Errorf("facing %s, offset %v: integer %v, Euclidean dot %.3f", f, v, got, dot)
			}
			if d := 1.5 * float64(cubeDot(v, fv)); math.Abs(d-dot) > 1e-9 {
				t.Errorf("cubeDot(%v, %v) × 3/2 = %.3f, Euclidean %.3f", v, fv, d, dot)
			}
		}
	}
}
