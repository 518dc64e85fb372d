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

// whyPlayer is a computer player that says why: a random choice and a
// reason naming the command, with a terminal escape, a newline and (every
// fifth command) far more text than a why line keeps.
type whyPlayer struct {
	r   *RandomPlayer
	n   int
	why string
}

func (p *whyPlayer) Choose(o *Observation) string {
	c := p.r.Choose(o)
	p.n++
	p.why = "because " + c + "\x1b]0;owned\x07\nnext line\tend"
	if p.n%5 == 0 {
		p.why += strings.Repeat(" é", MaxReason)
	}
	return c
}

func (p *whyPlayer) Reason() string { return p.why }

// Issue 20, reasons in the save: the computer's reason for each of its
// commands is written after the command, escaped and bounded, and comes
// back on load; the hashes are those of the same game without reasons,
// and a save with its why lines taken out (an old save) loads the same.
func TestSaveKeepsReasons(t *testing.T) {
	play := func(reasons bool) *Game {
		g := duel(t, 5)
		var p [2]Player = [2]Player{NewRandomPlayer(5), NewRandomPlayer(6)}
		if reasons {
			p = [2]Player{&whyPlayer{r: NewRandomPlayer(5)}, &whyPlayer{r: NewRandomPlayer(6)}}
		}
		for i := 0; i < 60 && !g.Over(); i++ {
			c := p[g.actor].Choose(g.Observe(g.actor))
			if _, err := g.Do(c); err != nil {
				t.Fatal(err)
			}
			if reasons { // the side that gave the command says why
				g.setReason(p[g.cmdBy[len(g.cmds)-1]].(Reasoner).Reason())
			}
		}
		return g
	}
	with, without := play(true), play(false)
	if with.Hash() != without.Hash() || strings.Join(with.hashes, ",") != strings.Join(without.hashes, ",") {
		t.Fatal("reasons changed a hash: they are not part of the state")
	}
	abs, _ := filepath.Abs("testdata/duel.toml")
	data := with.Save(abs)
	if strings.ContainsAny(string(data), "\x1b\x07\t") {
		t.Error("a reason's control characters reached the save unescaped")
	}
	var whys, old []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if w, ok := strings.CutPrefix(l, "why "); ok {
			whys = append(whys, w)
			if len(w) > MaxReason {
				t.Errorf("why line of %d bytes; the bound is %d", len(w), MaxReason)
			}
			continue
		}
		old = append(old, l)
	}
	if len(whys) != len(with.cmds) {
		t.Fatalf("%d why lines for %d commands", len(whys), len(with.cmds))
	}
	if !strings.Contains(whys[0], `\u001b]0;owned\u0007 next line end`) {
		t.Errorf("first reason %q: want the escape escaped and the line joined", whys[0])
	}
	clipped := 0
	for _, w := range whys {
		if strings.HasSuffix(w, "…") {
			clipped++
		}
	}
	if clipped == 0 {
		t.Error("no long reason was clipped")
	}
	p := filepath.Join(t.TempDir(), "why.save")
	os.WriteFile(p, data, 0o644)
	g, sf, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range sf.Cmds {
		if c.Why != whys[i] || g.Reason(i+1) != whys[i] {
			t.Fatalf("command %d: reason %q / %q after load, saved %q", i+1, c.Why, g.Reason(i+1), whys[i])
		}
	}
	if string(g.Save(abs)) != string(data) {
		t.Error("a loaded save written again differs: the reasons did not survive")
	}
	// An old save (no why lines, rules 1) still loads to the same game.
	writeLines(t, p, old)
	g2, _, err := Load(p)
	if err != nil || g2.Hash() != with.Hash() || g2.Reason(1) != "" {
		t.Errorf("the save without why lines: %v", err)
	}
	if string(g2.Save(abs)) != string(without.Save(abs)) {
		t.Error("the old save rewritten is not the save of the game played without reasons")
	}
}

// Issue 20: a why line belongs to the do line before it; anything else
// is refused with the line.
func TestSaveWhyLineErrors(t *testing.T) {
	_, lines := savedDuel(t)
	n := len(lines)
	for _, c := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"before any command", append(append([]string{}, lines[:5]...), append([]string{"why early"}, lines[5:]...)...), ":6: why: a reason follows the do line"},
		{"twice", append(append([]string{}, lines...), "why one", "why two"), ":" + strconv.Itoa(n+2) + ": why: a reason follows the do line"},
		{"empty", append(append([]string{}, lines...), "why "), ":" + strconv.Itoa(n+1) + ": why: expected the reason"},
		{"control character", append(append([]string{}, lines...), "why a\x1bb"), ":" + strconv.Itoa(n+1) + ": why: expected the reason"},
		{"too long", append(append([]string{}, lines...), "why "+strings.Repeat("x", MaxReason+1)), ":" + strconv.Itoa(n+1) + ": why: expected the reason"},
	} {
		_, err := ParseSave("w.save", []byte(strings.Join(c.lines, "\n")+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
	sf, err := ParseSave("w.save", []byte(strings.Join(append(append([]string{}, lines...), "why fine: 12% to hit"), "\n")+"\n"))
	if err != nil || sf.Cmds[len(sf.Cmds)-1].Why != "fine: 12% to hit" {
		t.Errorf("a good why line: %v", err)
	}
}

// Issue 20, fog (§4.6, docs/rules.md "Fog"): a side reads the reasons of
// its own commands only while the game goes on (the enemy's would say
// where its hidden units are and what it means to do); at the end both
// sides' are open, as the end-of-game replay shows them.
func TestReasonsFog(t *testing.T) {
	g := duel(t, 2)
	p := [2]*whyPlayer{{r: NewRandomPlayer(2)}, {r: NewRandomPlayer(3)}}
	for i := 0; i < 40 && !g.Over(); i++ {
		a := g.actor
		if _, err := g.DoWhy(p[a].Choose(g.Observe(a)), p[a].Reason()); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() {
		t.Fatal("the test needs a game still going")
	}
	for side := 0; side < 2; side++ {
		rs := g.Observe(side).Reasons()
		if len(rs) == 0 {
			t.Fatalf("side %d reads none of its own reasons", side)
		}
		for _, r := range rs {
			if int(g.cmdBy[r.N-1]) != side || r.Cmd != g.cmds[r.N-1] || r.Why != g.Reason(r.N) {
				t.Errorf("side %d reads %+v, given by side %d", side, r, g.cmdBy[r.N-1])
			}
		}
	}
	g.finish(-1, "draw: test")
	if a, b := len(g.Observe(0).Reasons()), len(g.Observe(1).Reasons()); a != len(g.cmds) || b != len(g.cmds) {
		t.Errorf("after the game: %d and %d reasons of %d commands", a, b, len(g.cmds))
	}
}

// Issue 20: Play keeps the reasons of a player that gives them.
func TestPlayKeepsReasons(t *testing.T) {
	g := duel(t, 4)
	if err := g.Play([2]Player{&whyPlayer{r: NewRandomPlayer(4)}, NewRandomPlayer(9)}); err != nil {
		t.Fatal(err)
	}
	for i := range g.cmds {
		if got := g.Reason(i + 1); (g.cmdBy[i] == 0) != (got != "") {
			t.Fatalf("command %d by side %d: reason %q", i+1, g.cmdBy[i], got)
		}
	}
}
