package render

// Read-only views of the play screen for the window scripts
// (cmd/khamsin's hot-seat and solo scripts).

// LogText is the event log's lines as the panel wraps them (the side at
// the screen's log, or the replay's while one runs).
func (s *PlayScene) LogText() []string {
	out := make([]string, len(s.log))
	for i, l := range s.log {
		out[i] = l.text
	}
	return out
}

// HelpUp reports the help on the screen and whether it shows How to play.
func (s *PlayScene) HelpUp() (up, howTo bool) {
	if h := s.help(); h != nil {
		return true, h.howto.open
	}
	return false, false
}

// ResultUp reports the end-of-game screen up.
func (s *PlayScene) ResultUp() bool { return s.resultUp() }
