package render

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

// A muted Sound never opens the device, and a nil Sound is silent too.
func TestSoundMuted(t *testing.T) {
	s := NewSound(true)
	if !s.Muted() {
		t.Error("mute flag ignored")
	}
	s.Click() // must not panic or block
	var none *Sound
	none.Click()
	if !none.Muted() {
		t.Error("nil sound is muted")
	}
	t.Setenv(MuteEnv, "1")
	if !NewSound(false).Muted() {
		t.Error("KHAMSIN_MUTE must silence the game")
	}
}
