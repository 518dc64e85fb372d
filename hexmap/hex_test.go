package hexmap

import (
	"testing"
)

func TestHexAlgebra(t *testing.T) {
	o := Hex{}
	for d := Dir(0); d < 6; d++ {
		n := o.Neighbor(d)
		if Distance(o, n) != 1 {
			t.Errorf("neighbour %v at distance %d", d, Distance(o, n))
		}
		if back := n.Neighbor(d.Opposite()); back != o {
			t.Errorf("opposite of %v does not return", d)
		}
		if got, ok := o.DirTo(n); !ok || got != d {
			t.Errorf("DirTo(%v) = %v", d, got)
		}
		if r := n.RotateCW(1); r != o.Neighbor(d.Turn(1)) {
			t.Errorf("rotating %v clockwise gives %v, want %v", d, r, d.Turn(1))
		}
	}
	a, b, c := Hex{2, -5}, Hex{-3, 7}, Hex{4, 4}
	if a.Add(b).Add(c) != a.Add(b.Add(c)) {
		t.Error("Add is not associative")
	}
	if Distance(a, b) != Distance(b, a) || Distance(a, c) > Distance(a, b)+Distance(b, c) {
		t.Error("Distance is not a metric")
	}
	for k := -7; k <= 7; k++ {
		if a.RotateCW(k).Length() != a.Length() {
			t.Errorf("rotation %d changes length", k)
		}
	}
	if a.RotateCW(6) != a || a.RotateCW(3) != a.Scale(-1) {
		t.Error("six turns should return; three should negate")
	}
	for _, f := range []func(Hex) Hex{Hex.ReflectQ, Hex.ReflectR, Hex.ReflectS} {
		if f(f(a)) != a || f(a).Length() != a.Length() {
			t.Error("reflection must be an involution keeping length")
		}
	}
}

func TestRing(t *testing.T) {
	c := Hex{3, -1}
	for r := 0; r <= 5; r++ {
		ring := Ring(c, r)
		want := 6 * r
		if r == 0 {
			want = 1
		}
		if len(ring) != want {
			t.Fatalf("ring %d has %d hexes", r, len(ring))
		}
		seen := map[Hex]bool{}
		for i, h := range ring {
			if Distance(c, h) != r || seen[h] {
				t.Fatalf("ring %d: bad hex %v", r, h)
			}
			seen[h] = true
			if r > 0 && Distance(h, ring[(i+1)%len(ring)]) != 1 {
				t.Fatalf("ring %d not contiguous at %d", r, i)
			}
		}
	}
	if len(Within(c, 3)) != 37 {
		t.Error("a radius-3 area holds 37 hexes")
	}
}

func TestLine(t *testing.T) {
	for _, tc := range []struct{ a, b Hex }{{Hex{0, 0}, Hex{5, -2}}, {Hex{0, 0}, Hex{4, -2}}, {Hex{1, 1}, Hex{-6, 4}}, {Hex{0, 0}, Hex{0, 0}}} {
		l := Line(tc.a, tc.b)
		if len(l) != Distance(tc.a, tc.b)+1 || l[0] != tc.a || l[len(l)-1] != tc.b {
			t.Fatalf("Line(%v,%v) = %v", tc.a, tc.b, l)
		}
		for i := 1; i < len(l); i++ {
			if Distance(l[i-1], l[i]) != 1 {
				t.Fatalf("Line(%v,%v) jumps at %d: %v", tc.a, tc.b, i, l)
			}
		}
	}
}
