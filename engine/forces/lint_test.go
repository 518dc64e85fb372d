package forces

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintErrorsAtTheirLine parses every file of testdata/lint. Each holds
// one mistake: its first line says "# want: <text of the message>" and the
// line that must be reported carries the marker "#!". The message must read
// file:line: …, at that line, and contain the wanted text. Several files put
// the offending key's name in a comment or a string above the real line,
// so a search for text would report the wrong line.
func TestLintErrorsAtTheirLine(t *testing.T) {
	files, err := filepath.Glob("testdata/lint/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lint test files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".toml"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(data), "\n")
			want, ok := strings.CutPrefix(first, "# want: ")
			if !ok {
				t.Fatalf("first line %q is not '# want: …'", first)
			}
			line := 0
			for i, l := range bytes.Split(data, []byte("\n")) {
				if bytes.Contains(l, []byte("#!")) {
					line = i + 1
				}
			}
			if line == 0 {
				t.Fatal("no line is marked #!")
			}
			_, err = Parse(file, data)
			if err == nil {
				t.Fatalf("parsed without error; want %q at line %d", want, line)
			}
			prefix := fmt.Sprintf("%s:%d: ", file, line)
			for _, msg := range strings.Split(err.Error(), "\n") {
				if strings.HasPrefix(msg, prefix) && strings.Contains(msg, want) {
					return
				}
			}
			t.Errorf("want %q at %s\ngot:\n%v", want, prefix, err)
		})
	}
}
