// Package sound plays the game's short cues, synthesised in code, and
// stays silent where there is no audio device.
package sound
