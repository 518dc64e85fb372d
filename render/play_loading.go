package render

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"khamsin/engine/game"
	"khamsin/render/raster"
	"khamsin/render/ui"
)

// playLoading is what `khamsin play` shows while the map is painted: the
// window opens at once on the game's title, the rasteriser runs in the
// background (started after the first frame, so it does not take the
// cores the GL driver needs to start), and the play scene takes over when
// the layers are ready. The menu's games load the same way behind its
// "Preparing…" line.
type playLoading struct {
	g     *game.Game
	opts  PlayOptions
	src   ui.InputSource
	hud   *ui.HUD
	ch    chan *raster.Layers
	ticks int
	w, h  int
}

func newPlayLoading(g *game.Game, opts PlayOptions, src ui.InputSource) (*playLoading, error) {
	h, err := ui.NewHUD()
	if err != nil {
		return nil, err
	}
	return &playLoading{g: g, opts: opts, src: src, hud: h}, nil
}

// Update starts the painting on the second tick and hands over to the
// play scene once it is done.
func (l *playLoading) Update(ctx *ui.Context) error {
	l.ticks++
	l.w, l.h = ctx.Width, ctx.Height
	if ctx.Scale > 0 {
		l.hud.SetScale(ctx.Scale)
	}
	if l.ticks == 2 {
		l.ch = make(chan *raster.Layers, 1)
		hs := ui.ViewHexSize(l.g.Map, l.opts.HexSize, 0)
		go func(ch chan *raster.Layers) {
			ch <- raster.Rasterize(l.g.Map, raster.Style{HexSize: hs, Margin: int(math.Ceil(hs / 2))})
			ui.Wake()
		}(l.ch)
	}
	if l.ch == nil {
		return nil
	}
	select {
	case ls := <-l.ch:
		if ls == nil || ls.Terrain == nil {
			return fmt.Errorf("play: the rasteriser returned no terrain layer")
		}
		board := ui.NewMapSceneFrom(l.g.Map, ls, l.hud, playKeymap())
		board.Upload(ls)
		ctx.GoTo(newPlayScene(l.g, l.opts, l.src, board, l.hud))
	default:
	}
	return nil
}

// Draw shows the game's title and what is being prepared.
func (l *playLoading) Draw(screen *ebiten.Image) {
	screen.Fill(ui.Backdrop)
	if l.w == 0 {
		return
	}
	w, h := float64(l.w), float64(l.h)
	u := l.hud.U
	title := "KHAMSIN"
	ui.DrawText(screen, title, l.hud.Title, (w-text.Advance(title, l.hud.Title))/2, h/2-u(60), ui.Accent)
	sub := l.g.Scn.Title
	ui.DrawText(screen, sub, l.hud.Status, (w-text.Advance(sub, l.hud.Status))/2, h/2-u(16), ui.Ink)
	msg := "Painting the desert…"
	ui.DrawText(screen, msg, l.hud.Status, (w-text.Advance(msg, l.hud.Status))/2, h/2+u(16), ui.Dim)
}
