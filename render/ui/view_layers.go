package ui

import (
	"image"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"khamsin/hexmap"
	"khamsin/render/raster"
)

// viewTile is the largest side of one cached GPU image. Boards rasterised
// at viewer resolution are larger than some GPUs' texture limit (and
// Ebitengine's MaxImageSize is unknown before the game starts), so each
// layer is cut into tiles once, and only the visible tiles are drawn.
//
// GPU textures are allocated at power-of-two sizes, so a tile image
// (padding included, see below) is at most viewTile on a side: a 2080-px
// image would cost a 4096-px texture, four times the memory.
const viewTile = 2048

// tileSeamPad is how many texels of its neighbours a tile also holds:
// enough that the mipmaps Ebitengine samples below 100 % (each level
// half the last) keep at least one real texel past the seam.
const tileSeamPad = 16

// tiledLayer is one rasterised layer uploaded once as GPU images.
type tiledLayer struct {
	tiles []layerTile
}

type layerTile struct {
	img  *ebiten.Image
	rect image.Rectangle // in world pixels
	off  image.Point     // where rect's corner is in img (the padding)
}

// newTiledLayer uploads src in tiles, skipping fully transparent ones.
// A nil src gives an empty layer.
//
// Each tile's image holds a few more columns and rows than it covers,
// copied from its neighbours: linear filtering at a zoom that is
// not a whole number blends a tile's last texel with the next one, and
// without the copy that next texel is transparent, so the backdrop shows
// through as a thin line down every tile seam.
func newTiledLayer(src *image.RGBA, tile int) *tiledLayer {
	l := &tiledLayer{}
	for _, r := range TileRects(src, tile) {
		l.upload(src, r)
	}
	return l
}

// sparseTile is the tile size of a layer that is mostly transparent (the
// overlay outlines): small tiles, so that the empty ones are skipped and
// cost no GPU memory.
const sparseTile = 512

// layerTile is the tile size of each view layer.
var LayerTileSize = [NumViewLayers]int{viewTile, viewTile, viewTile, sparseTile}

// TileRects are the rectangles src is cut into for tiles of side tile,
// padding included (a nil src: none).
func TileRects(src *image.RGBA, tile int) []image.Rectangle {
	if src == nil {
		return nil
	}
	return tileRects(src.Bounds(), tile)
}

// tileRects are the tiles of an image with bounds b.
func tileRects(b image.Rectangle, tile int) []image.Rectangle {
	var out []image.Rectangle
	step := tile - 2*tileSeamPad // the image, padding and all, stays a power of two
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			out = append(out, image.Rect(x, y, x+step, y+step).Intersect(b))
		}
	}
	return out
}

// padTile is tile r with its padding, inside an image with bounds b.
func padTile(r, b image.Rectangle) image.Rectangle {
	return image.Rect(r.Min.X-tileSeamPad, r.Min.Y-tileSeamPad, r.Max.X+tileSeamPad, r.Max.Y+tileSeamPad).Intersect(b)
}

// upload makes the GPU image of src's tile r, with its padding, unless
// the tile is fully transparent.
func (l *tiledLayer) upload(src *image.RGBA, r image.Rectangle) {
	padded := padTile(r, src.Bounds())
	sub := src.SubImage(padded).(*image.RGBA)
	if transparent(sub) {
		return
	}
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, padded.Dx(), padded.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
	writeStrips(img, sub)
	l.tiles = append(l.tiles, layerTile{img: img, rect: r, off: r.Min.Sub(padded.Min)})
}

