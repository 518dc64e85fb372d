package combat

import (
	"reflect"
	"testing"
)

// row is one table row: a test built from inputs, and the exact lines it
// must list.
type row struct {
	name string
	got  Test
	want []Mod
}

// checkRows asserts each row's table, band count and exact lines.
func checkRows(t *testing.T, table string, threeBand bool, rows []row) {
	t.Helper()
	for _, r := range rows {
		if r.got.Table != table {
			t.Errorf("%s: table %q, want %q", r.name, r.got.Table, table)
		}
		if r.got.ThreeBand != threeBand {
			t.Errorf("%s: three-band %v, want %v", r.name, r.got.ThreeBand, threeBand)
		}
		want := r.want
		if want == nil {
			want = []Mod{}
		}
		if !reflect.DeepEqual(r.got.Mods, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", r.name, r.got.Mods, want)
		}
	}
}

// outcome is one read of a thrown die on a table.
type outcome struct {
	test Test
	d10  int
	want Band
}

func checkOutcomes(t *testing.T, rows []outcome) {
	t.Helper()
	for _, o := range rows {
		if got := o.test.Result(o.d10); got != o.want {
			t.Errorf("%s, total %+d, d10 %d: band %v, want %v", o.test.Table, o.test.Total(), o.d10, got, o.want)
		}
	}
}

// twoBand: with total 0, 6 is the lowest success and 5 fails; a total of
// +5 makes a 1 succeed; −5 makes a 10 fail.
func twoBand(zero, plus5, minus5 Test) []outcome {
	return []outcome{
		{zero, 6, Success}, {zero, 10, Success}, {zero, 5, Failure}, {zero, 1, Failure},
		{plus5, 1, Success}, {minus5, 10, Failure},
	}
}

// threeBand: with total 0, 6+ succeeds, 2–5 is the middle, 1 fails.
func threeBand(zero, minus1 Test) []outcome {
	return []outcome{
		{zero, 6, Success}, {zero, 5, Middle}, {zero, 2, Middle}, {zero, 1, Failure},
		{minus1, 3, Middle}, {minus1, 2, Failure}, {minus1, 7, Success}, {minus1, 6, Middle},
	}
}

func m(what string, n int, rule string) Mod { return Mod{What: what, N: n, Rule: rule} }
