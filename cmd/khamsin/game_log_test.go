package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// whySave writes a dawn game in which the veteran played both sides
// through DoWhy, so every command has its reason on a why line; over
// says whether to play it to the end.
func whySave(t *testing.T, cmds int, over bool) (string, *game.Game) {
	t.Helper()
	s, err := scenario.Load("dawn")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	p := [2]*ai.Player{ai.New(ai.MaxLevel), ai.New(ai.MaxLevel)}
	for i := 0; (over || i < cmds) && !g.Over(); i++ {
		a := g.Actor()
		c, why := p[a].Decide(g.Observe(a))
		if _, err := g.DoWhy(c, why); err != nil {
			t.Fatalf("command %d %q: %v", i+1, c, err)
		}
	}
	if over != g.Over() {
		t.Fatalf("the test wants a game over=%v after %d commands", over, len(g.Cmds()))
	}
	path := filepath.Join(t.TempDir(), "why.save")
	if err := fileio.WriteFile(path, g.Save("dawn"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, g
}

// logJSON is game log --json's shape.
type logJSON struct {
	Events  []game.Event  `json:"events"`
	Reasons []game.Reason `json:"reasons"`
}

func readLog(t *testing.T, args ...string) (logJSON, string) {
	t.Helper()
	code, out, errs := run(t, append([]string{"game", "log"}, args...)...)
	if code != 0 {
		t.Fatalf("game log %v: exit %d: %s", args, code, errs)
	}
	js := append([]string{"game", "log", "--json"}, args...)
	code, jout, errs := run(t, js...)
	if code != 0 {
		t.Fatalf("game log --json %v: exit %d: %s", args, code, errs)
	}
	var l logJSON
	if err := json.Unmarshal([]byte(jout), &l); err != nil {
		t.Fatalf("%v in %s", err, jout)
	}
	return l, out
}

// Issue 20, "the reasons are kept with the commands in the save, so the
// log … can show them": game log prints the computer's reason under each
// of its commands a reader may see — with --as SIDE only that side's own
// while the game goes on (the enemy's would tell where its hidden units
// are), both sides' once it is over, all of them for the umpire — and
// --json carries them, each placed (seen) on the command's events in the
// reader's own numbering.
func TestGameLogReasons(t *testing.T) {
	for _, over := range []bool{false, true} {
		path, g := whySave(t, 60, over)
		for _, as := range []string{"", "allies", "axis"} {
			args := []string{path}
			side := -1
			if as != "" {
				args = append(args, "--as", as)
				side, _ = g.SideIndex(as)
			}
			l, text := readLog(t, args...)
			// which reasons the reader may see
			want := 0 // the umpire's, or a side's once the game is over: all
			for i := range g.Cmds() {
				if g.Reason(i+1) != "" {
					want++
				}
			}
			if side >= 0 && !over {
				want = 0
				for _, r := range g.Observe(side).Reasons() {
					if _, own := g.Observe(side).OwnCommand(r.N); own {
						want++
					}
				}
			}
			if len(l.Reasons) != want || want == 0 {
				t.Errorf("over=%v as %q: %d reasons in the JSON, want %d (and some)", over, as, len(l.Reasons), want)
			}
			groups := map[int][]game.Event{}
			for _, e := range l.Events {
				groups[e.Cmd] = append(groups[e.Cmd], e)
			}
			shown := 0
			for _, r := range l.Reasons {
				if side >= 0 && !over {
					if _, own := g.Observe(side).OwnCommand(r.N); !own {
						t.Errorf("as %s mid-game: the enemy's reason for command %d %q is shown", as, r.N, r.Cmd)
					}
				}
				if r.Why != g.Reason(r.N) || r.Cmd != g.Cmds()[r.N-1] {
					t.Errorf("over=%v as %q: reason %+v is not command %d's", over, as, r, r.N)
				}
				if r.Seen == 0 {
					continue
				}
				shown++
				// placed on its own command's events: they name what it ordered
				evs := groups[r.Seen]
				if len(evs) == 0 {
					t.Errorf("over=%v as %q: reason %d placed on command %d, which has no events", over, as, r.N, r.Seen)
					continue
				}
				named := false
				for _, f := range strings.Fields(r.Cmd)[1:] {
					named = named || logNames(evs, f)
				}
				if c, err := game.ParseCommand(r.Cmd); err == nil && c.Side == "" && len(strings.Fields(r.Cmd)) > 1 && !named {
					t.Errorf("over=%v as %q: %q's reason sits under events that name none of its bases, units or hexes: %v", over, as, r.Cmd, evs[0].Text)
				}
			}
			if got := strings.Count(text, "\n    why: "); got != shown {
				t.Errorf("over=%v as %q: %d why lines printed, %d reasons placed", over, as, got, shown)
			}
		}
	}
}

// logNames reports an event of evs naming id (a base, a unit or its
// base, a battery, a hex).
func logNames(evs []game.Event, id string) bool {
	for _, e := range evs {
		for _, x := range append(append(append([]string{}, e.Bases...), e.Units...), e.Hexes...) {
			if x == id || strings.HasPrefix(id, x) {
				return true
			}
		}
		if strings.Contains(e.Text, id) {
			return true
		}
	}
	return false
}
