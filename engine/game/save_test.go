package game

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// savedDuel plays a few commands of the duel and writes its save to a
// temporary file; it returns the path and the save's lines.
func savedDuel(t *testing.T) (string, []string) {
	t.Helper()
	g := duel(t, 3)
	toActivations(t, g, "allies")
	mustDo(t, g, "defer", "defer")
	p := filepath.Join(t.TempDir(), "duel.save")
	abs, _ := filepath.Abs("testdata/duel.toml")
	if err := os.WriteFile(p, g.Save(abs), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	return p, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func writeLines(t *testing.T, p string, lines []string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Issue 17, Hardening 7: a save names the rules version that wrote it on
// a line near the top that a script can grep for.
func TestSaveRulesLine(t *testing.T) {
	p, lines := savedDuel(t)
	if lines[1] != "rules 1" || !regexp.MustCompile(`^(rules|version|engine)\b`).MatchString(lines[1]) {
		t.Fatalf("line 2 is %q; want the rules line", lines[1])
	}
	_, sf, err := Load(p)
	if err != nil || sf.Rules != RulesVersion || sf.RulesLine != 2 {
		t.Fatalf("load: %v, %+v", err, sf)
	}
}

// Issue 17, Hardening 7: a save of another rules version (or of none:
// an older save is version 0) that replays to every recorded hash loads
// with no message; one that does not fails naming both versions, at the
// line where the replay parts from the save.
func TestSaveOtherRulesVersion(t *testing.T) {
	p, lines := savedDuel(t)
	for _, v := range [][]string{
		append([]string{lines[0]}, lines[2:]...), // no rules line: version 0
		append([]string{lines[0], "rules 0"}, lines[2:]...),
		append([]string{lines[0], "rules 7"}, lines[2:]...),
	} {
		writeLines(t, p, v)
		if _, _, err := Load(p); err != nil {
			t.Errorf("%q: a save that replays the same was refused: %v", v[1], err)
		}
	}
	// Break the last command's hash: a version-0 save that diverges.
	broken := append([]string{lines[0]}, lines[2:]...)
	last := len(broken) - 1
	f := strings.Fields(broken[last])
	f[1] = strings.Repeat("0", 16)
	broken[last] = strings.Join(f, " ")
	writeLines(t, p, broken)
	_, _, err := Load(p)
	want := p + ":" + strconv.Itoa(last+1) + ": saved under rules version 0, this Khamsin plays rules version 1, and the save does not replay the same: command "
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "diverges") {
		t.Errorf("diverging version-0 save: %v\nwant prefix %q", err, want)
	}
	// The same divergence under this version says nothing of versions.
	broken = append([]string{lines[0], "rules 1"}, broken[1:]...)
	writeLines(t, p, broken)
	if _, _, err := Load(p); err == nil || strings.Contains(err.Error(), "rules version") {
		t.Errorf("diverging save of this version: %v", err)
	}
}

// Issue 17, Hardening 7 and 6: a malformed rules line, and the errors
// that once had no line (start hash, size, file type, a missing
// scenario), name the save and the line concerned.
func TestSaveErrorsNameALine(t *testing.T) {
	p, lines := savedDuel(t)
	dir := filepath.Dir(p)
	edit := func(i int, s string) []string {
		v := append([]string(nil), lines...)
		v[i] = s
		return v
	}
	for _, c := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"rules word", edit(1, "rules one"), p + `:2: rules "one": expected the rules version`},
		{"rules negative", edit(1, "rules -1"), p + `:2: rules "-1"`},
		{"rules twice", append(lines[:2:2], append([]string{"rules 1"}, lines[2:]...)...), p + ":3: rules given twice (first at line 2)"},
		{"rules after commands", append(append([]string{lines[0]}, lines[2:]...), "rules 1"), ":" + strconv.Itoa(len(lines)) + ": rules after the commands"},
		{"start hash", edit(4, "start 0123456789abcdef"), p + ":5: the game sets up differently"},
		{"no scenario", edit(2, "scenario "+filepath.Join(dir, "gone.toml")), p + ":3: scenario"},
	} {
		writeLines(t, p, c.lines)
		_, _, err := Load(p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
	big := filepath.Join(dir, "big.save")
	os.WriteFile(big, make([]byte, MaxSaveBytes+1), 0o644)
	if _, _, err := Load(big); err == nil || !strings.HasPrefix(err.Error(), big+":1: file is ") {
		t.Errorf("too big: %v", err)
	}
	if _, err := ParseSave("x.save", make([]byte, MaxSaveBytes+1)); err == nil || !strings.HasPrefix(err.Error(), "x.save:1: save is ") {
		t.Errorf("too big (parse): %v", err)
	}
	if _, _, err := Load(dir); err == nil || !strings.HasPrefix(err.Error(), dir+":1: is a directory") {
		t.Errorf("directory: %v", err)
	}
	if _, _, err := Load(filepath.Join(dir, "none.save")); err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "none.save")+":1: no such file") {
		t.Errorf("missing: %v", err)
	}
}
