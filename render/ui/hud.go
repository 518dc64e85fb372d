package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// HUD draws the viewer's text on top of the map: the status bar, short
// notices and the help overlay. It holds fonts only, no game state. All
// sizes are in device-independent pixels times scale (the monitor's device
// scale factor), so text keeps its size on high-DPI screens.
type HUD struct {
	Reg, Bold                                   *text.GoTextFaceSource
	Scale                                       float64
	Status, Small, Help, HelpKey, Title, Notice *text.GoTextFace
}

// HUD colours (premultiplied) and sizes.
var (
	hudBar    = color.RGBA{16, 13, 10, 255} // dark, opaque: the map never shows through the text
	PanelFill = color.RGBA{20, 16, 12, 236}
	Ink       = color.RGBA{245, 238, 222, 255}
	Dim       = color.RGBA{196, 184, 160, 255}
	Accent    = color.RGBA{255, 205, 96, 255}
	PanelEdge = color.RGBA{150, 120, 70, 255}
)

const (
	PadX        = 12
	PadY        = 7
	hudMaxLines = 3
	LineGap     = 1.25 // line height as a multiple of the font size
	StatusPt    = 16
	SmallPt     = 14
	HelpPt      = 17
	TitlePt     = 22
	hudNoticePt = 17
	hudHelpPad  = 28 // help panel's inner margin
	NoticeTicks = 90
)

func NewHUD() (*HUD, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("hud font: %v", err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, fmt.Errorf("hud font: %v", err)
	}
	h := &HUD{Reg: reg, Bold: bold}
	h.SetScale(1)
	return h, nil
}

// SetScale sizes the fonts for a device scale factor.
func (h *HUD) SetScale(s float64) {
	if s <= 0 {
		s = 1
	}
	if s == h.Scale {
		return
	}
	h.Scale = s
	face := func(src *text.GoTextFaceSource, pt float64) *text.GoTextFace {
		return &text.GoTextFace{Source: src, Size: pt * s}
	}
	h.Status = face(h.Reg, StatusPt)
	h.Small = face(h.Reg, SmallPt)
	h.Help = face(h.Reg, HelpPt)
	h.HelpKey = face(h.Bold, HelpPt)
	h.Title = face(h.Bold, TitlePt)
	h.Notice = face(h.Reg, hudNoticePt)
}

// U converts device-independent pixels to screen pixels.
func (h *HUD) U(v float64) float64 { return v * h.Scale }

