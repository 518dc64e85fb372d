package ui

import (
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"khamsin/render/raster"
)

// The viewer's own keys (ViewerKeymap): the map key, go to a hex, full
// screen, a screenshot, and a quit that asks first. Full screen and the
// screenshot need the window, so the scene only asks for them and the
// window does them (WindowRequests).

// QuitTicks is how long a first Q waits for the second (3 s).
const QuitTicks = 180

// maxGoToLen bounds the go-to prompt: the longest hex label is "99GG10".
const maxGoToLen = 8

// viewerKeys holds the state of the viewer's own keys.
type viewerKeys struct {
	quitAt     int  // tick of the first Q; 0: none pending
	legend     bool // the map key is shown
	goTo       bool // the go-to prompt is open
	goToText   string
	fullscreen bool // asks the window to toggle full screen
	shot       bool // asks the window for a screenshot of the next frame
}

// WindowRequests are what the scene asks of the window this tick.
func (s *MapScene) WindowRequests() (fullscreen, shot bool) {
	f, sh := s.keys.fullscreen, s.keys.shot
	s.keys.fullscreen, s.keys.shot = false, false
	return f, sh
}

// Notice posts a short message at the top of the window (the window says
// where a screenshot went).
func (s *MapScene) Notice(msg string) { s.post(msg, s.tick) }

// LegendShown reports whether the map key is on screen.
func (s *MapScene) LegendShown() bool { return s.keys.legend }

// updateViewerKeys handles the viewer's own keys. done: the tick is used
// up (the go-to prompt takes every key while open); quit: leave now.
func (s *MapScene) updateViewerKeys(ctx *Context) (done, quit bool) {
	in := ctx.Input
	if s.keys.goTo {
		s.typeGoTo(in, ctx)
		return true, false
	}
	if in.JustPressed(ActionQuit) {
		if s.keys.quitAt > 0 && ctx.Tick-s.keys.quitAt <= QuitTicks {
			return true, true
		}
		s.keys.quitAt = ctx.Tick
		s.post("Press Q again to quit", ctx.Tick)
		ctx.Sound.Click()
	}
	if in.JustPressed(ActionLegend) {
		s.keys.legend = !s.keys.legend
		if s.keys.legend {
			s.showHelp = false
		}
		ctx.Sound.Click()
	}
	if in.JustPressed(ActionGoTo) {
		s.keys.goTo, s.keys.goToText = true, ""
		s.showHelp, s.keys.legend = false, false
		ctx.Sound.Click()
		return true, false
	}
	if in.JustPressed(ActionFullscreen) {
		s.keys.fullscreen = true
	}
	if in.JustPressed(ActionScreenshot) {
		s.keys.shot = true
	}
	return false, false
}

// ToggleFullscreenKey switches full screen when F11 went down this tick,
// for the game window (menu and play), whose scenes read raw keys.
func ToggleFullscreenKey() {
	if inpututil.IsKeyJustPressed(ebiten.KeyF11) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
}

// typeGoTo edits the go-to prompt: letters and digits join the label,
// Backspace takes one off, Enter goes there, Esc gives up.
func (s *MapScene) typeGoTo(in *Input, ctx *Context) {
	switch {
	case in.KeyJust(ebiten.KeyEscape):
		s.keys.goTo = false
		return
	case in.KeyJust(ebiten.KeyBackspace):
		if n := len(s.keys.goToText); n > 0 {
			s.keys.goToText = s.keys.goToText[:n-1]
		}
		return
	case in.KeyJust(ebiten.KeyEnter) || in.KeyJust(ebiten.KeyNumpadEnter):
		s.keys.goTo = false
		s.goTo(s.keys.goToText, ctx.Tick)
		return
	}
	typed := in.Typed()
	if len(typed) == 0 {
		// no characters came with the keys (an X server without an input
		// method): read the letter and digit keys themselves
		typed = keyChars(in)
	}
	for _, r := range typed {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) && len(s.keys.goToText) < maxGoToLen {
			s.keys.goToText += string(unicode.ToUpper(r))
		}
	}
}

// keyChars are the letters and digits of the keys that went down this
// tick (by their place on a US keyboard, as Ebitengine names keys).
func keyChars(in *Input) []rune {
	var out []rune
	for k := ebiten.KeyA; k <= ebiten.KeyZ; k++ {
		if in.KeyJust(k) {
			out = append(out, 'A'+rune(k-ebiten.KeyA))
		}
	}
	for k := ebiten.KeyDigit0; k <= ebiten.KeyDigit9; k++ {
		if in.KeyJust(k) {
			out = append(out, '0'+rune(k-ebiten.KeyDigit0))
		}
	}
	for k := ebiten.KeyNumpad0; k <= ebiten.KeyNumpad9; k++ {
		if in.KeyJust(k) {
			out = append(out, '0'+rune(k-ebiten.KeyNumpad0))
		}
	}
	return out
}

// goTo centres the view on the hex labelled label (keeping the zoom, but
// at least close enough to read the labels) and outlines it.
func (s *MapScene) goTo(label string, tick int) {
	label = strings.TrimSpace(label)
	if label == "" {
		return
	}
	h, err := s.m.Hex(label)
	if err != nil || !s.m.Contains(h) {
		s.post("no hex "+label+" on this map", tick)
		return
	}
	zoom := s.Cam.Scale()
	if min := s.labelZoom(); zoom < min {
		zoom = min
	}
	s.LookAt(h, zoom)
	s.mark, s.marked = h, true
	s.post("at "+s.m.Label(h), tick)
}

// goToPrompt is the status bar's text while the go-to prompt is open.
func (s *MapScene) goToPrompt() string {
	return "Go to hex: " + s.keys.goToText + "_   (a label such as 26K5, Enter: go, Esc: cancel)"
}

// labelZoom is the least zoom at which the hex labels are readable: below
// it the viewer hides them (board numbers stay, drawn on top).
func (s *MapScene) labelZoom() float64 {
	return minLabelPx * s.ui / raster.LabelSize(s.Pix.Size)
}

// minLabelPx is the smallest hex label, in device-independent pixels,
// the viewer shows.
const minLabelPx = 7

// labelsReadable reports whether the hex labels are shown at this zoom.
func (s *MapScene) labelsReadable() bool { return s.Cam.Scale() >= s.labelZoom()*0.999 }
