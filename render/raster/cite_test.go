package raster

import "testing"

// TestCiteOneStyle: every rule reference in the window reads "(5.4)", the
// command line's and the log's style, whatever form the rule came in.
func TestCiteOneStyle(t *testing.T) {
	for in, want := range map[string]string{"5.4": "(5.4)", "§7.1": "(7.1)", " 7.5, 7.51 ": "(7.5, 7.51)", "": "", "LOS-3": "(LOS-3)"} {
		if got := Cite(in); got != want {
			t.Errorf("Cite(%q) = %q, want %q", in, got, want)
		}
	}
}
