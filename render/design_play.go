package render

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"khamsin/engine/fileio"
)

// Play it: the scenario as it stands is written to a file of its own and
// played in a second window (Ebitengine runs one game per process), while
// the designer stays where it was; closing the game comes back to it.

// playIt is G: write the scenario and start the game on it.
func (s *DesignScene) playIt() {
	if s.parseErr != nil || !allWarnings(s.probs) {
		s.post("Play it needs a scenario that checks: fix the problems first (P)")
		return
	}
	dir, err := os.MkdirTemp("", "khamsin-design-")
	if err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	name := "scenario.toml"
	if s.doc.Builtin != "" {
		name = s.doc.Builtin + ".toml"
	} else if b := filepath.Base(s.doc.File); b != "." && b != "" {
		name = b
	}
	path := filepath.Join(dir, name)
	if err := fileio.WriteFile(path, s.doc.Bytes(), 0o644); err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	launch := s.opts.PlayIt
	if launch == nil {
		launch = launchPlay
	}
	if err := launch(path); err != nil {
		s.post("Play it: " + err.Error())
		return
	}
	s.post(fmt.Sprintf("Play it: the game opens in its own window on %s (hot seat); close it to come back", path))
}

// launchPlay runs `khamsin play --scenario PATH` (this program) in the
// background; the designer does not wait for it.
func launchPlay(path string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe, "play", "--scenario", path, "--mode", "hotseat")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
