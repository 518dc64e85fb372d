package scenario

import (
	"os"
	"strings"
	"testing"
)

// Issue 17, Hardening 3: the hostile run's unit of 1,000 bases in one
// hex is refused twice over, once each: the bases cap and the stacking
// limit, each with file:line; not a thousand messages.
func TestThousandBasesInOneHexRefused(t *testing.T) {
	good, err := os.ReadFile("testdata/good.toml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 0; i < 1000; i++ {
		b.WriteString("[[side.unit.base]]\ntype = \"it-rifle-section\"\nhex = \"25X5\"\n")
	}
	data := strings.Replace(string(good), "[[side.unit]]\nid = \"I1\"\n", "[[side.unit]]\nid = \"I1\"\n"+b.String(), 1)
	errs := splitErrs(check(t, "big.toml", []byte(data)))
	var caps, stacks int
	for _, e := range errs {
		if !fileLine.MatchString(e) {
			t.Errorf("no file:line: %q", e)
		}
		caps += strings.Count(e, "bases; the limit is 20 a unit")
		stacks += strings.Count(e, "would hold more than 3 bases of side axis")
	}
	if caps != 1 || stacks != 1 || len(errs) != 2 {
		t.Errorf("%d errors (%d cap, %d stacking): %.300q", len(errs), caps, stacks, errs)
	}
}

// Issue 17, Hardening 4: a NUL anywhere in the scenario's text is refused
// at parse, at the line of its key, in a table or an array alike.
func TestNULInTextRefused(t *testing.T) {
	good, _ := os.ReadFile("testdata/good.toml")
	for _, c := range []struct{ from, to, want string }{
		{`title = "Test: a patrol clash"`, `title = "Test\u0000"`, "s.toml:4: title: holds a NUL character"},
		{`hex = "25P5"`, `hex = "25P5\u0000"`, "s.toml:87: objective.hex: holds a NUL character"},
		{`unmined = ["25Q4"]`, `unmined = ["25Q4", "\u0000"]`, "s.toml:112: minefield.unmined: holds a NUL character"},
	} {
		data := strings.Replace(string(good), c.from, c.to, 1)
		_, err := Parse("s.toml", []byte(data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v; want %q", c.to, err, c.want)
		}
	}
	// Other control characters are text: printing escapes them.
	data := strings.Replace(string(good), `title = "Test: a patrol clash"`, `title = "Test \u001b]0;x\u0007"`, 1)
	if _, err := Parse("s.toml", []byte(data)); err != nil {
		t.Errorf("ESC in a title: %v", err)
	}
}