// DrawText draws s with its top-left corner at (x,y).
func DrawText(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) {
	if lineCache.draw(dst, s, face, x, y, c) {
		return
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}

func FillRect(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	vector.FillRect(dst, float32(x), float32(y), float32(w), float32(h), c, false)
}

// Wrap breaks s into lines no wider than width, preferring the double
// spaces that separate the parts of a hex summary; at most max lines, the
// last one cut with an ellipsis if needed.
//
// The answers are kept (wrapMemo): the play window wraps the same log and
// status lines every frame and every replay step, and a wrap measures
// every prefix of its line, each of which Ebitengine's text package
// shapes and keeps (512 strings per font, and all of the last 60 ticks'
// beyond that): a replay's log kept 24 MB of shaped prefixes live.
func Wrap(s string, face text.Face, width float64, max int) []string {
	gf, ok := face.(*text.GoTextFace) // a comparable key; other faces are wrapped afresh
	if !ok {
		return wrap(s, face, width, max)
	}
	k := wrapKey{s, gf, gf.Size, width, max}
	wrapMemo.Lock()
	lines, ok := wrapMemo.m[k]
	wrapMemo.Unlock()
	if !ok {
		lines = wrap(s, face, width, max)
		wrapMemo.Lock()
		if wrapMemo.m == nil || len(wrapMemo.m) >= wrapMemoMax {
			wrapMemo.m = map[wrapKey][]string{} // starts over: a few frames' lines come back at once
		}
		wrapMemo.m[k] = lines
		wrapMemo.Unlock()
	}
	return slices.Clone(lines)
}

// wrapKey is one Wrap question.
type wrapKey struct {
	s     string
	face  *text.GoTextFace
	size  float64 // the face's size when asked: a face changed in place is a new question
	width float64
	max   int
}

// wrapMemoMax bounds the answers kept: a replay's whole log is a few
// hundred lines.
const wrapMemoMax = 4096

var wrapMemo struct {
	sync.Mutex
	m map[wrapKey][]string
}

// wrap is Wrap's answer, worked out.
func wrap(s string, face text.Face, width float64, max int) []string {
	if s == "" || text.Advance(s, face) <= width {
		return []string{s}
	}
	var lines []string
	var cur string
	curW := 0.0 // the sum of the advances of cur's words, each with its spaces
	for _, part := range strings.SplitAfter(s, "  ") {
		for _, w := range strings.SplitAfter(part, " ") {
			if w == "" {
				continue
			}
			if cur != "" && wider(cur, curW, w, face, width) {
				lines = append(lines, strings.TrimRight(cur, " "))
				cur, curW = "", 0
			}
			cur += w
			curW += text.Advance(w, face)
		}
	}
	if cur = strings.TrimRight(cur, " "); cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > max {
		last := strings.Join(lines[max-1:], " ")
		lines = append(lines[:max-1], last[:fitWithEllipsis(last, face, width)]+"…")
	}
	return lines
}

// fitWithEllipsis is the length in bytes of the longest prefix of s, cut
// between runes, that fits width with "…" after it (0 if none does). A
// binary search, as a prefix grows with every rune: it measures a few
// prefixes where cutting a rune at a time measured (and had the text
// package shape and keep) up to one per rune.
func fitWithEllipsis(s string, face text.Face, width float64) int {
	cuts := []int{0} // cuts[i]: the byte length of the first i runes
	for i := range s {
		if i > 0 {
			cuts = append(cuts, i)
		}
	}
	cuts = append(cuts, len(s))
	if s == "" {
		cuts = cuts[:1]
	}
	lo, hi := 0, len(cuts)-1 // the empty prefix always does
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if text.Advance(s[:cuts[mid]]+"…", face) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return cuts[lo]
}

// wrapSlack is how near width (px) the sum of a line's word advances
// must come before the line itself is measured: shaping the line whole
// differs from the sum only by kerning across its spaces.
const wrapSlack = 2.0

// wider reports whether cur+w, its trailing spaces cut, is wider than
// width, cur's words summing to curW. The line is shaped whole only near
// the edge: every string measured is shaped and kept by Ebitengine's text
// package, and measuring each prefix of a long line filled its cache
// with long strings (the replay's status bar: 13 MB); words are short
// and come back.
func wider(cur string, curW float64, w string, face text.Face, width float64) bool {
	t := strings.TrimRight(w, " ")
	if t != "" {
		est := curW + text.Advance(t, face)
		if math.Abs(est-width) > wrapSlack {
			return est > width
		}
	}
	return text.Advance(strings.TrimRight(cur+w, " "), face) > width
}

// StatusHeight is the height of the status bar for this many lines.
func (h *HUD) StatusHeight(lines int) float64 {
	return h.U(float64(lines)*StatusPt*LineGap + 2*PadY)
}

// drawStatus draws the bar at the bottom: the hovered hex's summary on the
// left, right-aligned hints (zoom, help key) on the right.
func (h *HUD) drawStatus(dst *ebiten.Image, status, right string, dim bool) {
	w, hgt := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	rw := text.Advance(right, h.Small)
	lines := Wrap(status, h.Status, w-2*h.U(PadX)-rw-h.U(24), hudMaxLines)
	bh := h.StatusHeight(len(lines))
	y0 := hgt - bh
	FillRect(dst, 0, y0, w, bh, hudBar)
	c := Ink
	if dim {
		c = Dim
	}
	for i, l := range lines {
		DrawText(dst, l, h.Status, h.U(PadX), y0+h.U(PadY+float64(i)*StatusPt*LineGap), c)
	}
	// right-hand hint on the bar's last line, baseline-aligned by eye
	DrawText(dst, right, h.Small, w-h.U(PadX)-rw, hgt-h.U(PadY+StatusPt*LineGap-2), Dim)
}

// drawNotice draws a short message at the top centre, fading out.
func (h *HUD) drawNotice(dst *ebiten.Image, msg string, alpha float32) {
	if msg == "" || alpha <= 0 {
		return
	}
	tw := text.Advance(msg, h.Notice)
	w := float64(dst.Bounds().Dx())
	bw, bh := tw+h.U(2*PadX+8), h.U(hudNoticePt*LineGap+2*PadY)
	x, y := (w-bw)/2, h.U(16)
	FillRect(dst, x, y, bw, bh, scaleRGBA(PanelFill, alpha))
	DrawText(dst, msg, h.Notice, x+h.U(PadX+4), y+h.U(PadY), scaleRGBA(Ink, alpha))
}

// scaleRGBA multiplies a premultiplied colour by alpha.
func scaleRGBA(c color.RGBA, a float32) color.RGBA {
	return color.RGBA{uint8(float32(c.R) * a), uint8(float32(c.G) * a), uint8(float32(c.B) * a), uint8(float32(c.A) * a)}
}

// HelpRow is one line of the help overlay: the keys and what they do.
type HelpRow struct{ Keys, What string }

// helpRows builds the help text from the keymap, so it lists the keys
// that really work.
func helpRows(km Keymap) []HelpRow {
	rows := []HelpRow{
		{keysOf(km, ActionZoomIn), "zoom in around the cursor"},
		{keysOf(km, ActionZoomOut), "zoom out around the cursor"},
		{"mouse wheel", "zoom in / out around the cursor"},
		{keysOf(km, ActionPanUp, ActionPanLeft, ActionPanDown, ActionPanRight), "pan"},
		{keysOf(km, ActionDrag), "pan (drag the map)"},
		{keysOf(km, ActionFit), ActionFit.String()},
		{keysOf(km, ActionToggleGrid), ActionToggleGrid.String()},
		{keysOf(km, ActionToggleLabels), ActionToggleLabels.String()},
		{keysOf(km, ActionToggleOutlines), ActionToggleOutlines.String()},
		{"point at a hex", "the status bar shows what it holds"},
		{keysOf(km, ActionLOS), ActionLOS.String() + "; point at another hex for the rules' answer, " + keysOf(km, ActionClose) + " off"},
	}
	for _, a := range []Action{ActionLegend, ActionGoTo, ActionFullscreen, ActionScreenshot} {
		if _, ok := km[a]; ok { // the viewer's own keys
			rows = append(rows, HelpRow{keysOf(km, a), a.String()})
		}
	}
	rows = append(rows, HelpRow{keysOf(km, ActionHelp), ActionHelp.String()},
		HelpRow{keysOf(km, ActionClose), ActionClose.String()},
		HelpRow{keysOf(km, ActionQuit), ActionQuit.String()})
	return rows
}

// keysOf names the keys bound to the actions: with several actions, the
// first key of each, then the second of each, and so on ("↑ ← ↓ →  W A S D").
func keysOf(km Keymap, actions ...Action) string {
	var groups []string
	for i := 0; ; i++ {
		var g []string
		for _, a := range actions {
			names := bindingNames(km[a])
			if i < len(names) {
				g = append(g, names[i])
			}
		}
		if len(g) == 0 {
			break
		}
		groups = append(groups, strings.Join(g, " "))
	}
	sep := ", "
	if len(actions) > 1 {
		sep = "   "
	}
	return strings.Join(groups, sep)
}

func bindingNames(b Binding) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, k := range b.Keys {
		add(KeyName(k))
	}
	for _, r := range b.Runes {
		add(string(r))
	}
	for _, mb := range b.Buttons {
		switch mb {
		case ebiten.MouseButtonLeft:
			add("left drag")
		case ebiten.MouseButtonMiddle:
			add("middle drag")
		case ebiten.MouseButtonRight:
			add("right drag")
		default:
			add(fmt.Sprintf("button %d drag", mb))
		}
	}
	return out
}

