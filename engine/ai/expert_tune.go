//go:build e3tune

package ai

import (
	"fmt"
	"khamsin/engine/game"
	"os"
	"strconv"
	"strings"
)

// tune is a TEMPORARY measuring hook (not to be shipped): KHAMSIN_E3 =
// "margin=0,keyed=0,exact=0,samples=2,budget=120,mincap=4".
func (e *Expert) tune() {
	for _, kv := range strings.Split(os.Getenv("KHAMSIN_E3"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		f, _ := strconv.ParseFloat(v, 64)
		switch k {
		case "margin":
			e.Margin = f
		case "keyed":
			e.Keyed = f != 0
		case "exact":
			e.Exact = f != 0
		case "samples":
			e.Samples = int(f)
		case "budget":
			e.Budget = int(f)
		case "mincap":
			e.MinCap = int(f)
		case "k":
			e.K = int(f)
		case "alike":
			e.Alike = f != 0
		case "every":
			e.Every = f != 0
		case "pos":
			e.Position = f
		case "debug":
			e.dbg = f != 0
		case "focus":
			e.Focus = f != 0
		}
	}
}

func (e *Expert) debug(o *game.Observation, opts []Option) {
	if !e.dbg {
		return
	}
	fmt.Fprintf(os.Stderr, "E3 t%d side%d open=%v chose=%q vet=%v", o.Turn(), o.Side(), o.View().Open != "", opts[0].Command, opts[0].Veteran)
	for _, x := range opts {
		fmt.Fprintf(os.Stderr, " | %s %.2f beats=%v", x.Command, x.Value, x.beats)
	}
	fmt.Fprintln(os.Stderr)
}
