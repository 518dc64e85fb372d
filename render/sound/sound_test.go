package sound

import (
	"encoding/binary"
	"math"
	"testing"
)

// The click is synthesised, stereo, short, and decays to near silence.
func TestSynthClick(t *testing.T) {
	b := synthClick()
	frames := len(b) / 8
	if frames != soundRate*45/1000 {
		t.Fatalf("%d frames", frames)
	}
	sample := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[i*8:])) }
	peak := float32(0)
	for i := 0; i < frames/4; i++ {
		if v := float32(math.Abs(float64(sample(i)))); v > peak {
			peak = v
		}
	}
	if peak < 0.05 || peak > 1 {
		t.Errorf("peak %v", peak)
	}
	if tail := math.Abs(float64(sample(frames - 1))); tail > 0.01 {
		t.Errorf("tail %v should have decayed", tail)
	}
}

// A muted Player never opens the device, and a nil Player is silent too.
func TestSoundMuted(t *testing.T) {
	s := New(true)
	if !s.Muted() {
		t.Error("mute flag ignored")
	}
	s.Click() // must not panic or block
	var none *Player
	none.Click()
	if !none.Muted() {
		t.Error("nil sound is muted")
	}
	t.Setenv(MuteEnv, "1")
	if !New(false).Muted() {
		t.Error("KHAMSIN_MUTE must silence the game")
	}
}

// Issue 10: every cue (dice, small arms, guns, engines) is synthesised,
// audible, within [-1, 1], of a sensible length, and different from the
// others; the player's mute key silences them without touching the device.
func TestSynthCues(t *testing.T) {
	cues := synthCues()
	lens := map[Cue][2]int{CueDice: {200, 500}, CueSmallArms: {400, 1200}, CueGun: {500, 1500}, CueEngine: {800, 2000}}
	for c := Cue(0); c < numCues; c++ {
		b := cues[c]
		frames := len(b) / 8
		ms := frames * 1000 / soundRate
		if r := lens[c]; ms < r[0] || ms > r[1] {
			t.Errorf("%v: %d ms, want %d–%d", c, ms, r[0], r[1])
		}
		peak, energy := 0.0, 0.0
		for i := 0; i < frames; i++ {
			v := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i*8:])))
			if r := math.Float32frombits(binary.LittleEndian.Uint32(b[i*8+4:])); float64(r) != v {
				t.Fatalf("%v: channels differ at %d", c, i)
			}
			peak = math.Max(peak, math.Abs(v))
			energy += v * v
		}
		if peak < 0.05 || peak > 1 {
			t.Errorf("%v: peak %v", c, peak)
		}
		for d := c + 1; d < numCues; d++ {
			if string(cues[d]) == string(b) {
				t.Errorf("%v and %v are the same sound", c, d)
			}
		}
	}
	s := New(true)
	s.SetOff(true)
	if !s.Off() {
		t.Error("SetOff ignored")
	}
	s.Play(CueGun) // silent, must not block
	var none *Player
	none.Play(CueDice)
}
