package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ruleNumbers are the rule numbers of seed 000 sections 1–13 (section
// headings X.0 aside; 6.0 is Crest status) and of seed 001's chapter F.
var ruleNumbers = strings.Fields(`
1.1 2.1 2.2 2.21 2.3 3.1 3.2 3.3 3.31 3.32 3.4 4.1 4.2 4.3 4.4 4.5 4.51 4.52
5.1 5.2 5.21 5.22 5.3 5.31 5.32 5.4 5.41 5.42 5.43 5.44 5.5 5.51 5.6 5.61 5.62 5.63 5.64 5.65 5.66 5.67
6.0 6.11 6.12 6.13 6.14 6.15 6.1 6.2 6.3 6.4 6.41 6.411 6.412 6.42 6.5 6.51 6.52 6.6
7.1 7.2 7.3 7.31 7.311 7.4 7.41 7.42 7.421 7.5 7.51 7.511 7.512 7.513 7.514 7.515
8.1 8.2 8.3 8.4 8.41 8.5 8.51 8.52 9.1 9.2 9.3 10.1 10.2 10.3
11.1 11.2 11.3 11.4 11.5 11.6 11.61 11.611 11.6111 11.612 11.62 11.621 11.622 11.623
11.7 11.701 11.71 11.72 11.73 11.731 11.732 11.74 11.75 11.76 11.761 11.77 11.78 11.79 11.791 11.792 11.793 11.8
12.1 12.2 12.3 12.31 12.32 12.33 12.4 12.41 12.42 12.421 12.43 12.44 12.45 12.46 12.5 12.51 12.52
13.1 13.2 13.3 13.4 13.5 13.6
F.1 F.1A F.1B F.1C F.1D F.2 F.2A F.3 F.3A F.4 F.5 F.6 F.7 F.7A F.7B F.7C F.8 F.8A F.8B F.8C F.8D F.9 F.10 F.11 F.12`)

// mentions reports whether num stands in text as a whole rule number (5.2
// inside 5.21 or 15.2 does not count; "F.7A–F.7C" ranges and "5.62, 5.63"
// lists do).
func mentions(text, num string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], num)
		if j < 0 {
			return false
		}
		j += i
		before := byte(' ')
		if j > 0 {
			before = text[j-1]
		}
		after := byte(' ')
		if k := j + len(num); k < len(text) {
			after = text[k]
		}
		okBefore := !(before >= '0' && before <= '9') && before != '.'
		okAfter := !(after >= '0' && after <= '9') && !(strings.HasPrefix(num, "F.") && after >= 'A' && after <= 'Z')
		if okBefore && okAfter {
			return true
		}
		i = j + 1
	}
}

func TestRulesReferenceListsEveryRule(t *testing.T) {
	data, err := os.ReadFile("rules.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	// F.7A–F.7C style ranges name the letters between.
	text = regexp.MustCompile(`F\.(\d+)A–F\.\d+([B-D])`).ReplaceAllStringFunc(text, func(r string) string {
		m := regexp.MustCompile(`F\.(\d+)A–F\.\d+([B-D])`).FindStringSubmatch(r)
		out := r
		for c := byte('B'); c <= m[2][0]; c++ {
			out += " F." + m[1] + string(c)
		}
		return out
	})
	for _, n := range ruleNumbers {
		if !mentions(text, n) {
			t.Errorf("docs/rules.md does not list rule %s", n)
		}
	}
}

// Every test the reference cites must exist, so a renamed or deleted test
// cannot leave the reference claiming proof it no longer has.
func TestRulesReferenceCitesRealTests(t *testing.T) {
	data, err := os.ReadFile("rules.md")
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	funcRe := regexp.MustCompile(`(?m)^func ((?:Test|Fuzz|Benchmark)\w+)\(`)
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, _ := os.ReadFile(p)
		for _, m := range funcRe.FindAllStringSubmatch(string(src), -1) {
			defined[m[1]] = true
		}
		return nil
	})
	// "Test1_1_…" cites a family of tests by prefix.
	cited := regexp.MustCompile(`\b((?:Test|Fuzz|Benchmark)[A-Z0-9_]\w*)(…)?`).FindAllStringSubmatch(string(data), -1)
	if len(cited) < 50 {
		t.Fatalf("only %d tests cited; the reference should name its proofs", len(cited))
	}
	for _, c := range cited {
		found := defined[c[1]]
		if c[2] != "" {
			for name := range defined {
				found = found || strings.HasPrefix(name, c[1])
			}
		}
		if !found {
			t.Errorf("docs/rules.md cites %s%s, which no test file defines", c[1], c[2])
		}
	}
}

// Rules the seeds cite but do not print (8.5 cites 8.6, 6.41 cites 6.43,
// 7.513 cites 6.44, 11.1 cites 11.624) must each be named, with what we do
// in their place.
func TestRulesReferenceNamesCitedMissingRules(t *testing.T) {
	data, err := os.ReadFile("rules.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range strings.Fields("6.43 6.44 8.6 11.624") {
		if !mentions(string(data), n) {
			t.Errorf("docs/rules.md does not name rule %s, which the seeds cite", n)
		}
	}
}
