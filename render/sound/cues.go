package sound

import (
	"encoding/binary"
	"math"
)

// Cue is one of the game's sounds, all synthesised here at start-up (no
// sound files): dice, small arms, guns and engines (issue 10).
type Cue int

const (
	CueDice      Cue = iota // dice rattling in a cup: a few dry ticks
	CueSmallArms            // a burst of rifle and machine-gun cracks
	CueGun                  // one heavy gun: a low thump under a noise burst
	CueEngine               // an engine pulling away: a low throbbing rumble
	numCues
)

var cueNames = [numCues]string{"dice", "small arms", "gun", "engine"}

func (c Cue) String() string {
	if c >= 0 && c < numCues {
		return cueNames[c]
	}
	return "cue?"
}

// synthCues renders every cue as stereo float32 PCM at soundRate.
func synthCues() [numCues][]byte {
	var out [numCues][]byte
	out[CueDice] = pcm(synthDice())
	out[CueSmallArms] = pcm(synthSmallArms())
	out[CueGun] = pcm(synthGun())
	out[CueEngine] = pcm(synthEngine())
	return out
}

// noise is a small deterministic white-noise source (xorshift), so the
// cues are the same on every run.
type noise uint32

func (n *noise) next() float64 {
	x := uint32(*n)
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	*n = noise(x)
	return float64(x)/float64(1<<31) - 1
}

func samples(ms int) []float64 { return make([]float64, soundRate*ms/1000) }

// synthDice: five wooden ticks at uneven intervals over 350 ms, each a
// short decaying mix of two tones and a little noise.
func synthDice() []float64 {
	out := samples(350)
	n := noise(7)
	for k, at := range []int{0, 55, 120, 170, 260} {
		start := soundRate * at / 1000
		f := 1500.0 + 230*float64(k%3)
		for i := 0; start+i < len(out) && i < soundRate*40/1000; i++ {
			t := float64(i) / soundRate
			env := math.Exp(-t * 140)
			out[start+i] += 0.22 * env * (math.Sin(2*math.Pi*f*t) + 0.5*math.Sin(2*math.Pi*f*0.43*t) + 0.4*n.next())
		}
	}
	return out
}

// synthSmallArms: eight sharp cracks (noise with a very fast decay and a
// short tail) 70–90 ms apart.
func synthSmallArms() []float64 {
	out := samples(800)
	n := noise(11)
	at := 0
	for k := 0; k < 8; k++ {
		start := soundRate * at / 1000
		for i := 0; start+i < len(out) && i < soundRate*60/1000; i++ {
			t := float64(i) / soundRate
			out[start+i] += 0.35 * (math.Exp(-t*220) + 0.15*math.Exp(-t*35)) * n.next()
		}
		at += 70 + 10*(k%3)
	}
	return out
}

// synthGun: a 55 Hz thump that drops in pitch, under a noise blast
// smoothed by a one-pole low-pass filter, with a long tail.
func synthGun() []float64 {
	out := samples(900)
	n := noise(23)
	lp := 0.0
	phase := 0.0
	for i := range out {
		t := float64(i) / soundRate
		f := 55 + 50*math.Exp(-t*12)
		phase += 2 * math.Pi * f / soundRate
		lp += 0.08 * (n.next() - lp)
		out[i] = 0.6*math.Exp(-t*6)*math.Sin(phase) + 0.9*math.Exp(-t*9)*lp
	}
	return out
}

// synthEngine: a 38 Hz pulse train throbbing at 9 Hz, rising a little in
// pitch as it pulls away, fading in and out over 1.2 s.
func synthEngine() []float64 {
	out := samples(1200)
	n := noise(31)
	lp := 0.0
	phase := 0.0
	d := float64(len(out)) / soundRate
	for i := range out {
		t := float64(i) / soundRate
		f := 38 + 14*t/d
		phase += 2 * math.Pi * f / soundRate
		saw := 2*math.Mod(phase/(2*math.Pi), 1) - 1
		lp += 0.05 * (n.next() - lp)
		throb := 0.7 + 0.3*math.Sin(2*math.Pi*9*t)
		env := math.Min(1, t/0.15) * math.Min(1, (d-t)/0.4)
		out[i] = 0.3 * env * throb * (saw + 1.5*lp)
	}
	return out
}

// pcm clips to [-1, 1] and lays the samples out as stereo float32.
func pcm(v []float64) []byte {
	buf := make([]byte, len(v)*8)
	for i, x := range v {
		x = math.Max(-1, math.Min(1, x))
		b := math.Float32bits(float32(x))
		binary.LittleEndian.PutUint32(buf[i*8:], b)
		binary.LittleEndian.PutUint32(buf[i*8+4:], b)
	}
	return buf
}
