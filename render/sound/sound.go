package sound

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// Player plays short cues synthesised in code: no sound files, no decoder.
// It talks to oto directly rather than through ebiten/audio because a
// machine without an audio device must run silently, not fail (brief §7):
// if the device cannot be opened, or --mute or KHAMSIN_MUTE=1 is given,
// every cue is a no-op.
type Player struct {
	mu    sync.Mutex
	ctx   *oto.Context
	ready bool
	muted bool
	off   bool // the player's mute key (Ctrl+M, the menu's Sound button)
	click []byte
	cues  [numCues][]byte
}

const soundRate = 44100

// MuteEnv is the environment variable that silences the game (tests set it).
const MuteEnv = "KHAMSIN_MUTE"

var (
	otoOnce sync.Once // oto allows one context per process
	otoCtx  *oto.Context
	otoErr  error
	otoDone chan struct{}
)

// New opens the audio device in the background. With mute set, or
// KHAMSIN_MUTE non-empty, it never touches the device.
func New(mute bool) *Player {
	s := &Player{click: synthClick(), cues: synthCues(), muted: mute || os.Getenv(MuteEnv) != "" || !audioDevicePresent()}
	if s.muted {
		return s
	}
	otoOnce.Do(func() {
		otoDone = make(chan struct{})
		ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
			SampleRate: soundRate, ChannelCount: 2, Format: oto.FormatFloat32LE,
		})
		if err != nil {
			otoErr = err
			close(otoDone)
			return
		}
		go func() {
			<-ready
			otoCtx = ctx
			otoErr = ctx.Err()
			close(otoDone)
		}()
	})
	go func() {
		<-otoDone
		s.mu.Lock()
		defer s.mu.Unlock()
		if otoErr != nil || otoCtx == nil {
			s.muted = true // no device: stay silent for the session
			return
		}
		s.ctx, s.ready = otoCtx, true
	}()
	return s
}

// Muted reports whether the cues are silent (by choice or for lack of a device).
func (s *Player) Muted() bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.muted
}

// SetOff turns the cues off or back on (the player's mute key); a
// machine without a device stays silent either way.
func (s *Player) SetOff(off bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.off = off
	s.mu.Unlock()
}

// Off reports the player's mute key.
func (s *Player) Off() bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.off
}

// Click plays the short tick used when a layer or the help is toggled.
func (s *Player) Click() {
	if s != nil {
		s.play(s.click)
	}
}

// Play plays one of the game's cues.
func (s *Player) Play(c Cue) {
	if s == nil || c < 0 || c >= numCues {
		return
	}
	s.play(s.cues[c])
}

func (s *Player) play(pcm []byte) {
	if s == nil {
		return
	}
	s.mu.Lock()
	ctx, ok := s.ctx, s.ready && !s.muted && !s.off
	s.mu.Unlock()
	if !ok || len(pcm) == 0 {
		return
	}
	p := ctx.NewPlayer(bytes.NewReader(pcm))
	p.Play()
	go func() { // let the player finish, then free it
		for p.IsPlaying() {
			sleepShort()
		}
		p.Close()
	}()
}

// synthClick is a 45 ms wooden tick: a 1.2 kHz sine under a fast
// exponential decay, with a touch of a lower partial, as stereo float32.
func synthClick() []byte {
	n := soundRate * 45 / 1000
	buf := make([]byte, 0, n*8)
	var b [4]byte
	for i := 0; i < n; i++ {
		t := float64(i) / soundRate
		env := math.Exp(-t * 90)
		v := float32(0.25 * env * (math.Sin(2*math.Pi*1200*t) + 0.4*math.Sin(2*math.Pi*530*t)))
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
		buf = append(buf, b[:]...) // left
		buf = append(buf, b[:]...) // right
	}
	return buf
}

// audioDevicePresent is a cheap look before opening the device: on Linux
// with neither an ALSA device node nor a PulseAudio socket there is nothing
// to open, and trying only makes libasound print errors to the terminal.
func audioDevicePresent() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	if ents, err := os.ReadDir("/dev/snd"); err == nil && len(ents) > 0 {
		return true
	}
	for _, p := range []string{os.Getenv("PULSE_SERVER"), filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), "pulse", "native")} {
		if p == "" || p == "pulse/native" {
			continue
		}
		if _, err := os.Stat(strings.TrimPrefix(p, "unix:")); err == nil {
			return true
		}
	}
	return false
}

func sleepShort() { time.Sleep(20 * time.Millisecond) }
