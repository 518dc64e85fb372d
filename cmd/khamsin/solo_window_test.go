package main

import (
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/ai"
	"khamsin/engine/game"
	"khamsin/render"
	"khamsin/render/ui"
)

// The solo twin of TestHotseatWindowScript (issue 18, "Proof"): the real
// window under Xvfb, driven through the game's InputSource, opens the
// menu, starts the scenario against the computer, and plays the human
// side by ending or deferring each activation while the computer plays
// the other. After every computer command the status bar and the event
// log are checked against the engine: they name no enemy base or unit
// the human side was never shown (not in its view, named by none of the
// events its Observation holds). The player's turn summary comes at the
// start of their turn; F1 opens the help, Tab How to play, Esc closes it.
// It runs in a child process (KHAMSIN_SOLO_SCRIPT), as the hot seat's.

func TestSoloWindowScript(t *testing.T) {
	needWindow(t)
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KHAMSIN_MUTE=1", "KHAMSIN_SOLO_SCRIPT="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("solo window script ran %.1f s\n%s", time.Since(start).Seconds(), out)
	if err != nil {
		t.Fatalf("the solo window script failed: %v", err)
	}
	if !strings.Contains(string(out), "script: done") {
		t.Fatalf("the solo window script did not finish")
	}
	for _, name := range []string{"solo-play", "solo-help", "solo-howto", "solo-opponent"} {
		if _, err := os.Stat(filepath.Join(dir, name+".png")); err != nil {
			t.Errorf("no %s screenshot: %v", name, err)
		}
	}
}

// words splits a line into its words of letters and digits: base and
// unit IDs are matched whole ("A4" is not in "A4b").
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// checkNothingHidden: the status line and the log name no enemy base or
// unit the human side was never shown.
func (d *hsDriver) checkNothingHidden(human int) int {
	ps := d.play()
	g := ps.Game()
	them := g.Side(1 - human).ID
	obs := g.Observe(human)
	known := map[string]bool{}
	v := obs.View()
	for _, b := range v.Bases {
		known[b.ID], known[b.Unit] = true, true
	}
	for _, u := range v.Units {
		known[u.ID] = true
	}
	for _, c := range v.Contacts {
		known[c.ID] = true
	}
	for _, e := range obs.Events() {
		for _, b := range e.Bases {
			known[b] = true
		}
		for _, u := range e.Units {
			known[u] = true
		}
	}
	secret := map[string]bool{}
	umpire := g.ViewAs(-1)
	for _, b := range umpire.Bases {
		if b.Side != them {
			continue
		}
		if !known[b.ID] {
			secret[b.ID] = true
		}
		if !known[b.Unit] {
			secret[b.Unit] = true
		}
	}
	msg, _ := ps.Message()
	for _, line := range append([]string{msg}, ps.LogText()...) {
		for _, w := range words(line) {
			if secret[w] {
				panic(fmt.Errorf("the screen names %s, which side %s was never shown: %q", w, g.Side(human).ID, line))
			}
		}
	}
	return len(secret)
}

