//go:build tune

package ai

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"khamsin/engine/game"
)

// A measuring build (go build -tags tune): KHAMSIN_EXPERT_TUNE="Judge=1
// Margin=0.5 ..." sets a new expert's fields, so variants are measured on
// one binary (docs/ai.md, "Expert, fourth pass"). Not in the shipped
// build.
func init() {
	if os.Getenv("KHAMSIN_EXPERT_DEBUG") != "" {
		debugExpert = func(o *game.Observation, opts []Option) {
			var vet Option
			for _, x := range opts {
				if x.Veteran {
					vet = x
				}
			}
			fmt.Fprintf(os.Stderr, "debug turn %d %s open=%t chose %q (%.2f) veteran %q (%.2f) overruled=%t\n", o.Turn(), o.SideID(), o.View().Open != "", opts[0].Command, opts[0].Value, vet.Command, vet.Value, !opts[0].Veteran)
		}
	}
	spec := os.Getenv("KHAMSIN_EXPERT_TUNE")
	if spec == "" {
		return
	}
	tuneExpert = func(e *Expert) {
		for _, kv := range strings.Fields(spec) {
			k, v, _ := strings.Cut(kv, "=")
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				fmt.Fprintf(os.Stderr, "KHAMSIN_EXPERT_TUNE: %s: %v\n", kv, err)
				os.Exit(2)
			}
			switch k {
			case "Judge":
				e.Judge = Judge(f)
			case "WinWorth":
				e.WinWorth = f
			case "Margin":
				e.Margin = f
			case "Every":
				e.Every = f != 0
			case "Budget":
				e.Budget = int(f)
			case "Samples":
				e.Samples = int(f)
			case "K":
				e.K = int(f)
			case "Focus":
				e.Focus = f != 0
			case "Alike":
				e.Alike = f != 0
			default:
				fmt.Fprintf(os.Stderr, "KHAMSIN_EXPERT_TUNE: no field %s\n", k)
				os.Exit(2)
			}
		}
	}
}
