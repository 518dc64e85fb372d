// Command evaltrain fits the expert's learned evaluation (engine/ai
// eval.go, docs/ai.md "Expert, fourth pass: a learned evaluation").
//
//	evaltrain record -seeds 2000-2159 -o train.csv   the veteran's games, recorded
//	evaltrain fit -train train.csv -test test.csv -o engine/ai/eval_weights.go
//
// record plays the veteran against itself (ai2 v ai2) on the shipped
// scenarios and, at each choice of activation, writes the features of a
// world sampled from the acting side's Observation (what the expert's
// lookahead evaluates), labelled with whether that side won (1), lost (0)
// or drew (0.5). fit fits a logistic regression (ai.FitLogistic), prints
// the held-out log loss and accuracy by turn, and writes the weights as a
// Go table. Everything is deterministic: the same seeds give the same
// file. Keep the seeds far from the expert check's (701–716).
package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"go/format"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"khamsin/engine/ai"
	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/engine/scenario"
)

// maxCSV bounds a feature file read back (about 50 MB).
const maxCSV = 50 << 20

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: evaltrain record|fit [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "record":
		err = record(os.Args[2:], os.Stdout)
	case "fit":
		err = fit(os.Args[2:], os.Stdout)
	default:
		err = fmt.Errorf("flag: %q: expected record or fit", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func seedRange(s string) (lo, hi uint64, err error) {
	a, b, ok := strings.Cut(s, "-")
	if lo, err = strconv.ParseUint(a, 10, 64); err != nil {
		return 0, 0, fmt.Errorf("flag: -seeds: %w", err)
	}
	hi = lo
	if ok {
		if hi, err = strconv.ParseUint(b, 10, 64); err != nil {
			return 0, 0, fmt.Errorf("flag: -seeds: %w", err)
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("flag: -seeds: %s is empty", s)
	}
	return lo, hi, nil
}

// recorder is the veteran, noting the features of a sampled world at each
// choice of activation of its side.
type recorder struct {
	p    *ai.Player
	rows [][]float64
	turn []int
}

func (r *recorder) Choose(o *game.Observation) string {
	if o.ToAct() && o.Phase() == game.PhaseActivate && o.View().Open == "" {
		h := fnv.New64a()
		fmt.Fprintf(h, "evaltrain|%d|%d|%d", o.Seed(), o.Side(), len(o.Events()))
		r.rows = append(r.rows, ai.SampleFeatures(o, h.Sum64()))
		r.turn = append(r.turn, o.Turn())
	}
	return r.p.Choose(o)
}

func (r *recorder) Reason() string { return r.p.Reason() }

type job struct {
	scn  string
	seed uint64
	out  bytes.Buffer
	err  error
}

func (j *job) run() {
	s, err := scenario.Load(j.scn)
	if err != nil {
		j.err = err
		return
	}
	g, err := game.New(s, j.seed)
	if err != nil {
		j.err = err
		return
	}
	rs := [2]*recorder{{p: ai.New(ai.MaxLevel)}, {p: ai.New(ai.MaxLevel)}}
	if err := g.Play([2]game.Player{rs[0], rs[1]}); err != nil {
		j.err = err
		return
	}
	w := csv.NewWriter(&j.out)
	for side, r := range rs {
		label := "0.5"
		switch g.Winner() {
		case side:
			label = "1"
		case 1 - side:
			label = "0"
		}
		for i, f := range r.rows {
			row := []string{j.scn, strconv.FormatUint(j.seed, 10), strconv.Itoa(side), strconv.Itoa(r.turn[i]), label}
			for _, v := range f {
				row = append(row, strconv.FormatFloat(v, 'g', 6, 64))
			}
			w.Write(row)
		}
	}
	w.Flush()
}

func record(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	seeds := fs.String("seeds", "2000-2009", "seed range N-M (keep far from 701-716)")
	scns := fs.String("scenarios", strings.Join(shipped(), ","), "scenarios")
	out := fs.String("o", "", "the feature file (CSV) to write")
	workers := fs.Int("workers", 1, "games at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("flag: -o: record needs a file")
	}
	lo, hi, err := seedRange(*seeds)
	if err != nil {
		return err
	}
	var jobs []*job
	for seed := lo; seed <= hi; seed++ {
		for _, s := range strings.Split(*scns, ",") {
			jobs = append(jobs, &job{scn: s, seed: seed})
		}
	}
	ch := make(chan *job)
	var wg sync.WaitGroup
	for range max(1, *workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				j.run()
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	var all bytes.Buffer
	all.WriteString("scenario,seed,side,turn,label," + strings.Join(ai.ValueFeatureNames, ",") + "\n")
	for _, j := range jobs {
		if j.err != nil {
			return fmt.Errorf("%s seed %d: %w", j.scn, j.seed, j.err)
		}
		all.Write(j.out.Bytes())
	}
	fmt.Fprintf(stdout, "%d games recorded to %s\n", len(jobs), *out)
	return fileio.WriteFile(*out, all.Bytes(), 0o644)
}

func shipped() []string {
	var out []string
	for _, n := range scenario.BuiltinNames() {
		if s, err := scenario.Load(n); err == nil && len(s.Sides) == 2 {
			out = append(out, n)
		}
	}
	return out
}

type data struct {
	x    [][]float64
	y    []float64
	turn []int
	scn  []string
	side []string
}

// withGroups is x with one indicator column per (scenario, side) of
// groups: nuisance effects, so that what a scenario's side wins by its
// balance alone is not read into the features that tell its positions
// apart (the attacker of a scenario whose attack starts far off and wins
// often would otherwise teach that distance wins).
func withGroups(d *data, groups []string) [][]float64 {
	out := make([][]float64, len(d.x))
	for i, f := range d.x {
		r := append(slices.Clone(f), make([]float64, len(groups))...)
		if j := slices.Index(groups, d.scn[i]+"/"+d.side[i]); j >= 0 {
			r[len(f)+j] = 1
		}
		out[i] = r
	}
	return out
}

func readData(path string) (*data, error) {
	b, err := fileio.ReadFile(path, maxCSV)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(b))
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	want := "scenario,seed,side,turn,label," + strings.Join(ai.ValueFeatureNames, ",")
	if strings.Join(head, ",") != want {
		return nil, fmt.Errorf("%s:1: the columns are not ValueFeatureNames (record again)", path)
	}
	d := &data{}
	for line := 2; ; line++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		y, err := strconv.ParseFloat(rec[4], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: label: %w", path, line, err)
		}
		t, err := strconv.Atoi(rec[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: turn: %w", path, line, err)
		}
		f := make([]float64, len(rec)-5)
		for i := range f {
			if f[i], err = strconv.ParseFloat(rec[5+i], 64); err != nil {
				return nil, fmt.Errorf("%s:%d: %s: %w", path, line, head[5+i], err)
			}
		}
		d.x, d.y, d.turn, d.scn, d.side = append(d.x, f), append(d.y, y), append(d.turn, t), append(d.scn, rec[0]), append(d.side, rec[2])
	}
	return d, nil
}

func fit(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	train := fs.String("train", "", "training features (record's CSV)")
	test := fs.String("test", "", "held-out features")
	l2 := fs.Float64("l2", 1, "L2 penalty (on standardised features)")
	nuisance := fs.Bool("groups", true, "fit a nuisance effect per scenario and side (left out of the shipped weights)")
	out := fs.String("o", "", "write the weights as this Go file (engine/ai/eval_weights.go)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	tr, err := readData(*train)
	if err != nil {
		return err
	}
	var groups []string
	for i := range tr.x {
		if g := tr.scn[i] + "/" + tr.side[i]; !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	slices.Sort(groups)
	if !*nuisance {
		groups = nil
	}
	wg, err := ai.FitLogistic(withGroups(tr, groups), tr.y, *l2, 50)
	if err != nil {
		return err
	}
	// the shipped model knows no scenario: its bias takes the groups' mean
	k := len(ai.ValueFeatureNames)
	w := slices.Clone(wg[:k])
	for j := range groups {
		w[0] += wg[k+j] / float64(len(groups))
		fmt.Fprintf(stdout, "  group %-14s %+.4f\n", groups[j], wg[k+j])
	}
	m := &ai.ValueModel{Names: ai.ValueFeatureNames, W: w}
	report := func(name string, d *data) {
		p := make([]float64, len(d.y))
		for i, f := range d.x {
			p[i] = ai.Sigmoid(m.Logit(f))
		}
		base := make([]float64, len(d.y))
		for i := range base {
			base[i] = 0.5
		}
		fmt.Fprintf(stdout, "%s: %d rows, log loss %.4f (a coin: %.4f), accuracy %.3f\n", name, len(d.y), ai.LogLoss(p, d.y), ai.LogLoss(base, d.y), accuracy(p, d.y, nil))
		for t := 1; t <= 12; t++ {
			sel := func(i int) bool { return d.turn[i] == t }
			if n := count(len(d.y), sel); n > 0 {
				fmt.Fprintf(stdout, "  turn %2d: %5d rows, accuracy %.3f\n", t, n, accuracy(p, d.y, sel))
			}
		}
		for _, s := range shipped() {
			sel := func(i int) bool { return d.scn[i] == s }
			if n := count(len(d.y), sel); n > 0 {
				fmt.Fprintf(stdout, "  %-10s: %5d rows, accuracy %.3f\n", s, n, accuracy(p, d.y, sel))
			}
		}
	}
	report("train", tr)
	var te *data
	if *test != "" {
		if te, err = readData(*test); err != nil {
			return err
		}
		report("held out", te)
		// the same rows with each scenario's side known (the nuisance
		// effects in): how much of the fit is the scenarios' balance
		if len(groups) > 0 {
			xg := withGroups(te, groups)
			p := make([]float64, len(te.y))
			for i, f := range xg {
				p[i] = ai.Sigmoid((&ai.ValueModel{W: wg}).Logit(f))
			}
			fmt.Fprintf(stdout, "held out, scenario and side known: log loss %.4f, accuracy %.3f\n", ai.LogLoss(p, te.y), accuracy(p, te.y, nil))
		}
	}
	for i, n := range ai.ValueFeatureNames {
		fmt.Fprintf(stdout, "  %-18s %+.4f\n", n, w[i])
	}
	if *out == "" {
		return nil
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by cmd/evaltrain (fit -train %s -test %s -l2 %g -groups=%t); DO NOT EDIT.\n", filepath.Base(*train), filepath.Base(*test), *l2, *nuisance)
	b.WriteString("// Regenerate: make eval-train (docs/ai.md, \"Expert, fourth pass\").\n\npackage ai\n\n")
	b.WriteString("// valueNames are the features the weights were fitted on (ValueFeatureNames then).\nvar valueNames = []string{\n")
	for _, n := range ai.ValueFeatureNames {
		fmt.Fprintf(&b, "\t%q,\n", n)
	}
	b.WriteString("}\n\n// valueWeights are the fitted logistic regression's weights, one per feature.\nvar valueWeights = []float64{\n")
	for i, v := range w {
		fmt.Fprintf(&b, "\t%s, // %s\n", strconv.FormatFloat(v, 'g', 8, 64), ai.ValueFeatureNames[i])
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	return fileio.WriteFile(*out, src, 0o644)
}

func count(n int, sel func(int) bool) int {
	c := 0
	for i := 0; i < n; i++ {
		if sel(i) {
			c++
		}
	}
	return c
}

// accuracy is how often the model's favourite won (draws left out).
func accuracy(p, y []float64, sel func(int) bool) float64 {
	ok, n := 0, 0
	for i := range p {
		if (sel != nil && !sel(i)) || y[i] == 0.5 {
			continue
		}
		n++
		if (p[i] > 0.5) == (y[i] == 1) {
			ok++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}