// soloScript is the scripted solo session.
func (d *hsDriver) soloScript() {
	<-d.req
	d.until("the menu", func() bool { return d.w.Menu() != nil })
	d.idle(30)
	d.key(ebiten.KeyDigit1)
	if d.w.Menu().Mode() != render.ModeSolo {
		panic(fmt.Errorf("menu: mode %s", d.w.Menu().Mode()))
	}
	if os.Getenv("KHAMSIN_SOLO_EXPERT") != "" {
		// make race: the expert thinks on its goroutine while the window draws
		for i := 0; i < 3 && d.w.Menu().Opponent() != ai.ExpertLevel; i++ {
			d.key(ebiten.KeyO)
		}
		if d.w.Menu().Opponent() != ai.ExpertLevel {
			panic(fmt.Errorf("menu: opponent %d after O, want the expert", d.w.Menu().Opponent()))
		}
	}
	d.key(ebiten.KeyEnter)
	d.until("the game", func() bool { return d.play() != nil })
	ps := d.play()
	g := ps.Game()
	d.idle(2)
	if ps.Covered() {
		panic("a solo game opened behind the hand-over screen")
	}
	human := ps.Side()
	myTurn := func() bool { return g.Over() || g.Actor() == human && len(ps.Legal()) > 0 }
	d.until("the player's first command", myTurn)
	d.idle(2)
	d.shot("solo-play")

	// F1: the keys; Tab: How to play; Esc closes; the map is back
	d.key(ebiten.KeyF1)
	if up, howTo := ps.HelpUp(); !up || howTo {
		panic(fmt.Errorf("F1: help %v, How to play %v; want the keys", up, howTo))
	}
	d.shot("solo-help")
	d.key(ebiten.KeyTab)
	if up, howTo := ps.HelpUp(); !up || !howTo {
		panic(fmt.Errorf("Tab in the help: help %v, How to play %v", up, howTo))
	}
	d.shot("solo-howto")
	d.key(ebiten.KeyEscape)
	if up, _ := ps.HelpUp(); up {
		panic("Esc did not close How to play")
	}

	// play the human side: Challenge ready, initiative 1, then end or
	// defer each activation; check the screen after the computer's commands
	computer, summaries, secrets := 0, 0, 0
	for i := 0; i < 60 && !g.Over() && (computer < 6 || summaries == 0) && d.tick < hsTickLimit-1500; i++ {
		n0 := len(g.Cmds())
		d.until("the player's turn", myTurn)
		if g.Over() {
			break
		}
		if len(g.Cmds()) > n0 { // the computer acted meanwhile
			computer += len(g.Cmds()) - n0
			if n := d.checkNothingHidden(human); n > secrets {
				secrets = n
			}
			if computer == 1 || computer == 6 {
				d.shot("solo-opponent")
			}
		}
		if ps.Summary() != nil {
			summaries++
			d.idle(2)
			d.shot("solo-summary")
			d.key(ebiten.KeySpace) // put away: the player acts
		}
		legal := ps.Legal()
		n1 := len(g.Cmds())
		switch {
		case g.Phase() == game.PhaseChallenge:
			d.key(ebiten.KeyEnter)
		case g.Phase() != game.PhaseActivate:
			d.key(ebiten.KeyDigit1)
		case slices.Contains(legal, "end"):
			d.key(ebiten.KeyE)
		case slices.Contains(legal, "defer"):
			d.key(ebiten.KeyD)
		default:
			d.idle(1)
		}
		if len(g.Cmds()) == n1 && len(ps.Legal()) > 0 && g.Actor() == human {
			// the key gave nothing (a summary or notice took it): once more
			d.idle(2)
		}
		d.checkNothingHidden(human)
	}
	if computer == 0 {
		panic(fmt.Errorf("the computer gave no command: %q", g.Cmds()))
	}
	fmt.Printf("script: %d computer commands checked; at most %d enemy IDs unknown to side %s; %d turn summaries\n", computer, secrets, g.Side(human).ID, summaries)
	if secrets == 0 {
		panic("no enemy base or unit was ever hidden from the player: the check proved nothing")
	}
	if summaries == 0 {
		panic(fmt.Errorf("the player came back to act after the computer's commands with no summary of them (turn %d)", g.Turn()))
	}
	img := d.shot("solo-end")
	if !image.Pt(10, 10).In(img.Bounds()) {
		panic("no frame")
	}
	fmt.Printf("script: done in %d ticks: %d commands, turn %d\n", d.tick, len(g.Cmds()), g.Turn())
	d.key(ebiten.KeyQ)
	d.key(ebiten.KeyQ)
	for {
		d.send(ui.InputState{})
	}
}

// runSoloScript is the child process: the window and the solo script.
func runSoloScript(dir string) int {
	return runScript(dir, (*hsDriver).soloScript)
}
