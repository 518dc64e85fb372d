package dice

import (
	"bytes"
	"strings"
	"testing"
)

// Brief §5: the same seed gives the same rolls, and every roll is logged
// with its reason.
func TestSeededAndLogged(t *testing.T) {
	a, b := New(42), New(42)
	for i := 0; i < 200; i++ {
		x, y := a.DR("test"), b.DR("test")
		if x != y {
			t.Fatalf("roll %d differs: %v vs %v", i, x, y)
		}
		if x.Colored < 1 || x.Colored > 6 || x.White < 1 || x.White > 6 {
			t.Fatalf("die out of range: %v", x)
		}
	}
	if !bytes.Equal(a.State(), b.State()) {
		t.Error("same seed, same rolls, different state")
	}
	if New(43).DR("x") == New(42).DR("x") && New(43).DR("y") == New(42).DR("y") && New(43).Dr("z") == New(42).Dr("z") {
		t.Error("different seeds should give different streams")
	}
	r := New(7)
	r.Dr("11.2 weather")
	r.DR("12.31 hexrow")
	r.D10("002 to-hit")
	log := r.Log()
	if len(log) != 3 || log[0].Why != "11.2 weather" || log[1].Kind != DR2 || log[2].Seq != 3 {
		t.Fatalf("log %+v", log)
	}
	if log[2].Colored < 1 || log[2].Colored > 10 {
		t.Errorf("d10 out of range: %v", log[2])
	}
	if !strings.Contains(r.Transcript(), "#2 12.31 hexrow: DR") {
		t.Errorf("transcript:\n%s", r.Transcript())
	}
}

func TestScripted(t *testing.T) {
	r := Scripted(Throw(DR2, 3, 4), Throw(DR1, 6, 0))
	if got := r.DR("a"); got.Total() != 7 || got.Colored != 3 {
		t.Errorf("scripted DR %v", got)
	}
	if got := r.Dr("b"); got.Total() != 6 {
		t.Errorf("scripted dr %v", got)
	}
	if r.Len() != 2 {
		t.Error("scripted throws are logged")
	}
	defer func() {
		if recover() == nil {
			t.Error("asking for more throws than scripted must fail loudly")
		}
	}()
	r.Dr("c")
}
