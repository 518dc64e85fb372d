package ui

import "github.com/hajimehoshi/ebiten/v2"

// What a map scene tells the window that hosts it (render.Window) and
// what a host scene draws of it.

// HoldsLayers marks a scene whose map layers went to the GPU when it
// started: the window hands the CPU copies' memory back.
func (*MapScene) HoldsLayers() {}

// Loading marks the viewer's splash: --frames does not count its ticks.
func (*loadingScene) Loading() {}

// Ticking reports the scene needs ticks with no input: a notice still on
// the screen, or a first Q waiting for the second.
func (s *MapScene) Ticking() bool {
	return s.notice != "" && s.tick-s.noticeAt < NoticeTicks || s.keys.quitAt > 0 && s.tick-s.keys.quitAt <= QuitTicks
}

// DrawLayers fills the screen with the backdrop and draws the map's
// layers that are shown, for a host scene that draws its own marks over
// them.
func (s *MapScene) DrawLayers(screen *ebiten.Image) {
	screen.Fill(Backdrop)
	visible := s.Cam.VisibleWorld(screen.Bounds())
	for i, l := range s.layers {
		if s.show[i] {
			l.draw(screen, &s.Cam, visible)
		}
	}
}

// DrawLOS draws the line-of-sight tool's line and result, if it is on.
func (s *MapScene) DrawLOS(screen *ebiten.Image) { s.los.draw(screen, s) }

// HelpShown reports whether the help overlay is up.
func (s *MapScene) HelpShown() bool { return s.showHelp }

// LayersShown reports which of the layers (terrain, grid, labels,
// outlines) are shown.
func (s *MapScene) LayersShown() [NumViewLayers]bool { return s.show }

// StatusBarHeight is the tallest the status bar gets, in screen pixels.
func (s *MapScene) StatusBarHeight() float64 { return s.hud.StatusHeight(hudMaxLines) }
