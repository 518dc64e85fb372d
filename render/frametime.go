package render

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/engine/fileio"
)

// Frame timing (KHAMSIN_FRAMETIME=1): the window's game is wrapped so that
// every Update and Draw is timed, in CPU time of the calling thread where
// the system reports it (Linux) and in wall time, and a summary goes to
// stderr when the window closes. Draw's figure is the CPU Khamsin spends
// building the frame; the GPU's (or a software driver's) work on it is
// not in it. docs/performance.md quotes these figures.

// frameTimingOn is KHAMSIN_FRAMETIME=1.
var frameTimingOn = os.Getenv("KHAMSIN_FRAMETIME") == "1"

// timedGame times a game's Update and Draw.
type timedGame struct {
	g                 ebiten.Game
	upCPU, upWall     []time.Duration
	drawCPU, drawWall []time.Duration
	// a frame is a Draw and the Updates since the last one (what a tick's
	// work costs when the screen changes); a tick gap is the wall time
	// between two Updates' starts, which also holds what Ebitengine does
	// between them (the GPU uploads and the frame's flush)
	frameCPU, frameWall []time.Duration
	pendCPU, pendWall   time.Duration
	gaps                []time.Duration
	lastUp              time.Time
	skip                int // ticks at the start left out (start-up, first uploads)
	ticks, drawn        int
	profPath            string
	prof                *bytes.Buffer
}

// timed wraps g when frame timing is on. With KHAMSIN_CPUPROFILE=FILE as
// well, the whole run is CPU-profiled into FILE (go tool pprof).
func timed(g ebiten.Game) ebiten.Game {
	if !frameTimingOn {
		return g
	}
	t := &timedGame{g: g, skip: 60}
	if path := os.Getenv("KHAMSIN_CPUPROFILE"); path != "" {
		t.profPath, t.prof = path, &bytes.Buffer{}
		if pprof.StartCPUProfile(t.prof) != nil {
			t.prof = nil
		}
	}
	return t
}

func (t *timedGame) Update() error {
	t.ticks++
	// pinned, so the thread whose CPU clock is read stays the same
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, w0 := threadCPU(), time.Now()
	if t.ticks > t.skip+1 {
		t.gaps = append(t.gaps, w0.Sub(t.lastUp))
	}
	t.lastUp = w0
	err := t.g.Update()
	if t.ticks > t.skip && err == nil { // the last tick writes --screenshot's PNG: not a frame's work
		c, w := threadCPU()-c0, time.Since(w0)
		t.upCPU = append(t.upCPU, c)
		t.upWall = append(t.upWall, w)
		t.pendCPU += c
		t.pendWall += w
	}
	if err != nil {
		t.report(os.Stderr)
		if t.prof != nil {
			pprof.StopCPUProfile()
			if werr := fileio.WriteFile(t.profPath, t.prof.Bytes(), 0o644); werr != nil {
				fmt.Fprintln(os.Stderr, "frametime:", werr)
			}
			t.prof = nil
		}
	}
	return err
}

func (t *timedGame) Draw(screen *ebiten.Image) {
	t.drawn++
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, w0 := threadCPU(), time.Now()
	t.g.Draw(screen)
	if t.ticks > t.skip {
		c, w := threadCPU()-c0, time.Since(w0)
		t.drawCPU = append(t.drawCPU, c)
		t.drawWall = append(t.drawWall, w)
		t.frameCPU = append(t.frameCPU, t.pendCPU+c)
		t.frameWall = append(t.frameWall, t.pendWall+w)
	}
	t.pendCPU, t.pendWall = 0, 0
}

func (t *timedGame) Layout(w, h int) (int, int) { return t.g.Layout(w, h) }

// report prints mean, median, 95th percentile and worst of each.
func (t *timedGame) report(w io.Writer) {
	fmt.Fprintf(w, "frametime: %d ticks, %d frames drawn, first %d ticks left out; ms per call (CPU of the main thread; wall)\n", t.ticks, t.drawn, t.skip)
	for _, r := range []struct {
		name      string
		cpu, wall []time.Duration
	}{{"update", t.upCPU, t.upWall}, {"draw", t.drawCPU, t.drawWall}, {"frame", t.frameCPU, t.frameWall}} {
		fmt.Fprintf(w, "frametime: %-6s n=%d  cpu %s  wall %s\n", r.name, len(r.cpu), stats(r.cpu), stats(r.wall))
	}
	fmt.Fprintf(w, "frametime: tick gap n=%d  wall %s (1/60 s when on time)\n", len(t.gaps), stats(t.gaps))
	if path := os.Getenv("KHAMSIN_MEMPROFILE"); path != "" {
		runtime.GC()
		var b bytes.Buffer
		if err := pprof.WriteHeapProfile(&b); err == nil {
			if err := fileio.WriteFile(path, b.Bytes(), 0o644); err != nil {
				fmt.Fprintln(w, "frametime:", err)
			}
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(w, "frametime: Go heap in use %d MB, Go runtime holds %d MB from the OS (%d MB released)\n",
		ms.HeapInuse>>20, (ms.Sys-ms.HeapReleased)>>20, ms.HeapReleased>>20)
}

// stats spells mean/median/p95/max of ds in milliseconds.
func stats(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	var sum time.Duration
	for _, d := range s {
		sum += d
	}
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	return fmt.Sprintf("mean %.2f p50 %.2f p95 %.2f max %.2f", ms(sum/time.Duration(len(s))), ms(s[len(s)/2]), ms(s[len(s)*95/100]), ms(s[len(s)-1]))
}