var keyNames = map[ebiten.Key]string{
	ebiten.KeyEqual:          "+",
	ebiten.KeyMinus:          "−",
	ebiten.KeyNumpadAdd:      "keypad +",
	ebiten.KeyNumpadSubtract: "keypad −",
	ebiten.KeyNumpad0:        "keypad 0",
	ebiten.KeyArrowLeft:      "←",
	ebiten.KeyArrowRight:     "→",
	ebiten.KeyArrowUp:        "↑",
	ebiten.KeyArrowDown:      "↓",
	ebiten.KeyEscape:         "Esc",
	ebiten.KeySlash:          "/",
	ebiten.KeyEnter:          "Enter",
	ebiten.KeyPageUp:         "PgUp",
	ebiten.KeyPageDown:       "PgDn",
}

// KeyName is how the help overlay names a key.
func KeyName(k ebiten.Key) string {
	if n, ok := keyNames[k]; ok {
		return n
	}
	s := k.String()
	return strings.TrimPrefix(s, "Digit")
}

// helpLayout is the help overlay set at one font size.
type helpLayout struct {
	key, reg, title, small *text.GoTextFace
	pad, gap, lineH, kw    float64
	what                   [][]string // each row's description, wrapped
	w, h                   float64
}

// layoutHelp sets the rows at pt points with descriptions wrapped to fit
// maxW.
func (h *HUD) layoutHelp(rows []HelpRow, title, footer string, pt, maxW float64) helpLayout {
	k := pt / HelpPt
	face := func(src *text.GoTextFaceSource, p float64) *text.GoTextFace {
		return &text.GoTextFace{Source: src, Size: p * k * h.Scale}
	}
	l := helpLayout{key: face(h.Bold, HelpPt), reg: face(h.Reg, HelpPt), title: face(h.Bold, TitlePt), small: face(h.Reg, SmallPt)}
	l.pad, l.gap, l.lineH = h.U(hudHelpPad*k), h.U(28*k), h.U(HelpPt*1.45*k)
	ww := 0.0
	for _, r := range rows {
		l.kw = max(l.kw, text.Advance(r.Keys, l.key))
		ww = max(ww, text.Advance(r.What, l.reg))
	}
	room := maxW - 2*l.pad - l.kw - l.gap
	ww = min(ww, max(room, h.U(80)))
	n := 0
	for _, r := range rows {
		ls := Wrap(r.What, l.reg, ww, 4)
		l.what = append(l.what, ls)
		n += len(ls)
	}
	for _, r := range l.what {
		for _, s := range r {
			ww = max(ww, text.Advance(s, l.reg))
		}
	}
	l.w = max(l.kw+l.gap+ww, text.Advance(title, l.title), text.Advance(footer, l.small)) + 2*l.pad
	l.h = 2*l.pad + h.U(TitlePt*1.6*k) + float64(n)*l.lineH + h.U(12*k+SmallPt*1.4*k)
	return l
}

