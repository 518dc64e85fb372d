//go:build !e3tune

package ai

import "khamsin/engine/game"

// tune and debug are the measuring hooks of expert_tune.go (build tag
// e3tune), absent from a normal build.
func (e *Expert) tune() {}

func (e *Expert) debug(*game.Observation, []Option) {}
