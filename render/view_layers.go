package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// viewTile is the largest side of one cached GPU image. Boards rasterised
// at viewer resolution are larger than some GPUs' texture limit (and
// Ebitengine's MaxImageSize is unknown before the game starts), so each
// layer is cut into tiles once, and only the visible tiles are drawn.
const viewTile = 2048

// tiledLayer is one rasterised layer uploaded once as GPU images.
type tiledLayer struct {
	tiles []layerTile
}

type layerTile struct {
	img  *ebiten.Image
	rect image.Rectangle // in world pixels
}

// newTiledLayer uploads src in tiles, skipping fully transparent ones.
// A nil src gives an empty layer.
func newTiledLayer(src *image.RGBA) *tiledLayer {
	l := &tiledLayer{}
	if src == nil {
		return l
	}
	b := src.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += viewTile {
		for x := b.Min.X; x < b.Max.X; x += viewTile {
			r := image.Rect(x, y, x+viewTile, y+viewTile).Intersect(b)
			sub := src.SubImage(r).(*image.RGBA)
			if transparent(sub) {
				continue
			}
			img := ebiten.NewImageWithOptions(image.Rect(0, 0, r.Dx(), r.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
			img.WritePixels(packed(sub))
			l.tiles = append(l.tiles, layerTile{img: img, rect: r})
		}
	}
	return l
}

// packed is the RGBA bytes of img with no row padding.
func packed(img *image.RGBA) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if img.Stride == 4*w {
		return img.Pix[:4*w*h]
	}
	out := make([]byte, 0, 4*w*h)
	for y := 0; y < h; y++ {
		i := y * img.Stride
		out = append(out, img.Pix[i:i+4*w]...)
	}
	return out
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
// camera.
func (l *tiledLayer) draw(dst *ebiten.Image, cam *Camera, visible image.Rectangle) {
	for _, t := range l.tiles {
		if !t.rect.Overlaps(visible) {
			continue
		}
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		op.GeoM.Translate(float64(t.rect.Min.X), float64(t.rect.Min.Y))
		op.GeoM.Concat(cam.GeoM())
		dst.DrawImage(t.img, op)
	}
}
