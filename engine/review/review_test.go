package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// aiGame is a finished AI-v-AI game of the shipped encounter, with the
// computer's reasons kept on why lines (khamsin sim --scenario encounter
// --seed 2 --allies ai --axis ai --save …).
const aiGame = "testdata/encounter-ai.save"

func load(t *testing.T, path string) (*game.Game, *game.SaveFile, *scenario.Scenario) {
	t.Helper()
	g, sf, err := game.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenario.Load(sf.Scenario)
	if err != nil {
		t.Fatal(err)
	}
	return g, sf, s
}

var (
	materialOnce sync.Once
	material     *Review
	materialErr  error
)

// materialReview is the Material review of aiGame, made once for the
// tests that read it.
func materialReview(t *testing.T) *Review {
	t.Helper()
	materialOnce.Do(func() {
		_, sf, s := load(t, aiGame)
		material, materialErr = Run(sf, s, Material{})
	})
	if materialErr != nil {
		t.Fatal(materialErr)
	}
	return material
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := fileio.WriteFile(p, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (run go test ./engine/review -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./engine/review -update rewrites it after a deliberate change):\n%s", name, got)
	}
}

// Issue 20: the review of a finished game, as JSON and as text, matches
// the golden files; it is the same every run (deterministic: no map
// order, no clock); its turning points are the commands whose swing is
// largest; its Break Point lines agree with 16.12 at the end.
func TestReviewGolden(t *testing.T) {
	g, sf, s := load(t, aiGame)
	r := materialReview(t)
	js, _ := json.MarshalIndent(r, "", "  ")
	golden(t, "encounter-ai.review.json", append(js, '\n'))
	var text bytes.Buffer
	r.WriteText(&text)
	golden(t, "encounter-ai.review.txt", text.Bytes())

	again, _ := Run(sf, s, Material{})
	js2, _ := json.MarshalIndent(again, "", "  ")
	if !bytes.Equal(js, js2) {
		t.Error("two reviews of the same save differ")
	}
	if len(r.Turning) == 0 || len(r.Turning) > TurningPoints {
		t.Fatalf("%d turning points", len(r.Turning))
	}
	for _, tp := range r.Turning {
		if sf.Cmds[tp.N-1].Cmd != tp.Command || sf.Cmds[tp.N-1].Why != tp.Why || tp.Why == "" {
			t.Errorf("turning point %+v does not name command %d of the save with its reason", tp, tp.N)
		}
	}
	for si, sd := range r.Sides {
		last := sd.ByTurn[len(sd.ByTurn)-1]
		if last.Turn != g.Turn() || last.BreakPoint != g.BreakPoint(si) || last.DVP != g.DVPScored(si) {
			t.Errorf("%s: last line %+v; the game ends at turn %d, Break Point %d, DVP %d", sd.ID, last, g.Turn(), g.BreakPoint(si), g.DVPScored(si))
		}
		sum := 0
		for _, l := range sd.ByTurn {
			sum += l.Lost
		}
		if sum != last.LostTotal {
			t.Errorf("%s: losses by turn add to %d, total %d", sd.ID, sum, last.LostTotal)
		}
		for _, d := range sd.Costliest {
			if d.Cost <= 0 || d.AltValue-d.Value-d.Cost > 0.0015 || d.Alternative == d.Command || d.Tried == 0 {
				t.Errorf("%s: decision %+v", sd.ID, d)
			}
		}
	}
	if r.Winner == nil || *r.Winner != g.Side(g.Winner()).ID {
		t.Errorf("winner %v, the game says %d", r.Winner, g.Winner())
	}
}

