package move

import (
	"strings"
	"testing"
)

func TestWalkVehicleOnlyActions(t *testing.T) {
	p := planner(t, testMap(t, "", nil), Conditions{})
	for _, path := range []string{"90C5,start", "90C5,stop", "90C5,vca:+1", "90C5,vbm:90C6-D5"} {
		if mv := walk(t, p, Unit{Kind: Infantry}, path); mv.Legal {
			t.Errorf("infantry %s: legal", path)
		}
	}
	mv := walk(t, p, Unit{Kind: FullTrack}, "90C5,start,90C6,vca:-3,stop")
	mustLegal(t, mv)
	if !sameMPs(costs(mv), mps(1, 1, 3, 1)) {
		t.Errorf("tank start/enter/vca/stop: %v", costs(mv))
	}
}

func TestWalkOutOfMP(t *testing.T) {
	p := planner(t, testMap(t, "", nil), Conditions{})
	mv := walk(t, p, Unit{Kind: Infantry, Allowance: Whole(2)}, "90C5,90C6,90C7,90C8")
	if mv.Legal || !strings.HasPrefix(mv.Error, "90C8: out of MP") || len(mv.Steps) != 3 {
		t.Errorf("legal=%v %q steps %d", mv.Legal, mv.Error, len(mv.Steps))
	}
	// exactly the allotment is fine
	if mv := walk(t, p, Unit{Kind: Infantry, Allowance: Whole(2)}, "90C5,90C6,90C7"); !mv.Legal || mv.Left() != 0 {
		t.Errorf("legal=%v left %s", mv.Legal, mv.Left())
	}
}

func TestParsePathErrors(t *testing.T) {
	m := testMap(t, "", nil)
	for _, bad := range []string{"", "start", "90C5,90C7", "90C5,vca:0", "90C5,vca:4", "90C5,vca:x",
		"90C5,vbm:90C6", "90C5,vbm:90C6-C7", "90C5,fly:90C6", "90C5,double:90C9", "25C5", "90C5,90ZZ1"} {
		if _, err := ParsePath(m, bad); err == nil || !strings.HasPrefix(err.Error(), "path: ") {
			t.Errorf("ParsePath(%q): %v", bad, err)
		}
	}
	p, err := ParsePath(m, " 90c5 , 90C6,VCA:+2,double:90c7 ")
	if err != nil || len(p.Actions) != 3 || !p.Actions[2].Double || p.Actions[1].Turn != 2 {
		t.Errorf("%+v %v", p, err)
	}
}

func TestUnitValidate(t *testing.T) {
	for _, u := range []Unit{{Kind: Truck, BU: true}, {Kind: Infantry, Towing: true}, {Kind: numKinds}, {Kind: Truck, Allowance: -2}} {
		if u.Validate() == nil {
			t.Errorf("%+v accepted", u)
		}
	}
	for _, k := range Kinds() {
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("ParseKind(%s) = %v %v", k, got, err)
		}
		if DefaultAllowance(k) <= 0 {
			t.Errorf("%s has no default allowance", k)
		}
	}
}
