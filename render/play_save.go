package render

import (
	"fmt"
	"math"
	"strings"

	"khamsin/engine/fileio"
	"khamsin/engine/game"
	"khamsin/render/ui"
)

// Saves and kept settings: the autosave after every command, a file per
// turn, Ctrl+L, the mute key and the zoom kept.

// autosave writes the game to SavePath after every command so a crash
// loses nothing, and when a new turn begins also to a file of that turn
// (TurnSavePath: "dawn-turn3.save"), kept, so a player can go back to the
// start of any turn (turn 1's, the new game as it opened, is written with
// the first autosave).
func (s *PlayScene) autosave() {
	if s.opts.NoAutosave {
		return
	}
	if s.turn1 != nil { // the start of turn 1, kept like the others (written first: the save itself stays the newest file)
		if err := fileio.WriteFile(s.TurnSavePath(1), s.turn1, 0o644); err != nil {
			s.post("autosave: "+err.Error(), true)
		}
		s.turn1 = nil
	}
	data := s.g.Save(s.scenarioRef())
	if err := fileio.WriteFile(s.SavePath(), data, 0o644); err != nil {
		s.post("autosave: "+err.Error(), true)
		return
	}
	if s.g.Turn() != s.turnSaved {
		s.turnSaved = s.g.Turn()
		if err := fileio.WriteFile(s.TurnSavePath(s.g.Turn()), data, 0o644); err != nil {
			s.post("autosave: "+err.Error(), true)
		}
	}
}

// TurnSavePath is the autosave of the start of turn n: the save's name
// with "-turnN" before ".save".
func (s *PlayScene) TurnSavePath(n int) string {
	return fmt.Sprintf("%s-turn%d.save", strings.TrimSuffix(s.SavePath(), ".save"), n)
}

// loadSaved replaces the game with the one saved at SavePath (Ctrl+L):
// the same scenario, replayed through game.Load.
func (s *PlayScene) loadSaved() {
	path := s.SavePath()
	g, _, err := game.Load(path)
	if err != nil {
		s.post("load: "+err.Error(), true)
		return
	}
	w0, h0 := s.g.Map.Size()
	if w1, h1 := g.Map.Size(); g.Scn.Title != s.g.Scn.Title || w0 != w1 || h0 != h1 {
		s.post("load: "+path+" is a game of "+g.Scn.Title+": load it from the menu", true)
		return
	}
	s.g = g
	s.gen++
	s.screens, s.anim, s.dice, s.handOver, s.sum, s.acting = nil, nil, nil, false, nil, false
	s.ghosts = [2]*game.Game{}
	s.sel, s.selUnit, s.mode = "", "", ""
	s.seen = [2]int{len(g.Cmds()), len(g.Cmds())}
	s.turnSaved, s.turn1 = g.Turn(), nil
	s.cams = [2]*ui.Camera{}
	if s.opts.Mode != ModeSolo {
		s.side = g.Actor()
	}
	if s.opts.Mode == ModeHotseat && !s.opts.NoHandover && !g.Over() {
		s.push(&handOverScreen{})
	}
	s.overSeen = false
	s.refresh()
	s.markSeen(0)
	s.markSeen(1)
	s.post(fmt.Sprintf("loaded %s: turn %d, %d commands", path, g.Turn(), len(g.Cmds())), false)
}

// muteKey is Ctrl+M or F8: sound off and on.
func (s *PlayScene) muteKey() bool {
	return s.act.JustPressed(ui.ActionMute)
}

// settingsChanged applies a change to the kept settings and writes them
// (when the game keeps them: PlayOptions.SettingsPath).
func (s *PlayScene) settingsChanged(change func(*Settings)) {
	if s.opts.SettingsPath == "" {
		return
	}
	st, _ := LoadSettings(s.opts.SettingsPath) // a bad file is rewritten whole
	change(&st)
	if err := SaveSettings(s.opts.SettingsPath, st); err != nil {
		s.post(err.Error(), true)
	}
}

// keepZoom keeps the zoom the player left the game at.
func (s *PlayScene) keepZoom() {
	z := math.Min(MaxSettingsZoom, math.Max(MinSettingsZoom, s.board.Cam.Scale()))
	s.settingsChanged(func(st *Settings) { st.Zoom = math.Round(z*100) / 100 })
}
