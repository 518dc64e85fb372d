package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 20: `game review SAVE [--json]` on a finished game prints the
// review (an object with --json), refuses an unfinished game with the
// save's line and exit 1, and takes exactly one save.
func TestGameReview(t *testing.T) {
	dir := t.TempDir()
	done := filepath.Join(dir, "done.save")
	if code, _, errs := run(t, "sim", "--scenario", "encounter", "--seed", "2", "--allies", "defer", "--axis", "defer", "--save", done); code != 0 {
		t.Fatalf("sim: %d %s", code, errs)
	}
	code, out, errs := run(t, "game", "review", done, "--json")
	if code != 0 || errs != "" {
		t.Fatalf("review --json: exit %d, stderr %q", code, errs)
	}
	var r struct {
		Scenario string  `json:"scenario"`
		Result   string  `json:"result"`
		Winner   *string `json:"winner"`
		Turning  []any   `json:"turning_points"`
		Sides    []struct {
			ID        string `json:"id"`
			ByTurn    []any  `json:"by_turn"`
			Costliest []any  `json:"costliest"`
		} `json:"sides"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	// Two sides that only defer: a draw at the turn limit (7.1 step 10),
	// a line per turn for each side, nothing turned.
	if r.Scenario != "encounter" || r.Winner != nil || !strings.HasPrefix(r.Result, "draw") || len(r.Sides) != 2 ||
		len(r.Sides[0].ByTurn) != 7 || len(r.Sides[1].ByTurn) != 7 || len(r.Turning) != 0 {
		t.Errorf("review of a deferred game: %s", out)
	}
	code, out, errs = run(t, "game", "review", done)
	if code != 0 || errs != "" || !strings.Contains(out, "Turning points") || !strings.Contains(out, "Break Point and losses by turn (16.12)") || !strings.Contains(out, "Costliest decisions: axis") {
		t.Errorf("review: exit %d, stderr %q, stdout %q", code, errs, out)
	}

	open := filepath.Join(dir, "open.save")
	if code, _, errs := run(t, "game", "new", "--scenario", "encounter", "--seed", "2", "-o", open); code != 0 {
		t.Fatalf("game new: %d %s", code, errs)
	}
	code, out, errs = run(t, "game", "review", open)
	if code != 1 || out != "" || !strings.HasPrefix(errs, open+":") || !strings.Contains(errs, "the game is not over") {
		t.Errorf("unfinished: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, args := range [][]string{{"game", "review"}, {"game", "review", done, open}, {"game", "review", done, "--bogus"}} {
		if code, _, errs := run(t, args...); code != 2 || !strings.HasPrefix(errs, "flag: ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// Issue 20: `game ai` keeps the computer's reason for each command it
// plays on a why line after the command, and the save still loads.
func TestGameAIKeepsReasons(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.save")
	if code, _, errs := run(t, "game", "new", "--scenario", "encounter", "--seed", "4", "-o", save); code != 0 {
		t.Fatalf("game new: %d %s", code, errs)
	}
	code, out, errs := run(t, "game", "ai", save)
	if code != 0 {
		t.Fatalf("game ai: %d %s", code, errs)
	}
	data, _ := os.ReadFile(save)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	dos, whys := 0, 0
	for i, l := range lines {
		if strings.HasPrefix(l, "do ") {
			dos++
		}
		if w, ok := strings.CutPrefix(l, "why "); ok {
			whys++
			if !strings.HasPrefix(lines[i-1], "do ") || !strings.Contains(out, "# "+w) {
				t.Errorf("why line %q: not after its command, or not the reason game ai printed", l)
			}
		}
	}
	if dos == 0 || whys != dos {
		t.Errorf("%d commands, %d why lines:\n%s", dos, whys, data)
	}
	if code, _, errs := run(t, "replay", save); code != 0 {
		t.Errorf("replay: %d %s", code, errs)
	}
}
