package design

import "testing"

// BenchmarkEdit is one typed edit on the largest shipped scenario: the
// splice and the rescan of the text (what a drag costs per frame before
// validation).
func BenchmarkEdit(b *testing.B) {
	d, _ := Open("dawn")
	for i := 0; b.Loop(); i++ {
		d.SetBase(0, 2, 1, "hex", []string{"30K4", "30K5"}[i%2])
	}
}

// BenchmarkEditAndProblems is an edit followed by live validation: the
// whole of `khamsin check` on the text (parse, lay out, validate).
func BenchmarkEditAndProblems(b *testing.B) {
	d, _ := Open("dawn")
	for i := 0; b.Loop(); i++ {
		d.SetBase(0, 2, 1, "hex", []string{"30K4", "30K5"}[i%2])
		d.Problems()
	}
}