// Issue 20: a game that is not over is refused, politely and with the
// save's line: the review would show each side the other's hidden units
// and reasons.
func TestReviewRefusesAnUnfinishedGame(t *testing.T) {
	_, sf, s := load(t, aiGame)
	half := *sf
	half.Cmds = sf.Cmds[:len(sf.Cmds)/2]
	_, err := Run(&half, s, Material{})
	if !errors.Is(err, ErrNotOver) || !strings.HasPrefix(err.Error(), aiGame+":") || !strings.Contains(err.Error(), "waits for the end") {
		t.Errorf("half a game: %v", err)
	}
	bad := *sf
	bad.Cmds = append([]game.SavedCmd(nil), sf.Cmds...)
	bad.Cmds[3].Hash = strings.Repeat("0", 16)
	if _, err := Run(&bad, s, Material{}); err == nil || !strings.Contains(err.Error(), "command 4") || !strings.Contains(err.Error(), "diverges") {
		t.Errorf("a wrong hash: %v", err)
	}
}

// flat is an Evaluator that sees nothing: nothing turns, nothing costs.
type flat struct{}

func (flat) Name() string                  { return "flat" }
func (flat) Evaluate(g *game.Game) float64 { return 0 }

// The evaluator is an interface (the expert's evaluation plugs in): the
// review's judgements are the evaluator's, the record of the game is not.
func TestReviewUsesItsEvaluator(t *testing.T) {
	_, sf, s := load(t, aiGame)
	r, err := Run(sf, s, flat{})
	if err != nil {
		t.Fatal(err)
	}
	m := materialReview(t)
	if r.Evaluator != "flat" || len(r.Turning) != 0 || len(r.Sides[0].Costliest)+len(r.Sides[1].Costliest) != 0 {
		t.Errorf("a flat evaluator found turning points %v or costly decisions", r.Turning)
	}
	for si := range r.Sides {
		a, _ := json.Marshal(r.Sides[si].ByTurn)
		b, _ := json.Marshal(m.Sides[si].ByTurn)
		if !bytes.Equal(a, b) {
			t.Errorf("side %d: the Break Point record depends on the evaluator", si)
		}
	}
}

// Material moves the right way: an enemy base knocked out (10.8) is good
// for the side, one of its own bad; a finished game scores its result
// (16.12).
func TestMaterialEvaluation(t *testing.T) {
	_, _, s := load(t, aiGame)
	g, err := game.New(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	ev := Material{}
	v0 := ev.Evaluate(g)
	if v0 < -0.5 || v0 > 0.5 {
		t.Errorf("the start is scored %.2f; want near even", v0)
	}
	axis, _ := g.Base("G2a")
	axis.KO = true
	v1 := ev.Evaluate(g)
	brit, _ := g.Base("A2a")
	brit.KO = true
	brit2, _ := g.Base("A3a")
	brit2.KO = true
	v2 := ev.Evaluate(g)
	if !(v1 > v0 && v2 < v1) {
		t.Errorf("start %.3f, a German tank out %.3f, then two British %.3f", v0, v1, v2)
	}
	f, _, _ := load(t, aiGame)
	want := 1.0
	if f.Winner() == 1 {
		want = -1
	}
	if got := ev.Evaluate(f); got != want {
		t.Errorf("the finished game (winner %d) is scored %v", f.Winner(), got)
	}
}

// F.3: desert victory points are a column of the by-turn table only in a
// scenario that scores them (the play-tester read a DVP column in an
// all-out attack that has none).
func TestReviewTextDVPOnlyWhereScored(t *testing.T) {
	for _, scores := range []bool{false, true} {
		r := &Review{ScoresDVP: scores, Sides: []SideReview{
			{ID: "allies", BreakStart: 4, ByTurn: []TurnLine{{Turn: 1, BreakPoint: 4, DVP: 3}}},
			{ID: "axis", BreakStart: 6, ByTurn: []TurnLine{{Turn: 1, BreakPoint: 6, DVP: 7}}},
		}}
		var b strings.Builder
		r.WriteText(&b)
		if got := strings.Contains(b.String(), "DVP"); got != scores {
			t.Errorf("scores DVP %v: the text has a DVP column %v:\n%s", scores, got, b.String())
		}
	}
}
