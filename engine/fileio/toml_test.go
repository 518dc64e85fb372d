package fileio

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestCheckTOML(t *testing.T) {
	nest := func(n int) string {
		return "x = " + strings.Repeat("{a=", n) + "1" + strings.Repeat("}", n) + "\n"
	}
	arr := func(n int) string {
		return "x = " + strings.Repeat("[", n) + "1" + strings.Repeat("]", n) + "\n"
	}
	for _, c := range []struct {
		name, in, want string
	}{
		{"flat", "a = 1\nb = 'x'\n[t]\nc = 2\n", ""},
		{"inline at limit", nest(4), ""},
		{"inline over limit", nest(5), "f.toml:1: nesting deeper than 4"},
		{"arrays at limit", arr(4), ""},
		{"arrays over limit", arr(5), "f.toml:1: nesting deeper than 4"},
		{"reported line", "a = 1\n\n" + nest(9), "f.toml:3: nesting deeper than 4"},
		{"multi-line array line", "x = [\n[\n[\n[\n[\n1]]]]]\n", "f.toml:5: nesting deeper than 4"},
		{"header at limit", "[a.b.c.d]\n", ""},
		{"header over limit", "x = 1\n[a.b.c.d.e]\n", "f.toml:2: nesting deeper than 4"},
		{"quoted dots in header", "[a.\"b.c.d.e.f\"]\n", ""},
		{"array of tables counts one more", "[[a.b.c.d]]\n", "f.toml:1: nesting deeper than 4"},
		{"header plus inline", "[a.b]\nx = {y = {z = {w = 1}}}\n", "f.toml:2: nesting deeper than 4"},
		{"dotted key", "a.b.c.d.e = 1\n", ""},
		{"dotted key over", "a.b.c.d.e.f = 1\n", "f.toml:1: nesting deeper than 4"},
		{"dotted key in inline", "x = {a.b.c.d.e = 1}\n", "f.toml:1: nesting deeper than 4"},
		{"dots in values do not count", "x = 1.5\ny = 1979-05-27T07:32:00.999\nz = [1.0, 2.0]\n", ""},
		{"brackets in strings", "x = \"[[[[[{{{{{\"\ny = '[[[[[[[['\n", ""},
		{"escaped quote", "x = \"\\\"[[[[[[\"\n", ""},
		{"brackets in multi-line basic", "x = \"\"\"\n[[[[[[\n{{{{{{\n\"\"\"\ny = 1\n", ""},
		{"brackets in multi-line literal", "x = '''\n[[[[[[\n'''\n", ""},
		{"multi-line ends with extra quotes", "x = \"\"\"a\"\"\"\"\"\ny = [[[[[1]]]]]\n", "f.toml:2: nesting deeper than 4"},
		{"line count inside multi-line", "x = \"\"\"\n\n\n\"\"\"\ny = [[[[[1]]]]]\n", "f.toml:5: nesting deeper than 4"},
		{"brackets in comments", "# [[[[[[[[{{{{{{\nx = 1 # {{{{{{{\n", ""},
		{"comment inside array", "x = [ # [[[[[[\n1]\n", ""},
		{"header not at line start is a value", "x = 1\ny = [[[[[1]]]]]\n", "f.toml:2: nesting deeper than 4"},
		{"array line starting with bracket is not a header", "x = [\n[[[[1]]]]]\n", "f.toml:2: nesting deeper than 4"},
		{"too big", strings.Repeat("#", 101), "f.toml: file is 101 bytes; the limit is 100"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckTOML("f.toml", []byte(c.in), 100, 4)
			if c.want == "" {
				if err != nil {
					t.Errorf("refused: %v", err)
				}
				return
			}
			if err == nil || err.Error() != c.want {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// Hardening (issue 9): a 20 KB file of nested inline tables took the TOML
// decoder 11 s; the pre-scan refuses it (and much larger ones) by its
// depth, before the decoder sees it. How fast: BenchmarkCheckTOMLDeep.
var deepTOML = []string{
	"x = " + strings.Repeat("{a=", 1<<20) + "1" + strings.Repeat("}", 1<<20),
	"x = " + strings.Repeat("[", 1<<21),
	"[" + strings.Repeat("a.", 1<<20) + "a]",
	strings.Repeat("a.", 1<<20) + "a = 1",
}

func TestCheckTOMLRefusesDeep(t *testing.T) {
	for _, in := range deepTOML {
		err := CheckTOML("deep.toml", []byte(in), 8<<20, 32)
		if err == nil || !strings.Contains(err.Error(), "deep.toml:1: nesting deeper than 32") {
			t.Errorf("got %v", err)
		}
	}
}

// BenchmarkCheckTOMLDeep: the pre-scan over the four 2–4 MB hostile
// files above (a linear pass: docs/performance.md, "Hostile input").
func BenchmarkCheckTOMLDeep(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for _, in := range deepTOML {
			if CheckTOML("deep.toml", []byte(in), 8<<20, 32) == nil {
				b.Fatal("accepted")
			}
		}
	}
}

// depth of a decoded TOML value: tables and arrays around the deepest leaf.
func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	case []map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	case []any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}

func FuzzCheckTOML(f *testing.F) {
	for _, s := range []string{
		"a = 1\n", "x = {a={a=1}}\n", "[a.b]\nc = [[1],[2]]\n", "[[a]]\n[[a.b]]\nc=1\n",
		"x = \"\"\"[[\"\"\"\n", "x = '[' # {\n", "a.b.c = {d.e = [{f = 1}]}\n",
		"x = [\n# ]\n[1]]\n", "'a.b'.c = 1\n", "x = \"\\\"[\"\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const maxDepth = 6
		err := CheckTOML("fuzz.toml", data, 1<<16, maxDepth)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.toml") {
				t.Fatalf("message does not name the file: %v", err)
			}
			return
		}
		// Accepted and valid: the decoded nesting is bounded. Headers of
		// arrays of tables can re-open arrays defined earlier, so the bound
		// is loose (twice the limit), which is all the decoder's speed needs.
		var v map[string]any
		if _, derr := toml.Decode(string(data), &v); derr != nil {
			return
		}
		if d := depth(v) - 1; d > 2*maxDepth {
			t.Fatalf("accepted nesting %d with limit %d", d, maxDepth)
		}
	})
}
