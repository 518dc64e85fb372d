package raster

import (
	"image/color"

	"khamsin/hexmap"
)

// rgb is a colour being mixed: straight (not premultiplied) channels in
// 0–255 as float32, so shading can darken, tint and blend without rounding
// at every step.
type rgb struct{ r, g, b float32 }

func hexRGB(v uint32) rgb {
	return rgb{float32(v >> 16 & 0xff), float32(v >> 8 & 0xff), float32(v & 0xff)}
}

// mix blends c towards d by t (0 = c, 1 = d).
func (c rgb) mix(d rgb, t float32) rgb {
	return rgb{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t}
}

// scale multiplies every channel by k (k < 1 darkens).
func (c rgb) scale(k float32) rgb { return rgb{c.r * k, c.g * k, c.b * k} }

// rgba is the opaque 8-bit colour, clamped.
func (c rgb) rgba() color.RGBA {
	return color.RGBA{clamp8(c.r), clamp8(c.g), clamp8(c.b), 255}
}

// alpha is the colour at opacity a (0–1), premultiplied as image.RGBA wants.
func (c rgb) alpha(a float32) color.RGBA {
	return color.RGBA{clamp8(c.r * a), clamp8(c.g * a), clamp8(c.b * a), clamp8(255 * a)}
}

func clamp8(v float32) uint8 {
	i := int32(v + 0.5)
	switch {
	case i < 0:
		return 0
	case i > 255:
		return 255
	}
	return uint8(i)
}

// The board palette. Names say what they paint; the rule numbers are where
// the desert chapter describes the printed art being imitated.
var (
	colFrame       = hexRGB(0x2b2520) // the dark frame round the playing area
	colFrameLine   = hexRGB(0x8a7a62) // thin line where the frame meets the board
	colDesert      = hexRGB(0xe8d5a9) // desert open ground, yellowish-tan (1.1)
	colOpenGround  = hexRGB(0xb9b78e) // Chapter-B open ground, greener khaki-grey (F.2A)
	colHammadaTint = hexRGB(0xcfc3a6) // hammada ground, greyer and stonier (3.1)
	colSand        = hexRGB(0xefc55e) // golden-yellow sand (7.1)
	colSandDot     = hexRGB(0xb48a34) // sand stipple
	colSandEdge    = hexRGB(0xd9a63e) // darker golden rim where sand meets other ground
	colDeir        = hexRGB(0xeedc8e) // yellowish deir interior (4.1)
	colLip         = hexRGB(0xcf9a26) // golden Lip shading (4.2)
	colHillock     = hexRGB(0xc08658) // brown to reddish-brown hillock (6.1)
	colHillockRim  = hexRGB(0x9a5a38) // its reddish outer slope
	colDuneRim     = hexRGB(0xc08a2a) // a high dune's darker golden slope
	colContour     = hexRGB(0x7a5434) // contour line between levels
	colSpeck       = hexRGB(0xa08a62) // faint specks printed on open ground
	colHammadaDot  = hexRGB(0x2a241f) // hammada's black dots (3.1)
	colStoneFill   = hexRGB(0xf0e2bc) // buff interior of hammada stones (3.1)
	colStoneEdge   = hexRGB(0x4a3f33) // their dark outline
	colScrubOlive  = hexRGB(0x8a8a48) // olive scrub clumps (2.1)
	colScrubBrown  = hexRGB(0x8d6e44) // brown scrub clumps (2.1)
	colScrubDark   = hexRGB(0x3a3223) // scrub's black lines and dots
	colWadiBank    = hexRGB(0x8c6c45) // the wadi's sloping banks (5.1)
	colWadiBed     = hexRGB(0xb39066) // the wadi floor
	colWadiPebble  = hexRGB(0x8a6d4a) // gravel on the floor
	colCliff       = hexRGB(0x4f3622) // wadi cliff line and hachures (5.6)
	colCrest       = hexRGB(0xc48d1a) // Dune Crest ridge, darker yellow (7.51)
	colCrestShadow = hexRGB(0x9f6e12) // its slip-face ticks
	colRoad        = hexRGB(0xc4b18e) // unpaved road (9.3)
	colRoadEdge    = hexRGB(0x6b5840)
	colPaved       = hexRGB(0x8a857d) // paved road, darker (11.74)
	colPavedEdge   = hexRGB(0x3d3934)
	colBridge      = hexRGB(0x9d948a) // bridge deck (5.51)
	colStoneWall   = hexRGB(0x9b968c) // stone walls (10.1)
	colWallEdge    = hexRGB(0x3d3934)
	colHedge       = hexRGB(0x4f7c31) // hedges (10.1)
	colHedgeDark   = hexRGB(0x2f4d1d)
	colCactus      = hexRGB(0x78a65a) // cactus hedges and patches (13.3, 13.4)
	colBuilding    = hexRGB(0xb9b3a8) // stone building walls (F.1)
	colRoof        = hexRGB(0xd8d2c6) // flat roof
	colBuildEdge   = hexRGB(0x48423b)
	colShadow      = hexRGB(0x3a2c1e) // drop shadows, drawn translucent
	colDome        = hexRGB(0xf4f0e6) // mausoleum dome (12.44)
	colTent        = hexRGB(0x4a3a2d) // dark Bedouin tents (12.45)
	colTentLight   = hexRGB(0x8a7558)
	colTreeDark    = hexRGB(0x34491f) // tree outlines
	colOrchard     = hexRGB(0x789a45) // orchard trees (F.2)
	colOlive       = hexRGB(0x97a27a) // olive trees, grey-green (13.5)
	colWoods       = hexRGB(0x52703a) // woods canopy (F.2)
	colWoodsLight  = hexRGB(0x6e8d4c)
	colBrush       = hexRGB(0x94ab58) // brush tufts, light green (F.2)
	colBrushDark   = hexRGB(0x5e7534)
	colGrain       = hexRGB(0xdccd7c) // grain field (F.2)
	colGrainLine   = hexRGB(0xb9a452)
	colVine        = hexRGB(0x6a7a36) // vineyard rows (13.6)
	colCrag        = hexRGB(0x9b9184) // crag rocks (F.2)
	colCragDark    = hexRGB(0x4b443c)
	colCragLight   = hexRGB(0xc4bcb0) // their lit faces
	colGrid        = hexRGB(0x2e261d) // hex grid lines and centre dots
	colLabel       = hexRGB(0x2a2219) // hexrow letters and numbers
	colLabelHalo   = hexRGB(0xf4ead2)
	colOutline     = hexRGB(0xc2263a) // overlay outlines
	colOutlineHalo = hexRGB(0xfff6e4)
)

