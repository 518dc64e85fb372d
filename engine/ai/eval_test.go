package ai

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"khamsin/engine/game"
)

// The fitter recovers the weights that drew the labels: rows of three
// features on different scales, labels drawn from a known logistic model;
// with a small penalty the fit lands near the truth, and its log loss on
// fresh rows is near the true model's.
func TestFitLogisticRecoversWeights(t *testing.T) {
	truth := []float64{-0.5, 1.2, -0.04, 2.0}
	draw := func(seed uint64, n int) ([][]float64, []float64) {
		r := rand.New(rand.NewPCG(seed, 1))
		var x [][]float64
		var y []float64
		for range n {
			f := []float64{1, r.NormFloat64(), 30 * r.NormFloat64(), float64(r.IntN(3))}
			p := Sigmoid(dot(truth, f))
			l := 0.0
			if r.Float64() < p {
				l = 1
			}
			x, y = append(x, f), append(y, l)
		}
		return x, y
	}
	x, y := draw(1, 20000)
	w, err := FitLogistic(x, y, 0.01, 50)
	if err != nil {
		t.Fatal(err)
	}
	for i := range truth {
		if math.Abs(w[i]-truth[i]) > 0.1*math.Max(1, math.Abs(truth[i]))*math.Max(0.5, math.Abs(truth[i])) {
			t.Errorf("weight %d: fitted %.3f, drawn with %.3f", i, w[i], truth[i])
		}
	}
	xt, yt := draw(2, 5000)
	pf, pt := make([]float64, len(yt)), make([]float64, len(yt))
	for i, f := range xt {
		pf[i], pt[i] = Sigmoid(dot(w, f)), Sigmoid(dot(truth, f))
	}
	if lf, lt := LogLoss(pf, yt), LogLoss(pt, yt); lf > lt+0.01 {
		t.Errorf("held-out log loss %.4f, the true model's %.4f", lf, lt)
	}
	// deterministic: the same rows give the same weights
	if w2, _ := FitLogistic(x, y, 0.01, 50); !slices.Equal(w, w2) {
		t.Errorf("two fits differ: %v, %v", w, w2)
	}
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// The shipped weights were fitted on today's features: same names, same
// order, one weight each (a feature added without a new fit fails here).
func TestLearnedValueMatchesItsFeatures(t *testing.T) {
	m := LearnedValue()
	if !slices.Equal(m.Names, ValueFeatureNames) || len(m.W) != len(ValueFeatureNames) {
		t.Fatalf("weights fitted on %v (%d weights), features now %v: run make eval-train", m.Names, len(m.W), ValueFeatureNames)
	}
	if g := dawnStart(t); len(valueFeatures(g, 0)) != len(m.W) {
		t.Fatalf("valueFeatures gives %d features, %d weights", len(valueFeatures(g, 0)), len(m.W))
	}
}

func dawnStart(t *testing.T) *game.Game {
	t.Helper()
	g, err := game.New(loadScn(t, "dawn"), 1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// What the fit learned points the way the rules do (16.12: a side whose
// Break Point Track runs out loses; 16.11: objectives count against the
// track): from the same position, the side's chance rises when an enemy
// unit is lost and falls when one of its own is, and a finished game's
// chance is its result. The positions are the veteran's own games.
func TestLearnedValueFollowsTheBreakPoint16_12(t *testing.T) {
	m := LearnedValue()
	for _, g := range expertPositions(t, "defence", 5, 23, 4) {
		for me := 0; me < 2; me++ {
			f := valueFeatures(g, me)
			base := m.Logit(f)
			enemyLoses := slices.Clone(f)
			enemyLoses[7]--
			enemyLoses[9] = math.Min(enemyLoses[7], 3)
			iLose := slices.Clone(f)
			iLose[6]--
			iLose[8] = math.Min(iLose[6], 3)
			if m.Logit(enemyLoses) <= base || m.Logit(iLose) >= base {
				t.Errorf("turn %d side %d: logit %.3f; enemy a marker down %.3f, own a marker down %.3f", g.Turn(), me, base, m.Logit(enemyLoses), m.Logit(iLose))
			}
			if p := m.winChance(g, me); p <= 0 || p >= 1 {
				t.Errorf("turn %d side %d: chance %.3f of a game not over", g.Turn(), me, p)
			}
		}
	}
}

// The expert's learned judge (Judge = JudgeLearned) values each option at
// the horizon as WinWorth × a chance of winning: every option's mean lies
// between 0 and WinWorth, and the veteran's games give decisions where it
// weighs options at all.
func TestExpertLearnedJudgeValuesAChance(t *testing.T) {
	weighed := 0
	for _, g := range expertPositions(t, "escarpment", 4, 13, 5) {
		e := NewDecider(ExpertLevel).(*Expert)
		e.Judge = JudgeLearned
		e.Decide(g.Observe(g.Actor()))
		if len(e.Options()) > 1 {
			weighed++
		}
		for _, x := range e.Options() {
			if x.Value < 0 || x.Value > e.WinWorth {
				t.Errorf("turn %d: %q valued %.2f, outside 0..%.0f", g.Turn(), x.Command, x.Value, e.WinWorth)
			}
		}
	}
	if weighed == 0 {
		t.Fatal("no decision weighed options")
	}
}