// patch writes src's pixels in r into the tiles of a layer whose whole
// image has bounds world, padding included, and nothing else: an overlay
// edit sends the GPU the part of the map it changed, not the whole map
// (issue 19, "Speed"). A tile left out as transparent is made when src
// draws in it (its pixels outside r are still transparent).
func (l *tiledLayer) patch(src *image.RGBA, r, world image.Rectangle, tile int) {
	r = r.Intersect(src.Rect).Intersect(world)
	if r.Empty() {
		return
	}
	for _, c := range tileRects(world, tile) {
		padded := padTile(c, world)
		w := padded.Intersect(r)
		if w.Empty() {
			continue
		}
		sub := src.SubImage(w).(*image.RGBA)
		i := slices.IndexFunc(l.tiles, func(t layerTile) bool { return t.rect == c })
		if i < 0 {
			if transparent(sub) {
				continue
			}
			img := ebiten.NewImageWithOptions(image.Rect(0, 0, padded.Dx(), padded.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
			l.tiles = append(l.tiles, layerTile{img: img, rect: c, off: c.Min.Sub(padded.Min)})
			i = len(l.tiles) - 1
		}
		t := l.tiles[i]
		writeStrips(t.img.SubImage(w.Sub(c.Min.Sub(t.off))).(*ebiten.Image), sub)
	}
}

// release hands the tiles' GPU memory back.
func (l *tiledLayer) release() {
	for _, t := range l.tiles {
		t.img.Deallocate()
	}
	l.tiles = nil
}

// uploadStrip is how many rows go to the GPU in one write. Ebitengine
// keeps the buffers of its last 32 pixel writes for reuse, so writing a
// whole 2048² tile at once would keep 16 MB per tile alive for good;
// strips keep that pool to a few MB.
const uploadStrip = 32

// writeStrips writes src into img (of src's size, a sub-image or not) a
// strip of rows at a time, each strip packed into one buffer reused for
// the next (Ebitengine copies what it is given).
func writeStrips(img *ebiten.Image, src *image.RGBA) {
	b := src.Rect
	o := img.Bounds().Min
	var buf []byte
	for y := b.Min.Y; y < b.Max.Y; y += uploadStrip {
		r := image.Rect(b.Min.X, y, b.Max.X, min(y+uploadStrip, b.Max.Y))
		sub := src.SubImage(r).(*image.RGBA)
		w, h := r.Dx(), r.Dy()
		var pix []byte
		if sub.Stride == 4*w {
			pix = sub.Pix[:4*w*h]
		} else {
			buf = buf[:0]
			for i := range h {
				k := i * sub.Stride
				buf = append(buf, sub.Pix[k:k+4*w]...)
			}
			pix = buf
		}
		img.SubImage(r.Sub(b.Min).Add(o)).(*ebiten.Image).WritePixels(pix)
	}
}

func transparent(img *image.RGBA) bool {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0 {
				return false
			}
		}
	}
	return true
}

// draw draws the tiles that meet the visible world rectangle through the
// camera. Each tile is drawn as a quad over exactly its own rectangle,
// sampling its padded image, so neighbours never draw twice over the
// same pixels (which would darken translucent layers along the seams).
func (l *tiledLayer) draw(dst *ebiten.Image, cam *Camera, visible image.Rectangle) {
	g := cam.GeoM()
	for _, t := range l.tiles {
		if !t.rect.Overlaps(visible) {
			continue
		}
		w, h := float32(t.rect.Dx()), float32(t.rect.Dy())
		var vs [4]ebiten.Vertex
		for i, c := range [4][2]float32{{0, 0}, {w, 0}, {0, h}, {w, h}} {
			x, y := g.Apply(float64(t.rect.Min.X)+float64(c[0]), float64(t.rect.Min.Y)+float64(c[1]))
			vs[i] = ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: float32(t.off.X) + c[0], SrcY: float32(t.off.Y) + c[1], ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1}
		}
		dst.DrawTriangles(vs[:], tileQuad, t.img, &ebiten.DrawTrianglesOptions{Filter: ebiten.FilterLinear})
	}
}

var tileQuad = []uint16{0, 1, 2, 1, 3, 2}

// TilePixels reads layer i's tiles back from the GPU: each tile's whole
// image, padding included, as an RGBA whose bounds are the world pixels
// it holds. Window tests compare them with a raster; it works only while
// the game runs.
func (s *MapScene) TilePixels(i int) []*image.RGBA {
	var out []*image.RGBA
	for _, t := range s.layers[i].tiles {
		b := t.img.Bounds()
		img := image.NewRGBA(b.Add(t.rect.Min.Sub(t.off)))
		t.img.ReadPixels(img.Pix)
		out = append(out, img)
	}
	return out
}

// NewMapSceneLike sets a scene up on map m, whose boards lie where old's
// do (an overlay moved), drawing old's GPU tiles: Patch then brings them
// up to date where m looks different. The tiles move to the new scene;
// old draws no map after.
func NewMapSceneLike(m *hexmap.Map, old *MapScene, h *HUD, km Keymap) *MapScene {
	if km == nil {
		km = DefaultKeymap()
	}
	s := &MapScene{m: m, Pix: old.Pix, World: old.World, Play: old.Play, hud: h, help: helpRows(km), ui: 1}
	s.boards = raster.BoardBoxes(m, old.Pix)
	for i := range s.layers {
		s.layers[i], old.layers[i] = old.layers[i], &tiledLayer{}
		s.show[i] = true
	}
	return s
}

// Patch writes the part p of the map's layers to the GPU, into the tiles
// it meets and only over p.Rect (p's layers are at the scene's hex size).
func (s *MapScene) Patch(p *raster.Part) {
	if p == nil || p.Layers.Pixels != s.Pix {
		return
	}
	for i, img := range [NumViewLayers]*image.RGBA{p.Layers.Terrain, p.Layers.Grid, p.Layers.Labels, p.Layers.Outlines} {
		s.layers[i].patch(img, p.Rect, s.World, LayerTileSize[i])
	}
}

// Release hands the map's GPU images back (a scene replaced by one of
// other boards); it draws no map after.
func (s *MapScene) Release() {
	for _, l := range s.layers {
		l.release()
	}
}