// DrawHelp draws a keys overlay centred in area (the screen above the
// status bar), its rows wrapped, at the largest font size at which it
// fits, down to 8 pt: the viewer's F1.
func (h *HUD) DrawHelp(dst *ebiten.Image, title, footer string, rows []HelpRow, area image.Rectangle) {
	h.drawHelp(dst, title, footer, rows, area, 8, 0)
}

// HelpScrollPt is the least size DrawHelpScrolled sets the help at: where
// the rows do not fit at it they scroll, rather than shrink to 8 pt type
// that a 640×480 window still cut (the designer's, the game's keys).
const HelpScrollPt = 10.5

// DrawHelpScrolled is DrawHelp down to HelpScrollPt, from row first on
// when even that does not fit (HelpScrollMax bounds first).
func (h *HUD) DrawHelpScrolled(dst *ebiten.Image, title, footer string, rows []HelpRow, area image.Rectangle, first int) {
	h.drawHelp(dst, title, footer, rows, area, HelpScrollPt, first)
}

// helpFit is the help's layout in area at the largest size from HelpPt
// down to minPt at which it fits, and whether it does.
func (h *HUD) helpFit(title, footer string, rows []HelpRow, area image.Rectangle, minPt float64) (helpLayout, bool) {
	aw, ah := float64(area.Dx())-h.U(16), float64(area.Dy())-h.U(16)
	var l helpLayout
	for pt := float64(HelpPt); pt >= minPt; pt -= 0.5 {
		l = h.layoutHelp(rows, title, footer, pt, aw)
		if l.w <= aw && l.h <= ah {
			return l, true
		}
	}
	return l, false
}

