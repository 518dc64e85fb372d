package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"khamsin/engine/ai"
)

// record writes one row per choice of activation with the feature names
// as columns, and fit writes a Go table that parses and names every
// feature (the round trip make eval-train runs, on two small games).
func TestRecordThenFit(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "d.csv")
	var out bytes.Buffer
	if err := record([]string{"-seeds", "2000-2001", "-scenarios", "encounter", "-o", csvPath}, &out); err != nil {
		t.Fatal(err)
	}
	d, err := readData(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.y) < 10 || len(d.x[0]) != len(ai.ValueFeatureNames) {
		t.Fatalf("%d rows of %d features", len(d.y), len(d.x[0]))
	}
	goPath := filepath.Join(dir, "w.go")
	out.Reset()
	if err := fit([]string{"-train", csvPath, "-test", csvPath, "-l2", "1", "-groups=false", "-o", goPath}, &out); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(goPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), goPath, src, 0); err != nil {
		t.Fatalf("the weights do not parse: %v", err)
	}
	for _, n := range ai.ValueFeatureNames {
		if !strings.Contains(string(src), "\t\""+n+"\",") {
			t.Errorf("feature %s missing from the table", n)
		}
	}
	if !strings.Contains(out.String(), "held out:") {
		t.Errorf("fit printed no held-out figures:\n%s", out.String())
	}
}

// A feature file is read bounded and a bad one is refused with its file
// and line, never a panic.
func FuzzReadData(f *testing.F) {
	head := "scenario,seed,side,turn,label," + strings.Join(ai.ValueFeatureNames, ",") + "\n"
	row := "dawn,1,0,1,1" + strings.Repeat(",0", len(ai.ValueFeatureNames)) + "\n"
	f.Add(head + row)
	f.Add(head + "dawn,1,0,x,1\n")
	f.Add("nothing")
	f.Fuzz(func(t *testing.T, s string) {
		p := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := readData(p)
		if err != nil {
			if !strings.HasPrefix(err.Error(), p+":") {
				t.Errorf("error without its file: %v", err)
			}
			return
		}
		for _, r := range d.x {
			if len(r) != len(ai.ValueFeatureNames) {
				t.Errorf("a row of %d features read", len(r))
			}
		}
	})
}
