package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// sampleTrace plays a sample forward a few commands with a seeded random
// player and records everything both sides of it could read: what the
// lookahead would see of that sampled world.
func sampleTrace(s *Game, n int) string {
	var sb strings.Builder
	p := NewRandomPlayer(3)
	for i := 0; i < n && !s.Over(); i++ {
		sb.WriteString(fogView(s, 0))
		sb.WriteString(fogView(s, 1))
		sb.WriteString(strings.Join(s.Legal(), ","))
		c := p.pick(s.LegalCommands())
		if _, err := s.Do(c); err != nil {
			return sb.String() + "refused " + c + ": " + err.Error()
		}
		sb.WriteString(c + "\n")
	}
	return sb.String()
}

// Issue 20, the expert sees nothing it should not: a sampled world is
// built from the side's observation only. On TestFogDifferential's
// variants (a base under an enemy marker moved, an extra one, one dug in
// or not, an unannounced reinforcement, hidden mines), while the side's
// view is the same, the sample for the same seed is the same: the same
// views for both sides and the same legal lists as it is played forward.
// And a sample agrees with what the side sees: its view of the sample is
// its view of the game.
func TestSampleIgnoresWhatTheSideCannotKnow(t *testing.T) {
	for _, name := range builtinGames(t) {
		for obs := 0; obs < 2; obs++ {
			t.Run(fmt.Sprintf("%s/%d", name, obs), func(t *testing.T) {
				vs := fogVariants(t, name, obs, 1)
				base := vs[0].g
				player := NewRandomPlayer(11)
				compared := 0
				for step := 0; step < 80 && !base.Over(); step++ {
					if base.actor == obs && step%4 == 0 {
						s := base.Observe(obs).Sample(uint64(step))
						if got, want := fogView(s, obs), fogView(base, obs); got != want {
							t.Fatalf("after %d commands the side's view of its sample is not its view of the game:\n%s", step, firstDiff(strings.ReplaceAll(want, ",", ",\n"), strings.ReplaceAll(got, ",", ",\n")))
						}
						trace := sampleTrace(s, 12)
						for _, v := range vs[1:] {
							if !v.live || fogView(v.g, obs) != fogView(base, obs) {
								v.live = false
								continue
							}
							compared++
							if tv := sampleTrace(v.g.Observe(obs).Sample(uint64(step)), 12); tv != trace {
								t.Errorf("variant %q after %d commands: the sample differs:\n%s", v.name, step, firstDiff(strings.ReplaceAll(trace, ",", ",\n"), strings.ReplaceAll(tv, ",", ",\n")))
								v.live = false
							}
						}
					}
					lists := [][]string{base.Legal()}
					for _, v := range vs[1:] {
						if v.live {
							lists = append(lists, v.g.Legal())
						}
					}
					var both []string
					for _, c := range lists[0] {
						in := true
						for _, l := range lists[1:] {
							in = in && slices.Contains(l, c)
						}
						if in {
							both = append(both, c)
						}
					}
					if len(both) == 0 {
						break
					}
					c := player.pick(mustParse(t, both))
					for _, v := range vs {
						if v.live {
							if _, err := v.g.Do(c); err != nil {
								v.live = false
							}
						}
					}
				}
				if compared == 0 {
					t.Fatalf("no variant compared")
				}
				t.Logf("%d samples compared over %d variants", compared, len(vs)-1)
			})
		}
	}
}