// levelColor is the ground colour of open ground at a base level given in
// half levels: level 0 is the pale desert tan, each level up a darker,
// warmer brown; below level 0 a greyer tan.
func levelColor(half int) rgb {
	steps := [...]rgb{
		colDesert,
		hexRGB(0xd6b485), // level 1
		hexRGB(0xbd9063), // level 2
		hexRGB(0x9d6e45), // level 3
		hexRGB(0x815634), // level 4
		hexRGB(0x684429), // level 5 and up
	}
	if half < 0 {
		return colDesert.mix(hexRGB(0xbdb29a), float32(min(-half, 4))/4)
	}
	i, odd := half/2, half%2 == 1
	if i >= len(steps)-1 {
		return steps[len(steps)-1]
	}
	if odd {
		return steps[i].mix(steps[i+1], 0.5)
	}
	return steps[i]
}

// groundColor is the flat colour under a hex's decorations.
func groundColor(t hexmap.Terrain) rgb {
	base := levelColor(t.Base)
	c := base
	switch t.Cover {
	case hexmap.Open, hexmap.Brush, hexmap.Woods, hexmap.Orchard, hexmap.Crag,
		hexmap.CactusPatch, hexmap.OliveGrove, hexmap.BrokenGround:
		// Chapter-B ground: the hill browns turned greener and greyer.
		c = base.mix(colOpenGround, 0.24)
		if t.Has(hexmap.HalfDesert) {
			c = base.mix(colOpenGround, 0.12) // half desert (F.2): half the tint
		}
	case hexmap.Grain:
		c = base.mix(colGrain, 0.75)
	case hexmap.Vineyard:
		c = base.mix(hexRGB(0xc9b98a), 0.5)
	case hexmap.Citadel:
		c = levelColor(t.Base+2).mix(hexRGB(0xb9a58a), 0.35)
	}
	switch {
	case t.Has(hexmap.Sand):
		c = colSand.mix(base, 0.12)
		if t.Has(hexmap.Deir) && !t.Has(hexmap.Lip) {
			c = colSand.scale(0.93) // D6's darker sand hex (12.421)
		}
	case t.Has(hexmap.Summit):
		c = levelColor(t.Base + 2) // a summit is the colour of a level-1 hill (6.6)
	case t.Has(hexmap.Hillock):
		c = colHillock.mix(base, 0.15)
	case t.Has(hexmap.Deir):
		c = colDeir.mix(base, 0.15)
	case t.Has(hexmap.Hammada):
		c = c.mix(colHammadaTint, 0.55)
	}
	return c
}