// helpRowsRoom is the height the rows have in area when the help scrolls:
// the area less the title and the footer line.
func (l helpLayout) rowsRoom(area image.Rectangle) float64 {
	return float64(area.Dy()) - 2*l.pad - l.lineH*TitlePt*1.6/(HelpPt*1.45) - l.footH()
}

// footH is the footer's line under the rows.
func (l helpLayout) footH() float64 { return l.lineH * (12 + SmallPt*1.4) / (HelpPt * 1.45) }

// HelpScrollMax is the largest first row DrawHelpScrolled starts at in
// area: 0 when the help fits, else the first row from which the rest fit.
func (h *HUD) HelpScrollMax(title, footer string, rows []HelpRow, area image.Rectangle) int {
	l, fits := h.helpFit(title, footer, rows, area, HelpScrollPt)
	if fits {
		return 0
	}
	room, used := l.rowsRoom(area), 0.0
	for i := len(rows) - 1; i >= 0; i-- {
		used += float64(len(l.what[i])) * l.lineH
		if used > room+0.5 {
			return min(i+1, len(rows)-1)
		}
	}
	return 0
}

func (h *HUD) drawHelp(dst *ebiten.Image, title, footer string, rows []HelpRow, area image.Rectangle, minPt float64, first int) {
	l, fits := h.helpFit(title, footer, rows, area, minPt)
	scroll := !fits && minPt > 8
	if scroll {
		first = max(0, min(first, h.HelpScrollMax(title, footer, rows, area)))
	} else {
		first = 0
	}
	sw, sh := float64(dst.Bounds().Dx()), float64(dst.Bounds().Dy())
	x := math.Round(float64(area.Min.X) + (float64(area.Dx())-l.w)/2)
	y := math.Round(float64(area.Min.Y) + max(0, (float64(area.Dy())-l.h)/2))
	x = max(x, float64(area.Min.X))
	FillRect(dst, 0, 0, sw, sh, color.RGBA{0, 0, 0, 90})
	ph := min(l.h, float64(area.Max.Y)-y)
	FillRect(dst, x, y, l.w, ph, PanelFill)
	vector.StrokeRect(dst, float32(x), float32(y), float32(l.w), float32(ph), float32(h.U(2)), PanelEdge, true)
	cy := y + l.pad
	DrawText(dst, title, l.title, x+l.pad, cy, Accent)
	cy += l.lineH * TitlePt * 1.6 / (HelpPt * 1.45)
	bottom := float64(area.Max.Y) - l.pad
	if scroll {
		bottom -= l.footH()
	}
	last := len(rows)
	for i := first; i < len(rows); i++ {
		r := rows[i]
		if cy+float64(len(l.what[i]))*l.lineH > bottom+0.5 {
			if !scroll {
				// a window smaller than the viewer allows: what fits
				DrawText(dst, "… (a larger window shows the rest)", l.reg, x+l.pad, cy, Dim)
				return
			}
			last = i
			break
		}
		DrawText(dst, r.Keys, l.key, x+l.pad, cy, Ink)
		for _, s := range l.what[i] {
			DrawText(dst, s, l.reg, x+l.pad+l.kw+l.gap, cy, Dim)
			cy += l.lineH
		}
	}
	if scroll {
		footer = fmt.Sprintf("keys %d–%d of %d: ↑ ↓, wheel, PgUp PgDn scroll · %s", first+1, last, len(rows), footer)
		DrawText(dst, fitWidth(footer, l.small, l.w-2*l.pad), l.small, x+l.pad, bottom+l.lineH*6/(HelpPt*1.45), Accent)
		return
	}
	DrawText(dst, footer, l.small, x+l.pad, cy+l.lineH*12/(HelpPt*1.45), Dim)
}

// fitWidth is s cut with an ellipsis to width.
func fitWidth(s string, face text.Face, width float64) string {
	if text.Advance(s, face) <= width {
		return s
	}
	return s[:fitWithEllipsis(s, face, width)] + "…"
}
